"""马术 (马超): his distance to others is 1 less, others' distance to him 1 more, and he rides
one horse only (a new one replaces the other). 骑射 (成吉思汗, herokill), 意动 and 侠骨
(classmates) run this code with parameter 1: only the 1 less (he counts as riding a -1 horse), and
no horse limit.
"""
from ....fast.jit import njit
from ...constants import Q_DISTANCE_FROM, Q_DISTANCE_TO, Q_ONE_HORSE

QUERIES = (Q_DISTANCE_FROM, Q_DISTANCE_TO, Q_ONE_HORSE)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """His distance to others -1; with parameter 0, others' to him +1 and one horse only."""
    if q == Q_DISTANCE_FROM:
        return value - 1
    if prm != 0:
        return value
    return value + 1 if q == Q_DISTANCE_TO else 1
