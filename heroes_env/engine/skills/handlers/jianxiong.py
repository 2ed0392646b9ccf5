"""奸雄 (曹操): after he takes damage, he may take the card(s) that dealt it, if they are still on
the table. 集权 (嬴政, 英雄杀) and 好吃为王 (廖晨昱, classmates) run this code.

TP_DAMAGED context: ``F_CARD`` and ``F_SKILL_EXTRA`` are the card(s) that dealt the damage.
"""
from ....fast.jit import njit
from ...constants import (
    A_CONFIRM,
    C_LOC,
    F_CARD,
    F_PC,
    F_USER,
    H_ANSWER,
    PC_START,
    TP_DAMAGED,
    Z_PROC,
)
from ...frames import F_SKILL_EXTRA
from ...state import alive, pop_frame
from ..common import ask_confirm, gain, skill_log
from ..ids import SK_JIANXIONG

TIMINGS = (TP_DAMAGED,)
# the steps of its FR_SKILL frame (F_PC): asked; answered
JIANXIONG_ASK, JIANXIONG_ANSWER = PC_START, 1


@njit(cache=True)
def on_table(s, c):
    """Is card c (-1: none) still on the table (the cards being used or judged)?"""
    return c >= 0 and s[C_LOC + c] == Z_PROC


@njit(cache=True, inline="always")
def run(s, o):
    u = s[o + F_USER]
    c = s[o + F_CARD]
    c2 = s[o + F_SKILL_EXTRA]
    if s[o + F_PC] == JIANXIONG_ASK:
        if not alive(s, u) or not (on_table(s, c) or on_table(s, c2)):
            pop_frame(s, 0)
            return
        ask_confirm(s, o, JIANXIONG_ANSWER)
        return
    if s[H_ANSWER] == A_CONFIRM:    # JIANXIONG_ANSWER
        skill_log(s, u, SK_JIANXIONG, -1)
        if on_table(s, c):
            gain(s, u, c, -1)
        if on_table(s, c2):
            gain(s, u, c2, -1)
    pop_frame(s, 0)
