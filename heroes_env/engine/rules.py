"""Rule queries that change nothing: distance, attack range, who may be targeted, what is usable.

The mask (``mask.py``) and the frames (``flow/``) both ask these, so a card is offered exactly
when the frames can carry out its use.
"""
from ..fast.jit import njit
from .constants import (
    C_LOC,
    CAUSE_NONE,
    COLOR_BLACK,
    COLOR_NONE,
    COLOR_RED,
    CONV_SPAN,
    DECK_HEROKILL,
    H_DECK,
    H_HEROES,
    H_MOVED,
    H_NCARDS,
    H_NODIST,
    H_NP,
    K_COLLATERAL,
    K_CROSSBOW,
    K_DISMANTLE,
    K_DUEL,
    K_HALBERD,
    K_INDULGENCE,
    K_JINK,
    K_LIGHTNING,
    K_NONE,
    K_NULLIFICATION,
    K_PEACH,
    K_SLASH,
    K_SNATCH,
    K_SPEAR,
    P_ALIVE,
    P_ARMOR,
    P_AT,
    P_GENDER,
    P_HANDN,
    P_HP,
    P_MAXHP,
    P_MINUS,
    P_PLUS,
    P_POS,
    P_SLASHES,
    P_WEAPON,
    PUR_ICE_SWORD,
    Q_ATTACK_RANGE,
    Q_CONVERTS,
    Q_DISTANCE_FROM,
    Q_DISTANCE_TO,
    Q_JUDGE_SUIT,
    Q_MAKES_KIND,
    Q_OWN_PEACH_BONUS,
    Q_PEACH_TARGET,
    Q_SLASH_BLOCKED,
    Q_SLASH_LIMIT,
    Q_SLASH_TARGETS,
    Q_SLASH_UNLIMITED,
    Q_TAKES_AIM,
    Q_TRICK_NO_DISTANCE,
    Q_UNTARGETABLE,
    SUIT_DIAMOND,
    SUIT_HEART,
    Z_EQUIP,
    Z_HAND,
)
from .skills.queries import answers, query
from .state import (
    alive,
    card_color,
    card_kind,
    card_suit,
    equip_count,
    judge_count,
    judge_has,
    num_alive,
    skill_cause,
    weapon_range,
)


# ---------------------------------------------------------------- what skills answer
@njit(cache=True)
def untargetable(s, t, kind):
    """Can t not be chosen as a target of a card of this kind (空城, 谦逊, 控局)?"""
    return query(s, Q_UNTARGETABLE, t, value=0, a=kind, b=0) != 0


@njit(cache=True)
def judge_suit(s, seat, c):
    """Suit of judgement card c when seat judges (红妆: ♠ counts as ♥)."""
    return query(s, Q_JUDGE_SUIT, seat, card_suit(s, c), c, b=0)


@njit(cache=True)
def judge_color(s, seat, c):
    """Colour of judgement card c when seat judges (红妆: ♠ counts as ♥, so red)."""
    k = judge_suit(s, seat, c)
    return COLOR_RED if (k == SUIT_HEART or k == SUIT_DIAMOND) else COLOR_BLACK


@njit(cache=True)
def own_suit(s, seat, c):
    """Suit of seat's own card c for its skills (红妆: ♠ counts as ♥)."""
    return judge_suit(s, seat, c)


@njit(cache=True)
def slash_limit(s, seat):
    """杀 he may use as play actions in this play phase (without 诸葛连弩 / 飞将)."""
    return query(s, Q_SLASH_LIMIT, seat, value=1, a=0, b=0)


@njit(cache=True)
def pick_takes_judge(s, purpose):
    """May a pick (FR_PICK, DK_PICK) of this PUR_* purpose take a card from the judgement area?
    过河拆桥 and 顺手牵羊 may; 寒冰剑 takes hand and equipment cards only, but the 英雄杀 龙鳞刀
    (its text, DECK_HEROKILL) takes judgement-area cards too. The frames ask it (is there anything
    to take?) and so does the mask (what may be taken)."""
    return purpose != PUR_ICE_SWORD or s[H_DECK] == DECK_HEROKILL




