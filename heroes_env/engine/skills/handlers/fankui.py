"""反馈 (司马懿): after another character damaged him, he may take a random hand card of the
source. 法家 (商鞅, 英雄杀) and 神辩 (安同乐, classmates) run this code with parameter 1: he may
take one of the source's equipment cards instead, his choice.

TP_DAMAGED context: ``F_TGT`` = the damage source (-1 none).
"""
from ....fast.jit import njit
from ...constants import (
    A_CONFIRM,
    A_PASS,
    DK_SKILL_CARD,
    F_PC,
    F_TGT,
    F_USER,
    H_ANSWER,
    H_DTGT,
    P_ARMOR,
    P_HANDN,
    P_MINUS,
    P_PLUS,
    P_WEAPON,
    PC_START,
    SKD_PASS,
    TP_DAMAGED,
)
from ...state import alive, pop_frame, random_hand_card, skill_cause, skill_param, take_card
from ..common import ask, ask_confirm, mark_hand_or_equip, skill_log, take_hand_or_equip
from ..ids import SK_FANKUI

TIMINGS = (TP_DAMAGED,)
# the steps of its FR_SKILL frame (F_PC): asked (法家: what to take); answered
FANKUI_ASK, FANKUI_ANSWER = PC_START, 1


@njit(cache=True)
def may_take(s, u, src):
    """Has src something u's 反馈 takes: a hand card (法家: or an equipment card)?"""
    if s[P_HANDN + src] > 0:
        return True
    if skill_param(s, u, SK_FANKUI) == 0:
        return False
    for f in (P_WEAPON, P_ARMOR, P_PLUS, P_MINUS):
        if s[f + src] >= 0:
            return True
    return False


@njit(cache=True, inline="always")
def mask(s, out, d, stage):
    """法家: a random hand card of the source, or one of its equipment cards."""
    return mark_hand_or_equip(s, out, s[H_DTGT])


@njit(cache=True, inline="always")
def run(s, o):
    u = s[o + F_USER]
    src = s[o + F_TGT]
    if s[o + F_PC] == FANKUI_ASK:
        if not alive(s, u) or src < 0 or src == u or not alive(s, src) or \
                not may_take(s, u, src):
            pop_frame(s, 0)
            return
        if skill_param(s, u, SK_FANKUI) == 1:
            ask(s, o, u, DK_SKILL_CARD, stage=0, flags=SKD_PASS, extra=0, next_pc=FANKUI_ANSWER)
        else:
            ask_confirm(s, o, FANKUI_ANSWER)
        return
    a = s[H_ANSWER]                 # FANKUI_ANSWER
    if a != A_PASS:
        skill_log(s, u, SK_FANKUI, src)
        if a == A_CONFIRM:
            take_card(s, u, random_hand_card(s, src), src, skill_cause(s, u, SK_FANKUI))
        else:
            take_hand_or_equip(s, u, src, a, skill_cause(s, u, SK_FANKUI))
    pop_frame(s, 0)
