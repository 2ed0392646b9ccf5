"""What the heuristic's rules share: the memory and view layouts, the content tables, the decoded
view of an observation and the judgements every rule reads (sides, card values, target values).

The kernels (``heuristic_kernels``) decode an observation into ``V`` (int64 scalars and per-seat
fields at the ``V_*`` / ``VP_*`` offsets of the ``VIEW`` layout), ``EQ`` (equipment per seat),
``SKS`` (base skill ids per seat), ``H`` (hostility per relative seat) and ``VAL`` (value of each
own hand card); a decision's rules get them together as one ``Decision``. The slot's memory
``MF`` is laid out by ``MEM``: the fields here, then those the skill modules take
(``heuristic_skills``); ``heuristic_kernels.MF_SIZE`` is its size once they are imported.

What a skill changes in these judgements (a seat a card cannot target, a distance, ...) is read
from the skills' traits (``heuristic_skills.traits``), never by naming a skill here.
"""
from __future__ import annotations

import math
from collections import namedtuple

import numpy as np

from heroes_env import cards as _cards
from heroes_env.engine import constants as C
from heroes_env.engine import content
from heroes_env.engine import state as _state
from heroes_env.engine.constants import Layout
from heroes_env.fast.jit import njit

from .heuristic_skills import traits
from .view import deck_table, hero_skills, role_counts

LORD, LOYALIST, REBEL, RENEGADE = C.ROLE_LORD, C.ROLE_LOYALIST, C.ROLE_REBEL, C.ROLE_RENEGADE
COMMANDER, GUARD = C.ROLE_COMMANDER, C.ROLE_GUARD
NS = C.MAX_SEATS
NEQ = C.K_HORSE_MINUS - C.K_CROSSBOW + 1      # the observation's equipment kinds (OS_EQUIP)
NONE = -1                      # "this rule has nothing to say"
SELF_WORTH = -1.5              # hostility of oneself

# ---------------------------------------------------------------- memory layout (per slot)
MEM = Layout()                 # MF: float64 cells of one slot
M_INIT = MEM.take()            # 1 once the slot has seen this game
M_DECK = MEM.take()            # deck index assumed
M_N = MEM.take()               # players
M_PREV_ROUND = MEM.take()
M_PREV_CUR = MEM.take()
M_HAS_PREV = MEM.take()        # prev_hp / prev_alive hold the last observation
M_HAS_CTX = MEM.take()
NUM_CTX = 8
M_CTX = MEM.take(NUM_CTX)      # the last decision context seen
M_LOYAL = MEM.take(NS)         # evidence per relative seat (+ lord side, - rebels)
M_PREV_HP = MEM.take(NS)
M_PREV_ALIVE = MEM.take(NS)
# (the skill modules take their own cells after these)

GEN = Layout()                 # MI: int64 cells of one slot
MI_STATE = GEN.take()          # the tie-break generator's state (MINSTD)
MI_SEEDED = GEN.take()         # 1 once seeded
MI_SIZE = GEN.end
RNG_MOD = 2147483647

# ---------------------------------------------------------------- the decoded view (V)
VIEW = Layout()
V_N = VIEW.take()
V_ROLE = VIEW.take()
V_CUR = VIEW.take()
V_DK = VIEW.take()
V_DCK = VIEW.take()
V_DSRC = VIEW.take()
V_DTGT = VIEW.take()
V_DNUM = VIEW.take(3)
V_PHASE = VIEW.take()
V_ROUND = VIEW.take()
V_NDECK = VIEW.take()
V_NDISC = VIEW.take()
V_DSLOT = VIEW.take()
V_DSKOWN = VIEW.take()
V_LORD = VIEW.take()
V_TEAM = VIEW.take()
V_DECK = VIEW.take()
V_NHAND = VIEW.take()
V_NTABLE = VIEW.take()
V_DSIZE = VIEW.take()
V_NLEGAL = VIEW.take()
# per relative seat, NS cells each (VP_: the view's pieces, not the engine's state offsets C.P_*)
VP_ALIVE = VIEW.take(NS)
VP_HP = VIEW.take(NS)
VP_MAXHP = VIEW.take(NS)
VP_HANDN = VIEW.take(NS)
VP_KROLE = VIEW.take(NS)
VP_DIST = VIEW.take(NS)
VP_INRANGE = VIEW.take(NS)
VP_GENDER = VIEW.take(NS)
VP_GIVEN = VIEW.take(NS)
VP_HERO = VIEW.take(NS)
VP_INDUL = VIEW.take(NS)
VP_LIGHT = VIEW.take(NS)
VP_ALLY = VIEW.take(NS)
VP_WEAPON = VIEW.take(NS)
VP_ARMOR = VIEW.take(NS)
VP_IMMUNE = VIEW.take(NS)        # card kinds (bits) its skills make it immune to (traits.IMMUNE)
VP_IMMUNE_EMPTY = VIEW.take(NS)  # ... while its hand is empty (traits.IMMUNE_EMPTY_HAND)
V_HAND = VIEW.take(C.MAX_CARDS)    # hand card ids (V_NHAND of them)
V_TABLE = VIEW.take(C.MAX_CARDS)   # table card ids (V_NTABLE of them)
V_SIZE = VIEW.end

# target scores (best_target's code)
(TS_SLASH, TS_DUEL, TS_TAKE, TS_INDUL, TS_H, TS_NEG_H, TS_WIELDER, TS_VICTIM, TS_PEACH,
 TS_FALLBACK) = range(10)

