"""Low-level operations on one game row: randomness, cards and zones, frames, decisions, events.

Every function takes the game row ``s`` (1-D int32) first and is compiled with Numba; the same
source runs as plain Python under ``NUMBA_DISABLE_JIT=1``.
"""
import numpy as np

from ..fast.jit import njit
from .constants import (
    C_AS,
    C_INFO,
    C_LOC,
    C_ORD,
    CAUSE_SKILL,
    D_ORDER,
    DISCARD_TAKEN,
    DK_NONE,
    EV_BASE,
    EV_DETAIL,
    EV_DISCARD,
    EV_DRAW,
    EV_GAIN,
    EV_GAME_OVER,
    EV_RESHUFFLE,
    EV_RING,
    EV_SIZE,
    F_AS,
    F_CARD,
    F_KIND,
    F_PC,
    F_SUB2,
    F_TGT,
    F_USER,
    FAULT_FRAME_OVERFLOW,
    FRAME_BASE,
    FRAME_SIZE,
    H_DA,
    H_DB,
    H_DC,
    H_DCARD,
    H_DECIDER,
    H_DKIND,
    H_DONE,
    H_DSKILL,
    H_DSKOWNER,
    H_DSRC,
    H_DTGT,
    H_ERR,
    H_FP,
    H_HEROES,
    H_MOVED,
    H_NCARDS,
    H_NDECK,
    H_NEV,
    H_NP,
    H_PEND,
    H_RESHUFFLES,
    H_RESULT,
    H_RET,
    H_RNG,
    H_SEED,
    H_STAMP,
    H_WINSEAT,
    K_AXE,
    K_BLADE,
    K_CROSSBOW,
    K_DOUBLE_SWORDS,
    K_DUEL,
    K_EIGHT_DIAGRAM,
    K_HALBERD,
    K_HORSE_MINUS,
    K_HORSE_PLUS,
    K_ICE_SWORD,
    K_KYLIN_BOW,
    K_LIGHTNING,
    K_NIOH_SHIELD,
    K_NONE,
    K_QINGGANG,
    K_SPEAR,
    LOSS_EQUIP,
    LOSS_HAND,
    MAX_FRAMES,
    MAX_SEATS,
    MAX_SKILL_SLOTS,
    P_ALIVE,
    P_ARMOR,
    P_AT,
    P_HANDN,
    P_MINUS,
    P_PEND,
    P_PLUS,
    P_POS,
    P_SK0,
    P_SK1,
    P_SK2,
    P_SK3,
    P_WEAPON,
    PC_START,
    PUSHED_A,
    PUSHED_B,
    PUSHED_ZERO,
    RES_DRAW,
    RES_TRUNCATED,
    Z_DECK,
    Z_DISCARD,
    Z_EQUIP,
    Z_HAND,
    Z_JUDGE,
    Z_PILE,
    Z_PROC,
)
from .content import SKILL_BASE, SKILL_LOSS, SKILL_PARAM

MASK32 = 0xFFFFFFFF


# ---------------------------------------------------------------- the row as bytes
@njit(cache=True, inline="always")
def row_bytes(s):
    """The game row's cells as bytes (byte 4 * cell + j: byte j of the cell, little-endian): the
    blocks that keep one byte per value (the public history's counters)."""
    return s.view(np.uint8)


# ---------------------------------------------------------------- randomness (counter-based)
@njit(cache=True)
def mul32(value, factor):
    """(value * factor) mod 2**32 for value, factor < 2**32 without overflowing int64."""
    value = value & MASK32
    return (value * (factor & 0xFFFF) + (((value * (factor >> 16)) & 0xFFFF) << 16)) & MASK32


@njit(cache=True)
def _fmix32(value):
    """value's low 32 bits, mixed (a hash's finaliser)."""
    value = value & MASK32
    value ^= value >> 16
    value = mul32(value, 0x85EBCA6B)
    value ^= value >> 13
    value = mul32(value, 0xC2B2AE35)
    value ^= value >> 16
    return value


