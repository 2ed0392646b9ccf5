"""``VectorEnv``: B games advanced together in one compiled call, the fastest way to collect play.

Multi-agent and batched: every game reports whoever must decide in it now (in or out of turn, as
in the AEC env), that seat's observation and exact action mask; one action per game steps them all.

=====================  ========================================================================
Create                 ``VectorEnv(num_envs=B, **the keywords of heroes_env.env())``, plus
                       ``num_threads`` (default: all cores) and ``copy`` (default False);
                       ``obs_dtype`` "float32" (default) or "uint8" (as in ``env()``)
reset(seed)            starts B games; returns a ``VectorStep`` (below)
step(actions)          ``actions``: B ints, one per game, each legal for that game's decider
``VectorStep``         ``seat`` (B,) int64 deciding seat; ``obs`` (B, OBS_SIZE) float32 (or
                       uint8 with ``obs_dtype="uint8"``: ``heroes_env.obs``), its observation;
                       ``mask`` (B, NUM_ACTIONS) int8, its legal actions;
                       ``rewards`` (B, num_players) float32, every seat's reward in games that
                       ended in this step (0 elsewhere); ``terminated`` / ``truncated`` (B,)
                       bool; ``info``: per-game arrays (below)
Auto-reset             a game that ends is reported in that step and replaced at once by a
                       new game: ``seat``, ``obs`` and ``mask`` of that row are the new game's
Seeds                  game k of row i (k = 0, 1, ... since ``reset``) plays the game of
                       ``heroes_env.env().reset(seed=base + k * B + i)``; ``reset(seed=None)``
                       draws a fresh base. Same seeds + same actions = the same games
=====================  ========================================================================

``info`` holds, per game, ``result`` (the ``RES_*`` code of a game that ended in this step, else
0), ``length`` (its agent decisions), ``seed`` (its seed as given to ``env().reset``),
``decision`` (the ``DK_*`` kind of the pending decision) and ``games`` (games started in the row
since ``reset``).

Performance: everything (validation, stepping, ending and starting games, observation and mask
encoding) runs in compiled code, in parallel over rows with ``num_threads`` threads (one compiled
call per range of rows, ``heroes_env.fast.crew``; one thread, or fewer than ``serial_below``
games (default 256, see ``default_serial_below``), runs on the calling thread without the
crew of worker threads). A batch larger than the largest CPU cache streams its observations out
with non-temporal stores (``streams``).
With ``copy=False`` the returned arrays are the env's own buffers, read-only, overwritten by the
next ``step``: copy what you keep. ``copy=True`` returns fresh arrays.

An illegal action (or a wrong shape or dtype) raises ``IllegalActionError`` / ``ValueError``
naming the game, the action and the legal ones, and changes no game.
"""
from __future__ import annotations

import functools
import glob
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numba
import numpy as np
import numpy.typing as npt

from .config import Config, make_config
from .engine import batch as K
from .engine import constants as C
from .engine.mask import legal_mask
from .engine.observe import observe as observe_row
from .engine.resample import check_request, draw_worlds
from .game import Game, IllegalActionError, as_generator, hash_seed
from .obs import check_obs_dtype

__all__ = ["VectorEnv", "VectorStep"]

SEED_LIMIT = 1 << 62


@dataclass
class VectorStep:
    """What ``VectorEnv.reset`` / ``step`` return, one row per game; it unpacks as the tuple
    ``seat, obs, mask, rewards, terminated, truncated, info``.

    A game that ends is reported in the step that ends it and replaced at once by a new game:
    that row's ``seat``, ``obs`` and ``mask`` are the new game's.

    Attributes:
        seat: ``(B,)`` int64, the seat that must decide in each game.
        obs: ``(B, OBS_SIZE)`` float32 (uint8 with ``obs_dtype="uint8"``), that seat's
            observation.
        mask: ``(B, NUM_ACTIONS)`` int8, its legal actions.
        rewards: ``(B, num_players)`` float32, every seat's reward in the games that ended in
            this step (0 elsewhere).
        terminated: ``(B,)`` bool, the games that ended in this step.
        truncated: ``(B,)`` bool, the games that reached ``max_rounds`` in this step.
        info: Per-game ``(B,)`` arrays: ``result`` (the ``RES_*`` code of a game that ended in
            this step, else 0), ``length`` (its agent decisions), ``seed`` (its seed as given
            to ``env().reset``), ``decision`` (the ``DK_*`` kind of the pending decision) and
            ``games`` (games started in the row since ``reset``).
    """
    seat: np.ndarray
    obs: np.ndarray
    mask: np.ndarray
    rewards: np.ndarray
    terminated: np.ndarray
    truncated: np.ndarray
    info: dict

    def __iter__(self):
        return iter((self.seat, self.obs, self.mask, self.rewards, self.terminated,
                     self.truncated, self.info))


