"""天妒 (郭嘉): once a judgement of his has taken effect, he may take its card.

It listens at ``TP_JUDGED``: the judgement card is ``F_CARD`` of the firing FR_JUDGE frame, still
on the table.
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
    TP_JUDGED,
    Z_PROC,
)
from ...state import alive, pop_frame
from ..common import ask_confirm, gain, origin, skill_log
from ..ids import SK_TIANDU

TIMINGS = (TP_JUDGED,)

# the steps of its FR_SKILL frame (F_PC): asked whether he takes it; answered
TIANDU_ASK, TIANDU_ANSWER = PC_START, 1


@njit(cache=True, inline="always")
def run(s, o):
    u = s[o + F_USER]
    c = s[origin(s, o) + F_CARD]
    if s[o + F_PC] == TIANDU_ASK:
        if not alive(s, u) or s[C_LOC + c] != Z_PROC:
            pop_frame(s, 0)
            return
        s[o + F_CARD] = c
        ask_confirm(s, o, TIANDU_ANSWER)
        return
    if s[H_ANSWER] == A_CONFIRM:        # TIANDU_ANSWER
        skill_log(s, u, SK_TIANDU, -1)
        gain(s, u, c, -1)
    pop_frame(s, 0)
