"""Active skills, used from the play phase (``A_SKILL`` + slot): 仁德, 制衡, 反间, 结姻, 青囊, 离间, 苦肉,
迁都 (swap places at the table: ``state.swap_positions``)."""
from ..jit import njit

from ..constants import *  # noqa: F401,F403
from ..state import (card_color, discard_card, draw_cards, log_event, move_card, pop_frame,
                     push_frame, random_hand_card, seat_after, swap_positions)
from ..rules import alive
from .modifiers import untargetable
from .common import (ask, gain, has_card_where, heal, lose_hp, mark_cards, mark_used,
                     rel_target, skill_log, used)
from .ids import (SK_RENDE, SK_ZHIHENG, SK_FANJIAN, SK_JIEYIN, SK_QINGNANG, SK_LIJIAN, SK_KUROU,
                  SK_QIANDU)

SKILLS = (SK_RENDE, SK_ZHIHENG, SK_FANJIAN, SK_JIEYIN, SK_QINGNANG, SK_LIJIAN, SK_KUROU, SK_QIANDU)
TIMINGS = ()


@njit(cache=True)
def wounded(s, t):
    return s[P_HP + t] < s[P_MAXHP + t]


@njit(cache=True)
def male(s, t):
    return s[P_GENDER + t] == GENDER_MALE


@njit(cache=True)
def jieyin_target(s, d, t):
    return t != d and alive(s, t) and male(s, t) and wounded(s, t)


@njit(cache=True)
def lijian_user(s, d, a):
    """Can male a use 离间's 决斗 on some other male (not d)?"""
    if a == d or not alive(s, a) or not male(s, a):
        return False
    for b in range(s[H_NP]):
        if lijian_victim(s, d, a, b):
            return True
    return False


@njit(cache=True)
def lijian_victim(s, d, a, b):
    return b != d and b != a and alive(s, b) and male(s, b) and not untargetable(s, b, K_DUEL)


@njit(cache=True)
def other_alive(s, d):
    for r in range(1, s[H_NP]):
        if alive(s, seat_after(s, d, r)):
            return True
    return False


@njit(cache=True)
def black_hand_count(s, d):
    n = 0
    for c in range(s[H_NCARDS]):
        if s[C_LOC + c] == Z_HAND + d and card_color(s, c) == COLOR_BLACK:
            n += 1
    return n


@njit(cache=True)
def active_ok(s, d, sk):
    if sk == SK_RENDE:
        return s[P_HANDN + d] > 0 and other_alive(s, d)
    if sk == SK_ZHIHENG:
        return not used(s, d, sk) and has_card_where(s, d, True, COLOR_NONE)
    if sk == SK_FANJIAN:
        return not used(s, d, sk) and s[P_HANDN + d] > 0 and other_alive(s, d)
    if sk == SK_JIEYIN:
        if used(s, d, sk) or s[P_HANDN + d] < 2:
            return False
        for t in range(s[H_NP]):
            if jieyin_target(s, d, t):
                return True
        return False
    if sk == SK_QINGNANG:
        return wounded(s, d) and has_card_where(s, d, True, COLOR_NONE)
    if sk == SK_LIJIAN:
        if used(s, d, sk) or not has_card_where(s, d, True, COLOR_NONE):
            return False
        for a in range(s[H_NP]):
            if lijian_user(s, d, a):
                return True
        return False
    if sk == SK_KUROU:
        return True
    if sk == SK_QIANDU:     # no use limit: two black hand cards and someone to swap with
        return black_hand_count(s, d) >= 2 and other_alive(s, d)
    return False


