"""Observation encoders: one seat's partial view, and the full-information state for critics.

The layout is the ``OBS_*`` / ``OS_*`` offsets of ``constants.py`` (documented in
``docs/observation.md``). Seats are relative to the viewer in table order (0 = the viewer, 1 = the
seat sitting next in turn order, ...; after 迁都 the new seating), padded to ``MAX_SEATS``. The
viewer sees: its own role and hand; every seat's public state (alive, HP, hand size, equipment,
judgement zone, revealed roles: the lord's always, the dead's); the discard pile, the table and
every public zone by card id; the pending decision only if it is the viewer's own; phase, round and
pile sizes; the public history (who did what to whom, ``engine/history.py``). Nothing else about
hidden cards or roles.

One implementation, two encodings: ``out`` is float32 (the values of ``docs/observation.md``) or
uint8 (every cell the small integer count k behind its value, negative ones as two's complement,
so that the float32 value is ``int8(byte) / divisor``: ``heroes_env.obs``). Numba compiles each
function once per output dtype; ``put_count`` writes the scaled cells.
"""
import numpy as np

from ..fast.jit import njit
from .constants import (
    C_AS,
    C_LOC,
    DIST_DIV,
    DK_TARGET,
    H_ACTED,
    H_CUR,
    H_DA,
    H_DB,
    H_DC,
    H_DCARD,
    H_DECIDER,
    H_DKIND,
    H_DONE,
    H_DRAFT,
    H_DSKILL,
    H_DSKOWNER,
    H_DSRC,
    H_DTGT,
    H_LOOKER,
    H_MODE,
    H_NCARDS,
    H_NDECK,
    H_NP,
    H_PHASE,
    H_ROUND,
    K_CROSSBOW,
    K_INDULGENCE,
    K_LIGHTNING,
    MAX_CARDS,
    MAX_OFFER,
    MAX_SEATS,
    MAX_SKILL_SLOTS,
    MISC_DIV,
    MODE_3V3,
    NUM_MARKS,
    NUM_ROLES,
    OBS_DCARDKIND,
    OBS_DISCARD,
    OBS_DKIND,
    OBS_DNUM,
    OBS_DSKILL,
    OBS_DSKOWNER,
    OBS_DSRC,
    OBS_DTGT,
    OBS_HAND,
    OBS_LOOK,
    OBS_MISC,
    OBS_OFFER,
    OBS_PHASE,
    OBS_PUBLIC,
    OBS_ROLE,
    OBS_SEATS,
    OBS_SIZE,
    OBS_TABLE,
    OFFER_BASE,
    OS_ACTED,
    OS_ALIVE,
    OS_ALLY,
    OS_CURRENT,
    OS_DIST,
    OS_EQUIP,
    OS_GENDER,
    OS_GIVEN,
    OS_HANDN,
    OS_HERO,
    OS_HP,
    OS_IN_RANGE,
    OS_JUDGE,
    OS_KINGDOM,
    OS_MARK,
    OS_MAXHP,
    OS_PRESENT,
    OS_ROLE,
    OS_SLASHES,
    OS_USED,
    P_ALIVE,
    P_ARMOR,
    P_GENDER,
    P_GIVEN,
    P_HANDN,
    P_HERO,
    P_HP,
    P_KINGDOM,
    P_MARK,
    P_MAXHP,
    P_MINUS,
    P_PLUS,
    P_REVEALED,
    P_ROLE,
    P_SLASHES,
    P_USED,
    P_WEAPON,
    ROLE_LORD,
    SEAT_OBS,
    Z_AG,
    Z_DISCARD,
    Z_EQUIP,
    Z_HAND,
    Z_JUDGE,
    Z_LOOK,
    Z_PILE,
    Z_PROC,
    Z_VOID,
)
from .encode import put_count
from .history import observe_history
from .mode3v3 import same_team, visible_choices
from .rules import attack_range, distance_from_count
from .state import card_kind, num_alive, rel_seat, seat_after, slot_skill

STATE_OBS_SIZE = OBS_SIZE + MAX_SEATS * (MAX_CARDS + NUM_ROLES)


