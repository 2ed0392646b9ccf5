"""The frame machine: every rule of the game as resumable frames on an explicit stack.

``advance(s)`` runs the top frame until the game needs a decision (``H_DECIDER >= 0``) or ends.
A handler does one of three things each time it is called: posts a decision and sets its program
counter (``F_PC``) to the step that reads the answer (``H_ANSWER``); pushes a child frame and moves
its program counter on (the child's result comes back in ``H_RET``); or pops itself.

Frame kinds: FR_GAME (the turn loop), FR_TURN (the phases), FR_JUDGE_PHASE, FR_DELAYED, FR_JUDGE,
FR_PLAY, FR_USE (using a card), FR_EFFECT (its effect on one target), FR_ASK (a 闪 / 杀 asked),
FR_NULLIFY (the 无懈可击 chain), FR_DAMAGE, FR_DYING, FR_DISCARD, FR_SELECT, FR_PICK, FR_DSWORDS.
What each frame kind keeps in its slots is in ``frames.py`` (``F_USE_FLAGS``, ``F_DMG_AMOUNT``,
...); the steps of each handler's program counter are named just above the handler (``TURN_*``,
``USE_*``, ``EFF_*``, ``DMG_*``, ...).
"""
from .jit import njit

from .constants import (A_CARD, A_CONFIRM, A_OPTION, A_PASS, A_SKILL, A_TARGET, COLOR_BLACK,
                        COLOR_RED, C_AS, C_LOC, C_ORD, DF_DUEL, DF_SLASH, DK_AG,
                        DK_CONFIRM, DK_DISCARD, DK_DSWORDS, DK_JINK, DK_KYLIN, DK_NULLIFY, DK_PEACH,
                        DK_PICK, DK_PLAY, DK_SELECT, DK_SLASH, DK_TARGET, EV_ARMOR, EV_DAMAGE,
                        EV_DEATH, EV_DYING, EV_EQUIP, EV_GAIN, EV_JUDGE, EV_MOVE_DELAYED,
                        EV_NULLIFIED, EV_PASS, EV_PHASE, EV_PREVENT, EV_RESPOND, EV_SKIP, EV_TURN,
                        EV_USE, FRAME_BASE, FRAME_SIZE, FR_ASK, FR_DAMAGE, FR_DELAYED, FR_DISCARD,
                        FR_DRAFT, FR_DSWORDS, FR_DYING, FR_EFFECT, FR_GAME, FR_JUDGE,
                        FR_JUDGE_PHASE, FR_NULLIFY, FR_PENDING, FR_PICK, FR_PINDIAN, FR_PLAY,
                        FR_SELECT, FR_SKILL, FR_TRIGGER, FR_TURN, FR_USE, F_AS, F_CARD, F_KIND,
                        F_PC, F_SUB2, F_TGT, F_USER, HK_AIM, HK_DAMAGE, H_ANSWER, H_CUR, H_DECIDER,
                        H_DONE, H_DRAWN, H_DSKILL, H_DSKOWNER, H_ERR, H_FP, H_HEROES,
                        H_HOLD, H_LASTKIND, H_MAX_ROUNDS, H_MODE, H_NCARDS, H_NODIST, H_NP, H_PEND,
                        H_PHASE, H_RET, H_ROUND, H_TURNS, K_AMAZING_GRACE, K_ARCHERY, K_AXE,
                        K_BLADE, K_COLLATERAL, K_DISMANTLE, K_DOUBLE_SWORDS, K_DUEL,
                        K_EIGHT_DIAGRAM, K_EX_NIHILO, K_GOD_SALVATION, K_HORSE_MINUS, K_HORSE_PLUS,
                        K_ICE_SWORD, K_INDULGENCE, K_JINK, K_KYLIN_BOW, K_LIGHTNING, K_NIOH_SHIELD,
                        K_NONE, K_NULLIFICATION, K_PEACH, K_QINGGANG, K_SAVAGE, K_SLASH, K_SNATCH,
                        K_SPEAR, MAX_SKILL_SLOTS, MK_TURN, MODE_3V3, OPT_HAND, PH_DISCARD, PH_DRAW,
                        PH_FINISH, PH_JUDGE, PH_NONE, PH_PLAY, PH_START, PUR_ARCHERY, PUR_AXE,
                        PUR_BLADE, PUR_COLLATERAL, PUR_DISMANTLE, PUR_DSWORDS, PUR_DUEL,
                        PUR_ICE_SWORD, PUR_LORD, PUR_SAVAGE, PUR_SKILL_SLASH, PUR_SLASH, PUR_SNATCH,
                        PUR_SPEAR, P_ALIVE, P_ARMOR, P_DMG, P_GIVEN, P_HANDN, P_HP, P_KILLS, P_MARK,
                        P_MAXHP, P_MINUS, P_PLUS, P_REVEALED, P_ROLE, P_SLASHES, P_TFLAGS, P_USED,
                        P_WEAPON, RES_LORD, RES_REBEL, RES_RENEGADE, RES_TRUNCATED, ROLE_LORD,
                        ROLE_LOYALIST, ROLE_REBEL, ROLE_RENEGADE, SUIT_HEART, SUIT_SPADE,
                        TF_SKIP_PLAY, TF_SLASHED, TF_SLASH_USED, TP_AFTER_DISCARD, TP_AIMED,
                        TP_DAMAGED, TP_DAMAGE_DONE, TP_DRAW, TP_JUDGED, TP_PREVENT, TP_RETRIAL,
                        TP_SLASH_DODGED, TP_START, TP_TARGETED, UF_FROM_HAND, UF_NO_DODGE,
                        UF_NO_DODGE_T0, UF_NO_NULLIFY, UF_NO_RANGE, UF_PLAY, UF_PRESET, UF_QINGGANG,
                        UF_RED_SURE, Z_AG, Z_DISCARD, Z_EQUIP, Z_HAND, Z_JUDGE, Z_PROC)
from .frames import (F_ASK_ARMOR, F_ASK_NO_LORD, F_ASK_PURPOSE, F_ASK_TRIED, F_ASK_USE_FLAGS,
                     F_DIS_LEFT, F_DMG_AMOUNT, F_DMG_FLAGS, F_DMG_ICE_LEFT, F_DY_ASKED,
                     F_EFF_DUEL_OWED, F_EFF_DUEL_TURN, F_EFF_FLAGS, F_EFF_JINKS, F_EFF_VICTIM,
                     F_JPH_LIMIT, F_JUDGE_FOR, F_LORD_CARD1, F_LORD_CARD2, F_NUL_COUNT, F_NUL_NEXT,
                     F_NUL_SEAT, F_PICK_PURPOSE, F_SEL_DONE, F_SEL_LEFT, F_SEL_PURPOSE, F_SPEAR1,
                     F_SPEAR2, F_USE_FLAGS, F_USE_I, F_USE_NTGT, F_USE_TGT2, F_USE_TGT3,
                     F_USE_VICTIM)
from .state import (become_frame, bury, card_kind, card_rank, discard_card, slot_skill,
                    draw_cards, end_game, has_kind_in_hand, is_trick_kind, is_equip_kind,
                    judge_has, log_event, move_card, pop_frame, post_decision, push_frame,
                    random_hand_card, top_card, equip_slot_field, pos_of, rel_seat, seat_after)
from .rules import (alive, armor_kind, can_slash_target, extra_slash_target, next_alive, num_alive,
                    opposite_gender, peach_needs_target, pick_takes_judge, seat_distance,
                    slash_color, total_cards, weapon_kind)