@njit(cache=True)
def rand_u32(s):
    """Next 32-bit random number of this game; advances the game's counter."""
    ctr = np.int64(s[H_RNG])
    s[H_RNG] = ctr + 1
    seed = np.int64(s[H_SEED]) & MASK32
    return _fmix32(_fmix32(mul32(seed, 0x9E3779B1) + 0x7F4A7C15) ^ mul32(ctr, 0x27D4EB2F))


@njit(cache=True)
def rand_below(s, n):
    """Uniform integer in [0, n)."""
    return np.int64((rand_u32(s) * np.int64(n)) >> 32)


# ---------------------------------------------------------------- card info
@njit(cache=True)
def card_kind(s, c):
    return s[C_INFO + c] >> 6


@njit(cache=True)
def card_suit(s, c):
    return (s[C_INFO + c] >> 4) & 3


@njit(cache=True)
def card_rank(s, c):
    return s[C_INFO + c] & 15


@njit(cache=True)
def card_color(s, c):
    return (s[C_INFO + c] >> 4) & 1   # spade/club (0, 2) -> 0 black ; heart/diamond (1, 3) -> 1 red


@njit(cache=True)
def is_weapon_kind(k):
    return k >= K_CROSSBOW and k <= K_KYLIN_BOW


@njit(cache=True)
def is_equip_kind(k):
    return k >= K_CROSSBOW and k <= K_HORSE_MINUS


@njit(cache=True)
def is_trick_kind(k):
    return k >= K_DUEL and k <= K_LIGHTNING


@njit(cache=True)
def weapon_range(k):
    if k == K_CROSSBOW:
        return 1
    if k == K_DOUBLE_SWORDS or k == K_QINGGANG or k == K_ICE_SWORD:
        return 2
    if k == K_BLADE or k == K_SPEAR or k == K_AXE:
        return 3
    if k == K_HALBERD:
        return 4
    if k == K_KYLIN_BOW:
        return 5
    return 1


@njit(cache=True)
def equip_slot_field(k):
    """The P_* field holding the equipment slot a card of kind k goes into."""
    if is_weapon_kind(k):
        return P_WEAPON
    if k == K_EIGHT_DIAGRAM or k == K_NIOH_SHIELD:
        return P_ARMOR
    if k == K_HORSE_PLUS:
        return P_PLUS
    return P_MINUS


# ---------------------------------------------------------------- events
@njit(cache=True)
def log_event(s, kind, a, b, c):
    i = s[H_NEV] % EV_RING
    o = EV_BASE + i * EV_SIZE
    s[o] = kind
    s[o + 1] = a
    s[o + 2] = b
    s[o + 3] = c
    s[H_NEV] += 1


@njit(cache=True)
def ev_pack(value, detail):
    """An event cell holding value (a seat or a card, -1 none) and a detail (>= 0; 0: none, the
    cell is value as it is): ``constants.EV_DETAIL``."""
    return value + EV_DETAIL * detail


# ---------------------------------------------------------------- table positions
# A seat is a player (agent, role, hand, hero never move); P_POS is where it sits at the table.
# Everything that depends on seating (distance, turn order, "in seat order from the current
# player", relative seats in observations and target actions) goes through these. Without 迁都
# position == seat, and H_MOVED = 0 lets the hot loops skip the two lookups.
@njit(cache=True)
def pos_of(s, seat):
    """Table position of seat."""
    return s[P_POS + seat]


@njit(cache=True)
def seat_at(s, pos):
    """The seat sitting at table position pos (0 <= pos < H_NP)."""
    return s[P_AT + pos]


@njit(cache=True)
def seat_after(s, seat, places):
    """The seat places after seat in table order (0 <= places <= H_NP; wraps round the table).
    (A compare instead of a modulo: this is in the hottest loops.)"""
    n = s[H_NP]
    if s[H_MOVED] == 0:
        p = seat + places
        return p - n if p >= n else p
    p = s[P_POS + seat] + places
    if p >= n:
        p -= n
    return s[P_AT + p]


# ---------------------------------------------------------------- who is alive (no skill asked)
@njit(cache=True)
def alive(s, seat):
    return seat >= 0 and seat < s[H_NP] and s[P_ALIVE + seat] == 1


