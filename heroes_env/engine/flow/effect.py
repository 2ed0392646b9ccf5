"""A card's effect on one target: FR_EFFECT (无懈可击 window, then the effect of each kind; 杀 and
决斗 in their own steps: ``effect_slash``, ``effect_duel``).
"""
from ...fast.jit import njit
from ..constants import (
    A_CARD,
    A_PASS,
    C_LOC,
    COLOR_BLACK,
    COLOR_RED,
    DF_DUEL,
    DF_SLASH,
    DK_AG,
    DK_CONFIRM,
    DK_JINK,
    DK_SLASH,
    EV_ARMOR,
    EV_GAIN,
    EV_NULLIFIED,
    F_AS,
    F_CARD,
    F_PC,
    F_SUB2,
    F_TGT,
    F_USER,
    FR_ASK,
    H_ANSWER,
    H_NCARDS,
    H_RET,
    K_AMAZING_GRACE,
    K_ARCHERY,
    K_AXE,
    K_BLADE,
    K_COLLATERAL,
    K_DISMANTLE,
    K_DUEL,
    K_EX_NIHILO,
    K_GOD_SALVATION,
    K_NIOH_SHIELD,
    K_PEACH,
    K_SAVAGE,
    K_SLASH,
    K_SNATCH,
    P_ARMOR,
    P_HANDN,
    P_HP,
    P_MAXHP,
    P_MINUS,
    P_PLUS,
    P_WEAPON,
    PUR_ARCHERY,
    PUR_AXE,
    PUR_BLADE,
    PUR_COLLATERAL,
    PUR_DISMANTLE,
    PUR_DUEL,
    PUR_SAVAGE,
    PUR_SLASH,
    PUR_SNATCH,
    Q_ANSWERS_NEEDED,
    Q_CARD_IMMUNE,
    Q_DUEL_ANSWERS,
    Q_DUEL_DAMAGE,
    Q_DUEL_VOID,
    Q_SLASH_DAMAGE,
    TP_SLASH_DODGED,
    UF_NO_DODGE,
    UF_NO_NULLIFY,
    UF_QINGGANG,
    UF_RED_SURE,
    Z_AG,
    Z_HAND,
)
from ..frames import (
    F_EFF_DUEL_OWED,
    F_EFF_DUEL_TURN,
    F_EFF_FLAGS,
    F_EFF_JINKS,
    F_EFF_VICTIM,
    push_ask,
    push_damage,
    push_nullify,
    push_pick,
    push_select,
)
from ..marks import mark
from ..rules import alive, armor_kind, slash_color, weapon_kind
from ..skills.common import heal, skill_log
from ..skills.queries import query
from ..skills.registry import fire
from ..state import (
    become_frame,
    draw_cards,
    is_trick_kind,
    log_event,
    move_card,
    pop_frame,
    post_decision,
    take_card,
)
from .respond import can_make_slash


@njit(cache=True)
def duel_slashes_needed(s, user, responder, opponent):
    """杀 a 决斗 responder must play each time (asked one after the other, like 无双's 闪): as many
    as his opponent's skills ask (无双: two, in a 决斗 he used or one used on him; the rule texts
    are silent, so this follows the established engines: docs/rules.md, Heroes (pack
    `standard`)), then as the user's ask of him (女权: two of a male who answers her 决斗). Against
    both, still two."""
    n = query(s, Q_ANSWERS_NEEDED, opponent, value=1, a=0, b=0)
    return query(s, Q_DUEL_ANSWERS, user, n, responder, b=0)


@njit(cache=True)
def axe_cost_payable(s, seat):
    n = s[P_HANDN + seat]
    for f in (P_ARMOR, P_PLUS, P_MINUS):
        if s[f + seat] >= 0:
            n += 1
    return n >= 2


