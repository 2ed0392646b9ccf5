"""结姻 (孙尚香): once per play phase, she chooses a wounded male character and discards two hand
cards: both recover 1 HP.

治愈 (褒姒, 英雄杀) and Angle (classmates pack) run this code as it is.
"""
from ....fast.jit import njit
from ...constants import (
    A_CARD,
    A_TARGET,
    COLOR_NONE,
    DK_SKILL_CARD,
    DK_SKILL_TARGET,
    F_PC,
    F_TGT,
    F_USER,
    H_ANSWER,
    H_NP,
    K_NONE,
    P_HANDN,
    PC_START,
)
from ...state import alive, discard_card, pop_frame, seat_after
from ..common import ask, heal, male, mark_cards, mark_used, rel_target, skill_log, used, wounded
from ..ids import SK_JIEYIN

# the steps of its FR_SKILL frame (F_PC): the male asked; chosen; the first card; the second
JIEYIN_ASK, JIEYIN_TARGET, JIEYIN_CARD1, JIEYIN_CARD2 = PC_START, 1, 2, 3


@njit(cache=True)
def target_ok(s, d, t):
    """May d's 结姻 choose t: another living, wounded male?"""
    return t != d and alive(s, t) and male(s, t) and wounded(s, t)


@njit(cache=True, inline="always")
def active_ok(s, d):
    """Not yet in this play phase, two hand cards and a wounded male."""
    if used(s, d, SK_JIEYIN) or s[P_HANDN + d] < 2:
        return False
    for t in range(s[H_NP]):
        if target_ok(s, d, t):
            return True
    return False


@njit(cache=True, inline="always")
def mask(s, out, d, stage):
    """Stage 0: the wounded male; stage 1: a hand card (twice)."""
    if stage != 0:
        return mark_cards(s, out, d, False, COLOR_NONE)
    n = 0
    for r in range(1, s[H_NP]):
        if target_ok(s, d, seat_after(s, d, r)):
            out[A_TARGET + r] = 1
            n += 1
    return n


@njit(cache=True, inline="always")
def run(s, o):
    u = s[o + F_USER]
    pc = s[o + F_PC]
    a = s[H_ANSWER]
    if pc == JIEYIN_ASK:
        mark_used(s, u, SK_JIEYIN)
        ask(s, o, u, DK_SKILL_TARGET, stage=0, flags=0, extra=0, next_pc=JIEYIN_TARGET)
    elif pc == JIEYIN_TARGET:
        s[o + F_TGT] = rel_target(s, u, a)
        skill_log(s, u, SK_JIEYIN, s[o + F_TGT])
        ask(s, o, u, DK_SKILL_CARD, stage=1, flags=0, extra=2, next_pc=JIEYIN_CARD1)
    elif pc == JIEYIN_CARD1:
        discard_card(s, a - A_CARD, u)
        ask(s, o, u, DK_SKILL_CARD, stage=1, flags=0, extra=1, next_pc=JIEYIN_CARD2)
    else:                       # JIEYIN_CARD2
        discard_card(s, a - A_CARD, u)
        heal(s, u, 1, u, K_NONE)
        heal(s, s[o + F_TGT], 1, u, K_NONE)
        pop_frame(s, 0)
