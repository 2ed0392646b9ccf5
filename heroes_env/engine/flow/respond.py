"""Responses: FR_ASK (a 闪 or 杀 asked of a seat: cards, conversions, 八卦阵, 丈八蛇矛, lord skills)
and FR_NULLIFY (the 无懈可击 chain).
"""
from ...fast.jit import njit
from ..constants import (
    A_CARD,
    A_PASS,
    A_SKILL,
    C_LOC,
    COLOR_RED,
    CONV_SPAN,
    DK_JINK,
    DK_NULLIFY,
    DK_SLASH,
    DX_JINK_ARMOR,
    DX_PURPOSE,
    EV_ARMOR,
    EV_PASS,
    EV_RESPOND,
    EV_SKILL_SILENT,
    EV_USE,
    F_AS,
    F_CARD,
    F_PC,
    F_TGT,
    F_USER,
    FR_USE,
    FRAME_BASE,
    FRAME_SIZE,
    H_ANSWER,
    H_CUR,
    H_DSKILL,
    H_DSKOWNER,
    H_DTGT,
    H_FP,
    H_HEROES,
    H_NP,
    H_PHASE,
    H_RET,
    K_EIGHT_DIAGRAM,
    K_JINK,
    K_NULLIFICATION,
    K_SLASH,
    K_SPEAR,
    MAX_SKILL_SLOTS,
    P_ALIVE,
    P_ARMOR,
    P_MINUS,
    P_TFLAGS,
    P_WEAPON,
    PH_PLAY,
    PUR_BLADE,
    PUR_COLLATERAL,
    PUR_LORD,
    PUR_SKILL_SLASH,
    PUR_SPEAR,
    Q_DRAW_ON_TRICK,
    Q_JINK_USED,
    Q_VIRTUAL_DIAGRAM,
    TF_SLASHED,
    UF_NO_RANGE,
    UF_PRESET,
    Z_HAND,
    Z_PROC,
)
from ..frames import (
    F_ASK_ARMOR,
    F_ASK_NO_LORD,
    F_ASK_PURPOSE,
    F_ASK_TRIED,
    F_ASK_USE_FLAGS,
    F_LORD_CARD1,
    F_LORD_CARD2,
    F_NUL_COUNT,
    F_NUL_NEXT,
    F_NUL_SEAT,
    F_SPEAR1,
    F_SPEAR2,
    F_USE_NTGT,
    F_USE_TGT3,
    SKILL_NO_TP,
    push_judge,
    push_select,
    push_skill,
)
from ..history import hist_nullify
from ..marks import mark, mark_converted, mark_hand
from ..rules import (
    alive,
    armor_kind,
    can_convert_to,
    can_slash_target,
    can_slash_target_x,
    conversion,
    converting_skill,
    judge_color,
    spear_ready,
)
from ..skills.common import skill_log
from ..skills.queries import notify, query
from ..skills.registry import response_ok
from ..state import (
    become_frame,
    card_kind,
    discard_card,
    draw_cards,
    ev_pack,
    hand_kind_seats,
    has_kind_in_hand,
    log_event,
    move_card,
    pop_frame,
    post_decision,
    seat_after,
    skill_slot,
    slot_skill,
)


@njit(cache=True)
def can_answer_jink(s, seat, armor_ok, lord_ok):
    """Could seat answer a 闪 request: a 闪, a conversion, 八卦阵, or a lord skill (lord_ok)?"""
    if has_kind_in_hand(s, seat, K_JINK) or can_convert_to(s, seat, K_JINK) or lord_ok:
        return True
    return armor_ok and (armor_kind(s, seat) == K_EIGHT_DIAGRAM
                         or query(s, Q_VIRTUAL_DIAGRAM, seat, value=0, a=0, b=0) != 0)


@njit(cache=True)
def can_make_slash(s, seat):
    if has_kind_in_hand(s, seat, K_SLASH) or can_convert_to(s, seat, K_SLASH):
        return True
    return spear_ready(s, seat)