from .draft import run_draft
from .mode3v3 import death_3v3, run_draft_3v3, run_game_3v3
from .skills.registry import fire, run_pending, run_skill, run_trigger, suspend_for_pending
from .skills.conversions import can_convert_to, converts_any
from .skills.judgement import judge_keeps
from .skills.modifiers import (after_jink, club_immune, draws_after_trick, duel_damage,
                               duel_slashes_needed, duel_void, fengwu_heal, hand_limit,
                               horse_limit_one,
                               jinks_needed, judge_color, judge_suit, skips_discard, slash_damage,
                               trick_skipped, trick_skips, virtual_diagram)
from .skills.targeting import guard_ends, guard_redirect
from .skills.lord import dami_bonus, rescue_bonus, response_ok
from .skills.common import heal, pile_holds, run_pindian, skill_log
from .skills.damage import hongyanjie_fill
from .skills.ids import SK_DIAOZHUO, SK_MENGLONG, SK_NIDONGDE, SK_FENGWU
from .history import aims_harm, hist_add, hist_nullify

NOT_SET = 1 << 30


# ---------------------------------------------------------------- small helpers
@njit(cache=True)
def can_answer_jink(s, seat, armor_ok, lord_ok):
    """Could seat answer a 闪 request: a 闪, a conversion, 八卦阵, or a lord skill (lord_ok)?"""
    if has_kind_in_hand(s, seat, K_JINK) or can_convert_to(s, seat, K_JINK) or lord_ok:
        return True
    return armor_ok and (armor_kind(s, seat) == K_EIGHT_DIAGRAM or virtual_diagram(s, seat))


@njit(cache=True)
def can_make_slash(s, seat):
    if has_kind_in_hand(s, seat, K_SLASH) or can_convert_to(s, seat, K_SLASH):
        return True
    return weapon_kind(s, seat) == K_SPEAR and s[P_HANDN + seat] >= 2


@njit(cache=True)
def lord_help(s, seat, dk, purpose, tried):
    """Slot+1 of a lord skill seat may call on for this request (护驾/激将), 0 if none."""
    if s[H_HEROES] == 0:
        return 0
    for i in range(MAX_SKILL_SLOTS):
        sk = slot_skill(s, seat, i)
        if sk != 0 and response_ok(s, seat, sk, dk, purpose, tried):
            return i + 1
    return 0


@njit(cache=True)
def axe_cost_payable(s, seat):
    n = s[P_HANDN + seat]
    for f in (P_ARMOR, P_PLUS, P_MINUS):
        if s[f + seat] >= 0:
            n += 1
    return n >= 2


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
    # nobody can take it: it stays where it is (already in owner's judgement zone)


@njit(cache=True)
def do_death(s, victim, killer):
    """Death: reveal, victory check first, then discard the victim's cards, then reward/penalty."""
    s[P_ALIVE + victim] = 0
    s[P_REVEALED + victim] = 1
    guard_ends(s, victim)           # 门神: a guard ends when its 秦琼 or the guarded one dies
    role = s[P_ROLE + victim]
    log_event(s, EV_DEATH, victim, killer, role)
    if killer >= 0 and killer != victim:
        s[P_KILLS + killer] += 1
    if s[H_MODE] == MODE_3V3:
        death_3v3(s, victim, killer)
        return
    n = s[H_NP]
    lord_alive = False
    rebels = 0
    renegades = 0
    living = 0
    last = -1
    for i in range(n):
        if s[P_ALIVE + i] == 1:
            living += 1
            last = i
            r = s[P_ROLE + i]
            if r == ROLE_LORD:
                lord_alive = True
            elif r == ROLE_REBEL:
                rebels += 1
            elif r == ROLE_RENEGADE:
                renegades += 1
    if not lord_alive:
        if living == 1 and s[P_ROLE + last] == ROLE_RENEGADE:
            end_game(s, RES_RENEGADE, last)
        else:
            end_game(s, RES_REBEL, -1)
        return
    if rebels == 0 and renegades == 0:
        end_game(s, RES_LORD, -1)
        return
    bury(s, victim)
    if killer >= 0 and s[P_ALIVE + killer] == 1:
        if role == ROLE_REBEL:
            draw_cards(s, killer, 3)
        elif role == ROLE_LOYALIST and s[P_ROLE + killer] == ROLE_LORD:
            for c in range(s[H_NCARDS]):
                z = s[C_LOC + c]
                if z == Z_HAND + killer or z == Z_EQUIP + killer:
                    discard_card(s, c, killer)


# ---------------------------------------------------------------- game / turn / phases
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
        push_frame(s, FR_TURN, s[H_CUR], -1, -1, 0, -1, 0, 0)
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
def set_phase(s, seat, ph):
    s[H_PHASE] = ph
    log_event(s, EV_PHASE, seat, ph, 0)


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
        fire(s, TP_START, u, -1, -1, 0, 0, o)
    elif pc == TURN_JUDGE:
        set_phase(s, u, PH_JUDGE)
        push_frame(s, FR_JUDGE_PHASE, u, -1, -1, 0, -1, NOT_SET, 0)
    elif pc == TURN_DRAW:
        set_phase(s, u, PH_DRAW)
        s[H_DRAWN] = 2
        fire(s, TP_DRAW, u, -1, -1, 0, 0, o)
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
            push_frame(s, FR_PLAY, u, -1, -1, 0, -1, 0, 0)
    elif pc == TURN_DISCARD:
        set_phase(s, u, PH_DISCARD)
        if skips_discard(s, u):
            log_event(s, EV_SKIP, u, PH_DISCARD, 0)
            return
        over = s[P_HANDN + u] - hand_limit(s, u)
        if over > 0:
            push_frame(s, FR_DISCARD, u, -1, -1, 0, -1, over, 0)
    elif pc == TURN_AFTER_DISCARD:
        fire(s, TP_AFTER_DISCARD, u, -1, -1, 0, 0, o)
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
    push_frame(s, FR_DELAYED, u, u, best, s[C_AS + best], -1, 0, 0)


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
        if club_immune(s, u, c, UF_FROM_HAND):      # 你懂的 (a ♣ delayed trick came from a hand)
            skill_log(s, u, SK_NIDONGDE, -1)
            s[H_RET] = 1
        else:
            s[o + F_PC] = DELAYED_NULLIFIED
            push_frame(s, FR_NULLIFY, -1, u, c, k, -1, 0, 0)
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
        push_frame(s, FR_JUDGE, u, -1, -1, 0, -1, k, 0)
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
            push_frame(s, FR_DAMAGE, -1, u, c, K_LIGHTNING, -1, 3, 0)
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
        fire(s, TP_RETRIAL, -1, u, s[o + F_CARD], 0, 0, o)
        return
    c = s[o + F_CARD]
    if pc == JUDGE_JUDGED:
        s[o + F_PC] = JUDGE_DONE
        if judge_keeps(s, u, s[o + F_JUDGE_FOR], c):
            if s[C_LOC + c] == Z_PROC and alive(s, u):
                move_card(s, c, Z_HAND + u)
                log_event(s, EV_GAIN, u, c, -1)
            return
        fire(s, TP_JUDGED, u, u, c, 0, 0, o)
        return
    if s[C_LOC + c] == Z_PROC:
        move_card(s, c, Z_DISCARD)
    pop_frame(s, c)


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
        post_decision(s, u, DK_PLAY, -1, -1, -1, 0, 0, 0)
    elif pc == PLAY_ANSWER:
        a = s[H_ANSWER]
        if a == A_PASS:
            pop_frame(s, 0)
            return
        if a >= A_SKILL and a < A_SKILL + MAX_SKILL_SLOTS:
            s[o + F_PC] = PLAY_ASK
            sk = slot_skill(s, u, a - A_SKILL)
            push_frame(s, FR_SKILL, u, -1, -1, sk, -1, -2, 0)
            return
        c = a - A_CARD
        if s[C_LOC + c] == Z_HAND + u:
            s[o + F_PC] = PLAY_ASK
            push_frame(s, FR_USE, u, -1, c, card_kind(s, c), -1, UF_PLAY, -1)
        else:   # 丈八蛇矛: choose two hand cards, then use them as a 杀
            s[o + F_PC] = PLAY_SPEAR
            push_frame(s, FR_SELECT, u, -1, -1, 0, -1, PUR_SPEAR, 2)
    else:
        s[o + F_PC] = PLAY_ASK
        push_frame(s, FR_USE, u, -1, s[o + F_SPEAR1], K_SLASH, s[o + F_SPEAR2], UF_PLAY, -1)


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
    post_decision(s, u, DK_DISCARD, -1, -1, -1, s[o + F_DIS_LEFT], 0, 0)


