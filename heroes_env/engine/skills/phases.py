"""Skills of the owner's turn phases: 观星 (start: order the top three cards), 英姿 (draw one more),
突袭 (instead of drawing, take a random hand card from one or two others), 闭月 (after the discard
phase, draw one). 克己 (skip the discard phase) is a locked rule in ``modifiers.py`` (a query
point).

英雄杀: 醉酒 (draw only one card; then his 杀 and 决斗 deal 2 damage this turn: mark
MK_ZUIJIU, cleared at his next start phase and after his discard phase; ``answers.py`` reads it at
the query points ``Q_SLASH_DAMAGE`` and ``Q_DUEL_DAMAGE``), 底力 (locked: draw 2 + his lost
HP).

The answer to those query points reads the state only and lives in ``answers.py``, which
``rules`` asks through ``queries``; this module uses ``rules``."""
from ...fast.jit import njit
from .. import rules
from ..constants import (
    A_CARD,
    A_CONFIRM,
    A_PASS,
    A_TARGET,
    C_AS,
    C_LOC,
    D_ORDER,
    DK_SKILL_CARD,
    DK_SKILL_TARGET,
    DX_SKILL_EXTRA,
    EV_SKILL,
    F_PC,
    F_SUB2,
    F_USER,
    FRAME_BASE,
    FRAME_SIZE,
    H_ANSWER,
    H_DRAWN,
    H_FP,
    H_LOOKER,
    H_NCARDS,
    H_NDECK,
    H_NP,
    K_NONE,
    MK_ZUIJIU,
    P_ALIVE,
    P_HANDN,
    P_HP,
    P_MARK,
    P_MAXHP,
    SKD_CONFIRM,
    SKD_PASS,
    TP_AFTER_DISCARD,
    TP_DRAW,
    TP_START,
    Z_DECK,
    Z_LOOK,
)
from ..frames import F_GUANXING_TOP, F_SKILL_TP, F_TUXI_FIRST, F_TUXI_SECOND, PC_START
from ..state import (
    draw_cards,
    log_event,
    move_card,
    pop_frame,
    random_hand_card,
    rel_seat,
    seat_after,
    skill_param,
    top_card,
)
from .answers import PHASES_QUERIES as QUERIES  # noqa: F401  (the family's)
from .common import ask, ask_confirm, gain, rel_target, skill_log
from .ids import SK_BIYUE, SK_DILI, SK_GUANXING, SK_TUXI, SK_YINGZI, SK_ZUIJIU

SKILLS = (SK_GUANXING, SK_YINGZI, SK_TUXI, SK_BIYUE, SK_ZUIJIU, SK_DILI)
TIMINGS = ((SK_GUANXING, TP_START), (SK_YINGZI, TP_DRAW), (SK_TUXI, TP_DRAW),
           (SK_BIYUE, TP_AFTER_DISCARD), (SK_ZUIJIU, TP_START), (SK_ZUIJIU, TP_DRAW),
           (SK_ZUIJIU, TP_AFTER_DISCARD), (SK_DILI, TP_DRAW))


@njit(cache=True)
def guanxing_count(s, u):
    """How many cards 观星 looks at: its parameter (观星 3 in the 三国杀 standard rules; 占卜 5
    in the 英雄杀 rules), or, with parameter 0, the living players' count, at most 5 (傲世, the
    classmates pack)."""
    k = skill_param(s, u, SK_GUANXING)
    if k > 0:
        return k
    k = 0
    for t in range(s[H_NP]):
        k += s[P_ALIVE + t]
    return min(k, 5)


@njit(cache=True)
def put_bottom(s, c):
    """Card c (off the pile) goes under the draw pile."""
    n = s[H_NDECK]
    for i in range(n, 0, -1):
        s[D_ORDER + i] = s[D_ORDER + i - 1]
    s[D_ORDER] = c
    s[H_NDECK] = n + 1
    s[C_LOC + c] = Z_DECK
    s[C_AS + c] = K_NONE


@njit(cache=True)
def tuxi_victim(s, u, t, first):
    return t != u and t != first and rules.alive(s, t) and s[P_HANDN + t] > 0


@njit(cache=True)
def tuxi_take(s, o, u):
    """Take a random hand card from the chosen one or two, in seat order from the owner."""
    t1 = s[o + F_TUXI_FIRST]
    t2 = s[o + F_TUXI_SECOND]
    if t2 >= 0 and rel_seat(s, u, t2) < rel_seat(s, u, t1):
        t1, t2 = t2, t1
    for t in (t1, t2):
        if t >= 0 and s[P_HANDN + t] > 0:
            gain(s, u, random_hand_card(s, t), t)
    pop_frame(s, 0)


@njit(cache=True)
def guanxing_open(s, o, c):
    """Is card c (in Z_LOOK) still to be placed? (stage 1 keeps the chosen top cards from
    ``F_GUANXING_TOP`` on)"""
    if s[C_LOC + c] != Z_LOOK:
        return False
    for i in range(s[o + F_SUB2]):
        if s[o + F_GUANXING_TOP + i] == c:
            return False
    return True


@njit(cache=True)
def guanxing_left(s, o):
    n = 0
    for c in range(s[H_NCARDS]):
        if guanxing_open(s, o, c):
            n += 1
    return n


