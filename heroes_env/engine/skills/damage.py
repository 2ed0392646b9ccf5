"""Skills around damage: 奸雄, 反馈, 刚烈, 遗计 (after the owner took damage and survived) and 急救
(before damage is dealt to anyone). 英雄杀: 反击 (after a 杀/决斗 hurt him: a 杀 back at the source,
red ones undodgeable), 朴刀 (outside his turn, after anyone's 杀 hurt someone: 杀s at that one while
they hurt), 曼舞 (before damage to her: discard a ♥ hand card to pass it on); 复仇 = 刚烈 with
param 1 (the judgement hurts unless ♥), 法家 = 反馈 with param 1 (an equipment card may be taken
instead, the owner chooses). 红颜劫 (不屈, pack
classmates, locked) is a rule of the dying procedure (``dying_starts``, asked by
``registry.dying_held_off``; its pile: ``common.pile_*``).

TP_DAMAGED context: ``F_TGT`` = the damage source (-1 none), ``F_CARD``/``F_SKILL_EXTRA`` = the
card(s) that dealt it, ``F_SUB2`` = the amount. TP_PREVENT / TP_DAMAGE_DONE: ``F_TGT`` = the damaged
seat; the source, amount and card kind live in the firing FR_DAMAGE frame (``F_USER``,
``F_DMG_AMOUNT``, ``F_AS``).
"""
from ...fast.jit import njit
from ..constants import (
    A_CARD,
    A_CONFIRM,
    A_OPTION,
    A_PASS,
    A_TARGET,
    C_LOC,
    COLOR_BLACK,
    COLOR_RED,
    DK_SKILL_CARD,
    DK_SKILL_OPTION,
    DK_SKILL_TARGET,
    DK_SLASH,
    EV_BASE,
    EV_DAMAGE,
    EV_GIVE,
    EV_REVEAL,
    EV_RING,
    EV_SIZE,
    F_AS,
    F_CARD,
    F_PC,
    F_SUB2,
    F_TGT,
    F_USER,
    H_ANSWER,
    H_CUR,
    H_DCARD,
    H_DTGT,
    H_LOOKER,
    H_NCARDS,
    H_NEV,
    H_NP,
    H_RET,
    HK_GIVE,
    K_DUEL,
    K_NONE,
    K_SLASH,
    OPT_DISCARD2,
    OPT_LOSE_HP,
    P_ARMOR,
    P_HANDN,
    P_HP,
    P_MAXHP,
    P_MINUS,
    P_PLUS,
    P_WEAPON,
    PUR_SKILL,
    PUR_SKILL_SLASH,
    SKD_PASS,
    SUIT_HEART,
    TP_DAMAGE_DONE,
    TP_DAMAGED,
    TP_PREVENT,
    UF_RED_SURE,
    Z_HAND,
    Z_LOOK,
    Z_PILE,
    Z_PROC,
)
from ..frames import (
    F_DMG_AMOUNT,
    F_MANWU_TARGET,
    F_PAODAO_EVENTS,
    F_SKILL_EXTRA,
    F_YIJI_CARD,
    F_YIJI_POINTS,
    PC_START,
    push_ask,
    push_damage,
    push_select,
)
from ..history import hist_add
from ..rules import alive, judge_color, judge_suit, own_suit
from ..state import (
    discard_card,
    draw_cards,
    has_skill,
    log_event,
    move_card,
    pop_frame,
    random_hand_card,
    seat_after,
    skill_param,
    top_card,
)
from .common import (
    ask,
    ask_confirm,
    gain,
    has_card_where,
    judge_if_confirmed,
    lose_hp,
    mark_cards,
    mark_hand_or_equip,
    origin,
    own_card,
    pile_count,
    pile_holds,
    rel_target,
    skill_log,
    take_hand_or_equip,
)
from .ids import (
    SK_FANJI,
    SK_FANKUI,
    SK_GANGLIE,
    SK_HONGYANJIE,
    SK_JIANXIONG,
    SK_JIJIU,
    SK_MANWU,
    SK_PAODAO,
    SK_YIJI,
)

SKILLS = (SK_JIANXIONG, SK_FANKUI, SK_GANGLIE, SK_YIJI, SK_JIJIU, SK_FANJI, SK_PAODAO, SK_MANWU,
          SK_HONGYANJIE)
TIMINGS = ((SK_JIANXIONG, TP_DAMAGED), (SK_FANKUI, TP_DAMAGED), (SK_GANGLIE, TP_DAMAGED),
           (SK_YIJI, TP_DAMAGED), (SK_JIJIU, TP_PREVENT), (SK_FANJI, TP_DAMAGED),
           (SK_PAODAO, TP_DAMAGE_DONE), (SK_MANWU, TP_PREVENT))
