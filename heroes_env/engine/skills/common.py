"""What skills of every family share: asking the owner, healing, losing HP, taking cards.

FR_SKILL frame fields: ``F_USER`` owner, ``F_AS`` skill id, ``F_TGT``/``F_CARD``/``F_SUB2`` the
timing point's context (seat, card, amount), ``F_SKILL_TP`` the timing point (``SKILL_NO_TP``:
used actively or in a response), ``F_SKILL_ORG`` the offset of the frame that fired the timing
point, ``F_SKILL_EXTRA`` its extra value; a skill's own scratch slots are named in ``frames.py``.
"""
from ...fast.jit import njit
from ..constants import (
    A_CARD,
    A_CONFIRM,
    A_OPTION,
    A_TARGET,
    C_LOC,
    C_ORD,
    CAUSE_NONE,
    CAUSE_SKILL,
    COLOR_NONE,
    DK_CONFIRM,
    DK_SKILL_CARD,
    EV_HEAL,
    EV_LOSE_HP,
    EV_REVEAL,
    EV_SKILL,
    EV_SKILL_SILENT,
    F_AS,
    F_CARD,
    F_PC,
    F_TGT,
    F_USER,
    FR_USE,
    GENDER_MALE,
    H_ANSWER,
    H_DSKILL,
    H_DSKOWNER,
    H_NCARDS,
    H_NODIST,
    H_NP,
    HK_HEAL,
    OPT_HAND,
    P_ALIVE,
    P_ARMOR,
    P_GENDER,
    P_HANDN,
    P_HP,
    P_MAXHP,
    P_MINUS,
    P_PLUS,
    P_USED,
    P_WEAPON,
    PC_START,
    PUR_SKILL,
    UF_PLAY,
    Z_EQUIP,
    Z_HAND,
    Z_PILE,
)
from ..frames import F_PD_CARD1, F_PD_CARD2, F_SKILL_ORG, push_dying, push_judge, push_pindian
from ..history import hist_add, hist_skill
from ..state import (
    alive,
    become_frame,
    card_color,
    card_rank,
    count_zone,
    discard_card,
    has_skill,
    log_event,
    own_skill,
    pop_frame,
    post_decision,
    post_skill_decision,
    random_hand_card,
    seat_after,
    skill_slot,
    take_card,
)
from .ids import SK_HONGYANJIE

JR_SKILL = CAUSE_SKILL   # FR_JUDGE reason for a skill's judgement: JR_SKILL + skill id
PD_STAGE = 99         # H_DA of a 拼点 card choice (any skill's; masked by ``registry.skill_mask``)


@njit(cache=True)
def origin(s, o):
    """Offset of the frame that fired the timing point this skill answers."""
    return s[o + F_SKILL_ORG]


@njit(cache=True)
def ask_confirm(s, o, next_pc):
    """Optional skill: ask its owner yes (CONFIRM) / no (PASS); the answer comes at next_pc."""
    owner = s[o + F_USER]
    s[o + F_PC] = next_pc
    post_decision(s, owner, DK_CONFIRM, s[o + F_CARD], owner, s[o + F_TGT],
                  da=0, db=PUR_SKILL, dc=0)
    s[H_DSKILL] = s[o + F_AS]
    s[H_DSKOWNER] = owner


@njit(cache=True)
def ask_if_alive(s, o, next_pc):
    """An optional skill's first step: its living owner is asked yes / no (``ask_confirm``: the
    answer comes at next_pc); a dead owner's frame ends."""
    if alive(s, s[o + F_USER]):
        ask_confirm(s, o, next_pc)
    else:
        pop_frame(s, 0)


@njit(cache=True)
def judge_if_confirmed(s, o, judge, tgt, next_pc):
    """The answer to ``ask_confirm`` of a skill that judges (洛神, 刚烈, 强掠, 柔情): yes → the
    skill is logged (on tgt) and judge judges (FR_JUDGE, reason JR_SKILL + skill; the card is in
    H_RET at next_pc); no → the frame ends."""
    if s[H_ANSWER] != A_CONFIRM:
        pop_frame(s, 0)
        return
    sk = s[o + F_AS]
    skill_log(s, s[o + F_USER], sk, tgt)
    s[o + F_PC] = next_pc
    push_judge(s, judge, JR_SKILL + sk)


