"""侠胆 (任桓之, 英雄杀): once per play phase, he 拼点s with another character; won, for the rest
of the turn his attack range is unlimited and he may use two 杀 in the play phase, each with up to
two targets; not won, he may use no 杀 for the rest of the turn.

The result is a public mark for the turn (``MK_XIADAN_WON`` / ``MK_XIADAN_LOST``: constants,
beside ``MK_TURN`` that clears them as the turn ends); ``answer`` reads it at the 杀 query points
that ``rules`` asks, so this module imports no ``rules`` (``queries`` imports it).
"""
from ....fast.jit import njit
from ...constants import (
    A_TARGET,
    DK_SKILL_TARGET,
    F_PC,
    F_TGT,
    F_USER,
    H_ANSWER,
    H_NP,
    H_RET,
    MAX_SEATS,
    MK_XIADAN_LOST,
    MK_XIADAN_WON,
    P_MARK,
    PC_START,
    Q_ATTACK_RANGE,
    Q_SLASH_BLOCKED,
    Q_SLASH_LIMIT,
    Q_SLASH_TARGETS,
)
from ...state import pop_frame, seat_after
from ..common import (
    ask,
    mark_used,
    pindian_ok,
    pindian_won,
    rel_target,
    skill_log,
    start_pindian,
    used,
)
from ..ids import SK_XIADAN

QUERIES = (Q_SLASH_BLOCKED, Q_SLASH_LIMIT, Q_ATTACK_RANGE, Q_SLASH_TARGETS)

# the steps of its FR_SKILL frame (F_PC): the target asked; chosen (拼点); the 拼点's result
XIADAN_ASK, XIADAN_TARGET, XIADAN_PINDIAN = PC_START, 1, 2


@njit(cache=True, inline="always")
def active_ok(s, d):
    """Not yet in this play phase, and someone to 拼点 with (both with a hand card)."""
    if used(s, d, SK_XIADAN):
        return False
    for t in range(s[H_NP]):
        if pindian_ok(s, d, t):
            return True
    return False


@njit(cache=True, inline="always")
def mask(s, out, d, stage):
    """Any other living character with a hand card (no range)."""
    n = 0
    for r in range(1, s[H_NP]):
        if pindian_ok(s, d, seat_after(s, d, r)):
            out[A_TARGET + r] = 1
            n += 1
    return n


@njit(cache=True, inline="always")
def run(s, o):
    # 拼点 with a character: won / not won marks the rest of the turn (``answer`` reads it)
    u = s[o + F_USER]
    pc = s[o + F_PC]
    if pc == XIADAN_ASK:
        mark_used(s, u, SK_XIADAN)
        ask(s, o, u, DK_SKILL_TARGET, stage=0, flags=0, extra=0, next_pc=XIADAN_TARGET)
    elif pc == XIADAN_TARGET:
        t = rel_target(s, u, s[H_ANSWER])
        s[o + F_TGT] = t
        skill_log(s, u, SK_XIADAN, t)
        start_pindian(s, o, t, XIADAN_PINDIAN)
    else:                       # XIADAN_PINDIAN
        s[P_MARK + u] |= MK_XIADAN_WON if pindian_won(s[H_RET]) else MK_XIADAN_LOST
        pop_frame(s, 0)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """Won this turn (``MK_XIADAN_WON``): attack range unlimited (``Q_ATTACK_RANGE``), two 杀
    (``Q_SLASH_LIMIT``), two targets each (``Q_SLASH_TARGETS``); not won (``MK_XIADAN_LOST``):
    no 杀 (``Q_SLASH_BLOCKED``)."""
    m = s[P_MARK + seat]
    if q == Q_SLASH_BLOCKED:
        return 1 if (m & MK_XIADAN_LOST) != 0 else value
    if (m & MK_XIADAN_WON) == 0:
        return value
    if q == Q_ATTACK_RANGE:
        return max(value, 2 * MAX_SEATS)
    return max(value, 2)                  # Q_SLASH_LIMIT, Q_SLASH_TARGETS
