"""朦胧 (钟雨岑, classmates): while she wears no armour she counts as wearing 八卦阵.
"""
from ....fast.jit import njit
from ...constants import P_ARMOR, Q_VIRTUAL_DIAGRAM
from ..ids import SK_MENGLONG

QUERIES = (Q_VIRTUAL_DIAGRAM,)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """It is her 八卦阵 while no armour is equipped."""
    return SK_MENGLONG if s[P_ARMOR + seat] < 0 else value
