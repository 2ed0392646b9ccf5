"""Batch kernels: many games, one per row of a 2-D state array, advanced in one compiled call.

Every game draws its randomness from its own row, so a game plays the same whatever the batch size
or thread count. Agents played in compiled code (random legal actions) draw from a separate,
counter-based stream keyed by (agent seed, row, counter), never from the game's.

* ``batch_reset`` / ``batch_random_play``: start B games; play uniformly random legal actions in
  every row for a number of decisions, all inside one compiled call (the engine's bare speed:
  ``benchmarks/bench_engine.py``, ``bench_heroes.py``, the README's "compiled batch kernel" rows).
* ``vec_advance``: the kernel behind ``heroes_env.vector.VectorEnv`` and the learner wrappers. It
  validates every action first (changing nothing if one is illegal), steps the games, finishes and
  restarts games, plays opponents' random actions in compiled code, and encodes the deciding seat's
  observation and mask into preallocated arrays. See ``vec_advance`` for the row protocol. Its
  arguments are two named tuples: ``Rows``, the batch's arrays (one row per game), and
  ``Options``, what every row of a call shares.

Each is a Python function that runs a serial compiled kernel over ranges of rows
(``batch_reset_rows``, ``batch_random_play_rows``, ``vec_advance_rows``) on ``num_threads``
threads (``heroes_env.fast.crew``: one compiled copy of the engine per kernel, where Numba's
parallel kernels compile four).
"""
from typing import NamedTuple

import numpy as np

from ..fast import crew
from ..fast.intrinsics import (
    borrow,
    borrow_row,
    prefetch_row,
    prefetch_row_for_write,
    store_fence,
    stream_row,
)
from ..fast.jit import njit
from .constants import (
    FLAG_AUTOPLAY,
    H_DECIDER,
    H_DONE,
    H_ERR,
    H_FLAGS,
    H_NAUTO,
    H_NDEC,
    H_NP,
    H_RESULT,
    H_SEED,
    NUM_ACTIONS,
    RES_TRUNCATED,
    Layout,
)
from .core import ENGINE_OK, OP_DEAL, OP_STEP_TRUSTED, engine, rewards, setup_game
from .mask import legal_mask
from .observe import observe, observe_state
from .state import _fmix32, mul32


@njit(cache=True)
def game_seed(base_seed, game):
    """Seed of game number game derived from a base seed (32-bit, signed storage)."""
    h = _fmix32((np.int64(base_seed) & 0xFFFFFFFF) ^ _fmix32(mul32(np.int64(game), 0x9E3779B1) + 1))
    return h - (1 << 32) if h >= (1 << 31) else h


@njit(entry=True, cache=True)
def agent_u32(agent_seed, row, ctr):
    """The ctr-th 32-bit random number of the agents playing in row ``row`` (not the game's)."""
    return _fmix32(_fmix32((np.int64(agent_seed) & 0xFFFFFFFF) ^ mul32(row, 7919))
                   ^ mul32(ctr, 0x27D4EB2F))


def batch_reset(S, seeds, spec, masks, obs, num_threads=None):
    """Start a game in every row of S with seeds[i]; fill its decider's mask and observation
    (on ``num_threads`` threads; None: ``crew.default_threads``)."""
    crew.run(batch_reset_rows, S.shape[0], num_threads, S, seeds, spec, masks, obs)


@njit(entry=True, cache=True, nogil=True)
def batch_reset_rows(S, seeds, spec, masks, obs, lo, hi):
    """``batch_reset`` of rows lo..hi-1."""
    for i in range(lo, hi):
        s, m = borrow_row(S, i), borrow_row(masks, i)
        setup_game(s, spec, seeds[i])
        engine(s, OP_DEAL, 0, m)
        legal_mask(s, m)
        if s[H_DECIDER] >= 0:
            observe(s, s[H_DECIDER], borrow_row(obs, i), False)


@njit(entry=True, cache=True)
def _random_legal(buf, rand32):
    """A legal action of mask buf, uniformly: the one after skip others, skip drawn from the
    32-bit random number rand32."""
    n = 0
    for a in range(NUM_ACTIONS):
        n += buf[a]
    skip = (rand32 * np.int64(n)) >> 32
    for a in range(NUM_ACTIONS):
        if buf[a] != 0:
            if skip == 0:
                return a
            skip -= 1
    return 0


