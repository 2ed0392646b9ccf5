"""Invariants of a game row, checked in compiled code, and a kernel that plays random games
checking them after every decision (used by the test suite and ``benchmarks/soak.py``).

The test suite asserts this checker on its scenario games too
(``tests/conftest.py::check_invariants``).

``check_row`` checks a row that comes from outside (bytes, a file): first, in plain numpy, every
range the layouts declare (``constants.ROW_RANGES``, the live frames' ``FRAME_RANGES`` and
``frames.SLOT_RANGES``) and the zones of the cards, so that no compiled code reads or writes
outside the row; then the compiled invariants (``violation``).
"""
import re

import numpy as np

from ..fast import crew
from ..fast.jit import njit
from . import constants as _C
from . import frames as _F
from .constants import (
    C_LOC,
    COMMANDER_OFFSET,
    D_ORDER,
    F_AS,
    F_KIND,
    F_TGT,
    F_USER,
    FAULT_BROKEN_INVARIANT,
    FLAG_AUTOPLAY,
    FR_DYING,
    FRAME_BASE,
    FRAME_SIZE,
    G_FLAGS,
    H_ACTED,
    H_CUR,
    H_DECIDER,
    H_DONE,
    H_DRAFT,
    H_ERR,
    H_FP,
    H_HOLD,
    H_LOOKER,
    H_MAX_ROUNDS,
    H_MODE,
    H_MOVED,
    H_NCARDS,
    H_NDECK,
    H_NP,
    H_PACK,
    H_PEND,
    H_PHASE,
    H_RESULT,
    H_ROUND,
    H_TURNS,
    MAX_CARDS,
    MAX_FRAMES,
    MODE_3V3,
    NUM_ACTIONS,
    P_ALIVE,
    P_ARMOR,
    P_AT,
    P_HANDN,
    P_HERO,
    P_HP,
    P_MAXHP,
    P_MINUS,
    P_PLUS,
    P_POS,
    P_WEAPON,
    PACK_NONE,
    PH_NONE,
    RES_DRAW,
    RES_NONE,
    RES_TEAM0,
    RES_TEAM1,
    RES_TRUNCATED,
    STATE_SIZE,
    TEAM_SIZE,
    Z_AG,
    Z_DECK,
    Z_EQUIP,
    Z_HAND,
    Z_JUDGE,
    Z_LOOK,
    Z_PILE,
    Z_PROC,
    Z_VOID,
)
from .core import ENGINE_OK, OP_DEAL, OP_STEP, engine, setup_game
from .mask import legal_mask
from .skills.common import pile_holds
from .state import end_game

