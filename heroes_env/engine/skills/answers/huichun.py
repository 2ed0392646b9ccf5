"""回春 (扁鹊, 英雄杀): outside his own turn, a red card of his, in his hand or equipment, used as a
药 (桃) on a dying character. 恋空 (张芮铭, 同学包) runs this code.

It serves in responses only (outside his turn there is no play phase of his: no ``play_kind``, so
``conversions`` offers it no action); the dying procedure asks it through the query points
(``Q_MAKES_KIND``: it makes 桃; ``Q_CONVERTS``: which card).
"""
from ....fast.jit import njit
from ...constants import COLOR_RED, H_CUR, K_PEACH, Q_CONVERTS, Q_MAKES_KIND
from ...state import card_color
from ..common import first_converting, own_card
from ..ids import SK_HUICHUN

QUERIES = (Q_MAKES_KIND, Q_CONVERTS)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """Q_MAKES_KIND (a: a kind): 1 for 桃. Q_CONVERTS: itself, when no skill before it turned
    seat's card a into kind b (value 0), b is 桃, it is not seat's turn and a is a red card in his
    hand or equipment."""
    if q == Q_MAKES_KIND:
        return 1 if a == K_PEACH else value
    turns = (b == K_PEACH and s[H_CUR] != seat and own_card(s, seat, a, True)
             and card_color(s, a) == COLOR_RED)
    return first_converting(value, SK_HUICHUN, turns)
