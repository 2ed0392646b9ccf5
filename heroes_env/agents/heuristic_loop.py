"""The heuristic inside the compiled loop: opponents played where the random ones are.

``heroes_env.engine.batch`` advances a row until a decision it cannot make itself; a seat coded
``OPP_COMPILED`` stops it as an external opponent would. The kernels here wrap that row step in a
loop that answers those stops with ``heuristic_kernels.act_one`` on the row's own observation and
mask buffers, and step again, until the row waits for its learner, an external policy or a seed,
or its game is over: one compiled call per env step for every row and seat the heuristic plays,
instead of one Python round trip per opponent decision.

The choices are the ones ``HeuristicAgent.act_batch`` makes through ``heroes_env.wrappers`` for
the same games: the same memory rows (slot ``row * MAX_SEATS + seat`` of the agent's direct
pool), the same per-slot generators, memory forgotten when the row starts another game
(``R_SERIAL``), the agents' random stream of the row drawn in the same order
(``tests/test_heuristic_loop.py`` compares the two paths).

``HeuristicLoop(agent, B)`` holds what a batch needs; ``BatchCore.loop`` calls its ``advance``.
"""
from __future__ import annotations

from collections import namedtuple

import numba
import numpy as np

from heroes_env.engine import batch as K
from heroes_env.engine import constants as C
from heroes_env.engine.batch import advance_row
from heroes_env.fast import crew
from heroes_env.fast.intrinsics import borrow, borrow_row, store_fence
from heroes_env.fast.jit import njit

from . import heuristic_kernels as HK

__all__ = ["HeuristicLoop"]

NS = C.MAX_SEATS
KIND_HEURISTIC = 0   # kind[i, seat]: the heuristic decides
KIND_RANDOM = 1      # kind[i, seat]: a uniformly random legal action from the slot's generator
                     # (tournaments: a game's random seats then depend on the game, not its row)


@njit(cache=True)
def _slot_random(mask, gen):
    n = 0
    for a in range(mask.shape[0]):
        n += mask[a] != 0
    skip = min(int(HK.rand(gen) * n), n - 1)
    for a in range(mask.shape[0]):
        if mask[a] != 0:
            if skip == 0:
                return a
            skip -= 1
    return -1


# the loop's own: per row and seat the game its slot's memory belongs to and who decides; the
# heuristic's memory rows; this range's decision and fallback counts
Seats = namedtuple("Seats", ["game_of", "kind", "memory", "gen", "dec", "fb"])


@njit(cache=True, inline="always")     # per decision: no call overhead
def _decide(i, d, mask, obs_row, seats, player, record, info):
    """The action of the compiled seat d of row i (record: the row's record, R_*; the slot's
    memory forgotten when the row plays another game); -1 if none is legal."""
    slot = i * NS + d
    if seats.game_of[i, d] != record[K.R_SERIAL]:    # another game in this row: forget the last
        seats.memory[slot, :] = 0.0
        seats.game_of[i, d] = record[K.R_SERIAL]
    if seats.kind[i, d] == KIND_RANDOM:
        return _slot_random(mask, seats.gen[slot])
    a = HK.act_one(obs_row, mask, seats.memory[slot], seats.gen[slot], slot, player, info)
    if a >= 0:
        seats.dec[info[0], info[1]] += 1
        if info[2] == 1:
            seats.fb[info[0], info[1]] += 1
    return a


@njit(cache=True)
def _row(i, rows, opts, new_step, seats, player, obs_row, info):
    """Row i of a loop kernel: the engine's row step (``batch.advance_row``: rows, opts), then
    the compiled seats' decisions; the observations go to obs_row (the row's, or the range's
    scratch row). True if it wrote one."""
    m = borrow_row(rows.masks, i)
    wrote = advance_row(i, rows.actions[i], rows.act[i], new_step, rows, opts, obs_row)
    record = borrow_row(rows.R, i)
    while record[K.R_STAGE] == K.STAGE_OPPONENT:
        d = record[K.R_DECIDER]
        if rows.opp[i, d] != K.OPP_COMPILED:
            break
        a = _decide(i, d, m, obs_row, seats, player, record, info)
        if a < 0:                                   # no legal action: cannot happen in a game
            record[K.R_ERR] = -1
            record[K.R_STAGE] = K.STAGE_ERROR
            return wrote
        wrote |= advance_row(i, a, K.ACT_STEP, 0, rows, opts, obs_row)
    return wrote