@njit(cache=True)
def next_alive(s, seat):
    """The next living seat after seat in table order (seat itself if it is the only one)."""
    n = s[H_NP]
    for k in range(1, n + 1):
        t = seat_after(s, seat, k)
        if s[P_ALIVE + t] == 1:
            return t
    return seat

@njit(cache=True)
def other_alive(s, d):
    """Is a seat other than d alive?"""
    for r in range(1, s[H_NP]):
        if alive(s, seat_after(s, d, r)):
            return True
    return False

@njit(cache=True)
def num_alive(s):
    n = 0
    for i in range(s[H_NP]):
        n += s[P_ALIVE + i]
    return n


@njit(cache=True)
def rel_seat(s, viewer, seat):
    """How many places after viewer seat sits (0 = viewer): the relative index of observations
    and A_TARGET actions."""
    if s[H_MOVED] == 0:
        d = seat - viewer
    else:
        d = s[P_POS + seat] - s[P_POS + viewer]
    if d < 0:
        d += s[H_NP]
    return d


@njit(cache=True)
def swap_positions(s, a, b):
    """迁都: seats a and b exchange their places at the table."""
    pa = s[P_POS + a]
    pb = s[P_POS + b]
    s[P_POS + a] = pb
    s[P_POS + b] = pa
    s[P_AT + pa] = b
    s[P_AT + pb] = a
    s[H_MOVED] = 1


@njit(cache=True)
def reset_positions(s):
    s[H_MOVED] = 0
    for i in range(MAX_SEATS):
        s[P_POS + i] = i
        s[P_AT + i] = i


# ---------------------------------------------------------------- skills of a seat
# A seat's slots hold its hero's own skill ids; mechanics are asked by base id (content.SKILL_BASE:
# 集权 answers to 奸雄's code), so these queries compare base ids.
@njit(cache=True)
def has_skill(s, seat, sk):
    """Does seat's hero have skill sk, or one running sk's code (lord skills only for the lord)?
    Dead seats keep theirs."""
    if s[H_HEROES] == 0 or seat < 0:
        return False
    return SKILL_BASE[s[P_SK0 + seat]] == sk or SKILL_BASE[s[P_SK1 + seat]] == sk \
        or SKILL_BASE[s[P_SK2 + seat]] == sk or SKILL_BASE[s[P_SK3 + seat]] == sk


@njit(cache=True)
def skill_slot(s, seat, sk):
    """Slot (0..3) of (a skill running) skill sk on seat's hero, -1 if it has none."""
    if seat < 0:
        return -1
    for i in range(MAX_SKILL_SLOTS):
        if SKILL_BASE[s[P_SK0 + i * MAX_SEATS + seat]] == sk:
            return i
    return -1


@njit(cache=True)
def own_skill(s, seat, sk):
    """The id of seat's own skill that runs skill sk's code (集权 for 奸雄); sk if it has none."""
    i = skill_slot(s, seat, sk)
    return s[P_SK0 + i * MAX_SEATS + seat] if i >= 0 else sk


@njit(cache=True)
def skill_cause(s, seat, sk):
    """The cause (``CAUSE_SKILL`` + own id) of seat's skill running sk's code."""
    return CAUSE_SKILL + own_skill(s, seat, sk)


@njit(cache=True)
def slot_skill(s, seat, i):
    """The base id (the mechanic) of seat's skill in slot i; 0 if empty."""
    return SKILL_BASE[s[P_SK0 + i * MAX_SEATS + seat]]


@njit(cache=True)
def skill_param(s, seat, sk):
    """The parameter of seat's skill running sk's code (e.g. 观星 3, 占卜 5); 0 if it has none."""
    i = skill_slot(s, seat, sk)
    if i < 0:
        return 0
    return SKILL_PARAM[s[P_SK0 + i * MAX_SEATS + seat]]