def batch_random_play(S, steps, spec, base_seed, with_obs, obs, stats, num_threads=None):
    """Play uniformly random legal actions for ``steps`` decisions in every row, starting a new
    game in a row that is empty (all zeros) or finished. stats[i] += (agent decisions, games
    started here, refused actions). The agents' randomness is separate from the games'. On
    ``num_threads`` threads (None: ``crew.default_threads``)."""
    crew.run(batch_random_play_rows, S.shape[0], num_threads, S, steps, spec, base_seed,
             with_obs, obs, stats)


@njit(entry=True, cache=True, nogil=True)
def batch_random_play_rows(S, steps, spec, base_seed, with_obs, obs, stats, lo, hi):
    """``batch_random_play`` of rows lo..hi-1."""
    for i in range(lo, hi):
        s = borrow_row(S, i)
        buf = np.zeros(NUM_ACTIONS, np.int8)
        current = False        # buf holds the pending decision's mask
        agent_ctr = np.int64(0)
        games = 0
        for _ in range(steps):
            if s[H_NP] == 0 or s[H_DONE] != 0 or s[H_DECIDER] < 0:
                games += 1
                setup_game(s, spec, game_seed(base_seed, i * 1000003 + stats[i, 1] + games))
                engine(s, OP_DEAL, 0, buf)
                current = False
            if not current:
                legal_mask(s, buf)
            if with_obs:
                observe(s, s[H_DECIDER], borrow_row(obs, i), False)
            agent_ctr += 1
            u = agent_u32(base_seed, i, agent_ctr)
            a = _random_legal(buf, u)
            if engine(s, OP_STEP_TRUSTED, a, buf) != ENGINE_OK:
                stats[i, 2] += 1
            # with autoplay on, step leaves the new decision's mask in buf
            current = (s[H_FLAGS] & FLAG_AUTOPLAY) != 0
            stats[i, 0] += 1
        stats[i, 1] += games


# ---------------------------------------------------------------- the vector kernel
# R[i, :] per-row record (int64) shared with heroes_env.vector, laid out like the state row
_row = Layout()
R_STAGE = _row.take()     # STAGE_*: what the row waits for
R_DECIDER = _row.take()   # the seat whose observation and mask the row holds (-1 none)
R_LEARNER = _row.take()   # learner mode: the learner's seat in the current game
R_LDEC = _row.take()      # learner mode: learner decisions so far in the current game
R_ACTR = _row.take()      # agents' random counter of this row
R_DONE = _row.take()      # 1 if an episode ended in this env step (R_DONE..R_SEED: cleared by
                          # new_step)
R_RESULT = _row.take()    # ... its RES_*
R_LEN = _row.take()       # ... its agent decisions (H_NDEC - H_NAUTO)
R_SEAT = _row.take()      # ... the learner's seat in it (learner mode), else -1
R_SEED = _row.take()      # ... its engine seed
R_NEWSEED = _row.take()   # 1 if the row consumed next_seeds[i] (the caller refreshes it and
                          # clears this)
R_SKIPPED = _row.take()   # learner mode: games that ended before the learner decided (since
                          # ACT_START)
R_ERR = _row.take()       # engine error code (H_ERR) of the row, 0 if none
R_RANDOM = _row.take()    # a uniformly random legal action for the held mask (if asked for)
R_GAMES = _row.take()     # games started in the row since ACT_START (including that one)
R_SERIAL = _row.take()    # games started in the row since the batch was made (never cleared):
                          # it names the row's current game for agents that remember games
                          # (memory per slot)
R_SIZE = _row.end

STAGE_READY = 0      # a learner (every seat in "everyone" mode) decides: obs/mask are its
STAGE_OPPONENT = 1   # an opponent played outside compiled code decides: obs/mask are its
STAGE_SEED = 2       # a game must start and next_seeds[i] was already used in this call
STAGE_ERROR = 3      # the engine reported an internal error (R_ERR)

SEATS_EVERYONE = -2  # seat_mode: every seat is a learner (the multi-agent VectorEnv)
SEATS_RANDOM = -1    # seat_mode: the learner's seat is drawn per game; >= 0: that fixed seat
SEATS_NONE = -3      # seat_mode: no learner: every seat is an opponent (tournaments); games that
                     # end are recorded as in SEATS_EVERYONE
