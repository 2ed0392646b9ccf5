"""Every number the compiled engine shares: state layout, card kinds, zones, frames, decisions,
actions.

A game is one ``int32`` row of ``STATE_SIZE`` cells (a batch is a 2-D array, one game per row).
The row is cut into named blocks; every offset below is a plain module-level int, which Numba
folds into the compiled code as a constant.

Block layout (offsets are cell indices into the row):

=============  =====================================================================
header         ``H_*`` scalars: config, turn, result, pending decision, RNG, counters
cards          ``C_INFO`` packed kind/suit/rank, ``C_LOC`` zone, ``C_ORD`` placement
               stamp, ``C_AS`` kind a card counts as while it lies in a judgement zone
deck           ``D_ORDER``: draw pile, bottom first; the top card is ``D_ORDER[H_NDECK-1]``
seats          ``P_*`` arrays of ``MAX_SEATS`` cells each (field-major)
frames         the frame stack, ``MAX_FRAMES`` records of ``FRAME_SIZE`` cells
events         a ring of the last ``EV_RING`` public-and-private events (for logs)
seating        ``P_POS`` (table position per seat) and ``P_AT`` (seat per position)
history        ``HIST_*``: the public history (engine/history.py): per ordered pair of
               seats, counters of damage, aims, healing, cards given, protection (whole
               game and this round), and a ring of the last public events
=============  =====================================================================

Each layout (the state row, a frame record, a hero record, the game spec, the action space, the
observation) is written as one ordered list of ``NAME = layout.take(size)`` lines (``Layout``):
a field's offset is where the fields before it end, so adding one is one line anywhere in its
list. Adding or moving a field moves every offset after it: saved states, recorded games and
trained nets then no longer fit (``tests/test_layout.py`` pins today's offsets and sizes), which
is why later blocks were appended at the end (seating, history).
"""


class Layout:
    """Consecutive offsets: ``take(size)`` returns the next free offset and reserves ``size`` cells
    (or bits) after it; ``end`` is the first offset after everything taken so far.

    ``take(size, lo, hi)`` also declares the range every one of those cells must lie in (both ends
    included) where compiled code uses it as an index or a count: an int, or a header field's
    name with an optional offset (``"H_NP - 1"``: the value of that field in the same row, less
    one). ``ranges`` lists them (offset, size, lo, hi); ``engine/invariants.py`` checks them when a
    state comes from outside, before compiled code touches it."""

    def __init__(self, start=0):
        self.end = start
        self.ranges = []

    def take(self, size=1, lo=None, hi=None):
        at = self.end
        self.end += size
        if lo is not None or hi is not None:
            self.ranges.append((at, size, INT32_MIN if lo is None else lo,
                                INT32_MAX if hi is None else hi))
        return at

    def named_ranges(self, namespace, prefixes, lo=0):
        """``ranges`` as (name, offset, size, lo, hi), each named by the module-level int of
        namespace whose name starts with one of prefixes and whose value is that offset (offsets
        below lo are looked up among the prefix "H_" only: the header's fields)."""
        out = []
        for at, size, a, b in self.ranges:
            pre = ("H_",) if at < lo else prefixes
            names = [k for k, v in namespace.items()
                     if k.startswith(pre) and type(v) is int and v == at]
            assert len(names) == 1, f"offset {at} is named {names}"
            out.append((names[0], at, size, a, b))
        return tuple(out)


INT32_MIN = -(1 << 31)
INT32_MAX = (1 << 31) - 1
SEAT = "H_NP - 1"            # hi of a seat of this game: 0 .. H_NP - 1 (lo=-1: -1 = none)
CARD = "H_NCARDS - 1"        # hi of a card of this game's deck: 0 .. H_NCARDS - 1
HP_MIN = -128                # HP and max HP the observations hold (a signed byte: obs.py)
HP_MAX = 127
BYTE_MAX = 255               # counters an observation holds in one byte
MAX_ROUNDS_LIMIT = 10_000     # the largest round cap a game may have (Config.max_rounds)


# ---------------------------------------------------------------- sizes
MAX_SEATS = 10
MAX_CARDS = 128          # physical card id slots (the standard deck uses 108)
MAX_FRAMES = 40
EV_RING = 64
EV_SIZE = 4
MAX_SKILL_SLOTS = 4
MAX_OFFER = 5            # hero draft: hero ids offered per seat
HIST_WINDOW = 8          # public history: events in its ring
NUM_HK = 5               # public history: the kinds counted per ordered pair of seats (HK_* below)
NUM_HC = 2               # ... and the classes the current round counts them in (HC_* below)
HIST_PAIRS = MAX_SEATS * MAX_SEATS             # ordered pairs of seats (actor, receiver)
HIST_GAME_BYTES = HIST_PAIRS * NUM_HK          # one byte per counter
HIST_RND_BYTES = HIST_PAIRS * NUM_HC
assert HIST_GAME_BYTES % 4 == 0 and HIST_RND_BYTES % 4 == 0     # whole int32 cells

# ---------------------------------------------------------------- frame records
# a frame is FRAME_SIZE cells: kind, program counter (its step), then cells whose meaning the frame
# kind names (engine/frames.py)
MAX_PC = 255             # a frame's program counter (its handler's named steps)
FRAME_SLOT_MAX = 4095    # |F_A|..|F_E| (seats, cards, counters, flags, stamps, JR_SKILL + skill)
_frame = Layout()
F_KIND = _frame.take(lo=1, hi="NUM_FRAME_KINDS - 1")
F_PC = _frame.take(lo=0, hi=MAX_PC)
PC_START = 0        # the step every frame starts at (state.push_frame, become_frame)
F_USER = _frame.take(lo=-1, hi=SEAT)
F_TGT = _frame.take(lo=-1, hi=SEAT)
F_CARD = _frame.take(lo=-1, hi=CARD)
F_AS = _frame.take(lo=0, hi="MAX_SKILLS - 1")
F_SUB2 = _frame.take(lo=-1, hi=CARD)
F_A = _frame.take(lo=-FRAME_SLOT_MAX, hi=FRAME_SLOT_MAX)
F_B = _frame.take(lo=-FRAME_SLOT_MAX, hi=FRAME_SLOT_MAX)
F_C = _frame.take(lo=-FRAME_SLOT_MAX, hi=FRAME_SLOT_MAX)
F_D = _frame.take(lo=-FRAME_SLOT_MAX, hi=FRAME_SLOT_MAX)
F_E = _frame.take(lo=-FRAME_SLOT_MAX, hi=FRAME_SLOT_MAX)
FRAME_SIZE = _frame.end
FRAME_RANGES = _frame.named_ranges(globals(), ("F_",))
# what a pushed frame's kind-specific slots start with (state.push_frame, become_frame): its
# arguments a and b in the first two, 0 in the others, PUSHED_ZERO to the frame's end
# (engine/frames.py names them per kind)
PUSHED_A = F_A
PUSHED_B = F_B
PUSHED_ZERO = F_C

