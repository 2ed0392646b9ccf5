"""Skills around damage: 奸雄, 反馈, 刚烈, 遗计 (after the owner took damage and survived) and 急救
(before damage is dealt to anyone).

TP_DAMAGED context: ``F_TGT`` = the damage source (-1 none), ``F_CARD``/``F_B`` = the card(s) that
dealt it, ``F_SUB2`` = the amount. TP_PREVENT: ``F_TGT`` = the damaged seat, the amount lives in
the firing FR_DAMAGE frame (``F_A``).
"""
from ..jit import njit

from ..constants import *  # noqa: F401,F403
from ..state import (card_color, discard_card, log_event, move_card, pop_frame,
                     push_frame, random_hand_card, seat_after, top_card)
from ..rules import alive
from .common import (JR_SKILL, ask, ask_confirm, gain, has_card_where, lose_hp, mark_cards,
                     origin, rel_target, skill_log)
from .ids import SK_JIANXIONG, SK_FANKUI, SK_GANGLIE, SK_YIJI, SK_JIJIU

SKILLS = (SK_JIANXIONG, SK_FANKUI, SK_GANGLIE, SK_YIJI, SK_JIJIU)
TIMINGS = ((SK_JIANXIONG, TP_DAMAGED), (SK_FANKUI, TP_DAMAGED), (SK_GANGLIE, TP_DAMAGED),
           (SK_YIJI, TP_DAMAGED), (SK_JIJIU, TP_PREVENT))
PUR_GANGLIE = PUR_SKILL     # FR_SELECT purpose: discard hand cards


@njit(cache=True)
def on_table(s, c):
    return c >= 0 and s[C_LOC + c] == Z_PROC


@njit(cache=True)
def mask(s, out, d, sk, stage):
    if sk == SK_JIJIU:
        return mark_cards(s, out, d, True, COLOR_RED)
    if sk == SK_GANGLIE:
        out[A_OPTION + OPT_LOSE_HP] = 1
        out[A_OPTION + OPT_DISCARD2] = 1
        return 2
    if sk == SK_YIJI:
        n = 0
        for r in range(s[H_NP]):
            if alive(s, seat_after(s, d, r)):
                out[A_TARGET + r] = 1
                n += 1
        return n
    return 0


@njit(cache=True)
def run(s, o, sk):
    u = s[o + F_USER]
    src = s[o + F_TGT]
    c = s[o + F_CARD]
    pc = s[o + F_PC]
    if sk == SK_JIANXIONG:
        # take the card(s) that dealt the damage, if still on the table
        if pc == 0:
            if not alive(s, u) or not (on_table(s, c) or on_table(s, s[o + F_B])):
                pop_frame(s, 0)
                return
            ask_confirm(s, o, 1)
        else:
            if s[H_ANSWER] == A_CONFIRM:
                skill_log(s, u, sk, -1)
                if on_table(s, c):
                    gain(s, u, c, -1)
                if on_table(s, s[o + F_B]):
                    gain(s, u, s[o + F_B], -1)
            pop_frame(s, 0)
    elif sk == SK_FANKUI:
        # a random hand card of the source
        if pc == 0:
            if not alive(s, u) or src < 0 or src == u or not alive(s, src) or s[P_HANDN + src] == 0:
                pop_frame(s, 0)
                return
            ask_confirm(s, o, 1)
        else:
            if s[H_ANSWER] == A_CONFIRM:
                skill_log(s, u, sk, src)
                gain(s, u, random_hand_card(s, src), src)
            pop_frame(s, 0)
    elif sk == SK_GANGLIE:
        # the source judges; black: it loses 1 HP or discards two hand cards (its choice)
        if pc == 0:
            if not alive(s, u) or src < 0 or src == u or not alive(s, src):
                pop_frame(s, 0)
                return
            ask_confirm(s, o, 1)
        elif pc == 1:
            if s[H_ANSWER] != A_CONFIRM:
                pop_frame(s, 0)
                return
            skill_log(s, u, sk, src)
            s[o + F_PC] = 2
            push_frame(s, FR_JUDGE, src, -1, -1, 0, -1, JR_SKILL + sk, 0)
        elif pc == 2:
            if card_color(s, s[H_RET]) != COLOR_BLACK or not alive(s, src):
                pop_frame(s, 0)
                return
            if s[P_HANDN + src] < 2:
                s[o + F_PC] = 9
                lose_hp(s, src, 1)
                return
            ask(s, o, src, DK_SKILL_OPTION, 0, 0, 0, 3)
        elif pc == 3:
            if s[H_ANSWER] == A_OPTION + OPT_LOSE_HP:
                s[o + F_PC] = 9
                lose_hp(s, src, 1)
                return
            s[o + F_PC] = 9
            push_frame(s, FR_SELECT, src, -1, -1, 0, -1, PUR_GANGLIE, 2)
        else:
            pop_frame(s, 0)
    elif sk == SK_YIJI:
        # per point of damage: look at the top two cards and give each to anyone (self included)
        if pc == 0:
            if s[o + F_C] >= s[o + F_SUB2] or not alive(s, u):
                pop_frame(s, 0)
                return
            s[o + F_C] += 1
            ask_confirm(s, o, 1)
        elif pc == 1:
            if s[H_ANSWER] != A_CONFIRM:
                pop_frame(s, 0)
                return
            skill_log(s, u, sk, -1)
            s[H_LOOKER] = u
            for _ in range(2):
                r = top_card(s)
                if r < 0:
                    return
                move_card(s, r, Z_LOOK)
            s[o + F_PC] = 2
        elif pc == 2:
            first = -1
            for r in range(s[H_NCARDS]):
                if s[C_LOC + r] == Z_LOOK:
                    first = r
                    break
            if first < 0:
                s[H_LOOKER] = -1
                s[o + F_PC] = 0
                return
            s[o + F_D] = first
            ask(s, o, u, DK_SKILL_TARGET, 0, 0, 0, 3)
            s[H_DCARD] = first       # the card being given
        else:
            t = rel_target(s, u, s[H_ANSWER])
            r = s[o + F_D]
            move_card(s, r, Z_HAND + t)
            log_event(s, EV_GIVE, u, r, t)
            s[o + F_PC] = 2
    elif sk == SK_JIJIU:
        # discard a red card to prevent one point of the damage about to be dealt
        org = origin(s, o)
        if pc == 0:
            if not alive(s, u) or s[org + F_A] <= 0 or not has_card_where(s, u, True, COLOR_RED):
                pop_frame(s, 0)
                return
            ask(s, o, u, DK_SKILL_CARD, 0, SKD_PASS, s[org + F_A], 1)
        else:
            a = s[H_ANSWER]
            if a == A_PASS:
                pop_frame(s, 0)
                return
            discard_card(s, a - A_CARD, u)
            skill_log(s, u, sk, s[o + F_TGT])
            s[org + F_A] -= 1
            s[o + F_PC] = 0
