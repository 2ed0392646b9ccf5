"""The heuristic agent's rules as Numba kernels (``heroes_env.agents.heuristic.HeuristicAgent`` is
their ``Agent`` face; the rules themselves are described in that module's docstring).

``act_rows`` decides a batch: row i reads only observation ``obs[i]``, mask ``masks[i]`` and its
slot's memory rows ``MF[rows[i]]`` (float evidence) and ``MI[rows[i]]`` (the tie-break generator),
in parallel over the rows (``heroes_env.fast.crew``). Static content (per deck: card kind, suit,
rank, colour; per hero: skills and draft score; the role counts per player count) comes in as
arrays built once by ``tables()``.

Per decision the kernel decodes the observation into ``V`` (int64 scalars and per-seat fields at
the ``V_*`` / ``P_*`` offsets below), ``EQ`` (equipment per seat), ``SKS`` (base skill ids per
seat), ``H`` (hostility per relative seat) and ``VAL`` (value of each own hand card), then
dispatches on the decision kind. A rule with nothing to say returns -1 and ``fallback`` decides.

The evidence the observation does not hold (who harmed or helped whom) lives in ``MF`` and is
updated in one place, ``update_evidence``.
"""
from __future__ import annotations

import math

import numpy as np

from heroes_env import cards as _cards
from heroes_env.engine import constants as C
from heroes_env.engine import content
from heroes_env.engine.skills import ids as SK
from heroes_env.fast import crew
from heroes_env.fast.jit import njit

LORD, LOYALIST, REBEL, RENEGADE = C.ROLE_LORD, C.ROLE_LOYALIST, C.ROLE_REBEL, C.ROLE_RENEGADE
COMMANDER, GUARD = C.ROLE_COMMANDER, C.ROLE_GUARD
NS = C.MAX_SEATS
NEQ = C.K_HORSE_MINUS - C.K_CROSSBOW + 1
NONE = -1                      # "this rule has nothing to say"
SELF_WORTH = -1.5              # hostility of oneself

# ---------------------------------------------------------------- content as arrays
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
# weapon range per kind (0: not a weapon)
WEAPON_RANGE = np.zeros(C.NUM_KINDS, np.int64)
for _k, _v in {C.K_CROSSBOW: 1, C.K_DOUBLE_SWORDS: 2, C.K_QINGGANG: 2, C.K_ICE_SWORD: 2,
               C.K_BLADE: 3, C.K_SPEAR: 3, C.K_AXE: 3, C.K_HALBERD: 4, C.K_KYLIN_BOW: 5}.items():
    WEAPON_RANGE[_k] = _v
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
CONFIRM_SKILLS = np.zeros(C.MAX_SKILLS, np.int64)
for _s in (SK.SK_JIANXIONG, SK.SK_TIANDU, SK.SK_YIJI, SK.SK_LUOSHEN, SK.SK_GUANXING,
           SK.SK_YINGZI, SK.SK_BIYUE, SK.SK_LIANYING, SK.SK_XIAOJI):
    CONFIRM_SKILLS[_s] = 1


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
    """The static arrays ``act_rows`` reads: (decks [D, 4, MAX_CARDS] kind/suit/rank/colour,
    deck_size [D], hero_sk [MAX_HEROES, 2, MAX_SKILL_SLOTS] base skill ids without / with lord
    skills, hero_score [MAX_HEROES, 2] as a seat / as the lord, role_counts [MAX_SEATS+1,
    NUM_ROLES]) and the deck names in order."""
    names = list(_cards.DECKS)
    decks = np.zeros((len(names), 4, C.MAX_CARDS), np.int64)
    decks[:, 1, :] = -1
    decks[:, 3, :] = C.COLOR_NONE
    size = np.zeros(len(names), np.int64)
    for i, name in enumerate(names):
        d = _cards.deck(name)
        size[i] = len(d)
        for c in d:
            decks[i, 0, c.id] = c.kind
            decks[i, 1, c.id] = c.suit
            decks[i, 2, c.id] = c.rank
            decks[i, 3, c.id] = c.suit & 1 if c.suit >= 0 else C.COLOR_NONE
    hero_sk = np.zeros((C.MAX_HEROES, 2, C.MAX_SKILL_SLOTS), np.int64)
    hscore = np.zeros((C.MAX_HEROES, 2))
    for hid, h in content.HEROES_BY_ID.items():
        for lord in (0, 1):
            sks = [int(content.SKILL_BASE[sk]) for sk in h.skills
                   if lord or content.SKILLS_BY_ID[sk].kind != "lord"]
            hero_sk[hid, lord, :len(sks)] = sks[:C.MAX_SKILL_SLOTS]
            hscore[hid, lord] = hero_score(hid, bool(lord))
    counts = np.zeros((C.MAX_SEATS + 1, C.NUM_ROLES))
    for n in range(4, C.MAX_SEATS + 1):
        try:
            pool = _cards.role_pool(n)
        except (ValueError, KeyError, IndexError):
            continue
        for r in range(C.NUM_ROLES):
            counts[n, r] = float((np.asarray(pool) == r).sum())
    return (decks, size, hero_sk, hscore, counts), names


# ---------------------------------------------------------------- memory layout (per slot)
M_INIT = 0             # 1 once the slot has seen this game
M_DECK = 1             # deck index assumed
M_N = 2                # players
M_PREV_ROUND = 3
M_PREV_CUR = 4
M_HAS_PREV = 5         # prev_hp / prev_alive hold the last observation
M_GX_LATER = 6         # 观星: the first top card is placed already
M_LIJIAN = 7           # 离间: victim + 1 chosen at stage 1 (0: none)
M_HAS_CTX = 8
M_CTX = 9              # 8 cells: the last decision context seen
M_LOYAL = 17           # NS cells: evidence per relative seat (+ lord side, - rebels)
M_PREV_HP = M_LOYAL + NS
M_PREV_ALIVE = M_PREV_HP + NS
MF_SIZE = M_PREV_ALIVE + NS
MI_SIZE = 2            # [0]: generator state (MINSTD), [1]: 1 once seeded
RNG_MOD = 2147483647

# ---------------------------------------------------------------- the decoded view (V)
V_N, V_ROLE, V_CUR, V_DK, V_DCK, V_DSRC, V_DTGT = 0, 1, 2, 3, 4, 5, 6
V_DNUM = 7             # 3 cells
V_PHASE, V_ROUND, V_NDECK, V_NDISC, V_DSLOT, V_DSKOWN, V_LORD, V_TEAM, V_DECK = \
    10, 11, 12, 13, 14, 15, 16, 17, 18
