"""国色 (大乔): a ♦ card of hers, in her hand or equipment, used as a 乐不思蜀. 魅惑 (西施, 英雄杀:
画地为牢) and 天籁 (孙婷婷, 同学包) run this code.

A play-phase conversion: ``conversions`` offers it as a skill action (``play_kind``) and asks
which card (``Q_CONVERTS``); a response never asks for a 乐不思蜀.
"""
from ....fast.jit import njit
from ...constants import K_INDULGENCE, Q_CONVERTS, SUIT_DIAMOND
from ...state import card_suit
from ..common import first_converting, own_card
from ..ids import SK_GUOSE

QUERIES = (Q_CONVERTS,)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """Q_CONVERTS: itself, when no skill before it turned seat's card a into kind b (value 0), b is
    乐不思蜀 and a is a ♦ card in her hand or equipment."""
    turns = b == K_INDULGENCE and own_card(s, seat, a, True) and card_suit(s, a) == SUIT_DIAMOND
    return first_converting(value, SK_GUOSE, turns)


@njit(cache=True, inline="always")
def play_kind(s, seat):
    """In the play phase it makes 乐不思蜀."""
    return K_INDULGENCE
