"""结姻 (jieyin): two cheap cards to heal a wounded male friend (or a non-enemy when wounded
oneself)."""
from heroes_env.agents.heuristic_common import (
    TS_NEG_H,
    V_N,
    VP_ALIVE,
    VP_GENDER,
    VP_HP,
    VP_MAXHP,
    best_target,
    enemy,
    friend,
    pay_cheapest,
    two_cheapest_hand,
)
from heroes_env.engine import constants as C
from heroes_env.fast.jit import njit

SKILLS = ("jieyin",)

card = pay_cheapest


@njit(cache=True)
def play_score(x):
    V, H = x.seen, x.hostile
    hp, maxhp = V[VP_HP], V[VP_MAXHP]
    nh, c0, c1 = two_cheapest_hand(V, x.values)
    if nh < 2 or c0 + c1 > 10:
        return -1.0
    for r in range(1, V[V_N]):
        if V[VP_ALIVE + r] and V[VP_GENDER + r] == C.GENDER_MALE \
                and V[VP_HP + r] < V[VP_MAXHP + r] \
                and (friend(H, r) or (hp < maxhp and not enemy(H, r, 0.5))):
            return 3.0
    return -1.0


@njit(cache=True)
def target(x):
    return best_target(TS_NEG_H, 0, x.obs, x.mask, x.seen, x.equip, x.seat_skills, x.hostile,
                       x.card_table, x.gen)
