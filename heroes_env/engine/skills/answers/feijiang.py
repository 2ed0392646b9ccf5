"""飞将 (张飞): he may use any number of 杀 in his play phase. 天狼 (杨延昭, herokill) runs
this code.
"""
from ....fast.jit import njit
from ...constants import Q_SLASH_UNLIMITED

QUERIES = (Q_SLASH_UNLIMITED,)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """No 杀 limit."""
    return 1
