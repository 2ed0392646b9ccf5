"""What the heuristic's rules share: the memory and view layouts, the content tables, the decoded
view of an observation and the judgements every rule reads (sides, card values, target values).

The kernels (``heuristic_kernels``) decode an observation into ``seen`` (int64 scalars and
per-seat fields at the ``V_*`` / ``VP_*`` offsets of the ``VIEW`` layout), ``equip`` (equipment
per seat), ``seat_skills`` (base skill ids per seat), ``hostile`` (hostility per relative seat)
and ``values`` (value of each own hand card); a decision's rules get them together as one
``Decision`` (``x``). The slot's ``memory`` is laid out by ``MEM``: the fields here, then those
the skill modules take (``heuristic_skills``); ``heuristic_kernels.MF_SIZE`` is its size once
they are imported.

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
MEM = Layout()                 # memory: float64 cells of one slot
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

GEN = Layout()                 # gen: int64 cells of one slot
MI_STATE = GEN.take()          # the tie-break generator's state (MINSTD)
MI_SEEDED = GEN.take()         # 1 once seeded
MI_SIZE = GEN.end
RNG_MOD = 2147483647

# ---------------------------------------------------------------- the decoded view (seen)
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
    "obs",          # the observation (float32)
    "mask",         # the legal-action mask
    "seen",         # the decoded view (V_* / VP_*)
    "equip",        # [NS, NEQ] equipment per relative seat
    "seat_skills",  # [NS, MAX_SKILL_SLOTS] base skill ids per relative seat
    "hostile",      # [NS] hostility (> 0 enemy, < 0 friend)
    "card_table",   # [4, MAX_CARDS] the deck's kind / suit / rank / colour per card id
    "values",       # [MAX_CARDS] value of each own hand card
    "memory",       # the slot's memory (MEM)
    "gen",          # the slot's generator (GEN)
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
def rand(gen):
    """The slot's tie-break generator: uniform in [0, 1)."""
    gen[MI_STATE] = (gen[MI_STATE] * 48271) % RNG_MOD
    return (gen[MI_STATE] - 1) / (RNG_MOD - 1.0)


@njit(cache=True)
def seed_slot(gen, base_seed, key):
    s = ((base_seed % 1000003) * 7919 + (key % 100000007) * 104729 + 12345) % RNG_MOD
    gen[MI_STATE] = s if s > 0 else 1
    for _ in range(4):
        rand(gen)
    gen[MI_SEEDED] = 1


@njit(cache=True)
def onehot(obs, start, width):
    best = -1
    bv = 0.0
    for i in range(width):
        if obs[start + i] > bv:
            bv = obs[start + i]
            best = i
    return best


@njit(cache=True)
def can(mask, a):
    return 0 <= a < mask.shape[0] and mask[a] != 0


@njit(cache=True)
def in_hand(obs, c):
    return obs[C.OBS_HAND + c] > 0


@njit(cache=True)
def decision_skill(seen, seat_skills):
    if seen[V_DSLOT] < 0 or seen[V_DSKOWN] < 0:
        return 0
    return seat_skills[seen[V_DSKOWN], seen[V_DSLOT]]


@njit(cache=True)
def n_alive_others(seen):
    k = 0
    for r in range(1, seen[V_N]):
        if seen[VP_ALIVE + r]:
            k += 1
    return k


@njit(cache=True)
def equip_count(equip, r):
    k = 0
    for i in range(NEQ):
        k += equip[r, i]
    return k


@njit(cache=True)
def has_equip(equip, r, kind):
    return equip[r, kind - C.K_CROSSBOW] != 0


@njit(cache=True)
def is_armor(k):
    return IS_ARMOR[k]


@njit(cache=True)
def is_weapon_kind(k):
    return WEAPON_RANGE[k] > 0


@njit(cache=True)
def trait(table, seat_skills, r):
    """Whether one of seat r's skills has a yes/no trait (a ``heuristic_skills.traits`` table)."""
    for i in range(C.MAX_SKILL_SLOTS):
        if table[seat_skills[r, i]]:
            return True
    return False


@njit(cache=True)
def immune(seen, seat_skills, r, kind):
    """Whether a card of kind cannot be used on seat r by its skills (traits IMMUNE and
    IMMUNE_EMPTY_HAND, gathered per seat by read_seat)."""
    if (seen[VP_IMMUNE + r] >> kind) & 1:
        return True
    return seen[VP_HANDN + r] == 0 and (seen[VP_IMMUNE_EMPTY + r] >> kind) & 1 != 0


