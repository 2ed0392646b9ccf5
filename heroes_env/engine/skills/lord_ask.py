"""A lord skill that asks the others (护驾, 激将): each living character of the helpers' kingdom
(the skill's parameter), in turn from the current player, is asked to play a card for the lord
(``FR_ASK`` with ``PUR_LORD``); the first who plays one provides it.

The lord calls on the skill (``A_SKILL`` + slot) when he is asked for the card (a response:
``registry.response_ok``), or (激将) in his play phase. Its FR_SKILL frame: ``F_SUB2`` = the
decision kind asked (DK_JINK / DK_SLASH), ``F_LORD_PURPOSE`` = the lord's own ask purpose (0: 激将
used in the play phase), ``F_LORD_NEXT`` = the next seat offset to ask; a helper's card(s) land in
``F_LORD_CARD1``/``F_LORD_CARD2`` (-1 for an 八卦阵 闪; ``flow.respond`` puts them there, so these
slots are named in ``frames.py``).
"""
from ...fast.jit import njit
from ..constants import (
    DK_JINK,
    F_CARD,
    F_PC,
    F_SUB2,
    F_USER,
    H_CUR,
    H_NP,
    H_RET,
    P_KINGDOM,
    PC_START,
    PUR_LORD,
)
from ..frames import F_LORD_CARD1, F_LORD_CARD2, F_LORD_NEXT, push_ask
from ..state import alive, discard_card, pop_frame, seat_after, skill_param
from .common import skill_log

# the steps of the asking: ask the next helper; a helper answered (H_RET: 1 if he gave a card)
LORD_ASK_NEXT, LORD_ANSWERED = PC_START, 1
LORD_STEPS = 2          # the steps the asking uses: a lord skill's own steps are numbered after
# what ``ask_helpers`` did: asked a helper (the frame waits), got a card, nobody gave one
ASKING, HELPED, NOBODY = 0, 1, 2


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
def may_call(s, d, sk, purpose, tried):
    """The lord d may call on sk in this response (its card kind aside): not tried yet for this
    request, not asked on another lord's behalf, someone to ask."""
    return not tried and purpose != PUR_LORD and helper_exists(s, d, sk)


@njit(cache=True)
def ask_helpers(s, o, sk):
    """The next step of the asking at frame o: ASKING (a helper is asked), HELPED (his card(s)
    are in ``F_LORD_CARD1``/``F_LORD_CARD2``) or NOBODY (every helper refused)."""
    u = s[o + F_USER]
    if s[o + F_PC] == LORD_ANSWERED:
        if s[H_RET] == 1:
            return HELPED
        s[o + F_PC] = LORD_ASK_NEXT
    if s[o + F_LORD_NEXT] == 0:
        skill_log(s, u, sk, -1)
    kd = kingdom_of(s, u, sk)
    i = s[o + F_LORD_NEXT]
    while i < s[H_NP]:
        t = seat_after(s, s[H_CUR], i)
        i += 1
        if t != u and alive(s, t) and s[P_KINGDOM + t] == kd:
            s[o + F_LORD_NEXT] = i
            s[o + F_LORD_CARD1] = -1
            s[o + F_LORD_CARD2] = -1
            s[o + F_PC] = LORD_ANSWERED
            push_ask(s, t, u, s[o + F_CARD], s[o + F_SUB2], PUR_LORD,
                     1 if s[o + F_SUB2] == DK_JINK else 0)
            return ASKING
    return NOBODY


@njit(cache=True)
def answer_with_help(s, o):
    """The lord answers his own request with the helper's card(s): the frame returns 1."""
    u = s[o + F_USER]
    c = s[o + F_LORD_CARD1]
    c2 = s[o + F_LORD_CARD2]
    if c >= 0:
        discard_card(s, c, u)
    if c2 >= 0:
        discard_card(s, c2, u)
    pop_frame(s, 1)
