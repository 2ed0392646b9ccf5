"""The turn: FR_GAME (the turn loop), FR_TURN (the phases), FR_PLAY (the play phase) and
FR_DISCARD (the discard phase).
"""
import numpy as np

from ...fast.jit import njit
from ..constants import (
    A_CARD,
    A_PASS,
    A_SKILL,
    C_AS,
    C_LOC,
    C_ORD,
    DK_DISCARD,
    DK_PLAY,
    EV_PHASE,
    EV_SKIP,
    EV_TURN,
    F_PC,
    F_USER,
    H_ANSWER,
    H_CUR,
    H_DRAWN,
    H_HEROES,
    H_LASTKIND,
    H_MAX_ROUNDS,
    H_MODE,
    H_NCARDS,
    H_PHASE,
    H_ROUND,
    H_TURNS,
    K_NONE,
    K_SLASH,
    MAX_SKILL_SLOTS,
    MK_TURN,
    MODE_3V3,
    P_GIVEN,
    P_HANDN,
    P_HP,
    P_MARK,
    P_SLASHES,
    P_TFLAGS,
    P_USED,
    P_WEAPON,
    PH_DISCARD,
    PH_DRAW,
    PH_FINISH,
    PH_JUDGE,
    PH_NONE,
    PH_PLAY,
    PH_START,
    PUR_SPEAR,
    Q_HAND_LIMIT,
    Q_SKIP_DISCARD,
    RES_TRUNCATED,
    TF_SKIP_PLAY,
    TP_AFTER_DISCARD,
    TP_DRAW,
    TP_START,
    UF_PLAY,
    Z_HAND,
    Z_JUDGE,
)
from ..frames import (
    F_DIS_LEFT,
    F_JPH_LIMIT,
    F_SPEAR1,
    F_SPEAR2,
    SKILL_FROM_PLAY,
    push_delayed,
    push_discard,
    push_judge_phase,
    push_play,
    push_select,
    push_skill,
    push_turn,
    push_use,
)
from ..marks import mark, mark_hand
from ..mode3v3 import run_game_3v3
from ..rules import alive, any_legal_target, slash_allowed, spear_ready, usable_in_play
from ..skills.queries import query
from ..skills.registry import active_ok, fire
from ..state import (
    card_kind,
    discard_card,
    draw_cards,
    end_game,
    log_event,
    next_alive,
    pop_frame,
    pos_of,
    post_decision,
    slot_skill,
)

NOT_SET = 1 << 30    # F_JPH_LIMIT before the first delayed trick: above every stamp


# FR_GAME (identity mode) steps
GAME_TURN = 0  # start the turn of H_CUR
GAME_NEXT = 1  # the turn is over: the next seat's, or the round cap


@njit(cache=True)
def run_game(s, o):
    if s[H_MODE] == MODE_3V3:
        run_game_3v3(s, o)          # the 3v3 turn order (engine/mode3v3.py)
        return
    if s[o + F_PC] == GAME_TURN:
        s[o + F_PC] = GAME_NEXT
        s[H_TURNS] += 1
        log_event(s, EV_TURN, s[H_CUR], s[H_ROUND], 0)
        push_turn(s, s[H_CUR])
        return
    nxt = next_turn(s)
    if nxt < 0:
        end_game(s, RES_TRUNCATED, -1)
        return
    s[H_CUR] = nxt
    s[o + F_PC] = GAME_TURN


@njit(cache=True)
def next_turn(s):
    """Turn order, in one place: the seat whose turn follows the current player's, -1 if the round
    cap is reached. The next turn is the next living seat in table order (after 迁都, whoever sits
    after the current player now); a new round starts when the turn passes table position 0."""
    cur = s[H_CUR]
    nxt = next_alive(s, cur)
    if pos_of(s, nxt) <= pos_of(s, cur):
        s[H_ROUND] += 1
        if s[H_ROUND] > s[H_MAX_ROUNDS]:
            return -1
    return nxt


