"""狂禅 (鲁智深, herokill): as the lord he gets no extra max HP.
"""
from ....fast.jit import njit
from ...constants import Q_LORD_HP_BONUS

QUERIES = (Q_LORD_HP_BONUS,)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """No lord HP bonus."""
    return 0
