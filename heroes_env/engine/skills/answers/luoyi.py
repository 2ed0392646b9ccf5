"""裸衣 (许褚): a 杀 he uses in his play phase with no weapon equipped deals 2 damage.
"""
from ....fast.jit import njit
from ...constants import H_CUR, H_PHASE, P_WEAPON, PH_PLAY, Q_SLASH_DAMAGE

QUERIES = (Q_SLASH_DAMAGE,)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """2 damage, unarmed in his own play phase."""
    if s[P_WEAPON + seat] < 0 and s[H_CUR] == seat and s[H_PHASE] == PH_PLAY:
        return max(value, 2)
    return value
