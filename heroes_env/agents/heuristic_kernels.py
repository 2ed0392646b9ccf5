"""The heuristic agent's rules as Numba kernels (``heroes_env.agents.heuristic.HeuristicAgent`` is
their ``Agent`` face; the rules themselves are described in that module's docstring).

``act_rows`` decides a batch: row i reads only observation ``obs[i]``, mask ``masks[i]`` and its
slot's memory rows ``MF[rows[i]]`` (float evidence, laid out by ``heuristic_common.MEM``) and
``MI[rows[i]]`` (the tie-break generator), in parallel over the rows (``heroes_env.fast.crew``).
Static content (per deck: card kind, suit, rank, colour; per hero: skills and draft score; the
role counts per player count) comes in as the arrays of ``tables()``, with the agent's settings
in one ``Player``.

Per decision the kernel decodes the observation (``heuristic_common``: the view, the sides, the
card values), then dispatches on the decision kind; a skill's own decisions and its value in the
play phase are its module's (``heuristic_skills``, through the generated ``dispatch``). A rule
with nothing to say returns -1 and ``fallback`` decides.

The evidence the observation does not hold (who harmed or helped whom) lives in ``MF`` and is
updated in one place, ``update_evidence``.
"""
from __future__ import annotations

import numpy as np

from heroes_env.engine import constants as C
from heroes_env.fast import crew
from heroes_env.fast.intrinsics import borrow
from heroes_env.fast.jit import njit

from .heuristic_common import (  # noqa: F401  (re-exported: the kernels' vocabulary)
    COMMANDER,
    EV_COUNTS,
    EV_DEFAULT,
    EV_HIDDEN_SELF,
    EV_LOYALIST_ONLY,
    EV_NO_DROPS,
    EV_NO_HEAL,
    EV_NO_STALE,
    EV_ON,
    HERO_SCORE,
    LORD,
    LOYALIST,
    M_CTX,
    M_DECK,
    M_HAS_CTX,
    M_HAS_PREV,
    M_INIT,
    M_LOYAL,
    M_N,
    M_PREV_ALIVE,
    M_PREV_CUR,
    M_PREV_HP,
    M_PREV_ROUND,
    MEM,
    MI_SEEDED,
    MI_SIZE,
    MI_STATE,
    NEQ,
    NONE,
    NS,
    RENEGADE,
    RNG_MOD,
    TRICK_EFFECT,
    TS_DUEL,
    TS_FALLBACK,
    TS_H,
    TS_INDUL,
    TS_PEACH,
    TS_SLASH,
    TS_TAKE,
    TS_VICTIM,
    TS_WIELDER,
    V_CUR,
    V_DCK,
    V_DECK,
    V_DK,
    V_DNUM,
    V_DSRC,
    V_DTGT,
    V_N,
    V_NHAND,
    V_NLEGAL,
    V_NTABLE,
    V_ROLE,
    V_ROUND,
    V_SIZE,
    V_TABLE,
    VP_ALIVE,
    VP_ARMOR,
    VP_HANDN,
    VP_HP,
    VP_KROLE,
    Decision,
    Player,
    Tables,
    best_target,
    can,
    cheapest_card,
    consider,
    count_kind,
    decide_ag,
    decision_skill,
    enemy,
    equip_count,
    friend,
    hand_values,
    harm,
    has_equip,
    hero_score,
    hostility,
    in_hand,
    is_armor,
    is_weapon_kind,
    own_value,
    play_card_score,
    rand,
    read_view,
    role_probs,
    seed_slot,
    skill_of_action,
    slash_targets,
    slash_value,
    tables,
    two_cheapest_hand,
)
from .heuristic_skills import dispatch as skills
from .heuristic_skills import traits