V_NHAND, V_NTABLE, V_DSIZE, V_NLEGAL = 19, 20, 21, 22
# per relative seat, NS cells each (VP_: the view's pieces, not the engine's state offsets C.P_*)
VP_BASE = 24
VP_ALIVE = VP_BASE
VP_HP = VP_ALIVE + NS
VP_MAXHP = VP_HP + NS
VP_HANDN = VP_MAXHP + NS
VP_KROLE = VP_HANDN + NS
VP_DIST = VP_KROLE + NS
VP_INRANGE = VP_DIST + NS
VP_GENDER = VP_INRANGE + NS
VP_GIVEN = VP_GENDER + NS
VP_HERO = VP_GIVEN + NS
VP_INDUL = VP_HERO + NS
VP_LIGHT = VP_INDUL + NS
VP_ALLY = VP_LIGHT + NS
VP_WEAPON = VP_ALLY + NS
VP_ARMOR = VP_WEAPON + NS
V_HAND = VP_ARMOR + NS          # hand card ids (V_NHAND of them)
V_TABLE = V_HAND + C.MAX_CARDS  # table card ids (V_NTABLE of them)
V_SIZE = V_TABLE + C.MAX_CARDS

# target scores (best_target's code)
TS_SLASH, TS_DUEL, TS_TAKE, TS_INDUL, TS_H, TS_NEG_H, TS_FANJIAN, TS_RENDE = 0, 1, 2, 3, 4, 5, 6, 7
TS_WIELDER, TS_VICTIM, TS_PEACH, TS_LIJIAN_A, TS_LIJIAN_B, TS_FALLBACK = 8, 9, 10, 11, 12, 13


# ---------------------------------------------------------------- small helpers
@njit(cache=True)
def rand(MI):
    """The slot's tie-break generator: uniform in [0, 1)."""
    MI[0] = (MI[0] * 48271) % RNG_MOD
    return (MI[0] - 1) / (RNG_MOD - 1.0)


@njit(cache=True)
def seed_slot(MI, base_seed, key):
    s = ((base_seed % 1000003) * 7919 + (key % 100000007) * 104729 + 12345) % RNG_MOD
    MI[0] = s if s > 0 else 1
    for _ in range(4):
        rand(MI)
    MI[1] = 1


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
def has_skill(SKS, r, sk):
    for i in range(C.MAX_SKILL_SLOTS):
        if SKS[r, i] == sk:
            return True
    return False


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
def count_kind(V, K, kind):
    k = 0
    for i in range(V[V_NHAND]):
        if K[0, V[V_HAND + i]] == kind:
            k += 1
    return k


# ---------------------------------------------------------------- decoding
@njit(cache=True, entry=True)
def read_view(o, m, V, EQ, SKS, decks, deck_size, hero_sk, default_deck, mem_deck):
    """Decode observation o into V / EQ / SKS; returns the deck index (mem_deck if >= 0, else
    inferred from the card count)."""
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
    handsum = 0
    for r in range(n):
        b = C.OBS_SEATS + r * C.SEAT_OBS
        V[VP_ALIVE + r] = 1 if o[b + C.OS_ALIVE] > 0 else 0
        V[VP_HP + r] = int(o[b + C.OS_HP])
        V[VP_MAXHP + r] = int(o[b + C.OS_MAXHP])
        V[VP_HANDN + r] = int(o[b + C.OS_HANDN])
        handsum += V[VP_HANDN + r]
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
        h = onehot(o, b + C.OS_HERO, C.MAX_HEROES)
        V[VP_HERO + r] = h
        if h >= 0:
            lordf = 1 if kr == LORD else 0
            for i in range(C.MAX_SKILL_SLOTS):
                SKS[r, i] = hero_sk[h, lordf, i]
        w = 0
        for k in range(C.K_CROSSBOW, C.K_KYLIN_BOW + 1):
            if EQ[r, k - C.K_CROSSBOW]:
                w = k
                break
        V[VP_WEAPON + r] = w
        a = 0
        for k in (C.K_EIGHT_DIAGRAM, C.K_NIOH_SHIELD):
            if EQ[r, k - C.K_CROSSBOW]:
                a = k
                break
        V[VP_ARMOR + r] = a
        if kr == LORD and V[V_LORD] < 0:
            V[V_LORD] = r
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
    deck = mem_deck
    if deck < 0:
        total = V[V_NDECK] + V[V_NDISC] + handsum + npub + nt + nlook
        deck = default_deck
        for i in range(deck_size.shape[0]):
            if deck_size[i] == total:
                deck = i
                break
    V[V_DECK] = deck
    V[V_DSIZE] = deck_size[deck]
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
    if has_skill(SKS, a, SK.SK_MASHU):
        d -= 1
    if has_skill(SKS, b, SK.SK_MASHU):
        d += 1
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


@njit(cache=True)
def update_evidence(V, SKS, MF, ev):
    """Update the evidence about the other seats' sides (MF[M_LOYAL:]) from what changed since
    this slot's last observation and from the decision being asked; then remember this one.
    The one place that reads or writes the evidence history."""
    n = V[V_N]
    y = V[V_CUR]
    if MF[M_HAS_PREV] > 0:
        ndrops = 0
        for r in range(n):
            if MF[M_PREV_ALIVE + r] > 0 and MF[M_PREV_HP + r] > V[VP_HP + r]:
                ndrops += 1
        stale = y != int(MF[M_PREV_CUR])
        if ndrops > 0 and y > 0 and not (ev & EV_NO_DROPS) and not (stale and ev & EV_NO_STALE):
            w = (0.35 if stale else 1.0) / ndrops
            for x in range(n):
                if MF[M_PREV_ALIVE + x] > 0 and MF[M_PREV_HP + x] > V[VP_HP + x] and x != y:
                    d = MF[M_PREV_HP + x] - V[VP_HP + x]
                    harm(V, MF, y, x, w * min(d, 2.0), ev)
        # healed by the seat whose turn it is (结姻, 救援; not 桃园结义: it heals everyone)
        ngain = 0
        gain = -1
        for r in range(n):
            if V[VP_ALIVE + r] and MF[M_PREV_HP + r] >= 1 and V[VP_HP + r] > MF[M_PREV_HP + r] \
                    and r != y:
                ngain += 1
                gain = r
        if ngain == 1 and y > 0 and y == int(MF[M_PREV_CUR]) and not (ev & EV_NO_HEAL):
            harm(V, MF, y, gain, -0.5, ev)
    dk, src, tgt = V[V_DK], V[V_DSRC], V[V_DTGT]
    same = MF[M_HAS_CTX] > 0
    ctx = (dk, src, tgt, V[V_DCK], V[V_DNUM], V[V_DNUM + 1], V[V_CUR], V[V_ROUND])
    for i in range(8):
        if MF[M_CTX + i] != ctx[i]:
            same = False
    if not same:
        MF[M_HAS_CTX] = 1
        for i in range(8):
            MF[M_CTX + i] = ctx[i]
        d0, d1 = V[V_DNUM], V[V_DNUM + 1]
        if dk == C.DK_JINK and d1 == C.PUR_SLASH and src > 0:
            harm(V, MF, src, 0, 1.0, ev)
        elif dk == C.DK_SLASH and d1 == C.PUR_DUEL and src > 0:
            harm(V, MF, src, 0, 0.5, ev)
        elif dk == C.DK_DSWORDS and src > 0:
            harm(V, MF, src, 0, 0.3, ev)
        elif dk == C.DK_PEACH and src >= 0 and tgt >= 0 and src != tgt:
            harm(V, MF, src, tgt, 1.0, ev)          # src brought tgt to dying
        elif dk == C.DK_SKILL_CARD and decision_skill(V, SKS) == SK.SK_LIULI and tgt > 0:
            harm(V, MF, tgt, 0, 1.0, ev)            # the 杀 user 流离 answers
        elif dk == C.DK_NULLIFY and d1 == 0 and src >= 0 and tgt >= 0 and src != tgt and (
                d0 == C.K_DUEL or d0 == C.K_DISMANTLE or d0 == C.K_SNATCH
                or d0 == C.K_COLLATERAL or d0 == C.K_INDULGENCE):
            harm(V, MF, src, tgt, 0.8, ev)
        elif dk == C.DK_SKILL_OPTION and decision_skill(V, SKS) == SK.SK_FANJIAN \
                and V[V_DSKOWN] > 0:
            harm(V, MF, V[V_DSKOWN], 0, 0.7, ev)
    for r in range(NS):
        MF[M_PREV_HP + r] = V[VP_HP + r] if r < n else 0
        MF[M_PREV_ALIVE + r] = V[VP_ALIVE + r] if r < n else 0
    MF[M_HAS_PREV] = 1
    MF[M_PREV_CUR] = V[V_CUR]
    MF[M_PREV_ROUND] = V[V_ROUND]


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
    if WEAPON_RANGE[k] > 0:
        return 4.0 if V[VP_WEAPON] == 0 else 1.5
    if k == C.K_EIGHT_DIAGRAM or k == C.K_NIOH_SHIELD:
        return 5.0 if V[VP_ARMOR] == 0 else 1.0
    if k == C.K_HORSE_PLUS or k == C.K_HORSE_MINUS:
        return 4.0 if not has_equip(EQ, 0, k) else 1.0
    return 2.0