@njit(cache=True)
def aim_taker(s, user, t):
    """The seat that a 杀 or 决斗 of user aimed at t aims at instead (``Q_TAKES_AIM``: 门神), or -1.
    None when that seat is user itself. It is not a new choice of target: range and target
    prohibitions are not checked for it."""
    for p in range(s[H_NP]):
        if p != t and alive(s, p) and answers(s, p, Q_TAKES_AIM) \
                and query(s, Q_TAKES_AIM, p, value=0, a=t, b=user) != 0:
            return -1 if p == user else p
    return -1


@njit(cache=True)
def converting_skill(s, seat, c, kind):
    """The (base id of the) first skill of seat that turns seat's card c into a card of kind in a
    response (闪, 杀, 桃 for the dying, 无懈可击: ``Q_CONVERTS``); 0 if none."""
    return query(s, Q_CONVERTS, seat, value=0, a=c, b=kind)


@njit(cache=True)
def conversion(s, seat, c, kind):
    """The conversion of seat's card c used or played as kind, for the log (``EV_USE``,
    ``EV_RESPOND``): kind + CONV_SPAN * the cause, the skill that turns it (``CAUSE_NONE`` if
    none of seat's does); 0 if c is a card of that kind."""
    if card_kind(s, c) == kind:
        return 0
    sk = converting_skill(s, seat, c, kind)
    return kind + CONV_SPAN * (skill_cause(s, seat, sk) if sk != 0 else CAUSE_NONE)


@njit(cache=True)
def makes_kind(s, seat, kind):
    """Does a skill of seat turn cards into kind in a response at all (``Q_MAKES_KIND``)? The
    cheap test before a scan of his cards."""
    return (answers(s, seat, Q_MAKES_KIND)
            and query(s, Q_MAKES_KIND, seat, value=0, a=kind, b=0) != 0)


@njit(cache=True)
def can_convert_to(s, seat, kind):
    """Does seat hold a card (hand or equipment) that a skill of his turns into kind?"""
    if not makes_kind(s, seat, kind):
        return False
    for c in range(s[H_NCARDS]):
        z = s[C_LOC + c]
        if (z == Z_HAND + seat or z == Z_EQUIP + seat) and converting_skill(s, seat, c, kind) != 0:
            return True
    return False








@njit(cache=True)
def seat_distance(s, a, b):
    """distance(a, b) over living seats, with horses; 0 to oneself, at least 1 otherwise."""
    return seat_distance_x(s, a, b, -1)


@njit(cache=True)
def seat_distance_x(s, a, b, excl):
    """seat_distance, as if card excl (a horse about to leave, or -1) were not equipped. Counted
    round the table (positions), the shorter way, over living seats."""
    if a == b:
        return 0
    n = s[H_NP]
    cw = 1                  # b itself, then the living seats between a and b
    if s[H_MOVED] == 0:     # seats are positions (no 迁都 yet): no lookups
        t = a + 1
        if t == n:
            t = 0
        for _ in range(n):          # (bounded: a crafted seat outside 0..n-1 ends the walk)
            if t == b:
                break
            cw += s[P_ALIVE + t]
            t += 1
            if t == n:
                t = 0
    else:
        pb = s[P_POS + b]
        p = s[P_POS + a] + 1
        if p == n:
            p = 0
        for _ in range(n):
            if p == pb:
                break
            cw += s[P_ALIVE + s[P_AT + p]]
            p += 1
            if p == n:
                p = 0
    total = num_alive(s)
    if s[P_ALIVE + a] == 0:
        total += 1
    if s[P_ALIVE + b] == 0:
        total += 1
    return distance_from_count(s, a, b, cw, total, excl)


@njit(cache=True)
def distance_from_count(s, from_seat, to_seat, clockwise, total, excl):
    """The rest of seat_distance_x (from_seat != to_seat): clockwise counts to_seat and the living
    seats between the two clockwise, total the living seats (the two included, dead or not). The
    shorter way round, horses (card excl aside), skills, at least 1. ``observe`` walks the table
    once and asks this for every seat, instead of counting round the table for each."""
    ccw = total - clockwise
    d = clockwise if clockwise < ccw else ccw
    if s[P_MINUS + from_seat] >= 0 and s[P_MINUS + from_seat] != excl:
        d -= 1
    if s[P_PLUS + to_seat] >= 0 and s[P_PLUS + to_seat] != excl:
        d += 1
    d += (query(s, Q_DISTANCE_FROM, from_seat, value=0, a=to_seat, b=0)
          + query(s, Q_DISTANCE_TO, to_seat, value=0, a=from_seat, b=0))
    if d < 1:
        d = 1
    return d


