"""武圣 (关羽): a red card of his, in his hand or equipment, used or played as a 杀. 傲剑 (澹台名,
英雄杀) runs this code.

A response asks it through the query points (``Q_MAKES_KIND``: it makes 杀; ``Q_CONVERTS``: which
card); in the play phase ``conversions`` offers it as a skill action (``play_kind``).
"""
from ....fast.jit import njit
from ...constants import COLOR_RED, K_SLASH, Q_CONVERTS, Q_MAKES_KIND
from ...state import card_color
from ..common import first_converting, own_card
from ..ids import SK_WUSHENG

QUERIES = (Q_MAKES_KIND, Q_CONVERTS)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """Q_MAKES_KIND (a: a kind): 1 for 杀. Q_CONVERTS: itself, when no skill before it turned
    seat's card a into kind b (value 0), b is 杀 and a is a red card in his hand or equipment."""
    if q == Q_MAKES_KIND:
        return 1 if a == K_SLASH else value
    turns = b == K_SLASH and own_card(s, seat, a, True) and card_color(s, a) == COLOR_RED
    return first_converting(value, SK_WUSHENG, turns)


@njit(cache=True, inline="always")
def play_kind(s, seat):
    """In the play phase it makes 杀."""
    return K_SLASH
