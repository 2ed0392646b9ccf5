"""鬼才 (guicai): replace a judgement card whose outcome is bad for this seat's side (good for an
enemy) by the cheapest own card that turns it, if it is worth 7 or less."""
from heroes_env.agents.heuristic_common import (
    V_DCK,
    V_DTGT,
    V_NTABLE,
    V_TABLE,
    friend,
    judge_good,
    own_value,
)
from heroes_env.engine import constants as C
from heroes_env.fast.jit import njit

SKILLS = ("guicai",)


@njit(cache=True)
def card(x):
    V, K = x.seen, x.card_table
    t = V[V_DTGT]
    # the judgement card: the card on the table of the decision's card kind
    nj = 0
    cur = -1
    for i in range(V[V_NTABLE]):
        c = V[V_TABLE + i]
        if K[0, c] == V[V_DCK]:
            nj += 1
            cur = c
    if t < 0 or nj != 1:
        return C.A_PASS
    good_now = judge_good(V, x.equip, x.seat_skills, K, t, cur)
    if good_now < 0:
        return C.A_PASS
    want_good = 1 if (t == 0 or friend(x.hostile, t)) else 0
    if good_now == want_good:
        return C.A_PASS
    best = -1
    bv = 1e18
    for c in range(C.MAX_CARDS):
        if x.mask[C.A_CARD + c] != 0 and judge_good(V, x.equip, x.seat_skills, K, t,
                                                    c) == want_good:
            v = own_value(x.obs, V, x.equip, K, x.values, c)
            if v < bv:
                bv = v
                best = c
    if best < 0:
        return C.A_PASS
    return C.A_CARD + best if bv <= 7.0 else C.A_PASS