@njit(cache=True)
def count_kind(seen, card_table, kind):
    k = 0
    for i in range(seen[V_NHAND]):
        if card_table[0, seen[V_HAND + i]] == kind:
            k += 1
    return k


# ---------------------------------------------------------------- decoding
@njit(cache=True, inline="always")     # once per seat: no call overhead
def read_seat(obs, seen, equip, seat_skills, hero_sk, r):
    """Relative seat r's pieces of observation obs into seen / equip / seat_skills; returns its hand
    size."""
    b = C.OBS_SEATS + r * C.SEAT_OBS
    seen[VP_ALIVE + r] = 1 if obs[b + C.OS_ALIVE] > 0 else 0
    seen[VP_HP + r] = int(obs[b + C.OS_HP])
    seen[VP_MAXHP + r] = int(obs[b + C.OS_MAXHP])
    seen[VP_HANDN + r] = int(obs[b + C.OS_HANDN])
    kr = onehot(obs, b + C.OS_ROLE, C.NUM_ROLES)
    seen[VP_KROLE + r] = kr
    if obs[b + C.OS_CURRENT] > 0 and seen[V_CUR] < 0:
        seen[V_CUR] = r
    seen[VP_DIST + r] = int(np.rint(obs[b + C.OS_DIST] * 10.0))
    seen[VP_INRANGE + r] = 1 if obs[b + C.OS_IN_RANGE] > 0 else 0
    seen[VP_ALLY + r] = 1 if obs[b + C.OS_ALLY] > 0 else 0
    for i in range(NEQ):
        equip[r, i] = 1 if obs[b + C.OS_EQUIP + i] > 0 else 0
    seen[VP_INDUL + r] = 1 if obs[b + C.OS_JUDGE] > 0 else 0
    seen[VP_LIGHT + r] = 1 if obs[b + C.OS_JUDGE + 1] > 0 else 0
    g = onehot(obs, b + C.OS_GENDER, 2)
    seen[VP_GENDER + r] = g + 1 if g >= 0 else 0
    seen[VP_GIVEN + r] = int(obs[b + C.OS_GIVEN])
    h = onehot(obs, b + C.OS_HERO, C.OBS_HERO_ROOM)
    seen[VP_HERO + r] = h
    if h >= 0:
        lordf = 1 if kr == LORD else 0
        imm = 0
        imm_empty = 0
        for i in range(C.MAX_SKILL_SLOTS):
            s = hero_sk[h, lordf, i]
            seat_skills[r, i] = s
            imm |= traits.IMMUNE[s]
            imm_empty |= traits.IMMUNE_EMPTY_HAND[s]
        seen[VP_IMMUNE + r] = imm
        seen[VP_IMMUNE_EMPTY + r] = imm_empty
    w = 0
    for k in range(C.FIRST_WEAPON, C.LAST_WEAPON + 1):
        if equip[r, k - C.K_CROSSBOW]:
            w = k
            break
    seen[VP_WEAPON + r] = w
    a = 0
    for k in ARMOR_KINDS:
        if equip[r, k - C.K_CROSSBOW]:
            a = k
            break
    seen[VP_ARMOR + r] = a
    if kr == LORD and seen[V_LORD] < 0:
        seen[V_LORD] = r
    return seen[VP_HANDN + r]


@njit(cache=True)
def read_cards(obs, seen):
    """The own hand and the table's card ids into seen; returns how many cards the other zones
    of the observation count (public and looked at), for the deck's card count."""
    nh = 0
    for c in range(C.MAX_CARDS):
        if obs[C.OBS_HAND + c] > 0:
            seen[V_HAND + nh] = c
            nh += 1
    seen[V_NHAND] = nh
    nt = 0
    npub = 0
    nlook = 0
    for c in range(C.MAX_CARDS):
        if obs[C.OBS_TABLE + c] > 0:
            seen[V_TABLE + nt] = c
            nt += 1
        if obs[C.OBS_PUBLIC + c] > 0:
            npub += 1
        if obs[C.OBS_LOOK + c] > 0:
            nlook += 1
    seen[V_NTABLE] = nt
    return npub + nlook