OPP_RANDOM = 0       # opp[i, seat]: uniformly random legal actions, in compiled code
OPP_EXTERNAL = 1     # opp[i, seat]: the caller supplies the action (STAGE_OPPONENT)
OPP_COMPILED = 2     # opp[i, seat]: a compiled policy that a loop kernel outside the engine runs
                     # around advance_row (heroes_env.agents.heuristic_loop); vec_advance itself
                     # stops there as for OPP_EXTERNAL
ACT_NONE = 0         # act[i]: leave the row alone (unless it waits for a seed)
ACT_STEP = 1         # act[i]: step actions[i]
ACT_START = 2        # act[i]: start a new game (next_seeds[i]) in the row, clearing its record


class Rows(NamedTuple):
    """The arrays of a batch of B games, one row per game (``heroes_env.vector.BatchCore`` makes
    them once): what ``vec_advance`` reads and writes."""
    S: np.ndarray           # (B, STATE_SIZE) int32: the games
    actions: np.ndarray     # (B,) int64: the action of each row whose act is ACT_STEP
    act: np.ndarray         # (B,) int8: ACT_* of each row
    next_seeds: np.ndarray  # (B,) int32: the engine seed of each row's next game
    opp: np.ndarray         # (B, MAX_SEATS) int8: OPP_* of each row's seats
    masks: np.ndarray       # (B, NUM_ACTIONS) int8: the held decision's mask
    obs: np.ndarray         # (B, OBS_SIZE) float32 or uint8: the held decision's observation
    rew: np.ndarray         # (B, players) float32: every seat's reward of a game that ended
    R: np.ndarray           # (B, R_SIZE) int64: each row's record (R_*)
    lrew: np.ndarray        # (B,) float32: learner mode: the learner's reward
    final_obs: np.ndarray   # (B, OBS_SIZE or 0): learner mode: the learner's last view
    flags: np.ndarray       # (B, 2) bool: terminated, truncated in this env step
    seen: np.ndarray        # (B, 4) int64: the ranges' counts (``tally_row``)


class Options(NamedTuple):
    """What every row of a ``vec_advance`` call shares (plain ints: one compiled version)."""
    spec: np.ndarray        # the games' configuration (``Config.spec()``)
    seat_mode: int          # SEATS_*, or the learner's fixed seat (>= 0)
    agent_seed: int         # seed of the agents' random stream
    want_random: int        # 1: a uniformly random legal action into R[i, R_RANDOM] too
    want_final: int         # 1: the learner's last view of a game that ended into final_obs
    stream: int             # 1: observations streamed out with non-temporal stores


@njit(cache=True)
def _refresh_mask(s, buf):
    """After a step or a new game: make buf the pending decision's mask. With autoplay on, the
    engine already left it there (it computed it to see whether the decision was forced)."""
    if (s[H_FLAGS] & FLAG_AUTOPLAY) == 0 and s[H_DONE] == 0:
        legal_mask(s, buf)


@njit(cache=True)
def _draw_seat(record, i, agent_seed, npl):
    record[R_ACTR] += 1
    return (agent_u32(agent_seed, i, record[R_ACTR]) * np.int64(npl)) >> 32


@njit(cache=True, inline="always")
def _new_game(i, s, buf, record, next_seed, opts):
    """Row i starts a game with next_seed (record: its record row; opts: the call's Options)."""
    setup_game(s, opts.spec, next_seed)
    engine(s, OP_DEAL, 0, buf)
    _refresh_mask(s, buf)
    record[R_NEWSEED] = 1
    record[R_GAMES] += 1
    record[R_SERIAL] += 1
    record[R_LDEC] = 0
    if opts.seat_mode == SEATS_RANDOM:
        record[R_LEARNER] = _draw_seat(record, i, opts.agent_seed, s[H_NP])
    elif opts.seat_mode >= 0:
        record[R_LEARNER] = opts.seat_mode
    else:
        record[R_LEARNER] = -1


@njit(entry=True, cache=True)
def _check_actions(actions, act, masks):
    """-1 if every row with act[i] != 0 holds a legal action, else the first row that does not."""
    for i in range(actions.shape[0]):
        if act[i] == ACT_STEP:
            a = actions[i]
            if a < 0 or a >= NUM_ACTIONS or masks[i, a] == 0:
                return i
    return -1