# invariant codes: what ``violation`` returns (and ``play_checked`` records), OK for none
OK = 0
V_ENGINE_ERROR = 1
V_CARD_IN_NO_ZONE = 2
V_SLOT_BEYOND_DECK = 3
V_PILE_COUNT = 4
V_PILE_ORDER = 5
V_TABLE_OVERFULL = 6
V_HAND_COUNT = 7
V_HP_ABOVE_MAX = 8
V_EQUIP_SLOT = 9
V_EQUIP_ZONE = 10
V_DEAD_HOLDS_CARDS = 11
V_LIVING_AT_ZERO_HP = 12
V_FRAME_STACK = 13
V_DECIDER = 14
V_ROUND_CAP_RUNNING = 15
V_NO_RESULT = 16
V_ROUND_CAP_NOT_TRUNCATED = 17
V_LOOKED_AT = 18
V_CARD_LOSS_WAITING = 19
V_NO_LEGAL_ACTION = 20         # the next four are found by playing (``play_checked``)
V_NOT_AUTOPLAYED = 21
V_ACTION_REFUSED = 22
V_ENDLESS = 23
V_NO_HERO = 24
V_3V3_COMMANDER_DEAD = 25
V_3V3_ACTED = 26
V_3V3_RESULT = 27
V_SEATING = 28
MAX_DECISIONS = 50000          # play_checked: a game still running after these is V_ENDLESS
VIOLATIONS = {
    V_ENGINE_ERROR: "internal engine error (H_ERR set)",
    V_CARD_IN_NO_ZONE: "a card of the deck is in no zone",
    V_SLOT_BEYOND_DECK: "a card slot beyond the deck is in a zone",
    V_PILE_COUNT: "draw pile counter disagrees with the zones",
    V_PILE_ORDER: "draw pile order lists a card that is not in the pile, or twice",
    V_TABLE_OVERFULL: "more cards on the table than any effect puts there",
    V_HAND_COUNT: "a hand counter disagrees with the zones",
    V_HP_ABOVE_MAX: "HP above max HP",
    V_EQUIP_SLOT: "an equipment slot names a card that is not in that seat's equipment zone",
    V_EQUIP_ZONE: "equipment zone and slots disagree",
    V_DEAD_HOLDS_CARDS: "a dead seat holds cards",
    V_LIVING_AT_ZERO_HP: "a living seat at 0 HP or less outside its dying procedure (and not "
                         "held by 不屈)",
    V_FRAME_STACK: "frame stack empty or overflowing while the game runs",
    V_DECIDER: "the deciding seat is missing or dead",
    V_ROUND_CAP_RUNNING: "the round cap was passed while the game runs",
    V_NO_RESULT: "the game ended without a result",
    V_ROUND_CAP_NOT_TRUNCATED: "the game passed the round cap without being truncated",
    V_LOOKED_AT: "cards looked at privately (观星, 遗计) without a looker, or more than five "
                 "(占卜)",
    V_CARD_LOSS_WAITING: "a card-loss trigger (连营, 枭姬) is still waiting while a decision is "
                         "asked",
    V_NO_HERO: "a living seat of a hero game has no hero after the draft",
    V_3V3_COMMANDER_DEAD: "3v3: a commander is dead while the game runs",
    V_3V3_ACTED: "3v3: the seat whose turn it is has not been marked as having acted, or a "
                 "non-seat has",
    V_3V3_RESULT: "3v3: the game was won but the losing commander lives or the result is not a "
                  "team's",
    V_SEATING: "table positions (P_POS, P_AT) are not a permutation and its inverse (or not the "
               "identity while H_MOVED is 0)",
    V_NO_LEGAL_ACTION: "no legal action while the game runs",
    V_NOT_AUTOPLAYED: "a decision with one legal action was not auto-played",
    V_ACTION_REFUSED: "the engine refused an action its mask allowed",
    V_ENDLESS: f"the game did not end within {MAX_DECISIONS:,} decisions",
}


@njit(cache=True)
def dying(s, seat):
    """Is seat's dying procedure on the frame stack?"""
    for i in range(s[H_FP]):
        o = FRAME_BASE + i * FRAME_SIZE
        if s[o + F_KIND] == FR_DYING and s[o + F_TGT] == seat:
            return True
    return False


@njit(cache=True, entry=True)
def violation(s):
    """The first invariant the game row s breaks (a ``V_*`` code, a key of VIOLATIONS), or OK."""
    if s[H_ERR] != 0:
        return V_ENGINE_ERROR
    bad = _seating(s)
    if bad == OK:
        bad = _card_zones(s)
    if bad == OK:
        bad = _pile_and_table(s)
    for seat in range(s[H_NP]):
        if bad == OK:
            bad = _seat_violation(s, seat)
    if bad == OK and s[H_MODE] == MODE_3V3:
        bad = _violation_3v3(s)
    if bad == OK:
        bad = _looked_at(s)
    if bad == OK:
        bad = _running(s) if s[H_DONE] == 0 else _ended(s)
    return bad


@njit(cache=True)
def _seating(s):
    """V_SEATING: P_POS / P_AT a permutation and its inverse (the identity until 迁都)."""
    npl = s[H_NP]
    for i in range(npl):
        p = s[P_POS + i]
        if p < 0 or p >= npl or s[P_AT + p] != i or (s[H_MOVED] == 0 and p != i):
            return V_SEATING
    return OK