def _readonly(a: np.ndarray) -> np.ndarray:
    v = a.view()
    v.flags.writeable = False
    return v


def _check_int(name, value, lo=None, hi=None):
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{name} must be an int, got {value!r}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        bounds = (f"from {lo} to {hi}" if lo is not None and hi is not None
                  else f">= {lo}" if lo is not None else f"<= {hi}")
        raise ValueError(f"{name} must be an int {bounds}, got {value!r}")
    return int(value)


def resolve_threads(num_threads) -> int:
    """None = every thread Numba may use (all cores by default)."""
    top = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
    if num_threads is None:
        return top
    return _check_int("num_threads", num_threads, 1, top)


SERIAL_BELOW = 256


def default_serial_below() -> int:
    """Below this many games a call runs on the calling thread. Handing rows to the crew's
    threads (``heroes_env.fast.crew``) is quick while the calls follow each other closely (the
    workers spin), but a worker that went to sleep (a policy's millisecond between calls) takes
    about 100 us to wake. Measured on 2 cores, 8 players, uint8, 2 threads against 1
    (``serial_below=0``): back to back, B = 32 1.40x, 64 1.44x, 128 1.54x, 256 1.74x; with 1 ms
    between calls
    (the call's own time), B = 32 0.46x, 64 0.57x, 128 0.85x, 256 1.03x. So 256, where neither
    loses."""
    return SERIAL_BELOW


@functools.cache
def cache_bytes() -> int:
    """The size of this machine's largest CPU cache (Linux sysfs; 32 MiB where it cannot
    tell)."""
    sizes = []
    for f in glob.glob("/sys/devices/system/cpu/cpu0/cache/index*/size"):
        try:
            with open(f) as fh:
                text = fh.read().strip().upper()
        except OSError:
            continue
        unit = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}.get(text[-1:], 1)
        digits = text.rstrip("KMG")
        if digits.isdigit():
            sizes.append(int(digits) * unit)
    return max(sizes, default=32 << 20)


def streams(num_envs: int, bytes_per_game: int) -> bool:
    """Whether a batch writes its observations with non-temporal stores (``batch.vec_advance``'s
    ``stream``): when its games take more memory than the largest cache, so that a step would
    read each observation row in from memory only to overwrite it. Measured at 8 players, 2 threads:
    1.11x (uint8, B = 4096, 46 MB) and 1.26x (float32, B = 2048, 42 MB) above a 32 MiB cache; 0.98x
    (uint8, B = 2048, 23 MB) and 0.93x (B = 1024) below it, where the rows were still in the
    cache."""
    return num_envs * bytes_per_game > cache_bytes()


def draw_base_seed() -> int:
    return int(np.random.SeedSequence().generate_state(2, np.uint64)[0] >> np.uint64(3))


