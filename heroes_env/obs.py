"""Observation dtypes: float32 (the default) or uint8 (one byte per cell, a quarter of the bytes).

Every cell of the observation is a small integer count k, observed in float32 as k / divisor:
the divisor is 1 for flags, one-hots, HP, hand sizes and decision counters, ``DIST_DIV`` = 10
for the distance cells, ``HIST_DIV`` = 10 for the public history's counters and amounts and
``MISC_DIV`` = 100 for round, draw pile and discard pile sizes. A uint8 observation stores k
itself (``docs/observation.md``, "Byte observations"); the compiled encoder writes it directly,
so the byte path does less work than the float one. k lies in 0..255, but in the ``OBS_SIGNED``
cells, which can be negative (the HP of a seat below zero, the third ``OBS_DNUM`` cell's -1 for
"none"): those hold -128..127 as two's complement bytes.

* ``OBS_DIVISOR`` (float32, ``OBS_SIZE``): per cell; ``obs_to_float32`` gives exactly (bit for
  bit) today's float32 observation: the count k (signed in the ``OBS_SIGNED`` cells) /
  ``OBS_DIVISOR``.
* ``OBS_SCALE`` = 1 / ``OBS_DIVISOR`` (float32): for a multiply. Exact on the cells of divisor 1;
  on the /10 and /100 cells ``k * OBS_SCALE`` can be one float32 ulp off the division (no float32
  factor is exact for every k there: 9 * float32(0.1) != float32(0.9)), so exact code divides.
* ``STATE_DIVISOR`` / ``STATE_SCALE`` / ``STATE_SIGNED``: the same for the full state
  (``env.state()``), the observation followed by hands and roles (divisor 1, unsigned).

``decode(obs)`` reads an observation (either dtype) back into its named pieces
(``Observation``: own role and hand, each seat's public state, the decision, the public
history), so that nobody indexes the vector by hand.

The observation spaces (``obs_box``) bound every cell by the counts it can hold
(``count_bounds``): 0..1 for flags, one-hots, multi-hots and bits; 0..``MAX_CARDS`` for card
counts (hand sizes, piles, 杀 used, 仁德 cards given); 0..``MAX_SEATS`` for distances;
0..``HIST_MAX`` for history counters, 0..``HE_AMOUNT_MAX`` for an event's amount; 0..max_rounds
for the round; the byte's range for the values nothing else bounds (HP and max HP, the decision
counters), which the byte observation holds exactly.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from .engine import constants as C
from .engine.observe import STATE_OBS_SIZE

__all__ = ["OBS_DTYPES", "OBS_DIVISOR", "OBS_SCALE", "OBS_SIGNED", "STATE_DIVISOR",
           "STATE_SCALE", "STATE_SIGNED", "obs_to_float32", "check_obs_dtype", "count_bounds",
           "obs_box", "decode", "Observation", "SeatObs", "DecisionObs", "HistoryEvent"]

OBS_DTYPES = ("float32", "uint8")
# the largest count an unsigned byte cell holds; max_rounds must stay within it (the round cell)
BYTE_MAX = 255
# the counts a signed byte cell (OBS_SIGNED) holds
SIGNED_MIN, SIGNED_MAX = -128, 127


def _divisor() -> np.ndarray:
    d = np.ones(C.OBS_SIZE, np.float32)
    for r in range(C.MAX_SEATS):
        d[C.OBS_SEATS + r * C.SEAT_OBS + C.OS_DIST] = C.DIST_DIV
    d[C.OBS_MISC:C.OBS_MISC + 3] = C.MISC_DIV
    d[C.OBS_HIST_GAME:C.OBS_HIST_EVENTS] = C.HIST_DIV
    for j in range(C.HIST_WINDOW):
        d[C.OBS_HIST_EVENTS + j * C.HIST_EVENT_OBS + C.OE_AMOUNT] = C.HIST_DIV
    return d


def _signed() -> np.ndarray:
    s = np.zeros(C.OBS_SIZE, np.bool_)
    for r in range(C.MAX_SEATS):
        s[C.OBS_SEATS + r * C.SEAT_OBS + C.OS_HP] = True
    s[C.OBS_DNUM + 2] = True
    return s


OBS_DIVISOR = _divisor()
OBS_SIGNED = _signed()
STATE_SIGNED = np.concatenate([OBS_SIGNED, np.zeros(STATE_OBS_SIZE - C.OBS_SIZE, np.bool_)])
OBS_SCALE = (np.float32(1) / OBS_DIVISOR).astype(np.float32)
STATE_DIVISOR = np.concatenate([OBS_DIVISOR, np.ones(STATE_OBS_SIZE - C.OBS_SIZE, np.float32)])
STATE_SCALE = (np.float32(1) / STATE_DIVISOR).astype(np.float32)
for _a in (OBS_DIVISOR, OBS_SCALE, OBS_SIGNED, STATE_DIVISOR, STATE_SCALE, STATE_SIGNED):
    _a.flags.writeable = False


def obs_to_float32(obs: npt.ArrayLike) -> np.ndarray:
    """Observations ``(..., OBS_SIZE)`` or states ``(..., STATE_OBS_SIZE)`` as float32 values.

    A byte array (``obs_dtype="uint8"``) is decoded exactly (count / divisor, the
    ``OBS_SIGNED`` cells read as int8); float32 is returned as it is (contiguous); anything else
    is cast.

    Raises:
        ValueError: A byte array whose last axis is neither size.
    """
    a = np.asarray(obs)
    if a.dtype.itemsize == 1 and a.dtype.kind in "iu":
        n = a.shape[-1] if a.ndim else 0
        if n == C.OBS_SIZE:
            div, signed = OBS_DIVISOR, OBS_SIGNED
        elif n == STATE_OBS_SIZE:
            div, signed = STATE_DIVISOR, STATE_SIGNED
        else:
            raise ValueError(f"a byte observation has {C.OBS_SIZE} cells (a state "
                             f"{STATE_OBS_SIZE}) in its last axis, got shape {a.shape}")
        k = a.view(np.uint8).astype(np.int16)
        k -= (signed & (k > 127)) * np.int16(256)
        return k / div
    return np.ascontiguousarray(a, dtype=np.float32)


def check_obs_dtype(obs_dtype, config=None, where: str = "obs_dtype") -> np.dtype:
    """The numpy dtype of an ``obs_dtype`` argument ("float32" or "uint8", or those numpy
    dtypes), or a ValueError naming what is legal. A byte observation needs
    ``config.max_rounds`` <= 255 (the round cell holds the round number)."""
    try:
        dt = np.dtype(obs_dtype)
    except TypeError:
        dt = None
    if dt is None or dt.name not in OBS_DTYPES or isinstance(obs_dtype, bool):
        raise ValueError(f"{where} must be one of {list(OBS_DTYPES)}, got {obs_dtype!r}")
    if dt == np.uint8 and config is not None and config.max_rounds > BYTE_MAX:
        raise ValueError(f"{where}='uint8' holds counts up to {BYTE_MAX} and the round cell "
                         f"counts rounds: max_rounds must be <= {BYTE_MAX}, got "
                         f"{config.max_rounds} (use obs_dtype='float32')")
    return dt


def count_bounds(max_rounds: int, state: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """The least and the greatest count k of every cell of an observation (``state``: of
    ``env.state()``) in games of at most ``max_rounds`` rounds (int64 arrays; the value of a cell
    is k / divisor)."""
    lo = np.zeros(C.OBS_SIZE, np.int64)
    hi = np.ones(C.OBS_SIZE, np.int64)             # flags, one-hots, multi-hots, bits
    for r in range(C.MAX_SEATS):
        b = C.OBS_SEATS + r * C.SEAT_OBS
        lo[b + C.OS_HP], hi[b + C.OS_HP] = SIGNED_MIN, SIGNED_MAX
        hi[b + C.OS_MAXHP] = BYTE_MAX
        for cell in (C.OS_HANDN, C.OS_SLASHES, C.OS_GIVEN):
            hi[b + cell] = C.MAX_CARDS
        hi[b + C.OS_DIST] = C.MAX_SEATS
    hi[C.OBS_DNUM:C.OBS_DNUM + 2] = BYTE_MAX
    lo[C.OBS_DNUM + 2], hi[C.OBS_DNUM + 2] = -1, SIGNED_MAX
    hi[C.OBS_MISC] = max_rounds
    hi[C.OBS_MISC + 1:C.OBS_MISC + 3] = C.MAX_CARDS
    hi[C.OBS_HIST_GAME:C.OBS_HIST_EVENTS] = C.HIST_MAX
    for j in range(C.HIST_WINDOW):
        hi[C.OBS_HIST_EVENTS + j * C.HIST_EVENT_OBS + C.OE_AMOUNT] = C.HE_AMOUNT_MAX
    if state:                                      # then hands and roles: multi-hot, one-hot
        lo = np.concatenate([lo, np.zeros(STATE_OBS_SIZE - C.OBS_SIZE, np.int64)])
        hi = np.concatenate([hi, np.ones(STATE_OBS_SIZE - C.OBS_SIZE, np.int64)])
    return lo, hi


def obs_box(dtype: np.dtype, max_rounds: int, batch: tuple[int, ...] = (),
            state: bool = False) -> spaces.Box:
    """The space of observations (``state``: of ``env.state()``) of a dtype, with a leading
    ``batch`` shape: float32 cells bounded by their least and greatest count / divisor; byte
    cells by their counts, a signed cell that can be negative by the whole byte (two's
    complement)."""
    lo, hi = count_bounds(max_rounds, state)
    if dtype == np.uint8:
        neg = lo < 0
        low = np.where(neg, 0, lo).astype(np.uint8)
        high = np.where(neg, BYTE_MAX, hi).astype(np.uint8)
    else:
        div = (STATE_DIVISOR if state else OBS_DIVISOR).astype(np.float64)
        # the division the encoder does (engine/encode.py: k / div, stored as float32)
        low = (lo / div).astype(np.float32)
        high = (hi / div).astype(np.float32)
        dtype = np.dtype(np.float32)
    shape = tuple(batch) + low.shape
    return spaces.Box(np.broadcast_to(low, shape), np.broadcast_to(high, shape), shape, dtype)


# ---------------------------------------------------------------- decoding
@dataclass(frozen=True)
class SeatObs:
    """One seat's block (``OS_*``), seen by the viewer. ``rel``: places after the viewer in turn
    order (0 = the viewer). Unknown values are -1 (role, hero, distance)."""
    rel: int
    alive: bool
    hp: int
    max_hp: int
    hand_size: int
    role: int                 # ROLE_* if known to the viewer, else -1
    current: bool             # it is this seat's turn
    distance: int             # the viewer's distance to it; -1 if either is dead
    in_range: bool            # in the viewer's attack range
    slashes: int              # 杀 used as play actions this play phase
    ally: bool                # 3v3: on the viewer's team
    acted: bool               # 3v3: took its turn in this round
    equipment: tuple          # equipped kinds (K_*), in OS_EQUIP order
    judgement: tuple          # delayed tricks in its judgement zone (K_INDULGENCE, K_LIGHTNING)
    gender: int               # 0 none / unknown, 1 male, 2 female
    kingdom: int              # KD_* (0: none or unknown)
    used_slots: tuple         # skill slots used this play phase
    given: int                # cards given with 仁德 this play phase
    marks: tuple              # P_MARK bit numbers set (MK_*: 1 << bit)
    hero: int                 # hero id, -1 if unknown


@dataclass(frozen=True)
class DecisionObs:
    """The pending decision, when the viewer is the one asked (``OBS_D*``). Seats are relative;
    -1: none."""
    kind: int                 # DK_*
    card_kind: int            # K_* of the context card, -1 none
    source: int
    target: int
    counters: tuple           # (H_DA, H_DB, H_DC): meaning by kind, see docs/observation.md
    skill_slot: int           # slot of the asking skill on its owner's hero, -1 none
    skill_owner: int


@dataclass(frozen=True)
class HistoryEvent:
    """One of the last public history events (``OBS_HIST_EVENTS``), relative seats."""
    kind: int                 # HK_*
    actor: int
    receiver: int
    card_kind: int            # K_* (K_NONE for a skill)
    amount: int


@dataclass(frozen=True)
class Observation:
    """An observation's named pieces (``decode``). Seats are relative to the viewer, in turn
    order; card ids are those of the deck in play; hero ids those of ``heroes.csv``."""
    role: int                 # own role (ROLE_*)
    hand: tuple               # own hand, card ids
    seats: tuple              # SeatObs per seat at the table (len = number of players)
    discard: tuple            # card ids in the discard pile
    table: tuple              # card ids on the table (being used, judged, revealed)
    public: tuple             # card ids in equipment / judgement zones / face-up hero piles
    look: tuple               # card ids only the viewer is looking at
    decision: DecisionObs | None   # None: the viewer is not asked anything
    phase: int                # PH_*
    round: int
    draw_pile: int            # cards in the draw pile
    discard_size: int
    offer: tuple              # hero ids offered in the draft (A_HERO + j picks the j-th)
    history_game: np.ndarray  # int [n, n, NUM_HK]: actor rel x receiver rel x HK_*, whole game
    history_round: np.ndarray  # int [n, n, NUM_HC]: this round, HC_* classes
    events: tuple             # HistoryEvent, newest first

    @property
    def num_players(self) -> int:
        return len(self.seats)

    def cards_counted(self) -> int:
        """Every card the observation counts (draw pile, discard pile, hands, public zones, the
        table, the cards the viewer looks at): the deck's size, unless another seat is privately
        looking at cards (观星 and the like)."""
        return (self.draw_pile + self.discard_size + sum(s.hand_size for s in self.seats)
                + len(self.public) + len(self.table) + len(self.look))

    def infer_deck(self) -> str | None:
        """The deck in play (a ``heroes_env.cards.DECKS`` name) whose size the observation
        counts; None if no deck has that size. Which deck is played is public (the game's
        config) but not in the observation: an agent remembers the answer of a game's first
        decision."""
        return deck_of_size(self.cards_counted())


@cache
def _deck_sizes() -> dict[int, str]:
    from . import cards
    out: dict[int, str] = {}
    for name in cards.DECKS:
        out.setdefault(len(cards.deck(name)), name)
    return out


def deck_of_size(n: int) -> str | None:
    """The deck (``heroes_env.cards.DECKS`` name) of n cards; None if none has n."""
    return _deck_sizes().get(int(n))


def _flags(v) -> tuple:
    return tuple(int(i) for i in np.flatnonzero(v))


def _first(v) -> int:
    i = np.flatnonzero(v)
    return int(i[0]) if i.size else -1


def _bits(v) -> int:
    return int(sum(int(x) << i for i, x in enumerate(v)))


def obs_counts(obs) -> np.ndarray:
    """The observation's cells as the integer counts k behind them (int64, ``OBS_SIZE``): a
    float32 observation times ``OBS_DIVISOR``, rounded; a byte one read as it is (signed cells
    as int8)."""
    a = np.asarray(obs)
    if a.shape != (C.OBS_SIZE,):
        raise ValueError(f"an observation has shape ({C.OBS_SIZE},), got {a.shape}")
    return np.rint(obs_to_float32(a).astype(np.float64) * OBS_DIVISOR).astype(np.int64)


def decode(obs) -> Observation:
    """The named pieces of one observation (float32 or uint8, ``OBS_SIZE`` cells), read with
    the layout's offsets (``docs/observation.md``). Reads the vector only: it knows nothing the
    seat does not."""
    k = obs_counts(obs)
    blocks = k[C.OBS_SEATS:C.OBS_SEATS + C.MAX_SEATS * C.SEAT_OBS].reshape(C.MAX_SEATS,
                                                                          C.SEAT_OBS)
    n = int(blocks[:, C.OS_PRESENT].sum())
    n_equip = C.K_HORSE_MINUS - C.K_CROSSBOW + 1
    judge_kinds = (C.K_INDULGENCE, C.K_LIGHTNING)
    seats = []
    for r in range(n):
        b = blocks[r]
        g = b[C.OS_GENDER:C.OS_GENDER + 2]
        alive = bool(b[C.OS_ALIVE])
        seats.append(SeatObs(
            rel=r, alive=alive, hp=int(b[C.OS_HP]), max_hp=int(b[C.OS_MAXHP]),
            hand_size=int(b[C.OS_HANDN]), role=_first(b[C.OS_ROLE:C.OS_ROLE + C.NUM_ROLES]),
            current=bool(b[C.OS_CURRENT]),
            distance=int(b[C.OS_DIST]) if alive and blocks[0, C.OS_ALIVE] else -1,
            in_range=bool(b[C.OS_IN_RANGE]), slashes=int(b[C.OS_SLASHES]),
            ally=bool(b[C.OS_ALLY]), acted=bool(b[C.OS_ACTED]),
            equipment=tuple(C.K_CROSSBOW + i for i in _flags(b[C.OS_EQUIP:C.OS_EQUIP + n_equip])),
            judgement=tuple(judge_kinds[i] for i in _flags(b[C.OS_JUDGE:C.OS_JUDGE + 2])),
            gender=_first(g) + 1,
            kingdom=max(0, _first(b[C.OS_KINGDOM:C.OS_KINGDOM + C.NUM_KINGDOMS])),
            used_slots=_flags(b[C.OS_USED:C.OS_USED + C.MAX_SKILL_SLOTS]),
            given=int(b[C.OS_GIVEN]), marks=_flags(b[C.OS_MARK:C.OS_MARK + C.NUM_MARKS]),
            hero=_first(b[C.OS_HERO:C.OS_HERO + C.OBS_HERO_ROOM])))
    dk = _first(k[C.OBS_DKIND:C.OBS_DKIND + C.NUM_DECISION_KINDS])
    decision = None
    if dk >= 0:
        decision = DecisionObs(
            kind=dk, card_kind=_first(k[C.OBS_DCARDKIND:C.OBS_DCARDKIND + C.NUM_KINDS]),
            source=_first(k[C.OBS_DSRC:C.OBS_DSRC + C.MAX_SEATS]),
            target=_first(k[C.OBS_DTGT:C.OBS_DTGT + C.MAX_SEATS]),
            counters=tuple(int(x) for x in k[C.OBS_DNUM:C.OBS_DNUM + 3]),
            skill_slot=_first(k[C.OBS_DSKILL:C.OBS_DSKILL + C.MAX_SKILL_SLOTS]),
            skill_owner=_first(k[C.OBS_DSKOWNER:C.OBS_DSKOWNER + C.MAX_SEATS]))
    events = []
    for j in range(C.HIST_WINDOW):
        e = k[C.OBS_HIST_EVENTS + j * C.HIST_EVENT_OBS:][:C.HIST_EVENT_OBS]
        kind = _first(e[C.OE_KIND:C.OE_KIND + C.NUM_HK])
        if kind < 0:
            continue
        events.append(HistoryEvent(kind, _bits(e[C.OE_ACTOR:C.OE_ACTOR + 4]),
                                   _bits(e[C.OE_RECV:C.OE_RECV + 4]),
                                   _bits(e[C.OE_CARD:C.OE_CARD + 5]), int(e[C.OE_AMOUNT])))
    hg = k[C.OBS_HIST_GAME:C.OBS_HIST_ROUND].reshape(C.MAX_SEATS, C.MAX_SEATS, C.NUM_HK)
    hr = k[C.OBS_HIST_ROUND:C.OBS_HIST_EVENTS].reshape(C.MAX_SEATS, C.MAX_SEATS, C.NUM_HC)

    def cards(piece):
        return _flags(k[piece:piece + C.MAX_CARDS])

    return Observation(
        role=_first(k[C.OBS_ROLE:C.OBS_ROLE + C.NUM_ROLES]), hand=cards(C.OBS_HAND),
        seats=tuple(seats), discard=cards(C.OBS_DISCARD), table=cards(C.OBS_TABLE),
        public=cards(C.OBS_PUBLIC), look=cards(C.OBS_LOOK), decision=decision,
        phase=max(0, _first(k[C.OBS_PHASE:C.OBS_PHASE + C.NUM_PHASES])),
        round=int(k[C.OBS_MISC]), draw_pile=int(k[C.OBS_MISC + 1]),
        discard_size=int(k[C.OBS_MISC + 2]),
        offer=_flags(k[C.OBS_OFFER:C.OBS_OFFER + C.OBS_HERO_ROOM]),
        history_game=hg[:n, :n].copy(), history_round=hr[:n, :n].copy(), events=tuple(events))