# the static content act_one reads, built once by tables()
Tables = namedtuple("Tables", [
    "decks",       # [D, 4, MAX_CARDS] kind / suit / rank / colour per physical card id
    "deck_size",   # [D] cards per deck
    "hero_sk",     # [MAX_HEROES, 2, MAX_SKILL_SLOTS] base skill ids without / with lord skills
    "hscore",      # [MAX_HEROES, 2] draft score as a seat / as the lord
    "counts",      # [MAX_SEATS + 1, NUM_ROLES] the role counts per player count
])
# one heuristic agent as the kernels see it
Player = namedtuple("Player", [
    "base_seed",     # seeds each slot's tie-break generator (with the slot's key)
    "evidence",      # the evidence rules (EV_* bits)
    "default_deck",  # deck index when the card count does not tell
    "tables",        # Tables
])
# one decision's inputs, as the rules read them
Decision = namedtuple("Decision", [
    "o",     # the observation (float32)
    "m",     # the legal-action mask
    "V",     # the decoded view (V_* / VP_*)
    "EQ",    # [NS, NEQ] equipment per relative seat
    "SKS",   # [NS, MAX_SKILL_SLOTS] base skill ids per relative seat
    "H",     # [NS] hostility (> 0 enemy, < 0 friend)
    "K",     # [4, MAX_CARDS] the deck's kind / suit / rank / colour per card id
    "VAL",   # [MAX_CARDS] value of each own hand card
    "MF",    # the slot's memory (MEM)
    "MI",    # the slot's generator (GEN)
])

# ---------------------------------------------------------------- content as arrays
# the engine's equipment tables, as arrays by card kind (its compiled functions run once here)
_weapon_range = getattr(_state.weapon_range, "py_func", _state.weapon_range)
_slot_field = getattr(_state.equip_slot_field, "py_func", _state.equip_slot_field)
_is_equip = getattr(_state.is_equip_kind, "py_func", _state.is_equip_kind)
_is_weapon = getattr(_state.is_weapon_kind, "py_func", _state.is_weapon_kind)
WEAPON_RANGE = np.array([_weapon_range(k) if _is_weapon(k) else 0 for k in range(C.NUM_KINDS)],
                        np.int64)          # 0: not a weapon
IS_ARMOR = np.array([bool(_is_equip(k)) and _slot_field(k) == C.P_ARMOR
                     for k in range(C.NUM_KINDS)])
ARMOR_KINDS = tuple(k for k in range(C.NUM_KINDS) if IS_ARMOR[k])
# what a card is worth in hand (0: not listed, see card_value)
BASE_VALUE = np.zeros(C.NUM_KINDS)
for _k, _v in {C.K_SLASH: 4.5, C.K_JINK: 6.5, C.K_PEACH: 8.5, C.K_DUEL: 5.0, C.K_DISMANTLE: 5.0,
               C.K_SNATCH: 5.5, C.K_SAVAGE: 4.0, C.K_ARCHERY: 4.0, C.K_EX_NIHILO: 7.5,
               C.K_GOD_SALVATION: 2.5, C.K_AMAZING_GRACE: 3.0, C.K_COLLATERAL: 3.5,
               C.K_NULLIFICATION: 6.0, C.K_INDULGENCE: 5.5, C.K_LIGHTNING: 1.5}.items():
    BASE_VALUE[_k] = _v
# later copies of a kind in hand are worth less (first, second, third and later)
COPY_VALUE = np.zeros((C.NUM_KINDS, 3))
COPY_VALUE[C.K_JINK] = (6.5, 4.5, 3.0)
COPY_VALUE[C.K_SLASH] = (4.5, 3.0, 2.5)
COPY_VALUE[C.K_NULLIFICATION] = (6.0, 4.0, 3.0)
# value of a trick's effect for its target (negative: harmful)
TRICK_EFFECT = np.zeros(C.NUM_KINDS)
for _k, _v in {C.K_DUEL: -1.0, C.K_DISMANTLE: -0.6, C.K_SNATCH: -0.7, C.K_SAVAGE: -0.7,
               C.K_ARCHERY: -0.7, C.K_COLLATERAL: -0.4, C.K_INDULGENCE: -1.2,
               C.K_LIGHTNING: -0.4, C.K_EX_NIHILO: 0.8, C.K_GOD_SALVATION: 0.5,
               C.K_AMAZING_GRACE: 0.3}.items():
    TRICK_EFFECT[_k] = _v
# how much a seat of each role stands for the lord's side (harming it is rebel evidence); the
# 3v3 roles carry none (teams are public there)
LOYALTY = np.array([1.5, 1.0, -1.0, 0.2, 0.0, 0.0])
# draft: strength of each hero of pack standard for this agent: a prior table averaged with
# 7 + 10 x the hero's measured win-rate excess over its role's mean (2,000 games of 5 players
# against random); a lord also values HP
HERO_SCORE = {
    "caocao": 6.6, "simayi": 6.7, "xiahoudun": 6.6, "zhangliao": 7.3, "xuchu": 6.6,
    "guojia": 7.3, "zhenji": 7.5, "liubei": 6.7, "guanyu": 7.0, "zhangfei": 7.5,
    "zhugeliang": 6.3, "zhaoyun": 7.2, "machao": 7.0, "huangyueying": 7.5, "sunquan": 7.0,
    "ganning": 6.6, "lvmeng": 6.7, "huanggai": 6.7, "zhouyu": 6.6, "daqiao": 6.7,
    "luxun": 6.8, "sunshangxiang": 6.6, "huatuo": 6.9, "lvbu": 7.3, "diaochan": 7.7,
}



def hero_score(hero_id: int, as_lord: bool) -> float:
    """The draft score of a hero (0 for an unknown id); a lord also values HP and lord offers."""
    h = content.HEROES_BY_ID.get(int(hero_id))
    if h is None:
        return 0.0
    s = HERO_SCORE.get(h.key, 6.0)
    if as_lord:
        s += 0.5 * (h.hp - 3) + (0.5 if h.lord_offer else 0.0)
    return s