@njit(cache=True)
def loss_triggers(s, seat):
    """The card losses (``LOSS_*`` bits) that seat's skills answer (skills.csv ``on_loss``)."""
    if s[H_HEROES] == 0 or seat < 0:
        return 0
    return SKILL_LOSS[s[P_SK0 + seat]] | SKILL_LOSS[s[P_SK1 + seat]] \
        | SKILL_LOSS[s[P_SK2 + seat]] | SKILL_LOSS[s[P_SK3 + seat]]


# ---------------------------------------------------------------- zones
@njit(cache=True)
def _leave(s, c):
    """Remove card c from its current zone's bookkeeping (not from C_LOC). Raises the card-loss
    triggers the seat's skills answer (``LOSS_HAND``: the last hand card left; ``LOSS_EQUIP``: an
    equipped card left) in ``P_PEND``, for FR_PENDING."""
    z = s[C_LOC + c]
    if z >= Z_HAND and z < Z_HAND + MAX_SEATS:
        seat = z - Z_HAND
        s[P_HANDN + seat] -= 1
        if s[P_HANDN + seat] == 0 and (loss_triggers(s, seat) & LOSS_HAND) != 0:
            s[P_PEND + seat] |= LOSS_HAND
            s[H_PEND] = 1
    elif z >= Z_EQUIP and z < Z_EQUIP + MAX_SEATS:
        seat = z - Z_EQUIP
        for f in (P_WEAPON, P_ARMOR, P_PLUS, P_MINUS):
            if s[f + seat] == c:
                s[f + seat] = -1
        if (loss_triggers(s, seat) & LOSS_EQUIP) != 0:
            s[P_PEND + seat] += LOSS_EQUIP
            s[H_PEND] = 1
    elif z == Z_DECK:
        # remove from the draw pile array, keeping order
        n = s[H_NDECK]
        j = 0
        for i in range(n):
            d = s[D_ORDER + i]
            if d != c:
                s[D_ORDER + j] = d
                j += 1
        s[H_NDECK] = j


@njit(entry=True, cache=True)
def move_card(s, c, zone):
    """Move card c into zone (Z_* code, per-seat zones already offset by the seat)."""
    _leave(s, c)
    s[C_LOC + c] = zone
    s[C_AS + c] = K_NONE
    if zone >= Z_HAND and zone < Z_HAND + MAX_SEATS:
        s[P_HANDN + zone - Z_HAND] += 1
    elif zone >= Z_EQUIP and zone < Z_EQUIP + MAX_SEATS:
        s[equip_slot_field(card_kind(s, c)) + zone - Z_EQUIP] = c
    elif zone >= Z_JUDGE and zone < Z_PILE + MAX_SEATS:     # judgement zone, 不屈 pile
        s[H_STAMP] += 1
        s[C_ORD + c] = s[H_STAMP]
    elif zone == Z_DECK:
        s[D_ORDER + s[H_NDECK]] = c     # onto the top
        s[H_NDECK] += 1


@njit(cache=True)
def discard_card(s, c, seat):
    """seat discards its card c (-1: the table, for cards no seat holds)."""
    move_card(s, c, Z_DISCARD)
    log_event(s, EV_DISCARD, seat, c, -1)


@njit(cache=True)
def discard_for(s, c, seat, actor, cause, taken):
    """seat's card c is discarded because of seat actor's card or skill (cause: ``CAUSE_SKILL``):
    taken, actor chose it (过河拆桥); else seat discarded it for actor (雌雄双股剑, 刚烈)."""
    move_card(s, c, Z_DISCARD)
    log_event(s, EV_DISCARD, seat, c,
              ev_pack(actor, 2 * cause + (DISCARD_TAKEN if taken else 0)))


@njit(cache=True)
def take_card(s, seat, c, frm, cause):
    """seat takes card c into its hand from seat frm (-1: from the table) by cause (a card kind
    or ``CAUSE_SKILL`` + skill id, ``skill_cause``; ``CAUSE_NONE``)."""
    move_card(s, c, Z_HAND + seat)
    log_event(s, EV_GAIN, seat, c, ev_pack(frm, cause))


