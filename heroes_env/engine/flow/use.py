"""Using a card: FR_USE (to the table, targets, 门神, 流离, 柔情, the effects in turn, the discard)
and FR_DSWORDS (雌雄双股剑 on each target of a 杀).
"""
from ...fast.jit import njit
from ..constants import (
    A_CARD,
    A_CONFIRM,
    A_PASS,
    A_TARGET,
    C_AS,
    C_LOC,
    CONV_SPAN,
    DK_CONFIRM,
    DK_DSWORDS,
    DK_TARGET,
    DX_TARGET_FIRST,
    DX_TARGET_KIND,
    DX_TARGET_STAGE,
    EV_EQUIP,
    EV_USE,
    F_AS,
    F_CARD,
    F_PC,
    F_SUB2,
    F_TGT,
    F_USER,
    FRAME_BASE,
    FRAME_SIZE,
    H_ANSWER,
    H_CUR,
    H_FP,
    H_HEROES,
    H_HOLD,
    H_LASTKIND,
    H_NCARDS,
    H_NODIST,
    H_NP,
    H_PHASE,
    HK_AIM,
    K_AMAZING_GRACE,
    K_ARCHERY,
    K_COLLATERAL,
    K_DISMANTLE,
    K_DOUBLE_SWORDS,
    K_DUEL,
    K_GOD_SALVATION,
    K_HORSE_MINUS,
    K_HORSE_PLUS,
    K_INDULGENCE,
    K_LIGHTNING,
    K_NONE,
    K_PEACH,
    K_QINGGANG,
    K_SAVAGE,
    K_SLASH,
    K_SNATCH,
    K_SPEAR,
    P_HANDN,
    P_MINUS,
    P_PLUS,
    P_SLASHES,
    P_TFLAGS,
    PH_PLAY,
    PUR_DSWORDS,
    Q_DRAW_ON_TRICK,
    Q_ONE_HORSE,
    Q_TAKES_AIM,
    Q_TRICK_SKIPPED,
    Q_TRICK_SKIPS,
    TF_SLASH_USED,
    TF_SLASHED,
    TP_AIMED,
    TP_TARGETED,
    UF_FROM_HAND,
    UF_NO_DODGE,
    UF_NO_DODGE_T0,
    UF_PLAY,
    UF_PRESET,
    UF_QINGGANG,
    Z_AG,
    Z_EQUIP,
    Z_HAND,
    Z_JUDGE,
    Z_PROC,
)
from ..frames import (
    F_USE_FLAGS,
    F_USE_I,
    F_USE_NTGT,
    F_USE_TGT2,
    F_USE_TGT3,
    F_USE_VICTIM,
    push_dswords,
    push_effect,
)
from ..history import aims_harm, hist_add
from ..marks import mark, mark_hand
from ..rules import (
    aim_taker,
    alive,
    can_slash_target,
    conversion,
    extra_slash_target,
    legal_target,
    num_alive,
    opposite_gender,
    peach_needs_target,
    weapon_kind,
)
from ..skills.common import skill_log
from ..skills.queries import notify, query
from ..skills.registry import fire
from ..state import (
    discard_card,
    discard_for,
    draw_cards,
    equip_slot_field,
    ev_pack,
    is_equip_kind,
    is_trick_kind,
    log_event,
    move_card,
    pop_frame,
    post_decision,
    rel_seat,
    seat_after,
    top_card,
)


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
def _use_start(s, o):
    """USE_START: the card goes to the table; ask for the first target, or resolve."""
    u = s[o + F_USER]
    c = s[o + F_CARD]
    k = s[o + F_AS]
    sub2 = s[o + F_SUB2]
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
    post_decision(s, u, DK_TARGET, c, u, tgt=-1, da=k, db=0, dc=-1)


@njit(cache=True)
def _use_target_chosen(s, o):
    """USE_TARGET: a target chosen (or CONFIRM: no more); more 杀 targets may follow."""
    u = s[o + F_USER]
    c = s[o + F_CARD]
    k = s[o + F_AS]
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
        post_decision(s, u, DK_TARGET, c, u, t, k, db=1, dc=t)
        return
    if k == K_SLASH and (s[o + F_USE_FLAGS] & UF_PLAY) and \
            extra_slash_target(s, u, n + 1, s[o + F_TGT], s[o + F_USE_TGT2], s[o + F_USE_TGT3]):
        post_decision(s, u, DK_TARGET, c, u, t, k, n + 1, dc=-1)
        return
    s[o + F_PC] = USE_RESOLVE


@njit(cache=True)
def take_aims(s, o):
    """Q_TAKES_AIM on the fixed targets (F_TGT, F_USE_TGT2, F_USE_TGT3; F_USE_NTGT of them) of the
    FR_USE frame at o: a seat that takes a target's place (``rules.aim_taker``) replaces it, unless
    it is a target already."""
    u = s[o + F_USER]
    n = s[o + F_USE_NTGT]
    for i in range(n):
        t = use_target(s, o, i)
        p = aim_taker(s, u, t)
        if p < 0:
            continue
        dup = False
        for j in range(n):
            if use_target(s, o, j) == p:
                dup = True
        if not dup:
            set_use_target(s, o, i, p)
            skill_log(s, p, query(s, Q_TAKES_AIM, p, value=0, a=t, b=u), t)


