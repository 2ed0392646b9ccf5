"""流离 (大乔): when he becomes a target of a 杀, he may discard a card to pass the 杀 on to
another character in his attack range, not its user. 沉鱼 (西施, 英雄杀) and 迷离 (孙婷婷, the
classmates pack) run this code as it is.

It listens at ``TP_TARGETED``: ``F_TGT`` is the 杀's user, ``F_CARD`` the 杀, ``F_SUB2`` his
index among the targets of the firing FR_USE frame, whose target it changes. The card he discards
counts for his attack range no more (a weapon or a -1 horse).
"""
from ....fast.jit import njit
from ...constants import (
    A_CARD,
    A_PASS,
    A_TARGET,
    DK_SKILL_CARD,
    DK_SKILL_TARGET,
    F_PC,
    F_SUB2,
    F_TGT,
    F_USER,
    H_ANSWER,
    H_DTGT,
    H_NCARDS,
    H_NP,
    K_SLASH,
    PC_START,
    SKD_PASS,
    TP_TARGETED,
)
from ...frames import F_USE_TGT2, F_USE_TGT3
from ...rules import in_range_x, untargetable
from ...state import alive, discard_card, pop_frame, seat_after
from ..common import ask, origin, own_card, rel_target, skill_log
from ..ids import SK_LIULI

TIMINGS = (TP_TARGETED,)

# the steps of its FR_SKILL frame (F_PC): a card asked; a card (or PASS) given; the new target
LIULI_ASK, LIULI_CARD, LIULI_TARGET = PC_START, 1, 2


@njit(cache=True)
def passes_to(s, owner, user, t, excl):
    """May the 杀 pass from owner to t (owner's card excl set aside)?"""
    return t != owner and t != user and alive(s, t) \
        and not untargetable(s, t, K_SLASH) and in_range_x(s, owner, t, excl)


@njit(cache=True)
def card_ok(s, owner, user, c):
    """May owner discard card c for it: his, and someone to pass the 杀 to without it?"""
    if not own_card(s, owner, c, True):
        return False
    for t in range(s[H_NP]):
        if passes_to(s, owner, user, t, c):
            return True
    return False


@njit(cache=True, inline="always")
def mask(s, out, d, stage):
    """Stage 0: each card he may discard for it; stage 1: each character he may pass it to."""
    user = s[H_DTGT]
    n = 0
    if stage == 0:
        for c in range(s[H_NCARDS]):
            if card_ok(s, d, user, c):
                out[A_CARD + c] = 1
                n += 1
    else:
        for r in range(1, s[H_NP]):
            if passes_to(s, d, user, seat_after(s, d, r), -1):
                out[A_TARGET + r] = 1
                n += 1
    return n


@njit(cache=True, inline="always")
def run(s, o):
    u = s[o + F_USER]
    user = s[o + F_TGT]
    pc = s[o + F_PC]
    if pc == LIULI_ASK:
        if alive(s, u):
            for c in range(s[H_NCARDS]):
                if card_ok(s, u, user, c):
                    ask(s, o, u, DK_SKILL_CARD, stage=0, flags=SKD_PASS, extra=0,
                        next_pc=LIULI_CARD)
                    return
        pop_frame(s, 0)
    elif pc == LIULI_CARD:
        a = s[H_ANSWER]
        if a == A_PASS:
            pop_frame(s, 0)
            return
        discard_card(s, a - A_CARD, u)
        ask(s, o, u, DK_SKILL_TARGET, stage=1, flags=0, extra=0, next_pc=LIULI_TARGET)
    else:                               # LIULI_TARGET: he is replaced among the 杀's targets
        t = rel_target(s, u, s[H_ANSWER])
        org = origin(s, o)
        i = s[o + F_SUB2]
        if i == 0:
            s[org + F_TGT] = t
        elif i == 1:
            s[org + F_USE_TGT2] = t
        else:
            s[org + F_USE_TGT3] = t
        skill_log(s, u, SK_LIULI, t)
        pop_frame(s, 0)
