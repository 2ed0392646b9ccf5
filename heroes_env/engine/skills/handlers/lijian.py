"""离间 (貂蝉): once per play phase, she discards a hand or equipped card and chooses two male
characters other than herself: the first uses a 决斗 on the second, which no 无懈可击 can cancel.

Skills running this code with a parameter of two bits: 1, the 决斗's target is chosen first and
plays 杀 first (红颜, 陈圆圆, 英雄杀); 2, the two duellists are female (正太, classmates pack).
A 决斗 aimed at a seat 门神 guards aims at its guard (秦琼).
"""
from ....fast.jit import njit
from ... import rules
from ...constants import (
    A_CARD,
    A_TARGET,
    COLOR_NONE,
    CONV_SPAN,
    DK_SKILL_CARD,
    DK_SKILL_TARGET,
    DX_SKILL_EXTRA,
    EV_USE,
    F_AS,
    F_PC,
    F_USER,
    GENDER_FEMALE,
    GENDER_MALE,
    H_ANSWER,
    H_NP,
    K_DUEL,
    P_GENDER,
    PC_START,
    Q_TAKES_AIM,
    UF_NO_NULLIFY,
)
from ...frames import F_SKILL_OWN1, push_effect
from ...history import hist_skill
from ...state import (
    alive,
    discard_card,
    ev_pack,
    log_event,
    pop_frame,
    seat_after,
    skill_cause,
    skill_param,
)
from ..common import ask, has_card_where, mark_cards, mark_used, rel_target, skill_log, used
from ..ids import SK_LIJIAN
from ..queries import query

# the steps of its FR_SKILL frame (F_PC): a card asked; discarded (the first asked); the first
# chosen (the second asked); the second chosen (the 决斗 used); the 决斗 over
LIJIAN_ASK, LIJIAN_CARD, LIJIAN_FIRST, LIJIAN_SECOND, LIJIAN_DUELLED = PC_START, 1, 2, 3, 4
F_LIJIAN_FIRST = F_SKILL_OWN1       # the first character chosen


@njit(cache=True)
def duellists_gender(s, d):
    """The gender of d's 离间's duellists: male, or female with parameter bit 2 (正太)."""
    return GENDER_FEMALE if (skill_param(s, d, SK_LIJIAN) & 2) else GENDER_MALE


@njit(cache=True)
def pair_ok(s, d, a, b):
    """May d's 离间 have a use its 决斗 on b (both of 离间's gender, neither d)?"""
    g = duellists_gender(s, d)
    return a != d and b != d and a != b and alive(s, a) and s[P_GENDER + a] == g \
        and alive(s, b) and s[P_GENDER + b] == g and not rules.untargetable(s, b, K_DUEL)


@njit(cache=True)
def victim_first(s, d):
    """离间: the 决斗's user is chosen first; with parameter bit 1 (红颜) its target, who plays 杀
    first."""
    return (skill_param(s, d, SK_LIJIAN) & 1) == 1


@njit(cache=True)
def choice_ok(s, d, stage, first, t):
    """May d choose t at 离间's stage 1 (the first duellist) or 2 (the second, after first)?"""
    vf = victim_first(s, d)
    if stage == 1:
        for x in range(s[H_NP]):
            if (vf and pair_ok(s, d, x, t)) or (not vf and pair_ok(s, d, t, x)):
                return True
        return False
    if vf:
        return pair_ok(s, d, t, first)
    return pair_ok(s, d, first, t)


@njit(cache=True, inline="always")
def active_ok(s, d):
    """Not yet in this play phase, a hand or equipped card, and two who may duel."""
    if used(s, d, SK_LIJIAN) or not has_card_where(s, d, True, COLOR_NONE):
        return False
    for a in range(s[H_NP]):
        if choice_ok(s, d, 1, -1, a):
            return True
    return False


@njit(cache=True, inline="always")
def mask(s, out, d, stage):
    """Stage 0: a hand or equipped card; stage 1: the first duellist; stage 2: the second (the
    decision's extra value: the first)."""
    if stage == 0:
        return mark_cards(s, out, d, True, COLOR_NONE)
    first = s[DX_SKILL_EXTRA]
    n = 0
    for r in range(1, s[H_NP]):
        if choice_ok(s, d, stage, first, seat_after(s, d, r)):
            out[A_TARGET + r] = 1
            n += 1
    return n


@njit(cache=True, inline="always")
def run(s, o):
    # discard a card; choose the male who uses the 决斗, then the male it is used on (红颜:
    # first the male it is used on, who plays 杀 first, then its user)
    u = s[o + F_USER]
    pc = s[o + F_PC]
    a = s[H_ANSWER]
    if pc == LIJIAN_ASK:
        mark_used(s, u, SK_LIJIAN)
        ask(s, o, u, DK_SKILL_CARD, stage=0, flags=0, extra=0, next_pc=LIJIAN_CARD)
    elif pc == LIJIAN_CARD:
        discard_card(s, a - A_CARD, u)
        skill_log(s, u, SK_LIJIAN, -1)
        ask(s, o, u, DK_SKILL_TARGET, stage=1, flags=0, extra=-1, next_pc=LIJIAN_FIRST)
    elif pc == LIJIAN_FIRST:
        s[o + F_LIJIAN_FIRST] = rel_target(s, u, a)
        ask(s, o, u, DK_SKILL_TARGET, stage=2, flags=0, extra=s[o + F_LIJIAN_FIRST],
            next_pc=LIJIAN_SECOND)
    elif pc == LIJIAN_SECOND:
        duelist = s[o + F_LIJIAN_FIRST]
        victim = rel_target(s, u, a)
        if victim_first(s, u):
            duelist, victim = victim, duelist
        g = rules.aim_taker(s, duelist, victim)      # 门神: aimed at the guarded = at 秦琼
        if g >= 0:
            skill_log(s, g, query(s, Q_TAKES_AIM, g, value=0, a=victim, b=duelist), victim)
            victim = g
        log_event(s, EV_USE, duelist, -1,
                  ev_pack(victim, K_DUEL + CONV_SPAN * skill_cause(s, u, SK_LIJIAN)))
        hist_skill(s, u, s[o + F_AS], victim)       # public history: 离间 aims at the victim
        s[o + F_PC] = LIJIAN_DUELLED
        push_effect(s, duelist, victim, card=-1, kind=K_DUEL, card2=-1, flags=UF_NO_NULLIFY,
                    victim=-1)
    else:                       # LIJIAN_DUELLED
        pop_frame(s, 0)