def tables():
    """The static content ``act_rows`` reads (``Tables``: the deck, hero and role tables of
    ``heroes_env.agents.view`` as arrays) and the deck names in order."""
    names = list(_cards.DECKS)
    decks = np.zeros((len(names), 4, C.MAX_CARDS), np.int64)
    size = np.zeros(len(names), np.int64)
    for i, name in enumerate(names):
        d = deck_table(name)
        size[i] = d.size
        decks[i] = (d.kind, d.suit, d.rank, d.color)
    hero_sk = np.zeros((C.MAX_HEROES, 2, C.MAX_SKILL_SLOTS), np.int64)
    hscore = np.zeros((C.MAX_HEROES, 2))
    for hid in content.HEROES_BY_ID:
        for lord in (0, 1):
            sks = hero_skills(hid, bool(lord))
            hero_sk[hid, lord, :len(sks)] = sks[:C.MAX_SKILL_SLOTS]
            hscore[hid, lord] = hero_score(hid, bool(lord))
    counts = np.zeros((C.MAX_SEATS + 1, C.NUM_ROLES))
    for n in range(4, C.MAX_SEATS + 1):
        try:
            counts[n] = role_counts(n)
        except (ValueError, KeyError, IndexError):
            continue
    return Tables(decks, size, hero_sk, hscore, counts), names


# ---------------------------------------------------------------- small helpers
@njit(cache=True)
def rand(MI):
    """The slot's tie-break generator: uniform in [0, 1)."""
    MI[MI_STATE] = (MI[MI_STATE] * 48271) % RNG_MOD
    return (MI[MI_STATE] - 1) / (RNG_MOD - 1.0)


@njit(cache=True)
def seed_slot(MI, base_seed, key):
    s = ((base_seed % 1000003) * 7919 + (key % 100000007) * 104729 + 12345) % RNG_MOD
    MI[MI_STATE] = s if s > 0 else 1
    for _ in range(4):
        rand(MI)
    MI[MI_SEEDED] = 1


@njit(cache=True)
def onehot(o, start, width):
    best = -1
    bv = 0.0
    for i in range(width):
        if o[start + i] > bv:
            bv = o[start + i]
            best = i
    return best


@njit(cache=True)
def can(m, a):
    return 0 <= a < m.shape[0] and m[a] != 0


@njit(cache=True)
def in_hand(o, c):
    return o[C.OBS_HAND + c] > 0


@njit(cache=True)
def decision_skill(V, SKS):
    if V[V_DSLOT] < 0 or V[V_DSKOWN] < 0:
        return 0
    return SKS[V[V_DSKOWN], V[V_DSLOT]]


@njit(cache=True)
def n_alive_others(V):
    k = 0
    for r in range(1, V[V_N]):
        if V[VP_ALIVE + r]:
            k += 1
    return k


@njit(cache=True)
def equip_count(EQ, r):
    k = 0
    for i in range(NEQ):
        k += EQ[r, i]
    return k


@njit(cache=True)
def has_equip(EQ, r, kind):
    return EQ[r, kind - C.K_CROSSBOW] != 0


@njit(cache=True)
def is_armor(k):
    return IS_ARMOR[k]


@njit(cache=True)
def is_weapon_kind(k):
    return WEAPON_RANGE[k] > 0


@njit(cache=True)
def trait(table, SKS, r):
    """Whether one of seat r's skills has a yes/no trait (a ``heuristic_skills.traits`` table)."""
    for i in range(C.MAX_SKILL_SLOTS):
        if table[SKS[r, i]]:
            return True
    return False


@njit(cache=True)
def immune(V, SKS, r, kind):
    """Whether a card of kind cannot be used on seat r by its skills (traits IMMUNE and
    IMMUNE_EMPTY_HAND, gathered per seat by read_seat)."""
    if (V[VP_IMMUNE + r] >> kind) & 1:
        return True
    return V[VP_HANDN + r] == 0 and (V[VP_IMMUNE_EMPTY + r] >> kind) & 1 != 0


@njit(cache=True)
def count_kind(V, K, kind):
    k = 0
    for i in range(V[V_NHAND]):
        if K[0, V[V_HAND + i]] == kind:
            k += 1
    return k


# ---------------------------------------------------------------- decoding
@njit(cache=True, inline="always")     # once per seat: no call overhead
def read_seat(o, V, EQ, SKS, hero_sk, r):
    """Relative seat r's pieces of observation o into V / EQ / SKS; returns its hand size."""
    b = C.OBS_SEATS + r * C.SEAT_OBS
    V[VP_ALIVE + r] = 1 if o[b + C.OS_ALIVE] > 0 else 0
    V[VP_HP + r] = int(o[b + C.OS_HP])
    V[VP_MAXHP + r] = int(o[b + C.OS_MAXHP])
    V[VP_HANDN + r] = int(o[b + C.OS_HANDN])
    kr = onehot(o, b + C.OS_ROLE, C.NUM_ROLES)
    V[VP_KROLE + r] = kr
    if o[b + C.OS_CURRENT] > 0 and V[V_CUR] < 0:
        V[V_CUR] = r
    V[VP_DIST + r] = int(np.rint(o[b + C.OS_DIST] * 10.0))
    V[VP_INRANGE + r] = 1 if o[b + C.OS_IN_RANGE] > 0 else 0
    V[VP_ALLY + r] = 1 if o[b + C.OS_ALLY] > 0 else 0
    for i in range(NEQ):
        EQ[r, i] = 1 if o[b + C.OS_EQUIP + i] > 0 else 0
    V[VP_INDUL + r] = 1 if o[b + C.OS_JUDGE] > 0 else 0
    V[VP_LIGHT + r] = 1 if o[b + C.OS_JUDGE + 1] > 0 else 0
    g = onehot(o, b + C.OS_GENDER, 2)
    V[VP_GENDER + r] = g + 1 if g >= 0 else 0
    V[VP_GIVEN + r] = int(o[b + C.OS_GIVEN])
    h = onehot(o, b + C.OS_HERO, C.OBS_HERO_ROOM)
    V[VP_HERO + r] = h
    if h >= 0:
        lordf = 1 if kr == LORD else 0
        imm = 0
        imm_empty = 0
        for i in range(C.MAX_SKILL_SLOTS):
            s = hero_sk[h, lordf, i]
            SKS[r, i] = s
            imm |= traits.IMMUNE[s]
            imm_empty |= traits.IMMUNE_EMPTY_HAND[s]
        V[VP_IMMUNE + r] = imm
        V[VP_IMMUNE_EMPTY + r] = imm_empty
    w = 0
    for k in range(C.FIRST_WEAPON, C.LAST_WEAPON + 1):
        if EQ[r, k - C.K_CROSSBOW]:
            w = k
            break
    V[VP_WEAPON + r] = w
    a = 0
    for k in ARMOR_KINDS:
        if EQ[r, k - C.K_CROSSBOW]:
            a = k
            break
    V[VP_ARMOR + r] = a
    if kr == LORD and V[V_LORD] < 0:
        V[V_LORD] = r
    return V[VP_HANDN + r]


