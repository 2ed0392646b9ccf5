"""雕琢 (钟雨岑, 同学包): a black hand card of hers used as a 无懈可击.

It serves in responses only (a 无懈可击 is never used as a play-phase action: no ``play_kind``, so
``conversions`` offers it no action); the 无懈可击 chain asks it through the query points
(``Q_MAKES_KIND``: it makes 无懈可击; ``Q_CONVERTS``: which card, and which skill to log).
"""
from ....fast.jit import njit
from ...constants import COLOR_BLACK, K_NULLIFICATION, Q_CONVERTS, Q_MAKES_KIND
from ...state import card_color
from ..common import first_converting, own_card
from ..ids import SK_DIAOZHUO

QUERIES = (Q_MAKES_KIND, Q_CONVERTS)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """Q_MAKES_KIND (a: a kind): 1 for 无懈可击. Q_CONVERTS: itself, when no skill before it turned
    seat's card a into kind b (value 0), b is 无懈可击 and a is a black hand card."""
    if q == Q_MAKES_KIND:
        return 1 if a == K_NULLIFICATION else value
    turns = b == K_NULLIFICATION and own_card(s, seat, a, False) and card_color(s, a) == COLOR_BLACK
    return first_converting(value, SK_DIAOZHUO, turns)
