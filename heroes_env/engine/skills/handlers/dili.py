"""底力 (鲁智深, 英雄杀; locked): in his draw phase he draws as many more cards as the HP he has
lost. 大表哥 (吕龙生, the classmates pack) runs this code as it is.
"""
from ....fast.jit import njit
from ...constants import F_USER, H_DRAWN, P_HP, P_MAXHP, TP_DRAW
from ...state import alive, pop_frame
from ..common import skill_log
from ..ids import SK_DILI

TIMINGS = (TP_DRAW,)


@njit(cache=True, inline="always")
def run(s, o):
    """Its one step: the draw phase draws his lost HP more."""
    u = s[o + F_USER]
    lost = s[P_MAXHP + u] - s[P_HP + u]
    if lost > 0 and alive(s, u):
        skill_log(s, u, SK_DILI, -1)
        s[H_DRAWN] += lost
    pop_frame(s, 0)
