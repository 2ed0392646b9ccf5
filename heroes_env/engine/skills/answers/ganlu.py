"""甘露 (崔晗, 同学包): in the play phase, a 桃 of her hand used as a 桃园结义.

A play-phase conversion: ``conversions`` offers it as a skill action (``play_kind``) and asks
which card (``Q_CONVERTS``); a response never asks for a 桃园结义.
"""
from ....fast.jit import njit
from ...constants import K_GOD_SALVATION, K_PEACH, Q_CONVERTS
from ...state import card_kind
from ..common import first_converting, own_card
from ..ids import SK_GANLU

QUERIES = (Q_CONVERTS,)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """Q_CONVERTS: itself, when no skill before it turned seat's card a into kind b (value 0), b is
    桃园结义 and a is a 桃 in her hand."""
    turns = b == K_GOD_SALVATION and own_card(s, seat, a, False) and card_kind(s, a) == K_PEACH
    return first_converting(value, SK_GANLU, turns)


@njit(cache=True, inline="always")
def play_kind(s, seat):
    """In the play phase it makes 桃园结义."""
    return K_GOD_SALVATION