@njit(cache=True)
def _card_zones(s):
    """Every card of the deck in a zone, no slot beyond it in one."""
    n = s[H_NCARDS]
    for c in range(n):
        if s[C_LOC + c] == Z_VOID:
            return V_CARD_IN_NO_ZONE
    for c in range(n, MAX_CARDS):
        if s[C_LOC + c] != Z_VOID:
            return V_SLOT_BEYOND_DECK
    return OK


@njit(cache=True)
def _pile_and_table(s):
    """The draw pile's counter and order agree with the zones; the table holds at most what an
    effect puts there."""
    n = s[H_NCARDS]
    ndeck = 0
    table = 0
    for c in range(n):
        z = s[C_LOC + c]
        if z == Z_DECK:
            ndeck += 1
        elif z == Z_PROC or z == Z_AG:
            table += 1
    if ndeck != s[H_NDECK]:
        return V_PILE_COUNT
    seen = np.zeros(MAX_CARDS, np.int8)
    for i in range(s[H_NDECK]):
        c = s[D_ORDER + i]
        if c < 0 or c >= n or s[C_LOC + c] != Z_DECK or seen[c] != 0:
            return V_PILE_ORDER
        seen[c] = 1
    if s[H_DONE] == 0 and table > 16:
        return V_TABLE_OVERFULL
    return OK


@njit(cache=True)
def _seat_violation(s, seat):
    """seat's counters, HP, equipment slots, cards of the dead, HP of the living, hero."""
    done = s[H_DONE] != 0
    hand = 0
    eq = 0
    jz = 0
    for c in range(s[H_NCARDS]):
        z = s[C_LOC + c]
        if z == Z_HAND + seat:
            hand += 1
        elif z == Z_EQUIP + seat:
            eq += 1
        elif z == Z_JUDGE + seat or z == Z_PILE + seat:
            jz += 1
    if hand != s[P_HANDN + seat]:
        return V_HAND_COUNT
    if s[P_HP + seat] > s[P_MAXHP + seat]:
        return V_HP_ABOVE_MAX
    slots = 0
    for f in (P_WEAPON, P_ARMOR, P_PLUS, P_MINUS):
        c = s[f + seat]
        if c >= 0:
            slots += 1
            if s[C_LOC + c] != Z_EQUIP + seat:
                return V_EQUIP_SLOT
    if slots != eq:
        return V_EQUIP_ZONE
    if done:
        return OK
    living = s[P_ALIVE + seat] == 1
    if s[P_ALIVE + seat] == 0 and hand + eq + jz > 0:
        return V_DEAD_HOLDS_CARDS
    if living and s[P_HP + seat] < 1 and not dying(s, seat) and not pile_holds(s, seat):
        return V_LIVING_AT_ZERO_HP
    if s[H_PACK] != PACK_NONE and s[H_DRAFT] == 0 and living and s[P_HERO + seat] < 0:
        return V_NO_HERO
    return OK


@njit(cache=True)
def _looked_at(s):
    """V_LOOKED_AT: at most five cards looked at privately, and only with a looker."""
    look = 0
    for c in range(s[H_NCARDS]):
        if s[C_LOC + c] == Z_LOOK:
            look += 1
    if look > 5 or (look > 0 and s[H_LOOKER] < 0):
        return V_LOOKED_AT
    return OK


@njit(cache=True)
def _running(s):
    """A running game: no card-loss trigger waiting, a frame stack, a living decider, within
    the round cap."""
    npl = s[H_NP]
    if s[H_PEND] != 0 and s[H_HOLD] == 0:
        return V_CARD_LOSS_WAITING
    if s[H_FP] < 1 or s[H_FP] > MAX_FRAMES:
        return V_FRAME_STACK
    if s[H_DECIDER] < 0 or s[H_DECIDER] >= npl or s[P_ALIVE + s[H_DECIDER]] == 0:
        return V_DECIDER
    if s[H_ROUND] > s[H_MAX_ROUNDS]:
        return V_ROUND_CAP_RUNNING
    return OK