@njit(cache=True)
def lord_helpers(s, seat, dk, purpose, tried):
    """Bit i: the lord skill in seat's slot i may call on the others for this request (护驾 /
    激将); 0 if none. FR_ASK asks it before posting the decision, the mask marks each one."""
    bits = 0
    if s[H_HEROES] == 0:
        return bits
    for i in range(MAX_SKILL_SLOTS):
        sk = slot_skill(s, seat, i)
        if sk != 0 and response_ok(s, seat, sk, dk, purpose, tried):
            bits |= 1 << i
    return bits


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
    responder = s[o + F_USER]
    pc = s[o + F_PC]
    if pc == ASK_START:
        _ask_start(s, o, responder)
    elif pc == ASK_ANSWER:
        _ask_answered(s, o, responder)
    elif pc == ASK_DIAGRAM:
        if judge_color(s, responder, s[H_RET]) == COLOR_RED:
            log_event(s, EV_RESPOND, responder, s[P_ARMOR + responder], 1)
            notify(s, Q_JINK_USED, responder, a=0, b=0)    # 图强
            pop_frame(s, 1)
        else:
            s[o + F_PC] = ASK_START
    elif pc == ASK_LORD:
        if s[H_RET] == 1:
            pop_frame(s, 1)
        else:
            s[o + F_ASK_NO_LORD] = 1     # nobody helped: he is asked again, without the lord skill
            s[o + F_PC] = ASK_START
    else:
        answer_with(s, o, responder, s[o + F_SPEAR1], s[o + F_SPEAR2])      # ASK_SPEAR


@njit(cache=True, inline="always")
def _ask_start(s, o, responder):
    """ASK_START: the frame ends if the responder cannot answer at all (dead, no card,
    conversion, armour or lord skill that could; for a 杀 he would use, no target in reach); else
    he is asked."""
    tgt = s[o + F_TGT]
    dk = s[o + F_AS]
    purpose = s[o + F_ASK_PURPOSE]
    if not alive(s, responder):
        pop_frame(s, 0)
        return
    lord_ok = lord_helpers(s, responder, dk, purpose, s[o + F_ASK_NO_LORD] == 1) != 0
    if dk == DK_JINK:
        armor_ok = s[o + F_ASK_ARMOR] == 1 and s[o + F_ASK_TRIED] == 0
        if not can_answer_jink(s, responder, armor_ok, lord_ok):
            pop_frame(s, 0)
            return
        s[o + F_PC] = ASK_ANSWER
        # context: src = the attacker, tgt = the responder
        post_decision(s, responder, DK_JINK, s[o + F_CARD], tgt, responder,
                      1 if armor_ok else 0, purpose, dc=0)
        return
    if purpose == PUR_COLLATERAL and not can_slash_target(s, responder, tgt, True):
        pop_frame(s, 0)
        return
    if (purpose == PUR_BLADE or purpose == PUR_SKILL_SLASH) and \
            not can_slash_target(s, responder, tgt, False):
        pop_frame(s, 0)
        return
    if not can_make_slash(s, responder) and not lord_ok:
        pop_frame(s, 0)
        return
    s[o + F_PC] = ASK_ANSWER
    if purpose == PUR_COLLATERAL or purpose == PUR_BLADE or purpose == PUR_SKILL_SLASH:
        # context: the 杀 would be used by the responder on tgt
        post_decision(s, responder, DK_SLASH, s[o + F_CARD], responder, tgt, da=0, db=purpose,
                      dc=0)
        if purpose == PUR_SKILL_SLASH:      # the skill frame below asks (反击, 朴刀)
            s[H_DSKILL] = s[o - FRAME_SIZE + F_AS]
            s[H_DSKOWNER] = responder
    else:
        # context: src = the opponent demanding the 杀, tgt = the responder
        post_decision(s, responder, DK_SLASH, s[o + F_CARD], tgt, responder, da=0, db=purpose,
                      dc=0)