PUR_GANGLIE = PUR_SKILL     # FR_SELECT purpose: discard hand cards


@njit(cache=True)
def on_table(s, c):
    return c >= 0 and s[C_LOC + c] == Z_PROC


@njit(cache=True)
def manwu_card(s, seat, c):
    """曼舞's cost: a ♥ hand card (红妆: ♠ counts as ♥)."""
    return own_card(s, seat, c, False) and own_suit(s, seat, c) == SUIT_HEART


@njit(cache=True)
def has_manwu_card(s, seat):
    for c in range(s[H_NCARDS]):
        if manwu_card(s, seat, c):
            return True
    return False


@njit(cache=True)
def damaged_since(s, start, src, t):
    """Did src deal damage to t since event number start (the events still in the ring)?"""
    end = s[H_NEV]
    i = start
    if end - i > EV_RING:
        i = end - EV_RING
    while i < end:
        e = EV_BASE + (i % EV_RING) * EV_SIZE
        if s[e] == EV_DAMAGE and s[e + 1] == src and s[e + 2] == t:
            return True
        i += 1
    return False


@njit(cache=True)
def fajia_may(s, u, src):
    """反馈 (法家 with param 1: or an equipment card) has something to take from src?"""
    if s[P_HANDN + src] > 0:
        return True
    if skill_param(s, u, SK_FANKUI) == 0:
        return False
    for f in (P_WEAPON, P_ARMOR, P_PLUS, P_MINUS):
        if s[f + src] >= 0:
            return True
    return False


@njit(cache=True)
def dying_starts(s, v, sk):
    """v's skill sk as his dying procedure starts: True if he does not die (红颜劫)."""
    return sk == SK_HONGYANJIE and hongyanjie_fill(s, v)


@njit(cache=True)
def hongyanjie_fill(s, v):
    """红颜劫 (不屈), as v's dying procedure starts: for every point of HP below 1 not yet matched,
    the top card of the draw pile is turned face up onto his hero (not a judgement: no retrial).
    Returns True if he does not die (every rank differs); else he is dying as usual, and each HP
    recovered takes a card off again (``common.pile_trim``)."""
    if s[P_HP + v] >= 1 or not has_skill(s, v, SK_HONGYANJIE):
        return False
    need = 1 - s[P_HP + v] - pile_count(s, v)
    if need > 0:
        skill_log(s, v, SK_HONGYANJIE, -1)
    for _ in range(need):
        c = top_card(s)
        if c < 0:
            return False
        move_card(s, c, Z_PILE + v)
        log_event(s, EV_REVEAL, v, c, 0)
    return pile_holds(s, v)


@njit(cache=True)
def mask(s, out, d, sk, stage):
    if sk == SK_MANWU:
        n = 0
        if stage == 0:
            for c in range(s[H_NCARDS]):
                if manwu_card(s, d, c):
                    out[A_CARD + c] = 1
                    n += 1
        else:
            for r in range(1, s[H_NP]):
                if alive(s, seat_after(s, d, r)):
                    out[A_TARGET + r] = 1
                    n += 1
        return n
    if sk == SK_FANKUI:       # 法家: a random hand card or one of the source's equipment
        return mark_hand_or_equip(s, out, s[H_DTGT])
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


# the steps of each skill's FR_SKILL frame (its F_PC)
JIANXIONG_ASK, JIANXIONG_ANSWER = PC_START, 1                  # 奸雄: asked; answered
FANKUI_ASK, FANKUI_ANSWER = PC_START, 1                        # 反馈 / 法家
GANGLIE_ASK, GANGLIE_ANSWER, GANGLIE_JUDGED, GANGLIE_CHOSEN, GANGLIE_DONE = \
    PC_START, 1, 2, 3, 9                                       # 刚烈 / 复仇
YIJI_NEXT_POINT, YIJI_ANSWER, YIJI_GIVE_NEXT, YIJI_GIVEN = PC_START, 1, 2, 3      # 遗计
JIJIU_ASK, JIJIU_ANSWER = PC_START, 1                          # 急救 (prevention)
FANJI_START, FANJI_ASKED = PC_START, 1                         # 反击
PAODAO_START, PAODAO_ASK, PAODAO_ASKED = PC_START, 1, 2        # 炮刀: 杀 after 杀
MANWU_ASK, MANWU_CARD, MANWU_TARGET, MANWU_MOVED = PC_START, 1, 2, 3               # 曼舞


