"""门神 (秦琼, 英雄杀): at the end of his turn he may choose another character; until the start
of his next turn, every 杀 and 决斗 aimed at that character is aimed at him instead.

The guard is public: mark ``MK_MENSHEN`` on the guarded seat, ``MK_MENSHEN_ON`` on 秦琼. It is its
answer at the query point ``Q_TAKES_AIM``, which the use of a 杀 or 决斗 asks of every other seat
once its targets are fixed (``rules.aim_taker``; 离间's 决斗 too), and it ends at the event
``Q_SEAT_DIED`` when 秦琼 or the guarded one dies (so this module uses no rule). A hero appears
once per game, so one 秦琼 guards at a time.
"""
from ....fast.jit import njit
from ...constants import (
    A_PASS,
    A_TARGET,
    DK_SKILL_TARGET,
    F_PC,
    F_USER,
    H_ANSWER,
    H_NP,
    MK_MENSHEN,
    MK_MENSHEN_ON,
    P_MARK,
    PC_START,
    Q_SEAT_DIED,
    Q_TAKES_AIM,
    SKD_PASS,
    TP_AFTER_DISCARD,
    TP_START,
)
from ...frames import F_SKILL_TP
from ...state import alive, pop_frame, seat_after
from ..common import ask, rel_target, skill_log
from ..ids import SK_MENSHEN

TIMINGS = (TP_AFTER_DISCARD, TP_START)
QUERIES = (Q_TAKES_AIM, Q_SEAT_DIED)

# the steps of its FR_SKILL frame (F_PC): his guard ends (TP_START), or a character asked
# (TP_AFTER_DISCARD); one (or PASS) chosen
MENSHEN_ASK, MENSHEN_TARGET = PC_START, 1


@njit(cache=True)
def guard_ends(s):
    """The guard ends (no seat guarded, no 秦琼 guarding)."""
    for p in range(s[H_NP]):
        s[P_MARK + p] &= ~(MK_MENSHEN | MK_MENSHEN_ON)


@njit(cache=True, inline="always")
def mask(s, out, d, stage):
    """Any other living character."""
    n = 0
    for r in range(1, s[H_NP]):
        if alive(s, seat_after(s, d, r)):
            out[A_TARGET + r] = 1
            n += 1
    return n


@njit(cache=True, inline="always")
def run(s, o):
    """TP_START: his guard ends. TP_AFTER_DISCARD (his end phase): it ends too, and he may guard
    another character."""
    u = s[o + F_USER]
    if s[o + F_PC] == MENSHEN_ASK:
        if (s[P_MARK + u] & MK_MENSHEN_ON) != 0:
            guard_ends(s)
        if s[o + F_SKILL_TP] == TP_START or not alive(s, u):
            pop_frame(s, 0)
            return
        ask(s, o, u, DK_SKILL_TARGET, stage=0, flags=SKD_PASS, extra=0, next_pc=MENSHEN_TARGET)
        return
    a = s[H_ANSWER]                     # MENSHEN_TARGET
    if a != A_PASS:
        t = rel_target(s, u, a)
        s[P_MARK + t] |= MK_MENSHEN
        s[P_MARK + u] |= MK_MENSHEN_ON
        skill_log(s, u, SK_MENSHEN, t)
    pop_frame(s, 0)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """Q_TAKES_AIM: seat guards seat a, so a 杀 or 决斗 aimed at a aims at him (this skill)."""
    if (s[P_MARK + a] & MK_MENSHEN) != 0 and (s[P_MARK + seat] & MK_MENSHEN_ON) != 0:
        return SK_MENSHEN
    return value


@njit(cache=True, inline="always")
def react(s, q, prm, seat, a, b):
    """Q_SEAT_DIED: seat a died; if it is the guarding 秦琼 (seat) or the one he guards, the guard
    ends."""
    if (s[P_MARK + seat] & MK_MENSHEN_ON) != 0 and (a == seat or (s[P_MARK + a] & MK_MENSHEN) != 0):
        guard_ends(s)
