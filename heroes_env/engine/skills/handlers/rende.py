"""仁德 (刘备): in his play phase he gives hand cards to another character, one by one, as many
as he likes; every second card given in a play phase heals him 1.

疏财 (宋江, 英雄杀) and 神般存在 (classmates pack) run this code with parameter 1: at most one heal
per play phase (the parameter is the most heals a phase; 0: no limit). The count of cards given
in this play phase is ``P_GIVEN`` (public: the observation's ``OS_GIVEN``).
"""
from ....fast.jit import njit
from ...constants import (
    A_CARD,
    A_CONFIRM,
    COLOR_NONE,
    DK_SKILL_CARD,
    DK_SKILL_TARGET,
    EV_GIVE,
    F_PC,
    F_TGT,
    F_USER,
    H_ANSWER,
    HK_GIVE,
    K_NONE,
    P_GIVEN,
    P_HANDN,
    PC_START,
    SKD_CONFIRM,
    Z_HAND,
)
from ...history import hist_add
from ...state import (
    log_event,
    move_card,
    other_alive,
    pop_frame,
    skill_param,
)
from ..common import ask, heal, mark_cards, mark_others_alive, rel_target, skill_log
from ..ids import SK_RENDE

# the steps of its FR_SKILL frame (F_PC): the receiver asked; chosen; a card given (or done)
RENDE_ASK, RENDE_TARGET, RENDE_CARD = PC_START, 1, 2


@njit(cache=True, inline="always")
def active_ok(s, d):
    """No use limit: a hand card and another living character."""
    return s[P_HANDN + d] > 0 and other_alive(s, d)


@njit(cache=True, inline="always")
def mask(s, out, d, stage):
    """Stage 0: the receiver, any other living character; stage 1: a hand card."""
    if stage != 0:
        return mark_cards(s, out, d, False, COLOR_NONE)
    return mark_others_alive(s, out, d)


@njit(cache=True, inline="always")
def run(s, o):
    # choose the receiver, then give hand cards one by one (CONFIRM: done); every second card
    # given in this play phase heals 1, at most `param` times a phase (0: no limit)
    u = s[o + F_USER]
    pc = s[o + F_PC]
    a = s[H_ANSWER]
    if pc == RENDE_ASK:
        ask(s, o, u, DK_SKILL_TARGET, stage=0, flags=0, extra=0, next_pc=RENDE_TARGET)
    elif pc == RENDE_TARGET:
        s[o + F_TGT] = rel_target(s, u, a)
        skill_log(s, u, SK_RENDE, s[o + F_TGT])
        ask(s, o, u, DK_SKILL_CARD, stage=1, flags=0, extra=0, next_pc=RENDE_CARD)
    else:                       # RENDE_CARD
        if a == A_CONFIRM:
            pop_frame(s, 0)
            return
        t = s[o + F_TGT]
        c = a - A_CARD
        move_card(s, c, Z_HAND + t)
        log_event(s, EV_GIVE, u, c, t)
        if t != u:
            hist_add(s, HK_GIVE, u, t, K_NONE, 1)
        s[P_GIVEN + u] += 1
        g = s[P_GIVEN + u]
        k = skill_param(s, u, SK_RENDE)
        if g % 2 == 0 and (k == 0 or g // 2 <= k):
            heal(s, u, 1, u, K_NONE)
        if s[P_HANDN + u] == 0:
            pop_frame(s, 0)
            return
        ask(s, o, u, DK_SKILL_CARD, stage=1, flags=SKD_CONFIRM, extra=0, next_pc=RENDE_CARD)