# FR_SELECT steps
SELECT_ASK = 0     # ask for a card
SELECT_ANSWER = 1  # take it, ask again


@njit(cache=True)
def run_select(s, o):
    u = s[o + F_USER]
    purpose = s[o + F_SEL_PURPOSE]
    if s[o + F_PC] == SELECT_ANSWER:
        c = s[H_ANSWER] - A_CARD
        if purpose == PUR_SPEAR:
            move_card(s, c, Z_PROC)
            parent = o - FRAME_SIZE
            s[parent + F_SPEAR1 + s[o + F_SEL_DONE]] = c      # (F_SPEAR1, F_SPEAR2)
        else:
            discard_card(s, c, u)
        s[o + F_SEL_DONE] += 1
        s[o + F_SEL_LEFT] -= 1
    if s[o + F_SEL_LEFT] <= 0:
        pop_frame(s, 1)
        return
    s[o + F_PC] = SELECT_ANSWER
    post_decision(s, u, DK_SELECT, -1, -1, -1, s[o + F_SEL_LEFT], purpose, 0)


# FR_PICK steps
PICK_ASK = 0     # ask for one of tgt's cards
PICK_ANSWER = 1  # take or discard it


@njit(cache=True)
def run_pick(s, o):
    u = s[o + F_USER]
    t = s[o + F_TGT]
    purpose = s[o + F_PICK_PURPOSE]
    if s[o + F_PC] == PICK_ASK:
        if not alive(s, t) or total_cards(s, t, pick_takes_judge(s, purpose)) == 0:
            pop_frame(s, 0)
            return
        s[o + F_PC] = PICK_ANSWER
        post_decision(s, u, DK_PICK, -1, u, t, 0, purpose, 0)
        return
    a = s[H_ANSWER]
    if a == A_OPTION + OPT_HAND:
        c = random_hand_card(s, t)
    else:
        c = a - A_CARD
    if purpose == PUR_SNATCH:
        move_card(s, c, Z_HAND + u)
        log_event(s, EV_GAIN, u, c, t)
    else:
        discard_card(s, c, t)
    pop_frame(s, c)


# FR_DSWORDS steps
DSWORDS_ASK = 0        # the user may use 雌雄双股剑
DSWORDS_CONFIRMED = 1  # ask the target: discard, or let the user draw
DSWORDS_ANSWER = 2     # the target answered


@njit(cache=True)
def run_dswords(s, o):
    u = s[o + F_USER]
    t = s[o + F_TGT]
    pc = s[o + F_PC]
    if pc == DSWORDS_ASK:
        s[o + F_PC] = DSWORDS_CONFIRMED
        post_decision(s, u, DK_CONFIRM, -1, u, t, 0, PUR_DSWORDS, 0)
    elif pc == DSWORDS_CONFIRMED:
        if s[H_ANSWER] == A_PASS or not alive(s, t):
            pop_frame(s, 0)
            return
        if s[P_HANDN + t] == 0:
            draw_cards(s, u, 1)
            pop_frame(s, 0)
            return
        s[o + F_PC] = DSWORDS_ANSWER
        post_decision(s, t, DK_DSWORDS, -1, u, t, 0, PUR_DSWORDS, 0)
    else:
        a = s[H_ANSWER]
        if a == A_PASS:
            draw_cards(s, u, 1)
        else:
            discard_card(s, a - A_CARD, t)
        pop_frame(s, 0)


# ---------------------------------------------------------------- using a card
@njit(cache=True)
def use_target(s, o, i):
    if i == 0:
        return s[o + F_TGT]
    if i == 1:
        return s[o + F_USE_TGT2]
    return s[o + F_USE_TGT3]


@njit(cache=True)
def sort_targets(s, o):
    """Put a use's targets (TGT, B, C) in action order: table order from the current player."""
    n = s[o + F_USE_NTGT]
    cur = s[H_CUR]
    for a in range(n):
        for b in range(n - 1 - a):
            x = use_target(s, o, b)
            y = use_target(s, o, b + 1)
            if rel_seat(s, cur, x) > rel_seat(s, cur, y):
                set_use_target(s, o, b, y)
                set_use_target(s, o, b + 1, x)


@njit(cache=True)
def set_use_target(s, o, i, t):
    if i == 0:
        s[o + F_TGT] = t
    elif i == 1:
        s[o + F_USE_TGT2] = t
    else:
        s[o + F_USE_TGT3] = t


@njit(cache=True)
def needs_target(k):
    return k == K_SLASH or k == K_DUEL or k == K_DISMANTLE or k == K_SNATCH \
        or k == K_INDULGENCE or k == K_COLLATERAL


@njit(cache=True)
def next_target_index(s, o, done_pc):
    """Walk an FR_USE frame's targets one step at a time (index in F_USE_I): the next index, or -1
    once all F_USE_NTGT targets are done (F_USE_I is reset and the frame goes on at done_pc)."""
    i = s[o + F_USE_I]
    if i >= s[o + F_USE_NTGT]:
        s[o + F_USE_I] = 0
        s[o + F_PC] = done_pc
        return -1
    s[o + F_USE_I] = i + 1
    return i


# FR_USE steps, in the order they run: START, TARGET (VICTIM), RESOLVE; a 杀 then
# TARGETED, AIMED, DSWORDS; then EFFECTS, END
USE_START = 0     # the card goes to the table; ask for the first target (or RESOLVE)
USE_TARGET = 1    # a target chosen (or CONFIRM: no more); more 杀 targets may follow
USE_VICTIM = 2    # 借刀杀人: the victim chosen
USE_RESOLVE = 3   # targets fixed: 门神, order, log; equipment and delayed tricks placed
USE_DSWORDS = 4   # 杀: 雌雄双股剑 on each target
USE_EFFECTS = 5   # one FR_EFFECT per target in turn
USE_END = 6       # discard the card(s) used
USE_TARGETED = 7  # 杀: each target's skills (TP_TARGETED: 流离)
USE_AIMED = 9     # 杀: the user's skills once per target (TP_AIMED: 柔情)