@njit(cache=True)
def read_decision(obs, mask, seen):
    """The pending decision, the phase and counters, and the number of legal actions into seen."""
    seen[V_DK] = onehot(obs, C.OBS_DKIND, C.NUM_DECISION_KINDS)
    seen[V_DCK] = onehot(obs, C.OBS_DCARDKIND, C.NUM_KINDS)
    seen[V_DSRC] = onehot(obs, C.OBS_DSRC, NS)
    seen[V_DTGT] = onehot(obs, C.OBS_DTGT, NS)
    for i in range(3):
        seen[V_DNUM + i] = int(np.rint(obs[C.OBS_DNUM + i]))
    seen[V_PHASE] = onehot(obs, C.OBS_PHASE, C.NUM_PHASES)
    seen[V_ROUND] = int(np.rint(obs[C.OBS_MISC] * 100.0))
    seen[V_NDECK] = int(np.rint(obs[C.OBS_MISC + 1] * 100.0))
    seen[V_NDISC] = int(np.rint(obs[C.OBS_MISC + 2] * 100.0))
    seen[V_DSLOT] = onehot(obs, C.OBS_DSKILL, C.MAX_SKILL_SLOTS)
    seen[V_DSKOWN] = onehot(obs, C.OBS_DSKOWNER, NS)
    seen[V_TEAM] = 1 if seen[V_ROLE] == COMMANDER or seen[V_ROLE] == GUARD else 0
    nl = 0
    for a in range(mask.shape[0]):
        if mask[a] != 0:
            nl += 1
    seen[V_NLEGAL] = nl


@njit(cache=True, entry=True)
def read_view(obs, mask, seen, equip, seat_skills, tab, default_deck, mem_deck):
    """Decode observation obs into seen / equip / seat_skills (tab: ``Tables``); returns the deck
    index (mem_deck if >= 0, else inferred from the card count)."""
    seen[:] = 0
    equip[:, :] = 0
    seat_skills[:, :] = 0
    seen[V_ROLE] = onehot(obs, C.OBS_ROLE, C.NUM_ROLES)
    n = 0
    for r in range(NS):
        if obs[C.OBS_SEATS + r * C.SEAT_OBS + C.OS_PRESENT] > 0:
            n += 1
    seen[V_N] = n
    seen[V_CUR] = -1
    seen[V_LORD] = -1
    counted = 0
    hero_sk = tab.hero_sk
    for r in range(n):
        counted += read_seat(obs, seen, equip, seat_skills, hero_sk, r)
    counted += read_cards(obs, seen)
    read_decision(obs, mask, seen)
    deck = mem_deck
    if deck < 0:
        total = seen[V_NDECK] + seen[V_NDISC] + counted + seen[V_NTABLE]
        deck = default_deck
        for i in range(tab.deck_size.shape[0]):
            if tab.deck_size[i] == total:
                deck = i
                break
    seen[V_DECK] = deck
    seen[V_DSIZE] = tab.deck_size[deck]
    return deck


@njit(cache=True)
def distance(seen, equip, seat_skills, a, b):
    """Seat distance from a to b over the living seats, with horses and 马术 (as the engine)."""
    if a == b:
        return 0
    n = seen[V_N]
    cw = 0
    t = a
    while t != b:
        t = (t + 1) % n
        if seen[VP_ALIVE + t] or t == b:
            cw += 1
    alive = 0
    for r in range(n):
        alive += seen[VP_ALIVE + r]
    total = alive + (1 - seen[VP_ALIVE + a]) + (1 - seen[VP_ALIVE + b])
    d = min(cw, total - cw)
    if has_equip(equip, a, C.K_HORSE_MINUS):
        d -= 1
    if has_equip(equip, b, C.K_HORSE_PLUS):
        d += 1
    for i in range(C.MAX_SKILL_SLOTS):
        d += traits.DISTANCE_FROM[seat_skills[a, i]] + traits.DISTANCE_TO[seat_skills[b, i]]
    return max(d, 1)


@njit(cache=True)
def attack_range(seen, r):
    w = seen[VP_WEAPON + r]
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
def harm(seen, memory, actor, victim, weight, ev):
    """Seat actor harmed seat victim (by weight; negative: helped it): evidence about actor's
    side."""
    n = seen[V_N]
    if actor <= 0 or actor >= n:
        return
    if victim == 0:
        loyalty = LOYALTY[seen[V_ROLE]] if seen[V_ROLE] >= 0 else 0.0
        if ev & EV_HIDDEN_SELF and seen[V_ROLE] != LORD:
            loyalty *= 0.5
    elif seen[VP_KROLE + victim] >= 0:
        loyalty = LOYALTY[seen[VP_KROLE + victim]]
    else:
        loyalty = 0.6 * math.tanh(memory[M_LOYAL + victim])
    memory[M_LOYAL + actor] -= weight * loyalty



