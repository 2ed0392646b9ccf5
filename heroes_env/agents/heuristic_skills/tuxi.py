"""突袭 (tuxi): take hand cards from the enemies holding most, or draw normally."""
from heroes_env.agents.heuristic_common import V_N, VP_HANDN, can
from heroes_env.engine import constants as C
from heroes_env.fast.jit import njit

SKILLS = ("tuxi",)


@njit(cache=True)
def target(x):
    best = -1
    bv = -1e18
    for r in range(x.seen[V_N]):
        if x.mask[C.A_TARGET + r] != 0:
            v = x.hostile[r] * (1.0 + 0.1 * x.seen[VP_HANDN + r])
            if v > bv:
                bv = v
                best = r
    if best < 0 or bv <= 0.25:
        return C.A_CONFIRM if can(x.mask, C.A_CONFIRM) else C.A_PASS
    return C.A_TARGET + best
