"""闭月 (貂蝉): at the end of his turn (after the discard phase) he may draw a card. 楚楚 (陈圆圆,
英雄杀) and 神之左手 (涂凯, the classmates pack) run this code as it is.
"""
from ....fast.jit import njit
from ...constants import A_CONFIRM, F_PC, F_USER, H_ANSWER, PC_START, TP_AFTER_DISCARD
from ...state import draw_cards, pop_frame
from ..common import ask_if_alive, skill_log
from ..ids import SK_BIYUE

TIMINGS = (TP_AFTER_DISCARD,)

# the steps of its FR_SKILL frame (F_PC): asked whether he uses it; answered
BIYUE_ASK, BIYUE_ANSWER = PC_START, 1


@njit(cache=True, inline="always")
def run(s, o):
    if s[o + F_PC] == BIYUE_ASK:
        ask_if_alive(s, o, BIYUE_ANSWER)
        return
    u = s[o + F_USER]
    if s[H_ANSWER] == A_CONFIRM:        # BIYUE_ANSWER: he draws now
        skill_log(s, u, SK_BIYUE, -1)
        draw_cards(s, u, 1)
    pop_frame(s, 0)