# ---------------------------------------------------------------- judgements: sides
@njit(cache=True, entry=True)
def role_probs(seen, memory, counts, probs, ev):
    """probs[r, role]: known roles, else the remaining role counts tilted by the evidence. With
    EV_COUNTS the unknown seats' probabilities are also fitted to the remaining counts (each
    role's probabilities over the unknown seats sum to the number of that role left: two seats
    that both look like the one renegade cannot both be him)."""
    n = seen[V_N]
    probs[:, :] = 0.0
    left = counts[n].copy()
    unknown = np.zeros(NS, np.int64)
    nunk = 0
    for r in range(n):
        role = seen[V_ROLE] if r == 0 else seen[VP_KROLE + r]
        if role >= 0:
            probs[r, role] = 1.0
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
        e = memory[M_LOYAL + r]
        ec = min(max(e, -5.0), 5.0)
        q0 = left[0] / tot
        q1 = left[1] / tot * math.exp(min(e, 5.0))
        q2 = left[2] / tot * math.exp(-ec)
        q3 = left[3] / tot * math.exp(0.3 * ec)
        s = q0 + q1 + q2 + q3
        if s > 0:
            probs[r, 0], probs[r, 1], probs[r, 2], probs[r, 3] = q0 / s, q1 / s, q2 / s, q3 / s
        else:
            for i in range(C.NUM_ROLES):
                probs[r, i] = left[i] / tot
    if ev & EV_COUNTS and nunk > 1 and abs(tot - nunk) < 0.5:
        for _ in range(20):               # alternate: columns to the counts, rows to 1
            for i in range(4):
                cs = 0.0
                for r in range(n):
                    if unknown[r]:
                        cs += probs[r, i]
                if cs > 0:
                    f = left[i] / cs
                    for r in range(n):
                        if unknown[r]:
                            probs[r, i] *= f
            for r in range(n):
                if unknown[r]:
                    rs = probs[r, 0] + probs[r, 1] + probs[r, 2] + probs[r, 3]
                    if rs > 0:
                        for i in range(4):
                            probs[r, i] /= rs


@njit(cache=True)
def hostility(seen, memory, counts, hostile, ev):
    """hostile[r] in [-1.5, 1.5]: > 0 enemy, < 0 friend; hostile[0] = SELF_WORTH."""
    n = seen[V_N]
    hostile[:] = 0.0
    if seen[V_TEAM]:               # 3v3: the other team are enemies, the own team friends
        for r in range(1, n):
            if seen[VP_ALIVE + r]:
                cmd = seen[VP_KROLE + r] == COMMANDER
                if seen[VP_ALLY + r]:
                    hostile[r] = -1.5 if cmd else -1.0
                else:
                    hostile[r] = 1.5 if cmd else 1.0
        hostile[0] = SELF_WORTH
        return
    P = np.zeros((NS, C.NUM_ROLES))
    role_probs(seen, memory, counts, P, ev)
    me = seen[V_ROLE]
    rebels_left = 0.0
    loyal_left = 0.0
    for r in range(n):
        if seen[VP_ALIVE + r]:
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
            if seen[VP_ALIVE + r]:
                s = seen[VP_HP + r] + 0.4 * seen[VP_HANDN + r]
                lord_side += s * (P[r, LORD] + P[r, LOYALIST])
                rebel_side += s * P[r, REBEL]
        lord = seen[V_LORD]
        others = 0
        for r in range(1, n):
            if seen[VP_ALIVE + r] and r != lord:
                others += 1
        if others == 0:
            t0 = 1.5
        elif lord >= 0 and seen[VP_HP + lord] <= 2:
            t0 = -1.0
        else:
            t0 = 0.3 if lord_side > 1.5 * rebel_side else -0.5
        t1 = 1.0 if lord_side >= rebel_side else 0.1
        t2 = 1.0 if rebel_side >= 0.8 * lord_side else 0.3
        t3 = 0.8
    for r in range(1, n):
        if seen[VP_ALIVE + r]:
            hostile[r] = P[r, 0] * t0 + P[r, 1] * t1 + P[r, 2] * t2 + P[r, 3] * t3
    hostile[0] = SELF_WORTH


@njit(cache=True)
def friend(hostile, r):
    return r >= 0 and hostile[r] < -0.2


@njit(cache=True)
def enemy(hostile, r, t):
    return r >= 0 and hostile[r] > t


# ---------------------------------------------------------------- judgements: card values
@njit(cache=True)
def card_value(seen, equip, card_table, c):
    """What card c would be worth in this seat's hand (no duplicate discount)."""
    k = card_table[0, c]
    if BASE_VALUE[k] > 0:
        return BASE_VALUE[k] + (1.5 if k == C.K_PEACH and seen[VP_HP] <= 2 else 0.0)
    if is_weapon_kind(k):
        return 4.0 if seen[VP_WEAPON] == 0 else 1.5
    if is_armor(k):
        return 5.0 if seen[VP_ARMOR] == 0 else 1.0
    if k == C.K_HORSE_PLUS or k == C.K_HORSE_MINUS:
        return 4.0 if not has_equip(equip, 0, k) else 1.0
    return 2.0