@njit(cache=True)
def read_cards(o, V):
    """The own hand and the table's card ids into V; returns how many cards the other zones
    of the observation count (public and looked at), for the deck's card count."""
    nh = 0
    for c in range(C.MAX_CARDS):
        if o[C.OBS_HAND + c] > 0:
            V[V_HAND + nh] = c
            nh += 1
    V[V_NHAND] = nh
    nt = 0
    npub = 0
    nlook = 0
    for c in range(C.MAX_CARDS):
        if o[C.OBS_TABLE + c] > 0:
            V[V_TABLE + nt] = c
            nt += 1
        if o[C.OBS_PUBLIC + c] > 0:
            npub += 1
        if o[C.OBS_LOOK + c] > 0:
            nlook += 1
    V[V_NTABLE] = nt
    return npub + nlook


@njit(cache=True)
def read_decision(o, m, V):
    """The pending decision, the phase and counters, and the number of legal actions into V."""
    V[V_DK] = onehot(o, C.OBS_DKIND, C.NUM_DECISION_KINDS)
    V[V_DCK] = onehot(o, C.OBS_DCARDKIND, C.NUM_KINDS)
    V[V_DSRC] = onehot(o, C.OBS_DSRC, NS)
    V[V_DTGT] = onehot(o, C.OBS_DTGT, NS)
    for i in range(3):
        V[V_DNUM + i] = int(np.rint(o[C.OBS_DNUM + i]))
    V[V_PHASE] = onehot(o, C.OBS_PHASE, C.NUM_PHASES)
    V[V_ROUND] = int(np.rint(o[C.OBS_MISC] * 100.0))
    V[V_NDECK] = int(np.rint(o[C.OBS_MISC + 1] * 100.0))
    V[V_NDISC] = int(np.rint(o[C.OBS_MISC + 2] * 100.0))
    V[V_DSLOT] = onehot(o, C.OBS_DSKILL, C.MAX_SKILL_SLOTS)
    V[V_DSKOWN] = onehot(o, C.OBS_DSKOWNER, NS)
    V[V_TEAM] = 1 if V[V_ROLE] == COMMANDER or V[V_ROLE] == GUARD else 0
    nl = 0
    for a in range(m.shape[0]):
        if m[a] != 0:
            nl += 1
    V[V_NLEGAL] = nl


@njit(cache=True, entry=True)
def read_view(o, m, V, EQ, SKS, tab, default_deck, mem_deck):
    """Decode observation o into V / EQ / SKS (tab: ``Tables``); returns the deck index
    (mem_deck if >= 0, else inferred from the card count)."""
    V[:] = 0
    EQ[:, :] = 0
    SKS[:, :] = 0
    V[V_ROLE] = onehot(o, C.OBS_ROLE, C.NUM_ROLES)
    n = 0
    for r in range(NS):
        if o[C.OBS_SEATS + r * C.SEAT_OBS + C.OS_PRESENT] > 0:
            n += 1
    V[V_N] = n
    V[V_CUR] = -1
    V[V_LORD] = -1
    counted = 0
    hero_sk = tab.hero_sk
    for r in range(n):
        counted += read_seat(o, V, EQ, SKS, hero_sk, r)
    counted += read_cards(o, V)
    read_decision(o, m, V)
    deck = mem_deck
    if deck < 0:
        total = V[V_NDECK] + V[V_NDISC] + counted + V[V_NTABLE]
        deck = default_deck
        for i in range(tab.deck_size.shape[0]):
            if tab.deck_size[i] == total:
                deck = i
                break
    V[V_DECK] = deck
    V[V_DSIZE] = tab.deck_size[deck]
    return deck


@njit(cache=True)
def distance(V, EQ, SKS, a, b):
    """Seat distance from a to b over the living seats, with horses and 马术 (as the engine)."""
    if a == b:
        return 0
    n = V[V_N]
    cw = 0
    t = a
    while t != b:
        t = (t + 1) % n
        if V[VP_ALIVE + t] or t == b:
            cw += 1
    alive = 0
    for r in range(n):
        alive += V[VP_ALIVE + r]
    total = alive + (1 - V[VP_ALIVE + a]) + (1 - V[VP_ALIVE + b])
    d = min(cw, total - cw)
    if has_equip(EQ, a, C.K_HORSE_MINUS):
        d -= 1
    if has_equip(EQ, b, C.K_HORSE_PLUS):
        d += 1
    for i in range(C.MAX_SKILL_SLOTS):
        d += traits.DISTANCE_FROM[SKS[a, i]] + traits.DISTANCE_TO[SKS[b, i]]
    return max(d, 1)


@njit(cache=True)
def attack_range(V, r):
    w = V[VP_WEAPON + r]
    return WEAPON_RANGE[w] if w > 0 else 1


# ---------------------------------------------------------------- evidence (the slot's memory)
# evidence rules (act_rows' `evidence` bits): EV_ON keeps evidence at all; the others switch
# single rules off or on (measurements of which rule misfires)
EV_ON = 1
EV_NO_STALE = 2        # no blame for HP lost before this turn's first observation
EV_NO_HEAL = 4         # no credit for HP restored during the current seat's turn
EV_HIDDEN_SELF = 8     # harm to oneself, whose role the others do not know, weighs half
EV_NO_DROPS = 16       # no blame for HP lost at all (only the aimed cards and tricks count)
EV_COUNTS = 32         # role probabilities keep the role counts (one renegade in all, ...)
EV_LOYALIST_ONLY = 64  # EV_NO_STALE and EV_COUNTS apply to a loyalist's view only
# the rules played: no stale blame (the seat whose turn it is at an observation is not blamed
# for HP lost in earlier turns; a loyalist, asked rarely out of turn, blamed the wrong seats
# most) and the role counts kept. Measured (1,500 games, 5 players, pack none, seed 99, against
# the memoryless version): the loyalist 45.2% -> 47.3% (memoryless 48.0% / 47.9%), the lord
# 55.2% -> 55.6%; with both rules for the loyalist's view only the loyalist stayed at 45.3%:
# much of its gain is the lord reading the table better
EV_DEFAULT = EV_ON | EV_NO_STALE | EV_COUNTS


