"""洛神 (甄姬): at the start of his turn he may judge; each black card goes to his hand and he may
judge again, until a red card. 玉步 (赵飞燕, 英雄杀) runs this code with parameter 1: the same
judgements before his draw phase instead; 曼舞 (付亚琴, the classmates pack) as it is.
"""
from ....fast.jit import njit
from ...constants import COLOR_BLACK, F_PC, F_USER, H_RET, PC_START, TP_DRAW, TP_START
from ...rules import judge_color
from ...state import alive, pop_frame, skill_param
from ..common import ask_if_alive, judge_if_confirmed
from ..ids import SK_LUOSHEN

TIMINGS = (TP_START, TP_DRAW)

# the steps of its FR_SKILL frame (F_PC): asked whether he judges; answered; judged (black: asked
# again)
LUOSHEN_ASK, LUOSHEN_ANSWER, LUOSHEN_JUDGED = PC_START, 1, 2


@njit(cache=True, inline="always")
def listens_at(s, seat, tp):
    """At the start of the turn (TP_START); 玉步 (parameter 1) before the draw (TP_DRAW)."""
    return (tp == TP_DRAW) == (skill_param(s, seat, SK_LUOSHEN) == 1)


@njit(cache=True, inline="always")
def judge_keeps(s, seat, c):
    """A black judgement card goes to his hand."""
    return judge_color(s, seat, c) == COLOR_BLACK


@njit(cache=True, inline="always")
def run(s, o):
    u = s[o + F_USER]
    pc = s[o + F_PC]
    if pc == LUOSHEN_ASK:
        ask_if_alive(s, o, LUOSHEN_ANSWER)
    elif pc == LUOSHEN_ANSWER:
        judge_if_confirmed(s, o, u, -1, LUOSHEN_JUDGED)
    elif judge_color(s, u, s[H_RET]) == COLOR_BLACK and alive(s, u):    # LUOSHEN_JUDGED
        s[o + F_PC] = LUOSHEN_ASK       # black: the card went to his hand (judge_keeps); again
    else:
        pop_frame(s, 0)                 # red: over
