"""Skills that answer being chosen as a target: 流离 (discard a card to pass a 杀 on to someone in
one's attack range, not its user).

TP_TARGETED context: ``F_TGT`` = the 杀's user, ``F_CARD`` = the 杀, ``F_SUB2`` = the index of the
owner among the firing FR_USE frame's targets.
"""
from ..jit import njit

from ..constants import *  # noqa: F401,F403
from ..state import discard_card, pop_frame, seat_after
from ..rules import alive, in_range_x
from ..skills.modifiers import untargetable
from .common import ask, own_card, origin, rel_target, skill_log
from .ids import SK_LIULI

SKILLS = (SK_LIULI,)
TIMINGS = ((SK_LIULI, TP_TARGETED),)


@njit(cache=True)
def liuli_target(s, owner, user, t, excl):
    """May the 杀 pass from owner to t (owner's card excl set aside)?"""
    return t != owner and t != user and alive(s, t) and not untargetable(s, t, K_SLASH) \
        and in_range_x(s, owner, t, excl)


@njit(cache=True)
def liuli_card(s, owner, user, c):
    if not own_card(s, owner, c, True):
        return False
    for t in range(s[H_NP]):
        if liuli_target(s, owner, user, t, c):
            return True
    return False


@njit(cache=True)
def mask(s, out, d, sk, stage):
    n = 0
    user = s[H_DTGT]
    if stage == 0:
        for c in range(s[H_NCARDS]):
            if liuli_card(s, d, user, c):
                out[A_CARD + c] = 1
                n += 1
    else:
        for r in range(1, s[H_NP]):
            if liuli_target(s, d, user, seat_after(s, d, r), -1):
                out[A_TARGET + r] = 1
                n += 1
    return n


@njit(cache=True)
def run(s, o, sk):
    u = s[o + F_USER]
    user = s[o + F_TGT]
    pc = s[o + F_PC]
    if pc == 0:
        if not alive(s, u):
            pop_frame(s, 0)
            return
        for c in range(s[H_NCARDS]):
            if liuli_card(s, u, user, c):
                ask(s, o, u, DK_SKILL_CARD, 0, SKD_PASS, 0, 1)
                return
        pop_frame(s, 0)
    elif pc == 1:
        a = s[H_ANSWER]
        if a == A_PASS:
            pop_frame(s, 0)
            return
        discard_card(s, a - A_CARD, u)
        ask(s, o, u, DK_SKILL_TARGET, 1, 0, 0, 2)
    else:
        t = rel_target(s, u, s[H_ANSWER])
        org = origin(s, o)
        i = s[o + F_SUB2]
        if i == 0:
            s[org + F_TGT] = t
        elif i == 1:
            s[org + F_B] = t
        else:
            s[org + F_C] = t
        skill_log(s, u, sk, t)
        pop_frame(s, 0)