@njit(cache=True)
def set_phase(s, seat, phase):
    s[H_PHASE] = phase
    log_event(s, EV_PHASE, seat, phase, 0)


# FR_TURN steps: the phases, run in this order (each step moves to the next)
TURN_START = 0          # start phase (TP_START)
TURN_JUDGE = 1          # judgement phase: the delayed tricks
TURN_DRAW = 2           # draw phase: TP_DRAW may change the count (H_DRAWN) or skip it
TURN_DRAW_CARDS = 3     # draw H_DRAWN cards
TURN_PLAY = 4           # play phase (unless skipped)
TURN_DISCARD = 5        # discard phase: down to the hand limit
TURN_AFTER_DISCARD = 6  # TP_AFTER_DISCARD
TURN_FINISH = 7         # finish phase
TURN_END = 8            # the turn is over


@njit(cache=True)
def run_turn(s, o):
    u = s[o + F_USER]
    pc = s[o + F_PC]
    if not alive(s, u) or pc >= TURN_END:
        s[H_PHASE] = PH_NONE
        s[P_MARK + u] &= ~MK_TURN
        s[H_LASTKIND] = K_NONE
        pop_frame(s, 0)
        return
    s[o + F_PC] = pc + 1
    if pc == TURN_START:
        s[P_TFLAGS + u] = 0
        s[H_LASTKIND] = K_NONE
        set_phase(s, u, PH_START)
        fire(s, TP_START, u, tgt=-1, card=-1, amount=0, extra=0, org=o)
    elif pc == TURN_JUDGE:
        set_phase(s, u, PH_JUDGE)
        push_judge_phase(s, u, NOT_SET)
    elif pc == TURN_DRAW:
        set_phase(s, u, PH_DRAW)
        s[H_DRAWN] = 2
        fire(s, TP_DRAW, u, tgt=-1, card=-1, amount=0, extra=0, org=o)
    elif pc == TURN_DRAW_CARDS:
        draw_cards(s, u, s[H_DRAWN])
    elif pc == TURN_PLAY:
        if s[P_TFLAGS + u] & TF_SKIP_PLAY:
            log_event(s, EV_SKIP, u, PH_PLAY, 0)
        else:
            set_phase(s, u, PH_PLAY)
            s[P_SLASHES + u] = 0
            s[P_USED + u] = 0
            s[P_GIVEN + u] = 0
            push_play(s, u)
    elif pc == TURN_DISCARD:
        set_phase(s, u, PH_DISCARD)
        if query(s, Q_SKIP_DISCARD, u, value=0, a=0, b=0) != 0:
            log_event(s, EV_SKIP, u, PH_DISCARD, 0)
            return
        over = s[P_HANDN + u] - query(s, Q_HAND_LIMIT, u, max(s[P_HP + u], 0), a=0, b=0)
        if over > 0:
            push_discard(s, u, over)
    elif pc == TURN_AFTER_DISCARD:
        fire(s, TP_AFTER_DISCARD, u, tgt=-1, card=-1, amount=0, extra=0, org=o)
    elif pc == TURN_FINISH:
        set_phase(s, u, PH_FINISH)


@njit(cache=True)
def run_judge_phase(s, o):
    u = s[o + F_USER]
    if not alive(s, u):
        pop_frame(s, 0)
        return
    best = -1
    best_stamp = -1
    limit = s[o + F_JPH_LIMIT]
    z = Z_JUDGE + u
    for c in range(s[H_NCARDS]):
        if s[C_LOC + c] == z:
            st = s[C_ORD + c]
            if st < limit and st > best_stamp:
                best_stamp = st
                best = c
    if best < 0:
        pop_frame(s, 0)
        return
    s[o + F_JPH_LIMIT] = best_stamp
    push_delayed(s, u, best, s[C_AS + best])


# FR_PLAY steps
PLAY_ASK = 0     # ask for the next play-phase action
PLAY_ANSWER = 1  # a card, a skill, 丈八蛇矛, or end the phase
PLAY_SPEAR = 2   # the two 丈八蛇矛 cards are chosen: use them as a 杀


