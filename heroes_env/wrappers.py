"""Single-learner wrappers: one seat learns, the other seats are played inside ``step``.

* ``LearnerEnv``: a ``gymnasium.Env`` for one game at a time (sb3-contrib ``MaskablePPO`` etc.).
* ``LearnerVectorEnv``: a ``gymnasium.vector.VectorEnv`` over the batched engine, the same
  semantics for B games at once (CleanRL-style training at batch speed); ``sb3_vec_env`` wraps
  it as a stable-baselines3 ``VecEnv`` (sb3-contrib ``MaskablePPO`` on B games per call).

=====================  ========================================================================
Observation            ``Box(float32, (OBS_SIZE,))``: the learner's partial view (as in the
                       AEC env); per game in the vector env. ``obs_dtype="uint8"``: the same
                       view in bytes (``Box(uint8)``, ``heroes_env.obs``); Python opponents
                       get the observations in that dtype too
Action                 ``Discrete(NUM_ACTIONS)``; ``action_masks()`` gives the legal ones as
                       booleans (what sb3-contrib's ``MaskablePPO`` asks for)
Learner seat           ``seat=k`` (fixed) or ``seat="random"``: drawn for every game from the
                       agents' random stream, so the learner plays every role
Opponents              ``"random"`` (uniform legal actions drawn in compiled code),
                       ``"heuristic"`` (``heroes_env.agents.HeuristicAgent``, played inside the same
                       compiled call as the engine: ``heroes_env.agents.heuristic_loop``; a
HeuristicAgent
                       object given here plays there too, keeping its seed), any other
                       ``heroes_env.agents.make_agent`` name (one agent for the seats naming it, one
                       batched call per round of opponent decisions), a callable
                       ``f(obs, mask) -> action`` (one decision at a time), a batched policy
                       (an object with ``act_batch(obs (N, OBS), masks (N, A), seats (N,)) ->
                       actions (N,)``), or a list giving one of those per seat
Reward                 the learner's only: +1 / -1 / 0 when the game ends, else 0
Illegal action         ``LearnerEnv(illegal_action="raise")`` (default): ``IllegalActionError``,
                       nothing changes; ``"lose"``: the learner forfeits the game (reward -1,
                       terminated; ``ILLEGAL_ACTION`` below). ``LearnerVectorEnv`` raises
Info                   ``seat``, ``skipped``; ``decision``: the ``DK_*`` kind of the learner's
                       pending decision (an int, as in the AEC env); at the end of a game
                       ``result`` (``RES_*``), ``length``, ``seed``, ``rewards`` (every seat)
Episode                one game, from the learner's first decision to the end of the game (a
                       dead learner's episode ends when the game does). A game that ends before
                       the learner's first decision is skipped (counted in ``info["skipped"]``)
Seeds                  game k after ``reset(seed=s)`` is ``heroes_env.env().reset(seed=s + k)``
                       (vector env: game k of env i is ``s + k * num_envs + i``); the opponents'
                       and the seat draw's randomness come from ``s`` too, through another hash
=====================  ========================================================================

Every decision of the learner is one ``step``; opponents' decisions (in or out of turn, 闪, 桃,
无懈可击 ...) are played inside it until the learner must decide again or the game ends.
"""
from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from .config import Config, make_config
from .engine import batch as K
from .engine import constants as C
from .env import RENDER_FPS
from .game import Game, as_action
from .obs import check_obs_dtype, obs_box
from .vector import BatchCore, _check_int

__all__ = ["LearnerEnv", "LearnerVectorEnv", "ActionMasks", "RandomPolicy", "OpponentError",
           "sb3_vec_env"]


# LearnerEnv(illegal_action=...): what an integer action outside the learner's mask does
ILLEGAL_ACTION = {
    "raise": "IllegalActionError (a ValueError) naming the legal actions; nothing changes "
             "(the default of LearnerEnv: a masked learner never sends one)",
    "lose": "the game ends at once and the learner forfeits it: reward -1, terminated=True, "
            "info['illegal_action'] = the action; the other seats' outcome is not scored. "
            "reset() starts the next game. As PettingZoo classic's env() (-1 for the "
            "offender); the default of gymnasium.make('heroes_env/Sanguosha-v0'), which "
            "check_env steps with unmasked samples",
}


