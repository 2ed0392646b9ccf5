"""遗计 (郭嘉): for each point of damage he takes, he may look at the top two cards of the draw
pile and give each to anyone, himself included. 舍身 (虞姬, 英雄杀) and Plume (王玉洁,
classmates) run this code.

TP_DAMAGED context: ``F_SUB2`` = the amount of damage.
"""
from ....fast.jit import njit
from ...constants import (
    A_CONFIRM,
    A_TARGET,
    C_LOC,
    DK_SKILL_TARGET,
    EV_GIVE,
    F_PC,
    F_SUB2,
    F_USER,
    H_ANSWER,
    H_DCARD,
    H_LOOKER,
    H_NCARDS,
    H_NP,
    HK_GIVE,
    K_NONE,
    PC_START,
    TP_DAMAGED,
    Z_HAND,
    Z_LOOK,
)
from ...frames import F_SKILL_OWN2, F_SKILL_OWN3
from ...history import hist_add
from ...state import alive, log_event, move_card, pop_frame, seat_after, top_card
from ..common import ask, ask_confirm, rel_target, skill_log
from ..ids import SK_YIJI

TIMINGS = (TP_DAMAGED,)
F_YIJI_POINTS = F_SKILL_OWN2    # points of damage answered so far (F_SUB2: the damage)
F_YIJI_CARD = F_SKILL_OWN3      # the card being given
# the steps of its FR_SKILL frame (F_PC): the next point asked; answered (two cards looked at);
# the next card to give; given
YIJI_NEXT_POINT, YIJI_ANSWER, YIJI_GIVE_NEXT, YIJI_GIVEN = PC_START, 1, 2, 3


@njit(cache=True, inline="always")
def mask(s, out, d, stage):
    """Who gets the card: any living character, himself included."""
    n = 0
    for r in range(s[H_NP]):
        if alive(s, seat_after(s, d, r)):
            out[A_TARGET + r] = 1
            n += 1
    return n


@njit(cache=True)
def look(s, o, u):
    """The answer to a point's question: yes → u looks at the top two cards (zone Z_LOOK)."""
    if s[H_ANSWER] != A_CONFIRM:
        pop_frame(s, 0)
        return
    skill_log(s, u, SK_YIJI, -1)
    s[H_LOOKER] = u
    for _ in range(2):
        r = top_card(s)
        if r < 0:
            return
        move_card(s, r, Z_LOOK)
    s[o + F_PC] = YIJI_GIVE_NEXT


@njit(cache=True)
def give_next(s, o, u):
    """Ask u who gets the next card looked at; none left: the next point of damage."""
    first = -1
    for r in range(s[H_NCARDS]):
        if s[C_LOC + r] == Z_LOOK:
            first = r
            break
    if first < 0:
        s[H_LOOKER] = -1
        s[o + F_PC] = YIJI_NEXT_POINT
        return
    s[o + F_YIJI_CARD] = first
    ask(s, o, u, DK_SKILL_TARGET, stage=0, flags=0, extra=0, next_pc=YIJI_GIVEN)
    s[H_DCARD] = first       # the card being given


@njit(cache=True, inline="always")
def run(s, o):
    u = s[o + F_USER]
    pc = s[o + F_PC]
    if pc == YIJI_NEXT_POINT:
        if s[o + F_YIJI_POINTS] >= s[o + F_SUB2] or not alive(s, u):
            pop_frame(s, 0)
            return
        s[o + F_YIJI_POINTS] += 1
        ask_confirm(s, o, YIJI_ANSWER)
    elif pc == YIJI_ANSWER:
        look(s, o, u)
    elif pc == YIJI_GIVE_NEXT:
        give_next(s, o, u)
    else:                           # YIJI_GIVEN
        t = rel_target(s, u, s[H_ANSWER])
        r = s[o + F_YIJI_CARD]
        move_card(s, r, Z_HAND + t)
        log_event(s, EV_GIVE, u, r, t)
        if t != u:
            hist_add(s, HK_GIVE, u, t, K_NONE, 1)
        s[o + F_PC] = YIJI_GIVE_NEXT