@njit(cache=True)
def mask(s, out, d, sk, stage):
    n = 0
    npl = s[H_NP]
    if sk == SK_RENDE:
        if stage == 0:
            for r in range(1, npl):
                if alive(s, seat_after(s, d, r)):
                    out[A_TARGET + r] = 1
                    n += 1
        else:
            n += mark_cards(s, out, d, False, COLOR_NONE)
    elif sk == SK_ZHIHENG or sk == SK_QINGNANG or (sk == SK_LIJIAN and stage == 0):
        n += mark_cards(s, out, d, True, COLOR_NONE)
    elif sk == SK_JIEYIN:
        if stage == 0:
            for r in range(1, npl):
                if jieyin_target(s, d, seat_after(s, d, r)):
                    out[A_TARGET + r] = 1
                    n += 1
        else:
            n += mark_cards(s, out, d, False, COLOR_NONE)
    elif sk == SK_FANJIAN:
        if stage == 0:
            for r in range(1, npl):
                if alive(s, seat_after(s, d, r)):
                    out[A_TARGET + r] = 1
                    n += 1
        else:           # the target names a colour
            out[A_OPTION + OPT_RED] = 1
            out[A_OPTION + OPT_BLACK] = 1
            n = 2
    elif sk == SK_LIJIAN:
        first = s[H_DC]
        for r in range(1, npl):
            t = seat_after(s, d, r)
            if (stage == 1 and lijian_user(s, d, t)) or (stage == 2 and lijian_victim(s, d, first, t)):
                out[A_TARGET + r] = 1
                n += 1
    elif sk == SK_QIANDU:
        if stage < 2:       # the two black hand cards, one by one
            n += mark_cards(s, out, d, False, COLOR_BLACK)
        else:               # any other living character
            for r in range(1, npl):
                if alive(s, seat_after(s, d, r)):
                    out[A_TARGET + r] = 1
                    n += 1
    return n