@njit(cache=True)
def hand_values(seen, equip, seat_skills, card_table, values):
    """values[c]: value of each own hand card (later copies of a kind worth less)."""
    unlimited = has_equip(equip, 0, C.K_CROSSBOW) or trait(traits.UNLIMITED_SLASH, seat_skills, 0)
    copies = np.zeros(C.NUM_KINDS, np.int64)      # of each kind, among the cards before
    for i in range(seen[V_NHAND]):
        c = seen[V_HAND + i]
        k = card_table[0, c]
        j = copies[k]
        copies[k] += 1
        if COPY_VALUE[k, 0] > 0 and not (k == C.K_SLASH and unlimited):
            val = COPY_VALUE[k, min(j, 2)]
        else:
            val = card_value(seen, equip, card_table, c)
        if k == C.K_PEACH and seen[VP_HP] <= 2:
            val += 1.5
        values[c] = val


@njit(cache=True)
def own_value(obs, seen, equip, card_table, values, c):
    """Value of one of this seat's cards, hand or equipment (for costs)."""
    if in_hand(obs, c):
        return values[c]
    k = card_table[0, c]
    if is_weapon_kind(k):
        return 3.5
    if is_armor(k):
        return 6.0
    if k == C.K_HORSE_PLUS:
        return 4.5
    if k == C.K_HORSE_MINUS:
        return 3.5
    return card_value(seen, equip, card_table, c)


@njit(cache=True)
def two_cheapest_hand(seen, values):
    """(number of hand cards, cheapest value, second cheapest) of the own hand (9e9 if none)."""
    a = 9e9
    b = 9e9
    for i in range(seen[V_NHAND]):
        x = values[seen[V_HAND + i]]
        if x < a:
            b = a
            a = x
        elif x < b:
            b = x
    return seen[V_NHAND], a, b


# ---------------------------------------------------------------- choosing among actions
@njit(cache=True)
def consider(acc, score, a, gen):
    """Keep (score, action) in acc if it beats the best so far (tie-break noise added)."""
    score = score + rand(gen) * 1e-3
    if score > acc[0]:
        acc[0] = score
        acc[1] = a


@njit(cache=True)
def cheapest_card(obs, mask, seen, equip, card_table, values, filt, excl):
    """The legal card action with the lowest own value (ties: lower id); filt: 0 any card, 1
    hand cards only; excl: a card id to skip (-1: none)."""
    best = -1
    bv = 1e18
    for c in range(C.MAX_CARDS):
        if mask[C.A_CARD + c] == 0 or c == excl:
            continue
        if filt == 1 and not in_hand(obs, c):
            continue
        x = own_value(obs, seen, equip, card_table, values, c)
        if x < bv:
            bv = x
            best = c
    return C.A_CARD + best if best >= 0 else NONE


# ---------------------------------------------------------------- target values
@njit(cache=True)
def slash_value(seen, equip, seat_skills, hostile, r, color, user):
    h = hostile[r]
    if r == user or not seen[VP_ALIVE + r]:
        return -5.0
    hp = seen[VP_HP + r]
    val = h * (1.35 if hp <= 1 else (1.15 if hp == 2 else 1.0))
    if seen[VP_WEAPON + user] != C.K_QINGGANG:
        if seen[VP_ARMOR + r] == C.K_EIGHT_DIAGRAM:
            val -= 0.25 * abs(h)
        if seen[VP_ARMOR + r] == C.K_NIOH_SHIELD and color == C.COLOR_BLACK:
            val -= 2.0
    if seen[VP_HANDN + r] == 0:
        val += 0.15 * h
    if h > 0:                     # threat: cards in hand, a weapon
        val += h * (0.04 * min(seen[VP_HANDN + r], 5) + (0.1 if seen[VP_WEAPON + r] else 0.0))
    bias = 0.0
    for i in range(C.MAX_SKILL_SLOTS):
        bias += traits.SLASH_TARGET_BIAS[seat_skills[r, i]]
    if bias != 0.0:
        val += bias
    return val


@njit(cache=True)
def slash_targets(seen, equip, seat_skills, hostile, color):
    """The best value of a 杀 on someone in range now (-5 if none)."""
    best = -5.0
    for r in range(1, seen[V_N]):
        if not seen[VP_ALIVE + r] or not seen[VP_INRANGE + r]:
            continue
        if immune(seen, seat_skills, r, C.K_SLASH):
            continue
        best = max(best, slash_value(seen, equip, seat_skills, hostile, r, color, 0))
    return best


