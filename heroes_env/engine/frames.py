"""What each slot of a frame holds, per frame kind: the one home of the frame layouts.

A frame is ``FRAME_SIZE`` cells of the state row (``constants.F_*``): ``F_KIND``, ``F_PC`` (the
step its handler runs next), five named context slots (``F_USER``, ``F_TGT``, ``F_CARD``,
``F_AS``, ``F_SUB2``) and five slots ``F_A``..``F_E`` whose meaning depends on the frame kind.
Every use of ``F_A``..``F_E`` (and of a named slot used for something else) goes through the
alias below for its frame kind, so that a reader sees what the cell holds. A frame is pushed
through the helper of its kind at the end (``push_damage(s, source, tgt, card, kind, sub2,
amount, flags)``, ...), which names what each argument fills; ``state.push_frame(s, kind, user,
tgt, card, as, sub2, a, b)`` under them fills ``F_A`` and ``F_B`` from its last two arguments
(the others start at 0).

The steps of each handler's program counter are named beside the handler (``flow/``:
``TURN_*``, ``USE_*``, ...). Plain integers: Numba folds them into the compiled code as it does
every module-level constant, so the names cost nothing at run time.

Frame kinds not listed use only the named slots: FR_GAME (identity mode), FR_TURN (user = whose
turn), FR_DELAYED (user, card, as = 乐不思蜀 / 闪电), FR_DSWORDS (雌雄双股剑: user, tgt),
FR_PINDIAN (拼点: user, tgt, as = the skill asking; F_C/F_D the two cards, ``skills/common.py``).
Skill frames (FR_SKILL) keep their own scratch in ``F_C``/``F_D`` (and, per family, ``F_B``).
"""
from ..fast.jit import njit
from .constants import (
    CARD,
    F_A,
    F_B,
    F_C,
    F_D,
    F_E,
    F_SUB2,
    FR_ASK,
    FR_DAMAGE,
    FR_DELAYED,
    FR_DISCARD,
    FR_DRAFT,
    FR_DSWORDS,
    FR_DYING,
    FR_EFFECT,
    FR_GAME,
    FR_JUDGE,
    FR_JUDGE_PHASE,
    FR_NULLIFY,
    FR_PENDING,
    FR_PICK,
    FR_PINDIAN,
    FR_PLAY,
    FR_SELECT,
    FR_SKILL,
    FR_TRIGGER,
    FR_TURN,
    FR_USE,
    MAX_SEATS,
    MAX_SKILL_SLOTS,
    PC_START,  # noqa: F401  (the step every frame starts at, beside F_PC)
    SEAT,
)
from .state import push_frame

# FR_JUDGE_PHASE (user): the delayed tricks of user's judgement zone, the last placed first
F_JPH_LIMIT = F_A          # stamp (C_ORD) of the delayed trick resolved last; the next is below it

# FR_JUDGE (user = who judges; F_CARD = the judgement card, once revealed): returns the card
F_JUDGE_FOR = F_A          # what is judged: a card kind (K_LIGHTNING, K_EIGHT_DIAGRAM, ...) or
                           # JR_SKILL + skill id (skills/common.py)

# FR_PLAY (user): the play-phase loop; and FR_ASK: the two hand cards chosen for 丈八蛇矛
F_SPEAR1 = F_D             # (FR_SELECT with PUR_SPEAR writes them into the frame below it)
F_SPEAR2 = F_E

# FR_USE (user, card, as = the kind used as, sub2 = the second card of a 丈八蛇矛 杀)
F_USE_FLAGS = F_A          # UF_* flags
F_USE_TGT2 = F_B           # the targets in action order: F_TGT, F_USE_TGT2, F_USE_TGT3
F_USE_TGT3 = F_C
F_USE_VICTIM = F_B         # 借刀杀人: the victim the wielder (F_TGT) must attack (one target only)
F_USE_NTGT = F_D           # number of targets chosen (AOE tricks: number of seats affected)
F_USE_I = F_E              # index of the target being walked (next_target_index)

# FR_EFFECT: one card's effect on one target (user, tgt, card, as, sub2 as in FR_USE)
F_EFF_FLAGS = F_A          # UF_* flags (the use's, plus UF_NO_DODGE for this target)
F_EFF_VICTIM = F_B         # 借刀杀人: the victim
F_EFF_JINKS = F_C          # 杀: 闪 still needed to dodge it
F_EFF_DUEL_TURN = F_C      # 决斗: whose turn to play a 杀 (0 the target, 1 the user)
F_EFF_DUEL_OWED = F_D      # 决斗: 杀 the responder still owes this time (霸王, 女权: two)

