"""烽火 (褒姒, 英雄杀): in the play phase, a card of her equipment used as a 烽火狼烟 (南蛮入侵).
放着姐来 (张云杰, 同学包) runs this code.

A play-phase conversion: ``conversions`` offers it as a skill action (``play_kind``) and asks
which card (``Q_CONVERTS``); a response never asks for a 南蛮入侵.
"""
from ....fast.jit import njit
from ...constants import C_LOC, K_SAVAGE, Q_CONVERTS, Z_EQUIP
from ..common import first_converting
from ..ids import SK_FENGHUO

QUERIES = (Q_CONVERTS,)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """Q_CONVERTS: itself, when no skill before it turned seat's card a into kind b (value 0), b is
    南蛮入侵 and a is in her equipment."""
    turns = b == K_SAVAGE and s[C_LOC + a] == Z_EQUIP + seat
    return first_converting(value, SK_FENGHUO, turns)


@njit(cache=True, inline="always")
def play_kind(s, seat):
    """In the play phase it makes 南蛮入侵."""
    return K_SAVAGE