@njit(cache=True, inline="always")
def _clear_step(i, rows):
    """Row i's per-step record (R_DONE..R_SEED, rew, lrew, terminated, truncated) emptied."""
    record, rw, fl = borrow_row(rows.R, i), borrow_row(rows.rew, i), borrow_row(rows.flags, i)
    fl[0] = False
    fl[1] = False
    record[R_DONE] = 0
    record[R_RESULT] = 0
    record[R_LEN] = 0
    record[R_SEAT] = -1
    record[R_SEED] = 0
    for seat in range(rw.shape[0]):
        rw[seat] = 0.0
    rows.lrew[i] = 0.0


@njit(cache=True, inline="always")
def _clear_record(i, rows):
    """ACT_START: row i's whole record emptied but the agents' counter and its game serial."""
    record = borrow_row(rows.R, i)
    for field in range(R_SIZE):
        if field != R_ACTR and field != R_SERIAL:
            record[field] = 0
    _clear_step(i, rows)


@njit(cache=True, inline="always")
def _record_end(i, s, rows, opts, no_learner):
    """The game of row i ended: its result, length, seed and rewards into the row's record
    (once per env step), and in learner mode the learner's reward and last view."""
    record, rw, fl = borrow_row(rows.R, i), borrow_row(rows.rew, i), borrow_row(rows.flags, i)
    if record[R_DONE] != 0:
        return
    record[R_DONE] = 1
    record[R_RESULT] = s[H_RESULT]
    record[R_LEN] = s[H_NDEC] - s[H_NAUTO]
    record[R_SEED] = s[H_SEED]
    trunc = s[H_RESULT] == RES_TRUNCATED
    fl[0] = not trunc
    fl[1] = trunc
    rewards(s, rw)
    if no_learner:
        record[R_SEAT] = -1
        return
    record[R_SEAT] = record[R_LEARNER]
    rows.lrew[i] = rw[record[R_LEARNER]]
    if opts.want_final != 0:
        observe(s, record[R_LEARNER], borrow_row(rows.final_obs, i), False)


@njit(cache=True, inline="always")
def _run_row(i, s, buf, rows, opts, consumed):
    """Row i's game runs on (finished games recorded and restarted, OPP_RANDOM seats played)
    until it needs a seat played outside this kernel or a seed; the STAGE_* it stops at."""
    record, op = borrow_row(rows.R, i), borrow_row(rows.opp, i)
    no_learner = opts.seat_mode == SEATS_EVERYONE or opts.seat_mode == SEATS_NONE
    while True:
        if s[H_ERR] != 0:
            record[R_ERR] = s[H_ERR]
            return STAGE_ERROR
        if s[H_DONE] != 0:
            if no_learner or record[R_LDEC] > 0:
                _record_end(i, s, rows, opts, no_learner)
            else:
                record[R_SKIPPED] += 1
            if consumed != 0:
                return STAGE_SEED
            _new_game(i, s, buf, record, rows.next_seeds[i], opts)
            consumed = 1
            continue
        d = s[H_DECIDER]
        if opts.seat_mode == SEATS_EVERYONE or d == record[R_LEARNER]:
            return STAGE_READY
        if op[d] != OPP_RANDOM:
            return STAGE_OPPONENT
        record[R_ACTR] += 1
        a = _random_legal(buf, agent_u32(opts.agent_seed, i, record[R_ACTR]))
        engine(s, OP_STEP_TRUSTED, a, buf)
        _refresh_mask(s, buf)


@njit(cache=True, inline="always")
def advance_row(i, a, act, new_step, rows, opts, obs_row):
    """One row of vec_advance: act (ACT_*) with action a on row i of rows (``Rows``; its arrays
    borrowed here: no reference counts per row), opts the call's ``Options``, new_step != 0 to
    clear the row's per-step record first; the observation of the seat it stops at goes to
    obs_row (the row's obs, or a scratch row). True if it wrote one."""
    s, buf, record = borrow_row(rows.S, i), borrow_row(rows.masks, i), borrow_row(rows.R, i)
    if new_step != 0:
        _clear_step(i, rows)
    stage = record[R_STAGE]
    consumed = record[R_NEWSEED]       # 1 if an earlier call on this row since the caller's refresh
    if act == ACT_STEP:
        if stage == STAGE_READY and opts.seat_mode != SEATS_EVERYONE:
            record[R_LDEC] += 1
        engine(s, OP_STEP_TRUSTED, a, buf)
        _refresh_mask(s, buf)
    elif act == ACT_START:
        _clear_record(i, rows)
        _new_game(i, s, buf, record, rows.next_seeds[i], opts)
        consumed = 1
    elif stage != STAGE_SEED:
        return False
    stage = _run_row(i, s, buf, rows, opts, consumed)
    record[R_STAGE] = stage
    if stage == STAGE_READY or stage == STAGE_OPPONENT:
        d = s[H_DECIDER]
        record[R_DECIDER] = d
        observe(s, d, obs_row, False)
        if opts.want_random != 0:
            record[R_ACTR] += 1
            record[R_RANDOM] = _random_legal(buf, agent_u32(opts.agent_seed, i, record[R_ACTR]))
        return True
    record[R_DECIDER] = -1
    return False


