"""苦肉 (黄盖): any number of times in his play phase, he loses 1 HP, then draws two cards if he
is still alive (his dying comes between).
"""
from ....fast.jit import njit
from ...constants import F_PC, F_USER, PC_START
from ...state import alive, draw_cards, pop_frame
from ..common import lose_hp, skill_log
from ..ids import SK_KUROU

# the steps of its FR_SKILL frame (F_PC): lose 1 HP; then draw two
KUROU_LOSE, KUROU_DRAW = PC_START, 1


@njit(cache=True, inline="always")
def active_ok(s, d):
    """No use limit, no cost but the HP."""
    return True


@njit(cache=True, inline="always")
def run(s, o):
    u = s[o + F_USER]
    if s[o + F_PC] == KUROU_LOSE:
        skill_log(s, u, SK_KUROU, -1)
        s[o + F_PC] = KUROU_DRAW
        lose_hp(s, u, 1)
    else:                       # KUROU_DRAW
        if alive(s, u):
            draw_cards(s, u, 2)
        pop_frame(s, 0)
