"""Skills around judgements: 鬼才 (replace any judgement card with a hand card; 变法 = 鬼才 with
param 1: a hand or equipment card), 天妒 (take one's own judgement card), 洛神 (judge at the start
of the turn; keep black cards and go on; 玉步 (英雄杀) is 洛神 with parameter 1: the same
judgements, before the draw phase, at TP_DRAW before drawing), 强掠 (英雄杀: his 杀 was dodged:
judge; black: take a card of the target, a random hand card or an equipment card of his choice).

TP_RETRIAL / TP_JUDGED context: ``F_TGT`` = the judging seat; the judgement card is ``F_CARD`` of
the firing FR_JUDGE frame. TP_SLASH_DODGED: ``F_TGT`` = the 杀's target, ``F_CARD`` = the 杀.
"""
from ...fast.jit import njit
from ..constants import (
    A_CARD,
    A_CONFIRM,
    A_PASS,
    C_LOC,
    COLOR_BLACK,
    COLOR_NONE,
    DK_SKILL_CARD,
    EV_JUDGE,
    F_CARD,
    F_PC,
    F_TGT,
    F_USER,
    H_ANSWER,
    H_DTGT,
    H_RET,
    SKD_PASS,
    TP_DRAW,
    TP_JUDGED,
    TP_RETRIAL,
    TP_SLASH_DODGED,
    TP_START,
    Z_PROC,
)
from ..frames import F_JUDGE_FOR, PC_START
from ..rules import alive, judge_color, total_cards
from ..state import discard_card, log_event, move_card, pop_frame, skill_param
from .common import (
    ask,
    ask_confirm,
    gain,
    has_card_where,
    judge_if_confirmed,
    mark_cards,
    mark_hand_or_equip,
    origin,
    skill_log,
    take_hand_or_equip,
)
from .ids import SK_GUICAI, SK_LUOSHEN, SK_QIANGLUE, SK_TIANDU

SKILLS = (SK_GUICAI, SK_TIANDU, SK_LUOSHEN, SK_QIANGLUE)
TIMINGS = ((SK_GUICAI, TP_RETRIAL), (SK_TIANDU, TP_JUDGED), (SK_LUOSHEN, TP_START),
           (SK_LUOSHEN, TP_DRAW), (SK_QIANGLUE, TP_SLASH_DODGED))


@njit(cache=True)
def listens_at(s, seat, sk, tp):
    """Does seat's skill sk answer timing point tp? 洛神 listens at TP_START, 玉步 (洛神 with
    parameter 1) at TP_DRAW; every other skill of this family at the points it declares."""
    if sk == SK_LUOSHEN:
        return (tp == TP_DRAW) == (skill_param(s, seat, SK_LUOSHEN) == 1)
    return True


@njit(cache=True)
def judge_keeps(s, seat, sk, c):
    """Does the seat that judged for its skill sk keep judgement card c once it took effect (洛神:
    a black card)? Asked by ``registry.judge_keeps``."""
    return sk == SK_LUOSHEN and judge_color(s, seat, c) == COLOR_BLACK


@njit(cache=True)
def mask(s, out, d, sk, stage):
    if sk == SK_GUICAI:
        return mark_cards(s, out, d, skill_param(s, d, SK_GUICAI) == 1, COLOR_NONE)
    if sk == SK_QIANGLUE:
        return mark_hand_or_equip(s, out, s[H_DTGT])
    return 0


# the steps of each skill's FR_SKILL frame (its F_PC)
GUICAI_ASK, GUICAI_ANSWER = PC_START, 1                        # 鬼才: asked; a card or PASS
TIANDU_ASK, TIANDU_ANSWER = PC_START, 1                        # 天妒
LUOSHEN_ASK, LUOSHEN_ANSWER, LUOSHEN_JUDGED = PC_START, 1, 2   # 洛神: black: again
QIANGLUE_ASK, QIANGLUE_ANSWER, QIANGLUE_JUDGED, QIANGLUE_TAKEN = PC_START, 1, 2, 3  # 强掠


@njit(cache=True)
def run(s, o, sk):
    u = s[o + F_USER]
    pc = s[o + F_PC]
    if sk == SK_GUICAI:
        org = origin(s, o)
        if pc == GUICAI_ASK:
            if not alive(s, u) or not has_card_where(s, u, skill_param(s, u, SK_GUICAI) == 1,
                                                     COLOR_NONE):
                pop_frame(s, 0)
                return
            s[o + F_CARD] = s[org + F_CARD]
            ask(s, o, u, DK_SKILL_CARD, 0, SKD_PASS, 0, GUICAI_ANSWER)
        else:                       # GUICAI_ANSWER
            a = s[H_ANSWER]
            if a != A_PASS:
                c = a - A_CARD
                old = s[org + F_CARD]
                skill_log(s, u, sk, s[o + F_TGT])
                move_card(s, c, Z_PROC)
                log_event(s, EV_JUDGE, s[o + F_TGT], c, s[org + F_JUDGE_FOR])
                if s[C_LOC + old] == Z_PROC:
                    discard_card(s, old, -1)
                s[org + F_CARD] = c
            pop_frame(s, 0)
    elif sk == SK_TIANDU:
        org = origin(s, o)
        c = s[org + F_CARD]
        if pc == TIANDU_ASK:
            if not alive(s, u) or s[C_LOC + c] != Z_PROC:
                pop_frame(s, 0)
                return
            s[o + F_CARD] = c
            ask_confirm(s, o, TIANDU_ANSWER)
        else:                       # TIANDU_ANSWER
            if s[H_ANSWER] == A_CONFIRM:
                skill_log(s, u, sk, -1)
                gain(s, u, c, -1)
            pop_frame(s, 0)
    elif sk == SK_LUOSHEN:
        if pc == LUOSHEN_ASK:
            if not alive(s, u):
                pop_frame(s, 0)
                return
            ask_confirm(s, o, LUOSHEN_ANSWER)
        elif pc == LUOSHEN_ANSWER:
            judge_if_confirmed(s, o, u, -1, LUOSHEN_JUDGED)
        else:                       # LUOSHEN_JUDGED
            # black: the card went to his hand (judge_keeps) and he may judge again; red: over
            if judge_color(s, u, s[H_RET]) == COLOR_BLACK and alive(s, u):
                s[o + F_PC] = LUOSHEN_ASK
            else:                       # LUOSHEN_JUDGED
                pop_frame(s, 0)
    elif sk == SK_QIANGLUE:
        t = s[o + F_TGT]
        if pc == QIANGLUE_ASK:
            if not alive(s, u) or not alive(s, t) or total_cards(s, t, False) == 0:
                pop_frame(s, 0)
                return
            ask_confirm(s, o, QIANGLUE_ANSWER)
        elif pc == QIANGLUE_ANSWER:
            judge_if_confirmed(s, o, u, t, QIANGLUE_JUDGED)
        elif pc == QIANGLUE_JUDGED:
            if judge_color(s, u, s[H_RET]) != COLOR_BLACK or not alive(s, u) or not alive(s, t) \
                    or total_cards(s, t, False) == 0:
                pop_frame(s, 0)
                return
            ask(s, o, u, DK_SKILL_CARD, 0, SKD_PASS, 0, QIANGLUE_TAKEN)
        else:                       # QIANGLUE_TAKEN
            if s[H_ANSWER] != A_PASS:
                take_hand_or_equip(s, u, t, s[H_ANSWER])
            pop_frame(s, 0)
