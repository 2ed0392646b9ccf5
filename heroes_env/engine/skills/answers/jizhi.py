"""集智 (黄月英): she draws one card on using any trick (before it resolves). 极致 (李小亮,
classmates) runs this code with parameter 1: only a non-delayed trick (not 乐不思蜀 or 闪电).
"""
from ....fast.jit import njit
from ...constants import K_INDULGENCE, K_LIGHTNING, Q_DRAW_ON_TRICK

QUERIES = (Q_DRAW_ON_TRICK,)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """Draw on a trick of kind a (with parameter 1: not a delayed one)."""
    return 1 if prm == 0 or (a != K_INDULGENCE and a != K_LIGHTNING) else value
