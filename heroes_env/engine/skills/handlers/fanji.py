"""反击 (秦琼, 英雄杀): after another character's 杀 or 决斗 damaged him, he may at once use a 杀
on the source, regardless of range; a red one cannot be dodged.

TP_DAMAGED context: ``F_TGT`` = the damage source (-1 none), ``F_CARD`` the card that dealt it;
the kind of damage (``F_AS``) lives in the firing FR_DAMAGE frame.
"""
from ....fast.jit import njit
from ...constants import (
    DK_SLASH,
    F_AS,
    F_CARD,
    F_PC,
    F_TGT,
    F_USER,
    H_RET,
    K_DUEL,
    K_SLASH,
    PC_START,
    PUR_SKILL_SLASH,
    TP_DAMAGED,
    UF_RED_SURE,
)
from ...frames import push_ask
from ...state import alive, pop_frame
from ..common import origin, skill_log
from ..ids import SK_FANJI

TIMINGS = (TP_DAMAGED,)
# the steps of its FR_SKILL frame (F_PC): started (his 杀 is asked for); asked
FANJI_START, FANJI_ASKED = PC_START, 1


@njit(cache=True, inline="always")
def run(s, o):
    u = s[o + F_USER]
    src = s[o + F_TGT]
    if s[o + F_PC] == FANJI_START:
        k = s[origin(s, o) + F_AS]
        if not alive(s, u) or src < 0 or src == u or not alive(s, src) or \
                (k != K_SLASH and k != K_DUEL):
            pop_frame(s, 0)
            return
        s[o + F_PC] = FANJI_ASKED
        push_ask(s, u, src, s[o + F_CARD], DK_SLASH, PUR_SKILL_SLASH, UF_RED_SURE)
        return
    if s[H_RET] == 1:               # FANJI_ASKED: he used it
        skill_log(s, u, SK_FANJI, src)
    pop_frame(s, 0)