@njit(cache=True)
def run_use(s, o):
    u = s[o + F_USER]
    c = s[o + F_CARD]
    k = s[o + F_AS]
    sub2 = s[o + F_SUB2]
    pc = s[o + F_PC]
    if pc == USE_START:
        if c >= 0 and sub2 < 0 and s[C_LOC + c] == Z_HAND + u:
            s[o + F_USE_FLAGS] |= UF_FROM_HAND
        if c >= 0 and s[C_LOC + c] != Z_PROC:
            move_card(s, c, Z_PROC)
        if sub2 >= 0 and s[C_LOC + sub2] != Z_PROC:
            move_card(s, sub2, Z_PROC)
        if (s[o + F_USE_FLAGS] & UF_PRESET) or not (needs_target(k) or
                                            (k == K_PEACH and peach_needs_target(s, u))):
            s[o + F_PC] = USE_RESOLVE
            return
        s[o + F_USE_TGT2] = -1
        s[o + F_USE_TGT3] = -1
        s[o + F_USE_NTGT] = 0
        s[o + F_PC] = USE_TARGET
        s[H_HOLD] = 1       # the card left the hand now, but 连营 & co. come once targets are set
        post_decision(s, u, DK_TARGET, c, u, -1, k, 0, -1)
    elif pc == USE_TARGET:
        a = s[H_ANSWER]
        if a == A_CONFIRM:
            s[o + F_PC] = USE_RESOLVE
            return
        t = seat_after(s, u, a - A_TARGET)
        n = s[o + F_USE_NTGT]
        set_use_target(s, o, n, t)
        s[o + F_USE_NTGT] = n + 1
        if k == K_COLLATERAL:
            s[o + F_PC] = USE_VICTIM
            post_decision(s, u, DK_TARGET, c, u, t, k, 1, t)
            return
        if k == K_SLASH and (s[o + F_USE_FLAGS] & UF_PLAY) and \
                extra_slash_target(s, u, n + 1, s[o + F_TGT], s[o + F_USE_TGT2], s[o + F_USE_TGT3]):
            post_decision(s, u, DK_TARGET, c, u, t, k, n + 1, -1)
            return
        s[o + F_PC] = USE_RESOLVE
    elif pc == USE_VICTIM:
        # 借刀杀人 victim (the number of "effect" targets stays 1)
        s[o + F_USE_VICTIM] = seat_after(s, u, s[H_ANSWER] - A_TARGET)
        s[o + F_PC] = USE_RESOLVE
    elif pc == USE_RESOLVE:
        s[H_HOLD] = 0
        s[H_NODIST] = 0                  # (知心: its targets are chosen)
        s[o + F_USE_I] = 0
        if (k == K_SLASH or k == K_DUEL) and s[H_HEROES] != 0:
            guard_redirect(s, o)     # 门神: aimed at the guarded seat = aimed at its 秦琼
        if k == K_SLASH and s[o + F_USE_NTGT] > 1:
            sort_targets(s, o)
        t0 = s[o + F_TGT]
        log_event(s, EV_USE, u, c, t0)
        if aims_harm(k):                 # public history: harm aimed at each target
            for i in range(s[o + F_USE_NTGT]):
                hist_add(s, HK_AIM, u, use_target(s, o, i), k, 1)
            if k == K_COLLATERAL:        # 借刀杀人: at the wielder, and at the victim named
                hist_add(s, HK_AIM, u, s[o + F_USE_VICTIM], k, 1)
        if u == s[H_CUR]:
            s[H_LASTKIND] = k           # 奸雄 (英雄杀): the previous card used in this turn
        if is_trick_kind(k) and draws_after_trick(s, u, k):
            draw_cards(s, u, 1)          # 集智
        if k == K_SLASH:
            if s[o + F_USE_FLAGS] & UF_PLAY:
                s[P_SLASHES + u] += 1
            if s[H_CUR] == u and s[H_PHASE] == PH_PLAY:
                s[P_TFLAGS + u] |= TF_SLASHED | TF_SLASH_USED
            if weapon_kind(s, u) == K_QINGGANG:
                s[o + F_USE_FLAGS] |= UF_QINGGANG
            s[o + F_PC] = USE_TARGETED
            return
        if is_equip_kind(k):
            f = equip_slot_field(k)
            old = s[f + u]
            if old >= 0:
                discard_card(s, old, u)
            if (k == K_HORSE_PLUS or k == K_HORSE_MINUS) and horse_limit_one(s, u):
                other = s[P_MINUS + u] if k == K_HORSE_PLUS else s[P_PLUS + u]
                if other >= 0:
                    discard_card(s, other, u)
            move_card(s, c, Z_EQUIP + u)
            log_event(s, EV_EQUIP, u, c, 0)
            pop_frame(s, 1)
            return
        if k == K_INDULGENCE:
            move_card(s, c, Z_JUDGE + t0)
            s[C_AS + c] = K_INDULGENCE
            pop_frame(s, 1)
            return
        if k == K_LIGHTNING:
            move_card(s, c, Z_JUDGE + u)
            s[C_AS + c] = K_LIGHTNING
            pop_frame(s, 1)
            return
        if k == K_SAVAGE or k == K_ARCHERY:
            s[o + F_USE_NTGT] = num_alive(s) - 1          # number of targets (蝶魂 asks)
        elif k == K_GOD_SALVATION or k == K_AMAZING_GRACE:
            s[o + F_USE_NTGT] = num_alive(s)
        if k == K_AMAZING_GRACE:
            reveal = s[o + F_USE_NTGT]
            for i in range(s[H_NP]):
                if alive(s, i) and trick_skips(s, i, k, s[o + F_USE_NTGT]):
                    reveal -= 1         # 蝶魂: no card for her
            for _ in range(reveal):
                r = top_card(s)
                if r < 0:
                    return
                s[C_LOC + r] = Z_AG
        s[o + F_PC] = USE_EFFECTS
    elif pc == USE_DSWORDS:
        # 杀 targets chosen: 雌雄双股剑 on each target of the other gender
        i = next_target_index(s, o, USE_EFFECTS)
        if i < 0:
            return
        t = use_target(s, o, i)
        if weapon_kind(s, u) == K_DOUBLE_SWORDS and alive(s, u) and alive(s, t) \
                and opposite_gender(s, u, t):
            push_frame(s, FR_DSWORDS, u, t, c, k, -1, 0, 0)
    elif pc == USE_EFFECTS:
        i = s[o + F_USE_I]
        n = s[H_NP]
        t = -1
        if needs_target(k):
            if i < s[o + F_USE_NTGT]:
                t = use_target(s, o, i)
        elif k == K_SAVAGE or k == K_ARCHERY:
            if i < n - 1:
                t = seat_after(s, u, 1 + i)
        elif k == K_GOD_SALVATION or k == K_AMAZING_GRACE:
            if i < n:
                t = seat_after(s, u, i)
        elif k == K_PEACH and i == 0 and s[o + F_USE_NTGT] > 0:     # 救援: the chosen target
            t = s[o + F_TGT]
        elif i == 0:      # 无中生有, 桃: on the user
            t = u
        if t < 0:
            s[o + F_PC] = USE_END
            return
        s[o + F_USE_I] = i + 1
        if alive(s, t) and is_trick_kind(k) and trick_skips(s, t, k, s[o + F_USE_NTGT]):
            trick_skipped(s, t)           # 蝶魂
        elif alive(s, t):
            extra = -1
            if k == K_COLLATERAL:
                extra = s[o + F_USE_VICTIM]
            flags = s[o + F_USE_FLAGS]
            if needs_target(k) and (flags & (UF_NO_DODGE_T0 << i)):
                flags |= UF_NO_DODGE             # 柔情 judged red for this target
            push_frame(s, FR_EFFECT, u, t, c, k, sub2, flags, extra)
    elif pc == USE_TARGETED:
        # 杀 targets confirmed: each target's skills may answer (流离), in action order
        i = next_target_index(s, o, USE_AIMED)
        if i < 0:
            return
        fire(s, TP_TARGETED, use_target(s, o, i), u, c, i, 0, o)
    elif pc == USE_AIMED:
        # then the user's skills, once per (final) target (柔情)
        i = next_target_index(s, o, USE_DSWORDS)
        if i < 0:
            return
        fire(s, TP_AIMED, u, use_target(s, o, i), c, i, 0, o)
    else:   # USE_END
        if c >= 0 and s[C_LOC + c] == Z_PROC:
            discard_card(s, c, u)
        if sub2 >= 0 and s[C_LOC + sub2] == Z_PROC:
            discard_card(s, sub2, u)
        if k == K_AMAZING_GRACE:
            for r in range(s[H_NCARDS]):
                if s[C_LOC + r] == Z_AG:
                    discard_card(s, r, -1)
        pop_frame(s, 1)


