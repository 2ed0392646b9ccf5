"""刚烈 (ganglie): judge against the damage source unless it is a friend; as its victim, lose HP
when healthy and holding good cards, else discard two."""
from heroes_env.agents.heuristic_common import VP_HP, can, two_cheapest_hand, yes_unless_friend
from heroes_env.engine import constants as C
from heroes_env.fast.jit import njit

SKILLS = ("ganglie",)

confirm = yes_unless_friend


@njit(cache=True)
def option(x):
    nh, c0, c1 = two_cheapest_hand(x.seen, x.values)
    if x.seen[VP_HP] >= 3 and nh >= 2 and c0 + c1 >= 9.0:
        return C.A_OPTION + C.OPT_LOSE_HP
    if can(x.mask, C.A_OPTION + C.OPT_DISCARD2) and nh >= 2:
        return C.A_OPTION + C.OPT_DISCARD2
    return C.A_OPTION + C.OPT_LOSE_HP