@njit(cache=True)
def harm(V, MF, y, x, w, ev):
    """Seat y harmed seat x (weight w; negative: helped it): evidence about y's side."""
    n = V[V_N]
    if y <= 0 or y >= n:
        return
    if x == 0:
        lx = LOYALTY[V[V_ROLE]] if V[V_ROLE] >= 0 else 0.0
        if ev & EV_HIDDEN_SELF and V[V_ROLE] != LORD:
            lx *= 0.5
    elif V[VP_KROLE + x] >= 0:
        lx = LOYALTY[V[VP_KROLE + x]]
    else:
        lx = 0.6 * math.tanh(MF[M_LOYAL + x])
    MF[M_LOYAL + y] -= w * lx



# ---------------------------------------------------------------- judgements: sides
@njit(cache=True, entry=True)
def role_probs(V, MF, counts, P, ev):
    """P[r, role]: known roles, else the remaining role counts tilted by the evidence. With
    EV_COUNTS the unknown seats' probabilities are also fitted to the remaining counts (each
    role's probabilities over the unknown seats sum to the number of that role left: two seats
    that both look like the one renegade cannot both be him)."""
    n = V[V_N]
    P[:, :] = 0.0
    left = counts[n].copy()
    unknown = np.zeros(NS, np.int64)
    nunk = 0
    for r in range(n):
        role = V[V_ROLE] if r == 0 else V[VP_KROLE + r]
        if role >= 0:
            P[r, role] = 1.0
            left[role] -= 1
        else:
            unknown[r] = 1
            nunk += 1
    tot = 0.0
    for i in range(C.NUM_ROLES):
        if left[i] < 0:
            left[i] = 0.0
        tot += left[i]
    if tot <= 0:
        return
    for r in range(n):
        if not unknown[r]:
            continue
        e = MF[M_LOYAL + r]
        ec = min(max(e, -5.0), 5.0)
        q0 = left[0] / tot
        q1 = left[1] / tot * math.exp(min(e, 5.0))
        q2 = left[2] / tot * math.exp(-ec)
        q3 = left[3] / tot * math.exp(0.3 * ec)
        s = q0 + q1 + q2 + q3
        if s > 0:
            P[r, 0], P[r, 1], P[r, 2], P[r, 3] = q0 / s, q1 / s, q2 / s, q3 / s
        else:
            for i in range(C.NUM_ROLES):
                P[r, i] = left[i] / tot
    if ev & EV_COUNTS and nunk > 1 and abs(tot - nunk) < 0.5:
        for _ in range(20):               # alternate: columns to the counts, rows to 1
            for i in range(4):
                cs = 0.0
                for r in range(n):
                    if unknown[r]:
                        cs += P[r, i]
                if cs > 0:
                    f = left[i] / cs
                    for r in range(n):
                        if unknown[r]:
                            P[r, i] *= f
            for r in range(n):
                if unknown[r]:
                    rs = P[r, 0] + P[r, 1] + P[r, 2] + P[r, 3]
                    if rs > 0:
                        for i in range(4):
                            P[r, i] /= rs


@njit(cache=True)
def hostility(V, MF, counts, H, ev):
    """H[r] in [-1.5, 1.5]: > 0 enemy, < 0 friend; H[0] = SELF_WORTH."""
    n = V[V_N]
    H[:] = 0.0
    if V[V_TEAM]:               # 3v3: the other team are enemies, the own team friends
        for r in range(1, n):
            if V[VP_ALIVE + r]:
                cmd = V[VP_KROLE + r] == COMMANDER
                if V[VP_ALLY + r]:
                    H[r] = -1.5 if cmd else -1.0
                else:
                    H[r] = 1.5 if cmd else 1.0
        H[0] = SELF_WORTH
        return
    P = np.zeros((NS, C.NUM_ROLES))
    role_probs(V, MF, counts, P, ev)
    me = V[V_ROLE]
    rebels_left = 0.0
    loyal_left = 0.0
    for r in range(n):
        if V[VP_ALIVE + r]:
            rebels_left += P[r, REBEL]
            loyal_left += P[r, LOYALIST]
    t0, t1, t2, t3 = 0.0, 0.0, 0.0, 0.0
    if me == LORD or me == LOYALIST:
        t0, t1, t2, t3 = SELF_WORTH, -1.0, 1.0, (0.4 if rebels_left > 0.5 else 1.2)
    elif me == REBEL:
        t0, t1, t2, t3 = 1.5, 1.0, -1.0, (0.5 if loyal_left > 0.5 else 1.0)
    else:                       # the renegade backs the camp that is losing
        lord_side = 0.0
        rebel_side = 0.0
        for r in range(1, n):
            if V[VP_ALIVE + r]:
                s = V[VP_HP + r] + 0.4 * V[VP_HANDN + r]
                lord_side += s * (P[r, LORD] + P[r, LOYALIST])
                rebel_side += s * P[r, REBEL]
        lord = V[V_LORD]
        others = 0
        for r in range(1, n):
            if V[VP_ALIVE + r] and r != lord:
                others += 1
        if others == 0:
            t0 = 1.5
        elif lord >= 0 and V[VP_HP + lord] <= 2:
            t0 = -1.0
        else:
            t0 = 0.3 if lord_side > 1.5 * rebel_side else -0.5
        t1 = 1.0 if lord_side >= rebel_side else 0.1
        t2 = 1.0 if rebel_side >= 0.8 * lord_side else 0.3
        t3 = 0.8
    for r in range(1, n):
        if V[VP_ALIVE + r]:
            H[r] = P[r, 0] * t0 + P[r, 1] * t1 + P[r, 2] * t2 + P[r, 3] * t3
    H[0] = SELF_WORTH


