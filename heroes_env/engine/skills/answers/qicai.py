"""奇才 (黄月英): her tricks have no distance limit. 飞贼 (时迁, herokill) and 红妆 (李小亮,
classmates) run this code.
"""
from ....fast.jit import njit
from ...constants import Q_TRICK_NO_DISTANCE

QUERIES = (Q_TRICK_NO_DISTANCE,)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """Her tricks ignore distance."""
    return 1