# ---------------------------------------------------------------- effects on one target
# FR_EFFECT steps: START, NULLIFIED, then per card kind from RESOLVE on (杀: EFF_SLASH_*,
# 决斗: EFF_DUEL_*)
EFF_START = 0      # 你懂的; the 无懈可击 window of a trick
EFF_NULLIFIED = 1  # H_RET = 1 if the trick was cancelled
EFF_RESOLVE = 2    # the effect itself
EFF_ANSWERED = 3   # the target answered (AOE tricks, 五谷丰登, 过河拆桥, 借刀杀人)
EFF_DAMAGED = 4    # AOE tricks: the damage was dealt


@njit(cache=True)
def run_effect(s, o):
    u = s[o + F_USER]
    t = s[o + F_TGT]
    c = s[o + F_CARD]
    k = s[o + F_AS]
    pc = s[o + F_PC]
    if pc == EFF_START:
        if club_immune(s, t, c, s[o + F_EFF_FLAGS]):      # 你懂的
            skill_log(s, t, SK_NIDONGDE, u)
            log_event(s, EV_NULLIFIED, t, c, 0)
            pop_frame(s, 0)
            return
        if is_trick_kind(k) and (s[o + F_EFF_FLAGS] & UF_NO_NULLIFY) == 0:
            if k == K_GOD_SALVATION and s[P_HP + t] >= s[P_MAXHP + t]:
                pop_frame(s, 0)      # nothing to do: no 无懈 window either
                return
            s[o + F_PC] = EFF_NULLIFIED
            push_frame(s, FR_NULLIFY, u, t, c, k, -1, 0, 0)
            return
        s[o + F_PC] = EFF_RESOLVE
        return
    if pc == EFF_NULLIFIED:
        if s[H_RET] == 1:
            log_event(s, EV_NULLIFIED, t, c, 0)
            pop_frame(s, 0)
            return
        s[o + F_PC] = EFF_RESOLVE
        return
    if not alive(s, t) and pc == EFF_RESOLVE:
        pop_frame(s, 0)
        return
    if k == K_SLASH:
        effect_slash(s, o, u, t, c, pc)
    elif k == K_DUEL:
        effect_duel(s, o, u, t, c, pc)
    elif k == K_SAVAGE or k == K_ARCHERY:
        if pc == EFF_RESOLVE:
            s[o + F_PC] = EFF_ANSWERED
            if k == K_SAVAGE:
                push_frame(s, FR_ASK, t, u, c, DK_SLASH, -1, PUR_SAVAGE, 0)
            else:
                push_frame(s, FR_ASK, t, u, c, DK_JINK, -1, PUR_ARCHERY, 1)
        elif pc == EFF_ANSWERED:
            if s[H_RET] == 1:
                pop_frame(s, 0)
                return
            s[o + F_PC] = EFF_DAMAGED
            push_frame(s, FR_DAMAGE, u, t, c, k, -1, 1, 0)
        else:
            pop_frame(s, 0)
    elif k == K_EX_NIHILO:
        draw_cards(s, t, 2)
        pop_frame(s, 0)
    elif k == K_GOD_SALVATION or k == K_PEACH:
        heal(s, t, 1, u, K_PEACH if k == K_PEACH else -1)     # 桃园结义: no personal act
        pop_frame(s, 0)
    elif k == K_AMAZING_GRACE:
        if pc == EFF_RESOLVE:
            for r in range(s[H_NCARDS]):
                if s[C_LOC + r] == Z_AG:
                    s[o + F_PC] = EFF_ANSWERED
                    post_decision(s, t, DK_AG, c, u, t, 0, 0, 0)
                    return
            pop_frame(s, 0)
        else:
            r = s[H_ANSWER] - A_CARD
            move_card(s, r, Z_HAND + t)
            log_event(s, EV_GAIN, t, r, -1)
            pop_frame(s, 0)
    elif k == K_DISMANTLE or k == K_SNATCH:
        if pc == EFF_RESOLVE:
            s[o + F_PC] = EFF_ANSWERED
            push_frame(s, FR_PICK, u, t, c, k, -1, PUR_DISMANTLE if k == K_DISMANTLE else PUR_SNATCH, 0)
        else:
            pop_frame(s, 0)
    elif k == K_COLLATERAL:
        if pc == EFF_RESOLVE:
            if s[P_WEAPON + t] < 0:
                pop_frame(s, 0)
                return
            s[o + F_PC] = EFF_ANSWERED
            push_frame(s, FR_ASK, t, s[o + F_EFF_VICTIM], c, DK_SLASH, -1, PUR_COLLATERAL, 0)
        else:
            w = s[P_WEAPON + t]
            if s[H_RET] == 0 and w >= 0 and alive(s, u) and alive(s, t):
                move_card(s, w, Z_HAND + u)
                log_event(s, EV_GAIN, u, w, t)
            pop_frame(s, 0)
    else:
        pop_frame(s, 0)


# FR_EFFECT steps of a 杀 (after EFF_RESOLVE)
EFF_SLASH_ASK = 10       # ask for a 闪 while F_EFF_JINKS > 0
EFF_SLASH_ANSWERED = 11  # H_RET = 1 if a 闪 was given
EFF_SLASH_DODGED = 12    # dodged: the user's skills (TP_SLASH_DODGED)
EFF_SLASH_WEAPON = 13    # dodged: 青龙偃月刀, 贯石斧
EFF_SLASH_AXE = 14       # 贯石斧 confirmed (or not)
EFF_SLASH_AXE_PAID = 15  # 贯石斧's two cards are discarded: it hits
EFF_SLASH_HIT = 20       # deal the damage
EFF_SLASH_DONE = 21      # the damage was dealt


@njit(cache=True)
def effect_slash(s, o, u, t, c, pc):
    """杀 on one target. C = 闪 still needed."""
    if pc == EFF_RESOLVE:
        ignore_armor = (s[o + F_EFF_FLAGS] & UF_QINGGANG) != 0
        if not ignore_armor and armor_kind(s, t) == K_NIOH_SHIELD \
                and slash_color(s, c, s[o + F_SUB2]) == COLOR_BLACK:
            log_event(s, EV_ARMOR, t, s[P_ARMOR + t], c)
            pop_frame(s, 0)
            return
        s[o + F_EFF_JINKS] = jinks_needed(s, u)
        s[o + F_PC] = EFF_SLASH_ASK
        if (s[o + F_EFF_FLAGS] & UF_NO_DODGE) or ((s[o + F_EFF_FLAGS] & UF_RED_SURE)
                                          and slash_color(s, c, s[o + F_SUB2]) == COLOR_RED):
            s[o + F_PC] = EFF_SLASH_HIT      # 柔情 judged red; 反击: a red 杀 — no 闪 is asked
    elif pc == EFF_SLASH_ASK:
        if s[o + F_EFF_JINKS] <= 0:
            s[o + F_PC] = EFF_SLASH_DODGED      # dodged
            return
        s[o + F_PC] = EFF_SLASH_ANSWERED
        armor_ok = 0 if (s[o + F_EFF_FLAGS] & UF_QINGGANG) else 1
        push_frame(s, FR_ASK, t, u, c, DK_JINK, -1, PUR_SLASH, armor_ok)
    elif pc == EFF_SLASH_ANSWERED:
        if s[H_RET] == 1:
            s[o + F_EFF_JINKS] -= 1
            s[o + F_PC] = EFF_SLASH_ASK
        else:
            s[o + F_PC] = EFF_SLASH_HIT
    elif pc == EFF_SLASH_DODGED:
        # the 杀 was dodged: the user's skills (强掠), then his weapon's effects
        s[o + F_PC] = EFF_SLASH_WEAPON
        if alive(s, u) and alive(s, t):
            fire(s, TP_SLASH_DODGED, u, t, c, 0, 0, o)
    elif pc == EFF_SLASH_WEAPON:
        wk = weapon_kind(s, u)
        if not alive(s, u) or not alive(s, t):
            pop_frame(s, 0)
            return
        if wk == K_BLADE and can_make_slash(s, u):
            # this effect is over: the frame itself becomes the 青龙偃月刀 ask (and, if a 杀 is
            # given, that 杀's use), so a chain of follow-ups grows the stack by one frame each
            become_frame(s, o, FR_ASK, u, t, c, DK_SLASH, -1, PUR_BLADE, 0)
            return
        if wk == K_AXE and axe_cost_payable(s, u):
            s[o + F_PC] = EFF_SLASH_AXE
            post_decision(s, u, DK_CONFIRM, c, u, t, 0, PUR_AXE, 0)
            return
        pop_frame(s, 0)
    elif pc == EFF_SLASH_AXE:
        if s[H_ANSWER] == A_PASS:
            pop_frame(s, 0)
            return
        s[o + F_PC] = EFF_SLASH_AXE_PAID
        push_frame(s, FR_SELECT, u, -1, -1, 0, -1, PUR_AXE, 2)
    elif pc == EFF_SLASH_AXE_PAID:
        s[o + F_PC] = EFF_SLASH_HIT
    elif pc == EFF_SLASH_HIT:
        s[o + F_PC] = EFF_SLASH_DONE
        push_frame(s, FR_DAMAGE, u, t, c, K_SLASH, s[o + F_SUB2], slash_damage(s, u), DF_SLASH)
    else:   # EFF_SLASH_DONE
        pop_frame(s, 0)


