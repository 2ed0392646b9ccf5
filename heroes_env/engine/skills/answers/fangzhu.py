"""放逐 (张云杰, 同学包): a black hand card of hers used as a 借刀杀人.

A play-phase conversion: ``conversions`` offers it as a skill action (``play_kind``) and asks
which card (``Q_CONVERTS``); a response never asks for a 借刀杀人.
"""
from ....fast.jit import njit
from ...constants import COLOR_BLACK, K_COLLATERAL, Q_CONVERTS
from ...state import card_color
from ..common import first_converting, own_card
from ..ids import SK_FANGZHU

QUERIES = (Q_CONVERTS,)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """Q_CONVERTS: itself, when no skill before it turned seat's card a into kind b (value 0), b is
    借刀杀人 and a is a black hand card."""
    turns = b == K_COLLATERAL and own_card(s, seat, a, False) and card_color(s, a) == COLOR_BLACK
    return first_converting(value, SK_FANGZHU, turns)


@njit(cache=True, inline="always")
def play_kind(s, seat):
    """In the play phase it makes 借刀杀人."""
    return K_COLLATERAL
