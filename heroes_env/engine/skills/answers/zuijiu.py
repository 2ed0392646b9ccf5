"""醉酒 (武松, 英雄杀): in his draw phase he may draw only one card; then, for the rest of his
turn, a 杀 he uses deals 2 damage, and so does a 决斗 he used when he wins it.

He is drunk while mark ``MK_ZUIJIU`` is on him: set when he draws one card, cleared after his
discard phase and, should it be left, at the start of his next turn. The 2 damage is its answer at
the query points ``Q_SLASH_DAMAGE`` and ``Q_DUEL_DAMAGE``, which the rules ask (so this module
uses no rule).
"""
from ....fast.jit import njit
from ...constants import (
    A_CONFIRM,
    F_PC,
    F_USER,
    H_ANSWER,
    H_CUR,
    H_DRAWN,
    MK_ZUIJIU,
    P_MARK,
    PC_START,
    Q_DUEL_DAMAGE,
    Q_SLASH_DAMAGE,
    TP_AFTER_DISCARD,
    TP_DRAW,
    TP_START,
)
from ...frames import F_SKILL_TP
from ...state import alive, pop_frame
from ..common import ask_confirm, skill_log
from ..ids import SK_ZUIJIU

TIMINGS = (TP_START, TP_DRAW, TP_AFTER_DISCARD)
QUERIES = (Q_SLASH_DAMAGE, Q_DUEL_DAMAGE)

# the steps of its FR_SKILL frame (F_PC): asked whether he uses it (or, at TP_START and
# TP_AFTER_DISCARD, the mark cleared); answered
ZUIJIU_ASK, ZUIJIU_ANSWER = PC_START, 1


@njit(cache=True, inline="always")
def run(s, o):
    u = s[o + F_USER]
    if s[o + F_PC] == ZUIJIU_ASK:
        if s[o + F_SKILL_TP] != TP_DRAW:
            s[P_MARK + u] &= ~MK_ZUIJIU     # his turn starts / his discard phase is over
            pop_frame(s, 0)
        elif not alive(s, u) or s[H_DRAWN] < 1:
            pop_frame(s, 0)                 # nothing left to draw (突袭-like skills took it)
        else:
            ask_confirm(s, o, ZUIJIU_ANSWER)
        return
    if s[H_ANSWER] == A_CONFIRM:            # ZUIJIU_ANSWER
        skill_log(s, u, SK_ZUIJIU, -1)
        s[H_DRAWN] = 1
        s[P_MARK + u] |= MK_ZUIJIU
    pop_frame(s, 0)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """In his turn, drunk, a 杀 he uses deals 2 damage, and so does a 决斗 he used when he wins it
    (``Q_DUEL_DAMAGE`` asks the winner; a: the 决斗's user)."""
    if (s[P_MARK + seat] & MK_ZUIJIU) == 0 or s[H_CUR] != seat or (q == Q_DUEL_DAMAGE
                                                                   and a != seat):
        return value
    return max(value, 2)
