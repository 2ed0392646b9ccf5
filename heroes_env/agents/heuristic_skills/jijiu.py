"""急救 (jijiu): a red card as 桃 for oneself or a dying friend, when it is cheap or the HP low."""
from heroes_env.agents.heuristic_common import (
    V_DNUM,
    V_DTGT,
    VP_HP,
    friend,
    own_value,
    pay_cheapest,
)
from heroes_env.engine import constants as C
from heroes_env.fast.jit import njit

SKILLS = ("jijiu",)


@njit(cache=True)
def card(x):
    V = x.seen
    t = V[V_DTGT]
    if t >= 0 and (t == 0 or friend(x.hostile, t)):
        amount = max(1, V[V_DNUM + 2])
        a = pay_cheapest(x)
        if a >= 0 and (V[VP_HP + t] <= amount + 1
                       or own_value(x.obs, V, x.equip, x.card_table, x.values,
                                    a - C.A_CARD) <= 4.0):
            return a
    return C.A_PASS