# FR_EFFECT steps: START, NULLIFIED, then per card kind from RESOLVE on (杀: EFF_SLASH_*,
# 决斗: EFF_DUEL_*)
EFF_START = 0      # 你懂的; the 无懈可击 window of a trick
EFF_NULLIFIED = 1  # H_RET = 1 if the trick was cancelled
EFF_RESOLVE = 2    # the effect itself
EFF_ANSWERED = 3   # the target answered (AOE tricks, 五谷丰登, 过河拆桥, 借刀杀人)
EFF_DAMAGED = 4    # AOE tricks: the damage was dealt


@njit(cache=True)
def run_effect(s, o):
    """FR_EFFECT: card F_CARD, used as F_AS by F_USER, takes effect on F_TGT (one step)."""
    u = s[o + F_USER]
    t = s[o + F_TGT]
    c = s[o + F_CARD]
    k = s[o + F_AS]
    pc = s[o + F_PC]
    if pc == EFF_START:
        _effect_start(s, o, u, t, c, k)
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
        _effect_aoe(s, o, u, t, c, k, pc)
    elif k == K_EX_NIHILO:
        draw_cards(s, t, 2)
        pop_frame(s, 0)
    elif k == K_GOD_SALVATION or k == K_PEACH:
        heal(s, t, 1, u, K_PEACH if k == K_PEACH else -1)     # 桃园结义: no personal act
        pop_frame(s, 0)
    elif k == K_AMAZING_GRACE:
        _effect_amazing_grace(s, o, u, t, c, pc)
    elif k == K_DISMANTLE or k == K_SNATCH:
        if pc == EFF_RESOLVE:
            s[o + F_PC] = EFF_ANSWERED
            push_pick(s, u, t, c, k, PUR_DISMANTLE if k == K_DISMANTLE else PUR_SNATCH)
        else:
            pop_frame(s, 0)
    elif k == K_COLLATERAL:
        _effect_collateral(s, o, u, t, c, pc)
    else:
        pop_frame(s, 0)


@njit(cache=True, inline="always")
def _effect_start(s, o, u, t, c, k):
    """EFF_START: an immune target (你懂的) ends the effect; a trick opens its 无懈可击 window
    (none for 桃园结义 on a seat at full HP: nothing to do); anything else resolves."""
    immune = query(s, Q_CARD_IMMUNE, t, value=0, a=c, b=s[o + F_EFF_FLAGS])
    if immune != 0:                                   # 你懂的
        skill_log(s, t, immune, u)
        log_event(s, EV_NULLIFIED, t, c, 0)
        pop_frame(s, 0)
        return
    if is_trick_kind(k) and (s[o + F_EFF_FLAGS] & UF_NO_NULLIFY) == 0:
        if k == K_GOD_SALVATION and s[P_HP + t] >= s[P_MAXHP + t]:
            pop_frame(s, 0)      # nothing to do: no 无懈 window either
            return
        s[o + F_PC] = EFF_NULLIFIED
        push_nullify(s, u, t, c, k)
        return
    s[o + F_PC] = EFF_RESOLVE


@njit(cache=True, inline="always")
def _effect_aoe(s, o, u, t, c, k, pc):
    """南蛮入侵 / 万箭齐发 on t: asked for a 杀 / 闪, damaged by one without it."""
    if pc == EFF_RESOLVE:
        s[o + F_PC] = EFF_ANSWERED
        if k == K_SAVAGE:
            push_ask(s, t, u, c, DK_SLASH, PUR_SAVAGE, 0)
        else:
            push_ask(s, t, u, c, DK_JINK, PUR_ARCHERY, 1)
    elif pc == EFF_ANSWERED:
        if s[H_RET] == 1:
            pop_frame(s, 0)
            return
        s[o + F_PC] = EFF_DAMAGED
        push_damage(s, u, t, c, k, card2=-1, amount=1, flags=0)
    else:
        pop_frame(s, 0)


