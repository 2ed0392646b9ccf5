"""离间 (lijian): make two males duel, the victim an enemy low on 杀 (it answers first), the
other one not a friend. Its first target decision plans the pair and remembers the victim for
the second."""
import numpy as np

from heroes_env.agents.heuristic_common import (
    MEM,
    NS,
    V_DNUM,
    V_N,
    VP_ALIVE,
    VP_GENDER,
    VP_HANDN,
    VP_HP,
    immune,
    pay_cheapest,
    pick_target,
)
from heroes_env.engine import constants as C
from heroes_env.fast.jit import njit

SKILLS = ("lijian",)
M_LIJIAN = MEM.take()          # victim + 1 chosen at the first target decision (0: none)

card = pay_cheapest


@njit(cache=True)
def plan(seen, seat_skills, hostile):
    """Best (value, duelist, victim): the victim answers first and is hurt if it runs out of 杀
    first; both are males other than 貂蝉."""
    bv, ba, bb = -5.0, -1, -1
    n = seen[V_N]
    for a in range(1, n):
        if not seen[VP_ALIVE + a] or seen[VP_GENDER + a] != C.GENDER_MALE:
            continue
        for b in range(1, n):
            if not seen[VP_ALIVE + b] or seen[VP_GENDER + b] != C.GENDER_MALE or a == b:
                continue
            if immune(seen, seat_skills, b, C.K_DUEL):
                continue
            val = hostile[b] * (1.2 if seen[VP_HP + b] <= 1 else 1.0) - 0.4 * hostile[a] \
                + 0.08 * (seen[VP_HANDN + a] - seen[VP_HANDN + b])
            if val > bv:
                bv, ba, bb = val, a, b
    return bv, ba, bb


@njit(cache=True)
def play_score(x):
    val, _a, _b = plan(x.seen, x.seat_skills, x.hostile)
    return 3.0 + val if val > 0.6 else -1.0


@njit(cache=True)
def target(x):
    V, H, MF = x.seen, x.hostile, x.memory
    _val, a, b = plan(V, x.seat_skills, H)
    scores = np.zeros(NS)
    if V[V_DNUM] == 1:
        MF[M_LIJIAN] = b + 1
        for r in range(V[V_N]):
            scores[r] = (2.0 if r == a else 0.0) - 0.4 * H[r]
        return pick_target(x.mask, V, scores, x.gen)
    victim = int(MF[M_LIJIAN]) - 1
    MF[M_LIJIAN] = 0
    for r in range(V[V_N]):
        scores[r] = (2.0 if r == victim else 0.0) + H[r]
    return pick_target(x.mask, V, scores, x.gen)