@njit(cache=True)
def hand_values(V, EQ, SKS, K, VAL):
    """VAL[c]: value of each own hand card (later copies of a kind worth less)."""
    unlimited = has_equip(EQ, 0, C.K_CROSSBOW) or has_skill(SKS, 0, SK.SK_FEIJIANG)
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
    if WEAPON_RANGE[k] > 0:
        return 3.5
    if k == C.K_EIGHT_DIAGRAM or k == C.K_NIOH_SHIELD:
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
    if has_skill(SKS, r, SK.SK_LIULI):
        val -= 0.2
    return val


@njit(cache=True)
def slash_targets(V, EQ, SKS, H, color):
    """The best value of a 杀 on someone in range now (-5 if none)."""
    best = -5.0
    for r in range(1, V[V_N]):
        if not V[VP_ALIVE + r] or not V[VP_INRANGE + r]:
            continue
        if V[VP_HANDN + r] == 0 and has_skill(SKS, r, SK.SK_KONGCHENG):
            continue
        best = max(best, slash_value(V, EQ, SKS, H, r, color, 0))
    return best


@njit(cache=True)
def trick_reach(V, SKS, r, kind):
    if r == 0 or not V[VP_ALIVE + r]:
        return False
    if kind == C.K_SNATCH:
        if has_skill(SKS, r, SK.SK_QIANXUN):
            return False
        return V[VP_DIST + r] <= 1 or has_skill(SKS, 0, SK.SK_QICAI)
    if kind == C.K_INDULGENCE:
        return not has_skill(SKS, r, SK.SK_QIANXUN) and not V[VP_INDUL + r]
    if kind == C.K_DUEL:
        return not (V[VP_HANDN + r] == 0 and has_skill(SKS, r, SK.SK_KONGCHENG))
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
            if V[VP_HANDN + b] == 0 and has_skill(SKS, b, SK.SK_KONGCHENG):
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
def lijian_plan(V, SKS, H):
    """Best (value, duelist, victim) for 离间: the victim answers first and is hurt if it runs out
    of 杀 first; both are males other than 貂蝉."""
    bv, ba, bb = -5.0, -1, -1
    n = V[V_N]
    for a in range(1, n):
        if not V[VP_ALIVE + a] or V[VP_GENDER + a] != C.GENDER_MALE:
            continue
        for b in range(1, n):
            if not V[VP_ALIVE + b] or V[VP_GENDER + b] != C.GENDER_MALE or a == b:
                continue
            if V[VP_HANDN + b] == 0 and has_skill(SKS, b, SK.SK_KONGCHENG):
                continue
            val = H[b] * (1.2 if V[VP_HP + b] <= 1 else 1.0) - 0.4 * H[a] \
                + 0.08 * (V[VP_HANDN + a] - V[VP_HANDN + b])
            if val > bv:
                bv, ba, bb = val, a, b
    return bv, ba, bb


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
    if code == TS_FANJIAN:
        return H[r] * (1.3 if V[VP_HP + r] <= 1 else 1.0)
    if code == TS_RENDE:
        return -H[r] + (0.3 if r == V[V_LORD] else 0.0)
    if code == TS_WIELDER:
        b = collateral_best(V, EQ, SKS, H, r)
        return b if b > -1e8 else H[r] - 1.0
    if code == TS_VICTIM:
        return -3.0 if r == 0 else H[r]
    if code == TS_PEACH:
        return (1.0 if r == 0 and V[VP_HP] <= 1 else 0.0) + (-H[r] if r != 0 else 0.5)
    if code == TS_LIJIAN_A:
        return (2.0 if r == p else 0.0) - 0.4 * H[r]
    if code == TS_LIJIAN_B:
        return (2.0 if r == p else 0.0) + H[r]
    # TS_FALLBACK
    return -H[r] if r == 0 else H[r]


@njit(cache=True)
def best_target(code, p, o, m, V, EQ, SKS, H, K, MI):
    acc = np.array([-1e18, -1.0])
    for r in range(V[V_N]):
        if m[C.A_TARGET + r] != 0:
            consider(acc, target_score(code, r, p, o, V, EQ, SKS, H, K), C.A_TARGET + r, MI)
    return int(acc[1]) if acc[1] >= 0 else NONE


