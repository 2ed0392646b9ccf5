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

The observation spaces (``obs_box``) bound every cell by the counts it can hold
(``count_bounds``): 0..1 for flags, one-hots, multi-hots and bits; 0..``MAX_CARDS`` for card
counts (hand sizes, piles, 杀 used, 仁德 cards given); 0..``MAX_SEATS`` for distances;
0..``HIST_MAX`` for history counters, 0..``HE_AMOUNT_MAX`` for an event's amount; 0..max_rounds
for the round; the byte's range for the values nothing else bounds (HP and max HP, the decision
counters), which the byte observation holds exactly.
"""
from __future__ import annotations

import numpy as np
from gymnasium import spaces

from .engine import constants as C
from .engine.observe import STATE_OBS_SIZE

__all__ = ["OBS_DTYPES", "OBS_DIVISOR", "OBS_SCALE", "OBS_SIGNED", "STATE_DIVISOR",
           "STATE_SCALE", "STATE_SIGNED", "obs_to_float32", "check_obs_dtype", "count_bounds",
           "obs_box"]

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


def obs_to_float32(obs) -> np.ndarray:
    """Observations (..., OBS_SIZE) or states (..., STATE_OBS_SIZE) as float32 values: a byte
    array is decoded exactly (count / divisor, the ``OBS_SIGNED`` cells read as int8); float32
    is returned as it is (contiguous); anything else is cast."""
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