class OpponentError(RuntimeError):
    """An opponent policy returned an action its decision does not allow. The game was left in
    the middle of the step: call ``reset()``."""


class RandomPolicy:
    """Uniformly random legal actions in Python, as an opponent policy (a reproducible
    reference; ``"random"`` opponents are the same thing in compiled code, with another random
    stream). Also callable as ``policy(obs, mask) -> action``.

    Args:
        seed: Seeds its generator (None: fresh entropy).
    """

    def __init__(self, seed: int | None = None):
        self.rng = np.random.default_rng(seed)

    def act_batch(self, obs: np.ndarray, masks: np.ndarray, seats: np.ndarray) -> np.ndarray:
        """One uniformly random legal action per row of masks, ``(N,)`` int64 (obs and seats
        unused)."""
        out = np.empty(len(masks), np.int64)
        for k, m in enumerate(masks):
            legal = np.flatnonzero(m)
            out[k] = legal[self.rng.integers(len(legal))]
        return out

    def __call__(self, obs, mask):
        return int(self.act_batch(obs[None], mask[None], np.zeros(1, np.int64))[0])


class _PerDecision:
    """A callable f(obs, mask) -> action used as a batched policy."""

    def __init__(self, f):
        self.f = f

    def act_batch(self, obs, masks, seats):
        return np.array([int(self.f(o, m)) for o, m in zip(obs, masks, strict=True)], np.int64)


def _policy(spec, where, named):
    """One seat's policy: None for the compiled random one; a name of
    ``heroes_env.agents.make_agent`` (e.g. "heuristic") becomes one agent shared by every seat
    naming it (named: name -> agent), so those seats are decided in one batched call per round (or
    inside the compiled loop, for an agent with ``compiled_loop``: ``_Opponents.inloop``)."""
    if isinstance(spec, str):
        if spec == "random":
            return None
        if spec not in named:
            from heroes_env.agents.base import AgentSpecError, make_agent
            try:
                named[spec] = make_agent(spec)
            except AgentSpecError as e:
                raise ValueError(f"{where}: unknown opponent {spec!r}; use 'random', "
                                 "'heuristic' (or another heroes_env.agents.make_agent spec), "
                                 "a callable f(obs, mask) -> action, or an object with "
                                 f"act_batch(obs, masks, seats) ({e})") from None
        return named[spec]
    if hasattr(spec, "act_batch"):
        return spec
    if callable(spec):
        return _PerDecision(spec)
    raise ValueError(f"{where}: an opponent is 'random', 'heuristic', a callable f(obs, mask) -> "
                     f"action, or an object with act_batch(obs, masks, seats); got {spec!r}")