@njit(cache=True)
def _ended(s):
    """An ended game: a result, truncated if it passed the round cap."""
    if s[H_RESULT] == RES_NONE:
        return V_NO_RESULT
    if s[H_RESULT] != RES_TRUNCATED and s[H_ROUND] > s[H_MAX_ROUNDS]:
        return V_ROUND_CAP_NOT_TRUNCATED
    return OK


@njit(cache=True)
def _violation_3v3(s):
    npl = s[H_NP]
    done = s[H_DONE] != 0
    if (s[H_ACTED] >> npl) != 0:
        return V_3V3_ACTED
    if not done:
        for t in range(2):
            if s[P_ALIVE + t * TEAM_SIZE + COMMANDER_OFFSET] == 0:
                return V_3V3_COMMANDER_DEAD
        if s[H_TURNS] > 0 and s[H_PHASE] != PH_NONE and ((s[H_ACTED] >> s[H_CUR]) & 1) == 0:
            return V_3V3_ACTED
    elif s[H_RESULT] != RES_TRUNCATED and s[H_RESULT] != RES_DRAW:
        if s[H_RESULT] != RES_TEAM0 and s[H_RESULT] != RES_TEAM1:
            return V_3V3_RESULT
        loser = 1 - (s[H_RESULT] - RES_TEAM0)
        if s[P_ALIVE + loser * TEAM_SIZE + COMMANDER_OFFSET] != 0:
            return V_3V3_RESULT
    return OK


@njit(cache=True, entry=True)
def fault_if_broken(s):
    """After a step of a game over a row from outside: if the row breaks an invariant
    (``violation``), the game ends truncated with ``H_ERR`` = ``FAULT_BROKEN_INVARIANT``, as the
    engine's own faults end it, instead of playing on from a broken state. Returns the
    violation (OK for none). The engine's own rows keep their invariants (the test suite and
    ``benchmarks/soak.py`` check them), so only rows from outside pay for this check."""
    if s[H_ERR] != 0:
        return V_ENGINE_ERROR
    bad = violation(s)
    if bad != OK:
        s[H_ERR] = FAULT_BROKEN_INVARIANT
        end_game(s, RES_TRUNCATED, -1)
    return bad


def play_checked(seeds, spec, policy_seed, out, num_threads=None):
    """Play one game per seed with uniformly random legal actions, checking every state
    (in parallel over games, on ``num_threads`` threads: ``heroes_env.fast.crew``). out[k] =
    (result, rounds, decisions, violation code: OK = none)."""
    crew.run(play_checked_rows, seeds.shape[0], num_threads, seeds, spec, policy_seed, out)


@njit(entry=True, cache=True, nogil=True)
def play_checked_rows(seeds, spec, policy_seed, out, lo, hi):
    """``play_checked`` of games lo..hi-1."""
    for k in range(lo, hi):
        _play_one_checked(seeds[k], spec, policy_seed * 1000003 + k, out[k])


@njit(cache=True)
def _play_one_checked(seed, spec, policy_seed, out):
    s = np.zeros(STATE_SIZE, np.int32)
    buf = np.zeros(NUM_ACTIONS, np.int8)
    x = np.uint64(policy_seed) * np.uint64(2654435761) + np.uint64(88172645463325252)
    flags = spec[G_FLAGS]
    setup_game(s, spec, seed)
    engine(s, OP_DEAL, 0, buf)
    steps = 0
    bad = violation(s)
    while bad == OK and s[H_DONE] == 0 and steps < MAX_DECISIONS:
        n = legal_mask(s, buf)
        if n == 0:
            bad = V_NO_LEGAL_ACTION
            break
        if n == 1 and (flags & FLAG_AUTOPLAY) != 0:
            bad = V_NOT_AUTOPLAYED
            break
        x ^= x << np.uint64(13)
        x ^= x >> np.uint64(7)
        x ^= x << np.uint64(17)
        j = np.int64(x % np.uint64(n))
        a = -1
        for i in range(NUM_ACTIONS):
            if buf[i] != 0:
                if j == 0:
                    a = i
                    break
                j -= 1
        if engine(s, OP_STEP, a, buf) != ENGINE_OK:
            bad = V_ACTION_REFUSED
            break
        steps += 1
        bad = violation(s)
    if bad == OK and s[H_DONE] == 0:
        bad = V_ENDLESS
    out[0] = s[H_RESULT]
    out[1] = s[H_ROUND]
    out[2] = steps
    out[3] = bad