@njit(cache=True)
def bury(s, victim):
    """A dead seat's cards go to the discard pile: hand, equipment, judgement zone and the cards
    set aside on its hero (不屈)."""
    for c in range(s[H_NCARDS]):
        z = s[C_LOC + c]
        if z == Z_HAND + victim or z == Z_EQUIP + victim or z == Z_JUDGE + victim \
                or z == Z_PILE + victim:
            discard_card(s, c, victim)


@njit(cache=True)
def reshuffle(s):
    """Turn the discard pile into a new shuffled draw pile. Returns False if there was nothing."""
    n = 0
    for c in range(s[H_NCARDS]):
        if s[C_LOC + c] == Z_DISCARD:
            s[D_ORDER + s[H_NDECK] + n] = c
            n += 1
    if n == 0:
        return False
    base = D_ORDER + s[H_NDECK]
    for i in range(n - 1, 0, -1):
        j = rand_below(s, i + 1)
        t = s[base + i]
        s[base + i] = s[base + j]
        s[base + j] = t
    for i in range(n):
        s[C_LOC + s[base + i]] = Z_DECK
    # the new cards go under the remaining ones: rotate them to the bottom
    old = s[H_NDECK]
    if old > 0:
        tmp = np.empty(old + n, np.int32)
        for i in range(n):
            tmp[i] = s[base + i]
        for i in range(old):
            tmp[n + i] = s[D_ORDER + i]
        for i in range(old + n):
            s[D_ORDER + i] = tmp[i]
    s[H_NDECK] = old + n
    s[H_RESHUFFLES] += 1
    log_event(s, EV_RESHUFFLE, n, 0, 0)
    return True


@njit(cache=True, entry=True)
def end_game(s, result, winseat):
    if s[H_DONE] == 0:
        s[H_DONE] = 1
        s[H_RESULT] = result
        s[H_WINSEAT] = winseat
        s[H_DECIDER] = -1
        s[H_DKIND] = DK_NONE
        log_event(s, EV_GAME_OVER, result, winseat, 0)


@njit(cache=True)
def top_card(s):
    """Take the top card of the draw pile (reshuffling if needed) and put it on the table.

    Returns -1 (and ends the game as a draw) when both piles are empty."""
    if s[H_NDECK] == 0:
        if not reshuffle(s):
            end_game(s, RES_DRAW, -1)
            return -1
    c = s[D_ORDER + s[H_NDECK] - 1]
    s[H_NDECK] -= 1
    s[C_LOC + c] = Z_PROC
    return c


@njit(cache=True)
def draw_cards(s, seat, n):
    """Draw n cards into seat's hand. Returns False if the game ended (no cards left)."""
    for _ in range(n):
        c = top_card(s)
        if c < 0:
            return False
        move_card(s, c, Z_HAND + seat)
        log_event(s, EV_DRAW, seat, c, 0)
    return True


@njit(cache=True)
def deal_hands(s):
    """The opening hands: four cards to every seat from the lord on, one at a time."""
    for _ in range(4):
        for seat in range(s[H_NP]):
            move_card(s, s[D_ORDER + s[H_NDECK] - 1], Z_HAND + seat)


@njit(cache=True)
def count_zone(s, zone):
    n = 0
    for c in range(s[H_NCARDS]):
        if s[C_LOC + c] == zone:
            n += 1
    return n


@njit(cache=True)
def has_kind_in_hand(s, seat, kind):
    z = Z_HAND + seat
    for c in range(s[H_NCARDS]):
        if s[C_LOC + c] == z and card_kind(s, c) == kind:
            return True
    return False


@njit(cache=True)
def hand_kind_seats(s, kind):
    """A bit per seat (1 << seat) that holds a card of kind in hand: has_kind_in_hand for every
    seat in one pass over the cards."""
    bits = 0
    for c in range(s[H_NCARDS]):
        z = s[C_LOC + c]
        if z >= Z_HAND and z < Z_HAND + MAX_SEATS and card_kind(s, c) == kind:
            bits |= 1 << (z - Z_HAND)
    return bits


