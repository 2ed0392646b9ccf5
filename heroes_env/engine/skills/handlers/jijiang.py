"""激将 (刘备): lord skill: when he needs a 杀, or in his play phase to use one, he may ask the
other 蜀 characters, in seat order, to provide one for him. 激将 `jijiang_hk` (the 君 heroes,
英雄杀; helpers 臣) and 好汉 (仲保霖, classmates; helpers 蜀) run this code: the parameter is the
helpers' kingdom.

Used in the play phase, he chooses the target first, and the 杀 given is his own 杀 of the phase;
if nobody helps, he may not use it again this phase. The 英雄杀 rules' clarification (the
helpers of a 君/臣/民 kingdom): he may try again on another target, each target once a phase
(the targets tried are bits ``JJ_TRIED`` << seat of ``P_USED``). The asking is ``lord_ask``'s.
"""
from ....fast.jit import njit
from ...constants import (
    A_TARGET,
    DK_SKILL_TARGET,
    DK_SLASH,
    F_PC,
    F_SUB2,
    F_TGT,
    F_USER,
    FR_USE,
    H_ANSWER,
    H_NP,
    K_SLASH,
    KD_JUN,
    P_USED,
    PUR_BLADE,
    PUR_COLLATERAL,
    PUR_SKILL_SLASH,
    UF_PLAY,
    UF_PRESET,
)
from ...frames import (
    F_LORD_CARD1,
    F_LORD_CARD2,
    F_LORD_PURPOSE,
    F_SKILL_TP,
    F_USE_NTGT,
    F_USE_TGT3,
    SKILL_FROM_PLAY,
    SKILL_NO_TP,
)
from ...rules import can_slash_target, slash_allowed
from ...state import become_frame, pop_frame, seat_after
from ..common import ask, mark_used, rel_target, used
from ..ids import SK_JIJIANG
from ..lord_ask import (
    HELPED,
    LORD_ASK_NEXT,
    LORD_STEPS,
    NOBODY,
    answer_with_help,
    ask_helpers,
    helper_exists,
    kingdom_of,
    may_call,
)

JJ_TRIED = 1 << 8      # P_USED bit of seat 0 as a 激将 target tried in vain (seat t: JJ_TRIED << t)
# the step of its FR_SKILL frame (F_PC) besides ``lord_ask``'s: used in the play phase, its
# target chosen
JIJIANG_TARGET = LORD_STEPS


@njit(cache=True)
def retry_allowed(s, lord):
    """The 英雄杀 rules: a lord's 激将 that nobody answered may be tried on another target."""
    return kingdom_of(s, lord, SK_JIJIANG) >= KD_JUN


@njit(cache=True)
def target_ok(s, d, t):
    """A target in the play phase: a legal 杀 target not yet tried in vain this phase."""
    return can_slash_target(s, d, t, True) and (s[P_USED + d] & (JJ_TRIED << t)) == 0


@njit(cache=True, inline="always")
def response_ok(s, d, dk, purpose, tried):
    """Asked for a 杀 he plays or uses himself (not one 借刀杀人, 青龙偃月刀 or a skill hands
    him), with a helper to ask."""
    return dk == DK_SLASH and purpose != PUR_COLLATERAL and purpose != PUR_BLADE \
        and purpose != PUR_SKILL_SLASH and may_call(s, d, SK_JIJIANG, purpose, tried)


@njit(cache=True, inline="always")
def active_ok(s, d):
    """In the play phase: a 杀 he could use, someone to ask, not yet refused this phase."""
    if used(s, d, SK_JIJIANG) or not slash_allowed(s, d) or not helper_exists(s, d, SK_JIJIANG):
        return False
    for t in range(s[H_NP]):
        if target_ok(s, d, t):
            return True
    return False


@njit(cache=True, inline="always")
def mask(s, out, d, stage):
    """The target of his 杀 in the play phase."""
    n = 0
    for r in range(1, s[H_NP]):
        if target_ok(s, d, seat_after(s, d, r)):
            out[A_TARGET + r] = 1
            n += 1
    return n


@njit(cache=True, inline="always")
def run(s, o):
    u = s[o + F_USER]
    if s[o + F_PC] == JIJIANG_TARGET:        # used in the play phase: the target first
        s[o + F_TGT] = rel_target(s, u, s[H_ANSWER])
        s[o + F_PC] = LORD_ASK_NEXT
        return
    if s[o + F_SKILL_TP] == SKILL_FROM_PLAY:
        s[o + F_SKILL_TP] = SKILL_NO_TP
        s[o + F_LORD_PURPOSE] = 0
        s[o + F_SUB2] = DK_SLASH
        ask(s, o, u, DK_SKILL_TARGET, stage=0, flags=0, extra=0, next_pc=JIJIANG_TARGET)
        return
    r = ask_helpers(s, o, SK_JIJIANG)
    in_play = s[o + F_LORD_PURPOSE] == 0
    if r == HELPED and in_play:
        # his own 杀 of the play phase, made of the helper's card(s)
        become_frame(s, o, FR_USE, u, s[o + F_TGT], s[o + F_LORD_CARD1], K_SLASH,
                     s[o + F_LORD_CARD2], UF_PLAY | UF_PRESET, b=-1)
        s[o + F_USE_TGT3] = -1
        s[o + F_USE_NTGT] = 1
    elif r == HELPED:
        answer_with_help(s, o)
    elif r == NOBODY:
        if in_play:
            if retry_allowed(s, u):
                s[P_USED + u] |= JJ_TRIED << s[o + F_TGT]     # another target may be tried
            else:
                mark_used(s, u, SK_JIJIANG)   # nobody answered: no second try in this phase
        pop_frame(s, 0)