class _Opponents:
    """Per seat: played in compiled code (random) or by a Python policy."""

    def __init__(self, opponents, n):
        if isinstance(opponents, (list, tuple)):
            if len(opponents) != n:
                raise ValueError(f"opponents: give one per seat ({n}), got {len(opponents)}")
            specs = list(opponents)
        else:
            specs = [opponents] * n
        self.named = {}             # agents made from a name: reseeded by reset(seed=...)
        self.policies = [_policy(sp, f"opponents[{i}]" if isinstance(opponents, (list, tuple))
                                 else "opponents", self.named) for i, sp in enumerate(specs)]
        self.game_of = None         # per row and seat: the game a slot-memory policy last saw
        self.codes = np.zeros(C.MAX_SEATS, np.int8)
        # the first policy that can play inside the compiled loop (``compiled_loop(B)``, the
        # heuristic's) plays all its seats there; every other policy is called from Python
        self.inloop = next((p for p in self.policies if hasattr(p, "compiled_loop")), None)
        self.loop = None
        for i, p in enumerate(self.policies):
            self.codes[i] = (K.OPP_RANDOM if p is None else
                             K.OPP_COMPILED if p is self.inloop and p is not None else
                             K.OPP_EXTERNAL)

    def attach(self, core: BatchCore) -> None:
        """Let the in-loop policy (if any) play its seats inside core's kernel calls. The
        compiled heuristic reads float32 observations: with ``obs_dtype="uint8"`` it is called
        from Python instead (``act_batch`` converts them exactly)."""
        if self.inloop is None:
            return
        if core.obs.dtype != np.float32:
            self.codes[self.codes == K.OPP_COMPILED] = K.OPP_EXTERNAL
            core.opp[core.opp == K.OPP_COMPILED] = K.OPP_EXTERNAL
            return
        self.loop = self.inloop.compiled_loop(core.B)
        core.loop = self.loop

    def reseed(self, agent_seed: int) -> None:
        """A new base seed: the agents made from a name restart from it (reproducible)."""
        for k, agent in enumerate(self.named.values()):
            agent.reset(seed=(int(agent_seed) + 7919 * (k + 1)) & 0x7FFFFFFF)
        self.game_of = None
        if self.loop is not None:
            self.loop.forget()

    def act(self, core: BatchCore, rows: np.ndarray):
        """Put the actions of the opponents deciding in these rows into core.actions: one
        ``act_batch`` call per policy object for all the rows it decides (seats sharing a policy
        share the call).

        A policy with ``slot_memory = True`` (every ``heroes_env.agents.Agent``) gets, instead of
        the seats, one slot per seat of each game, ``row * MAX_SEATS + seat``, and
        ``reset(slots=...)`` before it acts in a game that started since its last action there, so
        an agent that remembers a game never mixes two games."""
        seats = core.R[rows, K.R_DECIDER]
        if self.game_of is None or self.game_of.shape[0] != core.B:
            self.game_of = np.full((core.B, C.MAX_SEATS), -1, np.int64)
        groups: dict[int, list[int]] = {}
        for seat in np.unique(seats).tolist():
            groups.setdefault(id(self.policies[seat]), []).append(seat)
        for group in groups.values():
            policy = self.policies[group[0]]
            sel = rows if len(groups) == 1 else rows[np.isin(seats, group)]
            gseats = core.R[sel, K.R_DECIDER]
            if getattr(policy, "slot_memory", False):
                games = core.R[sel, K.R_SERIAL]
                new = self.game_of[sel, gseats] != games
                if new.any():
                    nsel, nseat = sel[new], gseats[new]
                    policy.reset(slots=(nsel * C.MAX_SEATS + nseat).tolist())
                    self.game_of[nsel, nseat] = games[new]
                third = sel * C.MAX_SEATS + gseats
            else:
                third = gseats.astype(np.int64)
            acts = np.asarray(policy.act_batch(core.obs[sel], core.masks[sel], third))
            if acts.shape != (len(sel),) or acts.dtype.kind not in "iu":
                raise OpponentError(f"the opponent policy of seats {group} returned "
                                    f"{acts.dtype} {acts.shape}, expected {len(sel)} integers")
            core.actions[sel] = acts
            core.act[sel] = K.ACT_STEP


def _seat_mode(seat, n) -> int:
    if isinstance(seat, str):
        if seat == "random":
            return K.SEATS_RANDOM
        raise ValueError(f"seat must be an int from 0 to {n - 1} or 'random', got {seat!r}")
    return _check_int("seat", seat, 0, n - 1)


