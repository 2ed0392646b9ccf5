"""无双 (吕布): a 杀 of his needs two 闪, and his 决斗 opponent plays two 杀 each time. 霸王 (项羽,
herokill) and 威武 (徐文, classmates) run this code.

The parameter (skills.csv: 2 for all three), at least 1, is how many 闪 a 杀 of his needs and how
many 杀 his 决斗 opponent plays each time.
"""
from ....fast.jit import njit
from ...constants import Q_ANSWERS_NEEDED

QUERIES = (Q_ANSWERS_NEEDED,)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """At least the parameter's answers (at least 1)."""
    return max(value, max(1, prm))
