"""拂晓 (邵帅, 同学包): in the play phase, a ♥ hand card of his used as a 五谷丰登.

A play-phase conversion: ``conversions`` offers it as a skill action (``play_kind``) and asks
which card (``Q_CONVERTS``); a response never asks for a 五谷丰登.
"""
from ....fast.jit import njit
from ...constants import K_AMAZING_GRACE, Q_CONVERTS, SUIT_HEART
from ...state import card_suit
from ..common import first_converting, own_card
from ..ids import SK_FUXIAO

QUERIES = (Q_CONVERTS,)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """Q_CONVERTS: itself, when no skill before it turned seat's card a into kind b (value 0), b is
    五谷丰登 and a is a ♥ hand card."""
    turns = b == K_AMAZING_GRACE and own_card(s, seat, a, False) and card_suit(s, a) == SUIT_HEART
    return first_converting(value, SK_FUXIAO, turns)


@njit(cache=True, inline="always")
def play_kind(s, seat):
    """In the play phase it makes 五谷丰登."""
    return K_AMAZING_GRACE