@njit(cache=True, inline="always")
def _ask_answered(s, o, responder):
    """ASK_ANSWER: the responder passed, or answers with a card (or a conversion), tries 八卦阵
    (or 朦胧's), calls on a lord skill, or picks 丈八蛇矛's two cards."""
    dk = s[o + F_AS]
    a = s[H_ANSWER]
    if a == A_PASS:
        log_event(s, EV_PASS, responder, dk, 0)
        pop_frame(s, 0)
        return
    diagram = query(s, Q_VIRTUAL_DIAGRAM, responder, value=0, a=0, b=0) if a >= A_SKILL else 0
    if diagram != 0 and slot_skill(s, responder, a - A_SKILL) == diagram:
        # 朦胧: the 八卦阵 he counts as wearing
        s[o + F_ASK_TRIED] = 1
        s[o + F_PC] = ASK_DIAGRAM
        skill_log(s, responder, diagram, -1)
        push_judge(s, responder, K_EIGHT_DIAGRAM)
        return
    if a >= A_SKILL:       # a lord skill asks the others (护驾, 激将)
        sk = slot_skill(s, responder, a - A_SKILL)
        s[o + F_PC] = ASK_LORD
        push_skill(s, responder, s[o + F_TGT], s[o + F_CARD], sk, dk, SKILL_NO_TP,
                   s[o + F_ASK_PURPOSE])
        return
    c = a - A_CARD
    kind = K_JINK if dk == DK_JINK else K_SLASH
    if s[C_LOC + c] == Z_HAND + responder or converting_skill(s, responder, c, kind) != 0:
        answer_with(s, o, responder, c, -1)
        return
    if card_kind(s, c) == K_EIGHT_DIAGRAM:
        s[o + F_ASK_TRIED] = 1
        s[o + F_PC] = ASK_DIAGRAM
        log_event(s, EV_ARMOR, responder, c, -1)
        push_judge(s, responder, K_EIGHT_DIAGRAM)
        return
    s[o + F_PC] = ASK_SPEAR        # 丈八蛇矛
    push_select(s, responder, PUR_SPEAR, 2)


@njit(cache=True)
def answer_with(s, o, responder, c, card2):
    """The responder answers the ask at o with card c (and card2: two hand cards as one,
    丈八蛇矛; -1 none)."""
    purpose = s[o + F_ASK_PURPOSE]
    if purpose == PUR_COLLATERAL or purpose == PUR_BLADE or purpose == PUR_SKILL_SLASH:
        flags = UF_PRESET | (UF_NO_RANGE if purpose != PUR_COLLATERAL else 0)
        if purpose == PUR_SKILL_SLASH:
            flags |= s[o + F_ASK_USE_FLAGS]      # the skill's UF_* flags (反击: UF_RED_SURE)
        become_frame(s, o, FR_USE, responder, s[o + F_TGT], c, K_SLASH, card2, flags, b=-1)
        s[o + F_USE_TGT3] = -1
        s[o + F_USE_NTGT] = 1   # one preset target
        return
    kind = K_JINK if s[o + F_AS] == DK_JINK else K_SLASH
    conv = kind + CONV_SPAN * K_SPEAR if card2 >= 0 else conversion(s, responder, c, kind)
    log_event(s, EV_RESPOND, responder, c, ev_pack(card2, conv))
    if s[o + F_AS] == DK_SLASH and s[H_CUR] == responder and s[H_PHASE] == PH_PLAY:
        s[P_TFLAGS + responder] |= TF_SLASHED
    if purpose == PUR_LORD:
        # played on the lord's behalf: the lord's skill frame (below) takes the card(s)
        parent = o - FRAME_SIZE
        move_card(s, c, Z_PROC)
        s[parent + F_LORD_CARD1] = c
        if card2 >= 0:
            move_card(s, card2, Z_PROC)
        s[parent + F_LORD_CARD2] = card2
        if s[o + F_AS] == DK_JINK:
            notify(s, Q_JINK_USED, responder, a=0, b=0)    # 图强
        pop_frame(s, 1)
        return
    discard_card(s, c, responder)
    if card2 >= 0:
        discard_card(s, card2, responder)
    if s[o + F_AS] == DK_JINK:
        notify(s, Q_JINK_USED, responder, a=0, b=0)    # 图强
    pop_frame(s, 1)


@njit(cache=True)
def _mark_lord(s, d, dk, out):
    """A_SKILL + slot of each lord skill d may call on for the pending 闪/杀 request."""
    o = FRAME_BASE + (s[H_FP] - 1) * FRAME_SIZE
    bits = lord_helpers(s, d, dk, s[DX_PURPOSE], s[o + F_ASK_NO_LORD] == 1)
    n = 0
    for i in range(MAX_SKILL_SLOTS):
        if (bits >> i) & 1:
            n += mark(out, A_SKILL + i)
    return n