# ---------------------------------------------------------------- the play phase
@njit(cache=True)
def equip_score(V, EQ, SKS, K, k):
    if WEAPON_RANGE[k] > 0:
        if has_skill(SKS, 0, SK.SK_LUOYI):
            return -1.0              # 裸衣 hits harder without a weapon
        cur = V[VP_WEAPON]
        slashes = count_kind(V, K, C.K_SLASH)
        if cur == 0:
            return 6.0 + (1.5 if k == C.K_CROSSBOW and slashes >= 2 else 0.0)
        if k == C.K_CROSSBOW:
            return 3.0 if slashes >= 3 and cur != C.K_CROSSBOW else -1.0
        if cur != C.K_CROSSBOW and WEAPON_RANGE[k] > WEAPON_RANGE[cur]:
            return 2.0
        return -1.0
    if k == C.K_EIGHT_DIAGRAM or k == C.K_NIOH_SHIELD:
        return 7.5 if V[VP_ARMOR] == 0 else -1.0
    if k == C.K_HORSE_PLUS or k == C.K_HORSE_MINUS:
        if has_skill(SKS, 0, SK.SK_MASHU):
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
        elif code == TS_DUEL:
            x = duel_value(V, K, H, r)
        else:
            x = H[r] * (1.3 if V[VP_HP + r] <= 1 else 1.0)
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
def play_skill_score(o, V, EQ, SKS, H, K, VAL, sk):
    hp, maxhp = V[VP_HP], V[VP_MAXHP]
    nh, c0, c1 = two_cheapest_hand(V, VAL)
    if sk == SK.SK_WUSHENG or sk == SK.SK_LONGDAN:
        if count_kind(V, K, C.K_SLASH) > 0:
            return -1.0                   # use the real 杀 first
        best = slash_targets(V, EQ, SKS, H, C.COLOR_NONE)
        return 3.7 + best if best > 0.2 else -1.0
    if sk == SK.SK_JIJIANG:
        if count_kind(V, K, C.K_SLASH) > 0:
            return -1.0
        best = slash_targets(V, EQ, SKS, H, C.COLOR_NONE)
        return 3.5 + best if best > 0.4 else -1.0
    if sk == SK.SK_QIXI or sk == SK.SK_GUOSE:
        want = C.COLOR_BLACK if sk == SK.SK_QIXI else C.SUIT_DIAMOND
        cost = 9.0
        for i in range(nh):
            c = V[V_HAND + i]
            if (sk == SK.SK_QIXI and K[3, c] == want) or (sk == SK.SK_GUOSE and K[1, c] == want):
                cost = min(cost, VAL[c])
        if sk == SK.SK_QIXI:
            best = best_over_others(TS_TAKE, V, EQ, SKS, H, K, 0)
            return 5.5 + best if best > 0.25 and cost <= 5.0 else -1.0
        best = best_over_others(TS_INDUL, V, EQ, SKS, H, K, C.K_INDULGENCE)
        return 6.5 + best if best > 0.3 and cost <= 5.5 else -1.0
    if sk == SK.SK_RENDE:
        anyf = False
        for r in range(1, V[V_N]):
            if V[VP_ALIVE + r] and friend(H, r):
                anyf = True
        if not anyf:
            return -1.0
        given = V[VP_GIVEN]
        if (hp < maxhp and given < 2 and nh >= 2 - given) or nh > hp:
            return 1.2
        return -1.0
    if sk == SK.SK_ZHIHENG:
        junk = 0
        for i in range(nh):
            if VAL[V[V_HAND + i]] <= 3.0:
                junk += 1
        return 1.5 if junk >= 2 else -1.0
    if sk == SK.SK_FANJIAN:
        best = best_over_others(TS_FANJIAN, V, EQ, SKS, H, K, 0)
        return 3.0 + best if best > 0.5 else -1.0
    if sk == SK.SK_JIEYIN:
        if nh < 2 or c0 + c1 > 10:
            return -1.0
        for r in range(1, V[V_N]):
            if V[VP_ALIVE + r] and V[VP_GENDER + r] == C.GENDER_MALE \
                    and V[VP_HP + r] < V[VP_MAXHP + r] \
                    and (friend(H, r) or (hp < maxhp and not enemy(H, r, 0.5))):
                return 3.0
        return -1.0
    if sk == SK.SK_QINGNANG:
        if hp >= maxhp:
            return -1.0
        return 6.0 if nh > 0 and c0 <= 6.0 else (3.0 if hp <= 1 else -1.0)
    if sk == SK.SK_LIJIAN:
        val, _a, _b = lijian_plan(V, SKS, H)
        return 3.0 + val if val > 0.6 else -1.0
    if sk == SK.SK_KUROU:
        peaches = count_kind(V, K, C.K_PEACH)
        return 8.0 if hp >= 3 or (hp >= 2 and peaches >= 1) else -1.0
    return -1.0


@njit(cache=True)
def skill_of_action(SKS, a):
    i = a - C.A_SKILL
    return SKS[0, i] if i < C.MAX_SKILL_SLOTS else 0


@njit(cache=True)
def decide_play(o, m, V, EQ, SKS, H, K, VAL, MI):
    acc = np.array([-1e18, -1.0])
    consider(acc, 0.0, C.A_PASS, MI)
    nh, c0, c1 = two_cheapest_hand(V, VAL)
    for c in range(C.MAX_CARDS):
        if m[C.A_CARD + c] == 0:
            continue
        if in_hand(o, c):
            consider(acc, play_card_score(o, V, EQ, SKS, H, K, c), C.A_CARD + c, MI)
        elif K[0, c] == C.K_SPEAR:      # 丈八蛇矛: two hand cards as a 杀
            best = slash_targets(V, EQ, SKS, H, C.COLOR_NONE)
            if count_kind(V, K, C.K_SLASH) == 0 and nh >= 2 and best > 0.5:
                consider(acc, 3.0 + best - (c0 + c1) / 10.0, C.A_CARD + c, MI)
    for a in range(C.A_SKILL, C.A_HERO):
        if m[a] != 0:
            consider(acc, play_skill_score(o, V, EQ, SKS, H, K, VAL, skill_of_action(SKS, a)),
                     a, MI)
    return int(acc[1])


# ---------------------------------------------------------------- choosing targets
@njit(cache=True)
def table_color(V, K):
    col = -1
    for i in range(V[V_NTABLE]):
        x = K[3, V[V_TABLE + i]]
        if col == -1:
            col = x
        elif col != x:
            return C.COLOR_NONE
    return col if col >= 0 else C.COLOR_NONE


@njit(cache=True)
def decide_target(o, m, V, EQ, SKS, H, K, MI):
    kind, stage = V[V_DNUM], V[V_DNUM + 1]
    color = table_color(V, K)
    if kind == C.K_SLASH:
        best = best_target(TS_SLASH, color, o, m, V, EQ, SKS, H, K, MI)
        if can(m, C.A_CONFIRM):          # 方天画戟: add a target only if it is worth it
            if best >= 0 and slash_value(V, EQ, SKS, H, best - C.A_TARGET, color, 0) > 0.3:
                return best
            return C.A_CONFIRM
        return best
    if kind == C.K_DUEL:
        return best_target(TS_DUEL, 0, o, m, V, EQ, SKS, H, K, MI)
    if kind == C.K_SNATCH or kind == C.K_DISMANTLE:
        return best_target(TS_TAKE, 0, o, m, V, EQ, SKS, H, K, MI)
    if kind == C.K_INDULGENCE:
        return best_target(TS_INDUL, 0, o, m, V, EQ, SKS, H, K, MI)
    if kind == C.K_COLLATERAL:
        if stage == 0:
            return best_target(TS_WIELDER, 0, o, m, V, EQ, SKS, H, K, MI)
        return best_target(TS_VICTIM, 0, o, m, V, EQ, SKS, H, K, MI)
    if kind == C.K_PEACH:      # 救援: the lord 孙权 or oneself
        return best_target(TS_PEACH, 0, o, m, V, EQ, SKS, H, K, MI)
    return best_target(TS_H, 0, o, m, V, EQ, SKS, H, K, MI)