@njit(cache=True)
def mask(s, out, d, sk, stage):
    n = 0
    if sk == SK_GUANXING:
        o = FRAME_BASE + (s[H_FP] - 1) * FRAME_SIZE
        for c in range(s[H_NCARDS]):
            if guanxing_open(s, o, c):
                out[A_CARD + c] = 1
                n += 1
    elif sk == SK_TUXI:
        first = s[DX_SKILL_EXTRA]
        for r in range(1, s[H_NP]):
            if tuxi_victim(s, d, seat_after(s, d, r), first):
                out[A_TARGET + r] = 1
                n += 1
    return n


# the steps of a phase skill's FR_SKILL frame (its F_PC): asked (yes / no, or 突袭's first
# target); answered; 突袭's second target; 观星's cards for the bottom, then for the top
PHASE_ASK, PHASE_ANSWER, TUXI_SECOND = PC_START, 1, 2
GUANXING_BOTTOM, GUANXING_TOP = 2, 3


@njit(cache=True)
def run(s, o, sk):
    u = s[o + F_USER]
    pc = s[o + F_PC]
    if sk == SK_ZUIJIU and (pc == PHASE_ASK and s[o + F_SKILL_TP] != TP_DRAW):
        s[P_MARK + u] &= ~MK_ZUIJIU       # his turn starts / his discard phase is over
        pop_frame(s, 0)
        return
    if sk == SK_DILI:
        lost = s[P_MAXHP + u] - s[P_HP + u]
        if lost > 0 and rules.alive(s, u):
            skill_log(s, u, sk, -1)
            s[H_DRAWN] += lost
        pop_frame(s, 0)
        return
    if pc == PHASE_ASK:
        if not rules.alive(s, u):
            pop_frame(s, 0)
            return
        if sk == SK_ZUIJIU and s[H_DRAWN] < 1:
            pop_frame(s, 0)            # nothing left to draw (突袭-like skills took it)
            return
        if sk == SK_TUXI:
            for t in range(s[H_NP]):
                if tuxi_victim(s, u, t, -1):
                    ask(s, o, u, DK_SKILL_TARGET, 0, SKD_PASS, -1, PHASE_ANSWER)
                    return
            pop_frame(s, 0)
            return
        ask_confirm(s, o, PHASE_ANSWER)
        return
    a = s[H_ANSWER]
    if sk == SK_ZUIJIU:
        if a == A_CONFIRM:
            skill_log(s, u, sk, -1)
            s[H_DRAWN] = 1
            s[P_MARK + u] |= MK_ZUIJIU
        pop_frame(s, 0)
    elif sk == SK_YINGZI or sk == SK_BIYUE:
        if a == A_CONFIRM:
            skill_log(s, u, sk, -1)
            if sk == SK_YINGZI:
                s[H_DRAWN] += 1
            else:
                draw_cards(s, u, 1)
        pop_frame(s, 0)
    elif sk == SK_TUXI:
        if pc == PHASE_ANSWER:
            if a == A_PASS:
                pop_frame(s, 0)
                return
            t = rel_target(s, u, a)
            s[o + F_TUXI_FIRST] = t
            s[o + F_TUXI_SECOND] = -1
            s[H_DRAWN] = 0
            skill_log(s, u, sk, t)
            for x in range(s[H_NP]):
                if tuxi_victim(s, u, x, t):
                    ask(s, o, u, DK_SKILL_TARGET, 1, SKD_CONFIRM, t, TUXI_SECOND)
                    return
            tuxi_take(s, o, u)
            return
        if a != A_CONFIRM:          # TUXI_SECOND
            s[o + F_TUXI_SECOND] = rel_target(s, u, a)
        tuxi_take(s, o, u)
    else:   # 观星
        if pc == PHASE_ANSWER:
            if a != A_CONFIRM:
                pop_frame(s, 0)
                return
            skill_log(s, u, sk, -1)
            s[H_LOOKER] = u
            for _ in range(guanxing_count(s, u)):
                c = top_card(s)
                if c < 0:
                    return
                move_card(s, c, Z_LOOK)
            s[o + F_SUB2] = 0
            ask(s, o, u, DK_SKILL_CARD, 0, SKD_CONFIRM, 0, GUANXING_BOTTOM)
        elif pc == GUANXING_BOTTOM:
            # stage 0: each chosen card goes to the bottom; CONFIRM: the rest go on top
            if a != A_CONFIRM:
                put_bottom(s, a - A_CARD)
                log_event(s, EV_SKILL, u, sk, -2)
            left = guanxing_left(s, o)
            if left == 0:
                s[H_LOOKER] = -1
                pop_frame(s, 0)
            elif a == A_CONFIRM:
                ask(s, o, u, DK_SKILL_CARD, 1, 0, 0, GUANXING_TOP)
            else:
                ask(s, o, u, DK_SKILL_CARD, 0, SKD_CONFIRM, 0, GUANXING_BOTTOM)
        else:                       # GUANXING_TOP
            # stage 1: the cards for the top, in the order they will be drawn
            k = s[o + F_SUB2]
            s[o + F_GUANXING_TOP + k] = a - A_CARD
            s[o + F_SUB2] = k + 1
            if guanxing_left(s, o) > 0:
                ask(s, o, u, DK_SKILL_CARD, 1, 0, k + 1, GUANXING_TOP)
                return
            for i in range(k, -1, -1):
                move_card(s, s[o + F_GUANXING_TOP + i], Z_DECK)
            s[H_LOOKER] = -1
            pop_frame(s, 0)
