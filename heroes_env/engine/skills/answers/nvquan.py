"""女权 (武则天, herokill): a male answering her 决斗 plays two 杀 each time; a male's 决斗 on her
is void. 倔强 (王丽君, classmates) runs this code.

A male may still target her with a 决斗: after its 无懈可击 window it resolves to nothing.
"""
from ....fast.jit import njit
from ...constants import GENDER_MALE, P_GENDER, Q_DUEL_ANSWERS, Q_DUEL_VOID

QUERIES = (Q_DUEL_ANSWERS, Q_DUEL_VOID)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """Seat a (the other side of the 决斗) is a male: two 杀 each time, or his 决斗 is void."""
    if q == Q_DUEL_ANSWERS:
        return max(value, 2) if a != seat and s[P_GENDER + a] == GENDER_MALE else value
    return 1 if s[P_GENDER + a] == GENDER_MALE else value