@njit(cache=True, inline="always")
def tally_row(records, i, seen, lo):
    """Row i, just advanced by the range of rows lo..hi-1, counted into that range's record in
    seen (B, 4), which the range alone writes (rows lo..hi-1; ``tally_start`` first):
    seen[lo, 0..2] its rows that started a game (R_NEWSEED), are not ready (STAGE_OPPONENT / SEED
    / ERROR), are in STAGE_ERROR; seen[lo + m, 3] the m-th row that started a game. Counted
    while the row is in the cache, not by a pass over every row's record after the call.
    ``gather`` sums the ranges."""
    counts = borrow_row(seen, lo)
    record = borrow_row(records, i)
    if record[R_NEWSEED] != 0:
        seen[lo + counts[0], 3] = i
        counts[0] += 1
    st = record[R_STAGE]
    if st != STAGE_READY:
        counts[1] += 1
        if st == STAGE_ERROR:
            counts[2] += 1


@njit(cache=True, inline="always")
def tally_start(seen, lo):
    """The record of the range that starts at row lo, emptied (``tally_row``)."""
    seen[lo, 0] = 0
    seen[lo, 1] = 0
    seen[lo, 2] = 0


def gather(seen, ranges, out):
    """out[0..2] = the ranges' counts in seen (``tally_row``) summed; the rows that started a game
    moved to seen[:out[0], 3], in row order."""
    n = wait = err = 0
    for lo, _ in ranges:
        started, w, e = seen[lo, :3].tolist()
        if started and n < lo:          # n <= lo: the ranges before held no more
            seen[n:n + started, 3] = seen[lo:lo + started, 3]
        n += started
        wait += w
        err += e
    out[0], out[1], out[2] = n, wait, err


def vec_advance(rows, opts, new_step, out, num_threads=1):
    """Advance every row of a batch (rows: ``Rows``, opts: ``Options``). Returns -1, or the first
    row whose action is illegal (then nothing at all has changed); out[0..2] = rows that started
    a game (R_NEWSEED; they are rows.seen[:out[0], 3]), rows not ready (STAGE_OPPONENT / SEED /
    ERROR), rows in STAGE_ERROR.

    act[i] says what to do with row i: ACT_STEP steps actions[i] (its mask masks[i] must allow it);
    ACT_START starts a new game with next_seeds[i] (clearing the row's record but the agents'
    counter); ACT_NONE only continues a row that waits for a seed (STAGE_SEED). Then the row's game
    runs on: a game that ends is recorded in R[i] (R_DONE, result, length, seed), rew[i] (every
    seat's reward) and, in learner mode, lrew[i] and final_obs[i] (the learner's last view, if
    want_final), and a new game starts with next_seeds[i] (R_NEWSEED tells the caller to refresh
    it; a second new game in the same call waits for the caller: STAGE_SEED). Decisions of
    opponents with opp[i, seat] == OPP_RANDOM are played here with the agents' random stream; the
    row stops at a learner's decision (STAGE_READY; every decision when seat_mode == SEATS_EVERYONE)
    or another opponent's (OPP_EXTERNAL, OPP_COMPILED: STAGE_OPPONENT), with that seat's observation
    in obs[i], its mask in masks[i] and (want_random) a uniformly random legal action in R[i,
    R_RANDOM]. new_step != 0 clears the per-step record (R_DONE..R_SEED, rew, lrew, term, trunc) of
    every row first. The rows run on ``num_threads`` threads (``vec_advance_rows`` over ranges of
    rows); seen (B, 4) is the ranges' scratch record (``tally_row``); stream != 0 streams the
    observations out with non-temporal stores (``vec_advance_rows``, ``heroes_env.vector.streams``).
    """
    return advance(rows.S, rows.actions, rows.act, rows.masks, rows.seen, out, num_threads,
                   lambda _, lo, hi, crew_ctrl: vec_advance_rows(rows, opts, new_step,
                                                                 crew_ctrl, lo, hi))