@njit(cache=True)
def _log_use(s, o, u, c, k, first_target):
    """EV_USE of the use at o: its second card (丈八蛇矛) and the conversion that made the card
    a k. The card lies on the table by now: the skill that turned it is asked (``conversion``)
    with the card back where it was used from, for a moment (its user's hand or equipment)."""
    sub2 = s[o + F_SUB2]
    conv = 0
    if sub2 >= 0:
        conv = k + CONV_SPAN * K_SPEAR
    elif c >= 0:
        z = s[C_LOC + c]
        s[C_LOC + c] = (Z_HAND if s[o + F_USE_FLAGS] & UF_FROM_HAND else Z_EQUIP) + u
        conv = conversion(s, u, c, k)
        s[C_LOC + c] = z
    log_event(s, EV_USE, ev_pack(u, sub2 + 1), c, ev_pack(first_target, conv))


@njit(cache=True)
def _use_resolve(s, o):
    """USE_RESOLVE: targets fixed: 门神, action order, the log and the history; equipment and
    delayed tricks are placed; a 杀 goes on to its target skills, the rest to their effects."""
    u = s[o + F_USER]
    c = s[o + F_CARD]
    k = s[o + F_AS]
    s[H_HOLD] = 0
    s[H_NODIST] = 0                  # (知心: its targets are chosen)
    s[o + F_USE_I] = 0
    if (k == K_SLASH or k == K_DUEL) and s[H_HEROES] != 0:
        take_aims(s, o)          # 门神: aimed at the guarded seat = aimed at its 秦琼
    if k == K_SLASH and s[o + F_USE_NTGT] > 1:
        sort_targets(s, o)
    first_target = s[o + F_TGT]
    _log_use(s, o, u, c, k, first_target)
    if aims_harm(k):                 # public history: harm aimed at each target
        for i in range(s[o + F_USE_NTGT]):
            hist_add(s, HK_AIM, u, use_target(s, o, i), k, 1)
        if k == K_COLLATERAL:        # 借刀杀人: at the wielder, and at the victim named
            hist_add(s, HK_AIM, u, s[o + F_USE_VICTIM], k, 1)
    if u == s[H_CUR]:
        s[H_LASTKIND] = k           # 奸雄 (英雄杀): the previous card used in this turn
    if is_trick_kind(k) and query(s, Q_DRAW_ON_TRICK, u, value=0, a=k, b=0) != 0:
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
        if ((k == K_HORSE_PLUS or k == K_HORSE_MINUS)
                and query(s, Q_ONE_HORSE, u, value=0, a=0, b=0) != 0):
            other = s[P_MINUS + u] if k == K_HORSE_PLUS else s[P_PLUS + u]
            if other >= 0:
                discard_card(s, other, u)
        move_card(s, c, Z_EQUIP + u)
        log_event(s, EV_EQUIP, u, c, 0)
        pop_frame(s, 1)
        return
    if k == K_INDULGENCE:
        move_card(s, c, Z_JUDGE + first_target)
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
            if alive(s, i) and query(s, Q_TRICK_SKIPS, i, value=0, a=k, b=s[o + F_USE_NTGT]) != 0:
                reveal -= 1         # 蝶魂: no card for her
        for _ in range(reveal):
            r = top_card(s)
            if r < 0:
                return
            s[C_LOC + r] = Z_AG
    s[o + F_PC] = USE_EFFECTS


@njit(cache=True)
def _use_effects(s, o):
    """USE_EFFECTS: one FR_EFFECT per target in turn (蝶魂 skipped), then USE_END."""
    u = s[o + F_USER]
    c = s[o + F_CARD]
    k = s[o + F_AS]
    sub2 = s[o + F_SUB2]
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
    if alive(s, t) and is_trick_kind(k) \
            and query(s, Q_TRICK_SKIPS, t, value=0, a=k, b=s[o + F_USE_NTGT]) != 0:
        notify(s, Q_TRICK_SKIPPED, t, k, b=0)        # 蝶魂
    elif alive(s, t):
        extra = -1
        if k == K_COLLATERAL:
            extra = s[o + F_USE_VICTIM]
        flags = s[o + F_USE_FLAGS]
        if needs_target(k) and (flags & (UF_NO_DODGE_T0 << i)):
            flags |= UF_NO_DODGE             # 柔情 judged red for this target
        push_effect(s, u, t, c, k, sub2, flags, extra)