@njit(cache=True, inline="always")
def _effect_amazing_grace(s, o, u, t, c, pc):
    """五谷丰登 on t: t picks one of the cards still shown (DK_AG), if any is left."""
    if pc == EFF_RESOLVE:
        for r in range(s[H_NCARDS]):
            if s[C_LOC + r] == Z_AG:
                s[o + F_PC] = EFF_ANSWERED
                post_decision(s, t, DK_AG, c, u, t, da=0, db=0, dc=0)
                return
        pop_frame(s, 0)
    else:
        r = s[H_ANSWER] - A_CARD
        move_card(s, r, Z_HAND + t)
        log_event(s, EV_GAIN, t, r, -1)
        pop_frame(s, 0)


@njit(cache=True, inline="always")
def _effect_collateral(s, o, u, t, c, pc):
    """借刀杀人 on t (wielding a weapon): t uses a 杀 on the victim, or gives u the weapon."""
    if pc == EFF_RESOLVE:
        if s[P_WEAPON + t] < 0:
            pop_frame(s, 0)
            return
        s[o + F_PC] = EFF_ANSWERED
        push_ask(s, t, s[o + F_EFF_VICTIM], c, DK_SLASH, PUR_COLLATERAL, 0)
    else:
        w = s[P_WEAPON + t]
        if s[H_RET] == 0 and w >= 0 and alive(s, u) and alive(s, t):
            take_card(s, u, w, t, K_COLLATERAL)
        pop_frame(s, 0)


@njit(cache=True)
def ag_mask(s, d, out):
    """DK_AG (posted by FR_EFFECT of 五谷丰登): one of the cards still shown."""
    n = 0
    for c in range(s[H_NCARDS]):
        if s[C_LOC + c] == Z_AG:
            n += mark(out, A_CARD + c)
    return n


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
        s[o + F_EFF_JINKS] = query(s, Q_ANSWERS_NEEDED, u, value=1, a=0, b=0)
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
        push_ask(s, t, u, c, DK_JINK, PUR_SLASH, armor_ok)
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
            fire(s, TP_SLASH_DODGED, u, t, c, amount=0, extra=0, org=o)
    elif pc == EFF_SLASH_WEAPON:
        wk = weapon_kind(s, u)
        if not alive(s, u) or not alive(s, t):
            pop_frame(s, 0)
            return
        if wk == K_BLADE and can_make_slash(s, u):
            # this effect is over: the frame itself becomes the 青龙偃月刀 ask (and, if a 杀 is
            # given, that 杀's use), so a chain of follow-ups grows the stack by one frame each
            become_frame(s, o, FR_ASK, u, t, c, DK_SLASH, sub2=-1, a=PUR_BLADE, b=0)
            return
        if wk == K_AXE and axe_cost_payable(s, u):
            s[o + F_PC] = EFF_SLASH_AXE
            post_decision(s, u, DK_CONFIRM, c, u, t, da=0, db=PUR_AXE, dc=0)
            return
        pop_frame(s, 0)
    elif pc == EFF_SLASH_AXE:
        if s[H_ANSWER] == A_PASS:
            pop_frame(s, 0)
            return
        s[o + F_PC] = EFF_SLASH_AXE_PAID
        push_select(s, u, PUR_AXE, 2)
    elif pc == EFF_SLASH_AXE_PAID:
        s[o + F_PC] = EFF_SLASH_HIT
    elif pc == EFF_SLASH_HIT:
        s[o + F_PC] = EFF_SLASH_DONE
        push_damage(s, u, t, c, K_SLASH, s[o + F_SUB2],
                    query(s, Q_SLASH_DAMAGE, u, value=1, a=0, b=0), DF_SLASH)
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
        if query(s, Q_DUEL_VOID, t, value=0, a=u, b=0) != 0:
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
        push_ask(s, responder, other, c, DK_SLASH, PUR_DUEL, 0)
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
        push_damage(s, winner, loser, c, K_DUEL, card2=-1,
                    amount=query(s, Q_DUEL_DAMAGE, winner, value=1, a=u, b=0), flags=DF_DUEL)
    else:   # EFF_DUEL_DONE
        pop_frame(s, 0)
