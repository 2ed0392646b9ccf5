"""突袭 (张辽): in his draw phase he may draw nothing and instead take a random hand card from each
of one or two other characters. 起义 (陈胜, 英雄杀) and 狂热 (陆敏峰, the classmates pack) run
this code as it is.

His choices: the first character (or PASS: he draws as usual), then a second one or CONFIRM (only
the first); the cards are taken in seat order from him.
"""
from ....fast.jit import njit
from ...constants import (
    A_CONFIRM,
    A_PASS,
    A_TARGET,
    DK_SKILL_TARGET,
    DX_SKILL_EXTRA,
    F_PC,
    F_USER,
    H_ANSWER,
    H_DRAWN,
    H_NP,
    P_HANDN,
    PC_START,
    SKD_CONFIRM,
    SKD_PASS,
    TP_DRAW,
)
from ...frames import F_SKILL_OWN1, F_SKILL_OWN2
from ...state import (
    alive,
    pop_frame,
    random_hand_card,
    rel_seat,
    seat_after,
    skill_cause,
    take_card,
)
from ..common import ask, rel_target, skill_log
from ..ids import SK_TUXI

TIMINGS = (TP_DRAW,)

# the steps of its FR_SKILL frame (F_PC): the first character asked; chosen; the second chosen
TUXI_ASK, TUXI_FIRST, TUXI_SECOND = PC_START, 1, 2
F_TUXI_FIRST = F_SKILL_OWN1         # the first character chosen
F_TUXI_SECOND = F_SKILL_OWN2        # the second (-1: none)


@njit(cache=True)
def victim(s, u, t, first):
    """May u take a card from t (not the first one chosen)?"""
    return t != u and t != first and alive(s, t) and s[P_HANDN + t] > 0


@njit(cache=True, inline="always")
def mask(s, out, d, stage):
    """Either stage: each other living character with a hand card, but the first one chosen
    (``DX_SKILL_EXTRA`` of the second question)."""
    first = s[DX_SKILL_EXTRA]
    n = 0
    for r in range(1, s[H_NP]):
        if victim(s, d, seat_after(s, d, r), first):
            out[A_TARGET + r] = 1
            n += 1
    return n


@njit(cache=True)
def take(s, o, u):
    """Take a random hand card from the chosen one or two, in seat order from the owner."""
    t1 = s[o + F_TUXI_FIRST]
    t2 = s[o + F_TUXI_SECOND]
    if t2 >= 0 and rel_seat(s, u, t2) < rel_seat(s, u, t1):
        t1, t2 = t2, t1
    for t in (t1, t2):
        if t >= 0 and s[P_HANDN + t] > 0:
            take_card(s, u, random_hand_card(s, t), t, skill_cause(s, u, SK_TUXI))
    pop_frame(s, 0)


@njit(cache=True, inline="always")
def run(s, o):
    u = s[o + F_USER]
    pc = s[o + F_PC]
    a = s[H_ANSWER]
    if pc == TUXI_ASK:
        if alive(s, u):
            for t in range(s[H_NP]):
                if victim(s, u, t, -1):
                    ask(s, o, u, DK_SKILL_TARGET, stage=0, flags=SKD_PASS, extra=-1,
                        next_pc=TUXI_FIRST)
                    return
        pop_frame(s, 0)
    elif pc == TUXI_FIRST:
        if a == A_PASS:
            pop_frame(s, 0)
            return
        t = rel_target(s, u, a)
        s[o + F_TUXI_FIRST] = t
        s[o + F_TUXI_SECOND] = -1
        s[H_DRAWN] = 0
        skill_log(s, u, SK_TUXI, t)
        for x in range(s[H_NP]):
            if victim(s, u, x, t):
                ask(s, o, u, DK_SKILL_TARGET, stage=1, flags=SKD_CONFIRM, extra=t,
                    next_pc=TUXI_SECOND)
                return
        take(s, o, u)
    else:                               # TUXI_SECOND
        if a != A_CONFIRM:
            s[o + F_TUXI_SECOND] = rel_target(s, u, a)
        take(s, o, u)