def advance(S, actions, act, masks, seen, out, num_threads, run_range):
    """The frame of a vector kernel call: check every row's action (-1, or the first illegal
    row: then nothing has changed), run_range(range_index, lo, hi, crew_ctrl) over the rows'
    ranges on num_threads threads (``crew.map_released``: the range kernel calls
    ``crew.release(crew_ctrl)`` first, then ``tally_start``, and ``tally_row`` for each row),
    gather the ranges' counts into out (``vec_advance``'s arrays of the same names)."""
    bad = _check_actions(actions, act, masks)
    if bad >= 0:
        return int(bad)
    ranges = crew.chunks(S.shape[0], num_threads)
    crew.map_released(run_range, ranges)
    gather(seen, ranges, out)
    return -1


@njit(entry=True, cache=True, nogil=True)
def vec_advance_rows(rows, opts, new_step, crew_ctrl, lo, hi):
    """``vec_advance`` of rows lo..hi-1, their actions already checked; first it starts the
    call's other ranges (``crew.release(crew_ctrl)``). opts.stream != 0: each observation is
    made in a row that stays in the cache and streamed out to obs[i] (``intrinsics.stream_row``):
    a batch too large for the caches then does not read every observation row in before writing
    it."""
    crew.release(crew_ctrl)
    rows, opts = borrow(rows), borrow(opts)     # read in the loop without reference counts
    tally_start(rows.seen, lo)
    scratch = np.empty((1, rows.obs.shape[1]), rows.obs.dtype)   # (Numba frees a variable after
    scratch_row = borrow_row(scratch, 0)                           # its last use)
    for i in range(lo, hi):
        obs_row = row_begin(i, hi, rows, opts, scratch_row)
        wrote = advance_row(i, rows.actions[i], rows.act[i], new_step, rows, opts, obs_row)
        row_end(i, lo, rows, opts, scratch_row, wrote)
    if opts.stream != 0:
        store_fence()
    # a use of scratch after the loop: scratch_row borrows it, so it must live
    return scratch.shape[0]


# The loop over a range of rows, in two halves around a row's step, so that every vector kernel
# (vec_advance_rows here, heuristic_loop.loop_advance_rows with the heuristic's decisions in the
# step) runs the same loop: Numba caches no kernel that takes the step as a function.
@njit(cache=True, inline="always")
def row_begin(i, hi, rows, opts, scratch_row):
    """Before row i of the range ..hi-1 steps: the next row's state and this row's observation
    and mask lines fetched; the row the step observes into (scratch_row, the range's scratch
    row, when opts.stream != 0; else obs[i])."""
    if i + 1 < hi:
        prefetch_row(rows.S, i + 1)     # the next game's state, while this one steps
    # this game's observation and mask rows, written after its engine step: their lines come in
    # while the step runs (fetched one game ahead they came too early)
    if opts.stream == 0:
        prefetch_row_for_write(rows.obs, i)
    prefetch_row_for_write(rows.masks, i)
    return scratch_row if opts.stream != 0 else borrow_row(rows.obs, i)


@njit(cache=True, inline="always")
def row_end(i, lo, rows, opts, scratch_row, wrote):
    """After row i of the range lo.. stepped (wrote: it observed into its row): the scratch row
    streamed out to obs[i] (opts.stream != 0) and the row counted (``tally_row``)."""
    if wrote and opts.stream != 0:
        stream_row(rows.obs, i, scratch_row)
    tally_row(rows.R, i, rows.seen, lo)


@njit(entry=True, cache=True)
def sample_rows(masks, agent_seed, records):
    """A uniformly random legal action of every row's mask into records[:, R_RANDOM] (the rows'
    records, ``Rows.R``; agents' stream)."""
    for i in range(masks.shape[0]):
        records[i, R_ACTR] += 1
        records[i, R_RANDOM] = _random_legal(masks[i],
                                             agent_u32(agent_seed, i, records[i, R_ACTR]))


@njit(entry=True, cache=True)
def batch_observe(S, seat, out):
    """Every row's observation from one seat (serial: for occasional use, not the hot path)."""
    for i in range(S.shape[0]):
        observe(S[i], seat, out[i], False)


@njit(entry=True, cache=True)
def batch_state(S, out):
    """Every row's full-information state (serial)."""
    for i in range(S.shape[0]):
        observe_state(S[i], out[i])