# ---------------------------------------------------------------- a row from outside
class StateError(ValueError):
    """A state row that breaks a declared range or an invariant: it is never run."""


def _bound(spec):
    """A declared bound (an int, or an expression of constants and at most one header field
    added, ``"H_NP - 1"``) as (header offset or -1, constant, text): the bound is s[offset] +
    constant, or the constant alone (offset -1). The expressions are the layout's own source."""
    if isinstance(spec, int):
        return -1, spec, str(spec)
    header = [w for w in re.findall(r"[A-Z][A-Z0-9_]*", spec) if w.startswith("H_")]
    assert len(header) <= 1 and re.fullmatch(r"[A-Z0-9_ +\-*()]+", spec), spec
    names = {k: v for k, v in vars(_C).items() if k.isupper()}
    if header:
        return getattr(_C, header[0]), eval(spec, {}, {**names, header[0]: 0}), spec
    return -1, eval(spec, {}, names), spec


def _fields(ranges, width):
    """Per cell of a block of width cells: constant lo / hi arrays (int64) and the cell's field;
    and the fields whose bounds read the header, as (name, start, size, lo, hi)."""
    lo = np.full(width, _C.INT32_MIN, np.int64)
    hi = np.full(width, _C.INT32_MAX, np.int64)
    name = [""] * width
    dep = []
    for n, at, size, a, b in ranges:
        a, b = _bound(a), _bound(b)
        for c in range(at, at + size):
            name[c] = n
        if a[0] < 0:
            lo[at:at + size] = a[1]
        if b[0] < 0:
            hi[at:at + size] = b[1]
        if a[0] >= 0 or b[0] >= 0:
            dep.append((n, at, size, a, b))
    return lo, hi, name, dep


_ROW_LO, _ROW_HI, _ROW_NAME, _ROW_DEP = _fields(_C.ROW_RANGES, STATE_SIZE)
_FR_LO, _FR_HI, _FR_NAME, _FR_DEP = _fields(_C.FRAME_RANGES, FRAME_SIZE)
_SLOTS = tuple((kind, slot, getattr(_F, slot), _bound(a), _bound(b))
               for kind, slot, a, b in _F.SLOT_RANGES)
_FRAME_SLOTS = tuple((kind, slot, getattr(_F, slot)) for kind, slot in _F.FRAME_OFFSET_SLOTS)
_SEAT_ZONES = (Z_HAND, Z_EQUIP, Z_JUDGE, Z_PILE)


def _value(bound, s):
    return bound[1] if bound[0] < 0 else int(s[bound[0]]) + bound[1]


def _out_of_range(what, value, lo, hi):
    return StateError(f"state field {what} = {value} is outside its range {lo}..{hi}")


