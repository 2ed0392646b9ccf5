"""奸雄 (曹操, 英雄杀): once per play phase, any card of his, in his hand or equipment, used as the
kind of the previous card he used in this turn, if that was a basic card or a non-delayed trick
(``H_LASTKIND``). 灵仙 (朱燕, 同学包) runs this code.

A play-phase conversion: ``conversions`` offers it as a skill action while ``play_kind`` names a
kind (none once used in this phase) and asks which card (``Q_CONVERTS``); its own frame (``run``)
marks it used as the card is chosen. It makes no card in a response: it does not answer
``Q_MAKES_KIND``, so a response asks it ``Q_CONVERTS`` only beside another skill of his that makes
the kind asked (no hero holds both).
"""
from ....fast.jit import njit
from ...constants import (
    F_PC,
    F_USER,
    H_CUR,
    H_LASTKIND,
    K_COLLATERAL,
    K_DUEL,
    K_NONE,
    K_PEACH,
    K_SLASH,
    Q_CONVERTS,
)
from ..common import CONVERT_CARD, first_converting, mark_used, own_card, use_converted, used
from ..ids import SK_JIANXIONG_HK

QUERIES = (Q_CONVERTS,)


@njit(cache=True)
def repeat_kind(s, seat):
    """The kind seat's card may be used as: that of the previous card he used in this turn, if it
    is a basic card or a non-delayed trick (K_NONE otherwise: not his turn, no card yet,
    equipment, a delayed trick)."""
    if s[H_CUR] != seat:
        return K_NONE
    k = s[H_LASTKIND]
    if k == K_SLASH or k == K_PEACH or (k >= K_DUEL and k <= K_COLLATERAL):
        return k
    return K_NONE


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """Q_CONVERTS: itself, when no skill before it turned seat's card a into kind b (value 0), b is
    the kind he may repeat and a is in his hand or equipment."""
    turns = b != K_NONE and b == repeat_kind(s, seat) and own_card(s, seat, a, True)
    return first_converting(value, SK_JIANXIONG_HK, turns)


@njit(cache=True, inline="always")
def play_kind(s, seat):
    """In the play phase the kind he may repeat; none once used in this phase."""
    return K_NONE if used(s, seat, SK_JIANXIONG_HK) else repeat_kind(s, seat)


@njit(cache=True, inline="always")
def run(s, o):
    """The shared steps of a conversion in the play phase (``use_converted``); the card chosen,
    the skill is used for this phase."""
    u = s[o + F_USER]
    kind = play_kind(s, u)          # before the mark: once marked it makes none
    if s[o + F_PC] == CONVERT_CARD:
        mark_used(s, u, SK_JIANXIONG_HK)
    use_converted(s, o, SK_JIANXIONG_HK, kind, 0)
