"""救援 (孙权, lord skill): another character of his kingdom may use a 桃 on him in its own turn
while he is wounded.

The kingdom is the parameter (skills.csv: 吴); the rule is the 三国杀 standard rules'.
"""
from ....fast.jit import njit
from ...constants import H_CUR, P_HP, P_KINGDOM, P_MAXHP, Q_PEACH_TARGET

QUERIES = (Q_PEACH_TARGET,)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """Seat a, of the parameter's kingdom, in its turn, may use a 桃 on him, wounded."""
    if s[P_KINGDOM + a] == prm and s[P_HP + seat] < s[P_MAXHP + seat] and s[H_CUR] == a:
        return 1
    return value