@njit(cache=True)
def judge_has(s, seat, kind):
    z = Z_JUDGE + seat
    for c in range(s[H_NCARDS]):
        if s[C_LOC + c] == z and s[C_AS + c] == kind:
            return True
    return False


@njit(cache=True)
def equip_count(s, seat):
    n = 0
    for f in (P_WEAPON, P_ARMOR, P_PLUS, P_MINUS):
        if s[f + seat] >= 0:
            n += 1
    return n


@njit(cache=True)
def judge_count(s, seat):
    return count_zone(s, Z_JUDGE + seat)


@njit(cache=True)
def random_hand_card(s, seat):
    n = s[P_HANDN + seat]
    if n == 0:
        return -1
    k = rand_below(s, n)
    z = Z_HAND + seat
    for c in range(s[H_NCARDS]):
        if s[C_LOC + c] == z:
            if k == 0:
                return c
            k -= 1
    return -1


# ---------------------------------------------------------------- frames
@njit(cache=True)
def frame_at(s, depth):
    return FRAME_BASE + depth * FRAME_SIZE


@njit(cache=True)
def top_frame(s):
    return FRAME_BASE + (s[H_FP] - 1) * FRAME_SIZE


@njit(cache=True)
def become_frame(s, o, kind, user, tgt, card, as_kind, sub2, a, b):
    """(Re)initialise the frame at o: a pushed frame, or an old one turned into another kind
    (a tail call, so the stack does not grow)."""
    s[o + F_KIND] = kind
    s[o + F_PC] = PC_START
    s[o + F_USER] = user
    s[o + F_TGT] = tgt
    s[o + F_CARD] = card
    s[o + F_AS] = as_kind
    s[o + F_SUB2] = sub2
    s[o + PUSHED_A] = a
    s[o + PUSHED_B] = b
    for f in range(PUSHED_ZERO, FRAME_SIZE):
        s[o + f] = 0


@njit(entry=True, cache=True)
def push_frame(s, kind, user, tgt, card, as_kind, sub2, a, b):
    if s[H_FP] >= MAX_FRAMES:
        s[H_ERR] = FAULT_FRAME_OVERFLOW
        end_game(s, RES_TRUNCATED, -1)
        return FRAME_BASE
    o = FRAME_BASE + s[H_FP] * FRAME_SIZE
    s[H_FP] += 1
    become_frame(s, o, kind, user, tgt, card, as_kind, sub2, a, b)
    return o


@njit(cache=True)
def pop_frame(s, ret):
    s[H_FP] -= 1
    s[H_RET] = ret


# ---------------------------------------------------------------- decisions
@njit(cache=True)
def post_decision(s, seat, kind, card, src, tgt, da, db, dc):
    """Seat's decision of kind (DK_*) about card, from src, at tgt; da, db, dc go to the context
    cells H_DA, H_DB, H_DC (what they hold per kind: DX_* in constants)."""
    s[H_DECIDER] = seat
    s[H_DKIND] = kind
    s[H_DCARD] = card
    s[H_DSRC] = src
    s[H_DTGT] = tgt
    s[H_DA] = da
    s[H_DB] = db
    s[H_DC] = dc
    s[H_DSKILL] = 0
    s[H_DSKOWNER] = -1


@njit(cache=True)
def post_skill_decision(s, seat, kind, sk, owner, card, tgt, stage, flags, extra):
    """A decision asked by skill sk of owner: H_DSKILL/H_DSKOWNER name it; H_DA = stage,
    H_DB = SKD_* flags (for DK_CONFIRM: PUR_SKILL), H_DC = extra."""
    post_decision(s, seat, kind, card, owner, tgt, stage, flags, extra)
    s[H_DSKILL] = sk
    s[H_DSKOWNER] = owner


@njit(cache=True)
def clear_decision(s):
    s[H_DECIDER] = -1
    s[H_DKIND] = DK_NONE
    s[H_DCARD] = -1
    s[H_DSRC] = -1
    s[H_DTGT] = -1
    s[H_DA] = 0
    s[H_DB] = 0
    s[H_DC] = 0
    s[H_DSKILL] = 0
    s[H_DSKOWNER] = -1