@njit(cache=True)
def friend(H, r):
    return r >= 0 and H[r] < -0.2


@njit(cache=True)
def enemy(H, r, t):
    return r >= 0 and H[r] > t


# ---------------------------------------------------------------- judgements: card values
@njit(cache=True)
def card_value(V, EQ, K, c):
    """What card c would be worth in this seat's hand (no duplicate discount)."""
    k = K[0, c]
    if BASE_VALUE[k] > 0:
        return BASE_VALUE[k] + (1.5 if k == C.K_PEACH and V[VP_HP] <= 2 else 0.0)
    if is_weapon_kind(k):
        return 4.0 if V[VP_WEAPON] == 0 else 1.5
    if is_armor(k):
        return 5.0 if V[VP_ARMOR] == 0 else 1.0
    if k == C.K_HORSE_PLUS or k == C.K_HORSE_MINUS:
        return 4.0 if not has_equip(EQ, 0, k) else 1.0
    return 2.0


@njit(cache=True)
def hand_values(V, EQ, SKS, K, VAL):
    """VAL[c]: value of each own hand card (later copies of a kind worth less)."""
    unlimited = has_equip(EQ, 0, C.K_CROSSBOW) or trait(traits.UNLIMITED_SLASH, SKS, 0)
    seen = np.zeros(C.NUM_KINDS, np.int64)
    for i in range(V[V_NHAND]):
        c = V[V_HAND + i]
        k = K[0, c]
        j = seen[k]
        seen[k] += 1
        if COPY_VALUE[k, 0] > 0 and not (k == C.K_SLASH and unlimited):
            val = COPY_VALUE[k, min(j, 2)]
        else:
            val = card_value(V, EQ, K, c)
        if k == C.K_PEACH and V[VP_HP] <= 2:
            val += 1.5
        VAL[c] = val


@njit(cache=True)
def own_value(o, V, EQ, K, VAL, c):
    """Value of one of this seat's cards, hand or equipment (for costs)."""
    if in_hand(o, c):
        return VAL[c]
    k = K[0, c]
    if is_weapon_kind(k):
        return 3.5
    if is_armor(k):
        return 6.0
    if k == C.K_HORSE_PLUS:
        return 4.5
    if k == C.K_HORSE_MINUS:
        return 3.5
    return card_value(V, EQ, K, c)


@njit(cache=True)
def two_cheapest_hand(V, VAL):
    """(number of hand cards, cheapest value, second cheapest) of the own hand (9e9 if none)."""
    a = 9e9
    b = 9e9
    for i in range(V[V_NHAND]):
        x = VAL[V[V_HAND + i]]
        if x < a:
            b = a
            a = x
        elif x < b:
            b = x
    return V[V_NHAND], a, b


# ---------------------------------------------------------------- choosing among actions
@njit(cache=True)
def consider(acc, s, a, MI):
    """Keep (score, action) in acc if it beats the best so far (tie-break noise added)."""
    s = s + rand(MI) * 1e-3
    if s > acc[0]:
        acc[0] = s
        acc[1] = a


@njit(cache=True)
def cheapest_card(o, m, V, EQ, K, VAL, filt, excl):
    """The legal card action with the lowest own value (ties: lower id); filt: 0 any card, 1
    hand cards only; excl: a card id to skip (-1: none)."""
    best = -1
    bv = 1e18
    for c in range(C.MAX_CARDS):
        if m[C.A_CARD + c] == 0 or c == excl:
            continue
        if filt == 1 and not in_hand(o, c):
            continue
        x = own_value(o, V, EQ, K, VAL, c)
        if x < bv:
            bv = x
            best = c
    return C.A_CARD + best if best >= 0 else NONE


# ---------------------------------------------------------------- target values
@njit(cache=True)
def slash_value(V, EQ, SKS, H, r, color, user):
    h = H[r]
    if r == user or not V[VP_ALIVE + r]:
        return -5.0
    hp = V[VP_HP + r]
    val = h * (1.35 if hp <= 1 else (1.15 if hp == 2 else 1.0))
    if V[VP_WEAPON + user] != C.K_QINGGANG:
        if V[VP_ARMOR + r] == C.K_EIGHT_DIAGRAM:
            val -= 0.25 * abs(h)
        if V[VP_ARMOR + r] == C.K_NIOH_SHIELD and color == C.COLOR_BLACK:
            val -= 2.0
    if V[VP_HANDN + r] == 0:
        val += 0.15 * h
    if h > 0:                     # threat: cards in hand, a weapon
        val += h * (0.04 * min(V[VP_HANDN + r], 5) + (0.1 if V[VP_WEAPON + r] else 0.0))
    bias = 0.0
    for i in range(C.MAX_SKILL_SLOTS):
        bias += traits.SLASH_TARGET_BIAS[SKS[r, i]]
    if bias != 0.0:
        val += bias
    return val


@njit(cache=True)
def slash_targets(V, EQ, SKS, H, color):
    """The best value of a 杀 on someone in range now (-5 if none)."""
    best = -5.0
    for r in range(1, V[V_N]):
        if not V[VP_ALIVE + r] or not V[VP_INRANGE + r]:
            continue
        if immune(V, SKS, r, C.K_SLASH):
            continue
        best = max(best, slash_value(V, EQ, SKS, H, r, color, 0))
    return best


@njit(cache=True)
def trick_reach(V, SKS, r, kind):
    if r == 0 or not V[VP_ALIVE + r]:
        return False
    if immune(V, SKS, r, kind):
        return False
    if kind == C.K_SNATCH:
        return V[VP_DIST + r] <= 1 or trait(traits.TRICK_ANY_DISTANCE, SKS, 0)
    if kind == C.K_INDULGENCE:
        return not V[VP_INDUL + r]
    return True


