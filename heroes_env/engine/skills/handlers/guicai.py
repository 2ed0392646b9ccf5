"""鬼才 (司马懿): before any judgement takes effect, he may replace its card with a hand card of
his. 变法 (商鞅, 英雄杀) runs this code with parameter 1: a hand or equipment card.

It listens at ``TP_RETRIAL`` (any seat's skill may): ``F_TGT`` is the judging seat; the judgement
card is ``F_CARD`` of the firing FR_JUDGE frame, which takes the new card.
"""
from ....fast.jit import njit
from ...constants import (
    A_CARD,
    A_PASS,
    C_LOC,
    COLOR_NONE,
    DK_SKILL_CARD,
    EV_JUDGE,
    F_CARD,
    F_PC,
    F_TGT,
    F_USER,
    H_ANSWER,
    PC_START,
    SKD_PASS,
    TP_RETRIAL,
    Z_PROC,
)
from ...frames import F_JUDGE_FOR
from ...state import alive, discard_card, log_event, move_card, pop_frame, skill_param
from ..common import ask, has_card_where, mark_cards, origin, skill_log
from ..ids import SK_GUICAI

TIMINGS = (TP_RETRIAL,)

# the steps of its FR_SKILL frame (F_PC): a card asked; a card (or PASS) given
GUICAI_ASK, GUICAI_ANSWER = PC_START, 1


@njit(cache=True)
def with_equip(s, seat):
    """May seat's card come from his equipment too (变法)?"""
    return skill_param(s, seat, SK_GUICAI) == 1


@njit(cache=True, inline="always")
def mask(s, out, d, stage):
    """Each card of his hand (变法: or equipment)."""
    return mark_cards(s, out, d, with_equip(s, d), COLOR_NONE)


@njit(cache=True, inline="always")
def run(s, o):
    u = s[o + F_USER]
    org = origin(s, o)
    if s[o + F_PC] == GUICAI_ASK:
        if not alive(s, u) or not has_card_where(s, u, with_equip(s, u), COLOR_NONE):
            pop_frame(s, 0)
            return
        s[o + F_CARD] = s[org + F_CARD]
        ask(s, o, u, DK_SKILL_CARD, stage=0, flags=SKD_PASS, extra=0, next_pc=GUICAI_ANSWER)
        return
    a = s[H_ANSWER]                     # GUICAI_ANSWER
    if a != A_PASS:
        c = a - A_CARD
        old = s[org + F_CARD]
        skill_log(s, u, SK_GUICAI, s[o + F_TGT])
        move_card(s, c, Z_PROC)
        log_event(s, EV_JUDGE, s[o + F_TGT], c, s[org + F_JUDGE_FOR])
        if s[C_LOC + old] == Z_PROC:
            discard_card(s, old, -1)
        s[org + F_CARD] = c
    pop_frame(s, 0)