@njit(cache=True)
def _seat_block(s, viewer, seat, base, out, full, dist, reach):
    """seat's block; dist: the viewer's distance to it (-1: the viewer or the seat is dead);
    reach: the viewer's attack range."""
    out[base + OS_PRESENT] = 1.0
    out[base + OS_ALIVE] = s[P_ALIVE + seat]
    out[base + OS_HP] = s[P_HP + seat]
    out[base + OS_MAXHP] = s[P_MAXHP + seat]
    out[base + OS_HANDN] = s[P_HANDN + seat]
    role = s[P_ROLE + seat]
    if full or seat == viewer or role == ROLE_LORD or s[P_REVEALED + seat] == 1:
        out[base + OS_ROLE + role] = 1.0
    if s[H_CUR] == seat:
        out[base + OS_CURRENT] = 1.0
    if dist >= 0:
        put_count(out, base + OS_DIST, dist, DIST_DIV)
        if seat != viewer and dist <= reach:
            out[base + OS_IN_RANGE] = 1.0
    out[base + OS_SLASHES] = s[P_SLASHES + seat]
    if s[H_MODE] == MODE_3V3:
        if same_team(s, viewer, seat):
            out[base + OS_ALLY] = 1.0
        if (s[H_ACTED] >> seat) & 1:
            out[base + OS_ACTED] = 1.0
    for f in (P_WEAPON, P_ARMOR, P_PLUS, P_MINUS):
        c = s[f + seat]
        if c >= 0:
            out[base + OS_EQUIP + card_kind(s, c) - K_CROSSBOW] = 1.0
    # OS_JUDGE (delayed tricks in the judgement zone) is filled by observe's pass over the cards
    # the hero (and so its skills, gender, kingdom); non-lord picks stay hidden during the draft
    if full or seat == viewer or s[H_DRAFT] == 0 or role == ROLE_LORD or same_team(s, viewer, seat):
        h = s[P_HERO + seat]
        if h >= 0:
            out[base + OS_HERO + h] = 1.0
        g = s[P_GENDER + seat]
        if g == 1 or g == 2:
            out[base + OS_GENDER + g - 1] = 1.0
        out[base + OS_KINGDOM + s[P_KINGDOM + seat]] = 1.0
    u = s[P_USED + seat]
    if u != 0:
        for i in range(MAX_SKILL_SLOTS):
            if (u >> i) & 1:
                out[base + OS_USED + i] = 1.0
    out[base + OS_GIVEN] = s[P_GIVEN + seat]
    m = s[P_MARK + seat]
    if m != 0:
        for i in range(NUM_MARKS):
            if (m >> i) & 1:
                out[base + OS_MARK + i] = 1.0


@njit(entry=True, cache=True)
def observe(s, viewer, out, full=False):
    """Fill out (OBS_SIZE, float32 or uint8) with viewer's observation (full=True: every role
    visible), piece by piece."""
    _clear(out)
    out[OBS_ROLE + s[P_ROLE + viewer]] = 1.0
    ndis = _card_pieces(s, viewer, out, s[H_LOOKER] == viewer or full)
    _seat_blocks(s, viewer, out, full)
    if s[H_DECIDER] == viewer and s[H_DONE] == 0:
        _decision(s, viewer, out)
    if s[H_DRAFT] != 0 and s[H_MODE] == MODE_3V3:
        visible_choices(s, viewer, out, OBS_OFFER)
    elif s[H_DRAFT] != 0:
        for j in range(MAX_OFFER):
            h = s[OFFER_BASE + viewer * MAX_OFFER + j]
            if h >= 0:
                out[OBS_OFFER + h] = 1.0
    out[OBS_PHASE + s[H_PHASE]] = 1.0
    put_count(out, OBS_MISC, s[H_ROUND], MISC_DIV)
    put_count(out, OBS_MISC + 1, s[H_NDECK], MISC_DIV)
    put_count(out, OBS_MISC + 2, ndis, MISC_DIV)
    observe_history(s, viewer, out)      # the public history pieces (engine/history.py)


@njit(cache=True, inline="always")
def _clear(out):
    """Every cell but the per-card pieces, which the pass over the cards writes in full."""
    for i in range(OBS_HAND):
        out[i] = 0.0
    for i in range(OBS_SEATS, OBS_DISCARD):
        out[i] = 0.0
    for i in range(OBS_DKIND, OBS_LOOK):
        out[i] = 0.0
    for i in range(OBS_OFFER, OBS_SIZE):
        out[i] = 0.0


