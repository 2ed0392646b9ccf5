"""英姿 (周瑜): in his draw phase he may draw one more card. 兵仙 (韩信, 英雄杀) and 古典美 (严丹丹,
the classmates pack) run this code as it is.
"""
from ....fast.jit import njit
from ...constants import A_CONFIRM, F_PC, F_USER, H_ANSWER, H_DRAWN, PC_START, TP_DRAW
from ...state import pop_frame
from ..common import ask_if_alive, skill_log
from ..ids import SK_YINGZI

TIMINGS = (TP_DRAW,)

# the steps of its FR_SKILL frame (F_PC): asked whether he uses it; answered
YINGZI_ASK, YINGZI_ANSWER = PC_START, 1


@njit(cache=True, inline="always")
def run(s, o):
    if s[o + F_PC] == YINGZI_ASK:
        ask_if_alive(s, o, YINGZI_ANSWER)
        return
    if s[H_ANSWER] == A_CONFIRM:        # YINGZI_ANSWER: one more card drawn
        skill_log(s, s[o + F_USER], SK_YINGZI, -1)
        s[H_DRAWN] += 1
    pop_frame(s, 0)