@njit(cache=True)
def run(s, o, sk):
    u = s[o + F_USER]
    pc = s[o + F_PC]
    a = s[H_ANSWER]
    if sk == SK_KUROU:
        # lose 1 HP (dying may happen in between), then draw 2 if still alive
        if pc == 0:
            skill_log(s, u, sk, -1)
            s[o + F_PC] = 1
            lose_hp(s, u, 1)
        else:
            if alive(s, u):
                draw_cards(s, u, 2)
            pop_frame(s, 0)
    elif sk == SK_RENDE:
        # choose the receiver, then give hand cards one by one (CONFIRM: done); every second
        # card given in this play phase heals 1
        if pc == 0:
            ask(s, o, u, DK_SKILL_TARGET, 0, 0, 0, 1)
        elif pc == 1:
            s[o + F_TGT] = rel_target(s, u, a)
            skill_log(s, u, sk, s[o + F_TGT])
            ask(s, o, u, DK_SKILL_CARD, 1, 0, 0, 2)
        else:
            if a == A_CONFIRM:
                pop_frame(s, 0)
                return
            t = s[o + F_TGT]
            c = a - A_CARD
            move_card(s, c, Z_HAND + t)
            log_event(s, EV_GIVE, u, c, t)
            s[P_GIVEN + u] += 1
            if s[P_GIVEN + u] % 2 == 0:
                heal(s, u, 1, u)
            if s[P_HANDN + u] == 0:
                pop_frame(s, 0)
                return
            ask(s, o, u, DK_SKILL_CARD, 1, SKD_CONFIRM, 0, 2)
    elif sk == SK_ZHIHENG:
        # discard any number of own cards (CONFIRM: done), then draw as many
        if pc == 0:
            mark_used(s, u, sk)
            skill_log(s, u, sk, -1)
            ask(s, o, u, DK_SKILL_CARD, 0, 0, 0, 1)
            return
        if a != A_CONFIRM:
            discard_card(s, a - A_CARD, u)
            s[o + F_B] += 1
            if has_card_where(s, u, True, COLOR_NONE):
                ask(s, o, u, DK_SKILL_CARD, 0, SKD_CONFIRM, s[o + F_B], 1)
                return
        draw_cards(s, u, s[o + F_B])
        pop_frame(s, 0)
    elif sk == SK_FANJIAN:
        # the target names a colour and takes a random hand card of the owner; wrong colour: 1 damage
        if pc == 0:
            mark_used(s, u, sk)
            ask(s, o, u, DK_SKILL_TARGET, 0, 0, 0, 1)
        elif pc == 1:
            t = rel_target(s, u, a)
            s[o + F_TGT] = t
            skill_log(s, u, sk, t)
            ask(s, o, t, DK_SKILL_OPTION, 1, 0, 0, 2)
        elif pc == 2:
            t = s[o + F_TGT]
            named = COLOR_RED if a == A_OPTION + OPT_RED else COLOR_BLACK
            c = random_hand_card(s, u)
            if c < 0:
                pop_frame(s, 0)
                return
            log_event(s, EV_REVEAL, u, c, 0)
            gain(s, t, c, u)
            if card_color(s, c) != named and alive(s, t):
                s[o + F_PC] = 3
                push_frame(s, FR_DAMAGE, u, t, -1, 0, -1, 1, 0)
                return
            pop_frame(s, 0)
        else:
            pop_frame(s, 0)
    elif sk == SK_JIEYIN:
        # choose a wounded male, discard two hand cards: both recover 1
        if pc == 0:
            mark_used(s, u, sk)
            ask(s, o, u, DK_SKILL_TARGET, 0, 0, 0, 1)
        elif pc == 1:
            s[o + F_TGT] = rel_target(s, u, a)
            skill_log(s, u, sk, s[o + F_TGT])
            ask(s, o, u, DK_SKILL_CARD, 1, 0, 2, 2)
        elif pc == 2:
            discard_card(s, a - A_CARD, u)
            ask(s, o, u, DK_SKILL_CARD, 1, 0, 1, 3)
        else:
            discard_card(s, a - A_CARD, u)
            heal(s, u, 1, u)
            heal(s, s[o + F_TGT], 1, u)
            pop_frame(s, 0)
    elif sk == SK_QINGNANG:
        # discard a card (hand or equipment): recover 1
        if pc == 0:
            ask(s, o, u, DK_SKILL_CARD, 0, 0, 0, 1)
        else:
            discard_card(s, a - A_CARD, u)
            skill_log(s, u, sk, -1)
            heal(s, u, 1, u)
            pop_frame(s, 0)
    elif sk == SK_QIANDU:
        # discard two black hand cards, then choose another living character: swap places
        if pc == 0:
            ask(s, o, u, DK_SKILL_CARD, 0, 0, 2, 1)
        elif pc == 1:
            discard_card(s, a - A_CARD, u)
            ask(s, o, u, DK_SKILL_CARD, 1, 0, 1, 2)
        elif pc == 2:
            discard_card(s, a - A_CARD, u)
            ask(s, o, u, DK_SKILL_TARGET, 2, 0, 0, 3)
        else:
            t = rel_target(s, u, a)
            skill_log(s, u, sk, t)
            swap_positions(s, u, t)
            pop_frame(s, 0)
    elif sk == SK_LIJIAN:
        # discard a card; choose the male who uses the 决斗, then the male it is used on
        if pc == 0:
            mark_used(s, u, sk)
            ask(s, o, u, DK_SKILL_CARD, 0, 0, 0, 1)
        elif pc == 1:
            discard_card(s, a - A_CARD, u)
            skill_log(s, u, sk, -1)
            ask(s, o, u, DK_SKILL_TARGET, 1, 0, -1, 2)
        elif pc == 2:
            s[o + F_B] = rel_target(s, u, a)
            ask(s, o, u, DK_SKILL_TARGET, 2, 0, s[o + F_B], 3)
        elif pc == 3:
            duelist = s[o + F_B]
            victim = rel_target(s, u, a)
            log_event(s, EV_USE, duelist, -1, victim)
            s[o + F_PC] = 4
            push_frame(s, FR_EFFECT, duelist, victim, -1, K_DUEL, -1, UF_NO_NULLIFY, -1)
        else:
            pop_frame(s, 0)