# ---------------------------------------------------------------- the state row
_row = Layout()
# header
H_NP = _row.take(lo=4, hi=MAX_SEATS)            # number of seats
H_MODE = _row.take(lo=0, hi="MODE_3V3")          # MODE_*
H_PACK = _row.take(lo=0, hi="PACK_CLASSMATES")          # pack id (0 = no-skill characters)
H_FLAGS = _row.take(lo=0, hi="FLAG_AUTOPLAY")         # FLAG_* bits
H_MAX_ROUNDS = _row.take(lo=1, hi=MAX_ROUNDS_LIMIT)
H_SEED = _row.take()
H_RNG = _row.take()           # counter of the counter-based generator
H_CUR = _row.take(lo=0, hi=SEAT)           # seat whose turn it is
H_PHASE = _row.take(lo=0, hi="NUM_PHASES - 1")         # PH_*
H_ROUND = _row.take(lo=0)
H_DONE = _row.take(lo=0, hi=1)          # 1 once the game has ended (any way)
H_RESULT = _row.take(lo=0, hi="RES_TEAM1")        # RES_*
H_WINSEAT = _row.take(lo=-1, hi=SEAT)       # the winning renegade's seat for RES_RENEGADE
H_DECIDER = _row.take(lo=-1, hi=SEAT)       # seat that must decide now, -1 if none
H_DKIND = _row.take(lo=0, hi="NUM_DECISION_KINDS - 1")         # DK_* of the pending decision
H_DCARD = _row.take(lo=-1, hi=CARD)         # decision context: card id (or -1)
H_DSRC = _row.take(lo=-1, hi=SEAT)          # decision context: source seat (or -1)
H_DTGT = _row.take(lo=-1, hi=SEAT)          # decision context: target seat (or -1)
H_DA = _row.take(lo=-1, hi=BYTE_MAX)            # decision context: counters / sub-kind
H_DB = _row.take(lo=-1, hi=BYTE_MAX)
H_DC = _row.take(lo=HP_MIN, hi=HP_MAX)
# return register: a finished child frame leaves its result here
H_RET = _row.take(lo=-FRAME_SLOT_MAX, hi=FRAME_SLOT_MAX)
H_NDECK = _row.take(lo=0, hi="H_NCARDS")         # cards in the draw pile
H_FP = _row.take(lo=0, hi=MAX_FRAMES)            # frames on the stack
H_STAMP = _row.take(lo=0)         # increasing stamp for placement order (judgement zone)
H_NDEC = _row.take(lo=0)          # decisions answered so far (agent and auto-played)
H_NAUTO = _row.take(lo=0)         # decisions auto-played so far
H_TURNS = _row.take(lo=0)         # turns started so far
H_NCARDS = _row.take(lo=0, hi=MAX_CARDS)        # physical cards in this game's deck
# internal error code (0 = none); set instead of raising in compiled code
H_ERR = _row.take(lo=0, hi=0)
H_ANSWER = _row.take(lo=0, hi="NUM_ACTIONS - 1")        # the action answering the pending decision
H_NEV = _row.take(lo=0)           # events written so far (the ring keeps the last EV_RING)
H_RESHUFFLES = _row.take(lo=0)    # times the discard pile became the draw pile
# decision context: the skill asking (SK_* id, 0 = none)
H_DSKILL = _row.take(lo=0, hi="MAX_SKILLS - 1")
H_DSKOWNER = _row.take(lo=-1, hi=SEAT)      # decision context: the seat whose skill it is
# seat privately looking at the cards in Z_LOOK (-1 none)
H_LOOKER = _row.take(lo=-1, hi=SEAT)
# cards the current draw phase will draw (skills change it)
H_DRAWN = _row.take(lo=0, hi=MAX_CARDS)
H_PEND = _row.take(lo=0)         # card-loss triggers waiting to be asked (sum of P_PEND)
# 1 while heroes are being chosen (non-lord picks hidden until all are made)
H_DRAFT = _row.take(lo=0, hi=1)
# 1 when the seats have heroes (skills); 0 = no-skill characters
H_HEROES = _row.take(lo=0, hi=1)
# 1 while a card's targets are chosen: its card-loss triggers wait until then
H_HOLD = _row.take(lo=0, hi=1)
H_DECK = _row.take(lo=0, hi="DECK_HEROKILL")          # DECK_*: whose card texts apply
# kind (as used) of the last card the current player used in this turn (K_NONE)
H_LASTKIND = _row.take(lo=0, hi="NUM_KINDS - 1")
# 3v3: bit per seat, has taken its turn in this round
H_ACTED = _row.take(lo=0, hi=(1 << MAX_SEATS) - 1)
# 3v3: the side (team 0/1) whose block it is; before the first block, the side that chooses to act
# first or second
H_SIDE = _row.take(lo=0, hi=1)
# 3v3: 1 while the guards' block runs (the other guard follows), else 0
H_BLOCK = _row.take(lo=0, hi=1)
# 1 once 迁都 moved seats (P_POS/P_AT then differ from the identity)
H_MOVED = _row.take(lo=0, hi=1)
# 1 while a 知心 探囊取物 is aimed (and judged usable): no distance limit
H_NODIST = _row.take(lo=0, hi=1)
HEADER_SIZE = _row.end

# cards
# kind * 64 + suit * 16 + rank ; -1 = no card in this slot
C_INFO = _row.take(MAX_CARDS, lo=-1, hi="NUM_KINDS * 64 - 1")
# Z_* zone code (+ seat for per-seat zones)
C_LOC = _row.take(MAX_CARDS, lo=0, hi="Z_PILE + MAX_SEATS - 1")
C_ORD = _row.take(MAX_CARDS)     # placement stamp (judgement zone order)
# kind the card counts as in a judgement zone
C_AS = _row.take(MAX_CARDS, lo=0, hi="NUM_KINDS - 1")
D_ORDER = _row.take(MAX_CARDS, lo=0, hi=MAX_CARDS - 1)   # draw pile, bottom first