class _Driver:
    """The kernel loop shared by both wrappers: call, then hand pending rows to the opponents'
    policies (or refresh seeds) until every row waits for its learner."""

    def __init__(self, config, num_envs, seat, opponents, num_threads, serial_below,
                 obs_dtype="float32"):
        self.config = config
        self.n = config.num_players
        obs_dtype = check_obs_dtype(obs_dtype, config)
        self.opponents = _Opponents(opponents, self.n)
        self.core = BatchCore(config, num_envs, _seat_mode(seat, self.n), self.opponents.codes,
                              num_threads, serial_below, want_final=True, obs_dtype=obs_dtype)
        self.opponents.attach(self.core)
        self.broken = False

    def run(self):
        """One env step (core.act / core.actions already set); returns when all rows wait for
        their learner. An illegal learner action raises before anything changes."""
        core = self.core
        core.step_seed[:] = core.user_seed
        bad = core.call(1)
        if bad >= 0:
            raise core.illegal(bad, int(core.actions[bad]))
        self._finish()

    def _finish(self):
        core = self.core
        R = core.R
        while True:
            if core.waiting == 0:
                return
            pend = core.pending()
            core.act[:] = K.ACT_NONE
            opp = pend[R[pend, K.R_STAGE] == K.STAGE_OPPONENT]
            if opp.size:
                self.opponents.act(core, opp)
            bad = core.call(0)
            if bad >= 0:
                self.broken = True
                seat = int(R[bad, K.R_DECIDER])
                err = core.illegal(bad, int(core.actions[bad]))
                raise OpponentError(f"the opponent in seat {seat}: {err}; call reset()")

    def start(self, rows=None):
        core = self.core
        core.act[:] = K.ACT_NONE
        if rows is None:
            self.opponents.reseed(core.agent_seed)
            core.act[:] = K.ACT_START
        else:
            core.act[rows] = K.ACT_START
        core.started = True
        self.broken = False
        self.run()