@njit(cache=True)
def take_value(V, EQ, H, r):
    """Value of taking or destroying one card of seat r (过河拆桥, 顺手牵羊)."""
    ncards = V[VP_HANDN + r] + equip_count(EQ, r)
    if friend(H, r):
        return 1.0 if (V[VP_INDUL + r] or V[VP_LIGHT + r]) else -1.0
    if ncards == 0:
        return -0.5
    return H[r] * (0.5 + 0.15 * min(ncards, 4) + (0.3 if V[VP_ARMOR + r] else 0.0)
                   + (0.2 if V[VP_WEAPON + r] else 0.0))


@njit(cache=True)
def duel_value(V, K, H, r):
    mine = count_kind(V, K, C.K_SLASH)
    return H[r] * (1.1 if V[VP_HP + r] <= 1 else 1.0) + 0.15 * (mine - V[VP_HANDN + r] / 2.0)


@njit(cache=True)
def indulgence_value(V, EQ, H, r):
    return H[r] * (1.0 + 0.08 * V[VP_HANDN + r] + 0.1 * equip_count(EQ, r))


@njit(cache=True)
def collateral_best(V, EQ, SKS, H, wielder):
    """Best value of 借刀杀人 options (wielder r holds a weapon; its victim in its range), over
    every wielder (wielder < 0) or one; -1e9 if none."""
    best = -1e9
    n = V[V_N]
    for a in range(1, n):
        if not V[VP_ALIVE + a] or V[VP_WEAPON + a] == 0:
            continue
        if wielder >= 0 and a != wielder:
            continue
        for b in range(n):
            if b == a or not V[VP_ALIVE + b]:
                continue
            if distance(V, EQ, SKS, a, b) > attack_range(V, a):
                continue
            if immune(V, SKS, b, C.K_SLASH):
                continue
            hb = H[b] if b != 0 else -3.0
            best = max(best, hb + 0.4 * H[a])
    return best


@njit(cache=True)
def aoe_value(V, H):
    """Net value of hitting every other living seat (南蛮入侵, 万箭齐发)."""
    tot = 0.0
    k = 0
    for r in range(1, V[V_N]):
        if V[VP_ALIVE + r]:
            hp = V[VP_HP + r]
            tot += H[r] * (1.6 if hp <= 1 else (1.2 if hp == 2 else 1.0))
            k += 1
    return tot / max(1, k)


@njit(cache=True)
def heal_all_value(V, H):
    tot = 0.0
    for r in range(V[V_N]):
        if V[VP_ALIVE + r] and V[VP_HP + r] < V[VP_MAXHP + r]:
            tot -= H[r]
    return tot



@njit(cache=True)
def target_score(code, r, p, o, V, EQ, SKS, H, K):
    if code == TS_SLASH:
        return slash_value(V, EQ, SKS, H, r, p, 0)
    if code == TS_DUEL:
        return duel_value(V, K, H, r)
    if code == TS_TAKE:
        return take_value(V, EQ, H, r)
    if code == TS_INDUL:
        return indulgence_value(V, EQ, H, r)
    if code == TS_H:
        return H[r]
    if code == TS_NEG_H:
        return -H[r]
    if code == TS_WIELDER:
        b = collateral_best(V, EQ, SKS, H, r)
        return b if b > -1e8 else H[r] - 1.0
    if code == TS_VICTIM:
        return -3.0 if r == 0 else H[r]
    if code == TS_PEACH:
        return (1.0 if r == 0 and V[VP_HP] <= 1 else 0.0) + (-H[r] if r != 0 else 0.5)
    # TS_FALLBACK
    return -H[r] if r == 0 else H[r]


@njit(cache=True)
def best_target(code, p, o, m, V, EQ, SKS, H, K, MI):
    acc = np.array([-1e18, -1.0])
    for r in range(V[V_N]):
        if m[C.A_TARGET + r] != 0:
            consider(acc, target_score(code, r, p, o, V, EQ, SKS, H, K), C.A_TARGET + r, MI)
    return int(acc[1]) if acc[1] >= 0 else NONE


@njit(cache=True)
def yes_unless_friend(x):
    """CONFIRM, or PASS when the decision's target seat is a friend."""
    t = x.V[V_DTGT]
    return C.A_PASS if t >= 0 and friend(x.H, t) else C.A_CONFIRM


@njit(cache=True)
def cheapest_of(V, K, VAL, row, want):
    """The lowest value of an own hand card whose K[row] (1: suit, 3: colour) is want (9 if
    none)."""
    cost = 9.0
    for i in range(V[V_NHAND]):
        c = V[V_HAND + i]
        if K[row, c] == want:
            cost = min(cost, VAL[c])
    return cost


@njit(cache=True)
def pick_target(m, V, S, MI):
    """The legal target action with the best score S[r] (tie-break noise as best_target)."""
    acc = np.array([-1e18, -1.0])
    for r in range(V[V_N]):
        if m[C.A_TARGET + r] != 0:
            consider(acc, S[r], C.A_TARGET + r, MI)
    return int(acc[1]) if acc[1] >= 0 else NONE


@njit(cache=True)
def pay_cheapest(x):
    """The cheapest legal card (any of one's own): how a skill that costs a card pays."""
    return cheapest_card(x.o, x.m, x.V, x.EQ, x.K, x.VAL, 0, -1)


# ---------------------------------------------------------------- the play phase
@njit(cache=True)
def equip_score(V, EQ, SKS, K, k):
    if is_weapon_kind(k):
        for i in range(C.MAX_SKILL_SLOTS):
            w = traits.WEAPON_SCORE[SKS[0, i]]
            if not math.isnan(w):
                return w             # a skill that plays better without a weapon
        cur = V[VP_WEAPON]
        slashes = count_kind(V, K, C.K_SLASH)
        if cur == 0:
            return 6.0 + (1.5 if k == C.K_CROSSBOW and slashes >= 2 else 0.0)
        if k == C.K_CROSSBOW:
            return 3.0 if slashes >= 3 and cur != C.K_CROSSBOW else -1.0
        if cur != C.K_CROSSBOW and WEAPON_RANGE[k] > WEAPON_RANGE[cur]:
            return 2.0
        return -1.0
    if is_armor(k):
        return 7.5 if V[VP_ARMOR] == 0 else -1.0
    if k == C.K_HORSE_PLUS or k == C.K_HORSE_MINUS:
        if trait(traits.ONE_HORSE, SKS, 0):      # one horse is enough
            return 5.0 if not (has_equip(EQ, 0, C.K_HORSE_PLUS)
                               or has_equip(EQ, 0, C.K_HORSE_MINUS)) else -1.0
        if has_equip(EQ, 0, k):
            return -1.0
        return 6.5 if k == C.K_HORSE_PLUS else 5.5
    return -1.0


