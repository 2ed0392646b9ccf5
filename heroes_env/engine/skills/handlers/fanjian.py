"""反间 (周瑜): once per play phase, he chooses another character, who names a colour and takes a
random hand card of his; named wrong, 1 damage from him. 攻心 (英雄杀) runs this code with
parameter 1: a suit is named instead of a colour.

The skill's home: when it may be used (``active_ok``), the choices it asks (``mask``: stage 0 the
target, stage 1 the target's colour or suit) and its steps (``run``). ``dispatch.py``, generated
from this module, hands it the skill's play-phase check, masks and frame.
"""
from ....fast.jit import njit
from ...constants import (
    A_OPTION,
    COLOR_BLACK,
    COLOR_RED,
    DK_SKILL_OPTION,
    DK_SKILL_TARGET,
    EV_REVEAL,
    F_PC,
    F_TGT,
    F_USER,
    H_ANSWER,
    H_DSKOWNER,
    OPT_BLACK,
    OPT_RED,
    OPT_SUIT,
    P_HANDN,
    PC_START,
)
from ...frames import push_damage
from ...state import (
    alive,
    card_color,
    card_suit,
    log_event,
    other_alive,
    pop_frame,
    random_hand_card,
    skill_cause,
    skill_param,
    take_card,
)
from ..common import ask, mark_others_alive, mark_used, rel_target, skill_log, used
from ..ids import SK_FANJIAN

# the steps of its FR_SKILL frame (F_PC): the target asked; chosen (it names); named; damage dealt
FANJIAN_ASK, FANJIAN_TARGET, FANJIAN_NAMED, FANJIAN_DAMAGED = PC_START, 1, 2, 3


@njit(cache=True, inline="always")
def active_ok(s, d):
    """May d use it now: not yet in this play phase, a hand card, another living character."""
    return not used(s, d, SK_FANJIAN) and s[P_HANDN + d] > 0 and other_alive(s, d)


@njit(cache=True, inline="always")
def mask(s, out, d, stage):
    """Stage 0: any other living character; stage 1 (the target decides): a colour, or a suit
    for 攻心."""
    n = 0
    if stage == 0:
        n = mark_others_alive(s, out, d)
    elif skill_param(s, s[H_DSKOWNER], SK_FANJIAN) == 1:   # 攻心: the target names a suit
        for x in range(4):
            out[A_OPTION + OPT_SUIT + x] = 1
        n = 4
    else:           # the target names a colour
        out[A_OPTION + OPT_RED] = 1
        out[A_OPTION + OPT_BLACK] = 1
        n = 2
    return n


@njit(cache=True, inline="always")
def run(s, o):
    u = s[o + F_USER]
    pc = s[o + F_PC]
    a = s[H_ANSWER]
    if pc == FANJIAN_ASK:
        mark_used(s, u, SK_FANJIAN)
        ask(s, o, u, DK_SKILL_TARGET, stage=0, flags=0, extra=0, next_pc=FANJIAN_TARGET)
    elif pc == FANJIAN_TARGET:
        t = rel_target(s, u, a)
        s[o + F_TGT] = t
        skill_log(s, u, SK_FANJIAN, t)
        ask(s, o, t, DK_SKILL_OPTION, stage=1, flags=0, extra=0, next_pc=FANJIAN_NAMED)
    elif pc == FANJIAN_NAMED:
        t = s[o + F_TGT]
        c = random_hand_card(s, u)
        if c < 0:
            pop_frame(s, 0)
            return
        log_event(s, EV_REVEAL, u, c, 0)
        take_card(s, t, c, u, skill_cause(s, u, SK_FANJIAN))
        if a >= A_OPTION + OPT_SUIT:        # 攻心: a suit was named
            wrong = card_suit(s, c) != a - A_OPTION - OPT_SUIT
        else:
            wrong = card_color(s, c) != (COLOR_RED if a == A_OPTION + OPT_RED else COLOR_BLACK)
        if wrong and alive(s, t):
            s[o + F_PC] = FANJIAN_DAMAGED
            push_damage(s, u, t, card=-1, kind=0, card2=-1, amount=1, flags=0)
            return
        pop_frame(s, 0)
    else:                       # FANJIAN_DAMAGED
        pop_frame(s, 0)
