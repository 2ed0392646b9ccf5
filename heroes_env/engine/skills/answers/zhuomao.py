"""卓茂 (邵帅, classmates): with more than 2 HP his distance to others is 1 less; with 2 HP or
less others' distance to him is 1 more.

Rule decision: the classmates pack rules' "小於2或者更低" is read as "2 or lower", the complement
of "more than 2".
"""
from ....fast.jit import njit
from ...constants import P_HP, Q_DISTANCE_FROM, Q_DISTANCE_TO

QUERIES = (Q_DISTANCE_FROM, Q_DISTANCE_TO)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """The distance by his HP."""
    if q == Q_DISTANCE_FROM:
        return value - 1 if s[P_HP + seat] > 2 else value
    return value + 1 if s[P_HP + seat] <= 2 else value
