"""Active skills, used from the play phase (``A_SKILL`` + slot): 仁德, 制衡 (驭人), 结姻, 青囊,
离间, 苦肉; 侠胆 (拼点; what it gives or takes for the turn answers query points), 易装 (a dead
male hero's skills), 迁都 (swap places at the table: ``state.swap_positions``). 反间 (and 攻心,
which runs its code) has a module of its own, ``fanjian.py``.

英雄杀 skills running this code with a parameter (``skills.csv``): 疏财 = 仁德 with 1 (at most 1 HP
healed per play phase), 疗伤 = 青囊 with 1 (a hand card, any wounded character, once per phase),
红颜 = 离间 with 1 (the first male chosen is the 决斗's target, who plays 杀 first). 离间's
parameter holds two bits: 1 = the 决斗's target is chosen first (红颜), 2 = the two duellists are
female (正太, pack classmates).

侠胆's answer to the query points reads the state only and lives in ``answers.py``, which
``rules`` asks through ``queries``; this module uses ``rules``.
"""
from ...fast.jit import njit
from .. import draft, rules
from ..constants import (
    A_CARD,
    A_CONFIRM,
    A_TARGET,
    C_LOC,
    COLOR_BLACK,
    COLOR_NONE,
    DK_SKILL_CARD,
    DK_SKILL_TARGET,
    DX_SKILL_EXTRA,
    EV_GIVE,
    EV_USE,
    F_AS,
    F_PC,
    F_TGT,
    F_USER,
    GENDER_FEMALE,
    GENDER_MALE,
    H_ANSWER,
    H_NCARDS,
    H_NP,
    H_RET,
    HK_GIVE,
    HR_HP,
    K_DUEL,
    K_NONE,
    MK_XIADAN_LOST,
    MK_XIADAN_WON,
    MK_YIZHUANG,
    P_ALIVE,
    P_GENDER,
    P_GIVEN,
    P_HANDN,
    P_HERO,
    P_HP,
    P_MARK,
    P_MAXHP,
    P_ROLE,
    P_USED,
    Q_LORD_HP_BONUS,
    Q_TAKES_AIM,
    ROLE_LORD,
    SKD_CONFIRM,
    UF_NO_NULLIFY,
    Z_HAND,
)
from ..content import HERO_TAB
from ..frames import F_LIJIAN_FIRST, F_ZHIHENG_COUNT, PC_START, push_effect
from ..history import hist_add, hist_skill
from ..state import (
    card_color,
    discard_card,
    draw_cards,
    log_event,
    move_card,
    other_alive,
    pop_frame,
    seat_after,
    skill_param,
    swap_positions,
)
from .answers import ACTIVE_QUERIES as QUERIES  # noqa: F401  (the family's)
from .common import (
    ask,
    has_card_where,
    heal,
    lose_hp,
    mark_cards,
    mark_used,
    pindian_ok,
    pindian_won,
    rel_target,
    skill_log,
    start_pindian,
    used,
)
from .ids import (
    SK_JIEYIN,
    SK_KUROU,
    SK_LIJIAN,
    SK_QIANDU,
    SK_QINGNANG,
    SK_RENDE,
    SK_XIADAN,
    SK_YIZHUANG,
    SK_ZHIHENG,
)
from .queries import query

SKILLS = (SK_RENDE, SK_ZHIHENG, SK_JIEYIN, SK_QINGNANG, SK_LIJIAN, SK_KUROU, SK_XIADAN,
          SK_YIZHUANG, SK_QIANDU)
TIMINGS = ()


@njit(cache=True)
def wounded(s, t):
    return s[P_HP + t] < s[P_MAXHP + t]


@njit(cache=True)
def male(s, t):
    return s[P_GENDER + t] == GENDER_MALE


@njit(cache=True)
def jieyin_target(s, d, t):
    return t != d and rules.alive(s, t) and male(s, t) and wounded(s, t)


@njit(cache=True)
def lijian_gender(s, d):
    """The gender of 离间's duellists: male, or female with parameter bit 2 (正太)."""
    return GENDER_FEMALE if (skill_param(s, d, SK_LIJIAN) & 2) else GENDER_MALE


