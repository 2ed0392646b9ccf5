"""强掠 (成吉思汗, 英雄杀): when a 杀 he used is dodged, he may judge; black, he takes a card of
its target: a random hand card or an equipment card of his choice.

It listens at ``TP_SLASH_DODGED``: ``F_TGT`` is the 杀's target, ``F_CARD`` the 杀.
"""
from ....fast.jit import njit
from ...constants import (
    A_PASS,
    COLOR_BLACK,
    DK_SKILL_CARD,
    F_PC,
    F_TGT,
    F_USER,
    H_ANSWER,
    H_DTGT,
    H_RET,
    PC_START,
    SKD_PASS,
    TP_SLASH_DODGED,
)
from ...rules import judge_color, total_cards
from ...state import alive, pop_frame, skill_cause
from ..common import (
    ask,
    ask_confirm,
    judge_if_confirmed,
    mark_hand_or_equip,
    take_hand_or_equip,
)
from ..ids import SK_QIANGLUE

TIMINGS = (TP_SLASH_DODGED,)

# the steps of its FR_SKILL frame (F_PC): asked whether he judges; answered; judged (black: the
# card asked); the card taken
QIANGLUE_ASK, QIANGLUE_ANSWER, QIANGLUE_JUDGED, QIANGLUE_TAKEN = PC_START, 1, 2, 3


@njit(cache=True, inline="always")
def mask(s, out, d, stage):
    """The target's hand (a random card) or one of his equipment cards."""
    return mark_hand_or_equip(s, out, s[H_DTGT])


@njit(cache=True)
def can_take(s, u, t):
    return alive(s, u) and alive(s, t) and total_cards(s, t, False) > 0


@njit(cache=True, inline="always")
def run(s, o):
    u = s[o + F_USER]
    t = s[o + F_TGT]
    pc = s[o + F_PC]
    if pc == QIANGLUE_ASK:
        if can_take(s, u, t):
            ask_confirm(s, o, QIANGLUE_ANSWER)
        else:
            pop_frame(s, 0)
    elif pc == QIANGLUE_ANSWER:
        judge_if_confirmed(s, o, u, t, QIANGLUE_JUDGED)
    elif pc == QIANGLUE_JUDGED:
        if judge_color(s, u, s[H_RET]) == COLOR_BLACK and can_take(s, u, t):
            ask(s, o, u, DK_SKILL_CARD, stage=0, flags=SKD_PASS, extra=0, next_pc=QIANGLUE_TAKEN)
        else:
            pop_frame(s, 0)
    else:                               # QIANGLUE_TAKEN
        if s[H_ANSWER] != A_PASS:
            take_hand_or_equip(s, u, t, s[H_ANSWER], skill_cause(s, u, SK_QIANGLUE))
        pop_frame(s, 0)
