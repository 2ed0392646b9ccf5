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
def plan(V, SKS, H):
    """Best (value, duelist, victim): the victim answers first and is hurt if it runs out of 杀
    first; both are males other than 貂蝉."""
    bv, ba, bb = -5.0, -1, -1
    n = V[V_N]
    for a in range(1, n):
        if not V[VP_ALIVE + a] or V[VP_GENDER + a] != C.GENDER_MALE:
            continue
        for b in range(1, n):
            if not V[VP_ALIVE + b] or V[VP_GENDER + b] != C.GENDER_MALE or a == b:
                continue
            if immune(V, SKS, b, C.K_DUEL):
                continue
            val = H[b] * (1.2 if V[VP_HP + b] <= 1 else 1.0) - 0.4 * H[a] \
                + 0.08 * (V[VP_HANDN + a] - V[VP_HANDN + b])
            if val > bv:
                bv, ba, bb = val, a, b
    return bv, ba, bb


@njit(cache=True)
def play_score(x):
    val, _a, _b = plan(x.V, x.SKS, x.H)
    return 3.0 + val if val > 0.6 else -1.0


@njit(cache=True)
def target(x):
    V, H, MF = x.V, x.H, x.MF
    _val, a, b = plan(V, x.SKS, H)
    S = np.zeros(NS)
    if V[V_DNUM] == 1:
        MF[M_LIJIAN] = b + 1
        for r in range(V[V_N]):
            S[r] = (2.0 if r == a else 0.0) - 0.4 * H[r]
        return pick_target(x.m, V, S, x.MI)
    victim = int(MF[M_LIJIAN]) - 1
    MF[M_LIJIAN] = 0
    for r in range(V[V_N]):
        S[r] = (2.0 if r == victim else 0.0) + H[r]
    return pick_target(x.m, V, S, x.MI)
