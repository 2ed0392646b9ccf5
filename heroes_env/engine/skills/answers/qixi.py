"""奇袭 (甘宁): a black card of his, in his hand or equipment, used as a 过河拆桥. 释权 (赵匡胤,
英雄杀: 釜底抽薪) runs this code.

A play-phase conversion: ``conversions`` offers it as a skill action (``play_kind``) and asks
which card (``Q_CONVERTS``); a response never asks for a 过河拆桥.
"""
from ....fast.jit import njit
from ...constants import COLOR_BLACK, K_DISMANTLE, Q_CONVERTS
from ...state import card_color
from ..common import first_converting, own_card
from ..ids import SK_QIXI

QUERIES = (Q_CONVERTS,)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """Q_CONVERTS: itself, when no skill before it turned seat's card a into kind b (value 0), b is
    过河拆桥 and a is a black card in his hand or equipment."""
    turns = b == K_DISMANTLE and own_card(s, seat, a, True) and card_color(s, a) == COLOR_BLACK
    return first_converting(value, SK_QIXI, turns)


@njit(cache=True, inline="always")
def play_kind(s, seat):
    """In the play phase it makes 过河拆桥."""
    return K_DISMANTLE
