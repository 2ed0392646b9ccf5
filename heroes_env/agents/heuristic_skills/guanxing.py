"""观星 (guanxing): always used. The first call puts cheap cards under the pile (CONFIRM: the
rest go on top); the later ones order the top, first drawn first, the best first (a heart first
when a 乐不思蜀 waits in its judgement zone)."""
from heroes_env.agents.heuristic_common import (
    MEM,
    V_DNUM,
    VP_INDUL,
    can,
    card_value,
    decide_ag,
    pay_cheapest,
)
from heroes_env.engine import constants as C
from heroes_env.fast.jit import njit

SKILLS = ("guanxing",)
ALWAYS_CONFIRM = True
M_GX_LATER = MEM.take()        # the first top card is placed already


@njit(cache=True)
def card(x):
    m, V, MF = x.mask, x.seen, x.memory
    if V[V_DNUM] == 0:
        MF[M_GX_LATER] = 0
        ncards = 0
        bad = -1
        bv = 1e18
        for c in range(C.MAX_CARDS):
            if m[C.A_CARD + c] != 0:
                ncards += 1
                v = card_value(V, x.equip, x.card_table, c)
                if v <= 3.0 and v < bv:
                    bv = v
                    bad = c
        if bad >= 0 and ncards > 1:
            return C.A_CARD + bad
        if can(m, C.A_CONFIRM):
            return C.A_CONFIRM
        return pay_cheapest(x)
    first = MF[M_GX_LATER] == 0
    MF[M_GX_LATER] = 1
    if V[VP_INDUL] and first:
        for c in range(C.MAX_CARDS):
            if m[C.A_CARD + c] != 0 and x.card_table[1, c] == C.SUIT_HEART:
                return C.A_CARD + c
    return decide_ag(m, V, x.equip, x.card_table, x.gen)