@njit(cache=True)
def attack_range(s, seat):
    return attack_range_x(s, seat, -1)


@njit(cache=True)
def attack_range_x(s, seat, excl):
    """Attack range, as if card excl (or -1) were not equipped."""
    w = s[P_WEAPON + seat]
    r = 1 if w < 0 or w == excl else weapon_range(card_kind(s, w))
    return query(s, Q_ATTACK_RANGE, seat, r, a=0, b=0)


@njit(cache=True)
def in_range_x(s, a, b, excl):
    """Is b within a's attack range, card excl of a's set aside (流离, a converted weapon)?"""
    return seat_distance_x(s, a, b, excl) <= attack_range_x(s, a, excl)


@njit(cache=True)
def weapon_kind(s, seat):
    w = s[P_WEAPON + seat]
    if w < 0:
        return K_NONE
    return card_kind(s, w)


@njit(cache=True)
def spear_ready(s, seat):
    """丈八蛇矛: seat can make a 杀 of two hand cards."""
    return weapon_kind(s, seat) == K_SPEAR and s[P_HANDN + seat] >= 2


@njit(cache=True)
def armor_kind(s, seat):
    a = s[P_ARMOR + seat]
    if a < 0:
        return K_NONE
    return card_kind(s, a)


@njit(cache=True)
def total_cards(s, seat, with_judge):
    n = s[P_HANDN + seat] + equip_count(s, seat)
    if with_judge:
        n += judge_count(s, seat)
    return n


@njit(cache=True)
def slash_allowed(s, seat):
    """May seat use another 杀 as a play action in this play phase?"""
    return slash_allowed_x(s, seat, -1)


@njit(cache=True)
def slash_allowed_x(s, seat, excl):
    """slash_allowed, card excl set aside (a 诸葛连弩 that is itself turned into the 杀)."""
    if query(s, Q_SLASH_BLOCKED, seat, value=0, a=0, b=0) != 0:
        return False
    w = s[P_WEAPON + seat]
    if (w >= 0 and w != excl and card_kind(s, w) == K_CROSSBOW) \
            or query(s, Q_SLASH_UNLIMITED, seat, value=0, a=0, b=0) != 0:
        return True
    return s[P_SLASHES + seat] < slash_limit(s, seat)


@njit(cache=True)
def can_slash_target(s, user, t, check_range):
    """Could user choose t as the target of a 杀 (range optional: 青龙偃月刀 ignores it)?"""
    return can_slash_target_x(s, user, t, check_range, -1)


@njit(cache=True)
def can_slash_target_x(s, user, t, check_range, excl):
    """can_slash_target with card excl of user's equipment set aside (it is the 杀 itself)."""
    if t == user or not alive(s, t) or untargetable(s, t, K_SLASH):
        return False
    if check_range and not in_range_x(s, user, t, excl):
        return False
    return True


@njit(cache=True)
def has_slash_target(s, user, exclude_a, exclude_b, exclude_c):
    for t in range(s[H_NP]):
        if t == exclude_a or t == exclude_b or t == exclude_c:
            continue
        if can_slash_target(s, user, t, True):
            return True
    return False


@njit(cache=True)
def collateral_victim_exists(s, holder):
    """Does holder (holding a weapon) have someone to 杀 in range? (the user of 借刀杀人 may be
    it)"""
    if s[P_WEAPON + holder] < 0:
        return False
    return has_slash_target(s, holder, exclude_a=-1, exclude_b=-1, exclude_c=-1)


@njit(cache=True)
def legal_target(s, user, kind, t, stage, first):
    """May user choose t for a card of this kind? stage/first are for two-step choices
    (借刀杀人)."""
    if not alive(s, t):
        return False
    if kind == K_SLASH:
        return can_slash_target(s, user, t, True)
    if kind == K_DUEL:
        return t != user and not untargetable(s, t, K_DUEL)
    if kind == K_DISMANTLE:
        return t != user and total_cards(s, t, True) > 0 and not untargetable(s, t, K_DISMANTLE)
    if kind == K_SNATCH:
        return t != user and total_cards(s, t, True) > 0 and not untargetable(s, t, K_SNATCH) \
            and (seat_distance(s, user, t) <= 1 or s[H_NODIST] != 0
                 or query(s, Q_TRICK_NO_DISTANCE, user, value=0, a=0, b=0) != 0)
    if kind == K_INDULGENCE:
        return (t != user and not judge_has(s, t, K_INDULGENCE)
                and not untargetable(s, t, K_INDULGENCE))
    if kind == K_PEACH:       # on another seat where his skill allows it (救援)
        if t == user:
            return s[P_HP + t] < s[P_MAXHP + t]
        return peach_on_other(s, user, t)
    if kind == K_COLLATERAL:
        if stage == 0:
            return t != user and collateral_victim_exists(s, t)
        return can_slash_target(s, first, t, True)
    return False


