"""倾国 (甄姬): a black hand card of hers used or played as a 闪. 轻影 (赵飞燕, 英雄杀) and 萝莉
(付亚琴, 同学包) run this code.

It serves in responses only (a 闪 is never used in the play phase: no ``play_kind``, so
``conversions`` offers it no action); a response asks it through the query points
(``Q_MAKES_KIND``: it makes 闪; ``Q_CONVERTS``: which card).
"""
from ....fast.jit import njit
from ...constants import COLOR_BLACK, K_JINK, Q_CONVERTS, Q_MAKES_KIND
from ...state import card_color
from ..common import first_converting, own_card
from ..ids import SK_QINGGUO

QUERIES = (Q_MAKES_KIND, Q_CONVERTS)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """Q_MAKES_KIND (a: a kind): 1 for 闪. Q_CONVERTS: itself, when no skill before it turned
    seat's card a into kind b (value 0), b is 闪 and a is a black hand card."""
    if q == Q_MAKES_KIND:
        return 1 if a == K_JINK else value
    turns = b == K_JINK and own_card(s, seat, a, False) and card_color(s, a) == COLOR_BLACK
    return first_converting(value, SK_QINGGUO, turns)
