"""What skills of every family share: asking the owner, healing, losing HP, taking cards.

FR_SKILL frame fields: ``F_USER`` owner, ``F_AS`` skill id, ``F_TGT``/``F_CARD``/``F_SUB2`` the
timing point's context (seat, card, amount), ``F_A`` the timing point (-1: used actively or in a
response), ``F_E`` the offset of the frame that fired the timing point, ``F_B``..``F_D`` scratch.
"""
from ..jit import njit

from ..constants import *  # noqa: F401,F403
from ..state import (card_color, log_event, move_card, post_decision, post_skill_decision,
                     push_frame, seat_after, skill_slot)

JR_SKILL = 1000       # FR_JUDGE reason for a skill's judgement: JR_SKILL + skill id


@njit(cache=True)
def origin(s, o):
    """Offset of the frame that fired the timing point this skill answers."""
    return s[o + F_E]


@njit(cache=True)
def ask_confirm(s, o, next_pc):
    """Optional skill: ask its owner yes (CONFIRM) / no (PASS); the answer comes at next_pc."""
    owner = s[o + F_USER]
    s[o + F_PC] = next_pc
    post_decision(s, owner, DK_CONFIRM, s[o + F_CARD], owner, s[o + F_TGT], 0, PUR_SKILL, 0)
    s[H_DSKILL] = s[o + F_AS]
    s[H_DSKOWNER] = owner


@njit(cache=True)
def ask(s, o, seat, kind, stage, flags, extra, next_pc):
    """Ask seat for a DK_SKILL_* choice on behalf of this skill (the mask: ``registry.skill_mask``)."""
    s[o + F_PC] = next_pc
    post_skill_decision(s, seat, kind, s[o + F_AS], s[o + F_USER], s[o + F_CARD], s[o + F_TGT],
                        stage, flags, extra)


@njit(cache=True)
def used(s, seat, sk):
    """Has seat used skill sk in this play phase (once-per-phase skills)?"""
    i = skill_slot(s, seat, sk)
    return i >= 0 and (s[P_USED + seat] >> i) & 1 == 1


@njit(cache=True)
def mark_used(s, seat, sk):
    i = skill_slot(s, seat, sk)
    if i >= 0:
        s[P_USED + seat] |= 1 << i


@njit(cache=True)
def skill_log(s, seat, sk, tgt):
    """Log seat's use of (its skill running) sk under the skill's own id (集权, not 奸雄)."""
    i = skill_slot(s, seat, sk)
    log_event(s, EV_SKILL, seat, s[P_SK0 + i * MAX_SEATS + seat] if i >= 0 else sk, tgt)


@njit(cache=True)
def heal(s, seat, n, by):
    """Recover up to n HP (not above the maximum). Returns the HP recovered."""
    k = s[P_MAXHP + seat] - s[P_HP + seat]
    if k > n:
        k = n
    if k > 0:
        s[P_HP + seat] += k
        log_event(s, EV_HEAL, seat, k, by)
    return k if k > 0 else 0


@njit(cache=True)
def lose_hp(s, seat, n):
    """Lose n HP (no source, not damage). Pushes the dying procedure if HP drops to 0: call it last
    in a handler step."""
    s[P_HP + seat] -= n
    log_event(s, EV_LOSE_HP, seat, n, 0)
    if s[P_HP + seat] <= 0:
        push_frame(s, FR_DYING, -1, seat, -1, 0, -1, 0, 0)


@njit(cache=True)
def gain(s, seat, c, frm):
    """seat takes card c into its hand (from seat frm, or -1 from the table)."""
    move_card(s, c, Z_HAND + seat)
    log_event(s, EV_GAIN, seat, c, frm)


@njit(cache=True)
def own_card(s, seat, c, with_equip):
    """Is card c in seat's hand (or equipment area)?"""
    z = s[C_LOC + c]
    return z == Z_HAND + seat or (with_equip and z == Z_EQUIP + seat)


@njit(cache=True)
def has_card_where(s, seat, with_equip, color):
    """Does seat hold a card (hand, or hand+equipment) of that colour (COLOR_NONE: any)?"""
    for c in range(s[H_NCARDS]):
        if own_card(s, seat, c, with_equip) and (color == COLOR_NONE or card_color(s, c) == color):
            return True
    return False


@njit(cache=True)
def mark_cards(s, out, seat, with_equip, color):
    """Mark seat's cards (hand, or hand+equipment) of a colour (COLOR_NONE: any). Returns count."""
    n = 0
    for c in range(s[H_NCARDS]):
        if own_card(s, seat, c, with_equip) and (color == COLOR_NONE or card_color(s, c) == color):
            out[A_CARD + c] = 1
            n += 1
    return n


@njit(cache=True)
def rel_target(s, seat, a):
    """The absolute seat an A_TARGET action of seat names."""
    return seat_after(s, seat, a - A_TARGET)
