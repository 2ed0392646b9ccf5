"""急救 (华佗): before damage is dealt to any character, he may discard a red card (hand or
equipment) to prevent one point of it, and again while damage remains.

TP_PREVENT context: ``F_TGT`` = the seat about to be damaged; the amount lives in the firing
FR_DAMAGE frame (``F_DMG_AMOUNT``), which this skill lowers.
"""
from ....fast.jit import njit
from ...constants import (
    A_CARD,
    A_PASS,
    COLOR_RED,
    DK_SKILL_CARD,
    F_PC,
    F_TGT,
    F_USER,
    H_ANSWER,
    PC_START,
    SKD_PASS,
    TP_PREVENT,
)
from ...frames import F_DMG_AMOUNT
from ...state import alive, discard_card, pop_frame
from ..common import ask, has_card_where, mark_cards, origin, skill_log
from ..ids import SK_JIJIU

TIMINGS = (TP_PREVENT,)
# the steps of its FR_SKILL frame (F_PC): asked for a red card; answered
JIJIU_ASK, JIJIU_ANSWER = PC_START, 1


@njit(cache=True, inline="always")
def mask(s, out, d, stage):
    """Any red card of his, in hand or equipped."""
    return mark_cards(s, out, d, True, COLOR_RED)


@njit(cache=True, inline="always")
def run(s, o):
    u = s[o + F_USER]
    org = origin(s, o)
    if s[o + F_PC] == JIJIU_ASK:
        if not alive(s, u) or s[org + F_DMG_AMOUNT] <= 0 or \
                not has_card_where(s, u, True, COLOR_RED):
            pop_frame(s, 0)
            return
        ask(s, o, u, DK_SKILL_CARD, stage=0, flags=SKD_PASS, extra=s[org + F_DMG_AMOUNT],
            next_pc=JIJIU_ANSWER)
        return
    a = s[H_ANSWER]                 # JIJIU_ANSWER
    if a == A_PASS:
        pop_frame(s, 0)
        return
    discard_card(s, a - A_CARD, u)
    skill_log(s, u, SK_JIJIU, s[o + F_TGT])
    s[org + F_DMG_AMOUNT] -= 1
    s[o + F_PC] = JIJIU_ASK