@njit(cache=True)
def run(s, o, sk):
    u = s[o + F_USER]
    src = s[o + F_TGT]
    c = s[o + F_CARD]
    pc = s[o + F_PC]
    if sk == SK_JIANXIONG:
        # take the card(s) that dealt the damage, if still on the table
        if pc == JIANXIONG_ASK:
            if not alive(s, u) or not (on_table(s, c) or on_table(s, s[o + F_SKILL_EXTRA])):
                pop_frame(s, 0)
                return
            ask_confirm(s, o, JIANXIONG_ANSWER)
        else:                       # JIANXIONG_ANSWER
            if s[H_ANSWER] == A_CONFIRM:
                skill_log(s, u, sk, -1)
                if on_table(s, c):
                    gain(s, u, c, -1)
                if on_table(s, s[o + F_SKILL_EXTRA]):
                    gain(s, u, s[o + F_SKILL_EXTRA], -1)
            pop_frame(s, 0)
    elif sk == SK_FANKUI:
        # a random hand card of the source (法家: or one of its equipment, his choice)
        if pc == FANKUI_ASK:
            if (not alive(s, u) or src < 0 or src == u or not alive(s, src)
                    or not fajia_may(s, u, src)):
                pop_frame(s, 0)
                return
            if skill_param(s, u, SK_FANKUI) == 1:
                ask(s, o, u, DK_SKILL_CARD, 0, SKD_PASS, 0, FANKUI_ANSWER)
            else:
                ask_confirm(s, o, FANKUI_ANSWER)
        else:                       # FANKUI_ANSWER
            a = s[H_ANSWER]
            if a != A_PASS:
                skill_log(s, u, sk, src)
                if a == A_CONFIRM:
                    gain(s, u, random_hand_card(s, src), src)
                else:
                    take_hand_or_equip(s, u, src, a)
            pop_frame(s, 0)
    elif sk == SK_GANGLIE:
        # the source judges; black: it loses 1 HP or discards two hand cards (its choice)
        if pc == GANGLIE_ASK:
            if not alive(s, u) or src < 0 or src == u or not alive(s, src):
                pop_frame(s, 0)
                return
            ask_confirm(s, o, GANGLIE_ANSWER)
        elif pc == GANGLIE_ANSWER:
            judge_if_confirmed(s, o, src, src, GANGLIE_JUDGED)
        elif pc == GANGLIE_JUDGED:
            # 刚烈: black hurts; 复仇 (param 1): anything but ♥ hurts (the source's judgement)
            if skill_param(s, u, SK_GANGLIE) == 1:
                hit = judge_suit(s, src, s[H_RET]) != SUIT_HEART
            else:                       # GANGLIE_DONE
                hit = judge_color(s, src, s[H_RET]) == COLOR_BLACK
            if not hit or not alive(s, src):
                pop_frame(s, 0)
                return
            if s[P_HANDN + src] < 2:
                s[o + F_PC] = GANGLIE_DONE
                lose_hp(s, src, 1)
                return
            ask(s, o, src, DK_SKILL_OPTION, 0, 0, 0, GANGLIE_CHOSEN)
        elif pc == GANGLIE_CHOSEN:
            if s[H_ANSWER] == A_OPTION + OPT_LOSE_HP:
                s[o + F_PC] = GANGLIE_DONE
                lose_hp(s, src, 1)
                return
            s[o + F_PC] = GANGLIE_DONE
            push_select(s, src, PUR_GANGLIE, 2)
        else:                       # GANGLIE_DONE
            pop_frame(s, 0)
    elif sk == SK_YIJI:
        # per point of damage: look at the top two cards and give each to anyone (self included)
        if pc == YIJI_NEXT_POINT:
            if s[o + F_YIJI_POINTS] >= s[o + F_SUB2] or not alive(s, u):
                pop_frame(s, 0)
                return
            s[o + F_YIJI_POINTS] += 1
            ask_confirm(s, o, YIJI_ANSWER)
        elif pc == YIJI_ANSWER:
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
            s[o + F_PC] = YIJI_GIVE_NEXT
        elif pc == YIJI_GIVE_NEXT:
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
            ask(s, o, u, DK_SKILL_TARGET, 0, 0, 0, YIJI_GIVEN)
            s[H_DCARD] = first       # the card being given
        else:                       # YIJI_GIVEN
            t = rel_target(s, u, s[H_ANSWER])
            r = s[o + F_YIJI_CARD]
            move_card(s, r, Z_HAND + t)
            log_event(s, EV_GIVE, u, r, t)
            if t != u:
                hist_add(s, HK_GIVE, u, t, K_NONE, 1)
            s[o + F_PC] = YIJI_GIVE_NEXT
    elif sk == SK_HONGYANJIE:
        pop_frame(s, 0)             # locked: no frame of its own (hongyanjie_fill)
    elif sk == SK_JIJIU:
        # discard a red card to prevent one point of the damage about to be dealt
        org = origin(s, o)
        if pc == JIJIU_ASK:
            if not alive(s, u) or s[org + F_DMG_AMOUNT] <= 0 or \
                    not has_card_where(s, u, True, COLOR_RED):
                pop_frame(s, 0)
                return
            ask(s, o, u, DK_SKILL_CARD, 0, SKD_PASS, s[org + F_DMG_AMOUNT], JIJIU_ANSWER)
        else:                       # JIJIU_ANSWER
            a = s[H_ANSWER]
            if a == A_PASS:
                pop_frame(s, 0)
                return
            discard_card(s, a - A_CARD, u)
            skill_log(s, u, sk, s[o + F_TGT])
            s[org + F_DMG_AMOUNT] -= 1
            s[o + F_PC] = JIJIU_ASK
    elif sk == SK_FANJI:
        # a 杀/决斗 hurt him: he may at once use a 杀 on the source (no range; red: no 闪)
        if pc == FANJI_START:
            k = s[origin(s, o) + F_AS]
            if not alive(s, u) or src < 0 or src == u or not alive(s, src) or \
                    (k != K_SLASH and k != K_DUEL):
                pop_frame(s, 0)
                return
            s[o + F_PC] = FANJI_ASKED
            push_ask(s, u, src, c, DK_SLASH, PUR_SKILL_SLASH, UF_RED_SURE)
        else:                       # FANJI_ASKED
            if s[H_RET] == 1:
                skill_log(s, u, sk, src)
            pop_frame(s, 0)
    elif sk == SK_PAODAO:
        # outside his turn, after someone else's 杀 hurt t: 杀 after 杀 at t while each one hurts
        t = s[o + F_TGT]
        if pc == PAODAO_START:
            org = origin(s, o)
            if s[org + F_AS] != K_SLASH or s[org + F_USER] == u or s[H_CUR] == u or t == u:
                pop_frame(s, 0)
                return
            s[o + F_PC] = PAODAO_ASK
        if s[o + F_PC] == PAODAO_ASK:
            if not alive(s, u) or not alive(s, t):
                pop_frame(s, 0)
                return
            s[o + F_PAODAO_EVENTS] = s[H_NEV]
            s[o + F_PC] = PAODAO_ASKED
            push_ask(s, u, t, c, DK_SLASH, PUR_SKILL_SLASH, 0)
        else:                       # PAODAO_ASKED
            if s[H_RET] == 1:
                skill_log(s, u, sk, t)
            if s[H_RET] == 1 and damaged_since(s, s[o + F_PAODAO_EVENTS], u, t):
                s[o + F_PC] = PAODAO_ASK
                return
            pop_frame(s, 0)
    elif sk == SK_MANWU:
        # damage to her: discard a ♥ hand card, the damage goes to another, who then draws X
        # (X = its lost HP) if alive
        org = origin(s, o)
        if pc == MANWU_ASK:
            if s[o + F_TGT] != u or not alive(s, u) or s[org + F_DMG_AMOUNT] <= 0 or \
                    not has_manwu_card(s, u):
                pop_frame(s, 0)
                return
            ask(s, o, u, DK_SKILL_CARD, 0, SKD_PASS, s[org + F_DMG_AMOUNT], MANWU_CARD)
        elif pc == MANWU_CARD:
            a = s[H_ANSWER]
            if a == A_PASS:
                pop_frame(s, 0)
                return
            discard_card(s, a - A_CARD, u)
            ask(s, o, u, DK_SKILL_TARGET, 1, 0, s[org + F_DMG_AMOUNT], MANWU_TARGET)
        elif pc == MANWU_TARGET:
            t = rel_target(s, u, s[H_ANSWER])
            skill_log(s, u, sk, t)
            n = s[org + F_DMG_AMOUNT]
            s[org + F_DMG_AMOUNT] = 0          # nothing left for her
            s[o + F_MANWU_TARGET] = t
            s[o + F_PC] = MANWU_MOVED
            # the same damage (source, card, kind, amount) to t; the weapon effects are not redone
            push_damage(s, s[org + F_USER], t, s[org + F_CARD], s[org + F_AS], s[org + F_SUB2], n,
                        0)
        else:                       # MANWU_MOVED
            t = s[o + F_MANWU_TARGET]
            if alive(s, t) and s[P_MAXHP + t] > s[P_HP + t]:
                draw_cards(s, t, s[P_MAXHP + t] - s[P_HP + t])
            pop_frame(s, 0)
