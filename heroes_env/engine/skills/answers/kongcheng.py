"""空城 (诸葛亮): while his hand is empty he cannot be the target of a 杀 or a 决斗. 归隐 (刘伯温,
herokill) and 你不懂 (高映海, classmates) run this code.
"""
from ....fast.jit import njit
from ...constants import K_DUEL, K_SLASH, P_HANDN, Q_UNTARGETABLE

QUERIES = (Q_UNTARGETABLE,)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """Untargetable by a card of kind a: a 杀 or a 决斗, with an empty hand."""
    return 1 if (a == K_SLASH or a == K_DUEL) and s[P_HANDN + seat] == 0 else value
