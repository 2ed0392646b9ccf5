"""仁德 (rende): give spare cards to friends (the lord first), enough to heal when wounded."""
import numpy as np

from heroes_env.agents.heuristic_common import (
    NS,
    V_LORD,
    V_N,
    V_NHAND,
    VP_ALIVE,
    VP_GIVEN,
    VP_HP,
    VP_MAXHP,
    can,
    friend,
    pay_cheapest,
    pick_target,
    two_cheapest_hand,
)
from heroes_env.engine import constants as C
from heroes_env.fast.jit import njit

SKILLS = ("rende",)


@njit(cache=True)
def play_score(x):
    V, H = x.seen, x.hostile
    hp, maxhp = V[VP_HP], V[VP_MAXHP]
    nh, _c0, _c1 = two_cheapest_hand(V, x.values)
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


@njit(cache=True)
def card(x):
    V = x.seen
    hp = V[VP_HP]
    heal = V[VP_HP] < V[VP_MAXHP] and V[VP_GIVEN] % 2 == 1
    if can(x.mask, C.A_CONFIRM) and not heal and V[V_NHAND] <= hp:
        return C.A_CONFIRM
    return pay_cheapest(x)


@njit(cache=True)
def target(x):
    scores = np.zeros(NS)
    for r in range(x.seen[V_N]):
        scores[r] = -x.hostile[r] + (0.3 if r == x.seen[V_LORD] else 0.0)
    return pick_target(x.mask, x.seen, scores, x.gen)