# FR_EFFECT steps of a 决斗 (after EFF_RESOLVE)
EFF_DUEL_ASK = 30       # ask the responder for a 杀
EFF_DUEL_ANSWERED = 31  # H_RET = 1 if a 杀 was played
EFF_DUEL_DONE = 32      # the loser was damaged


@njit(cache=True)
def effect_duel(s, o, u, t, c, pc):
    """决斗: the target plays 杀 first; C = whose turn to play (0 target, 1 user), D = 杀 the
    responder still owes this time (霸王: two against 项羽; 女权: two for a male)."""
    if pc == EFF_RESOLVE:
        if duel_void(s, u, t):
            log_event(s, EV_NULLIFIED, t, c, 0)      # 女权
            pop_frame(s, 0)
            return
        s[o + F_EFF_DUEL_TURN] = 0
        s[o + F_EFF_DUEL_OWED] = duel_slashes_needed(s, u, t, u)
        s[o + F_PC] = EFF_DUEL_ASK
    elif pc == EFF_DUEL_ASK:
        responder = t if s[o + F_EFF_DUEL_TURN] == 0 else u
        other = u if s[o + F_EFF_DUEL_TURN] == 0 else t
        s[o + F_PC] = EFF_DUEL_ANSWERED
        push_frame(s, FR_ASK, responder, other, c, DK_SLASH, -1, PUR_DUEL, 0)
    elif pc == EFF_DUEL_ANSWERED:
        if s[H_RET] == 1:
            s[o + F_EFF_DUEL_OWED] -= 1
            if s[o + F_EFF_DUEL_OWED] <= 0:
                s[o + F_EFF_DUEL_TURN] = 1 - s[o + F_EFF_DUEL_TURN]
                s[o + F_EFF_DUEL_OWED] = duel_slashes_needed(
                    s, u, t if s[o + F_EFF_DUEL_TURN] == 0 else u,
                    t if s[o + F_EFF_DUEL_TURN] == 1 else u)
            s[o + F_PC] = EFF_DUEL_ASK
            return
        loser = t if s[o + F_EFF_DUEL_TURN] == 0 else u
        winner = u if s[o + F_EFF_DUEL_TURN] == 0 else t
        s[o + F_PC] = EFF_DUEL_DONE
        push_frame(s, FR_DAMAGE, winner, loser, c, K_DUEL, -1, duel_damage(s, u, winner),
                   DF_DUEL)
    else:   # EFF_DUEL_DONE
        pop_frame(s, 0)


# ---------------------------------------------------------------- responses
# FR_ASK steps
ASK_START = 0    # can the seat answer at all? ask
ASK_ANSWER = 1   # a card, 八卦阵 / 朦胧, a lord skill, 丈八蛇矛, or PASS
ASK_DIAGRAM = 2  # the 八卦阵 judgement is in H_RET
ASK_SPEAR = 3    # the two 丈八蛇矛 cards are chosen: answer with them
ASK_LORD = 4     # the lord skill's helpers answered (H_RET)


@njit(cache=True)
def run_ask(s, o):
    """Ask F_USER for a 闪 (as = DK_JINK) or a 杀 (as = DK_SLASH). Returns 1 if one was given.

    For purposes that *use* a 杀 (借刀杀人, 青龙偃月刀) the frame turns into that 杀's FR_USE."""
    r = s[o + F_USER]
    tgt = s[o + F_TGT]
    dk = s[o + F_AS]
    purpose = s[o + F_ASK_PURPOSE]
    pc = s[o + F_PC]
    if pc == ASK_START:
        if not alive(s, r):
            pop_frame(s, 0)
            return
        lord_ok = lord_help(s, r, dk, purpose, s[o + F_ASK_NO_LORD] == 1) > 0
        if dk == DK_JINK:
            armor_ok = s[o + F_ASK_ARMOR] == 1 and s[o + F_ASK_TRIED] == 0
            if not can_answer_jink(s, r, armor_ok, lord_ok):
                pop_frame(s, 0)
                return
            s[o + F_PC] = ASK_ANSWER
            # context: src = the attacker, tgt = the responder
            post_decision(s, r, DK_JINK, s[o + F_CARD], tgt, r, 1 if armor_ok else 0, purpose, 0)
            return
        if purpose == PUR_COLLATERAL and not can_slash_target(s, r, tgt, True):
            pop_frame(s, 0)
            return
        if (purpose == PUR_BLADE or purpose == PUR_SKILL_SLASH) and \
                not can_slash_target(s, r, tgt, False):
            pop_frame(s, 0)
            return
        if not can_make_slash(s, r) and not lord_ok:
            pop_frame(s, 0)
            return
        s[o + F_PC] = ASK_ANSWER
        if purpose == PUR_COLLATERAL or purpose == PUR_BLADE or purpose == PUR_SKILL_SLASH:
            # context: the 杀 would be used by r on tgt
            post_decision(s, r, DK_SLASH, s[o + F_CARD], r, tgt, 0, purpose, 0)
            if purpose == PUR_SKILL_SLASH:      # the skill frame below asks (反击, 朴刀)
                s[H_DSKILL] = s[o - FRAME_SIZE + F_AS]
                s[H_DSKOWNER] = r
        else:
            # context: src = the opponent demanding the 杀, tgt = the responder
            post_decision(s, r, DK_SLASH, s[o + F_CARD], tgt, r, 0, purpose, 0)
        return
    if pc == ASK_ANSWER:
        a = s[H_ANSWER]
        if a == A_PASS:
            log_event(s, EV_PASS, r, dk, 0)
            pop_frame(s, 0)
            return
        if a >= A_SKILL and slot_skill(s, r, a - A_SKILL) == SK_MENGLONG:
            # 朦胧: the 八卦阵 he counts as wearing
            s[o + F_ASK_TRIED] = 1
            s[o + F_PC] = ASK_DIAGRAM
            skill_log(s, r, SK_MENGLONG, -1)
            push_frame(s, FR_JUDGE, r, -1, -1, 0, -1, K_EIGHT_DIAGRAM, 0)
            return
        if a >= A_SKILL:       # a lord skill asks the others (护驾, 激将)
            sk = slot_skill(s, r, a - A_SKILL)
            s[o + F_PC] = ASK_LORD
            push_frame(s, FR_SKILL, r, tgt, s[o + F_CARD], sk, dk, -1, purpose)
            return
        c = a - A_CARD
        kind = K_JINK if dk == DK_JINK else K_SLASH
        if s[C_LOC + c] == Z_HAND + r or converts_any(s, r, c, kind):
            answer_with(s, o, r, c, -1)
            return
        if card_kind(s, c) == K_EIGHT_DIAGRAM:
            s[o + F_ASK_TRIED] = 1
            s[o + F_PC] = ASK_DIAGRAM
            log_event(s, EV_ARMOR, r, c, -1)
            push_frame(s, FR_JUDGE, r, -1, -1, 0, -1, K_EIGHT_DIAGRAM, 0)
            return
        s[o + F_PC] = ASK_SPEAR        # 丈八蛇矛
        push_frame(s, FR_SELECT, r, -1, -1, 0, -1, PUR_SPEAR, 2)
        return
    if pc == ASK_DIAGRAM:
        if judge_color(s, r, s[H_RET]) == COLOR_RED:
            log_event(s, EV_RESPOND, r, s[P_ARMOR + r], 1)
            after_jink(s, r)             # 图强
            pop_frame(s, 1)
        else:
            s[o + F_PC] = ASK_START
        return
    if pc == ASK_LORD:
        if s[H_RET] == 1:
            pop_frame(s, 1)
        else:
            s[o + F_ASK_NO_LORD] = 1     # nobody helped: he is asked again, without the lord skill
            s[o + F_PC] = ASK_START
        return
    answer_with(s, o, r, s[o + F_SPEAR1], s[o + F_SPEAR2])      # ASK_SPEAR