# ---------------------------------------------------------------- responses
@njit(cache=True)
def response_card(o, m, V, EQ, K, VAL, kind):
    """The cheapest legal card answering a request for kind (八卦阵 first: it costs nothing)."""
    for c in range(C.MAX_CARDS):
        if m[C.A_CARD + c] != 0 and K[0, c] == C.K_EIGHT_DIAGRAM and not in_hand(o, c):
            return C.A_CARD + c
    best = -1
    bv = 1e18
    spear = -1
    for c in range(C.MAX_CARDS):
        if m[C.A_CARD + c] == 0:
            continue
        plain = in_hand(o, c) or K[0, c] != C.K_SPEAR or kind != C.K_SLASH
        if plain:
            x = own_value(o, V, EQ, K, VAL, c)
            if x < bv:
                bv = x
                best = c
        elif spear < 0:
            spear = c
    if best >= 0:
        return C.A_CARD + best
    if spear >= 0 and V[V_NHAND] >= 2:
        return C.A_CARD + spear
    return NONE


@njit(cache=True)
def lord_skill(m, SKS):
    for a in range(C.A_SKILL, C.A_HERO):
        if m[a] != 0:
            sk = skill_of_action(SKS, a)
            if sk == SK.SK_HUJIA or sk == SK.SK_JIJIANG:
                return a
    return NONE


@njit(cache=True)
def or_pass(a):
    return a if a >= 0 else C.A_PASS


@njit(cache=True)
def decide_jink(o, m, V, EQ, SKS, H, K, VAL):
    if V[V_DNUM + 1] == C.PUR_LORD:          # 护驾: a 闪 for the lord 曹操?
        if not friend(H, V[V_DSRC]):
            return C.A_PASS
        return or_pass(response_card(o, m, V, EQ, K, VAL, C.K_JINK))
    a = response_card(o, m, V, EQ, K, VAL, C.K_JINK)
    if a >= 0:
        return a
    return or_pass(lord_skill(m, SKS))


@njit(cache=True)
def decide_slash(o, m, V, EQ, SKS, H, K, VAL):
    purpose = V[V_DNUM + 1]
    src, tgt = V[V_DSRC], V[V_DTGT]
    if purpose == C.PUR_LORD:            # 激将: a 杀 for the lord 刘备?
        if not friend(H, src):
            return C.A_PASS
        return or_pass(response_card(o, m, V, EQ, K, VAL, C.K_SLASH))
    if purpose == C.PUR_DUEL:
        if friend(H, src) and V[VP_HP] >= 2:
            return C.A_PASS              # do not hurt a friend in a 决斗
    elif purpose == C.PUR_COLLATERAL:
        if tgt == 0 or (tgt > 0 and H[tgt] <= -0.3) or tgt < 0:
            return C.A_PASS              # give up the weapon rather than hit a friend
    elif purpose == C.PUR_BLADE:
        if tgt < 0 or slash_value(V, EQ, SKS, H, tgt, C.COLOR_NONE, 0) <= 0.2:
            return C.A_PASS
    a = response_card(o, m, V, EQ, K, VAL, C.K_SLASH)
    if a >= 0:
        return a
    return or_pass(lord_skill(m, SKS))


@njit(cache=True)
def decide_peach(o, m, V, EQ, H, K, VAL):
    x = V[V_DTGT]
    if x == 0:
        return or_pass(cheapest_card(o, m, V, EQ, K, VAL, 0, -1))
    if x > 0 and V[V_ROLE] == RENEGADE and V[VP_KROLE + x] == LORD:
        others = 0
        for r in range(1, V[V_N]):
            if V[VP_ALIVE + r] and r != x:
                others += 1
        return or_pass(cheapest_card(o, m, V, EQ, K, VAL, 0, -1)) if others > 0 else C.A_PASS
    if friend(H, x):
        return or_pass(cheapest_card(o, m, V, EQ, K, VAL, 0, -1))
    return C.A_PASS


@njit(cache=True)
def decide_nullify(o, m, V, EQ, H, K, VAL):
    kind, count = V[V_DNUM], V[V_DNUM + 1]
    t = V[V_DTGT]
    if t < 0:
        return C.A_PASS
    effect = TRICK_EFFECT[kind] if 0 <= kind < C.NUM_KINDS else 0.0
    if t == 0:
        if kind == C.K_SAVAGE and count_kind(V, K, C.K_SLASH) > 0:
            effect = -0.2
        if kind == C.K_ARCHERY and (count_kind(V, K, C.K_JINK) > 0
                                    or V[VP_ARMOR] == C.K_EIGHT_DIAGRAM):
            effect = -0.2
        if kind == C.K_LIGHTNING and V[VP_HP] > 3:
            effect = -0.2
        if (kind == C.K_DISMANTLE or kind == C.K_SNATCH) and V[VP_HANDN] + equip_count(EQ, 0) <= 1:
            effect = -0.2
    if V[VP_HP + t] <= 1 and (kind == C.K_DUEL or kind == C.K_SAVAGE or kind == C.K_ARCHERY
                             or kind == C.K_LIGHTNING):
        effect *= 1.5
    worth = -H[t] * effect             # value for this seat of the effect happening
    happening = count % 2 == 0
    if (happening and worth < -0.45) or (not happening and worth > 0.45):
        return or_pass(cheapest_card(o, m, V, EQ, K, VAL, 0, -1))
    return C.A_PASS


# ---------------------------------------------------------------- cards: pick, kylin, dswords
@njit(cache=True)
def pick_value(V, EQ, K, t, c, fr):
    """Value (for this seat) of removing card c (equipment or delayed trick) from seat t."""
    k = K[0, c]
    equipped = C.K_CROSSBOW <= k <= C.K_HORSE_MINUS and t >= 0 and has_equip(EQ, t, k)
    if not equipped:                      # a delayed trick in its judgement zone
        return 3.0 if fr else -3.0
    if k == C.K_EIGHT_DIAGRAM or k == C.K_NIOH_SHIELD:
        val = 8.0
    elif WEAPON_RANGE[k] > 0:
        val = 6.0
    elif k == C.K_HORSE_PLUS:
        val = 5.0
    else:
        val = 4.0
    return -val if fr else val


@njit(cache=True)
def decide_pick(o, m, V, EQ, H, K, MI):
    t = V[V_DTGT]
    fr = friend(H, t) if t >= 0 else False
    acc = np.array([-1e18, -1.0])
    if can(m, C.A_OPTION + C.OPT_HAND):
        hand = V[VP_HANDN + t] if t >= 0 else 0
        consider(acc, -1.0 if fr else (5.5 if hand <= 2 else 4.5), C.A_OPTION + C.OPT_HAND, MI)
    for c in range(C.MAX_CARDS):
        if m[C.A_CARD + c] != 0:
            consider(acc, pick_value(V, EQ, K, t, c, fr), C.A_CARD + c, MI)
    return int(acc[1]) if acc[1] >= 0 else NONE