@njit(cache=True)
def ask(s, o, seat, kind, stage, flags, extra, next_pc):
    """Ask seat for a DK_SKILL_* choice on behalf of this skill (the mask:
    ``registry.skill_mask``)."""
    s[o + F_PC] = next_pc
    post_skill_decision(s, seat, kind, s[o + F_AS], s[o + F_USER], s[o + F_CARD], s[o + F_TGT],
                        stage, flags, extra)


@njit(cache=True)
def used(s, seat, sk):
    """Has seat used skill sk in this play phase (once-per-phase skills)?"""
    i = skill_slot(s, seat, sk)
    return i >= 0 and (s[P_USED + seat] >> i) & 1 == 1


@njit(cache=True)
def mark_used(s, seat, sk):
    i = skill_slot(s, seat, sk)
    if i >= 0:
        s[P_USED + seat] |= 1 << i


@njit(cache=True)
def skill_log(s, seat, sk, tgt):
    """Log seat's use of (its skill running) sk under the skill's own id (集权, not 奸雄); tgt -1
    none, ``EV_SKILL_SILENT``: no line of its own."""
    own = own_skill(s, seat, sk)
    log_event(s, EV_SKILL, seat, own, tgt)
    hist_skill(s, seat, own, tgt)          # public history: a harmful / protecting skill aimed


@njit(cache=True)
def first_converting(value, sk, turns):
    """A card conversion sk's answer at ``Q_CONVERTS`` (turns: it turns the card asked into the
    kind asked): sk if it does and no skill before it in the seat's slots did (value 0), so that
    the first one names itself; else value."""
    return sk if value == 0 and turns else value


# the steps of a card conversion's FR_SKILL frame in the play phase (its F_PC): the card asked;
# the card chosen
CONVERT_ASK, CONVERT_CARD = PC_START, 1


@njit(cache=True)
def use_converted(s, o, sk, kind, nodist):
    """The next step of card conversion sk's FR_SKILL frame in the play phase: ask its owner for
    the card (``conversions.mask`` offers those he may use), then it is used as kind (FR_USE);
    nodist 1: it ignores distance (知心; cleared once the targets are chosen)."""
    u = s[o + F_USER]
    if s[o + F_PC] == CONVERT_ASK:
        ask(s, o, u, DK_SKILL_CARD, stage=0, flags=0, extra=0, next_pc=CONVERT_CARD)
        return
    skill_log(s, u, sk, EV_SKILL_SILENT)       # the use names the skill (EV_USE's conversion)
    s[H_NODIST] = nodist
    become_frame(s, o, FR_USE, u, tgt=-1, card=s[H_ANSWER] - A_CARD, as_kind=kind, sub2=-1,
                 a=UF_PLAY, b=-1)


@njit(cache=True)
def heal(s, seat, n, healer, card):
    """Recover up to n HP (not above the maximum), restored by seat healer (-1 none) with a card
    of kind card (K_PEACH; K_NONE for a skill; -1: not a personal act, kept out of the public
    history, e.g. 桃园结义). Returns the HP recovered. (Every recovery goes through here: it also
    takes 不屈 cards off the hero, ``pile_trim``.)"""
    k = s[P_MAXHP + seat] - s[P_HP + seat]
    if k > n:
        k = n
    if k > 0:
        s[P_HP + seat] += k
        log_event(s, EV_HEAL, seat, k, healer)
        if card >= 0:
            hist_add(s, HK_HEAL, healer, seat, card, k)
        pile_trim(s, seat)
    return k if k > 0 else 0


@njit(cache=True)
def wounded(s, t):
    """Is t below his maximum HP?"""
    return s[P_HP + t] < s[P_MAXHP + t]


@njit(cache=True)
def male(s, t):
    return s[P_GENDER + t] == GENDER_MALE