# seats (field-major: MAX_SEATS cells per field)
SEAT_BASE = _row.end
P_HP = _row.take(MAX_SEATS, lo=HP_MIN, hi=HP_MAX)
P_MAXHP = _row.take(MAX_SEATS, lo=0, hi=HP_MAX)
P_ROLE = _row.take(MAX_SEATS, lo=0, hi="NUM_ROLES - 1")
P_ALIVE = _row.take(MAX_SEATS, lo=0, hi=1)
P_HERO = _row.take(MAX_SEATS, lo=-1, hi="MAX_HEROES - 1")
P_GENDER = _row.take(MAX_SEATS, lo=0, hi=2)
P_KINGDOM = _row.take(MAX_SEATS, lo=0, hi="NUM_KINGDOMS - 1")
P_REVEALED = _row.take(MAX_SEATS, lo=0, hi=1)
P_HANDN = _row.take(MAX_SEATS, lo=0, hi="H_NCARDS")
P_WEAPON = _row.take(MAX_SEATS, lo=-1, hi=CARD)      # equipped card id or -1
P_ARMOR = _row.take(MAX_SEATS, lo=-1, hi=CARD)
P_PLUS = _row.take(MAX_SEATS, lo=-1, hi=CARD)        # +1 horse
P_MINUS = _row.take(MAX_SEATS, lo=-1, hi=CARD)       # -1 horse
P_SLASHES = _row.take(MAX_SEATS, lo=0, hi=BYTE_MAX)     # 杀 used as play actions in this play phase
P_TFLAGS = _row.take(MAX_SEATS)      # TF_* per-turn flags
P_KILLS = _row.take(MAX_SEATS)       # statistics: kills
P_DMG = _row.take(MAX_SEATS)         # statistics: damage dealt
# skill ids of the seat's hero (0 = empty slot)
P_SK0 = _row.take(MAX_SEATS, lo=0, hi="MAX_SKILLS - 1")
P_SK1 = _row.take(MAX_SEATS, lo=0, hi="MAX_SKILLS - 1")
P_SK2 = _row.take(MAX_SEATS, lo=0, hi="MAX_SKILLS - 1")
P_SK3 = _row.take(MAX_SEATS, lo=0, hi="MAX_SKILLS - 1")
P_USED = _row.take(MAX_SEATS)        # bit per skill slot: used in this play phase
P_GIVEN = _row.take(MAX_SEATS, lo=0, hi=BYTE_MAX)       # 仁德: cards given away in this play phase
# card-loss triggers waiting: LOSS_HAND, n * LOSS_EQUIP
P_PEND = _row.take(MAX_SEATS, lo=0, hi=BYTE_MAX)
P_MARK = _row.take(MAX_SEATS)        # MK_* bits: public marks skills leave on a seat (observed)
NUM_SEAT_FIELDS = (_row.end - SEAT_BASE) // MAX_SEATS   # (P_POS / P_AT come later in the row)
# hero draft: MAX_OFFER hero ids per seat
OFFER_BASE = _row.take(MAX_SEATS * MAX_OFFER, lo=-1, hi="MAX_HEROES - 1")

# the frame stack, then the event ring
FRAME_BASE = _row.take(MAX_FRAMES * FRAME_SIZE)
EV_BASE = _row.take(EV_RING * EV_SIZE)

# seating (appended after the events when it came, so no other offset moved): per seat its table
# position (迁都 swaps two; starts = seat), and per position the seat sitting there (the inverse)
P_POS = _row.take(MAX_SEATS, lo=0, hi=MAX_SEATS - 1)
P_AT = _row.take(MAX_SEATS, lo=0, hi=MAX_SEATS - 1)