@njit(cache=True)
def answer_with(s, o, r, c, c2):
    purpose = s[o + F_ASK_PURPOSE]
    if purpose == PUR_COLLATERAL or purpose == PUR_BLADE or purpose == PUR_SKILL_SLASH:
        flags = UF_PRESET | (UF_NO_RANGE if purpose != PUR_COLLATERAL else 0)
        if purpose == PUR_SKILL_SLASH:
            flags |= s[o + F_ASK_USE_FLAGS]      # the skill's UF_* flags (反击: UF_RED_SURE)
        become_frame(s, o, FR_USE, r, s[o + F_TGT], c, K_SLASH, c2, flags, -1)
        s[o + F_USE_TGT3] = -1
        s[o + F_USE_NTGT] = 1   # one preset target
        return
    log_event(s, EV_RESPOND, r, c, c2)
    if s[o + F_AS] == DK_SLASH and s[H_CUR] == r and s[H_PHASE] == PH_PLAY:
        s[P_TFLAGS + r] |= TF_SLASHED
    if purpose == PUR_LORD:
        # played on the lord's behalf: the lord's skill frame (below) takes the card(s)
        parent = o - FRAME_SIZE
        move_card(s, c, Z_PROC)
        s[parent + F_LORD_CARD1] = c
        if c2 >= 0:
            move_card(s, c2, Z_PROC)
        s[parent + F_LORD_CARD2] = c2
        if s[o + F_AS] == DK_JINK:
            after_jink(s, r)             # 图强
        pop_frame(s, 1)
        return
    discard_card(s, c, r)
    if c2 >= 0:
        discard_card(s, c2, r)
    if s[o + F_AS] == DK_JINK:
        after_jink(s, r)                 # 图强
    pop_frame(s, 1)


# FR_NULLIFY steps
NUL_ASK = 0     # ask the next seat that holds a 无懈可击
NUL_ANSWER = 1  # it played one (a new link) or passed


@njit(cache=True)
def run_nullify(s, o):
    """The 无懈可击 chain for one trick on one target: offered in seat order from the current
    player (table order), each player once per link; a played 无懈可击 starts a new link. Odd
    count cancels."""
    n = s[H_NP]
    if s[o + F_PC] == NUL_ANSWER:
        a = s[H_ANSWER]
        if a != A_PASS:
            c = a - A_CARD
            seat = s[o + F_NUL_SEAT]
            if card_kind(s, c) != K_NULLIFICATION:
                skill_log(s, seat, SK_DIAOZHUO, -1)        # 雕琢: a black card as 无懈可击
            log_event(s, EV_USE, seat, c, -1)
            hist_nullify(s, seat, s[o + F_TGT], s[o + F_AS], s[o + F_NUL_COUNT])
            discard_card(s, c, seat)
            if draws_after_trick(s, seat, K_NULLIFICATION):
                draw_cards(s, seat, 1)        # 集智
            s[o + F_NUL_COUNT] += 1
            s[o + F_NUL_NEXT] = 0
    cur = s[H_CUR]
    i = s[o + F_NUL_NEXT]
    while i < n:
        seat = seat_after(s, cur, i)
        i += 1
        if s[P_ALIVE + seat] == 1 and (has_kind_in_hand(s, seat, K_NULLIFICATION)
                                       or can_convert_to(s, seat, K_NULLIFICATION)):   # 雕琢
            s[o + F_NUL_NEXT] = i
            s[o + F_NUL_SEAT] = seat
            s[o + F_PC] = NUL_ANSWER
            post_decision(s, seat, DK_NULLIFY, s[o + F_CARD], s[o + F_USER], s[o + F_TGT],
                          s[o + F_AS], s[o + F_NUL_COUNT], 0)
            return
    pop_frame(s, s[o + F_NUL_COUNT] % 2)


# ---------------------------------------------------------------- damage, dying
# FR_DAMAGE steps, in the order they run: START, (ICE, ICE_PICK), KYLIN,
# (KYLIN_ANSWER), PREVENT, DEAL, AFTER, DONE, END
DMG_START = 0         # 寒冰剑 may be offered
DMG_ICE = 1           # 寒冰剑 used (or not)
DMG_ICE_PICK = 2      # 寒冰剑: discard the target's cards instead of the damage
DMG_KYLIN = 3         # 麒麟弓 may be offered
DMG_KYLIN_ANSWER = 4  # 麒麟弓: the horse discarded (or not)
DMG_PREVENT = 5       # TP_PREVENT: skills may lower F_DMG_AMOUNT
DMG_AFTER = 6         # after the damage (and any dying): TP_DAMAGED
DMG_DEAL = 7          # deal F_DMG_AMOUNT; the dying procedure at 0 HP
DMG_DONE = 8          # TP_DAMAGE_DONE
DMG_END = 9           # over


