"""The exact legal-action mask of the pending decision.

``legal_mask(s, out)`` fills ``out`` (int8, ``NUM_ACTIONS``) and returns how many actions are
legal. An action is legal iff the frame that asked can carry it out; both sides use the queries of
``rules.py``, and ``tests/test_random_play.py`` checks the equivalence on every step.
"""
import numpy as np
from .jit import njit

from .constants import (A_CARD, A_CONFIRM, A_HERO, A_OPTION, A_PASS, A_SKILL, A_TARGET, C_LOC,
                        DK_AG, DK_CONFIRM, DK_DISCARD, DK_DSWORDS, DK_HERO, DK_JINK, DK_KYLIN,
                        DK_NULLIFY, DK_ORDER, DK_PEACH, DK_PICK, DK_PLAY, DK_SELECT, DK_SKILL_CARD,
                        DK_SKILL_OPTION, DK_SKILL_TARGET, DK_SLASH, DK_TARGET, DK_WHO_ACTS,
                        FRAME_BASE, FRAME_SIZE, F_B, F_C, F_SUB2, F_TGT, H_DA, H_DB, H_DC,
                        H_DECIDER, H_DKIND, H_DONE, H_DTGT, H_FP, H_HEROES, H_MODE, H_NCARDS, H_NP,
                        K_EIGHT_DIAGRAM, K_JINK, K_NONE, K_NULLIFICATION, K_PEACH, K_SLASH, K_SPEAR,
                        MAX_OFFER, MAX_SKILL_SLOTS, MODE_3V3, NUM_ACTIONS, NUM_KINDS, OFFER_BASE,
                        OPT_FIRST, OPT_HAND, OPT_SECOND, PUR_AXE, PUR_COLLATERAL, P_ARMOR, P_HANDN,
                        P_MINUS, P_PLUS, P_WEAPON, Z_AG, Z_HAND, Z_JUDGE)
from .state import card_kind, seat_after, skill_slot, slot_skill
from .rules import (any_legal_target, armor_kind, can_slash_target, legal_target, pick_takes_judge,
                    slash_allowed, usable_in_play, weapon_kind)
from .skills.registry import active_ok, skill_mask
from .skills.conversions import collateral_ok, mark_converted
from .skills.lord import response_ok
from .skills.modifiers import virtual_diagram
from .skills.ids import SK_MENGLONG
from .mode3v3 import who_acts_mask

assert NUM_KINDS <= 63, "legal_mask keeps one bit per card kind in an int64"


@njit(cache=True)
def _mark(out, a):
    out[a] = 1
    return 1


@njit(cache=True)
def _hand_of_kind(s, seat, kind, out):
    """Mark hand cards of a kind (kind K_NONE = every hand card)."""
    n = 0
    z = Z_HAND + seat
    for c in range(s[H_NCARDS]):
        if s[C_LOC + c] == z and (kind == K_NONE or card_kind(s, c) == kind):
            n += _mark(out, A_CARD + c)
    return n


@njit(cache=True)
def _spear_ready(s, seat):
    return weapon_kind(s, seat) == K_SPEAR and s[P_HANDN + seat] >= 2


@njit(cache=True)
def _lord_help(s, d, dk, out):
    """A_SKILL + slot of a lord skill d may call on for the pending 闪/杀 request."""
    if s[H_HEROES] == 0:
        return 0
    o = FRAME_BASE + (s[H_FP] - 1) * FRAME_SIZE
    n = 0
    for i in range(MAX_SKILL_SLOTS):
        sk = slot_skill(s, d, i)
        if sk != 0 and response_ok(s, d, sk, dk, s[H_DB], s[o + F_SUB2] == 1):
            n += _mark(out, A_SKILL + i)
    return n


