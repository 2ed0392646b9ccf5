"""曼舞 (李师师, 英雄杀): before damage is dealt to her, she may discard a ♥ hand card to pass the
damage on to another character, who then draws as many cards as the HP it lacks, if alive. 绝版
(贺怡菲, classmates) runs this code.

A ♠ counts as ♥ for 红妆 (``rules.own_suit``). The damage passed on keeps its source, card, kind
and amount; the effects of the source's weapon are not redone.

TP_PREVENT context: ``F_TGT`` = the seat about to be damaged; the damage (source, card, kind,
amount) lives in the firing FR_DAMAGE frame, whose amount this skill sets to 0.
"""
from ....fast.jit import njit
from ...constants import (
    A_CARD,
    A_PASS,
    A_TARGET,
    DK_SKILL_CARD,
    DK_SKILL_TARGET,
    F_AS,
    F_CARD,
    F_PC,
    F_SUB2,
    F_TGT,
    F_USER,
    H_ANSWER,
    H_NCARDS,
    H_NP,
    P_HP,
    P_MAXHP,
    PC_START,
    SKD_PASS,
    SUIT_HEART,
    TP_PREVENT,
)
from ...frames import F_DMG_AMOUNT, F_SKILL_OWN3, push_damage
from ...rules import own_suit
from ...state import alive, discard_card, draw_cards, pop_frame, seat_after
from ..common import ask, origin, own_card, rel_target, skill_log
from ..ids import SK_MANWU

TIMINGS = (TP_PREVENT,)
F_MANWU_TARGET = F_SKILL_OWN3   # the one the damage went to
# the steps of its FR_SKILL frame (F_PC): asked for a ♥ card; discarded (the target asked);
# the target chosen (the damage passed on); it was dealt
MANWU_ASK, MANWU_CARD, MANWU_TARGET, MANWU_MOVED = PC_START, 1, 2, 3


@njit(cache=True)
def cost_card(s, seat, c):
    """Its cost: a ♥ hand card (红妆: ♠ counts as ♥)."""
    return own_card(s, seat, c, False) and own_suit(s, seat, c) == SUIT_HEART


@njit(cache=True)
def has_cost_card(s, seat):
    for c in range(s[H_NCARDS]):
        if cost_card(s, seat, c):
            return True
    return False


@njit(cache=True, inline="always")
def mask(s, out, d, stage):
    """Stage 0: her ♥ hand cards; stage 1: any other living character."""
    n = 0
    if stage == 0:
        for c in range(s[H_NCARDS]):
            if cost_card(s, d, c):
                out[A_CARD + c] = 1
                n += 1
    else:
        for r in range(1, s[H_NP]):
            if alive(s, seat_after(s, d, r)):
                out[A_TARGET + r] = 1
                n += 1
    return n


@njit(cache=True)
def pass_on(s, o, u, org):
    """The target chosen: the damage about to be dealt to her goes to it instead."""
    t = rel_target(s, u, s[H_ANSWER])
    skill_log(s, u, SK_MANWU, t)
    n = s[org + F_DMG_AMOUNT]
    s[org + F_DMG_AMOUNT] = 0          # nothing left for her
    s[o + F_MANWU_TARGET] = t
    s[o + F_PC] = MANWU_MOVED
    # the same damage (source, card, kind, amount) to t; the weapon effects are not redone
    push_damage(s, s[org + F_USER], t, s[org + F_CARD], s[org + F_AS], s[org + F_SUB2], n, flags=0)


@njit(cache=True, inline="always")
def run(s, o):
    u = s[o + F_USER]
    org = origin(s, o)
    pc = s[o + F_PC]
    if pc == MANWU_ASK:
        if s[o + F_TGT] != u or not alive(s, u) or s[org + F_DMG_AMOUNT] <= 0 or \
                not has_cost_card(s, u):
            pop_frame(s, 0)
            return
        ask(s, o, u, DK_SKILL_CARD, stage=0, flags=SKD_PASS, extra=s[org + F_DMG_AMOUNT],
            next_pc=MANWU_CARD)
    elif pc == MANWU_CARD:
        a = s[H_ANSWER]
        if a == A_PASS:
            pop_frame(s, 0)
            return
        discard_card(s, a - A_CARD, u)
        ask(s, o, u, DK_SKILL_TARGET, stage=1, flags=0, extra=s[org + F_DMG_AMOUNT],
            next_pc=MANWU_TARGET)
    elif pc == MANWU_TARGET:
        pass_on(s, o, u, org)
    else:                           # MANWU_MOVED
        t = s[o + F_MANWU_TARGET]
        if alive(s, t) and s[P_MAXHP + t] > s[P_HP + t]:
            draw_cards(s, t, s[P_MAXHP + t] - s[P_HP + t])
        pop_frame(s, 0)