@njit(cache=True, inline="always")
def _card_pieces(s, viewer, out, look):
    """The five per-card pieces (the viewer's hand, the discard pile, the table, a public zone,
    the looked-at cards if look) and the seats' judgement cells; returns the discard pile's
    size."""
    hz = Z_HAND + viewer
    ncards = s[H_NCARDS]
    ndis = 0
    njudge = 0
    # one pass over the card slots writes every cell of the five pieces (a card shows in at most
    # one); no branch, so that the compiler vectorises it
    for c in range(MAX_CARDS):
        z = s[C_LOC + c] if c < ncards else Z_VOID
        out[OBS_HAND + c] = z == hz
        out[OBS_DISCARD + c] = z == Z_DISCARD
        out[OBS_TABLE + c] = (z == Z_PROC) | (z == Z_AG)
        out[OBS_PUBLIC + c] = z >= Z_EQUIP
        out[OBS_LOOK + c] = look & (z == Z_LOOK)
        ndis += z == Z_DISCARD
        njudge += (z >= Z_JUDGE) & (z < Z_PILE)
    if njudge > 0:                    # delayed tricks: the seats' judgement cells
        for c in range(ncards):
            z = s[C_LOC + c]
            if z >= Z_JUDGE and z < Z_PILE:
                o = OBS_SEATS + rel_seat(s, viewer, z - Z_JUDGE) * SEAT_OBS + OS_JUDGE
                if s[C_AS + c] == K_INDULGENCE:
                    out[o] = 1.0
                elif s[C_AS + c] == K_LIGHTNING:
                    out[o + 1] = 1.0
    return ndis


@njit(cache=True, inline="always")
def _seat_blocks(s, viewer, out, full):
    """The seat blocks in relative order: one walk round the table gives every distance."""
    living = s[P_ALIVE + viewer] == 1
    reach = attack_range(s, viewer) if living else -1      # once, not per seat
    total = num_alive(s)
    cw = 1                            # the seat itself and the living seats before it
    for r in range(s[H_NP]):
        seat = seat_after(s, viewer, r)
        dist = -1
        if living and s[P_ALIVE + seat] == 1:
            dist = 0 if r == 0 else distance_from_count(s, viewer, seat, cw, total, -1)
        if r > 0:
            cw += s[P_ALIVE + seat]
        _seat_block(s, viewer, seat, OBS_SEATS + r * SEAT_OBS, out, full, dist, reach)


@njit(cache=True, inline="always")
def _decision(s, viewer, out):
    """The pending decision, the viewer's own: its kind, card, seats, numbers and skill."""
    out[OBS_DKIND + s[H_DKIND]] = 1.0
    c = s[H_DCARD]
    if c >= 0:
        out[OBS_DCARDKIND + card_kind(s, c)] = 1.0
    if s[H_DSRC] >= 0:
        out[OBS_DSRC + rel_seat(s, viewer, s[H_DSRC])] = 1.0
    if s[H_DTGT] >= 0:
        out[OBS_DTGT + rel_seat(s, viewer, s[H_DTGT])] = 1.0
    out[OBS_DNUM] = s[H_DA]
    out[OBS_DNUM + 1] = s[H_DB]
    dc = s[H_DC]
    if s[H_DKIND] == DK_TARGET and dc >= 0:
        dc = rel_seat(s, viewer, dc)     # a seat (借刀杀人's wielder): relative, like all seats
    out[OBS_DNUM + 2] = dc if dc >= 0 else -1
    sk = s[H_DSKILL]
    owner = s[H_DSKOWNER]
    if sk != 0 and owner >= 0:
        for i in range(MAX_SKILL_SLOTS):
            if slot_skill(s, owner, i) == sk:
                out[OBS_DSKILL + i] = 1.0
        out[OBS_DSKOWNER + rel_seat(s, viewer, owner)] = 1.0


@njit(entry=True, cache=True)
def observe_state(s, out):
    """Full information for a centralised critic: seat 0's view with every role shown, followed by
    every seat's hand (multi-hot by card id) and role, in absolute seat order."""
    observe(s, 0, out[:OBS_SIZE], True)
    for i in range(OBS_SIZE, STATE_OBS_SIZE):
        out[i] = 0.0
    npl = s[H_NP]
    for seat in range(npl):
        base = OBS_SIZE + seat * (MAX_CARDS + NUM_ROLES)
        z = Z_HAND + seat
        for c in range(s[H_NCARDS]):
            if s[C_LOC + c] == z:
                out[base + c] = 1.0
        out[base + MAX_CARDS + s[P_ROLE + seat]] = 1.0


def obs_zeros():
    return np.zeros(OBS_SIZE, np.float32)
