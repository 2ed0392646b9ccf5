"""Skills that change who a card is aimed at, or how: 流离 (discard a card to pass a 杀 on to
someone in one's attack range, not its user), 柔情 (pack classmates: the 杀's user judges for each
target; red: that target cannot dodge it) and 门神 (英雄杀 秦琼: in his end phase he guards a
character; until the start of his next turn every 杀 and 决斗 aimed at that character is aimed at
him).

门神 is public: ``MK_MENSHEN`` on the guarded seat, ``MK_MENSHEN_ON`` on the guarding 秦琼. It
answers two query points (``answers.menshen_answer``, ``menshen_react``): ``Q_TAKES_AIM``, which the
use of a 杀 or 决斗 asks of every other seat once its targets are fixed (``rules.aim_taker``; 离间's
决斗 too), and the event ``Q_SEAT_DIED``: the guard ends when 秦琼 or the guarded one dies. A hero
appears once per game, so one 秦琼 guards at a time. The answers read the state only and live in
``answers.py``, which ``rules`` asks through ``queries``; this module uses ``rules``.

TP_TARGETED context (the owner is a target): ``F_TGT`` = the 杀's user, ``F_CARD`` = the 杀,
``F_SUB2`` = the index of the owner among the firing FR_USE frame's targets. TP_AIMED (the owner
is the user; after every TP_TARGETED): ``F_TGT`` = the target, ``F_SUB2`` = its index.
"""
from ...fast.jit import njit
from .. import rules
from ..constants import (
    A_CARD,
    A_PASS,
    A_TARGET,
    COLOR_RED,
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
    H_RET,
    K_SLASH,
    MK_MENSHEN,
    MK_MENSHEN_ON,
    P_MARK,
    SKD_PASS,
    TP_AFTER_DISCARD,
    TP_AIMED,
    TP_START,
    TP_TARGETED,
    UF_NO_DODGE_T0,
)
from ..frames import F_SKILL_TP, F_USE_FLAGS, F_USE_TGT2, F_USE_TGT3, PC_START
from ..state import card_color, discard_card, pop_frame, seat_after
from .answers import TARGETING_QUERIES as QUERIES  # noqa: F401  (QUERIES: the family's)
from .answers import guard_ends
from .common import ask, ask_confirm, judge_if_confirmed, origin, own_card, rel_target, skill_log
from .ids import SK_LIULI, SK_MENSHEN, SK_ROUQING

SKILLS = (SK_LIULI, SK_MENSHEN, SK_ROUQING)
TIMINGS = ((SK_LIULI, TP_TARGETED), (SK_MENSHEN, TP_AFTER_DISCARD), (SK_MENSHEN, TP_START),
           (SK_ROUQING, TP_AIMED))


@njit(cache=True)
def liuli_target(s, owner, user, t, excl):
    """May the 杀 pass from owner to t (owner's card excl set aside)?"""
    return t != owner and t != user and rules.alive(s, t) \
        and not rules.untargetable(s, t, K_SLASH) and rules.in_range_x(s, owner, t, excl)


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
    if sk == SK_MENSHEN:
        for r in range(1, s[H_NP]):
            if rules.alive(s, seat_after(s, d, r)):
                out[A_TARGET + r] = 1
                n += 1
        return n
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


# the steps of each skill's FR_SKILL frame (its F_PC)
ROUQING_ASK, ROUQING_ANSWER, ROUQING_JUDGED = PC_START, 1, 2   # 柔情: asked; answered; judged
LIULI_ASK, LIULI_CARD, LIULI_TARGET = PC_START, 1, 2           # 流离: a card asked; given; target
MENSHEN_ASK, MENSHEN_TARGET = PC_START, 1                      # 门神: a target asked; chosen


@njit(cache=True)
def run_rouqing(s, o, sk):
    """柔情: may judge; red: the 杀 cannot be dodged by this target (a bit of the FR_USE flags)."""
    u = s[o + F_USER]
    t = s[o + F_TGT]
    pc = s[o + F_PC]
    if pc == ROUQING_ASK:
        if not rules.alive(s, u) or not rules.alive(s, t):
            pop_frame(s, 0)
            return
        ask_confirm(s, o, ROUQING_ANSWER)
    elif pc == ROUQING_ANSWER:
        judge_if_confirmed(s, o, u, t, ROUQING_JUDGED)
    else:                           # ROUQING_JUDGED
        if card_color(s, s[H_RET]) == COLOR_RED:
            org = origin(s, o)
            s[org + F_USE_FLAGS] |= UF_NO_DODGE_T0 << s[o + F_SUB2]
        pop_frame(s, 0)


@njit(cache=True)
def run(s, o, sk):
    if sk == SK_ROUQING:
        run_rouqing(s, o, sk)
        return
    u = s[o + F_USER]
    user = s[o + F_TGT]
    pc = s[o + F_PC]
    if sk == SK_MENSHEN:
        menshen(s, o, u, pc)
        return
    if pc == LIULI_ASK:
        if not rules.alive(s, u):
            pop_frame(s, 0)
            return
        for c in range(s[H_NCARDS]):
            if liuli_card(s, u, user, c):
                ask(s, o, u, DK_SKILL_CARD, 0, SKD_PASS, 0, LIULI_CARD)
                return
        pop_frame(s, 0)
    elif pc == LIULI_CARD:
        a = s[H_ANSWER]
        if a == A_PASS:
            pop_frame(s, 0)
            return
        discard_card(s, a - A_CARD, u)
        ask(s, o, u, DK_SKILL_TARGET, 1, 0, 0, LIULI_TARGET)
    else:                           # LIULI_TARGET
        t = rel_target(s, u, s[H_ANSWER])
        org = origin(s, o)
        i = s[o + F_SUB2]
        if i == 0:
            s[org + F_TGT] = t
        elif i == 1:
            s[org + F_USE_TGT2] = t
        else:
            s[org + F_USE_TGT3] = t
        skill_log(s, u, sk, t)
        pop_frame(s, 0)


@njit(cache=True)
def menshen(s, o, u, pc):
    """TP_START: his guard ends. TP_AFTER_DISCARD (end phase): he may guard another character."""
    if pc == MENSHEN_ASK:
        if (s[P_MARK + u] & MK_MENSHEN_ON) != 0:
            guard_ends(s)
        if s[o + F_SKILL_TP] == TP_START or not rules.alive(s, u):
            pop_frame(s, 0)
            return
        ask(s, o, u, DK_SKILL_TARGET, 0, SKD_PASS, 0, MENSHEN_TARGET)
        return
    a = s[H_ANSWER]                 # MENSHEN_TARGET
    if a != A_PASS:
        t = rel_target(s, u, a)
        s[P_MARK + t] |= MK_MENSHEN
        s[P_MARK + u] |= MK_MENSHEN_ON
        skill_log(s, u, SK_MENSHEN, t)
    pop_frame(s, 0)