@njit(cache=True)
def lijian_pair(s, d, a, b):
    """May d's 离间 have a use its 决斗 on b (both of 离间's gender, neither d)?"""
    g = lijian_gender(s, d)
    return a != d and b != d and a != b and rules.alive(s, a) and s[P_GENDER + a] == g \
        and rules.alive(s, b) and s[P_GENDER + b] == g and not rules.untargetable(s, b, K_DUEL)


@njit(cache=True)
def lijian_victim_first(s, d):
    """离间: the 决斗's user is chosen first; with parameter bit 1 (红颜) its target, who plays 杀
    first."""
    return (skill_param(s, d, SK_LIJIAN) & 1) == 1


@njit(cache=True)
def lijian_choice(s, d, stage, first, t):
    """May d choose t at 离间's stage 1 (first male) or 2 (second male, after first)?"""
    vf = lijian_victim_first(s, d)
    if stage == 1:
        for x in range(s[H_NP]):
            if (vf and lijian_pair(s, d, x, t)) or (not vf and lijian_pair(s, d, t, x)):
                return True
        return False
    if vf:
        return lijian_pair(s, d, t, first)
    return lijian_pair(s, d, first, t)


@njit(cache=True)
def liaoshang(s, d):
    """疗伤 (青囊 with parameter 1): a hand card, any wounded character, once per play phase."""
    return skill_param(s, d, SK_QINGNANG) == 1


@njit(cache=True)
def any_wounded(s):
    for t in range(s[H_NP]):
        if rules.alive(s, t) and wounded(s, t):
            return True
    return False


@njit(cache=True)
def xiadan_target_exists(s, d):
    for t in range(s[H_NP]):
        if pindian_ok(s, d, t):
            return True
    return False


@njit(cache=True)
def yizhuang_source(s, d, t):
    """易装: t is a dead male hero of this game (his seat keeps its hero and gender)."""
    return t != d and s[P_ALIVE + t] == 0 and s[P_HERO + t] >= 0 and male(s, t)


@njit(cache=True)
def yizhuang_ok(s, d):
    if s[P_HANDN + d] < 2:
        return False
    for t in range(s[H_NP]):
        if yizhuang_source(s, d, t):
            return True
    return False


# the steps of each skill's FR_SKILL frame (its F_PC), beside ``run``
KUROU_LOSE, KUROU_DRAW = PC_START, 1                     # 苦肉: lose 1 HP; then draw 2
RENDE_ASK, RENDE_TARGET, RENDE_CARD = PC_START, 1, 2      # 仁德: receiver asked; chosen; a card
ZHIHENG_ASK, ZHIHENG_CARD = PC_START, 1                   # 制衡: a card asked; one chosen (or done)
JIEYIN_ASK, JIEYIN_TARGET, JIEYIN_CARD1, JIEYIN_CARD2 = PC_START, 1, 2, 3          # 结姻
QINGNANG_ASK, QINGNANG_CARD, QINGNANG_TARGET = PC_START, 1, 2                      # 青囊 / 疗伤
LIJIAN_ASK, LIJIAN_CARD, LIJIAN_FIRST, LIJIAN_SECOND, LIJIAN_DUELLED = PC_START, 1, 2, 3, 4  # 离间
XIADAN_ASK, XIADAN_TARGET, XIADAN_PINDIAN = PC_START, 1, 2                         # 侠胆
# 迁都 / 易装 (``two_cards_then_target``): two hand cards one by one, then a character
TWO_ASK, TWO_CARD1, TWO_CARD2, TWO_TARGET = PC_START, 1, 2, 3


