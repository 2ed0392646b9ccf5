"""刚烈 (夏侯惇): after another character damaged him, he may have the source judge; black: the
source loses 1 HP or discards two hand cards, its choice (with fewer than two, it loses the HP).
复仇 (李逵, 英雄杀) runs this code with parameter 1: any judgement but a ♥ hurts.

TP_DAMAGED context: ``F_TGT`` = the damage source (-1 none).
"""
from ....fast.jit import njit
from ...constants import (
    A_OPTION,
    COLOR_BLACK,
    DK_SKILL_OPTION,
    F_PC,
    F_TGT,
    F_USER,
    H_ANSWER,
    H_RET,
    OPT_DISCARD2,
    OPT_LOSE_HP,
    P_HANDN,
    PC_START,
    PUR_SKILL,
    SUIT_HEART,
    TP_DAMAGED,
)
from ...frames import push_select
from ...rules import judge_color, judge_suit
from ...state import alive, pop_frame, skill_param
from ..common import ask, ask_confirm, judge_if_confirmed, lose_hp
from ..ids import SK_GANGLIE

TIMINGS = (TP_DAMAGED,)
PUR_GANGLIE = PUR_SKILL     # FR_SELECT purpose: the source discards two hand cards
# the steps of its FR_SKILL frame (F_PC): asked; answered (the source judges); judged (the
# source chooses); chosen (it loses HP or discards); done
GANGLIE_ASK, GANGLIE_ANSWER, GANGLIE_JUDGED, GANGLIE_CHOSEN, GANGLIE_DONE = PC_START, 1, 2, 3, 4


@njit(cache=True, inline="always")
def mask(s, out, d, stage):
    """The source chooses: lose 1 HP or discard two hand cards."""
    out[A_OPTION + OPT_LOSE_HP] = 1
    out[A_OPTION + OPT_DISCARD2] = 1
    return 2


@njit(cache=True)
def hurts(s, u, src, c):
    """Does judgement card c of src hurt it: black (复仇: anything but ♥)?"""
    if skill_param(s, u, SK_GANGLIE) == 1:
        return judge_suit(s, src, c) != SUIT_HEART
    return judge_color(s, src, c) == COLOR_BLACK


@njit(cache=True, inline="always")
def run(s, o):
    u = s[o + F_USER]
    src = s[o + F_TGT]
    pc = s[o + F_PC]
    if pc == GANGLIE_ASK:
        if not alive(s, u) or src < 0 or src == u or not alive(s, src):
            pop_frame(s, 0)
            return
        ask_confirm(s, o, GANGLIE_ANSWER)
    elif pc == GANGLIE_ANSWER:
        judge_if_confirmed(s, o, src, src, GANGLIE_JUDGED)
    elif pc == GANGLIE_JUDGED:
        if not hurts(s, u, src, s[H_RET]) or not alive(s, src):
            pop_frame(s, 0)
            return
        if s[P_HANDN + src] < 2:
            s[o + F_PC] = GANGLIE_DONE
            lose_hp(s, src, 1)
            return
        ask(s, o, src, DK_SKILL_OPTION, stage=0, flags=0, extra=0, next_pc=GANGLIE_CHOSEN)
    elif pc == GANGLIE_CHOSEN:
        s[o + F_PC] = GANGLIE_DONE
        if s[H_ANSWER] == A_OPTION + OPT_LOSE_HP:
            lose_hp(s, src, 1)
        else:
            push_select(s, src, PUR_GANGLIE, 2)
    else:                           # GANGLIE_DONE
        pop_frame(s, 0)