def check_row(s, header=(), deck_info=None):
    """Raise ``StateError`` (a ValueError) naming the first field of row s outside its declared
    range (its value and the range), or the first invariant it breaks. header: (field offset,
    value, what) that the row's header must hold (its config's player count, pack, ...);
    deck_info: the card infos its config deals (``cards.deck_info``), which the row's deck must
    be. Nothing here runs compiled code on the row before its ranges hold."""
    row = s.astype(np.int64)
    bad = np.flatnonzero((row < _ROW_LO) | (row > _ROW_HI))
    if bad.size:
        c = int(bad[0])
        n = _ROW_NAME[c]
        at = getattr(_C, n)
        what = n if c == at else f"{n}[{c - at}]"
        raise _out_of_range(what, int(row[c]), int(_ROW_LO[c]), int(_ROW_HI[c]))
    for n, at, size, a, b in _ROW_DEP:
        lo, hi = _value(a, row), _value(b, row)
        block = row[at:at + size]
        out = np.flatnonzero((block < lo) | (block > hi))
        if out.size:
            i = int(out[0])
            raise _out_of_range(n if size == 1 else f"{n}[{i}]", int(block[i]),
                                f"{lo} ({a[2]})" if a[0] >= 0 else lo,
                                f"{hi} ({b[2]})" if b[0] >= 0 else hi)
    for field, want, what in header:
        if row[field] != want:
            raise StateError(f"the state does not fit the config: its {what} is "
                             f"{int(row[field])}, the config's {int(want)}")
    _check_frames(row)
    _check_decision(row)
    _check_cards(row, deck_info)
    bad = violation(s)
    if bad == OK and s[H_DONE] == 0 and legal_mask(s, np.zeros(NUM_ACTIONS, np.int8)) == 0:
        bad = V_NO_LEGAL_ACTION
    if bad != OK:
        raise StateError(f"state breaks an invariant: {VIOLATIONS[bad]}")


def _slot_table(row):
    """lo / hi of every frame kind's slots (NUM_FRAME_KINDS x FRAME_SIZE) in row: the slots'
    own ranges, narrowed by the kinds' ``SLOT_RANGES``."""
    lo = np.broadcast_to(_FR_LO, (_C.NUM_FRAME_KINDS, FRAME_SIZE)).copy()
    hi = np.broadcast_to(_FR_HI, (_C.NUM_FRAME_KINDS, FRAME_SIZE)).copy()
    for _n, at, size, a, b in _FR_DEP:
        lo[:, at:at + size] = _value(a, row)
        hi[:, at:at + size] = _value(b, row)
    for kind, _slot, at, a, b in _SLOTS:
        lo[kind, at] = _value(a, row)
        hi[kind, at] = _value(b, row)
    return lo, hi


def _check_frames(row):
    fp = int(row[H_FP])
    frames = row[FRAME_BASE:FRAME_BASE + fp * FRAME_SIZE].reshape(fp, FRAME_SIZE)
    kinds = frames[:, F_KIND]
    bad = np.flatnonzero((kinds < _FR_LO[F_KIND]) | (kinds > _FR_HI[F_KIND]))
    if bad.size:
        i = int(bad[0])
        raise _out_of_range(f"frame {i} F_KIND", int(kinds[i]), int(_FR_LO[F_KIND]),
                            int(_FR_HI[F_KIND]))
    lo, hi = _slot_table(row)
    lo, hi = lo[kinds], hi[kinds]
    bad = np.argwhere((frames < lo) | (frames > hi))
    if bad.size:
        i, j = (int(x) for x in bad[0])
        slot = next((sl for k, sl, at, a, b in _SLOTS if k == kinds[i] and at == j), _FR_NAME[j])
        raise _out_of_range(f"frame {i} {slot}", int(frames[i, j]), int(lo[i, j]),
                            int(hi[i, j]))
    for k, slot, at in _FRAME_SLOTS:
        for i in np.flatnonzero(kinds == k):
            x = int(frames[i, at])
            if not (0 <= x < FRAME_BASE or (x < FRAME_BASE + i * FRAME_SIZE
                                            and (x - FRAME_BASE) % FRAME_SIZE == 0)):
                raise StateError(f"state field frame {i} {slot} = {x} is neither the offset of a "
                                 f"frame below it ({FRAME_BASE}, {FRAME_BASE + FRAME_SIZE}, ... "
                                 f"below {FRAME_BASE + i * FRAME_SIZE}) nor 0..{FRAME_BASE - 1}")


