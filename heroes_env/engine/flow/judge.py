"""Judgements: FR_JUDGE_PHASE (the delayed tricks of the judgement phase, in order), FR_DELAYED
(one delayed trick: 无懈可击 window, judgement, effect) and FR_JUDGE (one judgement: reveal,
retrial, the judge keeps it or not).
"""
from ...fast.jit import njit
from ..constants import (
    C_AS,
    C_LOC,
    EV_GAIN,
    EV_JUDGE,
    EV_MOVE_DELAYED,
    EV_NULLIFIED,
    F_AS,
    F_CARD,
    F_PC,
    F_USER,
    H_NP,
    H_RET,
    K_INDULGENCE,
    K_LIGHTNING,
    P_ALIVE,
    P_TFLAGS,
    Q_CARD_IMMUNE,
    SUIT_HEART,
    SUIT_SPADE,
    TF_SKIP_PLAY,
    TP_JUDGED,
    TP_RETRIAL,
    UF_FROM_HAND,
    Z_DISCARD,
    Z_HAND,
    Z_JUDGE,
    Z_PROC,
)
from ..frames import F_JUDGE_FOR, push_damage, push_judge, push_nullify
from ..rules import alive, judge_suit
from ..skills.common import skill_log
from ..skills.queries import query
from ..skills.registry import fire, judge_keeps
from ..state import (
    card_rank,
    discard_card,
    judge_has,
    log_event,
    move_card,
    pop_frame,
    seat_after,
    top_card,
)


@njit(cache=True)
def pass_lightning(s, c, owner):
    """闪电 moves on to the next living seat (in table order) that has none (stays if nobody can
    take it)."""
    n = s[H_NP]
    for k in range(1, n):
        t = seat_after(s, owner, k)
        if s[P_ALIVE + t] == 1 and not judge_has(s, t, K_LIGHTNING):
            move_card(s, c, Z_JUDGE + t)
            s[C_AS + c] = K_LIGHTNING
            log_event(s, EV_MOVE_DELAYED, t, c, owner)
            return


# FR_DELAYED steps
DELAYED_START = 0      # 你懂的, else the 无懈可击 window
DELAYED_NULLIFIED = 1  # H_RET = 1 if cancelled; else judge
DELAYED_JUDGED = 2     # H_RET = the judgement card: the effect
DELAYED_DAMAGED = 3    # 闪电 dealt its damage: discard it


@njit(cache=True)
def run_delayed(s, o):
    u = s[o + F_USER]
    c = s[o + F_CARD]
    k = s[o + F_AS]
    pc = s[o + F_PC]
    if pc == DELAYED_START:
        immune = query(s, Q_CARD_IMMUNE, u, value=0, a=c, b=UF_FROM_HAND)
        if immune != 0:                   # 你懂的 (a ♣ delayed trick came from a hand)
            skill_log(s, u, immune, -1)
            s[H_RET] = 1
        else:
            s[o + F_PC] = DELAYED_NULLIFIED
            push_nullify(s, -1, u, c, k)
            return
        s[o + F_PC] = DELAYED_NULLIFIED
    if pc <= DELAYED_NULLIFIED:
        if s[H_RET] == 1:
            log_event(s, EV_NULLIFIED, u, c, 0)
            if k == K_LIGHTNING:
                pass_lightning(s, c, u)
            else:
                discard_card(s, c, u)
            pop_frame(s, 0)
            return
        s[o + F_PC] = DELAYED_JUDGED
        push_judge(s, u, k)
    elif pc == DELAYED_JUDGED:
        j = s[H_RET]
        if k == K_INDULGENCE:
            if judge_suit(s, u, j) != SUIT_HEART:
                s[P_TFLAGS + u] |= TF_SKIP_PLAY
            discard_card(s, c, u)
            pop_frame(s, 0)
            return
        # 闪电
        r = card_rank(s, j)
        if judge_suit(s, u, j) == SUIT_SPADE and r >= 2 and r <= 9:
            move_card(s, c, Z_PROC)
            s[o + F_PC] = DELAYED_DAMAGED
            push_damage(s, source=-1, tgt=u, card=c, kind=K_LIGHTNING, card2=-1, amount=3, flags=0)
            return
        pass_lightning(s, c, u)
        pop_frame(s, 0)
    else:
        if s[C_LOC + c] == Z_PROC:
            discard_card(s, c, u)
        pop_frame(s, 0)


# FR_JUDGE steps
JUDGE_REVEAL = 0   # reveal the top card
JUDGE_RETRIAL = 1  # TP_RETRIAL (鬼才 may replace it)
JUDGE_JUDGED = 2   # the judge keeps it (洛神) or TP_JUDGED (天妒)
JUDGE_DONE = 3     # discard it; return it


@njit(cache=True)
def run_judge(s, o):
    """Reveal the top card; retrials (鬼才) may replace it; the judge's own skills (天妒) see it;
    then it is discarded (or kept: 洛神). Returns the final judgement card."""
    u = s[o + F_USER]
    pc = s[o + F_PC]
    if pc == JUDGE_REVEAL:
        c = top_card(s)
        if c < 0:
            return
        s[o + F_CARD] = c
        log_event(s, EV_JUDGE, u, c, s[o + F_JUDGE_FOR])
        s[o + F_PC] = JUDGE_RETRIAL
        return
    if pc == JUDGE_RETRIAL:
        s[o + F_PC] = JUDGE_JUDGED
        fire(s, TP_RETRIAL, owner=-1, tgt=u, card=s[o + F_CARD], amount=0, extra=0, org=o)
        return
    c = s[o + F_CARD]
    if pc == JUDGE_JUDGED:
        s[o + F_PC] = JUDGE_DONE
        if judge_keeps(s, u, s[o + F_JUDGE_FOR], c):
            if s[C_LOC + c] == Z_PROC and alive(s, u):
                move_card(s, c, Z_HAND + u)
                log_event(s, EV_GAIN, u, c, -1)
            return
        fire(s, TP_JUDGED, u, u, c, amount=0, extra=0, org=o)
        return
    if s[C_LOC + c] == Z_PROC:
        move_card(s, c, Z_DISCARD)
    pop_frame(s, c)
