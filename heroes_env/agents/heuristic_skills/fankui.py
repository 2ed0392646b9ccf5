"""反馈 (fankui): take a card of the damage source, unless it is a friend."""
from heroes_env.agents.heuristic_common import V_DTGT, friend
from heroes_env.engine import constants as C
from heroes_env.fast.jit import njit

SKILLS = ("fankui",)


@njit(cache=True)
def confirm(x):
    t = x.V[V_DTGT]
    return C.A_PASS if t >= 0 and friend(x.H, t) else C.A_CONFIRM
