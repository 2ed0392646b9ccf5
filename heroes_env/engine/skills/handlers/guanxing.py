"""观星 (诸葛亮): at the start of his turn he may look at the top three cards of the draw pile,
put any of them at the bottom and the rest back on top in the order he chooses. 占卜 (刘伯温,
英雄杀) runs this code with parameter 5: five cards; 傲世 (高映海, the classmates pack) with
parameter 0: as many as the living players, at most five.

His choices, one card at a time: first the cards for the bottom (each under the ones before;
CONFIRM ends it), then the cards for the top, the first chosen on top. While he chooses, the cards
chosen for the top wait in the draw pile's order array (``D_ORDER``) just above its count, in the
order chosen (``F_SUB2``: how many), and join the pile, turned over, once the last is chosen:
the frame's own slots hold at most four cards, and five may go back.
"""
from ....fast.jit import njit
from ...constants import (
    A_CARD,
    A_CONFIRM,
    C_AS,
    C_LOC,
    D_ORDER,
    DK_SKILL_CARD,
    EV_SKILL,
    F_PC,
    F_SUB2,
    F_USER,
    FRAME_BASE,
    FRAME_SIZE,
    H_ANSWER,
    H_FP,
    H_LOOKER,
    H_NCARDS,
    H_NDECK,
    H_NP,
    K_NONE,
    P_ALIVE,
    PC_START,
    SKD_CONFIRM,
    TP_START,
    Z_DECK,
    Z_LOOK,
)
from ...state import log_event, move_card, pop_frame, skill_param, top_card
from ..common import ask, ask_if_alive, skill_log
from ..ids import SK_GUANXING

TIMINGS = (TP_START,)

# the steps of its FR_SKILL frame (F_PC): asked whether he uses it; answered; the cards for the
# bottom; the cards for the top
GUANXING_ASK, GUANXING_ANSWER, GUANXING_BOTTOM, GUANXING_TOP = PC_START, 1, 2, 3
MOST = 5            # the most cards it looks at (占卜; 傲世's living players)


@njit(cache=True)
def cards_looked_at(s, u):
    """How many cards he looks at: the parameter (3; 占卜 5), or with parameter 0 (傲世) the
    living players, at most ``MOST``."""
    k = skill_param(s, u, SK_GUANXING)
    if k > 0:
        return k
    k = 0
    for t in range(s[H_NP]):
        k += s[P_ALIVE + t]
    return min(k, MOST)


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
def is_open(s, o, c):
    """Is card c (in Z_LOOK) still to be placed: not yet chosen for the top (those wait above the
    pile's count in ``D_ORDER``, ``F_SUB2`` of them; none while he chooses the bottom)?"""
    if s[C_LOC + c] != Z_LOOK:
        return False
    n = s[H_NDECK]
    for i in range(s[o + F_SUB2]):
        if s[D_ORDER + n + i] == c:
            return False
    return True


@njit(cache=True)
def left(s, o):
    n = 0
    for c in range(s[H_NCARDS]):
        if is_open(s, o, c):
            n += 1
    return n


@njit(cache=True, inline="always")
def mask(s, out, d, stage):
    """Either stage: each card still to be placed (stage 0 adds CONFIRM: the rest go on top)."""
    o = FRAME_BASE + (s[H_FP] - 1) * FRAME_SIZE
    n = 0
    for c in range(s[H_NCARDS]):
        if is_open(s, o, c):
            out[A_CARD + c] = 1
            n += 1
    return n


@njit(cache=True)
def look(s, o, u):
    """He uses it: the top cards go to Z_LOOK, which he alone sees; he starts with the bottom."""
    skill_log(s, u, SK_GUANXING, -1)
    s[H_LOOKER] = u
    for _ in range(cards_looked_at(s, u)):
        c = top_card(s)
        if c < 0:
            return
        move_card(s, c, Z_LOOK)
    s[o + F_SUB2] = 0
    ask(s, o, u, DK_SKILL_CARD, stage=0, flags=SKD_CONFIRM, extra=0, next_pc=GUANXING_BOTTOM)


@njit(cache=True)
def chosen_for_top(s, o, u, c):
    """Card c is the next for the top (under those chosen before); the last one puts them all on
    the pile, the first chosen on top."""
    k = s[o + F_SUB2]
    n = s[H_NDECK]
    s[D_ORDER + n + k] = c
    k += 1
    s[o + F_SUB2] = k
    if left(s, o) > 0:
        ask(s, o, u, DK_SKILL_CARD, stage=1, flags=0, extra=k, next_pc=GUANXING_TOP)
        return
    for i in range(k // 2):             # the last chosen goes on first, the first chosen last
        x = s[D_ORDER + n + i]
        s[D_ORDER + n + i] = s[D_ORDER + n + k - 1 - i]
        s[D_ORDER + n + k - 1 - i] = x
    for i in range(k):                  # each onto the pile: into the cell it waits in
        move_card(s, s[D_ORDER + n + i], Z_DECK)
    s[H_LOOKER] = -1
    pop_frame(s, 0)


@njit(cache=True, inline="always")
def run(s, o):
    u = s[o + F_USER]
    pc = s[o + F_PC]
    a = s[H_ANSWER]
    if pc == GUANXING_ASK:
        ask_if_alive(s, o, GUANXING_ANSWER)
    elif pc == GUANXING_ANSWER:
        if a == A_CONFIRM:
            look(s, o, u)
        else:
            pop_frame(s, 0)
    elif pc == GUANXING_BOTTOM:
        # stage 0: each chosen card goes to the bottom; CONFIRM: the rest go on top
        if a != A_CONFIRM:
            put_bottom(s, a - A_CARD)
            log_event(s, EV_SKILL, u, SK_GUANXING, -2)
        if left(s, o) == 0:
            s[H_LOOKER] = -1
            pop_frame(s, 0)
        elif a == A_CONFIRM:
            ask(s, o, u, DK_SKILL_CARD, stage=1, flags=0, extra=0, next_pc=GUANXING_TOP)
        else:
            ask(s, o, u, DK_SKILL_CARD, stage=0, flags=SKD_CONFIRM, extra=0,
                next_pc=GUANXING_BOTTOM)
    else:                               # GUANXING_TOP: stage 1, the next card for the top
        chosen_for_top(s, o, u, a - A_CARD)
