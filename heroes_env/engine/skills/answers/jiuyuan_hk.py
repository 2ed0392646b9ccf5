"""救援 (every 民 character, herokill, lord skill): while he is dying, a 药 used on him by a
character of the skill's faction heals 1 more.

The faction is the parameter (skills.csv: 君).
"""
from ....fast.jit import njit
from ...constants import P_KINGDOM, Q_RESCUE_BONUS
from ..ids import SK_JIUYUAN_HK

QUERIES = (Q_RESCUE_BONUS,)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """A 药 of seat a (another, of the parameter's faction) heals him 1 more."""
    return SK_JIUYUAN_HK if a != seat and s[P_KINGDOM + a] == prm else value
