"""龙胆 (赵云): a 杀 in his hand used or played as a 闪, a 闪 as a 杀. 武穆 (岳飞, 英雄杀) runs this
code.

A response asks it through the query points (``Q_MAKES_KIND``: it makes 杀 and 闪;
``Q_CONVERTS``: which card); in the play phase ``conversions`` offers it as a skill action
(``play_kind``: 杀).
"""
from ....fast.jit import njit
from ...constants import K_JINK, K_SLASH, Q_CONVERTS, Q_MAKES_KIND
from ...state import card_kind
from ..common import first_converting, own_card
from ..ids import SK_LONGDAN

QUERIES = (Q_MAKES_KIND, Q_CONVERTS)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """Q_MAKES_KIND (a: a kind): 1 for 杀 and 闪. Q_CONVERTS: itself, when no skill before it
    turned seat's card a into kind b (value 0) and a is a hand card of the other kind (闪 for a
    杀, 杀 for a 闪)."""
    if q == Q_MAKES_KIND:
        return 1 if a == K_SLASH or a == K_JINK else value
    k = card_kind(s, a)
    turns = own_card(s, seat, a, False) and ((b == K_SLASH and k == K_JINK)
                                             or (b == K_JINK and k == K_SLASH))
    return first_converting(value, SK_LONGDAN, turns)


@njit(cache=True, inline="always")
def play_kind(s, seat):
    """In the play phase it makes 杀 (of a 闪)."""
    return K_SLASH