# ---------------------------------------------------------------- 不屈 (红颜劫): cards on the hero
# A 红颜劫 hero below 1 HP keeps 1 - HP cards face up on his hero (zone Z_PILE + seat, public);
# he stays alive while their ranks all differ (damage.hongyanjie_fill adds them while dying).
@njit(cache=True)
def pile_count(s, seat):
    """Cards set aside on seat's hero (不屈)."""
    return count_zone(s, Z_PILE + seat)


@njit(cache=True)
def pile_dup(s, seat, c):
    """Does an earlier card of seat's pile have card c's rank?"""
    z = Z_PILE + seat
    for x in range(s[H_NCARDS]):
        if x != c and s[C_LOC + x] == z and s[C_ORD + x] < s[C_ORD + c] \
                and card_rank(s, x) == card_rank(s, c):
            return True
    return False


@njit(cache=True)
def pile_holds(s, seat):
    """Does 不屈 keep seat alive below 1 HP: 1 - HP cards on the hero, all of different ranks?"""
    if s[P_HP + seat] >= 1 or not has_skill(s, seat, SK_HONGYANJIE):
        return False
    if pile_count(s, seat) != 1 - s[P_HP + seat]:
        return False
    z = Z_PILE + seat
    for c in range(s[H_NCARDS]):
        if s[C_LOC + c] == z and pile_dup(s, seat, c):
            return False
    return True


@njit(cache=True)
def pile_trim(s, seat):
    """After a recovery: the pile keeps 1 - HP cards (none from 1 HP up). Each card removed goes to
    the discard pile: the latest card whose rank an earlier card shares, else the latest card."""
    if not has_skill(s, seat, SK_HONGYANJIE):
        return
    need = 1 - s[P_HP + seat]
    if need < 0:
        need = 0
    z = Z_PILE + seat
    while pile_count(s, seat) > need:
        last = -1
        dup = -1
        for c in range(s[H_NCARDS]):
            if s[C_LOC + c] != z:
                continue
            if last < 0 or s[C_ORD + c] > s[C_ORD + last]:
                last = c
            if pile_dup(s, seat, c) and (dup < 0 or s[C_ORD + c] > s[C_ORD + dup]):
                dup = c
        discard_card(s, dup if dup >= 0 else last, seat)


@njit(cache=True)
def lose_hp(s, seat, n):
    """Lose n HP (no source, not damage). Pushes the dying procedure if HP drops to 0: call it last
    in a handler step."""
    s[P_HP + seat] -= n
    log_event(s, EV_LOSE_HP, seat, n, 0)
    if s[P_HP + seat] <= 0:
        push_dying(s, -1, seat)


@njit(cache=True)
def gain(s, seat, c, frm):
    """seat takes card c into its hand from the table (frm -1) or, for no skill in particular,
    from seat frm (``state.take_card`` names the cause)."""
    take_card(s, seat, c, frm, CAUSE_NONE)


@njit(cache=True)
def own_card(s, seat, c, with_equip):
    """Is card c in seat's hand (or equipment area)?"""
    z = s[C_LOC + c]
    return z == Z_HAND + seat or (with_equip and z == Z_EQUIP + seat)


@njit(cache=True)
def has_card_where(s, seat, with_equip, color):
    """Does seat hold a card (hand, or hand+equipment) of that colour (COLOR_NONE: any)?"""
    for c in range(s[H_NCARDS]):
        if own_card(s, seat, c, with_equip) and (color == COLOR_NONE or card_color(s, c) == color):
            return True
    return False


@njit(cache=True)
def mark_cards(s, out, seat, with_equip, color):
    """Mark seat's cards (hand, or hand+equipment) of a colour (COLOR_NONE: any). Returns count."""
    n = 0
    for c in range(s[H_NCARDS]):
        if own_card(s, seat, c, with_equip) and (color == COLOR_NONE or card_color(s, c) == color):
            out[A_CARD + c] = 1
            n += 1
    return n


@njit(cache=True)
def mark_others_alive(s, out, seat):
    """Mark every other living character as seat's target (A_TARGET, relative). Returns count."""
    n = 0
    for r in range(1, s[H_NP]):
        if s[P_ALIVE + seat_after(s, seat, r)] == 1:
            out[A_TARGET + r] = 1
            n += 1
    return n