@njit(cache=True)
def trick_reach(seen, seat_skills, r, kind):
    if r == 0 or not seen[VP_ALIVE + r]:
        return False
    if immune(seen, seat_skills, r, kind):
        return False
    if kind == C.K_SNATCH:
        return seen[VP_DIST + r] <= 1 or trait(traits.TRICK_ANY_DISTANCE, seat_skills, 0)
    if kind == C.K_INDULGENCE:
        return not seen[VP_INDUL + r]
    return True


@njit(cache=True)
def take_value(seen, equip, hostile, r):
    """Value of taking or destroying one card of seat r (过河拆桥, 顺手牵羊)."""
    ncards = seen[VP_HANDN + r] + equip_count(equip, r)
    if friend(hostile, r):
        return 1.0 if (seen[VP_INDUL + r] or seen[VP_LIGHT + r]) else -1.0
    if ncards == 0:
        return -0.5
    return hostile[r] * (0.5 + 0.15 * min(ncards, 4) + (0.3 if seen[VP_ARMOR + r] else 0.0)
                   + (0.2 if seen[VP_WEAPON + r] else 0.0))


@njit(cache=True)
def duel_value(seen, card_table, hostile, r):
    mine = count_kind(seen, card_table, C.K_SLASH)
    return (hostile[r] * (1.1 if seen[VP_HP + r] <= 1 else 1.0)
            + 0.15 * (mine - seen[VP_HANDN + r] / 2.0))


@njit(cache=True)
def indulgence_value(seen, equip, hostile, r):
    return hostile[r] * (1.0 + 0.08 * seen[VP_HANDN + r] + 0.1 * equip_count(equip, r))


@njit(cache=True)
def collateral_best(seen, equip, seat_skills, hostile, wielder):
    """Best value of 借刀杀人 options (wielder r holds a weapon; its victim in its range), over
    every wielder (wielder < 0) or one; -1e9 if none."""
    best = -1e9
    n = seen[V_N]
    for a in range(1, n):
        if not seen[VP_ALIVE + a] or seen[VP_WEAPON + a] == 0:
            continue
        if wielder >= 0 and a != wielder:
            continue
        for b in range(n):
            if b == a or not seen[VP_ALIVE + b]:
                continue
            if distance(seen, equip, seat_skills, a, b) > attack_range(seen, a):
                continue
            if immune(seen, seat_skills, b, C.K_SLASH):
                continue
            hb = hostile[b] if b != 0 else -3.0
            best = max(best, hb + 0.4 * hostile[a])
    return best


@njit(cache=True)
def aoe_value(seen, hostile):
    """Net value of hitting every other living seat (南蛮入侵, 万箭齐发)."""
    tot = 0.0
    k = 0
    for r in range(1, seen[V_N]):
        if seen[VP_ALIVE + r]:
            hp = seen[VP_HP + r]
            tot += hostile[r] * (1.6 if hp <= 1 else (1.2 if hp == 2 else 1.0))
            k += 1
    return tot / max(1, k)


@njit(cache=True)
def heal_all_value(seen, hostile):
    tot = 0.0
    for r in range(seen[V_N]):
        if seen[VP_ALIVE + r] and seen[VP_HP + r] < seen[VP_MAXHP + r]:
            tot -= hostile[r]
    return tot



@njit(cache=True)
def target_score(code, r, color, obs, seen, equip, seat_skills, hostile, card_table):
    if code == TS_SLASH:
        return slash_value(seen, equip, seat_skills, hostile, r, color, 0)
    if code == TS_DUEL:
        return duel_value(seen, card_table, hostile, r)
    if code == TS_TAKE:
        return take_value(seen, equip, hostile, r)
    if code == TS_INDUL:
        return indulgence_value(seen, equip, hostile, r)
    if code == TS_H:
        return hostile[r]
    if code == TS_NEG_H:
        return -hostile[r]
    if code == TS_WIELDER:
        b = collateral_best(seen, equip, seat_skills, hostile, r)
        return b if b > -1e8 else hostile[r] - 1.0
    if code == TS_VICTIM:
        return -3.0 if r == 0 else hostile[r]
    if code == TS_PEACH:
        return (1.0 if r == 0 and seen[VP_HP] <= 1 else 0.0) + (-hostile[r] if r != 0 else 0.5)
    # TS_FALLBACK
    return -hostile[r] if r == 0 else hostile[r]