@njit(cache=True)
def two_cards_then_target(s, o, u, pc, a):
    """The steps 迁都 and 易装 share: two hand cards chosen and discarded one by one (stages 0 and
    1, extra = cards still to choose), then a character (stage 2). Returns that seat at the last
    step, -1 while still asking."""
    if pc == TWO_ASK:
        ask(s, o, u, DK_SKILL_CARD, 0, 0, 2, TWO_CARD1)
    elif pc == TWO_CARD1:
        discard_card(s, a - A_CARD, u)
        ask(s, o, u, DK_SKILL_CARD, 1, 0, 1, TWO_CARD2)
    elif pc == TWO_CARD2:
        discard_card(s, a - A_CARD, u)
        ask(s, o, u, DK_SKILL_TARGET, 2, 0, 0, TWO_TARGET)
    else:
        return rel_target(s, u, a)
    return -1


@njit(cache=True)
def take_hero(s, u, t):
    """易装: u loses all her skills and gets dead t's hero's (lord skills only if u is the lord);
    her max HP becomes his hero's HP (+1 if she is the lord with five or more players), her HP is
    cut to it if above; the new skills count as not yet used in this play phase."""
    h = s[P_HERO + t]
    draft.set_hero_skills(s, u, h)
    mx = HERO_TAB[h, HR_HP]
    if s[P_ROLE + u] == ROLE_LORD and s[H_NP] >= 5:
        mx += query(s, Q_LORD_HP_BONUS, u, 1, 0, 0)          # (狂禅 among his skills: none)
    s[P_MAXHP + u] = mx
    if s[P_HP + u] > mx:
        s[P_HP + u] = mx
    s[P_USED + u] = 0
    s[P_MARK + u] |= MK_YIZHUANG


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
    if sk == SK_JIEYIN:
        if used(s, d, sk) or s[P_HANDN + d] < 2:
            return False
        for t in range(s[H_NP]):
            if jieyin_target(s, d, t):
                return True
        return False
    if sk == SK_QINGNANG:
        if liaoshang(s, d):
            return not used(s, d, sk) and s[P_HANDN + d] > 0 and any_wounded(s)
        return wounded(s, d) and has_card_where(s, d, True, COLOR_NONE)
    if sk == SK_LIJIAN:
        if used(s, d, sk) or not has_card_where(s, d, True, COLOR_NONE):
            return False
        for a in range(s[H_NP]):
            if lijian_choice(s, d, 1, -1, a):
                return True
        return False
    if sk == SK_KUROU:
        return True
    if sk == SK_XIADAN:
        return not used(s, d, sk) and xiadan_target_exists(s, d)
    if sk == SK_YIZHUANG:
        return yizhuang_ok(s, d)
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
                if rules.alive(s, seat_after(s, d, r)):
                    out[A_TARGET + r] = 1
                    n += 1
        else:
            n += mark_cards(s, out, d, False, COLOR_NONE)
    elif sk == SK_QINGNANG:
        if stage == 0:
            n += mark_cards(s, out, d, not liaoshang(s, d), COLOR_NONE)
        else:           # 疗伤: any wounded character, oneself included
            for r in range(npl):
                t = seat_after(s, d, r)
                if rules.alive(s, t) and wounded(s, t):
                    out[A_TARGET + r] = 1
                    n += 1
    elif sk == SK_ZHIHENG or (sk == SK_LIJIAN and stage == 0):
        n += mark_cards(s, out, d, True, COLOR_NONE)
    elif sk == SK_JIEYIN:
        if stage == 0:
            for r in range(1, npl):
                if jieyin_target(s, d, seat_after(s, d, r)):
                    out[A_TARGET + r] = 1
                    n += 1
        else:
            n += mark_cards(s, out, d, False, COLOR_NONE)
    elif sk == SK_XIADAN:
        for r in range(1, npl):
            if pindian_ok(s, d, seat_after(s, d, r)):
                out[A_TARGET + r] = 1
                n += 1
    elif sk == SK_YIZHUANG:
        if stage < 2:       # the two hand cards, one by one
            n += mark_cards(s, out, d, False, COLOR_NONE)
        else:
            for r in range(1, npl):
                if yizhuang_source(s, d, seat_after(s, d, r)):
                    out[A_TARGET + r] = 1
                    n += 1
    elif sk == SK_LIJIAN:
        first = s[DX_SKILL_EXTRA]
        for r in range(1, npl):
            if lijian_choice(s, d, stage, first, seat_after(s, d, r)):
                out[A_TARGET + r] = 1
                n += 1
    elif sk == SK_QIANDU:
        if stage < 2:       # the two black hand cards, one by one
            n += mark_cards(s, out, d, False, COLOR_BLACK)
        else:               # any other living character
            for r in range(1, npl):
                if rules.alive(s, seat_after(s, d, r)):
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
        if pc == KUROU_LOSE:
            skill_log(s, u, sk, -1)
            s[o + F_PC] = KUROU_DRAW
            lose_hp(s, u, 1)
        else:
            if rules.alive(s, u):
                draw_cards(s, u, 2)
            pop_frame(s, 0)
    elif sk == SK_RENDE:
        # choose the receiver, then give hand cards one by one (CONFIRM: done); every second
        # card given in this play phase heals 1, at most `param` times a phase (0: no limit)
        if pc == RENDE_ASK:
            ask(s, o, u, DK_SKILL_TARGET, 0, 0, 0, RENDE_TARGET)
        elif pc == RENDE_TARGET:
            s[o + F_TGT] = rel_target(s, u, a)
            skill_log(s, u, sk, s[o + F_TGT])
            ask(s, o, u, DK_SKILL_CARD, 1, 0, 0, RENDE_CARD)
        else:
            if a == A_CONFIRM:
                pop_frame(s, 0)
                return
            t = s[o + F_TGT]
            c = a - A_CARD
            move_card(s, c, Z_HAND + t)
            log_event(s, EV_GIVE, u, c, t)
            if t != u:
                hist_add(s, HK_GIVE, u, t, K_NONE, 1)
            s[P_GIVEN + u] += 1
            g = s[P_GIVEN + u]
            k = skill_param(s, u, SK_RENDE)
            if g % 2 == 0 and (k == 0 or g // 2 <= k):
                heal(s, u, 1, u, K_NONE)
            if s[P_HANDN + u] == 0:
                pop_frame(s, 0)
                return
            ask(s, o, u, DK_SKILL_CARD, 1, SKD_CONFIRM, 0, RENDE_CARD)
    elif sk == SK_ZHIHENG:
        # discard any number of own cards (CONFIRM: done), then draw as many
        if pc == ZHIHENG_ASK:
            mark_used(s, u, sk)
            skill_log(s, u, sk, -1)
            ask(s, o, u, DK_SKILL_CARD, 0, 0, 0, ZHIHENG_CARD)
            return
        if a != A_CONFIRM:
            discard_card(s, a - A_CARD, u)
            s[o + F_ZHIHENG_COUNT] += 1
            if has_card_where(s, u, True, COLOR_NONE):
                ask(s, o, u, DK_SKILL_CARD, 0, SKD_CONFIRM, s[o + F_ZHIHENG_COUNT], ZHIHENG_CARD)
                return
        draw_cards(s, u, s[o + F_ZHIHENG_COUNT])
        pop_frame(s, 0)
    elif sk == SK_JIEYIN:
        # choose a wounded male, discard two hand cards: both recover 1
        if pc == JIEYIN_ASK:
            mark_used(s, u, sk)
            ask(s, o, u, DK_SKILL_TARGET, 0, 0, 0, JIEYIN_TARGET)
        elif pc == JIEYIN_TARGET:
            s[o + F_TGT] = rel_target(s, u, a)
            skill_log(s, u, sk, s[o + F_TGT])
            ask(s, o, u, DK_SKILL_CARD, 1, 0, 2, JIEYIN_CARD1)
        elif pc == JIEYIN_CARD1:
            discard_card(s, a - A_CARD, u)
            ask(s, o, u, DK_SKILL_CARD, 1, 0, 1, JIEYIN_CARD2)
        else:                       # JIEYIN_CARD2
            discard_card(s, a - A_CARD, u)
            heal(s, u, 1, u, K_NONE)
            heal(s, s[o + F_TGT], 1, u, K_NONE)
            pop_frame(s, 0)
    elif sk == SK_QINGNANG:
        # 青囊: discard a card (hand or equipment): recover 1. 疗伤: discard a hand card, then a
        # wounded character recovers 1
        if pc == QINGNANG_ASK:
            if liaoshang(s, u):
                mark_used(s, u, sk)
            ask(s, o, u, DK_SKILL_CARD, 0, 0, 0, QINGNANG_CARD)
        elif pc == QINGNANG_CARD:
            discard_card(s, a - A_CARD, u)
            if liaoshang(s, u):
                ask(s, o, u, DK_SKILL_TARGET, 1, 0, 0, QINGNANG_TARGET)
                return
            skill_log(s, u, sk, -1)
            heal(s, u, 1, u, K_NONE)
            pop_frame(s, 0)
        else:                       # QINGNANG_TARGET
            t = rel_target(s, u, a)
            skill_log(s, u, sk, t)
            heal(s, t, 1, u, K_NONE)
            pop_frame(s, 0)
    elif sk == SK_QIANDU:
        # discard two black hand cards, then choose another living character: swap places
        t = two_cards_then_target(s, o, u, pc, a)
        if t >= 0:
            skill_log(s, u, sk, t)
            swap_positions(s, u, t)
            pop_frame(s, 0)
    elif sk == SK_LIJIAN:
        # discard a card; choose the male who uses the 决斗, then the male it is used on (红颜:
        # first the male it is used on, who plays 杀 first, then its user)
        if pc == LIJIAN_ASK:
            mark_used(s, u, sk)
            ask(s, o, u, DK_SKILL_CARD, 0, 0, 0, LIJIAN_CARD)
        elif pc == LIJIAN_CARD:
            discard_card(s, a - A_CARD, u)
            skill_log(s, u, sk, -1)
            ask(s, o, u, DK_SKILL_TARGET, 1, 0, -1, LIJIAN_FIRST)
        elif pc == LIJIAN_FIRST:
            s[o + F_LIJIAN_FIRST] = rel_target(s, u, a)
            ask(s, o, u, DK_SKILL_TARGET, 2, 0, s[o + F_LIJIAN_FIRST], LIJIAN_SECOND)
        elif pc == LIJIAN_SECOND:
            duelist = s[o + F_LIJIAN_FIRST]
            victim = rel_target(s, u, a)
            if lijian_victim_first(s, u):
                duelist, victim = victim, duelist
            g = rules.aim_taker(s, duelist, victim)      # 门神: aimed at the guarded = at 秦琼
            if g >= 0:
                skill_log(s, g, query(s, Q_TAKES_AIM, g, 0, victim, duelist), victim)
                victim = g
            log_event(s, EV_USE, duelist, -1, victim)
            hist_skill(s, u, s[o + F_AS], victim)       # public history: 离间 aims at the victim
            s[o + F_PC] = LIJIAN_DUELLED
            push_effect(s, duelist, victim, -1, K_DUEL, -1, UF_NO_NULLIFY, -1)
        else:                       # LIJIAN_DUELLED
            pop_frame(s, 0)
    elif sk == SK_XIADAN:
        # 拼点 with a character: won / not won marks the rest of the turn (the rules of rules.py
        # read them)
        if pc == XIADAN_ASK:
            mark_used(s, u, sk)
            ask(s, o, u, DK_SKILL_TARGET, 0, 0, 0, XIADAN_TARGET)
        elif pc == XIADAN_TARGET:
            t = rel_target(s, u, a)
            s[o + F_TGT] = t
            skill_log(s, u, sk, t)
            start_pindian(s, o, t, XIADAN_PINDIAN)
        else:                       # XIADAN_PINDIAN
            s[P_MARK + u] |= MK_XIADAN_WON if pindian_won(s[H_RET]) else MK_XIADAN_LOST
            pop_frame(s, 0)
    elif sk == SK_YIZHUANG:
        # discard two hand cards, choose a dead male hero: his skills and max HP
        t = two_cards_then_target(s, o, u, pc, a)
        if t >= 0:
            skill_log(s, u, sk, t)
            take_hero(s, u, t)
            pop_frame(s, 0)