def _check_cards(row, deck_info):
    n = int(row[H_NCARDS])
    npl = int(row[H_NP])
    if deck_info is not None:
        want = np.full(MAX_CARDS, -1, np.int64)
        want[:len(deck_info)] = deck_info
        diff = np.flatnonzero(row[_C.C_INFO:_C.C_INFO + MAX_CARDS] != want)
        if diff.size:
            c = int(diff[0])
            raise StateError(f"state field C_INFO[{c}] = {int(row[_C.C_INFO + c])} is not card {c} "
                             f"of the config's deck ({int(want[c])})")
    loc = row[C_LOC:C_LOC + n]
    seat_zone = np.zeros(n, bool)
    for z in _SEAT_ZONES:
        seat_zone |= (loc >= z + npl) & (loc < z + _C.MAX_SEATS)
    bad = np.flatnonzero(((loc > Z_LOOK) & (loc < Z_HAND)) | seat_zone)
    if bad.size:
        c = int(bad[0])
        raise StateError(f"state field C_LOC[{c}] = {int(loc[c])} is no zone of a {npl}-player "
                         f"game (Z_DECK..Z_LOOK, or a per-seat zone of seats 0..{npl - 1})")


# The decisions each frame kind asks (the flow's and the skills' post_decision calls), and who
# decides: the frame's user (F_USER), its target (F_TGT), or any living seat (None: the seat
# asked in turn, a commander, a skill's chosen seat). A pending decision is answered by the top
# frame, which reads H_ANSWER as the decision it posted: any other decision would be read as
# that one.
_USER, _TGT, _ANY = F_USER, F_TGT, None
DECISIONS_ASKED = {
    _C.FR_GAME: {_C.DK_ORDER: _ANY, _C.DK_WHO_ACTS: _ANY},
    _C.FR_DRAFT: {_C.DK_HERO: _ANY, _C.DK_ORDER: _ANY},
    _C.FR_PLAY: {_C.DK_PLAY: _USER},
    _C.FR_USE: {_C.DK_TARGET: _USER},
    _C.FR_EFFECT: {_C.DK_AG: _TGT, _C.DK_CONFIRM: _USER},
    _C.FR_ASK: {_C.DK_JINK: _USER, _C.DK_SLASH: _USER},
    _C.FR_NULLIFY: {_C.DK_NULLIFY: _ANY},
    _C.FR_DAMAGE: {_C.DK_CONFIRM: _USER, _C.DK_KYLIN: _USER},
    _C.FR_DYING: {_C.DK_PEACH: _ANY},
    _C.FR_DISCARD: {_C.DK_DISCARD: _USER},
    _C.FR_SELECT: {_C.DK_SELECT: _USER},
    _C.FR_PICK: {_C.DK_PICK: _USER},
    _C.FR_DSWORDS: {_C.DK_CONFIRM: _USER, _C.DK_DSWORDS: _TGT},
    _C.FR_SKILL: {_C.DK_CONFIRM: _USER, _C.DK_SKILL_CARD: _ANY, _C.DK_SKILL_TARGET: _ANY,
                  _C.DK_SKILL_OPTION: _ANY},
    _C.FR_PINDIAN: {_C.DK_SKILL_CARD: _ANY},
}
# decision cells that copy a slot of the asking frame: (frame kind, decision kind or None for
# any) -> ((decision cell, frame slot), ...)
_ABOUT = (("H_DSRC", "F_USER"), ("H_DTGT", "F_TGT"))      # about the user and the target
DECISION_SLOTS = {
    (_C.FR_ASK, None): (("H_DKIND", "F_AS"), ("H_DB", "F_ASK_PURPOSE"), ("H_DCARD", "F_CARD")),
    (_C.FR_NULLIFY, None): (("H_DCARD", "F_CARD"),),
    (_C.FR_DISCARD, _C.DK_DISCARD): (("H_DA", "F_DIS_LEFT"),),
    (_C.FR_SELECT, _C.DK_SELECT): (("H_DA", "F_SEL_LEFT"), ("H_DB", "F_SEL_PURPOSE")),
    (_C.FR_PICK, _C.DK_PICK): (("H_DB", "F_PICK_PURPOSE"),) + _ABOUT,
    (_C.FR_DAMAGE, None): (("H_DCARD", "F_CARD"),) + _ABOUT,
    (_C.FR_DSWORDS, None): _ABOUT,
    (_C.FR_SKILL, None): _ABOUT,
    (_C.FR_PINDIAN, None): _ABOUT,
}
# frames whose decisions are a skill's: H_DSKILL / H_DSKOWNER name the frame's skill and owner
_SKILL_FRAMES = (_C.FR_SKILL, _C.FR_PINDIAN)


