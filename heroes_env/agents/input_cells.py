"""The non-zero cells of a policy's input, row by row, made in compiled code.

A trained policy's first layer reads the observation and, with its features, the cells they add
(``torch_policy.FEATURES``: the hand counted by card kind, the decision's source and target seat
blocks, the heuristic's suggestion as a one-hot). Both are mostly zeros, so the policy computes
its first layer from the non-zero cells alone (``torch_policy.SparseObservations``). This module
lists those cells in one pass over each row: the observation's, then each feature's, in the
order of the dense input (``PolicyNet.inputs``), with the observation's uint8 cells decoded as
``heroes_env.obs`` does. The features' cells are computed here from the observation's, so the
dense features never exist.
"""
import numpy as np

from heroes_env.engine.constants import (
    MAX_SEATS,
    NUM_ROLES,
    OBS_DSRC,
    OBS_DTGT,
    OBS_HAND,
    OBS_ROLE,
    OBS_SEATS,
    SEAT_OBS,
)
from heroes_env.fast.jit import njit


@njit(entry=True, nogil=True)
def _cell(obs, row, col, divisor, signed, decode):
    """The float32 value of one observation cell: decoded (``decode`` 1: the uint8 rows of
    obs_dtype="uint8"), or as it is (float32 rows)."""
    raw = obs[row, col]
    if decode != 0:
        k = np.int64(raw)
        if signed[col] and k > 127:
            k -= 256
        return np.float32(k) / divisor[col]
    return np.float32(raw)


@njit(nogil=True, inline="always")
def _put_nonzero(values, base, cols, vals, position):
    """Append the non-zero ``values`` as cells ``base + j`` from ``position`` on; the next
    position."""
    for j in range(values.shape[0]):
        if values[j] != 0:
            cols[position] = base + j
            vals[position] = values[j]
            position += 1
    return position


@njit(entry=True, nogil=True)
def input_cells(obs, decode, divisor, signed, kind_of, num_kinds, focus, prior, num_actions):
    """(cols, vals, counts, roles) of rows ``obs`` [N, cells] (float32 or uint8):

    - ``cols`` (int64) and ``vals`` (float32): the non-zero input cells, row after row, each
      row's in increasing column order;
    - ``counts`` (int64 [N]): how many cells each row has;
    - ``roles`` (float32 [N, NUM_ROLES]): each row's own-role cells (the prior's per-role gain).

    The features, each appended after the observation's cells when on: ``kind_of`` [hand cells]
    (each card id's kind, -1: none) with ``num_kinds`` > 0 (the hand counted per kind);
    ``focus`` (1: the source's and the target's seat blocks weighted by ``OBS_DSRC`` /
    ``OBS_DTGT``); ``prior`` [N] (int64; the suggested action, -1: none) with ``num_actions`` >
    0 (its one-hot). ``decode`` 1: ``obs`` is uint8, decoded cell by cell with ``divisor`` and
    ``signed`` (``heroes_env.obs``); 0: float32, read as it is."""
    rows, width = obs.shape
    nonzero = 0
    for r in range(rows):
        for c in range(width):
            if obs[r, c] != 0:
                nonzero += 1
    extra = num_kinds + (2 * SEAT_OBS if focus != 0 else 0) + (1 if num_actions > 0 else 0)
    cols = np.empty(nonzero + rows * extra, np.int64)
    vals = np.empty(nonzero + rows * extra, np.float32)
    counts = np.zeros(rows, np.int64)
    roles = np.zeros((rows, NUM_ROLES), np.float32)
    kinds = np.zeros(max(num_kinds, 1), np.float32)
    seat_sum = np.zeros(SEAT_OBS, np.float32)
    at = 0
    for r in range(rows):
        first = at
        for c in range(width):
            if obs[r, c] != 0:
                cols[at] = c
                vals[at] = _cell(obs, r, c, divisor, signed, decode)
                at += 1
        for k in range(NUM_ROLES):
            roles[r, k] = _cell(obs, r, OBS_ROLE + k, divisor, signed, decode)
        base = width
        if num_kinds > 0:
            kinds[:] = 0
            for i in range(kind_of.shape[0]):
                if kind_of[i] >= 0 and obs[r, OBS_HAND + i] != 0:
                    kinds[kind_of[i]] += _cell(obs, r, OBS_HAND + i, divisor, signed, decode)
            at = _put_nonzero(kinds[:num_kinds], base, cols, vals, at)
            base += num_kinds
        if focus != 0:
            for which in (OBS_DSRC, OBS_DTGT):
                seat_sum[:] = 0
                for seat in range(MAX_SEATS):
                    if obs[r, which + seat] == 0:
                        continue
                    weight = _cell(obs, r, which + seat, divisor, signed, decode)
                    block = OBS_SEATS + seat * SEAT_OBS
                    for j in range(SEAT_OBS):
                        if obs[r, block + j] != 0:
                            cell = _cell(obs, r, block + j, divisor, signed, decode)
                            seat_sum[j] += weight * cell
                at = _put_nonzero(seat_sum, base, cols, vals, at)
                base += SEAT_OBS
        if num_actions > 0:
            if prior[r] >= 0:
                cols[at] = base + prior[r]
                vals[at] = 1.0
                at += 1
            base += num_actions
        counts[r] = at - first
    return cols[:at], vals[:at], counts, roles
