"""The heuristic agent's rules as Numba kernels (``heroes_env.agents.heuristic.HeuristicAgent`` is
their ``Agent`` face; the rules themselves are described in that module's docstring).

``act_rows`` decides a batch: row i reads only observation ``obs[i]``, mask ``masks[i]`` and its
slot's memory rows ``memory[rows[i]]`` (float evidence, laid out by ``heuristic_common.MEM``) and
``gen[rows[i]]`` (the tie-break generator), in parallel over the rows (``heroes_env.fast.crew``).
Static content (per deck: card kind, suit, rank, colour; per hero: skills and draft score; the
role counts per player count) comes in as the arrays of ``tables()``, with the agent's settings
in one ``Player``.

Per decision the kernel decodes the observation (``heuristic_common``: the view, the sides, the
card values), then dispatches on the decision kind; a skill's own decisions and its value in the
play phase are its module's (``heuristic_skills``, through the generated ``dispatch``). A rule
with nothing to say returns -1 and ``fallback`` decides.

The evidence the observation does not hold (who harmed or helped whom) lives in ``memory`` and is
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
def update_evidence(seen, seat_skills, memory, ev):
    """Update the evidence about the other seats' sides (memory[M_LOYAL:]) from what changed since
    this slot's last observation and from the decision being asked; then remember this one.
    The one place that reads or writes the evidence history."""
    n = seen[V_N]
    y = seen[V_CUR]
    if memory[M_HAS_PREV] > 0:
        ndrops = 0
        for r in range(n):
            if memory[M_PREV_ALIVE + r] > 0 and memory[M_PREV_HP + r] > seen[VP_HP + r]:
                ndrops += 1
        stale = y != int(memory[M_PREV_CUR])
        if ndrops > 0 and y > 0 and not (ev & EV_NO_DROPS) and not (stale and ev & EV_NO_STALE):
            w = (0.35 if stale else 1.0) / ndrops
            for x in range(n):
                if memory[M_PREV_ALIVE + x] > 0 and memory[M_PREV_HP + x] > seen[VP_HP + x] \
                        and x != y:
                    d = memory[M_PREV_HP + x] - seen[VP_HP + x]
                    harm(seen, memory, y, x, w * min(d, 2.0), ev)
        # healed by the seat whose turn it is (结姻, 救援; not 桃园结义: it heals everyone)
        ngain = 0
        gain = -1
        for r in range(n):
            if seen[VP_ALIVE + r] and memory[M_PREV_HP + r] >= 1 \
                    and seen[VP_HP + r] > memory[M_PREV_HP + r] \
                    and r != y:
                ngain += 1
                gain = r
        if ngain == 1 and y > 0 and y == int(memory[M_PREV_CUR]) and not (ev & EV_NO_HEAL):
            harm(seen, memory, y, gain, -0.5, ev)
    dk, src, tgt = seen[V_DK], seen[V_DSRC], seen[V_DTGT]
    same = memory[M_HAS_CTX] > 0
    ctx = (dk, src, tgt, seen[V_DCK], seen[V_DNUM], seen[V_DNUM + 1], seen[V_CUR], seen[V_ROUND])
    for i in range(8):
        if memory[M_CTX + i] != ctx[i]:
            same = False
    if not same:
        memory[M_HAS_CTX] = 1
        for i in range(8):
            memory[M_CTX + i] = ctx[i]
        d0, d1 = seen[V_DNUM], seen[V_DNUM + 1]
        if dk == C.DK_JINK and d1 == C.PUR_SLASH and src > 0:
            harm(seen, memory, src, 0, 1.0, ev)
        elif dk == C.DK_SLASH and d1 == C.PUR_DUEL and src > 0:
            harm(seen, memory, src, 0, 0.5, ev)
        elif dk == C.DK_DSWORDS and src > 0:
            harm(seen, memory, src, 0, 0.3, ev)
        elif dk == C.DK_PEACH and src >= 0 and tgt >= 0 and src != tgt:
            harm(seen, memory, src, tgt, 1.0, ev)          # src brought tgt to dying
        elif dk == C.DK_NULLIFY and d1 == 0 and src >= 0 and tgt >= 0 and src != tgt and (
                d0 == C.K_DUEL or d0 == C.K_DISMANTLE or d0 == C.K_SNATCH
                or d0 == C.K_COLLATERAL or d0 == C.K_INDULGENCE):
            harm(seen, memory, src, tgt, 0.8, ev)
        elif dk == C.DK_SKILL_CARD or dk == C.DK_SKILL_OPTION:
            skills.evidence(decision_skill(seen, seat_skills), seen, memory,
                            ev)    # what the skill's ask tells
    for r in range(NS):
        memory[M_PREV_HP + r] = seen[VP_HP + r] if r < n else 0
        memory[M_PREV_ALIVE + r] = seen[VP_ALIVE + r] if r < n else 0
    memory[M_HAS_PREV] = 1
    memory[M_PREV_CUR] = seen[V_CUR]
    memory[M_PREV_ROUND] = seen[V_ROUND]



@njit(cache=True)
def decide_play(obs, mask, seen, equip, seat_skills, hostile, card_table, values, memory, gen):
    acc = np.array([-1e18, -1.0])
    consider(acc, 0.0, C.A_PASS, gen)
    nh, c0, c1 = two_cheapest_hand(seen, values)
    for c in range(C.MAX_CARDS):
        if mask[C.A_CARD + c] == 0:
            continue
        if in_hand(obs, c):
            consider(acc, play_card_score(obs, seen, equip, seat_skills, hostile, card_table, c),
                     C.A_CARD + c, gen)
        elif card_table[0, c] == C.K_SPEAR:      # 丈八蛇矛: two hand cards as a 杀
            best = slash_targets(seen, equip, seat_skills, hostile, C.COLOR_NONE)
            if count_kind(seen, card_table, C.K_SLASH) == 0 and nh >= 2 and best > 0.5:
                consider(acc, 3.0 + best - (c0 + c1) / 10.0, C.A_CARD + c, gen)
    for a in range(C.A_SKILL, C.A_HERO):
        if mask[a] != 0:
            x = Decision(obs, mask, seen, equip, seat_skills, hostile, card_table, values, memory,
                         gen)
            consider(acc, skills.play_score(skill_of_action(seat_skills, a), x), a, gen)
    return int(acc[1])


# ---------------------------------------------------------------- choosing targets
@njit(cache=True)
def table_color(seen, card_table):
    col = -1
    for i in range(seen[V_NTABLE]):
        x = card_table[3, seen[V_TABLE + i]]
        if col == -1:
            col = x
        elif col != x:
            return C.COLOR_NONE
    return col if col >= 0 else C.COLOR_NONE


@njit(cache=True)
def decide_target(obs, mask, seen, equip, seat_skills, hostile, card_table, gen):
    kind, stage = seen[V_DNUM], seen[V_DNUM + 1]
    color = table_color(seen, card_table)
    if kind == C.K_SLASH:
        best = best_target(TS_SLASH, color, obs, mask, seen, equip, seat_skills, hostile,
                           card_table, gen)
        if can(mask, C.A_CONFIRM):          # 方天画戟: add a target only if it is worth it
            if best >= 0 and slash_value(seen, equip, seat_skills, hostile, best - C.A_TARGET,
                                         color, 0) > 0.3:
                return best
            return C.A_CONFIRM
        return best
    if kind == C.K_DUEL:
        return best_target(TS_DUEL, 0, obs, mask, seen, equip, seat_skills, hostile, card_table,
                           gen)
    if kind == C.K_SNATCH or kind == C.K_DISMANTLE:
        return best_target(TS_TAKE, 0, obs, mask, seen, equip, seat_skills, hostile, card_table,
                           gen)
    if kind == C.K_INDULGENCE:
        return best_target(TS_INDUL, 0, obs, mask, seen, equip, seat_skills, hostile, card_table,
                           gen)
    if kind == C.K_COLLATERAL:
        if stage == 0:
            return best_target(TS_WIELDER, 0, obs, mask, seen, equip, seat_skills, hostile,
                               card_table, gen)
        return best_target(TS_VICTIM, 0, obs, mask, seen, equip, seat_skills, hostile, card_table,
                           gen)
    if kind == C.K_PEACH:      # 救援: the lord 孙权 or oneself
        return best_target(TS_PEACH, 0, obs, mask, seen, equip, seat_skills, hostile, card_table,
                           gen)
    return best_target(TS_H, 0, obs, mask, seen, equip, seat_skills, hostile, card_table, gen)


# ---------------------------------------------------------------- responses
@njit(cache=True)
def response_card(obs, mask, seen, equip, card_table, values, kind):
    """The cheapest legal card answering a request for kind (八卦阵 first: it costs nothing)."""
    for c in range(C.MAX_CARDS):
        if mask[C.A_CARD + c] != 0 and card_table[0, c] == C.K_EIGHT_DIAGRAM and not in_hand(obs,
                                                                                             c):
            return C.A_CARD + c
    best = -1
    bv = 1e18
    spear = -1
    for c in range(C.MAX_CARDS):
        if mask[C.A_CARD + c] == 0:
            continue
        plain = in_hand(obs, c) or card_table[0, c] != C.K_SPEAR or kind != C.K_SLASH
        if plain:
            x = own_value(obs, seen, equip, card_table, values, c)
            if x < bv:
                bv = x
                best = c
        elif spear < 0:
            spear = c
    if best >= 0:
        return C.A_CARD + best
    if spear >= 0 and seen[V_NHAND] >= 2:
        return C.A_CARD + spear
    return NONE


@njit(cache=True)
def lord_skill(mask, seat_skills):
    for a in range(C.A_SKILL, C.A_HERO):
        if mask[a] != 0:
            sk = skill_of_action(seat_skills, a)
            if traits.LORD_ANSWER[sk]:
                return a
    return NONE


@njit(cache=True)
def or_pass(a):
    return a if a >= 0 else C.A_PASS


@njit(cache=True)
def decide_jink(obs, mask, seen, equip, seat_skills, hostile, card_table, values):
    if seen[V_DNUM + 1] == C.PUR_LORD:          # 护驾: a 闪 for the lord 曹操?
        if not friend(hostile, seen[V_DSRC]):
            return C.A_PASS
        return or_pass(response_card(obs, mask, seen, equip, card_table, values, C.K_JINK))
    a = response_card(obs, mask, seen, equip, card_table, values, C.K_JINK)
    if a >= 0:
        return a
    return or_pass(lord_skill(mask, seat_skills))


@njit(cache=True)
def decide_slash(obs, mask, seen, equip, seat_skills, hostile, card_table, values):
    purpose = seen[V_DNUM + 1]
    src, tgt = seen[V_DSRC], seen[V_DTGT]
    if purpose == C.PUR_LORD:            # 激将: a 杀 for the lord 刘备?
        if not friend(hostile, src):
            return C.A_PASS
        return or_pass(response_card(obs, mask, seen, equip, card_table, values, C.K_SLASH))
    if purpose == C.PUR_DUEL:
        if friend(hostile, src) and seen[VP_HP] >= 2:
            return C.A_PASS              # do not hurt a friend in a 决斗
    elif purpose == C.PUR_COLLATERAL:
        if tgt == 0 or (tgt > 0 and hostile[tgt] <= -0.3) or tgt < 0:
            return C.A_PASS              # give up the weapon rather than hit a friend
    elif purpose == C.PUR_BLADE:
        if tgt < 0 or slash_value(seen, equip, seat_skills, hostile, tgt, C.COLOR_NONE, 0) <= 0.2:
            return C.A_PASS
    a = response_card(obs, mask, seen, equip, card_table, values, C.K_SLASH)
    if a >= 0:
        return a
    return or_pass(lord_skill(mask, seat_skills))


@njit(cache=True)
def decide_peach(obs, mask, seen, equip, hostile, card_table, values):
    x = seen[V_DTGT]
    if x == 0:
        return or_pass(cheapest_card(obs, mask, seen, equip, card_table, values, 0, -1))
    if x > 0 and seen[V_ROLE] == RENEGADE and seen[VP_KROLE + x] == LORD:
        others = 0
        for r in range(1, seen[V_N]):
            if seen[VP_ALIVE + r] and r != x:
                others += 1
        return or_pass(cheapest_card(obs, mask, seen, equip, card_table, values, 0,
                                     -1)) if others > 0 else C.A_PASS
    if friend(hostile, x):
        return or_pass(cheapest_card(obs, mask, seen, equip, card_table, values, 0, -1))
    return C.A_PASS


@njit(cache=True)
def decide_nullify(obs, mask, seen, equip, hostile, card_table, values):
    kind, count = seen[V_DNUM], seen[V_DNUM + 1]
    t = seen[V_DTGT]
    if t < 0:
        return C.A_PASS
    effect = TRICK_EFFECT[kind] if 0 <= kind < C.NUM_KINDS else 0.0
    if t == 0:
        if kind == C.K_SAVAGE and count_kind(seen, card_table, C.K_SLASH) > 0:
            effect = -0.2
        if kind == C.K_ARCHERY and (count_kind(seen, card_table, C.K_JINK) > 0
                                    or seen[VP_ARMOR] == C.K_EIGHT_DIAGRAM):
            effect = -0.2
        if kind == C.K_LIGHTNING and seen[VP_HP] > 3:
            effect = -0.2
        if (kind == C.K_DISMANTLE or kind == C.K_SNATCH) and seen[VP_HANDN] + equip_count(equip,
                                                                                          0) <= 1:
            effect = -0.2
    if seen[VP_HP + t] <= 1 and (kind == C.K_DUEL or kind == C.K_SAVAGE or kind == C.K_ARCHERY
                             or kind == C.K_LIGHTNING):
        effect *= 1.5
    worth = -hostile[t] * effect             # value for this seat of the effect happening
    happening = count % 2 == 0
    if (happening and worth < -0.45) or (not happening and worth > 0.45):
        return or_pass(cheapest_card(obs, mask, seen, equip, card_table, values, 0, -1))
    return C.A_PASS


# ---------------------------------------------------------------- cards: pick, kylin, dswords
@njit(cache=True)
def pick_value(seen, equip, card_table, t, c, friendly):
    """Value (for this seat) of removing card c (equipment or delayed trick) from seat t (friendly:
    t is a friend)."""
    k = card_table[0, c]
    equipped = C.K_CROSSBOW <= k <= C.K_HORSE_MINUS and t >= 0 and has_equip(equip, t, k)
    if not equipped:                      # a delayed trick in its judgement zone
        return 3.0 if friendly else -3.0
    if is_armor(k):
        val = 8.0
    elif is_weapon_kind(k):
        val = 6.0
    elif k == C.K_HORSE_PLUS:
        val = 5.0
    else:
        val = 4.0
    return -val if friendly else val


@njit(cache=True)
def decide_pick(obs, mask, seen, equip, hostile, card_table, gen):
    t = seen[V_DTGT]
    friendly = friend(hostile, t) if t >= 0 else False
    acc = np.array([-1e18, -1.0])
    if can(mask, C.A_OPTION + C.OPT_HAND):
        hand = seen[VP_HANDN + t] if t >= 0 else 0
        consider(acc, -1.0 if friendly else (5.5 if hand <= 2 else 4.5), C.A_OPTION + C.OPT_HAND,
                 gen)
    for c in range(C.MAX_CARDS):
        if mask[C.A_CARD + c] != 0:
            consider(acc, pick_value(seen, equip, card_table, t, c, friendly), C.A_CARD + c, gen)
    return int(acc[1]) if acc[1] >= 0 else NONE



@njit(cache=True)
def decide_kylin(obs, mask, seen, equip, hostile, card_table, values):
    if not enemy(hostile, seen[V_DTGT], 0.1):
        return C.A_PASS
    for c in range(C.MAX_CARDS):
        if mask[C.A_CARD + c] != 0 and card_table[0, c] == C.K_HORSE_PLUS:
            return C.A_CARD + c
    return or_pass(cheapest_card(obs, mask, seen, equip, card_table, values, 0, -1))


@njit(cache=True)
def decide_dswords(obs, mask, seen, equip, hostile, card_table, values):
    if enemy(hostile, seen[V_DSRC], 0.0):
        a = cheapest_card(obs, mask, seen, equip, card_table, values, 0, -1)
        if a >= 0 and own_value(obs, seen, equip, card_table, values, a - C.A_CARD) <= 3.0:
            return a
    return C.A_PASS


# ---------------------------------------------------------------- yes / no
@njit(cache=True)
def decide_confirm(obs, mask, seen, equip, seat_skills, hostile, card_table, values, memory, gen):
    purpose = seen[V_DNUM + 1]
    t = seen[V_DTGT]
    yes, no = C.A_CONFIRM, C.A_PASS
    if purpose == C.PUR_SKILL:
        sk = decision_skill(seen, seat_skills)
        if traits.ALWAYS_CONFIRM[sk]:
            return yes
        return skills.confirm(sk, Decision(obs, mask, seen, equip, seat_skills, hostile,
                                           card_table, values, memory, gen))
    if purpose == C.PUR_DSWORDS:
        return no if t >= 0 and friend(hostile, t) else yes
    if purpose == C.PUR_ICE_SWORD:          # prevent the damage, discard two of its cards instead
        if friend(hostile, t):
            return yes
        if t >= 0 and seen[VP_HP + t] >= 3 and equip_count(equip, t) >= 2:
            return yes
        return no
    if purpose == C.PUR_AXE:                # pay two cards to make the dodged 杀 hit
        if not enemy(hostile, t, 0.25):
            return no
        nh, c0, c1 = two_cheapest_hand(seen, values)
        if seen[VP_HP + t] <= 2 or (nh >= 4 and c0 + c1 <= 7):
            return yes
        return no
    return NONE


# ---------------------------------------------------------------- the draft, 3v3 order
@njit(cache=True)
def decide_hero(obs, mask, seen, hscore, gen):
    """The strongest offer: the engine keeps a seat's offer in increasing hero id, so
    ``A_HERO + j`` picks the j-th hero marked in OBS_OFFER."""
    lordly = seen[V_ROLE] == LORD or (seen[V_ROLE] == COMMANDER and seen[V_DTGT] == 0)
    as_lord = 1 if lordly else 0
    order = np.full(C.NUM_HERO_OFFERS, -1, np.int64)
    j = 0
    for h in range(C.OBS_HERO_ROOM):
        if obs[C.OBS_OFFER + h] > 0 and j < C.NUM_HERO_OFFERS:
            order[j] = h
            j += 1
    acc = np.array([-1e18, -1.0])
    for i in range(C.NUM_HERO_OFFERS):
        if mask[C.A_HERO + i] != 0:
            s = hscore[order[i], as_lord] if order[i] >= 0 else 0.0
            consider(acc, s, C.A_HERO + i, gen)
    return int(acc[1]) if acc[1] >= 0 else NONE


@njit(cache=True)
def decide_who_acts(mask, seen):
    """3v3: the commander acts first while he is fit; with the guards' block the healthier guard
    (the more HP and cards) leads."""
    if can(mask, C.A_TARGET) and (seen[VP_HP] >= 3 or seen[V_NLEGAL] == 1):
        return C.A_TARGET
    best = -1
    bv = -1e18
    for r in range(1, NS):
        if mask[C.A_TARGET + r] != 0:
            s = seen[VP_HP + r] + 0.3 * seen[VP_HANDN + r]
            if s > bv:
                bv = s
                best = r
    if best < 0:
        for a in range(mask.shape[0]):
            if mask[a] != 0:
                return a
        return NONE
    return C.A_TARGET + best



# ---------------------------------------------------------------- dispatch
@njit(cache=True)
def fallback(obs, mask, seen, equip, seat_skills, hostile, card_table, values, gen):
    """No rule applied: decline if allowed, else pay with the cheapest card, else the best
    target, else the first legal action."""
    if can(mask, C.A_PASS):
        return C.A_PASS
    a = cheapest_card(obs, mask, seen, equip, card_table, values, 0, -1)
    if a >= 0:
        return a
    a = best_target(TS_FALLBACK, 0, obs, mask, seen, equip, seat_skills, hostile, card_table, gen)
    if a >= 0:
        return a
    for a in range(mask.shape[0]):
        if mask[a] != 0:
            return a
    return NONE


@njit(cache=True)
def decide_skill(obs, mask, seen, equip, seat_skills, hostile, card_table, values, memory, gen):
    """A skill's own decision (card, target or option): its module's rule
    (``heuristic_skills``)."""
    dk = seen[V_DK]
    sk = decision_skill(seen, seat_skills)
    x = Decision(obs, mask, seen, equip, seat_skills, hostile, card_table, values, memory, gen)
    if dk == C.DK_SKILL_CARD:
        return skills.card(sk, x)
    if dk == C.DK_SKILL_TARGET:
        return skills.target(sk, x)
    return skills.option(sk, x)


@njit(cache=True)
def decide(obs, mask, seen, equip, seat_skills, hostile, card_table, values, memory, gen, hscore):
    dk = seen[V_DK]
    if dk == C.DK_PLAY:
        return decide_play(obs, mask, seen, equip, seat_skills, hostile, card_table, values,
                           memory, gen)
    if dk == C.DK_TARGET:
        return decide_target(obs, mask, seen, equip, seat_skills, hostile, card_table, gen)
    if dk == C.DK_JINK:
        return decide_jink(obs, mask, seen, equip, seat_skills, hostile, card_table, values)
    if dk == C.DK_SLASH:
        return decide_slash(obs, mask, seen, equip, seat_skills, hostile, card_table, values)
    if dk == C.DK_PEACH:
        return decide_peach(obs, mask, seen, equip, hostile, card_table, values)
    if dk == C.DK_NULLIFY:
        return decide_nullify(obs, mask, seen, equip, hostile, card_table, values)
    if dk == C.DK_DISCARD or dk == C.DK_SELECT:
        return cheapest_card(obs, mask, seen, equip, card_table, values, 0, -1)
    if dk == C.DK_PICK:
        return decide_pick(obs, mask, seen, equip, hostile, card_table, gen)
    if dk == C.DK_AG:
        return decide_ag(mask, seen, equip, card_table, gen)
    if dk == C.DK_CONFIRM:
        return decide_confirm(obs, mask, seen, equip, seat_skills, hostile, card_table, values,
                              memory, gen)
    if dk == C.DK_DSWORDS:
        return decide_dswords(obs, mask, seen, equip, hostile, card_table, values)
    if dk == C.DK_KYLIN:
        return decide_kylin(obs, mask, seen, equip, hostile, card_table, values)
    if dk == C.DK_HERO:
        return decide_hero(obs, mask, seen, hscore, gen)
    if dk == C.DK_SKILL_CARD or dk == C.DK_SKILL_TARGET or dk == C.DK_SKILL_OPTION:
        return decide_skill(obs, mask, seen, equip, seat_skills, hostile, card_table, values,
                            memory, gen)
    if dk == C.DK_ORDER:
        return C.A_OPTION + C.OPT_FIRST       # 3v3: pick heroes first; act first
    if dk == C.DK_WHO_ACTS:
        return decide_who_acts(mask, seen)
    return NONE


@njit(cache=True)
def start_view(obs, mask, memory, seen, equip, seat_skills, player):
    """Decode obs into seen / equip / seat_skills with the slot's deck; a new game (the slot's
    first, the round gone back, another player count) starts the memory afresh."""
    tab = player.tables
    mem_deck = int(memory[M_DECK]) if memory[M_INIT] > 0 else -1
    read_view(obs, mask, seen, equip, seat_skills, tab, player.default_deck, mem_deck)
    if memory[M_INIT] == 0 or seen[V_ROUND] < memory[M_PREV_ROUND] or seen[V_N] != int(memory[M_N]):
        if memory[M_INIT] > 0:                # the round went back: another game started
            memory[:] = 0.0
            read_view(obs, mask, seen, equip, seat_skills, tab, player.default_deck, -1)
        memory[M_INIT] = 1
        memory[M_DECK] = seen[V_DECK]
        memory[M_N] = seen[V_N]


@njit(cache=True)
def rules_of(seen, ev):
    """The evidence rules for this seat (EV_LOYALIST_ONLY: two of them for a loyalist only)."""
    if ev & EV_LOYALIST_ONLY and seen[V_ROLE] != LOYALIST:
        ev &= ~(EV_NO_STALE | EV_COUNTS)
    return ev


@njit(cache=True)
def act_one(obs, mask, memory, gen, key, player, info):
    """One decision of one slot (player: the ``Player``): returns the action; info[0:3] = decision
    kind, asking skill, 1 if no rule covered it (the fallback decided)."""
    if gen[MI_SEEDED] == 0:
        seed_slot(gen, player.base_seed, key)
    V = np.zeros(V_SIZE, np.int64)
    EQ = np.zeros((NS, NEQ), np.int64)
    SKS = np.zeros((NS, C.MAX_SKILL_SLOTS), np.int64)
    start_view(obs, mask, memory, V, EQ, SKS, player)
    evidence = rules_of(V, player.evidence)
    if evidence & EV_ON:
        update_evidence(V, SKS, memory, evidence)
    info[0] = V[V_DK]
    info[1] = decision_skill(V, SKS)
    info[2] = 0
    if V[V_NLEGAL] == 0:
        info[2] = 2
        return NONE
    if V[V_NLEGAL] == 1:
        for a in range(mask.shape[0]):
            if mask[a] != 0:
                return a
    tab = player.tables
    K = tab.decks[V[V_DECK]]
    H = np.zeros(NS)
    hostility(V, memory, tab.counts, H, evidence)
    VAL = np.zeros(C.MAX_CARDS)
    hand_values(V, EQ, SKS, K, VAL)
    a = decide(obs, mask, V, EQ, SKS, H, K, VAL, memory, gen, tab.hscore)
    if a < 0 or a >= mask.shape[0] or mask[a] == 0:
        info[2] = 1
        a = fallback(obs, mask, V, EQ, SKS, H, K, VAL, gen)
    if not evidence & EV_ON:
        memory[M_LOYAL:M_LOYAL + NS] = 0.0
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


def act_rows(obs, masks, rows, keys, memory, gen, player, out, dec_counts, fb_counts,
             num_threads=None):
    """Decide every row of a batch for the ``Player`` player, on ``num_threads`` threads
    (``heroes_env.fast.crew``; None: Numba's thread count): row i uses obs[i], masks[i] and the
    memory rows memory[rows[i]], gen[rows[i]] (keys[i] seeds a slot's generator the first time).
    Counts each decision (and each fallback) by (decision kind, asking skill); returns the first
    row whose mask allows nothing (-1: none). The rows of one batch must name distinct memory
    rows."""
    info = np.zeros((obs.shape[0], 3), np.int64)
    crew.run(act_rows_range, obs.shape[0], num_threads, obs, masks, rows, keys, memory, gen,
             player, out, info)
    return _count(info, dec_counts, fb_counts)


@njit(entry=True, cache=True, nogil=True)
def act_rows_range(obs, masks, rows, keys, memory, gen, player, out, info, lo, hi):
    """``act_rows`` of rows lo..hi-1 (info[i]: row i's decision kind, skill, fallback)."""
    player = borrow(player)     # its tables read per decision without reference counts
    for i in range(lo, hi):
        out[i] = act_one(obs[i], masks[i], memory[rows[i]], gen[rows[i]], keys[i], player, info[i])


@njit(entry=True, cache=True)
def hostility_of(obs, mask, memory, tab, default_deck, ev):
    """The hostility per relative seat this observation and memory row give (hostile[:n])."""
    V = np.zeros(V_SIZE, np.int64)
    EQ = np.zeros((NS, NEQ), np.int64)
    SKS = np.zeros((NS, C.MAX_SKILL_SLOTS), np.int64)
    read_view(obs, mask, V, EQ, SKS, tab, default_deck, -1)
    ev = rules_of(V, ev)
    H = np.zeros(NS)
    hostility(V, memory, tab.counts, H, ev)
    return H[:V[V_N]].copy()
