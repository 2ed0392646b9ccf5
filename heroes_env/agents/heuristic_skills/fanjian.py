"""反间 (fanjian): on the enemy it would hurt most (the weakest); as its victim, name the colour
the user's hand more likely holds; being asked is evidence the user is against this seat."""
import numpy as np

from heroes_env.agents.heuristic_common import (
    NS,
    V_DK,
    V_DSKOWN,
    V_N,
    VP_ALIVE,
    VP_HP,
    harm,
    pick_target,
    unseen_colors,
)
from heroes_env.engine import constants as C
from heroes_env.fast.jit import njit

SKILLS = ("fanjian",)


@njit(cache=True)
def value(V, H, r):
    return H[r] * (1.3 if V[VP_HP + r] <= 1 else 1.0)


@njit(cache=True)
def play_score(x):
    best = -5.0
    found = False
    for r in range(1, x.V[V_N]):
        if x.V[VP_ALIVE + r]:
            v = value(x.V, x.H, r)
            if not found or v > best:
                best = v
                found = True
    return 3.0 + best if best > 0.5 else -1.0


@njit(cache=True)
def target(x):
    S = np.zeros(NS)
    for r in range(x.V[V_N]):
        S[r] = value(x.V, x.H, r)
    return pick_target(x.m, x.V, S, x.MI)


@njit(cache=True)
def option(x):
    red, black = unseen_colors(x.o, x.V, x.K)
    return C.A_OPTION + (C.OPT_RED if red >= black else C.OPT_BLACK)


@njit(cache=True)
def evidence(V, MF, ev):
    if V[V_DK] == C.DK_SKILL_OPTION and V[V_DSKOWN] > 0:
        harm(V, MF, V[V_DSKOWN], 0, 0.7, ev)
