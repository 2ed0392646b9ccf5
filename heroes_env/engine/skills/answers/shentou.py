"""神偷 (时迁, 英雄杀): in the play phase, a ♣ hand card of his used as a 探囊取物 (顺手牵羊). 知心
(崔晗, 同学包) runs this code with parameter 1: the 顺手牵羊 ignores distance.

A play-phase conversion: ``conversions`` offers it as a skill action (``play_kind``), asks which
card (``Q_CONVERTS``) and whether the card ignores distance (``ignores_distance``); a response
never asks for a 顺手牵羊.
"""
from ....fast.jit import njit
from ...constants import K_SNATCH, Q_CONVERTS, SUIT_CLUB
from ...state import card_suit, skill_param
from ..common import first_converting, own_card
from ..ids import SK_SHENTOU

QUERIES = (Q_CONVERTS,)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """Q_CONVERTS: itself, when no skill before it turned seat's card a into kind b (value 0), b is
    顺手牵羊 and a is a ♣ hand card."""
    turns = b == K_SNATCH and own_card(s, seat, a, False) and card_suit(s, a) == SUIT_CLUB
    return first_converting(value, SK_SHENTOU, turns)


@njit(cache=True, inline="always")
def play_kind(s, seat):
    """In the play phase it makes 顺手牵羊."""
    return K_SNATCH


@njit(cache=True, inline="always")
def ignores_distance(s, seat):
    """知心 (parameter 1): the 顺手牵羊 ignores distance."""
    return 1 if skill_param(s, seat, SK_SHENTOU) == 1 else 0
