"""遗计 (yiji): always used; give each card to oneself, or to a friend short of cards when
holding plenty."""
from heroes_env.agents.heuristic_common import (
    TS_NEG_H,
    V_N,
    VP_HANDN,
    VP_HP,
    best_target,
    can,
    friend,
)
from heroes_env.engine import constants as C
from heroes_env.fast.jit import njit

SKILLS = ("yiji",)
ALWAYS_CONFIRM = True


@njit(cache=True)
def target(x):
    V, H, m = x.seen, x.hostile, x.mask
    fr = -1
    fh = 1e18
    for r in range(1, V[V_N]):
        if m[C.A_TARGET + r] != 0 and friend(H, r) and V[VP_HANDN + r] <= 1 and H[r] < fh:
            fh = H[r]
            fr = r
    if fr >= 0 and V[VP_HANDN] > V[VP_HP]:
        return C.A_TARGET + fr
    if can(m, C.A_TARGET):
        return C.A_TARGET
    return best_target(TS_NEG_H, 0, x.obs, x.mask, x.seen, x.equip, x.seat_skills, x.hostile,
                       x.card_table, x.gen)