MF_SIZE = MEM.end              # the memory of one slot, the skill modules' cells included


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
        elif dk == C.DK_NULLIFY and d1 == 0 and src >= 0 and tgt >= 0 and src != tgt and (
                d0 == C.K_DUEL or d0 == C.K_DISMANTLE or d0 == C.K_SNATCH
                or d0 == C.K_COLLATERAL or d0 == C.K_INDULGENCE):
            harm(V, MF, src, tgt, 0.8, ev)
        elif dk == C.DK_SKILL_CARD or dk == C.DK_SKILL_OPTION:
            skills.evidence(decision_skill(V, SKS), V, MF, ev)    # what the skill's ask tells
    for r in range(NS):
        MF[M_PREV_HP + r] = V[VP_HP + r] if r < n else 0
        MF[M_PREV_ALIVE + r] = V[VP_ALIVE + r] if r < n else 0
    MF[M_HAS_PREV] = 1
    MF[M_PREV_CUR] = V[V_CUR]
    MF[M_PREV_ROUND] = V[V_ROUND]



@njit(cache=True)
def decide_play(o, m, V, EQ, SKS, H, K, VAL, MF, MI):
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
            x = Decision(o, m, V, EQ, SKS, H, K, VAL, MF, MI)
            consider(acc, skills.play_score(skill_of_action(SKS, a), x), a, MI)
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
            if traits.LORD_ANSWER[sk]:
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
    if is_armor(k):
        val = 8.0
    elif is_weapon_kind(k):
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
def decide_confirm(o, m, V, EQ, SKS, H, K, VAL, MF, MI):
    purpose = V[V_DNUM + 1]
    t = V[V_DTGT]
    yes, no = C.A_CONFIRM, C.A_PASS
    if purpose == C.PUR_SKILL:
        sk = decision_skill(V, SKS)
        if traits.ALWAYS_CONFIRM[sk]:
            return yes
        return skills.confirm(sk, Decision(o, m, V, EQ, SKS, H, K, VAL, MF, MI))
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
    for h in range(C.OBS_HERO_ROOM):
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
def decide_skill(o, m, V, EQ, SKS, H, K, VAL, MF, MI):
    """A skill's own decision (card, target or option): its module's rule
    (``heuristic_skills``)."""
    dk = V[V_DK]
    sk = decision_skill(V, SKS)
    x = Decision(o, m, V, EQ, SKS, H, K, VAL, MF, MI)
    if dk == C.DK_SKILL_CARD:
        return skills.card(sk, x)
    if dk == C.DK_SKILL_TARGET:
        return skills.target(sk, x)
    return skills.option(sk, x)


@njit(cache=True)
def decide(o, m, V, EQ, SKS, H, K, VAL, MF, MI, hscore):
    dk = V[V_DK]
    if dk == C.DK_PLAY:
        return decide_play(o, m, V, EQ, SKS, H, K, VAL, MF, MI)
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
        return decide_confirm(o, m, V, EQ, SKS, H, K, VAL, MF, MI)
    if dk == C.DK_DSWORDS:
        return decide_dswords(o, m, V, EQ, H, K, VAL)
    if dk == C.DK_KYLIN:
        return decide_kylin(o, m, V, EQ, H, K, VAL)
    if dk == C.DK_HERO:
        return decide_hero(o, m, V, hscore, MI)
    if dk == C.DK_SKILL_CARD or dk == C.DK_SKILL_TARGET or dk == C.DK_SKILL_OPTION:
        return decide_skill(o, m, V, EQ, SKS, H, K, VAL, MF, MI)
    if dk == C.DK_ORDER:
        return C.A_OPTION + C.OPT_FIRST       # 3v3: pick heroes first; act first
    if dk == C.DK_WHO_ACTS:
        return decide_who_acts(m, V)
    return NONE