@njit(cache=True)
def peach_on_other(s, user, t):
    """May user use a 桃 on another living seat t outside its dying? Only where a skill of t's
    allows it (``Q_PEACH_TARGET``: 救援)."""
    return t != user and alive(s, t) and query(s, Q_PEACH_TARGET, t, value=0, a=user, b=0) != 0


@njit(cache=True)
def peach_needs_target(s, user):
    """Does a 桃 of user need a target choice (a skill makes another seat a possible target)?"""
    if s[H_HEROES] == 0:
        return False
    for t in range(s[H_NP]):
        if peach_on_other(s, user, t):
            return True
    return False


@njit(cache=True)
def own_peach_bonus(s, user, dying):
    """Extra HP (0 or 1) of a 桃 the dying user uses on himself: another living seat's skill may
    give it (``Q_OWN_PEACH_BONUS``: 大米)."""
    if s[H_HEROES] == 0 or user != dying:
        return 0
    for t in range(s[H_NP]):
        if t != user and alive(s, t) and query(s, Q_OWN_PEACH_BONUS, t, value=0, a=user, b=0) != 0:
            return 1
    return 0


@njit(cache=True)
def any_legal_target(s, user, kind):
    for t in range(s[H_NP]):
        if legal_target(s, user, kind, t, 0, -1):
            return True
    return False


@njit(cache=True)
def usable_in_play(s, seat, kind):
    """Can a card of this kind be used by seat as a play-phase action right now (card in hand)?"""
    if kind == K_SLASH:
        return slash_allowed(s, seat) and any_legal_target(s, seat, K_SLASH)
    if kind == K_JINK or kind == K_NULLIFICATION:
        return False
    if kind == K_PEACH:
        return s[P_HP + seat] < s[P_MAXHP + seat] or peach_needs_target(s, seat)
    if kind == K_DUEL or kind == K_DISMANTLE or kind == K_SNATCH or kind == K_INDULGENCE \
            or kind == K_COLLATERAL:
        return any_legal_target(s, seat, kind)
    if kind == K_LIGHTNING:
        return not judge_has(s, seat, K_LIGHTNING)
    return True   # AOE, global tricks, 无中生有, equipment


@njit(cache=True)
def halberd_extra_possible(s, user, target1, target2, target3):
    """May a play-phase 杀 get another target through 方天画戟 (it used the last hand card)?
    target1..target3: the targets chosen so far (-1 none)."""
    if weapon_kind(s, user) != K_HALBERD or s[P_HANDN + user] != 0:
        return False
    return has_slash_target(s, user, target1, target2, target3)


@njit(cache=True)
def extra_slash_target(s, user, n, target1, target2, target3):
    """May a play-phase 杀 with n targets chosen (target1..target3, -1 none) get another: 方天画戟
    (the last hand card, up to three) or a skill (``Q_SLASH_TARGETS``: 侠胆 won, up to two)?"""
    if n < 3 and halberd_extra_possible(s, user, target1, target2, target3):
        return True
    return (n < query(s, Q_SLASH_TARGETS, user, value=1, a=0, b=0)
            and has_slash_target(s, user, target1, target2, target3))


@njit(cache=True)
def slash_color(s, card, sub2):
    """Colour of a 杀 made of card (and sub2 for 丈八蛇矛; -1 if none)."""
    if card < 0:
        return COLOR_NONE
    c = card_color(s, card)
    if sub2 >= 0 and card_color(s, sub2) != c:
        return COLOR_NONE
    return c


@njit(cache=True)
def opposite_gender(s, a, b):
    ga = s[P_GENDER + a]
    gb = s[P_GENDER + b]
    return ga != 0 and gb != 0 and ga != gb