@njit(cache=True)
def decide_ag(m, V, EQ, K, MI):
    acc = np.array([-1e18, -1.0])
    for c in range(C.MAX_CARDS):
        if m[C.A_CARD + c] != 0:
            consider(acc, card_value(V, EQ, K, c), C.A_CARD + c, MI)
    return int(acc[1]) if acc[1] >= 0 else NONE


@njit(cache=True)
def decide_kylin(o, m, V, EQ, H, K, VAL):
    if not enemy(H, V[V_DTGT], 0.1):
        return C.A_PASS
    for c in range(C.MAX_CARDS):
        if m[C.A_CARD + c] != 0 and K[0, c] == C.K_HORSE_PLUS:
            return C.A_CARD + c
    return or_pass(cheapest_card(o, m, V, EQ, K, VAL, 0, -1))


@njit(cache=True)
def decide_dswords(o, m, V, EQ, H, K, VAL):
    if enemy(H, V[V_DSRC], 0.0):
        a = cheapest_card(o, m, V, EQ, K, VAL, 0, -1)
        if a >= 0 and own_value(o, V, EQ, K, VAL, a - C.A_CARD) <= 3.0:
            return a
    return C.A_PASS


# ---------------------------------------------------------------- yes / no
@njit(cache=True)
def decide_confirm(o, m, V, EQ, SKS, H, K, VAL):
    purpose = V[V_DNUM + 1]
    t = V[V_DTGT]
    yes, no = C.A_CONFIRM, C.A_PASS
    if purpose == C.PUR_SKILL:
        sk = decision_skill(V, SKS)
        if CONFIRM_SKILLS[sk]:
            return yes
        if sk == SK.SK_FANKUI or sk == SK.SK_GANGLIE:
            return no if t >= 0 and friend(H, t) else yes
        return NONE
    if purpose == C.PUR_DSWORDS:
        return no if t >= 0 and friend(H, t) else yes
    if purpose == C.PUR_ICE_SWORD:          # prevent the damage, discard two of its cards instead
        if friend(H, t):
            return yes
        if t >= 0 and V[VP_HP + t] >= 3 and equip_count(EQ, t) >= 2:
            return yes
        return no
    if purpose == C.PUR_AXE:                # pay two cards to make the dodged 杀 hit
        if not enemy(H, t, 0.25):
            return no
        nh, c0, c1 = two_cheapest_hand(V, VAL)
        if V[VP_HP + t] <= 2 or (nh >= 4 and c0 + c1 <= 7):
            return yes
        return no
    return NONE


# ---------------------------------------------------------------- the draft, 3v3 order
@njit(cache=True)
def decide_hero(o, m, V, hscore, MI):
    """The strongest offer: the engine keeps a seat's offer in increasing hero id, so
    ``A_HERO + j`` picks the j-th hero marked in OBS_OFFER."""
    as_lord = 1 if (V[V_ROLE] == LORD or (V[V_ROLE] == COMMANDER and V[V_DTGT] == 0)) else 0
    order = np.full(C.NUM_HERO_OFFERS, -1, np.int64)
    j = 0
    for h in range(C.MAX_HEROES):
        if o[C.OBS_OFFER + h] > 0 and j < C.NUM_HERO_OFFERS:
            order[j] = h
            j += 1
    acc = np.array([-1e18, -1.0])
    for i in range(C.NUM_HERO_OFFERS):
        if m[C.A_HERO + i] != 0:
            s = hscore[order[i], as_lord] if order[i] >= 0 else 0.0
            consider(acc, s, C.A_HERO + i, MI)
    return int(acc[1]) if acc[1] >= 0 else NONE


@njit(cache=True)
def decide_who_acts(m, V):
    """3v3: the commander acts first while he is fit; with the guards' block the healthier guard
    (the more HP and cards) leads."""
    if can(m, C.A_TARGET) and (V[VP_HP] >= 3 or V[V_NLEGAL] == 1):
        return C.A_TARGET
    best = -1
    bv = -1e18
    for r in range(1, NS):
        if m[C.A_TARGET + r] != 0:
            s = V[VP_HP + r] + 0.3 * V[VP_HANDN + r]
            if s > bv:
                bv = s
                best = r
    if best < 0:
        for a in range(m.shape[0]):
            if m[a] != 0:
                return a
        return NONE
    return C.A_TARGET + best


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
    if ph == C.PH_START and V[V_CUR] == t and has_skill(SKS, t, SK.SK_LUOSHEN):
        return 1 if color == C.COLOR_BLACK else 0
    if V[VP_ARMOR + t] == C.K_EIGHT_DIAGRAM and ph != C.PH_JUDGE:
        return 1 if color == C.COLOR_RED else 0
    return -1


@njit(cache=True)
def guanxing(o, m, V, EQ, K, VAL, MF, MI, stage):
    """观星: stage 0 puts cards under the pile (CONFIRM: the rest go on top); stage 1 orders the
    top, first drawn first. A delayed trick waiting in the judge phase wants a good judgement."""
    if stage == 0:
        MF[M_GX_LATER] = 0
        ncards = 0
        bad = -1
        bv = 1e18
        for c in range(C.MAX_CARDS):
            if m[C.A_CARD + c] != 0:
                ncards += 1
                x = card_value(V, EQ, K, c)
                if x <= 3.0 and x < bv:
                    bv = x
                    bad = c
        if bad >= 0 and ncards > 1:
            return C.A_CARD + bad
        if can(m, C.A_CONFIRM):
            return C.A_CONFIRM
        return cheapest_card(o, m, V, EQ, K, VAL, 0, -1)
    first = MF[M_GX_LATER] == 0
    MF[M_GX_LATER] = 1
    if V[VP_INDUL] and first:
        for c in range(C.MAX_CARDS):
            if m[C.A_CARD + c] != 0 and K[1, c] == C.SUIT_HEART:
                return C.A_CARD + c
    return decide_ag(m, V, EQ, K, MI)


