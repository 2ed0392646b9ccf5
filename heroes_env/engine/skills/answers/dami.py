"""大米 (米强, classmates, lord skill): another character of his kingdom who, while dying, uses a
桃 on himself recovers 1 extra HP.

The kingdom is the parameter (skills.csv: 吴).
"""
from ....fast.jit import njit
from ...constants import P_KINGDOM, Q_OWN_PEACH_BONUS

QUERIES = (Q_OWN_PEACH_BONUS,)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """Seat a's (another, of the parameter's kingdom) own 桃, dying, heals 1 more."""
    return 1 if a != seat and s[P_KINGDOM + a] == prm else value
