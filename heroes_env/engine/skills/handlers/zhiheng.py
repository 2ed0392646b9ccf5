"""制衡 (孙权): once per play phase, he discards any number (at least one) of his hand and
equipped cards, then draws as many.

驭人 (刘邦, 英雄杀) runs this code: its "once per turn" is 制衡's once per play phase, a turn having
one play phase.
"""
from ....fast.jit import njit
from ...constants import (
    A_CARD,
    A_CONFIRM,
    COLOR_NONE,
    DK_SKILL_CARD,
    F_PC,
    F_USER,
    H_ANSWER,
    PC_START,
    SKD_CONFIRM,
)
from ...frames import F_SKILL_OWN1
from ...state import discard_card, draw_cards, pop_frame
from ..common import ask, has_card_where, mark_cards, mark_used, skill_log, used
from ..ids import SK_ZHIHENG

# the steps of its FR_SKILL frame (F_PC): a card asked; one chosen (or done)
ZHIHENG_ASK, ZHIHENG_CARD = PC_START, 1
F_ZHIHENG_COUNT = F_SKILL_OWN1      # the cards discarded so far (as many are drawn)


@njit(cache=True, inline="always")
def active_ok(s, d):
    """Not yet in this play phase, and a hand or equipped card."""
    return not used(s, d, SK_ZHIHENG) and has_card_where(s, d, True, COLOR_NONE)


@njit(cache=True, inline="always")
def mask(s, out, d, stage):
    """A hand or equipped card."""
    return mark_cards(s, out, d, True, COLOR_NONE)


@njit(cache=True, inline="always")
def run(s, o):
    # discard any number of own cards (CONFIRM: done), then draw as many
    u = s[o + F_USER]
    a = s[H_ANSWER]
    if s[o + F_PC] == ZHIHENG_ASK:
        mark_used(s, u, SK_ZHIHENG)
        skill_log(s, u, SK_ZHIHENG, -1)
        ask(s, o, u, DK_SKILL_CARD, stage=0, flags=0, extra=0, next_pc=ZHIHENG_CARD)
        return
    if a != A_CONFIRM:          # ZHIHENG_CARD
        discard_card(s, a - A_CARD, u)
        s[o + F_ZHIHENG_COUNT] += 1
        if has_card_where(s, u, True, COLOR_NONE):
            ask(s, o, u, DK_SKILL_CARD, stage=0, flags=SKD_CONFIRM, extra=s[o + F_ZHIHENG_COUNT],
                next_pc=ZHIHENG_CARD)
            return
    draw_cards(s, u, s[o + F_ZHIHENG_COUNT])
    pop_frame(s, 0)