@njit(cache=True)
def best_target(code, color, obs, mask, seen, equip, seat_skills, hostile, card_table, gen):
    """The legal target action with the best ``target_score`` of kind code (TS_*; color: the
    card's colour, for TS_SLASH)."""
    acc = np.array([-1e18, -1.0])
    for r in range(seen[V_N]):
        if mask[C.A_TARGET + r] != 0:
            consider(acc, target_score(code, r, color, obs, seen, equip, seat_skills, hostile,
                                       card_table), C.A_TARGET + r, gen)
    return int(acc[1]) if acc[1] >= 0 else NONE


@njit(cache=True)
def yes_unless_friend(x):
    """CONFIRM, or PASS when the decision's target seat is a friend."""
    t = x.seen[V_DTGT]
    return C.A_PASS if t >= 0 and friend(x.hostile, t) else C.A_CONFIRM


@njit(cache=True)
def cheapest_of(seen, card_table, values, row, want):
    """The lowest value of an own hand card whose card_table[row] (1: suit, 3: colour) is want (9 if
    none)."""
    cost = 9.0
    for i in range(seen[V_NHAND]):
        c = seen[V_HAND + i]
        if card_table[row, c] == want:
            cost = min(cost, values[c])
    return cost


@njit(cache=True)
def pick_target(mask, seen, scores, gen):
    """The legal target action with the best score scores[r] (tie-break noise as best_target)."""
    acc = np.array([-1e18, -1.0])
    for r in range(seen[V_N]):
        if mask[C.A_TARGET + r] != 0:
            consider(acc, scores[r], C.A_TARGET + r, gen)
    return int(acc[1]) if acc[1] >= 0 else NONE


@njit(cache=True)
def pay_cheapest(x):
    """The cheapest legal card (any of one's own): how a skill that costs a card pays."""
    return cheapest_card(x.obs, x.mask, x.seen, x.equip, x.card_table, x.values, 0, -1)


# ---------------------------------------------------------------- the play phase
@njit(cache=True)
def equip_score(seen, equip, seat_skills, card_table, k):
    if is_weapon_kind(k):
        for i in range(C.MAX_SKILL_SLOTS):
            w = traits.WEAPON_SCORE[seat_skills[0, i]]
            if not math.isnan(w):
                return w             # a skill that plays better without a weapon
        cur = seen[VP_WEAPON]
        slashes = count_kind(seen, card_table, C.K_SLASH)
        if cur == 0:
            return 6.0 + (1.5 if k == C.K_CROSSBOW and slashes >= 2 else 0.0)
        if k == C.K_CROSSBOW:
            return 3.0 if slashes >= 3 and cur != C.K_CROSSBOW else -1.0
        if cur != C.K_CROSSBOW and WEAPON_RANGE[k] > WEAPON_RANGE[cur]:
            return 2.0
        return -1.0
    if is_armor(k):
        return 7.5 if seen[VP_ARMOR] == 0 else -1.0
    if k == C.K_HORSE_PLUS or k == C.K_HORSE_MINUS:
        if trait(traits.ONE_HORSE, seat_skills, 0):      # one horse is enough
            return 5.0 if not (has_equip(equip, 0, C.K_HORSE_PLUS)
                               or has_equip(equip, 0, C.K_HORSE_MINUS)) else -1.0
        if has_equip(equip, 0, k):
            return -1.0
        return 6.5 if k == C.K_HORSE_PLUS else 5.5
    return -1.0


@njit(cache=True)
def best_over_others(code, seen, equip, seat_skills, hostile, card_table, kind):
    """max over living others that kind reaches (trick_reach) of a target value (-5: none)."""
    best = -5.0
    found = False
    for r in range(1, seen[V_N]):
        if not seen[VP_ALIVE + r]:
            continue
        if kind > 0 and not trick_reach(seen, seat_skills, r, kind):
            continue
        if code == TS_TAKE:
            x = take_value(seen, equip, hostile, r)
        elif code == TS_INDUL:
            x = indulgence_value(seen, equip, hostile, r)
        else:
            x = duel_value(seen, card_table, hostile, r)
        if not found or x > best:
            best = x
            found = True
    return best