class LearnerEnv(gymnasium.Env):
    """A ``gymnasium.Env`` of one game at a time, from one learning seat's point of view: the
    other seats are played inside ``step`` (the guide: docs/vector.md).

    Every decision of the learner is one ``step``; opponents' decisions (in or out of turn) are
    played inside it until the learner must decide again or the game ends. The observation is
    the learner's partial view, ``Box((OBS_SIZE,))``; the action ``Discrete(NUM_ACTIONS)``, its
    legal ones in ``action_masks()`` (what sb3-contrib's ``MaskablePPO`` asks for). The reward
    is the learner's: +1 / -1 / 0 when the game ends, else 0. An episode is one game from the
    learner's first decision (a game that ends before it is skipped, counted in
    ``info["skipped"]``). Game k after ``reset(seed=s)`` is ``heroes_env.env().reset(seed=s +
    k)``.

    Args:
        seat: The learner's seat, or ``"random"``: drawn for every game from the agents'
            random stream, so the learner plays every role.
        opponents: The other seats' policy, or a list of one per seat: ``"random"`` (uniform
            legal actions drawn in compiled code), ``"heuristic"`` (``HeuristicAgent``, played
            inside the engine's compiled call; a ``HeuristicAgent`` object given here plays
            there too, keeping its seed), any other ``heroes_env.agents.make_agent`` name (one
            agent for the seats naming it, one batched call per round of opponent decisions),
            a callable ``f(obs, mask) -> action`` (one decision at a time), or a batched policy
            (an object with ``act_batch(obs (N, OBS_SIZE), masks (N, NUM_ACTIONS), seats (N,))
            -> actions (N,)``).
        config: A ready ``Config``; give it or Config's keywords, not both.
        render_mode: ``"ansi"`` (``render()`` returns the table as text) or None.
        illegal_action: What an integer action outside the learner's mask does:
            ``"raise"``: ``IllegalActionError`` naming the legal actions, nothing changes;
            ``"lose"``: the learner forfeits the game (reward -1, terminated,
            ``info["illegal_action"]``), the default of ``gymnasium.make(GYM_ID)``. A
            non-integer action (a float, a bool, a list) always raises ``ValueError``.
        obs_dtype: ``"float32"`` or ``"uint8"`` (``heroes_env.obs``); Python opponents get
            their observations in it too.
        **config_kw: ``Config``'s keywords (``num_players``, ``mode``, ``pack``, ``deck``,
            ``max_rounds``, ``autoplay``, ``hero_selection``), as for ``heroes_env.env``.

    Attributes:
        config: The games' ``Config``.
        observation_space: ``Box((OBS_SIZE,))`` in ``obs_dtype``.
        action_space: ``Discrete(NUM_ACTIONS)``.

    Raises:
        TypeError: An unknown keyword, or ``config`` with Config's keywords.
        ValueError: A value out of range, an unknown opponent (naming what is legal).

    Examples:
        ```python
        from heroes_env.wrappers import LearnerEnv

        env = LearnerEnv(seat="random", opponents="random", num_players=5)
        obs, info = env.reset(seed=0)
        terminated = truncated = False
        while not (terminated or truncated):
            action = int(env.action_masks().argmax())       # the first legal action
            obs, reward, terminated, truncated, info = env.step(action)
        print(info["seat"], reward)
        ```
    """

    metadata = {"render_modes": ["ansi"], "render_fps": RENDER_FPS, "name": "sanguosha_learner_v0"}

    def __init__(self, seat: int | str = 0, opponents: Any = "random", *,
                 config: Config | None = None, render_mode: str | None = None,
                 illegal_action: str = "raise", obs_dtype: npt.DTypeLike = "float32",
                 **config_kw: Any):
        self.config: Config = make_config(config, "LearnerEnv", **config_kw)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        if illegal_action not in ILLEGAL_ACTION:
            raise ValueError(f"illegal_action must be one of {list(ILLEGAL_ACTION)}, got "
                             f"{illegal_action!r}")
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self._d = _Driver(self.config, 1, seat, opponents, 1, 2, obs_dtype)
        self.observation_space: spaces.Box = obs_box(self._d.core.obs_dtype,
                                                     self.config.max_rounds)
        self.action_space: spaces.Discrete = spaces.Discrete(C.NUM_ACTIONS)
        self._fresh = False       # the current game has had no learner step yet

    @property
    def seat(self) -> int:
        """The learner's seat in the current game."""
        return int(self._d.core.R[0, K.R_LEARNER])

    def reset(self, *, seed: int | None = None, options: dict | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        """Start the next game, or the game of a new seed, and run it to the learner's first
        decision.

        Args:
            seed: A new base seed (game k after it plays ``env().reset(seed=seed + k)``); None
                goes on with the next game of the current seed (the first ``reset`` draws one).
            options: Unused (Gymnasium's signature).

        Returns:
            The learner's observation, and ``info``: ``seat``, ``skipped`` and ``decision``
            (the ``DK_*`` kind of the learner's pending decision).
        """
        super().reset(seed=seed)
        d = self._d
        core = d.core
        if seed is not None or not core.started:
            core.set_base(seed if seed is not None else int(self.np_random.integers(1 << 62)))
            d.start()
        elif not self._fresh or d.broken:
            d.start([0])          # abandon the current game: the next seed's game
        # else: the game that started when the last one ended is waiting at its first decision
        self._fresh = True
        return core.obs[0].copy(), self._info(False)

    def step(self, action: int | np.integer | np.ndarray
             ) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """The learner's decision, then the opponents' until the learner decides again or the
        game ends.

        Args:
            action: An int (or numpy integer, or 0-d / size-1 integer array) in the learner's
                mask.

        Returns:
            ``obs, reward, terminated, truncated, info``. At the end of a game ``obs`` is the
            learner's last view and ``info`` adds ``result`` (``RES_*``), ``length``, ``seed``
            and ``rewards`` (every seat's); the next game waits for the next ``reset``.

        Raises:
            IllegalActionError: An action outside the mask with ``illegal_action="raise"``.
            ValueError: An action that is no integer.
            RuntimeError: Before ``reset``, or after an ``OpponentError``.
            OpponentError: An opponent policy returned an illegal action.
        """
        d = self._d
        core = d.core
        if not core.started or d.broken:
            raise RuntimeError("call reset() before step()")
        a = as_action(action)
        if a is None:
            raise ValueError(f"an action is an int in 0..{C.NUM_ACTIONS - 1}, got {action!r}")
        if not (0 <= a < C.NUM_ACTIONS and core.masks[0, a]):
            if self.illegal_action == "raise":
                raise core.illegal(0, a)
            # "lose": the game ends here, the learner forfeits it (PettingZoo classic's -1)
            info = self._info(False)
            info["illegal_action"] = a
            d.broken = True               # reset() starts the next game
            self._fresh = False
            return core.obs[0].copy(), -1.0, True, False, info
        core.actions[0] = a
        core.act[0] = K.ACT_STEP
        d.run()
        self._fresh = False
        term, trunc = bool(core.flags[0, 0]), bool(core.flags[0, 1])
        if term or trunc:
            self._fresh = True
            return core.final_obs[0].copy(), float(core.lrew[0]), term, trunc, self._info(True)
        return core.obs[0].copy(), 0.0, False, False, self._info(False)

    def _info(self, done):
        core = self._d.core
        R = core.R
        info = {"seat": int(R[0, K.R_LEARNER]), "skipped": int(R[0, K.R_SKIPPED])}
        if not done:
            # the DK_* kind of the learner's pending decision (as in the AEC env's infos)
            info["decision"] = int(core.S[0, C.H_DKIND])
        else:
            info.update(seat=int(R[0, K.R_SEAT]), result=int(R[0, K.R_RESULT]),
                        length=int(R[0, K.R_LEN]), seed=int(core.step_seed[0]),
                        rewards=core.rew[0].copy())
        return info

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions now, bool ``(NUM_ACTIONS,)``."""
        return self._d.core.masks[0] != 0

    def game(self) -> Game:
        """A copy of the current game as a ``heroes_env.Game``."""
        return Game(self.config, self._d.core.S[0].copy())

    # Gymnasium types render() with a type variable: an "ansi" frame is a str
    def render(self) -> str | None:  # type: ignore[override]
        """The table as text (``render_mode="ansi"``), else None."""
        if self.render_mode == "ansi":
            return self.game().render_text()
        return None


class ActionMasks(gymnasium.Wrapper, gymnasium.utils.RecordConstructorArgs):
    """``action_masks()`` of the env inside, through any wrappers in between. Gymnasium's
    wrappers forward no attributes, so ``gymnasium.make`` (which wraps the env in its checker
    and order wrappers, and ``TimeLimit`` if asked) would hide it; the registered env applies this
    wrapper last, so that ``gymnasium.make(GYM_ID).action_masks()`` works as sb3-contrib's
    ``MaskablePPO`` expects."""

    def __init__(self, env: gymnasium.Env):
        gymnasium.utils.RecordConstructorArgs.__init__(self)
        gymnasium.Wrapper.__init__(self, env)

    def action_masks(self) -> np.ndarray:
        return self.env.get_wrapper_attr("action_masks")()


class LearnerVectorEnv(gymnasium.vector.VectorEnv):
    """A ``gymnasium.vector.VectorEnv`` of B games on the batched engine, each from one learning
    seat's point of view, with ``LearnerEnv``'s semantics; opponents are played inside ``step``
    (random ones in compiled code, others batched across games).

    Auto-reset is gymnasium's ``SAME_STEP`` mode: in a step where game i ends, ``obs[i]`` is
    already the next game's first observation, and the ended game's last view of the learner is
    in ``infos["final_obs"][i]`` (``infos["_final_obs"]`` marks those games). Game k of env i
    after ``reset(seed=s)`` plays ``heroes_env.env().reset(seed=s + k * num_envs + i)``. An
    illegal learner action raises ``IllegalActionError``.

    Args:
        num_envs: B, the number of games.
        seat: The learner's seat, or ``"random"`` (drawn per game).
        opponents: The other seats' policy, or a list of one per seat, as ``LearnerEnv``
            takes them (``"random"``, ``"heuristic"``, a ``make_agent`` name, a callable or a
            batched policy).
        config: A ready ``Config``; give it or Config's keywords, not both.
        num_threads: Threads of a call (None: every thread Numba may use).
        copy: True: fresh arrays; False: the env's own buffers, read-only and overwritten by
            the next step.
        serial_below: Below this many games a call runs on the calling thread (None: 256).
        obs_dtype: ``"float32"`` or ``"uint8"`` (``heroes_env.obs``).
        **config_kw: ``Config``'s keywords (``num_players``, ``mode``, ``pack``, ``deck``,
            ``max_rounds``, ``autoplay``, ``hero_selection``), as for ``heroes_env.env``.

    Attributes:
        config: The games' ``Config``.
        num_envs: B.
        single_observation_space: One game's observation space.
        single_action_space: ``Discrete(NUM_ACTIONS)``.

    Raises:
        TypeError: An unknown keyword, or ``config`` with Config's keywords.
        ValueError: A value out of range, an unknown opponent (naming what is legal).
    """

    metadata = {"autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP,
                "name": "sanguosha_learner_vector_v0"}

    def __init__(self, num_envs: int, seat: int | str = 0, opponents: Any = "random", *,
                 config: Config | None = None, num_threads: int | None = None,
                 copy: bool = True, serial_below: int | None = None,
                 obs_dtype: npt.DTypeLike = "float32", **config_kw: Any):
        self.config: Config = make_config(config, "LearnerVectorEnv", **config_kw)
        self._d = _Driver(self.config, num_envs, seat, opponents, num_threads, serial_below,
                          obs_dtype)
        B = self._d.core.B
        self.num_envs: int = B
        self.copy = bool(copy)
        dt = self._d.core.obs_dtype
        self.single_observation_space: spaces.Box = obs_box(dt, self.config.max_rounds)
        self.single_action_space: spaces.Discrete = spaces.Discrete(C.NUM_ACTIONS)
        self.observation_space = obs_box(dt, self.config.max_rounds, (B,))
        self.action_space = spaces.MultiDiscrete(np.full(B, C.NUM_ACTIONS))
        self._reward = np.zeros(B, np.float32)

    def reset(self, *, seed: int | None = None, options: dict | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        """Start B new games and run each to its learner's first decision.

        Args:
            seed: The base seed (None: drawn from the env's generator).
            options: Unused (Gymnasium's signature).

        Returns:
            ``obs (B, OBS_SIZE)`` and ``infos``: ``seat``, ``skipped`` and ``decision`` arrays.
        """
        super().reset(seed=seed)
        d = self._d
        d.core.set_base(seed if seed is not None else int(self.np_random.integers(1 << 62)))
        d.start()
        return self._out(d.core.obs), self._infos(None)

    def step(self, actions: np.ndarray
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """One learner decision in every game, then the opponents' until every learner decides
        again.

        Args:
            actions: ``(B,)`` integers, each in its game's learner mask.

        Returns:
            ``obs, rewards, terminated, truncated, infos``, each ``(B, ...)``. Where a game
            ended, ``infos`` adds ``final_obs``, ``result``, ``length``, ``final_seat`` and
            ``seed`` (each with its ``_`` mask).

        Raises:
            IllegalActionError: An illegal action, naming the game; nothing changes.
            ValueError: Actions of the wrong shape or dtype.
            RuntimeError: Before ``reset``, or after an ``OpponentError``.
            OpponentError: An opponent policy returned an illegal action.
        """
        d = self._d
        core = d.core
        if not core.started or d.broken:
            raise RuntimeError("call reset() before step()")
        core.actions[:] = core.check_actions(actions)
        core.act[:] = K.ACT_STEP
        d.run()
        term, trunc = core.flags[:, 0].copy(), core.flags[:, 1].copy()
        return (self._out(core.obs), self._out(core.lrew), term, trunc,
                self._infos(term | trunc))

    def _out(self, a):
        if self.copy:
            return a.copy()
        v = a.view()
        v.flags.writeable = False
        return v

    def _infos(self, done):
        core = self._d.core
        R = core.R
        # decision: the DK_* kind of each learner's pending decision (a game that ended in this
        # step: that of the next game's first decision)
        infos = {"seat": R[:, K.R_LEARNER].copy(), "skipped": R[:, K.R_SKIPPED].copy(),
                 "decision": core.S[:, C.H_DKIND].astype(np.int64)}
        if done is not None and done.any():
            rows = np.flatnonzero(done)
            final = np.full(self.num_envs, None, dtype=object)
            for i in rows.tolist():
                final[i] = core.final_obs[i].copy()
            infos["final_obs"] = final
            infos["_final_obs"] = done.copy()
            for key, col in (("result", K.R_RESULT), ("length", K.R_LEN),
                             ("final_seat", K.R_SEAT)):
                infos[key] = R[:, col].copy()
                infos["_" + key] = done.copy()
            infos["seed"] = np.where(done, core.step_seed, 0)
            infos["_seed"] = done.copy()
        return infos

    def action_masks(self) -> np.ndarray:
        """Each game's legal actions for its learner now, bool ``(num_envs, NUM_ACTIONS)``."""
        return self._d.core.masks != 0

    def random_actions(self) -> np.ndarray:
        """A uniformly random legal action per game, ``(num_envs,)`` int64, drawn in compiled
        code from the agents' stream."""
        core = self._d.core
        K.sample_rows(core.masks, core.agent_seed, core.R)
        return core.R[:, K.R_RANDOM].copy()

    @property
    def seats(self) -> np.ndarray:
        """Each game's learner seat now."""
        return self._d.core.R[:, K.R_LEARNER].copy()

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release."""


def sb3_vec_env(num_envs: int, **kwargs: Any) -> Any:
    """A ``LearnerVectorEnv`` as a stable-baselines3 ``VecEnv`` (needs the ``train`` extra).

    B games per call, opponents inside ``step``, ``action_masks`` for sb3-contrib,
    ``terminal_observation`` and ``TimeLimit.truncated`` in the infos of ended games as SB3
    expects.

    Args:
        num_envs: B, the number of games.
        **kwargs: ``LearnerVectorEnv``'s keywords (``seat``, ``opponents``, Config's ...);
            ``copy`` is True unless given.

    Returns:
        A ``stable_baselines3.common.vec_env.VecEnv``.

    Raises:
        ImportError: stable-baselines3 is not installed (with the command that installs it).

    Examples:
        ```python
        from sb3_contrib import MaskablePPO
        from heroes_env.wrappers import sb3_vec_env

        model = MaskablePPO("MlpPolicy", sb3_vec_env(16, seat="random", num_players=5),
                            n_steps=64, batch_size=256)
        ```
    """
    try:
        from stable_baselines3.common.vec_env import VecEnv
    except ImportError as e:
        from .cli import install_hint
        raise ImportError(f"sb3_vec_env needs stable-baselines3: {install_hint('train')}") from e

    class HeroesSB3VecEnv(VecEnv):
        def __init__(self):
            self.venv = LearnerVectorEnv(num_envs, **{"copy": True, **kwargs})
            self.render_mode = None
            super().__init__(self.venv.num_envs, self.venv.single_observation_space,
                             self.venv.single_action_space)
            self._actions = None

        def reset(self):
            seed = self._seeds[0]
            obs, _ = self.venv.reset(seed=seed)
            self._reset_seeds()
            return obs

        def step_async(self, actions):
            self._actions = np.asarray(actions).astype(np.int64, copy=False)

        def step_wait(self):
            obs, rew, term, trunc, infos = self.venv.step(self._actions)
            done = term | trunc
            out = [{} for _ in range(self.num_envs)]
            for i in np.flatnonzero(done).tolist():
                out[i] = {"terminal_observation": infos["final_obs"][i],
                          "TimeLimit.truncated": bool(trunc[i]),
                          "result": int(infos["result"][i]), "seat": int(infos["final_seat"][i])}
            return obs, rew, done, out

        def action_masks(self):
            return self.venv.action_masks()

        def close(self):
            self.venv.close()

        def _indices(self, indices):
            if indices is None:
                return range(self.num_envs)
            if isinstance(indices, int):
                return [indices]
            return indices

        def get_attr(self, attr_name, indices=None):
            value = getattr(self, attr_name)
            return [value for _ in self._indices(indices)]

        def set_attr(self, attr_name, value, indices=None):
            raise AttributeError(f"{attr_name}: the games of a batched env share their settings")

        def env_method(self, method_name, *args, indices=None, **kwargs):
            if method_name == "action_masks":
                return list(self.venv.action_masks()[list(self._indices(indices))])
            raise AttributeError(f"no per-game method {method_name!r} in the batched env")

        def env_is_wrapped(self, wrapper_class, indices=None):
            return [False for _ in self._indices(indices)]

    return HeroesSB3VecEnv()
