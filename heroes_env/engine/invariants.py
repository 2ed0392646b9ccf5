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
    F_KIND,
    F_TGT,
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
from .core import OP_DEAL, OP_STEP, engine, setup_game
from .mask import legal_mask
from .skills.common import pile_holds

OK = 0
VIOLATIONS = {
    1: "internal engine error (H_ERR set)",
    2: "a card of the deck is in no zone",
    3: "a card slot beyond the deck is in a zone",
    4: "draw pile counter disagrees with the zones",
    5: "draw pile order lists a card that is not in the pile, or twice",
    6: "more cards on the table than any effect puts there",
    7: "a hand counter disagrees with the zones",
    8: "HP above max HP",
    9: "an equipment slot names a card that is not in that seat's equipment zone",
    10: "equipment zone and slots disagree",
    11: "a dead seat holds cards",
    12: "a living seat at 0 HP or less outside its dying procedure (and not held by 不屈)",
    13: "frame stack empty or overflowing while the game runs",
    14: "the deciding seat is missing or dead",
    15: "the round cap was passed while the game runs",
    16: "the game ended without a result",
    17: "the game passed the round cap without being truncated",
    18: "cards looked at privately (观星, 遗计) without a looker, or more than five (占卜)",
    19: "a card-loss trigger (连营, 枭姬) is still waiting while a decision is asked",
    24: "a living seat of a hero game has no hero after the draft",
    25: "3v3: a commander is dead while the game runs",
    26: "3v3: the seat whose turn it is has not been marked as having acted, or a non-seat has",
    27: "3v3: the game was won but the losing commander lives or the result is not a team's",
    28: "table positions (P_POS, P_AT) are not a permutation and its inverse (or not the "
        "identity while H_MOVED is 0)",
    20: "no legal action while the game runs",
    21: "a decision with one legal action was not auto-played",
    22: "the engine refused an action its mask allowed",
    23: "the game did not end within 50,000 decisions",
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
    """The first invariant the game row s breaks (a key of VIOLATIONS), or OK (0)."""
    n = s[H_NCARDS]
    npl = s[H_NP]
    done = s[H_DONE] != 0
    if s[H_ERR] != 0:
        return 1
    for i in range(npl):
        p = s[P_POS + i]
        if p < 0 or p >= npl or s[P_AT + p] != i or (s[H_MOVED] == 0 and p != i):
            return 28
    for c in range(n):
        if s[C_LOC + c] == Z_VOID:
            return 2
    for c in range(n, MAX_CARDS):
        if s[C_LOC + c] != Z_VOID:
            return 3
    ndeck = 0
    table = 0
    for c in range(n):
        z = s[C_LOC + c]
        if z == Z_DECK:
            ndeck += 1
        elif z == Z_PROC or z == Z_AG:
            table += 1
    if ndeck != s[H_NDECK]:
        return 4
    seen = np.zeros(MAX_CARDS, np.int8)
    for i in range(s[H_NDECK]):
        c = s[D_ORDER + i]
        if c < 0 or c >= n or s[C_LOC + c] != Z_DECK or seen[c] != 0:
            return 5
        seen[c] = 1
    if not done and table > 16:
        return 6
    for seat in range(npl):
        hand = 0
        eq = 0
        jz = 0
        for c in range(n):
            z = s[C_LOC + c]
            if z == Z_HAND + seat:
                hand += 1
            elif z == Z_EQUIP + seat:
                eq += 1
            elif z == Z_JUDGE + seat or z == Z_PILE + seat:
                jz += 1
        if hand != s[P_HANDN + seat]:
            return 7
        if s[P_HP + seat] > s[P_MAXHP + seat]:
            return 8
        slots = 0
        for f in (P_WEAPON, P_ARMOR, P_PLUS, P_MINUS):
            c = s[f + seat]
            if c >= 0:
                slots += 1
                if s[C_LOC + c] != Z_EQUIP + seat:
                    return 9
        if slots != eq:
            return 10
        if not done and s[P_ALIVE + seat] == 0 and hand + eq + jz > 0:
            return 11
        if not done and s[P_ALIVE + seat] == 1 and s[P_HP + seat] < 1 and not dying(s, seat) \
                and not pile_holds(s, seat):
            return 12
        if not done and s[H_PACK] != PACK_NONE and s[H_DRAFT] == 0 and s[P_ALIVE + seat] == 1 \
                and s[P_HERO + seat] < 0:
            return 24
    if s[H_MODE] == MODE_3V3:
        bad = _violation_3v3(s)
        if bad != OK:
            return bad
    look = 0
    for c in range(n):
        if s[C_LOC + c] == Z_LOOK:
            look += 1
    if look > 5 or (look > 0 and s[H_LOOKER] < 0):
        return 18
    if not done:
        if s[H_PEND] != 0 and s[H_HOLD] == 0:
            return 19
        if s[H_FP] < 1 or s[H_FP] > MAX_FRAMES:
            return 13
        if s[H_DECIDER] < 0 or s[H_DECIDER] >= npl or s[P_ALIVE + s[H_DECIDER]] == 0:
            return 14
        if s[H_ROUND] > s[H_MAX_ROUNDS]:
            return 15
    else:
        if s[H_RESULT] == RES_NONE:
            return 16
        if s[H_RESULT] != RES_TRUNCATED and s[H_ROUND] > s[H_MAX_ROUNDS]:
            return 17
    return OK


@njit(cache=True)
def _violation_3v3(s):
    npl = s[H_NP]
    done = s[H_DONE] != 0
    if (s[H_ACTED] >> npl) != 0:
        return 26
    if not done:
        for t in range(2):
            if s[P_ALIVE + t * TEAM_SIZE + COMMANDER_OFFSET] == 0:
                return 25
        if s[H_TURNS] > 0 and s[H_PHASE] != PH_NONE and ((s[H_ACTED] >> s[H_CUR]) & 1) == 0:
            return 26
    elif s[H_RESULT] != RES_TRUNCATED and s[H_RESULT] != RES_DRAW:
        if s[H_RESULT] != RES_TEAM0 and s[H_RESULT] != RES_TEAM1:
            return 27
        loser = 1 - (s[H_RESULT] - RES_TEAM0)
        if s[P_ALIVE + loser * TEAM_SIZE + COMMANDER_OFFSET] != 0:
            return 27
    return OK


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
    while bad == OK and s[H_DONE] == 0 and steps < 50000:
        n = legal_mask(s, buf)
        if n == 0:
            bad = 20
            break
        if n == 1 and (flags & FLAG_AUTOPLAY) != 0:
            bad = 21
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
        if engine(s, OP_STEP, a, buf) != 0:
            bad = 22
            break
        steps += 1
        bad = violation(s)
    if bad == OK and s[H_DONE] == 0:
        bad = 23
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


def _value(b, s):
    return b[1] if b[0] < 0 else int(s[b[0]]) + b[1]


def _out_of_range(what, value, lo, hi):
    return StateError(f"state field {what} = {value} is outside its range {lo}..{hi}")


def check_row(s, header=(), deck_info=None):
    """Raise ``StateError`` (a ValueError) naming the first field of row s outside its declared
    range (its value and the range), or the first invariant it breaks. header: (field offset,
    value, what) that the row's header must hold (its config's player count, pack, ...);
    deck_info: the card infos its config deals (``cards.deck_info``), which the row's deck must
    be. Nothing here runs compiled code on the row before its ranges hold."""
    v = s.astype(np.int64)
    bad = np.flatnonzero((v < _ROW_LO) | (v > _ROW_HI))
    if bad.size:
        c = int(bad[0])
        n = _ROW_NAME[c]
        at = getattr(_C, n)
        what = n if c == at else f"{n}[{c - at}]"
        raise _out_of_range(what, int(v[c]), int(_ROW_LO[c]), int(_ROW_HI[c]))
    for n, at, size, a, b in _ROW_DEP:
        lo, hi = _value(a, v), _value(b, v)
        block = v[at:at + size]
        out = np.flatnonzero((block < lo) | (block > hi))
        if out.size:
            i = int(out[0])
            raise _out_of_range(n if size == 1 else f"{n}[{i}]", int(block[i]),
                                f"{lo} ({a[2]})" if a[0] >= 0 else lo,
                                f"{hi} ({b[2]})" if b[0] >= 0 else hi)
    for field, want, what in header:
        if v[field] != want:
            raise StateError(f"the state does not fit the config: its {what} is "
                             f"{int(v[field])}, the config's {int(want)}")
    _check_frames(v)
    _check_cards(v, deck_info)
    bad = violation(s)
    if bad == OK and s[H_DONE] == 0 and legal_mask(s, np.zeros(NUM_ACTIONS, np.int8)) == 0:
        bad = 20
    if bad != OK:
        raise StateError(f"state breaks an invariant: {VIOLATIONS[bad]}")


def _slot_table(v):
    """lo / hi of every frame kind's slots (NUM_FRAME_KINDS x FRAME_SIZE) in row v: the slots'
    own ranges, narrowed by the kinds' ``SLOT_RANGES``."""
    lo = np.broadcast_to(_FR_LO, (_C.NUM_FRAME_KINDS, FRAME_SIZE)).copy()
    hi = np.broadcast_to(_FR_HI, (_C.NUM_FRAME_KINDS, FRAME_SIZE)).copy()
    for _n, at, size, a, b in _FR_DEP:
        lo[:, at:at + size] = _value(a, v)
        hi[:, at:at + size] = _value(b, v)
    for kind, _slot, at, a, b in _SLOTS:
        lo[kind, at] = _value(a, v)
        hi[kind, at] = _value(b, v)
    return lo, hi


def _check_frames(v):
    fp = int(v[H_FP])
    frames = v[FRAME_BASE:FRAME_BASE + fp * FRAME_SIZE].reshape(fp, FRAME_SIZE)
    kinds = frames[:, F_KIND]
    bad = np.flatnonzero((kinds < _FR_LO[F_KIND]) | (kinds > _FR_HI[F_KIND]))
    if bad.size:
        i = int(bad[0])
        raise _out_of_range(f"frame {i} F_KIND", int(kinds[i]), int(_FR_LO[F_KIND]),
                            int(_FR_HI[F_KIND]))
    lo, hi = _slot_table(v)
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


def _check_cards(v, deck_info):
    n = int(v[H_NCARDS])
    npl = int(v[H_NP])
    if deck_info is not None:
        want = np.full(MAX_CARDS, -1, np.int64)
        want[:len(deck_info)] = deck_info
        diff = np.flatnonzero(v[_C.C_INFO:_C.C_INFO + MAX_CARDS] != want)
        if diff.size:
            c = int(diff[0])
            raise StateError(f"state field C_INFO[{c}] = {int(v[_C.C_INFO + c])} is not card {c} "
                             f"of the config's deck ({int(want[c])})")
    loc = v[C_LOC:C_LOC + n]
    seat_zone = np.zeros(n, bool)
    for z in _SEAT_ZONES:
        seat_zone |= (loc >= z + npl) & (loc < z + _C.MAX_SEATS)
    bad = np.flatnonzero(((loc > Z_LOOK) & (loc < Z_HAND)) | seat_zone)
    if bad.size:
        c = int(bad[0])
        raise StateError(f"state field C_LOC[{c}] = {int(loc[c])} is no zone of a {npl}-player "
                         f"game (Z_DECK..Z_LOOK, or a per-seat zone of seats 0..{npl - 1})")