@njit(entry=True, cache=True, nogil=True)
def loop_advance_rows(rows, opts, new_step, seats, player, crew_ctrl, lo, hi):
    """``batch.vec_advance_rows`` (rows: ``batch.Rows``, opts: ``batch.Options``) with the
    OPP_COMPILED seats played by the heuristic player (a ``heuristic_common.Player``; seats:
    ``Seats``), rows lo..hi-1 (their actions already checked); first it starts the call's other
    ranges (``crew.release(crew_ctrl)``). opts.stream != 0: the observations are made in a
    scratch row, where the heuristic reads them, and each row's last one is streamed out
    (``vec_advance_rows``)."""
    crew.release(crew_ctrl)
    rows, opts = borrow(rows), borrow(opts)     # read in the loop without reference counts
    seats, player = borrow(seats), borrow(player)
    K.tally_start(rows.seen, lo)
    info = np.zeros(3, np.int64)
    scratch = np.empty((1, rows.obs.shape[1]), rows.obs.dtype)   # (Numba frees a variable after
    scratch_row = borrow_row(scratch, 0)                           # its last use)
    for i in range(lo, hi):                     # batch.vec_advance_rows' loop, this step
        obs_row = K.row_begin(i, hi, rows, opts, scratch_row)
        wrote = _row(i, rows, opts, new_step, seats, player, obs_row, info)
        K.row_end(i, lo, rows, opts, scratch_row, wrote)
    if opts.stream != 0:
        store_fence()
    # a use of scratch after the loop: scratch_row borrows it, so it must live
    return scratch.shape[0]


class HeuristicLoop:
    """The heuristic agent ``agent`` playing the OPP_COMPILED seats of a batch of B games.

    ``game_of`` (B, MAX_SEATS): the game (R_SERIAL) each slot's memory belongs to, -1 none;
    ``forget()`` marks every slot free (a new base seed). ``kind`` (B, MAX_SEATS): KIND_* of
    each slot (all KIND_HEURISTIC unless set). The agent's memory rows are its own
    (``act_batch`` with the same slots sees the same memory)."""

    def __init__(self, agent, num_envs: int):
        self.agent = agent
        self.B = int(num_envs)
        self.game_of = np.full((self.B, NS), -1, np.int64)
        self.kind = np.zeros((self.B, NS), np.int8)
        threads = numba.config.NUMBA_NUM_THREADS     # the most a VectorEnv runs on
        self.dec = np.zeros((threads, C.NUM_DECISION_KINDS, C.MAX_SKILLS), np.int64)
        self.fb = np.zeros_like(self.dec)

    def forget(self) -> None:
        self.game_of[:] = -1

    def advance(self, core, num_threads: int, new_step: int) -> int:
        """``batch.vec_advance`` for the core's rows on num_threads threads, the heuristic
        playing the OPP_COMPILED seats; -1 or the first row with an illegal action."""
        a = self.agent
        MF, MI = a.direct_memory(self.B * NS)
        rows, opts, new_step, out = core.kernel_args(new_step)
        player = a.player()

        def run(range_index, lo, hi, crew_ctrl):
            seats = Seats(self.game_of, self.kind, MF, MI, self.dec[range_index],
                          self.fb[range_index])
            return loop_advance_rows(rows, opts, new_step, seats, player, crew_ctrl, lo, hi)

        bad = K.advance(core.S, core.actions, core.act, core.masks, core.seen, out, num_threads,
                        run)
        if self.dec.any():
            a.count_decisions(self.dec.sum(0), self.fb.sum(0))
            self.dec[:] = 0
            self.fb[:] = 0
        return bad