# FR_ASK: ask user for a 闪 (as = DK_JINK) or a 杀 (as = DK_SLASH); tgt = the attacker (or the
# 杀's target), card = the context card; returns 1 if one was given
F_ASK_PURPOSE = F_A        # PUR_*
F_ASK_ARMOR = F_B          # DK_JINK: 1 if 八卦阵 may be tried (no 青釭剑)
F_ASK_USE_FLAGS = F_B      # PUR_SKILL_SLASH: the UF_* flags of the 杀 the skill asks for (反击)
F_ASK_TRIED = F_C          # 1 once 八卦阵 (or 朦胧) was tried
F_ASK_NO_LORD = F_SUB2     # 1 once a lord skill (护驾, 激将) was tried and nobody helped

# FR_NULLIFY: the 无懈可击 chain on one trick and target (user, tgt, card, as = the trick's kind);
# returns 1 if the trick is cancelled
F_NUL_COUNT = F_A          # 无懈可击 played so far (odd: cancelled)
F_NUL_NEXT = F_B           # offset (from the current player) of the next seat to ask
F_NUL_SEAT = F_D           # the seat asked now

# FR_DAMAGE: user = source (-1 none), tgt, card, as = the kind dealing it, sub2 = its second card
F_DMG_AMOUNT = F_A         # damage to deal (prevention skills lower it: TP_PREVENT)
F_DMG_FLAGS = F_B          # DF_* flags
F_DMG_ICE_LEFT = F_C       # 寒冰剑: cards still to discard instead of the damage

# FR_DYING: tgt = the dying seat, user = the killer (-1 none)
F_DY_ASKED = F_A           # offset (from the current player) of the seat asked for 桃

# FR_DISCARD (user)
F_DIS_LEFT = F_A           # cards still to discard

# FR_SELECT (user): own cards for a multi-card cost
F_SEL_PURPOSE = F_A        # PUR_SPEAR, PUR_AXE
F_SEL_LEFT = F_B           # cards still to choose
F_SEL_DONE = F_C           # cards chosen so far

# FR_PICK: user picks a card of tgt
F_PICK_PURPOSE = F_A       # PUR_DISMANTLE, PUR_SNATCH, PUR_ICE_SWORD, ...

# FR_TRIGGER: a timing point (user = the seat concerned or -1, tgt, card, as = TP_*,
# sub2 = amount): asks every listening skill in turn
F_TRIG_SEAT = F_A          # seat offset being asked (any-seat points; else 0, then 1 = done)
F_TRIG_SLOT = F_B          # the next skill slot of that seat
F_TRIG_EXTRA = F_C         # the timing point's extra value (passed on to F_SKILL_EXTRA)
F_TRIG_ORG = F_E           # offset of the frame that fired the timing point

# FR_SKILL: one skill at work (user = owner, as = skill id, tgt/card/sub2: the timing point's
# context). F_C, F_D (and F_B where F_SKILL_EXTRA is unused) are the skill's own scratch.
F_SKILL_TP = F_A           # the timing point answered, or one of:
SKILL_NO_TP = -1           # F_SKILL_TP of a skill no timing point started (used actively, in a
                           # response, or on a card loss: registry.run_pending)
SKILL_FROM_PLAY = -2       # F_SKILL_TP of 激将 started from the play phase
F_SKILL_EXTRA = F_B        # the timing point's extra value (TP_DAMAGED: the second card)
F_SKILL_ORG = F_E          # offset of the frame that fired the timing point (skills/common.origin)
# a skill's own scratch slots: a skill module names what it keeps there
# (``F_TUXI_FIRST = F_SKILL_OWN1``); F_SKILL_OWN1 is F_SKILL_EXTRA's slot, free for a skill that
# does not read the timing point's extra value
F_SKILL_OWN1 = F_B
F_SKILL_OWN2 = F_C
F_SKILL_OWN3 = F_D

# FR_SKILL of a lord skill that asks the others (护驾, 激将; skills/lord_ask.py)
F_LORD_PURPOSE = F_B       # the lord's own ask purpose (0: 激将 used in the play phase)
F_LORD_CARD1 = F_C         # the card(s) a helper gave (-1: none, or an 八卦阵 闪)
F_LORD_CARD2 = F_D
F_LORD_NEXT = F_E          # offset (from the current player) of the next seat to ask

# FR_PENDING: a decision saved while card-loss triggers (连营, 枭姬) run (skills/registry.py):
# user = decider, tgt, card, as = kind, sub2 = source
F_PEND_DA = F_A            # its context cells H_DA, H_DB, H_DC
F_PEND_DB = F_B
F_PEND_DC = F_C
F_PEND_DSKILL = F_D        # its H_DSKILL; with no decision saved (user -1): the saved H_RET
F_PEND_RET = F_D
F_PEND_DSKOWNER = F_E      # its H_DSKOWNER