@njit(cache=True)
def run_damage(s, o):
    src = s[o + F_USER]
    t = s[o + F_TGT]
    pc = s[o + F_PC]
    if pc == DMG_START:
        if src >= 0 and not alive(s, src):
            s[o + F_USER] = -1
            src = -1
        if not alive(s, t):
            pop_frame(s, 0)
            return
        if src >= 0 and (s[o + F_DMG_FLAGS] & DF_SLASH) and weapon_kind(s, src) == K_ICE_SWORD \
                and total_cards(s, t, pick_takes_judge(s, PUR_ICE_SWORD)) > 0:
            s[o + F_PC] = DMG_ICE
            post_decision(s, src, DK_CONFIRM, s[o + F_CARD], src, t, 0, PUR_ICE_SWORD, 0)
            return
        s[o + F_PC] = DMG_KYLIN
    elif pc == DMG_ICE:
        if s[H_ANSWER] == A_CONFIRM:
            log_event(s, EV_PREVENT, src, t, s[P_WEAPON + src])
            s[o + F_DMG_ICE_LEFT] = 2
            s[o + F_PC] = DMG_ICE_PICK
        else:
            s[o + F_PC] = DMG_KYLIN
    elif pc == DMG_ICE_PICK:
        if s[o + F_DMG_ICE_LEFT] <= 0 or total_cards(s, t, pick_takes_judge(s, PUR_ICE_SWORD)) == 0:
            pop_frame(s, 0)
            return
        s[o + F_DMG_ICE_LEFT] -= 1
        push_frame(s, FR_PICK, src, t, -1, 0, -1, PUR_ICE_SWORD, 0)
    elif pc == DMG_KYLIN:
        if src >= 0 and (s[o + F_DMG_FLAGS] & DF_SLASH) and weapon_kind(s, src) == K_KYLIN_BOW \
                and (s[P_PLUS + t] >= 0 or s[P_MINUS + t] >= 0):
            s[o + F_PC] = DMG_KYLIN_ANSWER
            post_decision(s, src, DK_KYLIN, s[o + F_CARD], src, t, 0, 0, 0)
            return
        s[o + F_PC] = DMG_PREVENT
    elif pc == DMG_KYLIN_ANSWER:
        a = s[H_ANSWER]
        if a != A_PASS:
            discard_card(s, a - A_CARD, t)
        s[o + F_PC] = DMG_PREVENT
    elif pc == DMG_PREVENT:
        s[o + F_PC] = DMG_DEAL
        fire(s, TP_PREVENT, -1, t, s[o + F_CARD], s[o + F_DMG_AMOUNT], 0, o)      # 急救
    elif pc == DMG_DEAL:
        n = s[o + F_DMG_AMOUNT]
        if n <= 0:
            log_event(s, EV_PREVENT, src, t, -1)
            pop_frame(s, 0)
            return
        near = src >= 0 and fengwu_heal(s, src, t, seat_distance(s, src, t))
        s[P_HP + t] -= n
        if src >= 0:
            s[P_DMG + src] += n
        log_event(s, EV_DAMAGE, src, t, n)
        hist_add(s, HK_DAMAGE, src, t, s[o + F_AS], n)
        if near and s[P_HP + src] < s[P_MAXHP + src]:
            skill_log(s, src, SK_FENGWU, t)      # 凤舞九天: 1 HP per point dealt within distance 1
            heal(s, src, n, src, K_NONE)
        s[o + F_PC] = DMG_AFTER
        if s[P_HP + t] <= 0:
            push_frame(s, FR_DYING, src, t, -1, 0, -1, 0, 0)
    elif pc == DMG_AFTER:
        # after the damage (and any dying): the victim's skills, if he survived
        s[o + F_PC] = DMG_DONE
        if alive(s, t):
            fire(s, TP_DAMAGED, t, s[o + F_USER], s[o + F_CARD], s[o + F_DMG_AMOUNT], s[o + F_SUB2],
                 o)
    elif pc == DMG_DONE:
        # anyone's skills answering damage dealt (朴刀), the victim alive or not
        s[o + F_PC] = DMG_END
        fire(s, TP_DAMAGE_DONE, -1, t, s[o + F_CARD], s[o + F_DMG_AMOUNT], 0, o)
    else:   # DMG_END
        pop_frame(s, 0)


# FR_DYING steps
DYING_START = 0   # 红颜劫; then ask for 桃
DYING_ASK = 1     # ask the next seat that can give a 桃
DYING_ANSWER = 2  # a 桃 given, or the seat declined


@njit(cache=True)
def run_dying(s, o):
    """Ask for 桃 in table order from the current player, each until he declines. A card a skill
    turns into 桃 (回春, outside its owner's turn) may be used too."""
    v = s[o + F_TGT]
    n = s[H_NP]
    pc = s[o + F_PC]
    if pc == DYING_START:
        log_event(s, EV_DYING, v, 0, 0)
        s[o + F_DY_ASKED] = 0
        s[o + F_PC] = DYING_ASK
        if hongyanjie_fill(s, v):       # 红颜劫 (不屈): he does not die
            pop_frame(s, 0)
            return
    elif pc == DYING_ANSWER:
        a = s[H_ANSWER]
        seat = seat_after(s, s[H_CUR], s[o + F_DY_ASKED])
        if a == A_PASS:
            s[o + F_DY_ASKED] += 1
        else:
            c = a - A_CARD
            log_event(s, EV_USE, seat, c, v)
            discard_card(s, c, seat)
            # 救援 (英雄杀 民 lord): a 君's 药 heals 2; 大米 (吴 lord): a 吴's own 桃 heals 2
            heal(s, v, 1 + rescue_bonus(s, seat, v) + dami_bonus(s, seat, v), seat, K_PEACH)
        s[o + F_PC] = DYING_ASK
    if s[P_HP + v] >= 1 or pile_holds(s, v):
        pop_frame(s, 0)
        return
    i = s[o + F_DY_ASKED]
    while i < n:
        seat = seat_after(s, s[H_CUR], i)
        if s[P_ALIVE + seat] == 1 and (has_kind_in_hand(s, seat, K_PEACH)
                                       or can_convert_to(s, seat, K_PEACH)):     # 回春
            s[o + F_DY_ASKED] = i
            s[o + F_PC] = DYING_ANSWER
            post_decision(s, seat, DK_PEACH, -1, s[o + F_USER], v, 1 - s[P_HP + v], 0, 0)
            return
        i += 1
    do_death(s, v, s[o + F_USER])
    pop_frame(s, 0)


# ---------------------------------------------------------------- the driver
@njit(cache=True)
def advance(s):
    """Run frames until a decision is pending or the game is over."""
    while s[H_DONE] == 0:
        if s[H_PEND] != 0 and s[H_HOLD] == 0:
            suspend_for_pending(s)         # 连营 / 枭姬 first, even before a posted decision
        elif s[H_DECIDER] >= 0:
            return
        if s[H_FP] <= 0:
            s[H_ERR] = 2
            end_game(s, RES_TRUNCATED, -1)
            return
        o = FRAME_BASE + (s[H_FP] - 1) * FRAME_SIZE
        k = s[o + F_KIND]
        if k == FR_GAME:
            run_game(s, o)
        elif k == FR_TURN:
            run_turn(s, o)
        elif k == FR_JUDGE_PHASE:
            run_judge_phase(s, o)
        elif k == FR_DELAYED:
            run_delayed(s, o)
        elif k == FR_JUDGE:
            run_judge(s, o)
        elif k == FR_PLAY:
            run_play(s, o)
        elif k == FR_USE:
            run_use(s, o)
        elif k == FR_EFFECT:
            run_effect(s, o)
        elif k == FR_ASK:
            run_ask(s, o)
        elif k == FR_NULLIFY:
            run_nullify(s, o)
        elif k == FR_DAMAGE:
            run_damage(s, o)
        elif k == FR_DYING:
            run_dying(s, o)
        elif k == FR_DISCARD:
            run_discard(s, o)
        elif k == FR_SELECT:
            run_select(s, o)
        elif k == FR_PICK:
            run_pick(s, o)
        elif k == FR_DSWORDS:
            run_dswords(s, o)
        elif k == FR_SKILL:
            run_skill(s, o)
        elif k == FR_TRIGGER:
            run_trigger(s, o)
        elif k == FR_PENDING:
            run_pending(s, o)
        elif k == FR_DRAFT:
            if s[H_MODE] == MODE_3V3:
                run_draft_3v3(s, o)
            else:
                run_draft(s, o)
        elif k == FR_PINDIAN:
            run_pindian(s, o)
        else:
            s[H_ERR] = 3
            end_game(s, RES_TRUNCATED, -1)
            return