@njit(cache=True)
def skill_card(o, m, V, EQ, SKS, H, K, VAL, MF, MI, sk):
    stage = V[V_DNUM]
    if sk == SK.SK_WUSHENG or sk == SK.SK_LONGDAN or sk == SK.SK_QIXI or sk == SK.SK_GUOSE \
            or sk == SK.SK_QINGNANG or sk == SK.SK_LIJIAN or sk == SK.SK_JIEYIN:
        return cheapest_card(o, m, V, EQ, K, VAL, 0, -1)
    if sk == SK.SK_RENDE:
        hp = V[VP_HP]
        heal = V[VP_HP] < V[VP_MAXHP] and V[VP_GIVEN] % 2 == 1
        if can(m, C.A_CONFIRM) and not heal and V[V_NHAND] <= hp:
            return C.A_CONFIRM
        return cheapest_card(o, m, V, EQ, K, VAL, 0, -1)
    if sk == SK.SK_ZHIHENG:
        a = cheapest_card(o, m, V, EQ, K, VAL, 1, -1)
        if a >= 0 and own_value(o, V, EQ, K, VAL, a - C.A_CARD) <= 3.0:
            return a
        if can(m, C.A_CONFIRM):
            return C.A_CONFIRM
        return cheapest_card(o, m, V, EQ, K, VAL, 0, -1)
    if sk == SK.SK_GUANXING:
        return guanxing(o, m, V, EQ, K, VAL, MF, MI, stage)
    if sk == SK.SK_JIJIU:
        t = V[V_DTGT]
        if t >= 0 and (t == 0 or friend(H, t)):
            amount = max(1, V[V_DNUM + 2])
            a = cheapest_card(o, m, V, EQ, K, VAL, 0, -1)
            if a >= 0 and (V[VP_HP + t] <= amount + 1
                           or own_value(o, V, EQ, K, VAL, a - C.A_CARD) <= 4.0):
                return a
        return C.A_PASS
    if sk == SK.SK_GUICAI:
        t = V[V_DTGT]
        # the judgement card: the card on the table of the decision's card kind
        nj = 0
        cur = -1
        for i in range(V[V_NTABLE]):
            c = V[V_TABLE + i]
            if K[0, c] == V[V_DCK]:
                nj += 1
                cur = c
        if t < 0 or nj != 1:
            return C.A_PASS
        good_now = judge_good(V, EQ, SKS, K, t, cur)
        if good_now < 0:
            return C.A_PASS
        want_good = 1 if (t == 0 or friend(H, t)) else 0
        if good_now == want_good:
            return C.A_PASS
        best = -1
        bv = 1e18
        for c in range(C.MAX_CARDS):
            if m[C.A_CARD + c] != 0 and judge_good(V, EQ, SKS, K, t, c) == want_good:
                x = own_value(o, V, EQ, K, VAL, c)
                if x < bv:
                    bv = x
                    best = c
        if best < 0:
            return C.A_PASS
        return C.A_CARD + best if bv <= 7.0 else C.A_PASS
    if sk == SK.SK_LIULI:
        user = V[V_DTGT]
        worth = False
        for r in range(1, V[V_N]):
            if V[VP_ALIVE + r] and r != user and V[VP_INRANGE + r] and H[r] > 0.3:
                worth = True
        if not worth:
            return C.A_PASS
        a = cheapest_card(o, m, V, EQ, K, VAL, 0, -1)
        return a if a >= 0 and own_value(o, V, EQ, K, VAL, a - C.A_CARD) <= 5.0 else C.A_PASS
    return NONE


@njit(cache=True)
def skill_target(o, m, V, EQ, SKS, H, K, MF, MI, sk):
    stage = V[V_DNUM]
    if sk == SK.SK_RENDE:
        return best_target(TS_RENDE, 0, o, m, V, EQ, SKS, H, K, MI)
    if sk == SK.SK_JIEYIN:
        return best_target(TS_NEG_H, 0, o, m, V, EQ, SKS, H, K, MI)
    if sk == SK.SK_FANJIAN:
        return best_target(TS_FANJIAN, 0, o, m, V, EQ, SKS, H, K, MI)
    if sk == SK.SK_LIJIAN:
        _val, a, b = lijian_plan(V, SKS, H)
        if stage == 1:
            MF[M_LIJIAN] = b + 1
            return best_target(TS_LIJIAN_A, a, o, m, V, EQ, SKS, H, K, MI)
        victim = int(MF[M_LIJIAN]) - 1
        MF[M_LIJIAN] = 0
        return best_target(TS_LIJIAN_B, victim, o, m, V, EQ, SKS, H, K, MI)
    if sk == SK.SK_TUXI:
        best = -1
        bv = -1e18
        for r in range(V[V_N]):
            if m[C.A_TARGET + r] != 0:
                x = H[r] * (1.0 + 0.1 * V[VP_HANDN + r])
                if x > bv:
                    bv = x
                    best = r
        if best < 0 or bv <= 0.25:
            return C.A_CONFIRM if can(m, C.A_CONFIRM) else C.A_PASS
        return C.A_TARGET + best
    if sk == SK.SK_YIJI:
        # give the card to oneself, or to a friend short of cards when holding plenty
        fr = -1
        fh = 1e18
        for r in range(1, V[V_N]):
            if m[C.A_TARGET + r] != 0 and friend(H, r) and V[VP_HANDN + r] <= 1 and H[r] < fh:
                fh = H[r]
                fr = r
        if fr >= 0 and V[VP_HANDN] > V[VP_HP]:
            return C.A_TARGET + fr
        if can(m, C.A_TARGET):
            return C.A_TARGET
        return best_target(TS_NEG_H, 0, o, m, V, EQ, SKS, H, K, MI)
    if sk == SK.SK_LIULI or sk == SK.SK_JIJIANG:
        return best_target(TS_SLASH, C.COLOR_NONE, o, m, V, EQ, SKS, H, K, MI)
    return NONE


@njit(cache=True)
def skill_option(o, m, V, K, VAL, sk):
    if sk == SK.SK_FANJIAN:                 # name the colour 周瑜's hand more likely holds
        red, black = unseen_colors(o, V, K)
        return C.A_OPTION + (C.OPT_RED if red >= black else C.OPT_BLACK)
    if sk == SK.SK_GANGLIE:
        nh, c0, c1 = two_cheapest_hand(V, VAL)
        if V[VP_HP] >= 3 and nh >= 2 and c0 + c1 >= 9.0:
            return C.A_OPTION + C.OPT_LOSE_HP
        if can(m, C.A_OPTION + C.OPT_DISCARD2) and nh >= 2:
            return C.A_OPTION + C.OPT_DISCARD2
        return C.A_OPTION + C.OPT_LOSE_HP
    return NONE


# ---------------------------------------------------------------- dispatch
@njit(cache=True)
def fallback(o, m, V, EQ, SKS, H, K, VAL, MI):
    """No rule applied: decline if allowed, else pay with the cheapest card, else the best
    target, else the first legal action."""
    if can(m, C.A_PASS):
        return C.A_PASS
    a = cheapest_card(o, m, V, EQ, K, VAL, 0, -1)
    if a >= 0:
        return a
    a = best_target(TS_FALLBACK, 0, o, m, V, EQ, SKS, H, K, MI)
    if a >= 0:
        return a
    for a in range(m.shape[0]):
        if m[a] != 0:
            return a
    return NONE