@njit(cache=True)
def _use_end(s, o):
    """USE_END: discard the card(s) used (and 五谷丰登's cards nobody took)."""
    u = s[o + F_USER]
    c = s[o + F_CARD]
    k = s[o + F_AS]
    sub2 = s[o + F_SUB2]
    if c >= 0 and s[C_LOC + c] == Z_PROC:
        discard_card(s, c, u)
    if sub2 >= 0 and s[C_LOC + sub2] == Z_PROC:
        discard_card(s, sub2, u)
    if k == K_AMAZING_GRACE:
        for r in range(s[H_NCARDS]):
            if s[C_LOC + r] == Z_AG:
                discard_card(s, r, -1)
    pop_frame(s, 1)


@njit(cache=True)
def run_use(s, o):
    """FR_USE: one step (USE_*) per call; the steps are above, the short ones here."""
    pc = s[o + F_PC]
    if pc == USE_START:
        _use_start(s, o)
    elif pc == USE_TARGET:
        _use_target_chosen(s, o)
    elif pc == USE_VICTIM:
        # 借刀杀人 victim (the number of "effect" targets stays 1)
        s[o + F_USE_VICTIM] = seat_after(s, s[o + F_USER], s[H_ANSWER] - A_TARGET)
        s[o + F_PC] = USE_RESOLVE
    elif pc == USE_RESOLVE:
        _use_resolve(s, o)
    elif pc == USE_DSWORDS:
        # 杀 targets chosen: 雌雄双股剑 on each target of the other gender
        u = s[o + F_USER]
        i = next_target_index(s, o, USE_EFFECTS)
        if i < 0:
            return
        t = use_target(s, o, i)
        if weapon_kind(s, u) == K_DOUBLE_SWORDS and alive(s, u) and alive(s, t) \
                and opposite_gender(s, u, t):
            push_dswords(s, u, t, s[o + F_CARD], s[o + F_AS])
    elif pc == USE_EFFECTS:
        _use_effects(s, o)
    elif pc == USE_TARGETED:
        # 杀 targets confirmed: each target's skills may answer (流离), in action order
        i = next_target_index(s, o, USE_AIMED)
        if i < 0:
            return
        fire(s, TP_TARGETED, use_target(s, o, i), s[o + F_USER], s[o + F_CARD], i, extra=0, org=o)
    elif pc == USE_AIMED:
        # then the user's skills, once per (final) target (柔情)
        i = next_target_index(s, o, USE_DSWORDS)
        if i < 0:
            return
        fire(s, TP_AIMED, s[o + F_USER], use_target(s, o, i), s[o + F_CARD], i, extra=0, org=o)
    else:   # USE_END
        _use_end(s, o)


@njit(cache=True)
def target_mask(s, d, out):
    """DK_TARGET (posted by FR_USE): the seats the card may be aimed at (``constants.DX_TARGET_*``:
    the kind, the targets so far, 借刀杀人's wielder); more 杀 targets with
    A_CONFIRM (no more) once one is chosen."""
    kind = s[DX_TARGET_KIND]
    stage = s[DX_TARGET_STAGE]
    first = s[DX_TARGET_FIRST]
    o = FRAME_BASE + (s[H_FP] - 1) * FRAME_SIZE
    n = 0
    if kind == K_SLASH and stage > 0:
        n += mark(out, A_CONFIRM)
        t0 = s[o + F_TGT]
        t1 = s[o + F_USE_TGT2]
        t2 = s[o + F_USE_TGT3]
        for r in range(s[H_NP]):
            t = seat_after(s, d, r)
            if t != t0 and t != t1 and t != t2 and can_slash_target(s, d, t, True):
                n += mark(out, A_TARGET + r)
    else:
        for r in range(s[H_NP]):
            t = seat_after(s, d, r)
            if legal_target(s, d, kind, t, stage, first):
                n += mark(out, A_TARGET + r)
    return n


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
        post_decision(s, u, DK_CONFIRM, card=-1, src=u, tgt=t, da=0, db=PUR_DSWORDS, dc=0)
    elif pc == DSWORDS_CONFIRMED:
        if s[H_ANSWER] == A_PASS or not alive(s, t):
            pop_frame(s, 0)
            return
        if s[P_HANDN + t] == 0:
            draw_cards(s, u, 1)
            pop_frame(s, 0)
            return
        s[o + F_PC] = DSWORDS_ANSWER
        post_decision(s, t, DK_DSWORDS, card=-1, src=u, tgt=t, da=0, db=PUR_DSWORDS, dc=0)
    else:
        a = s[H_ANSWER]
        if a == A_PASS:
            draw_cards(s, u, 1)
        else:
            discard_for(s, a - A_CARD, t, u, K_DOUBLE_SWORDS, False)
        pop_frame(s, 0)


@njit(cache=True)
def dswords_mask(s, d, out):
    """DK_DSWORDS (posted by FR_DSWORDS to the target): a hand card to discard, or A_PASS (the user
    draws)."""
    return mark(out, A_PASS) + mark_hand(s, d, K_NONE, out)