# public history (engine/history.py; appended after the seating, so no other offset moved): one
# byte per counter, the row's cells read as bytes (state.row_bytes; byte offset 4 * cell): for
# each ordered pair of absolute seats (actor * MAX_SEATS + receiver) its NUM_HK counters over the
# whole game and its NUM_HC class counters for the round HIST_RNDNO, each saturating at
# HIST_MAX (so that an observation copies them); then a ring of the last HIST_WINDOW public
# events, one packed cell each (HE_* fields)
STATE_SIZE_BEFORE_HISTORY = _row.end           # the row before the history block came
HIST_GAME = _row.take(HIST_GAME_BYTES // 4)    # whole-game counters: byte pair * NUM_HK + kind
HIST_RND = _row.take(HIST_RND_BYTES // 4)      # current-round counters: byte pair * NUM_HC + class
HIST_RNDNO = _row.take()                       # the H_ROUND the round counters belong to
# next ring slot to write (0..HIST_WINDOW-1)
HIST_POS = _row.take(lo=0, hi=HIST_WINDOW - 1)
# events in the ring (saturates at HIST_WINDOW)
HIST_CNT = _row.take(lo=0, hi=HIST_WINDOW)
HIST_EV = _row.take(HIST_WINDOW)               # the ring: HIST_WINDOW packed events
STATE_SIZE = _row.end
# every ranged field of the row (engine/invariants.py checks them on a state from outside)
ROW_RANGES = _row.named_ranges(globals(), ("C_", "D_", "P_", "OFFER_", "HIST_"), HEADER_SIZE)

# ------------------------------------------------- public history (engine/history.py)
# what every seat saw one seat do to another; counted per ordered pair (actor -> receiver)
HK_DAMAGE = 0        # HP of damage the actor dealt to the receiver
HK_AIM = 1           # harmful cards / skills the actor aimed at the receiver (杀, 决斗, 过河拆桥,
                     # 顺手牵羊, 乐不思蜀, 借刀杀人 (wielder and victim), skills marked "harm" in
                     # skills.csv: 反间, 离间, 刚烈, 突袭, ...), and 无懈可击 that hurt the receiver
HK_HEAL = 2          # HP the actor restored to the receiver (桃, 桃 in its dying, healing skills)
HK_GIVE = 3          # cards the actor gave the receiver (仁德, 遗计: the count only)
HK_PROTECT = 4       # 无懈可击 the actor played for the receiver (cancelling a harmful trick aimed
                     # at it, or restoring a helpful one), and skills marked "protect" (门神)
# (NUM_HK above) the current round counts the kinds in two classes:
HC_HOSTILE = 0       # HK_DAMAGE + HK_AIM
HC_FRIENDLY = 1      # HK_HEAL + HK_GIVE + HK_PROTECT
# (NUM_HC above)
HIST_MAX = 63                                  # counters saturate here
# a packed event of the ring: kind + 1 (0 = empty slot), actor, receiver, card kind (K_NONE for a
# skill), amount (saturating at HE_AMOUNT_MAX); bit offsets
_event = Layout()
HE_KIND_SHIFT = _event.take(3)
HE_ACTOR_SHIFT = _event.take(4)
HE_RECV_SHIFT = _event.take(4)
HE_CARD_SHIFT = _event.take(5)
HE_AMOUNT_SHIFT = _event.take(4)
HE_AMOUNT_MAX = (1 << (_event.end - HE_AMOUNT_SHIFT)) - 1    # 15

# frame kinds
FR_GAME = 1
FR_TURN = 2
FR_JUDGE_PHASE = 3
FR_DELAYED = 4
FR_JUDGE = 5
FR_PLAY = 6
FR_USE = 7
FR_EFFECT = 8
FR_ASK = 9
FR_NULLIFY = 10
FR_DAMAGE = 11
FR_DYING = 12
FR_DISCARD = 13
FR_SELECT = 14
FR_PICK = 15
FR_DSWORDS = 16
FR_SKILL = 17        # one skill at work: user = owner, as = SK_* id, the rest per skill
FR_TRIGGER = 18      # a timing point: asks every listening skill in turn
FR_DRAFT = 19        # the hero draft
FR_PENDING = 20      # card-loss triggers (连营, 枭姬) raised while another decision was pending
FR_PINDIAN = 21      # 拼点: user and tgt each show a hand card; as = the skill asking
                     # (skills/common.py)
# (FR_DRAFT runs the 3v3 draft in mode 3v3: engine/mode3v3.py)
NUM_FRAME_KINDS = 22

# ---------------------------------------------------------------- game spec
# A game's configuration travels into compiled code as one read-only int32 array, the *spec*
# (built by ``heroes_env.config.spec``): everything ``setup_game`` needs, so that adding a
# configuration field never changes a compiled signature. Heroes are content: the spec carries
# the table of every hero the pack may use.
# Hero ids over all packs are 0..OBS_HERO_ROOM-1: the room the observation reserves for heroes
# (the one-hots OS_HERO and OBS_OFFER), so that adding a hero within it never changes the
# observation. Widening it is a new layout (OBS_LAYOUT), which heroes_env/obs_layouts.py migrates
# trained networks to (docs/adding-a-hero.md).
OBS_HERO_ROOM = 128
MAX_HEROES = OBS_HERO_ROOM   # the engine's hero tables hold every id of the room
# per hero in the hero table (engine/content.py): HERO_REC cells of HR_* fields
_hero = Layout()
HR_HP = _hero.take()
HR_GENDER = _hero.take()            # 0 none, 1 male, 2 female
HR_KINGDOM = _hero.take()           # KD_*
HR_LORD_OFFER = _hero.take()        # 1: always offered to the lord (曹操, 刘备, 孙权); -1: never
                                    # the lord
HR_PACK = _hero.take()              # PACK_*
HR_SK = _hero.take(MAX_SKILL_SLOTS)  # up to 4 skill ids (0 = none)
HERO_REC = _hero.end
MAX_SKILLS = 256         # skill ids
_spec = Layout()
G_NP = _spec.take()
G_MAX_ROUNDS = _spec.take()
G_FLAGS = _spec.take()
G_NCARDS = _spec.take()
G_MODE = _spec.take()
G_PACK = _spec.take()
G_HEROSEL = _spec.take()              # HS_*
G_DECKID = _spec.take()               # DECK_*: which deck's card texts apply
G_ROLES = _spec.take(MAX_SEATS)       # the role pool, lord first
G_FIXED = _spec.take(MAX_SEATS)       # fixed line-up hero ids (HS_FIXED)
G_DECK = _spec.take(MAX_CARDS)        # deck_info
SPEC_SIZE = _spec.end
DECK_STANDARD = 0        # 三国杀 texts
DECK_HEROKILL = 1        # 英雄杀 texts where they differ (龙鳞刀 may discard judgement-area cards)
PACK_NONE = 0            # no-skill characters
PACK_STANDARD = 1
PACK_HEROKILL = 2
PACK_CLASSMATES = 3
HS_NONE = 0              # no-skill characters
HS_DRAFT = 1
HS_RANDOM = 2
HS_FIXED = 3

# ---------------------------------------------------------------- config
MODE_IDENTITY = 0
MODE_3V3 = 1
FLAG_AUTOPLAY = 1    # resolve decisions with exactly one legal action without asking

# internal faults (H_ERR; 0 = none), set instead of raising in compiled code; the game is cut
# short (RES_TRUNCATED) and the batch kernels report the code (batch.R_ERR)
FAULT_FRAME_OVERFLOW = 1   # a frame pushed onto a full stack (state.push_frame)
FAULT_NO_FRAME = 2         # the game runs with no frame on the stack (flow.driver.advance)
FAULT_FRAME_KIND = 3       # a frame of no known kind (flow.driver.advance)
FAULT_SKILL_FAMILY = 4     # a skill of no known family (skills.registry.run_skill)
FAULT_RUN_LIMIT = 5        # advance ran MAX_FRAME_RUNS frames without a decision
                           # (flow.driver.advance)
FAULT_NO_LEGAL_ACTION = 6  # a running game asks a decision with no legal action (core)
FAULT_BROKEN_INVARIANT = 7  # a step of a state from outside broke a structural invariant
                            # (invariants.fault_if_broken, after every step of such a game)

# FR_USE / FR_EFFECT flags (frames.F_USE_FLAGS, F_EFF_FLAGS)
UF_PLAY = 1          # a play-phase action: counts towards the 杀 limit, 方天画戟 may add targets
UF_NO_RANGE = 2      # 青龙偃月刀 follow-up: no range check
UF_PRESET = 4        # targets were fixed before the use (借刀杀人, 青龙偃月刀, 激将)
UF_QINGGANG = 8      # armour ignored (青釭剑)
UF_NO_NULLIFY = 16   # cannot be answered with 无懈可击 (离间's 决斗)
UF_RED_SURE = 32     # a red 杀 of this use cannot be dodged: no 闪 is asked (反击)
UF_FROM_HAND = 64    # the card was used from its user's hand (你懂的: ♣ hand cards)
UF_NO_DODGE = 128    # FR_EFFECT of a 杀: it cannot be dodged (柔情's red judgement)
UF_NO_DODGE_T0 = 256  # FR_USE: bit (UF_NO_DODGE_T0 << i): the 杀 cannot be dodged by target i

# FR_DAMAGE flags (frames.F_DMG_FLAGS)
DF_SLASH = 1         # damage of a 杀 to its target, by its user
DF_DUEL = 2

# ---------------------------------------------------------------- phases
PH_NONE = 0
PH_START = 1
PH_JUDGE = 2
PH_DRAW = 3
PH_PLAY = 4
PH_DISCARD = 5
PH_FINISH = 6
NUM_PHASES = 7

# per-turn flags
TF_SKIP_PLAY = 1
TF_SLASHED = 2       # 克己: a 杀 was used or played in this turn's play phase
TF_SLASH_USED = 4    # 隐忍: a 杀 was used (not merely played) in this turn's play phase

# kingdoms / factions
KD_NONE = 0
KD_WEI = 1
KD_SHU = 2
KD_WU = 3
KD_QUN = 4
KD_JUN = 5           # 英雄杀 factions
KD_CHEN = 6
KD_MIN = 7
NUM_KINGDOMS = 8

# P_MARK bits: public per-seat marks of skills (shown in the observation's OS_MARK cells)
NUM_MARKS = 8
MK_MENSHEN = 1 << 0      # 门神: this seat is guarded (杀/决斗 aimed at it go to the guarding 秦琼)
MK_MENSHEN_ON = 1 << 1   # 门神: this seat (秦琼) guards someone until the start of its next turn
MK_XIADAN_WON = 1 << 2     # 侠胆 won this turn: attack range unlimited, two 杀, two targets each
MK_XIADAN_LOST = 1 << 3    # 侠胆 not won this turn: no 杀
MK_YIZHUANG = 1 << 4       # 易装: the seat holds a dead hero's skills, not its own hero's
MK_TURN = MK_XIADAN_WON | MK_XIADAN_LOST   # marks that last until the end of the turn
MK_ZUIJIU = 1 << 5   # 醉酒: he drew only one card; his 杀 and 决斗 deal 2 damage this turn
GENDER_MALE = 1
GENDER_FEMALE = 2

# ---------------------------------------------------------------- roles and results
ROLE_LORD = 0
ROLE_LOYALIST = 1
ROLE_REBEL = 2
ROLE_RENEGADE = 3
ROLE_COMMANDER = 4  # 3v3: 主将 (middle seat of his team)
ROLE_GUARD = 5      # 3v3: 副将
NUM_ROLES = 6
# 3v3 seating: team 0 = seats 0-2 (commander seat 1), team 1 = seats 3-5 (commander seat 4)
TEAM_SIZE = 3
COMMANDER_OFFSET = 1

RES_NONE = 0
RES_LORD = 1        # lord and loyalists win
RES_REBEL = 2       # rebels win
RES_RENEGADE = 3    # the renegade in H_WINSEAT wins alone
RES_DRAW = 4        # both piles empty: nobody wins
RES_TRUNCATED = 5   # round cap reached
RES_TEAM0 = 6       # 3v3: team 0 (seats 0-2) wins: team 1's commander died
RES_TEAM1 = 7       # 3v3: team 1 (seats 3-5) wins

# ---------------------------------------------------------------- suits / colours
SUIT_SPADE = 0
SUIT_HEART = 1
SUIT_CLUB = 2
SUIT_DIAMOND = 3
COLOR_BLACK = 0
COLOR_RED = 1
COLOR_NONE = 2      # e.g. a 杀 made of one red and one black card

# ---------------------------------------------------------------- card kinds (what a card does)
K_NONE = 0
K_SLASH = 1
K_JINK = 2
K_PEACH = 3
K_DUEL = 4
K_DISMANTLE = 5
K_SNATCH = 6
K_SAVAGE = 7
K_ARCHERY = 8
K_EX_NIHILO = 9
K_GOD_SALVATION = 10
K_AMAZING_GRACE = 11
K_COLLATERAL = 12
K_NULLIFICATION = 13
K_INDULGENCE = 14
K_LIGHTNING = 15
K_CROSSBOW = 16
K_DOUBLE_SWORDS = 17
K_QINGGANG = 18
K_ICE_SWORD = 19
K_BLADE = 20
K_SPEAR = 21
K_AXE = 22
K_HALBERD = 23
K_KYLIN_BOW = 24
K_EIGHT_DIAGRAM = 25
K_NIOH_SHIELD = 26
K_HORSE_PLUS = 27
K_HORSE_MINUS = 28
NUM_KINDS = 29

FIRST_WEAPON = K_CROSSBOW
LAST_WEAPON = K_KYLIN_BOW
FIRST_TRICK = K_DUEL
LAST_TRICK = K_LIGHTNING

# ---------------------------------------------------------------- zones
Z_VOID = 0          # card slot unused in this deck
Z_DECK = 1
Z_DISCARD = 2
Z_PROC = 3          # the table: cards being used or judged
Z_AG = 4            # cards revealed by 五谷丰登
Z_LOOK = 5          # cards only H_LOOKER sees (观星, 遗计)
Z_HAND = 10         # + seat
Z_EQUIP = 20        # + seat
Z_JUDGE = 30        # + seat
Z_PILE = 40         # + seat: cards set aside on the seat's hero, face up (不屈 / 红颜劫)

# ---------------------------------------------------------------- decision kinds
DK_NONE = 0
DK_PLAY = 1          # play phase: use a card / an equipment ability, or end the phase
DK_TARGET = 2        # choose a target for the card being used (CONFIRM ends optional extras)
DK_JINK = 3          # use/play a 闪 (or try 八卦阵), or not
DK_SLASH = 4         # play/use a 杀 (or make one with 丈八蛇矛), or not
DK_PEACH = 5         # use a 桃 on the dying character, or not
DK_NULLIFY = 6       # play a 无懈可击, or not
DK_DISCARD = 7       # discard phase: discard one hand card
DK_PICK = 8          # choose one card of another character (hand cards blind)
DK_AG = 9            # 五谷丰登: take one revealed card
DK_CONFIRM = 10      # optional effect: yes (CONFIRM) or no (PASS)
DK_DSWORDS = 11      # 雌雄双股剑 target: discard a hand card, or PASS to let the user draw
DK_SELECT = 12       # choose one of your own cards for a multi-card cost (丈八蛇矛, 贯石斧)
DK_KYLIN = 13        # 麒麟弓: discard one of the target's horses, or not
DK_HERO = 14         # hero draft: choose one of the offered heroes
DK_SKILL_CARD = 15   # a skill asks for a card (H_DSKILL; H_DA = stage; H_DB = SKD_* flags)
DK_SKILL_TARGET = 16  # a skill asks for a seat
DK_SKILL_OPTION = 17  # a skill asks for an option (A_OPTION + OPT_*)
DK_ORDER = 18        # 3v3: go first or second (A_OPTION + OPT_FIRST / OPT_SECOND); H_DB = PUR_*
DK_WHO_ACTS = 19     # 3v3: a commander sends himself or a guard (A_TARGET + relative seat)
NUM_DECISION_KINDS = 20

# H_DB flags of the skill decisions
SKD_PASS = 1         # PASS (decline / stop) is legal
SKD_CONFIRM = 2      # CONFIRM (done choosing) is legal

# what the decision context cells H_DA / H_DB / H_DC hold (post_decision's da, db, dc), per kind
DX_PURPOSE = H_DB        # PUR_* of DK_JINK, DK_SLASH, DK_PICK, DK_CONFIRM, DK_DSWORDS, DK_SELECT,
                         # DK_ORDER
DX_TARGET_KIND = H_DA    # DK_TARGET: the kind the card is used as
DX_TARGET_STAGE = H_DB   # DK_TARGET: targets chosen so far (借刀杀人: 1 = now the victim)
DX_TARGET_FIRST = H_DC   # DK_TARGET: 借刀杀人's wielder, chosen first (else -1)
DX_JINK_ARMOR = H_DA     # DK_JINK: 1 if 八卦阵 may be tried
DX_PEACHES = H_DA        # DK_PEACH: 桃 the dying seat needs (1 - HP)
DX_NUL_KIND = H_DA       # DK_NULLIFY: the kind of the trick
DX_NUL_COUNT = H_DB      # DK_NULLIFY: 无懈可击 played on it so far
DX_DISCARD_LEFT = H_DA   # DK_DISCARD: cards still to discard
DX_SELECT_LEFT = H_DA    # DK_SELECT: cards still to choose
DX_HERO_OFFERED = H_DA   # DK_HERO: heroes to choose from
DX_HERO_ASSIGN = H_DB    # DK_HERO (3v3): 1 while a commander assigns his team's heroes to seats
DX_HERO_INDEX = H_DC     # DK_HERO (3v3): the pick's number, or the seat's place in its team
DX_SKILL_STAGE = H_DA    # DK_SKILL_*: the skill's stage (PD_STAGE: a 拼点 card)
DX_SKILL_FLAGS = H_DB    # DK_SKILL_*: SKD_* flags (a skill's DK_CONFIRM: PUR_SKILL in DX_PURPOSE)
DX_SKILL_EXTRA = H_DC    # DK_SKILL_*: a value the skill passes to its mask

# purposes (H_DB) for DK_SLASH / DK_JINK / DK_SELECT / DK_PICK / DK_CONFIRM
PUR_DUEL = 1
PUR_SAVAGE = 2
PUR_COLLATERAL = 3
PUR_BLADE = 4
PUR_SLASH = 5        # 闪 against 杀
PUR_ARCHERY = 6      # 闪 against 万箭齐发
PUR_SPEAR = 7
PUR_AXE = 8
PUR_DISMANTLE = 9
PUR_SNATCH = 10
PUR_ICE_SWORD = 11
PUR_DSWORDS = 12
PUR_SKILL = 13       # DK_CONFIRM: use the optional skill H_DSKILL?
PUR_LORD = 14        # DK_JINK / DK_SLASH asked of a helper on behalf of the lord (护驾, 激将)
PUR_SKILL_SLASH = 15  # DK_SLASH: a skill lets the responder use a 杀 on the preset target, no
                      # range needed (反击, 朴刀; H_DSKILL names the skill)
PUR_PICK_ORDER = 16  # DK_ORDER: pick heroes first or second (3v3 draft)
PUR_ACT_ORDER = 17   # DK_ORDER: act first or second (3v3)

# ---------------------------------------------------------------- actions: one flat Discrete space
NUM_OPTIONS = 16
NUM_SKILL_SLOTS = 16
NUM_HERO_OFFERS = 16
_action = Layout()
A_PASS = _action.take()                   # end the play phase / decline / let the other side choose
A_CONFIRM = _action.take()                # yes / done choosing extra targets
A_CARD = _action.take(MAX_CARDS)          # + physical card id (own card, or a visible card of
                                          # another character)
A_TARGET = _action.take(MAX_SEATS)        # + seat relative to the deciding seat (0 = self)
A_OPTION = _action.take(NUM_OPTIONS)      # + option index
A_SKILL = _action.take(NUM_SKILL_SLOTS)   # + own skill slot (hero packs)
A_HERO = _action.take(NUM_HERO_OFFERS)    # + index into the offered heroes (draft)
NUM_ACTIONS = _action.end

OPT_HAND = 0         # "a hand card of that character, at random" (hand cards are face down)
OPT_RED = 1          # 反间: name red
OPT_BLACK = 2        # 反间: name black
OPT_LOSE_HP = 3      # 刚烈: lose 1 HP
OPT_DISCARD2 = 4     # 刚烈: discard two hand cards
OPT_SUIT = 5         # + SUIT_*: 攻心 names a suit (5..8)
OPT_FIRST = 14       # DK_ORDER: first (3v3)
OPT_SECOND = 15      # DK_ORDER: second (3v3)

# timing points (skills listen to them; engine/skills/registry.py)
TP_START = 0         # start phase of the owner's turn
TP_DRAW = 1          # draw phase of the owner's turn (before drawing; H_DRAWN may change)
TP_AFTER_DISCARD = 2  # the owner's discard phase has ended
TP_DAMAGED = 3       # the owner took damage and survived
TP_PREVENT = 4       # damage is about to be dealt to anyone (any seat may listen)
TP_RETRIAL = 5       # a judgement card was revealed (any seat may listen)
TP_JUDGED = 6        # the owner's judgement is done, its card still on the table
TP_TARGETED = 7      # the owner was chosen as a target of a 杀
TP_DAMAGE_DONE = 8   # damage was dealt to anyone (any seat may listen; the victim may have died)
TP_SLASH_DODGED = 9  # a 杀 the owner used was dodged (闪 or 八卦阵)
TP_AIMED = 10        # the owner's 杀 has its targets (after TP_TARGETED): one per target (柔情)
NUM_TP = 11

# card-loss triggers (skills.csv ``on_loss``, content.SKILL_LOSS): state._leave raises them in
# P_PEND, registry.run_pending runs the seat's skill that has them
LOSS_HAND = 1        # "hand": his last hand card left (P_PEND bit 0)
LOSS_EQUIP = 16      # "equip": an equipped card of his left (P_PEND counts them, in 16s)

# query points: questions the rules and frames ask of a seat's skills (engine/skills/queries.py):
# query(s, q, seat, value, a, b) passes value through each of seat's skills that answers q.
# "yes" points: value 0 = no. "Which skill" points: 0 or the base id of the skill that answers.
Q_SLASH_UNLIMITED = 0    # may he use any number of 杀 in his play phase?
Q_DISTANCE_FROM = 1      # value: a change to his distance to seat a
Q_DISTANCE_TO = 2        # value: a change to seat a's distance to him
Q_ONE_HORSE = 3          # may he equip only one horse (a new one replaces the other)?
Q_UNTARGETABLE = 4       # can he not be chosen as a target of a card of kind a?
Q_TRICK_NO_DISTANCE = 5  # do his tricks ignore distance?
Q_ANSWERS_NEEDED = 6     # value (1): 闪 his 杀 needs, 杀 his 决斗 opponent plays each time
Q_DUEL_ANSWERS = 7       # value: 杀 seat a owes each time in a 决斗 he used
Q_DUEL_VOID = 8          # is a 决斗 seat a used on him void?
Q_SLASH_DAMAGE = 9       # value: the damage of a 杀 he uses
Q_SKIP_DISCARD = 10      # is his discard phase skipped?
Q_HAND_LIMIT = 11        # value (his HP, at least 0): cards he keeps in his discard phase
Q_JINK_USED = 12         # he used or played a 闪 (an event: queries.notify)
Q_LORD_HP_BONUS = 13     # value (1): the lord's extra max HP
Q_TRICK_SKIPS = 14       # does a trick of kind a with b targets skip him?
Q_TRICK_SKIPPED = 15     # a trick skipped him (an event: queries.notify)
Q_DRAW_ON_TRICK = 16     # does he draw a card when he uses a trick of kind a?
Q_VIRTUAL_DIAGRAM = 17   # which skill is his 八卦阵 (none while he wears armour)?
Q_CARD_IMMUNE = 18       # which skill voids card a (use flags b) on him?
Q_HEAL_ON_DAMAGE = 19    # which skill heals him per point of damage he deals to a at distance b?
Q_JUDGE_SUIT = 20        # value: the suit of judgement card a when he judges
Q_PEACH_TARGET = 21      # may seat a (another seat) use a 桃 on him outside his dying?
Q_RESCUE_BONUS = 22      # which skill heals him, dying, 1 more by a 桃 seat a (not he) uses on him?
Q_OWN_PEACH_BONUS = 23   # does he make seat a's (not his) 桃 on itself, dying, heal 1 more?
Q_TAKES_AIM = 24         # which skill makes a 杀/决斗 seat b aims at seat a (not he) aim at him?
Q_SEAT_DIED = 25         # seat a died (an event: queries.notify, sent to every seat)
Q_MAKES_KIND = 26        # does a skill of his turn cards into cards of kind a in a response?
Q_CONVERTS = 27          # which skill (the first in slot order) turns his card a into kind b?
Q_DUEL_DAMAGE = 28       # value (1): the damage of a 决斗 seat a used that he wins
Q_SLASH_BLOCKED = 29     # may he not use 杀 as a play action?
Q_SLASH_LIMIT = 30       # value (1): 杀 he may use as play actions in this play phase
Q_ATTACK_RANGE = 31      # value (his weapon's, else 1): his attack range
Q_SLASH_TARGETS = 32     # value (1): targets his play-phase 杀 may take (方天画戟 aside)
NUM_QUERIES = 33

# ---------------------------------------------------------------- events (log ring)
# An event is four cells: kind, a, b, c (``state.log_event``). It is the log only: observations
# read the public history (``engine/history.py``), never these cells.
#
# Some cells add a detail to their value (a seat or a card, -1 none): the cell holds
# value + EV_DETAIL * detail (``state.ev_pack``; ``labels.ev_unpack``), detail >= 0, and a detail
# of 0 (none) leaves the value as it is.
EV_DETAIL = 256
# A cause, in a detail: what moved a card or made it another kind: a card kind (K_DISMANTLE,
# K_ICE_SWORD, K_SPEAR, ...), or CAUSE_SKILL + a skill's own id (武穆, not the 龙胆 it runs).
# FR_JUDGE's reason is coded the same way (skills/common.JR_SKILL).
CAUSE_SKILL = 1000
CAUSE_NONE = 0
# A conversion, in a detail: a card used (or played) as another kind, as_kind + CONV_SPAN * cause
CONV_SPAN = 64
assert NUM_KINDS <= CONV_SPAN
# EV_DISCARD's detail: 2 * cause + DISCARD_TAKEN when the seat of c chose the card (过河拆桥,
# 寒冰剑, 麒麟弓), + 0 when its owner discarded it for that seat's card or skill (雌雄双股剑, 刚烈)
DISCARD_TAKEN = 1
EV_SKILL_SILENT = -2  # EV_SKILL's c: no line of its own (the next event tells it: 观星's order, a
                      # conversion, which the card's use names)

EV_TURN = 1          # a=seat
EV_USE = 2           # a=user (detail: its second card + 1, 丈八蛇矛), b=card (-1: none, 离间's
                     # 决斗), c=target (-1 none; detail: the conversion: as_kind + CONV_SPAN *
                     # cause)
EV_RESPOND = 3       # a=seat, b=card (played/used in response), c=its second card (-1 none; detail:
                     # the conversion) or, for 八卦阵 (b the armour), 1
EV_DAMAGE = 4        # a=source (-1), b=target, c=amount
EV_HEAL = 5          # a=seat, b=amount
EV_DYING = 6         # a=seat
EV_DEATH = 7         # a=seat, b=killer (-1), c=role
EV_DRAW = 8          # a=seat, b=card
EV_DISCARD = 9       # a=seat whose card it was, b=card, c=the seat that caused it (-1: its own
                     # discard; detail: 2 * cause + DISCARD_TAKEN if that seat chose the card)
EV_JUDGE = 10        # a=seat, b=card (the judgement card)
EV_GAIN = 11         # a=seat, b=card, c=from seat (-1: from the table; detail: the cause)
EV_EQUIP = 12        # a=seat, b=card
EV_MOVE_DELAYED = 13  # a=to seat, b=card
EV_NULLIFIED = 14    # a=target seat, b=trick card
EV_GAME_OVER = 15    # a=result, b=winning seat
EV_RESHUFFLE = 16    # a=cards in the new pile
EV_SKIP = 17         # a=seat, b=phase
EV_PHASE = 18        # a=seat, b=phase
EV_PREVENT = 19      # a=source, b=target (damage prevented, e.g. 寒冰剑)
EV_ARMOR = 20        # a=seat, b=armor card (its effect applied)
EV_PASS = 21         # a=seat, b=decision kind (declined)
EV_SKILL = 22        # a=seat, b=skill id, c=target seat (-1) : a skill was used
EV_HERO = 23         # a=seat, b=hero id (chosen / assigned)
EV_LOSE_HP = 24      # a=seat, b=amount
EV_GIVE = 25         # a=from seat, b=card, c=to seat (the card is seen by both only)
EV_REVEAL = 26       # a=seat, b=card (shown to everyone)
EV_ROLL = 27         # a=seat (a 3v3 commander), b=number rolled (1-6)
EV_ORDER = 28        # a=seat (3v3 commander), b=PUR_PICK_ORDER / PUR_ACT_ORDER, c=1 first / 2
                     # second
EV_PICK = 29         # a=seat (3v3 commander), b=hero id taken for his team from the pool


# ---------------------------------------------------------------- observation layout
# per relative seat: one block of SEAT_OBS cells
_seat_obs = Layout()
OS_PRESENT = _seat_obs.take()
OS_ALIVE = _seat_obs.take()
OS_HP = _seat_obs.take()
OS_MAXHP = _seat_obs.take()
OS_HANDN = _seat_obs.take()
OS_ROLE = _seat_obs.take(NUM_ROLES)        # role if known to the viewer
OS_CURRENT = _seat_obs.take()
OS_DIST = _seat_obs.take()                 # distance from the viewer (0 for self), scaled /10
OS_IN_RANGE = _seat_obs.take()             # within the viewer's attack range
OS_SLASHES = _seat_obs.take()
OS_ALLY = _seat_obs.take()                 # 3v3: on the viewer's team (the viewer included)
OS_ACTED = _seat_obs.take()                # 3v3: has taken its turn in this round
# one-hot per equipment kind K_CROSSBOW..K_HORSE_MINUS (13 cells)
OS_EQUIP = _seat_obs.take(K_HORSE_MINUS - K_CROSSBOW + 1)
OS_JUDGE = _seat_obs.take(2)               # indulgence, lightning
OS_GENDER = _seat_obs.take(2)              # male, female
OS_KINGDOM = _seat_obs.take(NUM_KINGDOMS)  # one-hot KD_*
OS_USED = _seat_obs.take(MAX_SKILL_SLOTS)  # skill slots used in this play phase
OS_GIVEN = _seat_obs.take()                # 仁德 cards given in this play phase
OS_MARK = _seat_obs.take(NUM_MARKS)        # P_MARK bits 0..NUM_MARKS-1 (public skill marks)
OS_HERO = _seat_obs.take(OBS_HERO_ROOM)    # one-hot hero id, once the viewer may see it
SEAT_OBS = _seat_obs.end
DIST_DIV = 10                              # OS_DIST: distance / DIST_DIV
# one event of OBS_HIST_EVENTS: HIST_EVENT_OBS cells
_event_obs = Layout()
OE_KIND = _event_obs.take(NUM_HK)   # HK_* one-hot (all zero: no event in this slot)
OE_ACTOR = _event_obs.take(4)       # actor's relative seat, 4 binary cells (bit 0 first)
OE_RECV = _event_obs.take(4)        # receiver's relative seat, 4 binary cells
OE_CARD = _event_obs.take(5)        # card kind (K_*, 0 for a skill), 5 binary cells
OE_AMOUNT = _event_obs.take()       # amount * HIST_SCALE (HP, cards; 1 for an aim)
HIST_EVENT_OBS = _event_obs.end
# the observation
_obs = Layout()
OBS_ROLE = _obs.take(NUM_ROLES)                    # own role one-hot
OBS_HAND = _obs.take(MAX_CARDS)                    # own hand, multi-hot by card id (128)
OBS_SEATS = _obs.take(MAX_SEATS * SEAT_OBS)        # per relative seat blocks
OBS_DISCARD = _obs.take(MAX_CARDS)                 # discard pile multi-hot (128)
OBS_TABLE = _obs.take(MAX_CARDS)                   # cards on the table / revealed (128)
OBS_PUBLIC = _obs.take(MAX_CARDS)                  # cards in any equipment/judgement zone (128)
OBS_DKIND = _obs.take(NUM_DECISION_KINDS)          # pending decision kind one-hot (decider only)
OBS_DCARDKIND = _obs.take(NUM_KINDS)               # kind of the context card
OBS_DSRC = _obs.take(MAX_SEATS)                    # context source relative seat
OBS_DTGT = _obs.take(MAX_SEATS)
OBS_DNUM = _obs.take(3)                            # context counters (3)
OBS_PHASE = _obs.take(NUM_PHASES)
OBS_MISC = _obs.take(3)                            # round/100, deck/100, discard/100
MISC_DIV = 100                                     # OBS_MISC cells: count / MISC_DIV
OBS_DSKILL = _obs.take(MAX_SKILL_SLOTS)            # skill slot of the asking skill (of H_DSKOWNER)
OBS_DSKOWNER = _obs.take(MAX_SEATS)                # relative seat owning that skill
OBS_LOOK = _obs.take(MAX_CARDS)                    # cards the viewer is privately looking at (128)
OBS_OFFER = _obs.take(OBS_HERO_ROOM)               # heroes offered to the viewer in the draft
# public history (appended after everything above, so no earlier offset moved)
HIST_DIV = 10                                      # counters are observed as count / HIST_DIV
HIST_SCALE = 1 / HIST_DIV                          # (= 0.1: count * HIST_SCALE, the same float32)
OBS_HIST_GAME = _obs.take(MAX_SEATS * MAX_SEATS * NUM_HK)     # [actor rel][receiver rel][HK_*],
                                                              # whole game
OBS_HIST_ROUND = _obs.take(MAX_SEATS * MAX_SEATS * NUM_HC)    # this round: [ra][rb][HC_*]
OBS_HIST_EVENTS = _obs.take(HIST_WINDOW * HIST_EVENT_OBS)     # last events, newest first
OBS_SIZE = _obs.end
# the layout's version, recorded with trained networks (heroes_env/obs_layouts.py: the older ones)
OBS_LAYOUT = 3