class BatchCore:
    """The arrays of B games and the calls of the compiled kernel (shared by ``VectorEnv`` and the
    learner wrappers). Not public API: its fields follow ``heroes_env.engine.batch``."""

    def __init__(self, config: Config, num_envs: int, seat_mode: int, opp: np.ndarray,
                 num_threads=None, serial_below=None, want_final: bool = False,
                 obs_dtype=np.float32):
        B = _check_int("num_envs", num_envs, 1)
        self.obs_dtype = check_obs_dtype(obs_dtype, config)
        self.config = config
        self.B = B
        assert config.num_players is not None   # Config.__post_init__ sets it
        self.n: int = config.num_players
        self.spec = config.spec()
        self.seat_mode = int(seat_mode)
        opp = np.asarray(opp, np.int8)      # per seat (MAX_SEATS,) or per row and seat
        self.opp = np.array(np.broadcast_to(opp, (B, C.MAX_SEATS)), np.int8, order="C")  # one
        # compiled kernel: writable and C-ordered (a read-only array is another Numba type)
        # a compiled policy run inside the loop for the seats coded OPP_COMPILED: an object with
        # advance(core, num_threads, new_step) -> -1 or the first row with an illegal action (it
        # calls batch.advance_row itself, e.g. heroes_env.agents.heuristic_loop); None: vec_advance
        self.loop = None
        self.num_threads = resolve_threads(num_threads)
        self.serial_below = (default_serial_below() if serial_below is None
                             else _check_int("serial_below", serial_below, 0))
        self.S = np.zeros((B, C.STATE_SIZE), np.int32)
        self.masks = np.zeros((B, C.NUM_ACTIONS), np.int8)
        self.obs = np.zeros((B, C.OBS_SIZE), self.obs_dtype)
        self.rew = np.zeros((B, self.n), np.float32)
        self.lrew = np.zeros(B, np.float32)
        self.R = np.zeros((B, K.R_SIZE), np.int64)
        self.want_final = bool(want_final)
        self.final_obs = np.zeros((B, C.OBS_SIZE if want_final else 0), self.obs_dtype)
        self.flags = np.zeros((B, 2), np.bool_)       # terminated, truncated in this step
        self.seen = np.zeros((B, 4), np.int64)        # each call's counts (batch.tally_row)
        self.out = np.zeros(3, np.int64)             # rows with a new game, waiting, in error
        self.actions = np.zeros(B, np.int64)
        self.act = np.zeros(B, np.int8)
        self.next_seeds = np.zeros(B, np.int32)      # engine seed of each row's next game
        self.games = np.zeros(B, np.int64)           # games started per row since reset
        self.user_seed = np.zeros(B, np.int64)       # env().reset seed of each row's current game
        self.step_seed = np.zeros(B, np.int64)       # ... as it was when the step started
        self.stream = int(streams(B, self.nbytes_per_game()["total"]))
        self.base = 0
        self.agent_seed = 0
        self.want_random = False
        self.started = False
        self.rows = K.Rows(self.S, self.actions, self.act, self.next_seeds, self.opp, self.masks,
                           self.obs, self.rew, self.R, self.lrew, self.final_obs, self.flags,
                           self.seen)

    # ------------------------------------------------------------ seeds
    def user_seed_of(self, row, k) -> int:
        """The ``env().reset`` seed of game k of a row."""
        return self.base + k * self.B + row

    def set_base(self, seed):
        if seed is None:
            seed = draw_base_seed()
        seed = _check_int("seed", seed, -SEED_LIMIT, SEED_LIMIT)
        self.base = seed
        # the agents' random stream (random opponents, random actions) comes from the same seed,
        # through another hash than the games' seeds
        self.agent_seed = int(np.random.SeedSequence(abs(seed) * 2 + (seed < 0))
                              .generate_state(1, np.uint32)[0])
        self.games[:] = 0
        self.next_seeds[:] = [hash_seed(self.user_seed_of(i, 0)) for i in range(self.B)]

    def _after_call(self):
        """Refresh the next seed of every row that started a game (the kernel listed them:
        ``batch.gather``; at 8 players, B = 4096, some 15 rows in every step)."""
        R, games = self.R, self.games
        for i in self.seen[:self.out[0], 3].tolist():
            R[i, K.R_NEWSEED] = 0
            k = int(games[i])
            self.user_seed[i] = self.user_seed_of(i, k)
            games[i] = k + 1
            self.next_seeds[i] = hash_seed(self.user_seed_of(i, k + 1))

    # ------------------------------------------------------------ kernel calls
    def call(self, new_step: int) -> int:
        """One kernel call over all rows; returns -1 or the first row with an illegal action."""
        threads = 1 if self.B < self.serial_below else self.num_threads
        if self.loop is not None:
            bad = self.loop.advance(self, threads, new_step)
        else:
            # a compiled kernel: kernel_args' arguments, then num_threads
            advance: Callable[..., int] = K.vec_advance
            bad = advance(*self.kernel_args(new_step), num_threads=threads)
        if bad < 0:
            if self.out[0]:
                self._after_call()
            if self.out[2]:
                i = int(np.flatnonzero(self.R[:, K.R_STAGE] == K.STAGE_ERROR)[0])
                raise RuntimeError(f"engine error {int(self.R[i, K.R_ERR])} in game {i} (seed "
                                   f"{int(self.user_seed[i])}); please report it")
        return int(bad)

    def kernel_args(self, new_step: int) -> tuple:
        """The arguments of ``batch.vec_advance`` but num_threads: (rows, options, new_step,
        out)."""
        opts = K.Options(self.spec, self.seat_mode, self.agent_seed, int(self.want_random),
                         int(self.want_final), self.stream)
        return self.rows, opts, new_step, self.out

    @property
    def waiting(self) -> int:
        """Rows that waited for an external opponent or a seed after the last call."""
        return int(self.out[1])

    def start(self, rows=None):
        """Start new games in the given rows (all if None) and run them to a learner decision."""
        self.act[:] = K.ACT_NONE
        if rows is None:
            self.act[:] = K.ACT_START
        else:
            self.act[rows] = K.ACT_START
        self.started = True
        self.step_seed[:] = self.user_seed
        self.call(1)

    def pending(self) -> np.ndarray:
        """Rows that wait for an external opponent or for a seed."""
        return np.flatnonzero(self.R[:, K.R_STAGE] != K.STAGE_READY)

    # ------------------------------------------------------------ input checks
    def check_actions(self, actions, what="actions") -> np.ndarray:
        """actions as an array of B integers, or a ValueError saying what is wrong."""
        a = np.asarray(actions)
        if a.shape != (self.B,):
            raise ValueError(f"{what} must have shape ({self.B},) (one action per game), "
                             f"got shape {a.shape}")
        if a.dtype.kind not in "iu":
            raise ValueError(f"{what} must be integers (actions 0..{C.NUM_ACTIONS - 1}), got "
                             f"dtype {a.dtype}")
        return a

    def illegal(self, row: int, action) -> IllegalActionError:
        g = Game(self.config, self.S[row].copy())
        legal = g.legal_actions()
        shown = ", ".join(f"{x} ({g.action_to_str(x)})" for x in legal)
        a = int(action)
        label = g.action_to_str(a) if 0 <= a < C.NUM_ACTIONS else "outside the action space"
        return IllegalActionError(f"game {row}: action {a} ({label}) is not legal now "
                                  f"({g.describe_decision()}); legal: {shown}")

    def nbytes_per_game(self) -> dict:
        """Bytes per game: the state row, and everything the batch holds for it."""
        total = sum(x.nbytes for x in (self.S, self.masks, self.obs, self.rew, self.lrew, self.R,
                                       self.opp, self.seen,
                                       self.final_obs, self.flags, self.actions, self.act,
                                       self.next_seeds,
                                       self.games, self.user_seed, self.step_seed))
        return {"state": C.STATE_SIZE * 4, "total": total // self.B}


class VectorEnv:
    """B games of ``heroes_env.env()`` advanced together in one compiled call, the fastest way
    to collect play; the guide: docs/vector.md.

    Every game reports whoever must decide in it now (in or out of turn, as in the AEC env),
    that seat's observation and exact action mask; one action per game steps them all.
    Validation, stepping, ending and starting games and encoding run in compiled code, in
    parallel over rows. Game k of row i (k = 0, 1, ... since ``reset``) plays the game of
    ``heroes_env.env().reset(seed=base + k * B + i)``: the same seeds and actions give the
    same games.

    Args:
        num_envs: B, the number of games.
        config: A ready ``Config``; give it or Config's keywords, not both.
        num_threads: Threads of a call (None: every thread Numba may use, all cores by
            default); settable later.
        copy: False: the returned arrays are the env's own buffers, read-only and overwritten
            by the next ``step`` (copy what you keep); True: fresh arrays.
        serial_below: Below this many games a call runs on the calling thread (None:
            ``default_serial_below()``, 256).
        obs_dtype: ``"float32"`` or ``"uint8"`` for ``obs``, ``observe`` and ``state``.
        **config_kw: ``Config``'s keywords (``num_players``, ``mode``, ``pack``, ``deck``,
            ``max_rounds``, ``autoplay``, ``hero_selection``), as for ``heroes_env.env``.

    Attributes:
        config: The games' ``Config``.
        num_envs: B.
        num_players: Seats per game.
        possible_agents: ``player_0`` .. ``player_{n-1}``.

    Raises:
        TypeError: An unknown keyword, or ``config`` with Config's keywords.
        ValueError: A value out of range (the message names it and what is legal).

    Examples:
        ```python
        from heroes_env.vector import VectorEnv

        venv = VectorEnv(num_envs=64, num_players=5)
        out = venv.reset(seed=0)
        for _ in range(100):
            out = venv.step(venv.random_actions())
        print(out.seat.shape, out.obs.shape, int(out.terminated.sum()))
        ```
    """

    metadata = {"name": "sanguosha_v0"}

    def __init__(self, num_envs: int, *, config: Config | None = None,
                 num_threads: int | None = None, copy: bool = False,
                 serial_below: int | None = None, obs_dtype: npt.DTypeLike = "float32",
                 **config_kw: Any):
        self.config: Config = make_config(config, "VectorEnv", **config_kw)
        self.core = BatchCore(self.config, num_envs, K.SEATS_EVERYONE,
                              np.zeros(C.MAX_SEATS, np.int8), num_threads, serial_below,
                              obs_dtype=obs_dtype)
        self.obs_dtype = self.core.obs_dtype
        self.num_envs: int = self.core.B
        self.num_players: int = self.core.n
        self.possible_agents: list[str] = [f"player_{i}" for i in range(self.num_players)]
        self.copy = bool(copy)
        core = self.core
        R = core.R
        info = {"result": R[:, K.R_RESULT], "length": R[:, K.R_LEN], "seed": core.step_seed,
                "games": R[:, K.R_GAMES], "decision": core.S[:, C.H_DKIND]}
        # the step's arrays: the buffers' columns, made once
        self._views = (R[:, K.R_DECIDER], core.obs, core.masks, core.rew, core.flags[:, 0],
                       core.flags[:, 1])
        self._ro = tuple(_readonly(x) for x in self._views)
        self._info = info
        self._ro_info = {k: _readonly(v) for k, v in info.items()}

    @property
    def num_threads(self) -> int:
        """Threads of a call (settable; None: every thread Numba may use)."""
        return self.core.num_threads

    @num_threads.setter
    def num_threads(self, value):
        self.core.num_threads = resolve_threads(value)

    # ------------------------------------------------------------ API
    def reset(self, seed: int | None = None) -> VectorStep:
        """Start B new games: game 0 of row i is ``env().reset(seed=seed + i)``.

        Args:
            seed: The base seed, ``|seed| <= 2**62``; None draws a fresh one. It also seeds
                the agents' stream (``random_actions``), through another hash.
        """
        core = self.core
        core.set_base(seed)
        core.start()
        return self._result()

    def step(self, actions: np.ndarray) -> VectorStep:
        """One decision in every game: ``actions[i]`` answers game i's pending decision.

        Args:
            actions: ``(B,)`` integers, each legal for its game's deciding seat.

        Returns:
            The games after the step; an ended game is already replaced by its row's next.

        Raises:
            IllegalActionError: An illegal action, naming the game, the action and the legal
                ones; no game changes.
            ValueError: Actions of the wrong shape or dtype.
            RuntimeError: Before ``reset``.
        """
        core = self.core
        if not core.started:
            raise RuntimeError("call reset() before step()")
        core.actions[:] = core.check_actions(actions)
        core.act[:] = K.ACT_STEP
        core.step_seed[:] = core.user_seed
        bad = core.call(1)
        if bad >= 0:
            raise core.illegal(bad, int(core.actions[bad]))
        return self._result()

    def _result(self) -> VectorStep:
        if self.copy:
            seat, obs, mask, rew, term, trunc = (x.copy() for x in self._views)
            return VectorStep(seat, obs, mask, rew, term, trunc,
                              {k: v.copy() for k, v in self._info.items()})
        seat, obs, mask, rew, term, trunc = self._ro
        return VectorStep(seat, obs, mask, rew, term, trunc, dict(self._ro_info))

    def resample(self, game: Game | int, seat: int,
                 rng: np.random.Generator | int | None = None, roles: np.ndarray | None = None,
                 rows: Sequence[int] | np.ndarray | None = None) -> VectorStep:
        """Worlds of one game, one per row: ``Game.resample`` drawn K times in one call.

        Each of the given rows (K of them) gets its own world consistent with what seat knows
        in game (see ``Game.resample``): seat's observation and legal mask are the game's in
        every row, the hidden state (other hands, the pile's order, hidden roles, the draft's
        hidden parts, the random generator) is drawn afresh per row. The rows then play on as
        any other (a row whose game ends starts its next game, as after ``step``); the other
        rows are left as they are.

        Args:
            game: A game of this env's config, or the index of one of its rows (read before
                any row is written).
            seat: The seat whose knowledge every world keeps.
            rng: Where the draws come from (an int seeds a new Generator; None: fresh
                entropy).
            roles: The hidden roles' distribution, as in ``Game.resample``.
            rows: The rows to fill (distinct, 0 .. num_envs - 1); None: every row.

        Returns:
            As ``step`` returns it; the filled rows hold their world's decider, observation and
            mask, and no reward.

        Raises:
            RuntimeError: Before ``reset``.
            ValueError: A game of another config, a row out of range or repeated, or what
                ``Game.resample`` refuses. Nothing is changed.
        """
        core = self.core
        if not core.started:
            raise RuntimeError("call reset() before resample()")
        if isinstance(game, Game):
            if game.config.spec().tobytes() != core.spec.tobytes():
                raise ValueError(f"game is a game of {game.config}, this env plays "
                                 f"{self.config}")
            source = game.s.copy()
        else:
            source = core.S[_check_int("game index", game, 0, self.num_envs - 1)].copy()
        if rows is None:
            targets = np.arange(self.num_envs)
        else:
            targets = np.asarray(rows)
            if targets.ndim != 1 or targets.dtype.kind not in "iu" \
                    or len(np.unique(targets)) != len(targets) \
                    or (targets.size and not 0 <= targets.min() <= targets.max()
                        < self.num_envs):
                raise ValueError(f"rows must be distinct row indices 0..{self.num_envs - 1}, "
                                 f"got {rows!r}")
        checked = check_request(source, seat, roles)
        worlds = draw_worlds(source, int(seat), as_generator(rng), len(targets), checked)
        R = core.R
        for k, i in enumerate(targets.tolist()):
            core.S[i] = worlds[k]
            R[i, K.R_STAGE] = K.STAGE_READY
            d = int(worlds[k][C.H_DECIDER])
            R[i, K.R_DECIDER] = d
            R[i, K.R_DONE:K.R_SEED + 1] = 0
            R[i, K.R_SEAT] = -1
            core.rew[i] = 0.0
            core.flags[i] = False
            legal_mask(core.S[i], core.masks[i])
            observe_row(core.S[i], d, core.obs[i], False)
            if core.want_random:        # random_actions() must hold a legal action of it
                R[i, K.R_ACTR] += 1
                R[i, K.R_RANDOM] = K._random_legal(
                    core.masks[i], K.agent_u32(core.agent_seed, i, int(R[i, K.R_ACTR])))
        return self._result()

    def random_actions(self) -> np.ndarray:
        """A uniformly random legal action for every game, ``(B,)`` int64.

        Drawn in compiled code from the agents' stream (seeded by ``reset``'s seed, separate
        from the games'). The first call also turns on drawing inside every later ``step``
        (about 2% of a step's cost), so that the draw is ready when asked for.

        Raises:
            RuntimeError: Before ``reset``.
        """
        core = self.core
        if not core.started:
            raise RuntimeError("call reset() before random_actions()")
        if not core.want_random:
            core.want_random = True
            K.sample_rows(core.masks, core.agent_seed, core.R)
        return core.R[:, K.R_RANDOM].copy()

    def game(self, i: int) -> Game:
        """A copy of game i as a ``Game`` (labels, legal actions, ``render_text`` ...); changing
        it changes nothing here."""
        i = _check_int("game index", i, 0, self.num_envs - 1)
        return Game(self.config, self.core.S[i].copy())

    def observe(self, seat: int) -> np.ndarray:
        """Every game's observation from one seat's point of view (B, OBS_SIZE), computed now."""
        seat = _check_int("seat", seat, 0, self.num_players - 1)
        out = np.empty((self.num_envs, C.OBS_SIZE), self.obs_dtype)
        K.batch_observe(self.core.S, seat, out)
        return out

    def state(self) -> np.ndarray:
        """Full-information state of every game (B, STATE_OBS_SIZE), for centralised critics."""
        from .engine.observe import STATE_OBS_SIZE
        out = np.empty((self.num_envs, STATE_OBS_SIZE), self.obs_dtype)
        K.batch_state(self.core.S, out)
        return out

    def action_to_str(self, i: int, action: int, lang: str = "en") -> str:
        """The label of an action for game i's pending decision, in ``"en"`` or ``"zh"``."""
        return self.game(i).action_to_str(action, lang)

    def bytes_per_game(self) -> dict[str, int]:
        """Memory per game: ``{"state": the engine row, "total": everything the batch holds
        for it}``, in bytes."""
        return self.core.nbytes_per_game()

    def close(self) -> None:
        """Nothing to release."""

    def __repr__(self):
        return f"VectorEnv(num_envs={self.num_envs}, {self.config})"