@njit(cache=True)
def run_play(s, o):
    u = s[o + F_USER]
    pc = s[o + F_PC]
    if pc == PLAY_ASK:
        if not alive(s, u):
            pop_frame(s, 0)
            return
        s[o + F_PC] = PLAY_ANSWER
        post_decision(s, u, DK_PLAY, card=-1, src=-1, tgt=-1, da=0, db=0, dc=0)
    elif pc == PLAY_ANSWER:
        a = s[H_ANSWER]
        if a == A_PASS:
            pop_frame(s, 0)
            return
        if a >= A_SKILL and a < A_SKILL + MAX_SKILL_SLOTS:
            s[o + F_PC] = PLAY_ASK
            sk = slot_skill(s, u, a - A_SKILL)
            push_skill(s, u, tgt=-1, card=-1, sk=sk, sub2=-1, tp=SKILL_FROM_PLAY, extra=0)
            return
        c = a - A_CARD
        if s[C_LOC + c] == Z_HAND + u:
            s[o + F_PC] = PLAY_ASK
            push_use(s, u, c, card_kind(s, c), -1, UF_PLAY)
        else:   # 丈八蛇矛: choose two hand cards, then use them as a 杀
            s[o + F_PC] = PLAY_SPEAR
            push_select(s, u, PUR_SPEAR, 2)
    else:
        s[o + F_PC] = PLAY_ASK
        push_use(s, u, s[o + F_SPEAR1], K_SLASH, s[o + F_SPEAR2], UF_PLAY)


@njit(cache=True)
def play_mask(s, d, out):
    """DK_PLAY (posted by FR_PLAY): a hand card usable now, 丈八蛇矛 as a 杀, an active skill, or
    end the phase (A_PASS)."""
    n = mark(out, A_PASS)
    z = Z_HAND + d
    known = np.int64(0)        # bit k: usable_in_play asked for kind k (no array allocated)
    usable = np.int64(0)       # bit k: kind k is usable
    # targets are chosen once the card has left the hand (空城 with the last card: the user
    # is no 借刀杀人 victim then): judge them with one card fewer, restored at once
    s[P_HANDN + d] -= s[H_HEROES]
    for c in range(s[H_NCARDS]):
        if s[C_LOC + c] == z:
            k = card_kind(s, c)
            bit = np.int64(1) << k
            if (known & bit) == 0:
                known |= bit
                if usable_in_play(s, d, k):
                    usable |= bit
            if (usable & bit) != 0:
                n += mark(out, A_CARD + c)
    s[P_HANDN + d] += s[H_HEROES]
    if spear_ready(s, d) and slash_allowed(s, d) and any_legal_target(s, d, K_SLASH):
        n += mark(out, A_CARD + s[P_WEAPON + d])
    if s[H_HEROES] != 0:
        for i in range(MAX_SKILL_SLOTS):
            sk = slot_skill(s, d, i)
            if sk != 0 and active_ok(s, d, sk, out):
                n += mark(out, A_SKILL + i)
    return n


# FR_DISCARD steps
DISCARD_ASK = 0     # ask for a card
DISCARD_ANSWER = 1  # discard it, ask again


@njit(cache=True)
def run_discard(s, o):
    u = s[o + F_USER]
    if s[o + F_PC] == DISCARD_ANSWER:
        discard_card(s, s[H_ANSWER] - A_CARD, u)
        s[o + F_DIS_LEFT] -= 1
    if s[o + F_DIS_LEFT] <= 0 or s[P_HANDN + u] == 0 or not alive(s, u):
        pop_frame(s, 0)
        return
    s[o + F_PC] = DISCARD_ANSWER
    post_decision(s, u, DK_DISCARD, card=-1, src=-1, tgt=-1, da=s[o + F_DIS_LEFT], db=0, dc=0)


@njit(cache=True)
def discard_mask(s, d, out):
    """DK_DISCARD (posted by FR_DISCARD): any hand card."""
    return mark_hand(s, d, K_NONE, out)
