"""流离 (liuli): pass a 杀 on to an enemy in range, paying a card worth 5 or less; a seat with
流离 is a worse 杀 target; being asked tells the 杀's user is against this seat."""
from heroes_env.agents.heuristic_common import (
    TS_SLASH,
    V_DK,
    V_DTGT,
    V_N,
    VP_ALIVE,
    VP_INRANGE,
    best_target,
    harm,
    own_value,
    pay_cheapest,
)
from heroes_env.engine import constants as C
from heroes_env.fast.jit import njit

SKILLS = ("liuli",)
SLASH_TARGET_BIAS = -0.2


@njit(cache=True)
def card(x):
    V = x.seen
    user = V[V_DTGT]
    worth = False
    for r in range(1, V[V_N]):
        if V[VP_ALIVE + r] and r != user and V[VP_INRANGE + r] and x.hostile[r] > 0.3:
            worth = True
    if not worth:
        return C.A_PASS
    a = pay_cheapest(x)
    return a if a >= 0 and own_value(x.obs, V, x.equip, x.card_table, x.values,
                                     a - C.A_CARD) <= 5.0 else C.A_PASS


@njit(cache=True)
def target(x):
    return best_target(TS_SLASH, C.COLOR_NONE, x.obs, x.mask, x.seen, x.equip, x.seat_skills,
                       x.hostile, x.card_table, x.gen)


@njit(cache=True)
def evidence(seen, memory, ev):
    if seen[V_DK] == C.DK_SKILL_CARD and seen[V_DTGT] > 0:
        harm(seen, memory, seen[V_DTGT], 0, 1.0, ev)        # the 杀 user 流离 answers