def _names(prefix):
    return {v: k for k, v in vars(_C).items() if k.startswith(prefix) and isinstance(v, int)}


_DK_NAMES, _FR_NAMES = _names("DK_"), _names("FR_")


def _slot(name):
    return getattr(_F, name) if hasattr(_F, name) else getattr(_C, name)


def _check_decision(row):
    """The pending decision of a running game is one its top frame asks (``DECISIONS_ASKED``):
    its kind, its decider, the context cells the frame posts from its slots
    (``DECISION_SLOTS``), and whose skill it is. (The engine runs the top frame on the answer:
    a decision it did not ask is read as one it did.)"""
    if row[H_DONE] != 0 or row[H_DECIDER] < 0:
        return
    fp, dk, d = int(row[H_FP]), int(row[_C.H_DKIND]), int(row[H_DECIDER])
    dname = f"H_DKIND = {dk} ({_DK_NAMES.get(dk, '?')})"
    if fp < 1:
        raise StateError(f"state field {dname}: a decision is pending with no frame to ask it "
                         f"(H_FP = 0)")
    o = (fp - 1) * FRAME_SIZE
    top = row[FRAME_BASE + o:FRAME_BASE + o + FRAME_SIZE]
    kind = int(top[F_KIND])
    where = f"the top frame (frame {fp - 1}, {_FR_NAMES.get(kind, kind)})"
    asked = DECISIONS_ASKED.get(kind, {})
    if dk not in asked:
        legal = " or ".join(_DK_NAMES[k] for k in asked) or "no decision"
        raise StateError(f"state field {dname} is not a decision {where} asks; it asks "
                         f"{legal}")
    who = asked[dk]
    if who is not None and d != top[who]:
        slot = "F_USER" if who == F_USER else "F_TGT"
        raise StateError(f"state field H_DECIDER = {d}: {where} asks its {slot} seat "
                         f"{int(top[who])} for {_DK_NAMES[dk]}")
    for key in ((kind, None), (kind, dk)):
        for cell, slot in DECISION_SLOTS.get(key, ()):
            have, want = int(row[getattr(_C, cell)]), int(top[_slot(slot)])
            if have != want:
                raise StateError(f"state field {cell} = {have}: {where} posts its {slot} "
                                 f"({want}) there with {_DK_NAMES[dk]}")
    skill, owner = int(row[_C.H_DSKILL]), int(row[_C.H_DSKOWNER])
    if kind in _SKILL_FRAMES:
        want = int(top[F_AS]), int(top[F_USER])
    elif kind == _C.FR_ASK and row[_C.H_DB] == _C.PUR_SKILL_SLASH and fp >= 2:
        want = int(row[FRAME_BASE + o - FRAME_SIZE + F_AS]), d     # the skill frame below asks
    else:
        want = 0, -1
    if (skill, owner) != want:
        raise StateError(f"state fields H_DSKILL = {skill}, H_DSKOWNER = {owner}: {where} "
                         f"asks {_DK_NAMES[dk]} for skill {want[0]} of seat {want[1]} "
                         f"(0, -1: no skill)")