@njit(cache=True)
def decide(o, m, V, EQ, SKS, H, K, VAL, MF, MI, hscore):
    dk = V[V_DK]
    if dk == C.DK_PLAY:
        return decide_play(o, m, V, EQ, SKS, H, K, VAL, MI)
    if dk == C.DK_TARGET:
        return decide_target(o, m, V, EQ, SKS, H, K, MI)
    if dk == C.DK_JINK:
        return decide_jink(o, m, V, EQ, SKS, H, K, VAL)
    if dk == C.DK_SLASH:
        return decide_slash(o, m, V, EQ, SKS, H, K, VAL)
    if dk == C.DK_PEACH:
        return decide_peach(o, m, V, EQ, H, K, VAL)
    if dk == C.DK_NULLIFY:
        return decide_nullify(o, m, V, EQ, H, K, VAL)
    if dk == C.DK_DISCARD or dk == C.DK_SELECT:
        return cheapest_card(o, m, V, EQ, K, VAL, 0, -1)
    if dk == C.DK_PICK:
        return decide_pick(o, m, V, EQ, H, K, MI)
    if dk == C.DK_AG:
        return decide_ag(m, V, EQ, K, MI)
    if dk == C.DK_CONFIRM:
        return decide_confirm(o, m, V, EQ, SKS, H, K, VAL)
    if dk == C.DK_DSWORDS:
        return decide_dswords(o, m, V, EQ, H, K, VAL)
    if dk == C.DK_KYLIN:
        return decide_kylin(o, m, V, EQ, H, K, VAL)
    if dk == C.DK_HERO:
        return decide_hero(o, m, V, hscore, MI)
    if dk == C.DK_SKILL_CARD or dk == C.DK_SKILL_TARGET or dk == C.DK_SKILL_OPTION:
        sk = decision_skill(V, SKS)
        if dk == C.DK_SKILL_CARD:
            return skill_card(o, m, V, EQ, SKS, H, K, VAL, MF, MI, sk)
        if dk == C.DK_SKILL_TARGET:
            return skill_target(o, m, V, EQ, SKS, H, K, MF, MI, sk)
        return skill_option(o, m, V, K, VAL, sk)
    if dk == C.DK_ORDER:
        return C.A_OPTION + C.OPT_FIRST       # 3v3: pick heroes first; act first
    if dk == C.DK_WHO_ACTS:
        return decide_who_acts(m, V)
    return NONE


@njit(cache=True)
def act_one(o, m, MF, MI, key, base_seed, evidence, decks, deck_size, hero_sk, hscore,
            counts, default_deck, info):
    """One decision of one slot: returns the action; info[0:3] = decision kind, asking skill,
    1 if no rule covered it (the fallback decided)."""
    if MI[1] == 0:
        seed_slot(MI, base_seed, key)
    V = np.zeros(V_SIZE, np.int64)
    EQ = np.zeros((NS, NEQ), np.int64)
    SKS = np.zeros((NS, C.MAX_SKILL_SLOTS), np.int64)
    mem_deck = int(MF[M_DECK]) if MF[M_INIT] > 0 else -1
    read_view(o, m, V, EQ, SKS, decks, deck_size, hero_sk, default_deck, mem_deck)
    if MF[M_INIT] == 0 or V[V_ROUND] < MF[M_PREV_ROUND] or V[V_N] != int(MF[M_N]):
        if MF[M_INIT] > 0:                # the round went back: another game started
            MF[:] = 0.0
            read_view(o, m, V, EQ, SKS, decks, deck_size, hero_sk, default_deck, -1)
        MF[M_INIT] = 1
        MF[M_DECK] = V[V_DECK]
        MF[M_N] = V[V_N]
    if evidence & EV_LOYALIST_ONLY and V[V_ROLE] != LOYALIST:
        evidence &= ~(EV_NO_STALE | EV_COUNTS)
    if evidence & EV_ON:
        update_evidence(V, SKS, MF, evidence)
    info[0] = V[V_DK]
    info[1] = decision_skill(V, SKS)
    info[2] = 0
    if V[V_NLEGAL] == 0:
        info[2] = 2
        return NONE
    if V[V_NLEGAL] == 1:
        for a in range(m.shape[0]):
            if m[a] != 0:
                return a
    K = decks[V[V_DECK]]
    H = np.zeros(NS)
    hostility(V, MF, counts, H, evidence)
    VAL = np.zeros(C.MAX_CARDS)
    hand_values(V, EQ, SKS, K, VAL)
    a = decide(o, m, V, EQ, SKS, H, K, VAL, MF, MI, hscore)
    if a < 0 or a >= m.shape[0] or m[a] == 0:
        info[2] = 1
        a = fallback(o, m, V, EQ, SKS, H, K, VAL, MI)
    if not evidence & EV_ON:
        MF[M_LOYAL:M_LOYAL + NS] = 0.0
    return a


@njit(entry=True, cache=True)
def _count(info, dec_counts, fb_counts):
    bad = -1
    for i in range(info.shape[0]):
        if info[i, 2] == 2:
            if bad < 0:
                bad = i
            continue
        dec_counts[info[i, 0], info[i, 1]] += 1
        if info[i, 2] == 1:
            fb_counts[info[i, 0], info[i, 1]] += 1
    return bad


def act_rows(obs, masks, rows, keys, MF, MI, base_seed, evidence, decks, deck_size, hero_sk,
             hscore, counts, default_deck, out, dec_counts, fb_counts, num_threads=None):
    """Decide every row of a batch, on ``num_threads`` threads (``heroes_env.fast.crew``;
    None: Numba's thread count): row i uses obs[i], masks[i] and the memory rows MF[rows[i]],
    MI[rows[i]] (keys[i] seeds a slot's generator the first time). Counts each decision (and
    each fallback) by (decision kind, asking skill); returns the first row whose mask allows
    nothing (-1: none). The rows of one batch must name distinct memory rows."""
    info = np.zeros((obs.shape[0], 3), np.int64)
    crew.run(act_rows_range, obs.shape[0], num_threads, obs, masks, rows, keys, MF, MI, base_seed,
             evidence, decks, deck_size, hero_sk, hscore, counts, default_deck, out, info)
    return _count(info, dec_counts, fb_counts)


@njit(entry=True, cache=True, nogil=True)
def act_rows_range(obs, masks, rows, keys, MF, MI, base_seed, evidence, decks, deck_size,
                   hero_sk, hscore, counts, default_deck, out, info, lo, hi):
    """``act_rows`` of rows lo..hi-1 (info[i]: row i's decision kind, skill, fallback)."""
    for i in range(lo, hi):
        out[i] = act_one(obs[i], masks[i], MF[rows[i]], MI[rows[i]], keys[i], base_seed,
                         evidence, decks, deck_size, hero_sk, hscore, counts, default_deck,
                         info[i])


@njit(entry=True, cache=True)
def hostility_of(o, m, MF, decks, deck_size, hero_sk, counts, default_deck, ev):
    """The hostility per relative seat this observation and memory row give (H[:n])."""
    V = np.zeros(V_SIZE, np.int64)
    EQ = np.zeros((NS, NEQ), np.int64)
    SKS = np.zeros((NS, C.MAX_SKILL_SLOTS), np.int64)
    read_view(o, m, V, EQ, SKS, decks, deck_size, hero_sk, default_deck, -1)
    if ev & EV_LOYALIST_ONLY and V[V_ROLE] != LOYALIST:
        ev &= ~(EV_NO_STALE | EV_COUNTS)
    H = np.zeros(NS)
    hostility(V, MF, counts, H, ev)
    return H[:V[V_N]].copy()
