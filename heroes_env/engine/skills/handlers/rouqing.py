"""柔情 (陈满意, the classmates pack): once the targets of a 杀 he uses are fixed, he may judge for
each target; red, that target cannot dodge the 杀.

It listens at ``TP_AIMED`` (once per target, after every ``TP_TARGETED``): ``F_TGT`` is the
target, ``F_SUB2`` its index among the targets of the firing FR_USE frame, whose flags
(``UF_NO_DODGE_T0`` shifted by the index) say it cannot dodge.
"""
from ....fast.jit import njit
from ...constants import (
    COLOR_RED,
    F_PC,
    F_SUB2,
    F_TGT,
    F_USER,
    H_RET,
    PC_START,
    TP_AIMED,
    UF_NO_DODGE_T0,
)
from ...frames import F_USE_FLAGS
from ...state import alive, card_color, pop_frame
from ..common import ask_confirm, judge_if_confirmed, origin

TIMINGS = (TP_AIMED,)

# the steps of its FR_SKILL frame (F_PC): asked whether he judges; answered; judged
ROUQING_ASK, ROUQING_ANSWER, ROUQING_JUDGED = PC_START, 1, 2


@njit(cache=True, inline="always")
def run(s, o):
    u = s[o + F_USER]
    t = s[o + F_TGT]
    pc = s[o + F_PC]
    if pc == ROUQING_ASK:
        if alive(s, u) and alive(s, t):
            ask_confirm(s, o, ROUQING_ANSWER)
        else:
            pop_frame(s, 0)
    elif pc == ROUQING_ANSWER:
        judge_if_confirmed(s, o, u, t, ROUQING_JUDGED)
    else:                               # ROUQING_JUDGED
        if card_color(s, s[H_RET]) == COLOR_RED:
            s[origin(s, o) + F_USE_FLAGS] |= UF_NO_DODGE_T0 << s[o + F_SUB2]
        pop_frame(s, 0)