@njit(cache=True)
def start_view(o, m, MF, V, EQ, SKS, pl):
    """Decode o into V / EQ / SKS with the slot's deck; a new game (the slot's first, the round
    gone back, another player count) starts the memory afresh."""
    tab = pl.tables
    mem_deck = int(MF[M_DECK]) if MF[M_INIT] > 0 else -1
    read_view(o, m, V, EQ, SKS, tab, pl.default_deck, mem_deck)
    if MF[M_INIT] == 0 or V[V_ROUND] < MF[M_PREV_ROUND] or V[V_N] != int(MF[M_N]):
        if MF[M_INIT] > 0:                # the round went back: another game started
            MF[:] = 0.0
            read_view(o, m, V, EQ, SKS, tab, pl.default_deck, -1)
        MF[M_INIT] = 1
        MF[M_DECK] = V[V_DECK]
        MF[M_N] = V[V_N]


@njit(cache=True)
def rules_of(V, ev):
    """The evidence rules for this seat (EV_LOYALIST_ONLY: two of them for a loyalist only)."""
    if ev & EV_LOYALIST_ONLY and V[V_ROLE] != LOYALIST:
        ev &= ~(EV_NO_STALE | EV_COUNTS)
    return ev


@njit(cache=True)
def act_one(o, m, MF, MI, key, pl, info):
    """One decision of one slot (pl: the ``Player``): returns the action; info[0:3] = decision
    kind, asking skill, 1 if no rule covered it (the fallback decided)."""
    if MI[MI_SEEDED] == 0:
        seed_slot(MI, pl.base_seed, key)
    V = np.zeros(V_SIZE, np.int64)
    EQ = np.zeros((NS, NEQ), np.int64)
    SKS = np.zeros((NS, C.MAX_SKILL_SLOTS), np.int64)
    start_view(o, m, MF, V, EQ, SKS, pl)
    evidence = rules_of(V, pl.evidence)
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
    tab = pl.tables
    K = tab.decks[V[V_DECK]]
    H = np.zeros(NS)
    hostility(V, MF, tab.counts, H, evidence)
    VAL = np.zeros(C.MAX_CARDS)
    hand_values(V, EQ, SKS, K, VAL)
    a = decide(o, m, V, EQ, SKS, H, K, VAL, MF, MI, tab.hscore)
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


def act_rows(obs, masks, rows, keys, MF, MI, pl, out, dec_counts, fb_counts, num_threads=None):
    """Decide every row of a batch for the ``Player`` pl, on ``num_threads`` threads
    (``heroes_env.fast.crew``; None: Numba's thread count): row i uses obs[i], masks[i] and the
    memory rows MF[rows[i]], MI[rows[i]] (keys[i] seeds a slot's generator the first time).
    Counts each decision (and each fallback) by (decision kind, asking skill); returns the first
    row whose mask allows nothing (-1: none). The rows of one batch must name distinct memory
    rows."""
    info = np.zeros((obs.shape[0], 3), np.int64)
    crew.run(act_rows_range, obs.shape[0], num_threads, obs, masks, rows, keys, MF, MI, pl, out,
             info)
    return _count(info, dec_counts, fb_counts)


@njit(entry=True, cache=True, nogil=True)
def act_rows_range(obs, masks, rows, keys, MF, MI, pl, out, info, lo, hi):
    """``act_rows`` of rows lo..hi-1 (info[i]: row i's decision kind, skill, fallback)."""
    pl = borrow(pl)         # its tables read per decision without reference counts
    for i in range(lo, hi):
        out[i] = act_one(obs[i], masks[i], MF[rows[i]], MI[rows[i]], keys[i], pl, info[i])


@njit(entry=True, cache=True)
def hostility_of(o, m, MF, tab, default_deck, ev):
    """The hostility per relative seat this observation and memory row give (H[:n])."""
    V = np.zeros(V_SIZE, np.int64)
    EQ = np.zeros((NS, NEQ), np.int64)
    SKS = np.zeros((NS, C.MAX_SKILL_SLOTS), np.int64)
    read_view(o, m, V, EQ, SKS, tab, default_deck, -1)
    ev = rules_of(V, ev)
    H = np.zeros(NS)
    hostility(V, MF, tab.counts, H, ev)
    return H[:V[V_N]].copy()
