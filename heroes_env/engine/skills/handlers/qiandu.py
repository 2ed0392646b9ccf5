"""迁都 (武则天, 英雄杀): any number of times in her play phase, she discards two black hand cards
and chooses another living character at any distance: the two swap places at the table.

烂漫 (classmates pack) runs this code as it is. Players keep their identity (agent, role, hand,
hero, equipment); only the seating changes (``state.swap_positions``).
"""
from ....fast.jit import njit
from ...constants import (
    C_LOC,
    COLOR_BLACK,
    F_PC,
    F_USER,
    H_ANSWER,
    H_NCARDS,
    Z_HAND,
)
from ...state import (
    card_color,
    other_alive,
    pop_frame,
    swap_positions,
)
from ..common import mark_cards, mark_others_alive, skill_log
from ..ids import SK_QIANDU
from ..two_cards import two_cards_then_target


@njit(cache=True)
def black_hand_count(s, d):
    n = 0
    for c in range(s[H_NCARDS]):
        if s[C_LOC + c] == Z_HAND + d and card_color(s, c) == COLOR_BLACK:
            n += 1
    return n


@njit(cache=True, inline="always")
def active_ok(s, d):
    """No use limit: two black hand cards and someone to swap with."""
    return black_hand_count(s, d) >= 2 and other_alive(s, d)


@njit(cache=True, inline="always")
def mask(s, out, d, stage):
    """Stages 0 and 1: a black hand card; stage 2: any other living character."""
    if stage < 2:
        return mark_cards(s, out, d, False, COLOR_BLACK)
    return mark_others_alive(s, out, d)


@njit(cache=True, inline="always")
def run(s, o):
    u = s[o + F_USER]
    t = two_cards_then_target(s, o, u, s[o + F_PC], s[H_ANSWER])
    if t >= 0:
        skill_log(s, u, SK_QIANDU, t)
        swap_positions(s, u, t)
        pop_frame(s, 0)
