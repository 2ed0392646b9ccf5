"""朴刀 (关羽, 英雄杀): outside his turn, after another character's 杀 damaged someone else, he
may use a 杀 on that one, regardless of range, and again after each of his 杀 that damages it.

TP_DAMAGE_DONE context: ``F_TGT`` = the damaged seat, ``F_CARD`` the card; the source and the
kind of damage live in the firing FR_DAMAGE frame (``F_USER``, ``F_AS``).
"""
from ....fast.jit import njit
from ...constants import (
    DK_SLASH,
    F_AS,
    F_CARD,
    F_PC,
    F_TGT,
    F_USER,
    H_CUR,
    H_NEV,
    H_RET,
    K_SLASH,
    PC_START,
    PUR_SKILL_SLASH,
    TP_DAMAGE_DONE,
)
from ...frames import F_SKILL_OWN3, push_ask
from ...state import alive, pop_frame
from ..common import origin, skill_log
from ..event_log import damaged_since
from ..ids import SK_PAODAO

TIMINGS = (TP_DAMAGE_DONE,)
F_PAODAO_EVENTS = F_SKILL_OWN3  # the event count when his 杀 was asked (damaged_since)
# the steps of its FR_SKILL frame (F_PC): started; his next 杀 asked for; asked
PAODAO_START, PAODAO_ASK, PAODAO_ASKED = PC_START, 1, 2


@njit(cache=True, inline="always")
def run(s, o):
    u = s[o + F_USER]
    t = s[o + F_TGT]
    if s[o + F_PC] == PAODAO_START:
        org = origin(s, o)
        if s[org + F_AS] != K_SLASH or s[org + F_USER] == u or s[H_CUR] == u or t == u:
            pop_frame(s, 0)
            return
        s[o + F_PC] = PAODAO_ASK
    if s[o + F_PC] == PAODAO_ASK:
        if not alive(s, u) or not alive(s, t):
            pop_frame(s, 0)
            return
        s[o + F_PAODAO_EVENTS] = s[H_NEV]
        s[o + F_PC] = PAODAO_ASKED
        push_ask(s, u, t, s[o + F_CARD], DK_SLASH, PUR_SKILL_SLASH, 0)
        return
    if s[H_RET] == 1:               # PAODAO_ASKED: he used one; it hurt t: again
        skill_log(s, u, SK_PAODAO, t)
        if damaged_since(s, s[o + F_PAODAO_EVENTS], u, t):
            s[o + F_PC] = PAODAO_ASK
            return
    pop_frame(s, 0)
