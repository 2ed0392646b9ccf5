"""Lord skills that ask the others: 护驾 (魏 characters may play a 闪 for 曹操) and 激将 (蜀
characters may play a 杀 for 刘备: in a response, or in his play phase as his own 杀). The lord
skills that only change a rule (救援: a 吴 character's 桃 on 孙权; 救援 of the 民 lord and 大米: a
桃 in the dying procedure heals more) are the ``modifiers`` family's: they answer query points.

The lord chooses the skill (``A_SKILL`` + slot) when he is asked for a 闪/杀, or (激将) in his play
phase. Each living character of the kingdom is then asked in turn from the current player
(``FR_ASK`` with ``PUR_LORD``); the first who plays one provides it: its card(s) land in this
frame's ``F_LORD_CARD1``/``F_LORD_CARD2`` (-1 for an 八卦阵 闪). ``F_LORD_PURPOSE`` = the lord's
ask purpose (0: 激将 used in the play phase), ``F_SUB2`` = the decision kind asked (DK_JINK /
DK_SLASH), ``F_LORD_NEXT`` = next seat offset (``frames.py``).

The 英雄杀 lord skills (helpers of a 君/臣/民 faction) follow the 英雄杀 rules' clarifications: 激将
used in the play phase may be tried again on another target when nobody helped (the targets
tried this phase are bits ``JJ_TRIED`` << seat of ``P_USED``).
"""
from ...fast.jit import njit
from ..constants import (
    A_TARGET,
    DK_JINK,
    DK_SKILL_TARGET,
    DK_SLASH,
    F_CARD,
    F_PC,
    F_SUB2,
    F_TGT,
    F_USER,
    FR_USE,
    H_ANSWER,
    H_CUR,
    H_NP,
    H_RET,
    K_SLASH,
    KD_JUN,
    P_KINGDOM,
    P_USED,
    PUR_BLADE,
    PUR_COLLATERAL,
    PUR_LORD,
    PUR_SKILL_SLASH,
    UF_PLAY,
    UF_PRESET,
)
from ..frames import (
    F_LORD_CARD1,
    F_LORD_CARD2,
    F_LORD_NEXT,
    F_LORD_PURPOSE,
    F_SKILL_TP,
    F_USE_NTGT,
    F_USE_TGT3,
    PC_START,
    SKILL_FROM_PLAY,
    SKILL_NO_TP,
    push_ask,
)
from ..rules import alive, can_slash_target, slash_allowed
from ..state import become_frame, discard_card, pop_frame, seat_after, skill_param
from .common import ask, mark_used, rel_target, skill_log, used
from .ids import SK_HUJIA, SK_JIJIANG

SKILLS = (SK_HUJIA, SK_JIJIANG)
TIMINGS = ()
JJ_TRIED = 1 << 8      # P_USED bit of seat 0 as a 激将 target tried in vain (seat t: JJ_TRIED << t)


@njit(cache=True)
def retry_allowed(s, lord, sk):
    """The 英雄杀 rules: a lord's 激将 that nobody answered may be tried on another target."""
    return kingdom_of(s, lord, sk) >= KD_JUN


@njit(cache=True)
def jijiang_target_ok(s, d, t):
    """A 激将 target in the play phase: a legal 杀 target not yet tried in vain this phase."""
    return can_slash_target(s, d, t, True) and (s[P_USED + d] & (JJ_TRIED << t)) == 0


@njit(cache=True)
def kingdom_of(s, lord, sk):
    """The helpers' kingdom: the parameter of the lord's skill (护驾 魏, 激将 蜀; 护主 民, ...)."""
    return skill_param(s, lord, sk)


@njit(cache=True)
def helper_exists(s, d, sk):
    kd = kingdom_of(s, d, sk)
    for t in range(s[H_NP]):
        if t != d and alive(s, t) and s[P_KINGDOM + t] == kd:
            return True
    return False