@njit(cache=True)
def rel_target(s, seat, a):
    """The absolute seat an A_TARGET action of seat names."""
    return seat_after(s, seat, a - A_TARGET)


@njit(cache=True)
def mark_hand_or_equip(s, out, t):
    """Mark "a random hand card of t" (OPT_HAND) and each of t's equipment cards. Returns count."""
    n = 0
    if s[P_HANDN + t] > 0:
        out[A_OPTION + OPT_HAND] = 1
        n += 1
    for f in (P_WEAPON, P_ARMOR, P_PLUS, P_MINUS):
        if s[f + t] >= 0:
            out[A_CARD + s[f + t]] = 1
            n += 1
    return n


@njit(cache=True)
def take_hand_or_equip(s, seat, t, a, cause):
    """seat takes from t, by cause (``state.take_card``), what answer a of a mark_hand_or_equip
    choice names."""
    if a == A_OPTION + OPT_HAND:
        take_card(s, seat, random_hand_card(s, t), t, cause)
    else:
        take_card(s, seat, a - A_CARD, t, cause)


# ---------------------------------------------------------------- 拼点 (point comparison)
@njit(cache=True)
def pindian_ok(s, owner, t):
    """May owner point-compare with t? Both need a hand card (t: another living character)."""
    return t != owner and t >= 0 and t < s[H_NP] and s[P_ALIVE + t] == 1 \
        and s[P_HANDN + t] > 0 and s[P_HANDN + owner] > 0


@njit(cache=True)
def start_pindian(s, o, t, next_pc):
    """This skill frame's owner point-compares with t: an FR_PINDIAN child; at next_pc, H_RET
    holds its result (``pindian_won``, ``pindian_cards``)."""
    s[o + F_PC] = next_pc
    push_pindian(s, s[o + F_USER], t, s[o + F_AS])


@njit(cache=True)
def pindian_won(ret):
    """Did the owner win (strictly higher rank)?"""
    return (ret & 1) == 1


@njit(cache=True)
def pindian_card(ret, who):
    """The card shown by the owner (who 0) or the target (who 1); they lie in the discard pile."""
    return ((ret >> 1) & 255) if who == 0 else ((ret >> 9) & 255)


# FR_PINDIAN steps
PD_OWNER = 0   # ask the owner for a card
PD_TARGET = 1  # ask the target
PD_SHOW = 2    # show both, discard them, return the result


@njit(cache=True)
def run_pindian(s, o):
    """拼点: the owner, then the target, chooses a hand card face down (neither sees the other's
    choice: the chosen card stays in its holder's hand until both have chosen); both are shown
    at once (EV_REVEAL) and discarded. Returns won | owner card << 1 | target card << 9.
    F_USER owner, F_TGT target, F_AS the skill asking (names the decisions), F_PD_CARD1/F_PD_CARD2
    the cards."""
    u = s[o + F_USER]
    t = s[o + F_TGT]
    pc = s[o + F_PC]
    if pc == PD_OWNER:
        s[o + F_PC] = PD_TARGET
        post_skill_decision(s, u, DK_SKILL_CARD, s[o + F_AS], u, card=-1, tgt=t, stage=PD_STAGE,
                            flags=0, extra=0)
        return
    if pc == PD_TARGET:
        s[o + F_PD_CARD1] = s[H_ANSWER] - A_CARD
        s[o + F_PC] = PD_SHOW
        post_skill_decision(s, t, DK_SKILL_CARD, s[o + F_AS], u, card=-1, tgt=t, stage=PD_STAGE,
                            flags=0, extra=1)
        return
    s[o + F_PD_CARD2] = s[H_ANSWER] - A_CARD
    a = s[o + F_PD_CARD1]
    b = s[o + F_PD_CARD2]
    log_event(s, EV_REVEAL, u, a, 0)
    log_event(s, EV_REVEAL, t, b, 0)
    won = 1 if card_rank(s, a) > card_rank(s, b) else 0
    discard_card(s, a, u)
    discard_card(s, b, t)
    pop_frame(s, won | (a << 1) | (b << 9))