# FR_DRAFT (identity mode; engine/draft.py)
F_DRAFT_SEAT = F_A         # the seat choosing next (0 = the lord)

# FR_DRAFT in mode 3v3 (engine/mode3v3.py)
F_D3_FIRST = F_B           # the team picking first
F_D3_PICKS = F_C           # picks made
F_D3_ASSIGNED = F_D        # heroes assigned to seats

# FR_PINDIAN (拼点; skills/common.py): user = the owner, tgt, as = the skill asking
F_PD_CARD1 = F_C           # the owner's card
F_PD_CARD2 = F_D           # the target's card

# The kind-specific slots that compiled code uses as an index (a seat, a card, a count of seats),
# with their ranges as in ``constants.Layout.take``: a state from outside is checked against them
# (and against every slot's own range, ``constants.FRAME_RANGES``) before it runs
# (``engine/invariants.py``). The "frame" slots hold the offset of a frame below this one (a
# skill's frame may keep scratch below FRAME_BASE there instead).
SLOT_RANGES = (
    (FR_PLAY, "F_SPEAR1", -1, CARD), (FR_PLAY, "F_SPEAR2", -1, CARD),
    (FR_ASK, "F_SPEAR1", -1, CARD), (FR_ASK, "F_SPEAR2", -1, CARD),
    (FR_USE, "F_USE_TGT2", -1, SEAT), (FR_USE, "F_USE_TGT3", -1, SEAT),
    (FR_USE, "F_USE_NTGT", 0, MAX_SEATS), (FR_USE, "F_USE_I", 0, MAX_SEATS),
    (FR_EFFECT, "F_EFF_VICTIM", -1, SEAT),
    (FR_NULLIFY, "F_NUL_NEXT", 0, "H_NP"), (FR_NULLIFY, "F_NUL_SEAT", -1, SEAT),
    (FR_DYING, "F_DY_ASKED", 0, "H_NP"),
    (FR_TRIGGER, "F_TRIG_SEAT", 0, "H_NP"), (FR_TRIGGER, "F_TRIG_SLOT", 0, MAX_SKILL_SLOTS),
    (FR_PENDING, "F_PEND_DSKOWNER", -1, SEAT),
    (FR_DRAFT, "F_DRAFT_SEAT", 0, "H_NP"),
    (FR_PINDIAN, "F_PD_CARD1", -1, CARD), (FR_PINDIAN, "F_PD_CARD2", -1, CARD),
)
FRAME_OFFSET_SLOTS = ((FR_TRIGGER, "F_TRIG_ORG"), (FR_SKILL, "F_SKILL_ORG"))

# ---------------------------------------------------------------- pushing a frame of each kind
# (each returns the new frame's offset; Numba inlines them into their callers' optimised code)
@njit(cache=True)
def push_game(s):
    """FR_GAME: the game of identity mode (core.setup_game)."""
    return push_frame(s, FR_GAME, user=-1, tgt=-1, card=-1, as_kind=0, sub2=-1, a=0, b=0)


@njit(cache=True)
def push_draft(s):
    """FR_DRAFT: the heroes are chosen (F_DRAFT_SEAT from 0, the lord)."""
    return push_frame(s, FR_DRAFT, user=-1, tgt=-1, card=-1, as_kind=0, sub2=-1, a=0, b=0)


@njit(cache=True)
def push_turn(s, seat):
    return push_frame(s, FR_TURN, seat, tgt=-1, card=-1, as_kind=0, sub2=-1, a=0, b=0)


@njit(cache=True)
def push_judge_phase(s, seat, limit):
    """FR_JUDGE_PHASE: seat's delayed tricks, those stamped below limit (F_JPH_LIMIT)."""
    return push_frame(s, FR_JUDGE_PHASE, seat, tgt=-1, card=-1, as_kind=0, sub2=-1, a=limit, b=0)


@njit(cache=True)
def push_play(s, seat):
    return push_frame(s, FR_PLAY, seat, tgt=-1, card=-1, as_kind=0, sub2=-1, a=0, b=0)


@njit(cache=True)
def push_discard(s, seat, count):
    """FR_DISCARD: seat discards count cards (F_DIS_LEFT)."""
    return push_frame(s, FR_DISCARD, seat, tgt=-1, card=-1, as_kind=0, sub2=-1, a=count, b=0)


@njit(cache=True)
def push_delayed(s, seat, card, kind):
    """FR_DELAYED: the delayed trick card (used as kind) in seat's judgement zone takes effect."""
    return push_frame(s, FR_DELAYED, seat, seat, card, kind, sub2=-1, a=0, b=0)