@njit(cache=True)
def response_ok(s, d, sk, dk, purpose, tried):
    """May the lord d call on sk when asked for a card of decision kind dk? Asked by
    ``registry.response_ok``."""
    if tried:
        return False
    if sk == SK_HUJIA:
        ok = dk == DK_JINK
    elif sk == SK_JIJIANG:
        ok = dk == DK_SLASH and purpose != PUR_COLLATERAL and purpose != PUR_BLADE \
            and purpose != PUR_SKILL_SLASH
    else:
        ok = False
    return ok and purpose != PUR_LORD and helper_exists(s, d, sk)


@njit(cache=True)
def active_ok(s, d, sk):
    """激将 in the play phase: a 杀 he could use, someone to ask, not yet refused this phase."""
    if sk != SK_JIJIANG or used(s, d, sk) or not slash_allowed(s, d) or not helper_exists(s, d, sk):
        return False
    for t in range(s[H_NP]):
        if jijiang_target_ok(s, d, t):
            return True
    return False


@njit(cache=True)
def mask(s, out, d, sk, stage):
    n = 0
    for r in range(1, s[H_NP]):
        if jijiang_target_ok(s, d, seat_after(s, d, r)):
            out[A_TARGET + r] = 1
            n += 1
    return n


# the steps of a lord skill's FR_SKILL frame (its F_PC): ask the next helper; a helper answered;
# 激将 in the play phase: its target chosen
LORD_ASK_NEXT, LORD_ANSWERED, LORD_PLAY_TARGET = PC_START, 1, 10


@njit(cache=True)
def run(s, o, sk):
    u = s[o + F_USER]
    pc = s[o + F_PC]
    n = s[H_NP]
    if pc == LORD_PLAY_TARGET:      # 激将 in the play phase: the target first
        s[o + F_TGT] = rel_target(s, u, s[H_ANSWER])
        s[o + F_PC] = LORD_ASK_NEXT
        return
    if s[o + F_SKILL_TP] == SKILL_FROM_PLAY:
        s[o + F_SKILL_TP] = SKILL_NO_TP
        s[o + F_LORD_PURPOSE] = 0
        s[o + F_SUB2] = DK_SLASH
        ask(s, o, u, DK_SKILL_TARGET, 0, 0, 0, LORD_PLAY_TARGET)
        return
    if pc == LORD_ANSWERED:
        if s[H_RET] == 1:
            c = s[o + F_LORD_CARD1]
            c2 = s[o + F_LORD_CARD2]
            if s[o + F_LORD_PURPOSE] == 0:
                # his own 杀 of the play phase, made of the helper's card(s)
                become_frame(s, o, FR_USE, u, s[o + F_TGT], c, K_SLASH, c2, UF_PLAY | UF_PRESET, -1)
                s[o + F_USE_TGT3] = -1
                s[o + F_USE_NTGT] = 1
                return
            if c >= 0:
                discard_card(s, c, u)
            if c2 >= 0:
                discard_card(s, c2, u)
            pop_frame(s, 1)
            return
        s[o + F_PC] = LORD_ASK_NEXT
    if s[o + F_LORD_NEXT] == 0:
        skill_log(s, u, sk, -1)
    kd = kingdom_of(s, u, sk)
    i = s[o + F_LORD_NEXT]
    while i < n:
        t = seat_after(s, s[H_CUR], i)
        i += 1
        if t != u and alive(s, t) and s[P_KINGDOM + t] == kd:
            s[o + F_LORD_NEXT] = i
            s[o + F_LORD_CARD1] = -1
            s[o + F_LORD_CARD2] = -1
            s[o + F_PC] = LORD_ANSWERED
            push_ask(s, t, u, s[o + F_CARD], s[o + F_SUB2], PUR_LORD, 1 if s[o + F_SUB2] == DK_JINK
                     else 0)
            return
    if s[o + F_LORD_PURPOSE] == 0:
        if retry_allowed(s, u, sk):
            s[P_USED + u] |= JJ_TRIED << s[o + F_TGT]     # another target may be tried
        else:
            mark_used(s, u, sk)      # nobody answered: no second try in this play phase
    pop_frame(s, 0)
