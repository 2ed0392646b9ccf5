"""凤舞九天 (赵嘉琪, classmates): she recovers 1 HP per point of damage she deals to another
character at distance at most 1 (measured as the damage is dealt).
"""
from ....fast.jit import njit
from ...constants import Q_HEAL_ON_DAMAGE
from ..ids import SK_FENGWU

QUERIES = (Q_HEAL_ON_DAMAGE,)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """Damage to seat a (another) at distance b of at most 1 heals her."""
    return SK_FENGWU if a != seat and b <= 1 else value
