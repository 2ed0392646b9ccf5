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
def value(seen, hostile, r):
    return hostile[r] * (1.3 if seen[VP_HP + r] <= 1 else 1.0)


@njit(cache=True)
def play_score(x):
    best = -5.0
    found = False
    for r in range(1, x.seen[V_N]):
        if x.seen[VP_ALIVE + r]:
            v = value(x.seen, x.hostile, r)
            if not found or v > best:
                best = v
                found = True
    return 3.0 + best if best > 0.5 else -1.0


@njit(cache=True)
def target(x):
    scores = np.zeros(NS)
    for r in range(x.seen[V_N]):
        scores[r] = value(x.seen, x.hostile, r)
    return pick_target(x.mask, x.seen, scores, x.gen)


@njit(cache=True)
def option(x):
    red, black = unseen_colors(x.obs, x.seen, x.card_table)
    return C.A_OPTION + (C.OPT_RED if red >= black else C.OPT_BLACK)


@njit(cache=True)
def evidence(seen, memory, ev):
    if seen[V_DK] == C.DK_SKILL_OPTION and seen[V_DSKOWN] > 0:
        harm(seen, memory, seen[V_DSKOWN], 0, 0.7, ev)
