"""青囊 (华佗): any number of times in his play phase while he is wounded, he discards a hand or
equipped card and recovers 1 HP (the first-edition text of the 三国杀 standard rules).

疗伤 (扁鹊, 英雄杀) and 佛心 (classmates pack) run this code with parameter 1: once per play phase,
a hand card (not equipment) is discarded, then a wounded living character at any distance, he
himself included, recovers 1; not offered while nobody is wounded.
"""
from ....fast.jit import njit
from ...constants import (
    A_CARD,
    A_TARGET,
    COLOR_NONE,
    DK_SKILL_CARD,
    DK_SKILL_TARGET,
    F_PC,
    F_USER,
    H_ANSWER,
    H_NP,
    K_NONE,
    P_HANDN,
    PC_START,
)
from ...state import alive, discard_card, pop_frame, seat_after, skill_param
from ..common import (
    ask,
    has_card_where,
    heal,
    mark_cards,
    mark_used,
    rel_target,
    skill_log,
    used,
    wounded,
)
from ..ids import SK_QINGNANG

# the steps of its FR_SKILL frame (F_PC): a card asked; discarded (疗伤: a character asked);
# 疗伤's character chosen
QINGNANG_ASK, QINGNANG_CARD, QINGNANG_TARGET = PC_START, 1, 2


@njit(cache=True)
def liaoshang(s, d):
    """疗伤 (parameter 1): a hand card, any wounded character, once per play phase."""
    return skill_param(s, d, SK_QINGNANG) == 1


@njit(cache=True)
def any_wounded(s):
    for t in range(s[H_NP]):
        if alive(s, t) and wounded(s, t):
            return True
    return False


@njit(cache=True, inline="always")
def active_ok(s, d):
    """青囊: wounded, with a hand or equipped card; 疗伤: not yet in this play phase, a hand card,
    someone wounded."""
    if liaoshang(s, d):
        return not used(s, d, SK_QINGNANG) and s[P_HANDN + d] > 0 and any_wounded(s)
    return wounded(s, d) and has_card_where(s, d, True, COLOR_NONE)


@njit(cache=True, inline="always")
def mask(s, out, d, stage):
    """Stage 0: the card (疗伤: a hand card); stage 1 (疗伤): any wounded living character,
    oneself included."""
    if stage == 0:
        return mark_cards(s, out, d, not liaoshang(s, d), COLOR_NONE)
    n = 0
    for r in range(s[H_NP]):
        t = seat_after(s, d, r)
        if alive(s, t) and wounded(s, t):
            out[A_TARGET + r] = 1
            n += 1
    return n


@njit(cache=True, inline="always")
def run(s, o):
    # 青囊: discard a card (hand or equipment): recover 1. 疗伤: discard a hand card, then a
    # wounded character recovers 1
    u = s[o + F_USER]
    pc = s[o + F_PC]
    a = s[H_ANSWER]
    if pc == QINGNANG_ASK:
        if liaoshang(s, u):
            mark_used(s, u, SK_QINGNANG)
        ask(s, o, u, DK_SKILL_CARD, stage=0, flags=0, extra=0, next_pc=QINGNANG_CARD)
    elif pc == QINGNANG_CARD:
        discard_card(s, a - A_CARD, u)
        if liaoshang(s, u):
            ask(s, o, u, DK_SKILL_TARGET, stage=1, flags=0, extra=0, next_pc=QINGNANG_TARGET)
            return
        skill_log(s, u, SK_QINGNANG, -1)
        heal(s, u, 1, u, K_NONE)
        pop_frame(s, 0)
    else:                       # QINGNANG_TARGET
        t = rel_target(s, u, a)
        skill_log(s, u, SK_QINGNANG, t)
        heal(s, t, 1, u, K_NONE)
        pop_frame(s, 0)
