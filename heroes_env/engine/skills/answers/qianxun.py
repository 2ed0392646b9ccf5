"""谦逊 (陆逊): he cannot be the target of 顺手牵羊 or 乐不思蜀. 花美男 (王晓平, classmates) runs
this code.
"""
from ....fast.jit import njit
from ...constants import K_INDULGENCE, K_SNATCH, Q_UNTARGETABLE

QUERIES = (Q_UNTARGETABLE,)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """Untargetable by a card of kind a: 顺手牵羊 or 乐不思蜀."""
    return 1 if a == K_SNATCH or a == K_INDULGENCE else value