@njit(cache=True)
def best_over_others(code, V, EQ, SKS, H, K, kind):
    """max over living others that kind reaches (trick_reach) of a target value (-5: none)."""
    best = -5.0
    found = False
    for r in range(1, V[V_N]):
        if not V[VP_ALIVE + r]:
            continue
        if kind > 0 and not trick_reach(V, SKS, r, kind):
            continue
        if code == TS_TAKE:
            x = take_value(V, EQ, H, r)
        elif code == TS_INDUL:
            x = indulgence_value(V, EQ, H, r)
        else:
            x = duel_value(V, K, H, r)
        if not found or x > best:
            best = x
            found = True
    return best


@njit(cache=True)
def play_card_score(o, V, EQ, SKS, H, K, c):
    k = K[0, c]
    hp, maxhp = V[VP_HP], V[VP_MAXHP]
    if k == C.K_EX_NIHILO:
        return 10.0
    if C.K_CROSSBOW <= k <= C.K_HORSE_MINUS:
        return equip_score(V, EQ, SKS, K, k)
    if k == C.K_PEACH:
        if hp >= maxhp:
            # 救援: a 吴 character may heal the wounded lord 孙权 in his own turn
            lord = V[V_LORD]
            if lord > 0 and friend(H, lord) and V[VP_HP + lord] < V[VP_MAXHP + lord]:
                return 5.0
            return -1.0
        if hp <= 1 or hp <= maxhp - 2:
            return 8.0
        if count_kind(V, K, C.K_PEACH) >= 2 or V[VP_HANDN] > hp + 1:
            return 4.0
        return -1.0
    if k == C.K_INDULGENCE:
        best = best_over_others(TS_INDUL, V, EQ, SKS, H, K, k)
        return 7.0 + best if best > 0.3 else -1.0
    if k == C.K_SNATCH or k == C.K_DISMANTLE:
        best = best_over_others(TS_TAKE, V, EQ, SKS, H, K, k)
        return (6.5 if k == C.K_SNATCH else 6.0) + best if best > 0.25 else -1.0
    if k == C.K_COLLATERAL:
        best = collateral_best(V, EQ, SKS, H, -1)
        return 5.5 + best if best > 0.5 else -1.0
    if k == C.K_DUEL:
        best = best_over_others(TS_DUEL, V, EQ, SKS, H, K, k)
        if best <= 0.3 or (hp <= 1 and count_kind(V, K, C.K_SLASH) == 0):
            return -1.0
        return 5.0 + best
    if k == C.K_SAVAGE or k == C.K_ARCHERY:
        val = aoe_value(V, H)
        return 4.5 + val if val > 0.15 else -1.0
    if k == C.K_GOD_SALVATION:
        val = heal_all_value(V, H)
        return 3.0 + val if val > 0.5 else -1.0
    if k == C.K_AMAZING_GRACE:
        tot = 0.0
        for r in range(1, V[V_N]):
            if V[VP_ALIVE + r]:
                tot += H[r]
        val = -tot / max(1, n_alive_others(V))
        return 3.0 + val if val > -0.6 else -1.0
    if k == C.K_LIGHTNING:
        return 0.5 if V[V_ROLE] == REBEL and not friend(H, V[V_LORD]) else -1.0
    if k == C.K_SLASH:
        best = slash_targets(V, EQ, SKS, H, K[3, c])
        return 4.0 + best if best > 0.2 else -1.0
    return -1.0



@njit(cache=True)
def skill_of_action(SKS, a):
    i = a - C.A_SKILL
    return SKS[0, i] if i < C.MAX_SKILL_SLOTS else 0



@njit(cache=True)
def decide_ag(m, V, EQ, K, MI):
    acc = np.array([-1e18, -1.0])
    for c in range(C.MAX_CARDS):
        if m[C.A_CARD + c] != 0:
            consider(acc, card_value(V, EQ, K, c), C.A_CARD + c, MI)
    return int(acc[1]) if acc[1] >= 0 else NONE



# ---------------------------------------------------------------- skill decisions
@njit(cache=True)
def unseen_colors(o, V, K):
    red = 0
    black = 0
    for c in range(V[V_DSIZE]):
        seen = o[C.OBS_HAND + c] > 0 or o[C.OBS_PUBLIC + c] > 0 or o[C.OBS_TABLE + c] > 0 \
            or o[C.OBS_DISCARD + c] > 0
        if not seen:
            if K[3, c] == C.COLOR_RED:
                red += 1
            else:
                black += 1
    return red, black


@njit(cache=True)
def judge_good(V, EQ, SKS, K, t, c):
    """Is judgement card c good for the judging seat t (1 / 0; -1: cannot tell why it judges)?"""
    suit, rank, color = K[1, c], K[2, c], K[3, c]
    ph = V[V_PHASE]
    if ph == C.PH_JUDGE and V[V_CUR] == t and (V[VP_INDUL + t] or V[VP_LIGHT + t]):
        if V[VP_INDUL + t]:
            return 1 if suit == C.SUIT_HEART else 0
        return 0 if (suit == C.SUIT_SPADE and 2 <= rank <= 9) else 1
    if ph == C.PH_START and V[V_CUR] == t:
        for i in range(C.MAX_SKILL_SLOTS):
            want = traits.START_JUDGE_COLOR[SKS[t, i]]
            if want >= 0:
                return 1 if color == want else 0
    if V[VP_ARMOR + t] == C.K_EIGHT_DIAGRAM and ph != C.PH_JUDGE:
        return 1 if color == C.COLOR_RED else 0
    return -1