@njit(cache=True)
def play_card_score(obs, seen, equip, seat_skills, hostile, card_table, c):
    k = card_table[0, c]
    hp, maxhp = seen[VP_HP], seen[VP_MAXHP]
    if k == C.K_EX_NIHILO:
        return 10.0
    if C.K_CROSSBOW <= k <= C.K_HORSE_MINUS:
        return equip_score(seen, equip, seat_skills, card_table, k)
    if k == C.K_PEACH:
        if hp >= maxhp:
            # 救援: a 吴 character may heal the wounded lord 孙权 in his own turn
            lord = seen[V_LORD]
            if lord > 0 and friend(hostile, lord) and seen[VP_HP + lord] < seen[VP_MAXHP + lord]:
                return 5.0
            return -1.0
        if hp <= 1 or hp <= maxhp - 2:
            return 8.0
        if count_kind(seen, card_table, C.K_PEACH) >= 2 or seen[VP_HANDN] > hp + 1:
            return 4.0
        return -1.0
    if k == C.K_INDULGENCE:
        best = best_over_others(TS_INDUL, seen, equip, seat_skills, hostile, card_table, k)
        return 7.0 + best if best > 0.3 else -1.0
    if k == C.K_SNATCH or k == C.K_DISMANTLE:
        best = best_over_others(TS_TAKE, seen, equip, seat_skills, hostile, card_table, k)
        return (6.5 if k == C.K_SNATCH else 6.0) + best if best > 0.25 else -1.0
    if k == C.K_COLLATERAL:
        best = collateral_best(seen, equip, seat_skills, hostile, -1)
        return 5.5 + best if best > 0.5 else -1.0
    if k == C.K_DUEL:
        best = best_over_others(TS_DUEL, seen, equip, seat_skills, hostile, card_table, k)
        if best <= 0.3 or (hp <= 1 and count_kind(seen, card_table, C.K_SLASH) == 0):
            return -1.0
        return 5.0 + best
    if k == C.K_SAVAGE or k == C.K_ARCHERY:
        val = aoe_value(seen, hostile)
        return 4.5 + val if val > 0.15 else -1.0
    if k == C.K_GOD_SALVATION:
        val = heal_all_value(seen, hostile)
        return 3.0 + val if val > 0.5 else -1.0
    if k == C.K_AMAZING_GRACE:
        tot = 0.0
        for r in range(1, seen[V_N]):
            if seen[VP_ALIVE + r]:
                tot += hostile[r]
        val = -tot / max(1, n_alive_others(seen))
        return 3.0 + val if val > -0.6 else -1.0
    if k == C.K_LIGHTNING:
        return 0.5 if seen[V_ROLE] == REBEL and not friend(hostile, seen[V_LORD]) else -1.0
    if k == C.K_SLASH:
        best = slash_targets(seen, equip, seat_skills, hostile, card_table[3, c])
        return 4.0 + best if best > 0.2 else -1.0
    return -1.0



@njit(cache=True)
def skill_of_action(seat_skills, a):
    i = a - C.A_SKILL
    return seat_skills[0, i] if i < C.MAX_SKILL_SLOTS else 0



@njit(cache=True)
def decide_ag(mask, seen, equip, card_table, gen):
    acc = np.array([-1e18, -1.0])
    for c in range(C.MAX_CARDS):
        if mask[C.A_CARD + c] != 0:
            consider(acc, card_value(seen, equip, card_table, c), C.A_CARD + c, gen)
    return int(acc[1]) if acc[1] >= 0 else NONE



# ---------------------------------------------------------------- skill decisions
@njit(cache=True)
def unseen_colors(obs, seen, card_table):
    red = 0
    black = 0
    for c in range(seen[V_DSIZE]):
        known = obs[C.OBS_HAND + c] > 0 or obs[C.OBS_PUBLIC + c] > 0 \
            or obs[C.OBS_TABLE + c] > 0 or obs[C.OBS_DISCARD + c] > 0
        if not known:
            if card_table[3, c] == C.COLOR_RED:
                red += 1
            else:
                black += 1
    return red, black


@njit(cache=True)
def judge_good(seen, equip, seat_skills, card_table, t, c):
    """Is judgement card c good for the judging seat t (1 / 0; -1: cannot tell why it judges)?"""
    suit, rank, color = card_table[1, c], card_table[2, c], card_table[3, c]
    ph = seen[V_PHASE]
    if ph == C.PH_JUDGE and seen[V_CUR] == t and (seen[VP_INDUL + t] or seen[VP_LIGHT + t]):
        if seen[VP_INDUL + t]:
            return 1 if suit == C.SUIT_HEART else 0
        return 0 if (suit == C.SUIT_SPADE and 2 <= rank <= 9) else 1
    if ph == C.PH_START and seen[V_CUR] == t:
        for i in range(C.MAX_SKILL_SLOTS):
            want = traits.START_JUDGE_COLOR[seat_skills[t, i]]
            if want >= 0:
                return 1 if color == want else 0
    if seen[VP_ARMOR + t] == C.K_EIGHT_DIAGRAM and ph != C.PH_JUDGE:
        return 1 if color == C.COLOR_RED else 0
    return -1