@njit(cache=True)
def jink_mask(s, d, out):
    """DK_JINK (posted by FR_ASK): a 闪 or a card converted to one, 八卦阵 (or 朦胧's) when it may
    be tried, a lord skill, or A_PASS."""
    n = mark(out, A_PASS)
    n += mark_hand(s, d, K_JINK, out)
    n += mark_converted(s, out, d, K_JINK)
    if s[DX_JINK_ARMOR] == 1 and armor_kind(s, d) == K_EIGHT_DIAGRAM \
            and out[A_CARD + s[P_ARMOR + d]] == 0:
        n += mark(out, A_CARD + s[P_ARMOR + d])
    diagram = query(s, Q_VIRTUAL_DIAGRAM, d, value=0, a=0, b=0) if s[DX_JINK_ARMOR] == 1 else 0
    if diagram != 0:                      # 朦胧: its 八卦阵, by the skill slot
        n += mark(out, A_SKILL + skill_slot(s, d, diagram))
    n += _mark_lord(s, d, DK_JINK, out)
    return n


@njit(cache=True)
def slash_mask(s, d, out):
    """DK_SLASH (posted by FR_ASK): a 杀 or a card converted to one, 丈八蛇矛, a lord skill, or
    A_PASS."""
    n = mark(out, A_PASS)
    n += mark_hand(s, d, K_SLASH, out)
    n += mark_converted(s, out, d, K_SLASH)
    if s[DX_PURPOSE] == PUR_COLLATERAL and s[H_HEROES] != 0:
        # a converted equipment card no longer counts for the range to the victim
        for f in (P_WEAPON, P_MINUS):
            c = s[f + d]
            if c >= 0 and out[A_CARD + c] == 1 \
                    and not can_slash_target_x(s, d, s[H_DTGT], True, c):
                out[A_CARD + c] = 0
                n -= 1
    if spear_ready(s, d) and out[A_CARD + s[P_WEAPON + d]] == 0:
        n += mark(out, A_CARD + s[P_WEAPON + d])
    n += _mark_lord(s, d, DK_SLASH, out)
    return n


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
            if card_kind(s, c) != K_NULLIFICATION:        # a card a skill turns into one (雕琢):
                # its use is logged, the use names it
                skill_log(s, seat, converting_skill(s, seat, c, K_NULLIFICATION), EV_SKILL_SILENT)
            log_event(s, EV_USE, seat, c, ev_pack(-1, conversion(s, seat, c, K_NULLIFICATION)))
            hist_nullify(s, seat, s[o + F_TGT], s[o + F_AS], s[o + F_NUL_COUNT])
            discard_card(s, c, seat)
            if query(s, Q_DRAW_ON_TRICK, seat, value=0, a=K_NULLIFICATION, b=0) != 0:
                draw_cards(s, seat, 1)        # 集智
            s[o + F_NUL_COUNT] += 1
            s[o + F_NUL_NEXT] = 0
    cur = s[H_CUR]
    i = s[o + F_NUL_NEXT]
    holders = hand_kind_seats(s, K_NULLIFICATION) if i < n else 0    # one pass, not one a seat
    while i < n:
        seat = seat_after(s, cur, i)
        i += 1
        if s[P_ALIVE + seat] == 1 and (((holders >> seat) & 1) != 0
                                       or can_convert_to(s, seat, K_NULLIFICATION)):   # 雕琢
            s[o + F_NUL_NEXT] = i
            s[o + F_NUL_SEAT] = seat
            s[o + F_PC] = NUL_ANSWER
            post_decision(s, seat, DK_NULLIFY, s[o + F_CARD], s[o + F_USER], s[o + F_TGT],
                          s[o + F_AS], s[o + F_NUL_COUNT], dc=0)
            return
    pop_frame(s, s[o + F_NUL_COUNT] % 2)


@njit(cache=True)
def nullify_mask(s, d, out):
    """DK_NULLIFY (posted by FR_NULLIFY): a 无懈可击 or a card converted to one (雕琢), or
    A_PASS."""
    return mark(out, A_PASS) + mark_hand(s, d, K_NULLIFICATION, out) \
        + mark_converted(s, out, d, K_NULLIFICATION)