@njit(cache=True)
def legal_mask(s, out):
    for i in range(NUM_ACTIONS):
        out[i] = 0
    if s[H_DONE] != 0 or s[H_DECIDER] < 0:
        return 0
    d = s[H_DECIDER]
    dk = s[H_DKIND]
    n = 0
    npl = s[H_NP]
    if dk == DK_PLAY:
        n += _mark(out, A_PASS)
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
                    n += _mark(out, A_CARD + c)
        s[P_HANDN + d] += s[H_HEROES]
        if _spear_ready(s, d) and slash_allowed(s, d) and any_legal_target(s, d, K_SLASH):
            n += _mark(out, A_CARD + s[P_WEAPON + d])
        if s[H_HEROES] != 0:
            for i in range(MAX_SKILL_SLOTS):
                sk = slot_skill(s, d, i)
                if sk != 0 and active_ok(s, d, sk, out):
                    n += _mark(out, A_SKILL + i)
    elif dk == DK_TARGET:
        kind = s[H_DA]
        stage = s[H_DB]
        first = s[H_DC]
        o = FRAME_BASE + (s[H_FP] - 1) * FRAME_SIZE
        if kind == K_SLASH and stage > 0:
            n += _mark(out, A_CONFIRM)
            t0 = s[o + F_TGT]
            t1 = s[o + F_B]
            t2 = s[o + F_C]
            for r in range(npl):
                t = seat_after(s, d, r)
                if t != t0 and t != t1 and t != t2 and can_slash_target(s, d, t, True):
                    n += _mark(out, A_TARGET + r)
        else:
            for r in range(npl):
                t = seat_after(s, d, r)
                if legal_target(s, d, kind, t, stage, first):
                    n += _mark(out, A_TARGET + r)
    elif dk == DK_JINK:
        n += _mark(out, A_PASS)
        n += _hand_of_kind(s, d, K_JINK, out)
        n += mark_converted(s, out, d, K_JINK)
        if s[H_DA] == 1 and armor_kind(s, d) == K_EIGHT_DIAGRAM and out[A_CARD + s[P_ARMOR + d]] == 0:
            n += _mark(out, A_CARD + s[P_ARMOR + d])
        if s[H_DA] == 1 and virtual_diagram(s, d):          # 朦胧: its 八卦阵, by the skill slot
            n += _mark(out, A_SKILL + skill_slot(s, d, SK_MENGLONG))
        n += _lord_help(s, d, DK_JINK, out)
    elif dk == DK_SLASH:
        n += _mark(out, A_PASS)
        n += _hand_of_kind(s, d, K_SLASH, out)
        n += mark_converted(s, out, d, K_SLASH)
        if s[H_DB] == PUR_COLLATERAL and s[H_HEROES] != 0:
            # a converted equipment card no longer counts for the range to the victim
            for f in (P_WEAPON, P_MINUS):
                c = s[f + d]
                if c >= 0 and out[A_CARD + c] == 1 and not collateral_ok(s, d, c, s[H_DTGT]):
                    out[A_CARD + c] = 0
                    n -= 1
        if _spear_ready(s, d) and out[A_CARD + s[P_WEAPON + d]] == 0:
            n += _mark(out, A_CARD + s[P_WEAPON + d])
        n += _lord_help(s, d, DK_SLASH, out)
    elif dk == DK_PEACH:
        n += _mark(out, A_PASS)
        n += _hand_of_kind(s, d, K_PEACH, out)
        n += mark_converted(s, out, d, K_PEACH)
    elif dk == DK_NULLIFY:
        n += _mark(out, A_PASS)
        n += _hand_of_kind(s, d, K_NULLIFICATION, out)
        n += mark_converted(s, out, d, K_NULLIFICATION)       # 雕琢
    elif dk == DK_DISCARD:
        n += _hand_of_kind(s, d, K_NONE, out)
    elif dk == DK_PICK:
        t = s[H_DTGT]
        if s[P_HANDN + t] > 0:
            n += _mark(out, A_OPTION + OPT_HAND)
        for f in (P_WEAPON, P_ARMOR, P_PLUS, P_MINUS):
            if s[f + t] >= 0:
                n += _mark(out, A_CARD + s[f + t])
        if pick_takes_judge(s, s[H_DB]):
            z = Z_JUDGE + t
            for c in range(s[H_NCARDS]):
                if s[C_LOC + c] == z:
                    n += _mark(out, A_CARD + c)
    elif dk == DK_AG:
        for c in range(s[H_NCARDS]):
            if s[C_LOC + c] == Z_AG:
                n += _mark(out, A_CARD + c)
    elif dk == DK_CONFIRM:
        n += _mark(out, A_PASS)
        n += _mark(out, A_CONFIRM)
    elif dk == DK_DSWORDS:
        n += _mark(out, A_PASS)
        n += _hand_of_kind(s, d, K_NONE, out)
    elif dk == DK_SELECT:
        n += _hand_of_kind(s, d, K_NONE, out)
        if s[H_DB] == PUR_AXE:
            for f in (P_ARMOR, P_PLUS, P_MINUS):
                if s[f + d] >= 0:
                    n += _mark(out, A_CARD + s[f + d])
    elif dk == DK_HERO and s[H_MODE] == MODE_3V3:
        for j in range(s[H_DA]):
            n += _mark(out, A_HERO + j)
    elif dk == DK_ORDER:
        n += _mark(out, A_OPTION + OPT_FIRST)
        n += _mark(out, A_OPTION + OPT_SECOND)
    elif dk == DK_WHO_ACTS:
        n += who_acts_mask(s, d, out)
    elif dk == DK_HERO:
        for j in range(MAX_OFFER):
            if s[OFFER_BASE + d * MAX_OFFER + j] >= 0:
                n += _mark(out, A_HERO + j)
    elif dk == DK_SKILL_CARD or dk == DK_SKILL_TARGET or dk == DK_SKILL_OPTION:
        n += skill_mask(s, out, d)
    elif dk == DK_KYLIN:
        t = s[H_DTGT]
        n += _mark(out, A_PASS)
        for f in (P_PLUS, P_MINUS):
            if s[f + t] >= 0:
                n += _mark(out, A_CARD + s[f + t])
    return n
