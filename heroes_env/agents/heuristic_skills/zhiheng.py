"""制衡 (zhiheng): swap the junk (cards worth 3 or less) when there are two or more."""
from heroes_env.agents.heuristic_common import (
    V_HAND,
    can,
    cheapest_card,
    own_value,
    pay_cheapest,
    two_cheapest_hand,
)
from heroes_env.engine import constants as C
from heroes_env.fast.jit import njit

SKILLS = ("zhiheng",)


@njit(cache=True)
def play_score(x):
    nh, _c0, _c1 = two_cheapest_hand(x.seen, x.values)
    junk = 0
    for i in range(nh):
        if x.values[x.seen[V_HAND + i]] <= 3.0:
            junk += 1
    return 1.5 if junk >= 2 else -1.0


@njit(cache=True)
def card(x):
    a = cheapest_card(x.obs, x.mask, x.seen, x.equip, x.card_table, x.values, 1, -1)
    if a >= 0 and own_value(x.obs, x.seen, x.equip, x.card_table, x.values, a - C.A_CARD) <= 3.0:
        return a
    if can(x.mask, C.A_CONFIRM):
        return C.A_CONFIRM
    return pay_cheapest(x)