@njit(cache=True)
def push_use(s, user, card, kind, card2, flags):
    """FR_USE: user uses card (and card2, -1: none; 丈八蛇矛) as kind; its targets still to
    choose (F_USE_FLAGS = flags)."""
    return push_frame(s, FR_USE, user, tgt=-1, card=card, as_kind=kind, sub2=card2, a=flags, b=-1)


@njit(cache=True)
def push_effect(s, user, tgt, card, kind, card2, flags, victim):
    """FR_EFFECT: card's effect on tgt (F_EFF_FLAGS = flags, F_EFF_VICTIM = victim)."""
    return push_frame(s, FR_EFFECT, user, tgt, card, kind, card2, flags, victim)


@njit(cache=True)
def push_dswords(s, user, tgt, card, kind):
    """FR_DSWORDS: 雌雄双股剑 of user on tgt."""
    return push_frame(s, FR_DSWORDS, user, tgt, card, kind, sub2=-1, a=0, b=0)


@njit(cache=True)
def push_nullify(s, user, tgt, card, kind):
    """FR_NULLIFY: the 无懈可击 chain on the trick card (of kind) on tgt."""
    return push_frame(s, FR_NULLIFY, user, tgt, card, kind, sub2=-1, a=0, b=0)


@njit(cache=True)
def push_ask(s, seat, source, card, kind, purpose, extra):
    """FR_ASK: ask seat for a 闪 or 杀 (kind DK_JINK / DK_SLASH) against source, for purpose
    (F_ASK_PURPOSE); extra: F_ASK_ARMOR (DK_JINK) or F_ASK_USE_FLAGS (PUR_SKILL_SLASH)."""
    return push_frame(s, FR_ASK, seat, source, card, kind, sub2=-1, a=purpose, b=extra)


@njit(cache=True)
def push_damage(s, source, tgt, card, kind, card2, amount, flags):
    """FR_DAMAGE: source (-1: none) deals amount to tgt with card (and card2) of kind
    (F_DMG_AMOUNT, F_DMG_FLAGS)."""
    return push_frame(s, FR_DAMAGE, source, tgt, card, kind, card2, amount, flags)


@njit(cache=True)
def push_dying(s, killer, seat):
    """FR_DYING: seat is dying (killer: the damage's source, -1 none)."""
    return push_frame(s, FR_DYING, killer, seat, card=-1, as_kind=0, sub2=-1, a=0, b=0)


@njit(cache=True)
def push_select(s, seat, purpose, count):
    """FR_SELECT: seat chooses count of own cards for purpose (F_SEL_PURPOSE, F_SEL_LEFT)."""
    return push_frame(s, FR_SELECT, seat, tgt=-1, card=-1, as_kind=0, sub2=-1, a=purpose, b=count)


@njit(cache=True)
def push_pick(s, seat, tgt, card, kind, purpose):
    """FR_PICK: seat picks a card of tgt for purpose (F_PICK_PURPOSE)."""
    return push_frame(s, FR_PICK, seat, tgt, card, kind, sub2=-1, a=purpose, b=0)


@njit(cache=True)
def push_judge(s, seat, reason):
    """FR_JUDGE: seat judges for reason (F_JUDGE_FOR: a card kind, or JR_SKILL + skill id)."""
    return push_frame(s, FR_JUDGE, seat, tgt=-1, card=-1, as_kind=0, sub2=-1, a=reason, b=0)


@njit(cache=True)
def push_pindian(s, owner, tgt, sk):
    """FR_PINDIAN: owner's 拼点 with tgt, asked by skill sk."""
    return push_frame(s, FR_PINDIAN, owner, tgt, card=-1, as_kind=sk, sub2=-1, a=0, b=0)


@njit(cache=True)
def push_trigger(s, seat, tgt, card, tp, amount):
    """FR_TRIGGER: timing point tp (seat: the seat concerned, -1: any; amount in F_SUB2)."""
    return push_frame(s, FR_TRIGGER, seat, tgt, card, tp, amount, a=0, b=0)


@njit(cache=True)
def push_skill(s, owner, tgt, card, sk, sub2, tp, extra):
    """FR_SKILL: owner's skill sk at work; tp: the timing point answered (F_SKILL_TP, or
    SKILL_NO_TP / SKILL_FROM_PLAY), extra its extra value (F_SKILL_EXTRA)."""
    return push_frame(s, FR_SKILL, owner, tgt, card, sk, sub2, tp, extra)


@njit(cache=True)
def push_pending(s, decider, tgt, card, kind, src, da, db):
    """FR_PENDING: a decision (decider, its context cells) saved while card-loss triggers run
    (skills/registry.suspend_for_pending fills F_PEND_DC, ...)."""
    return push_frame(s, FR_PENDING, decider, tgt, card, kind, src, da, db)
