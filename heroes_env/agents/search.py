"""A search agent: perfect-information Monte Carlo over worlds drawn from the seat's knowledge.

    agent = make_agent("search:worlds=8,playout=heuristic", seed=0)
    action = act_at_table(agent, game)          # what the tournaments and heroes-play do

At a decision with more than one legal action (the hero draft aside), the table draws W worlds
(``worlds``): full games the deciding seat cannot tell from the one it plays, their hidden state
(other hands, the pile's order, hidden roles, the generator) drawn afresh
(``heroes_env.agents.base.table_worlds``; the agent gets those rows, never the game). The
candidate actions are the heuristic's choice first, then the other legal actions in random order
(at most ``actions`` in all; 0: every legal one). Every candidate is stepped in every world and the
game played on by the playout policy at every seat (the compiled heuristic, or uniformly random
legal actions) to its end, or for ``rounds`` more rounds (an unfinished game is worth 0): W times
A games in the rows of one compiled batch (``heroes_env.agents.heuristic_loop``), played in one
call, on the calling thread. The candidate with the best mean reward of the deciding seat (+1 win,
-1 loss) is played; a tie goes to the earlier candidate, so the heuristic's choice when nothing
is better. With ``margin`` > 0 another candidate replaces the heuristic's choice only if its lead
over it, paired over the same worlds, exceeds that many standard errors: with few worlds the
best of many noisy means is often a lucky one (the winner's curse). ``ms`` bounds the time: the
worlds are then played one at a time, every candidate in each, until the time is spent (at least
one world). Decisions with one legal action and the hero draft are the heuristic's.

In the playouts the deciding seat's heuristic starts from the memory the agent's own heuristic
has built in this game (its evidence about the other seats); the other seats start with none.

Options (the spec ``search:KEY=VALUE,...``, or keywords of ``SearchAgent``): see
``SearchSettings``. ``cheat=1`` hands the agent copies of the true game instead of resampled
worlds: perfect-information search, which sees every hand, role and the pile's order.
``cheat=roles`` hands it resampled worlds that hold the true hidden roles (the hands and the
pile's order drawn as usual): what knowing the roles is worth. Both are cheating, upper bounds
for measurements, never a default. ``roles=belief`` is fair: at each searched decision the belief
model (``heroes_env.agents.belief``; ``belief=PATH``, default the shipped model) reads the role
distribution of every hidden seat from the deciding seat's observation, and the table draws each
world's hidden roles from it (``worlds_roles``; ``table_worlds``'s roles) instead of uniformly.

The agent works where the table hands it worlds: ``act_at_table`` (the tournaments' game engine,
``training/evaluate.py``, ``heroes-play``, the web game; with the AEC env, ``act_at_table(agent,
env.unwrapped.game)``). Given only (observation, mask) for a decision it would search, ``act``
raises ``SearchError``. ``usage()`` counts decisions, searched decisions, playouts and seconds
(searching, and reading the roles with the belief model).
"""
from __future__ import annotations

import time
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, fields
from typing import Any

import numpy as np

from heroes_env.engine import batch as K
from heroes_env.engine import constants as C

from .base import Agent, AgentSpecError, Worlds, register_agent, register_scheme
from .belief import NUM_CLASSES, hidden_mask
from .heuristic import HeuristicAgent

__all__ = ["SearchAgent", "SearchSettings", "SearchError", "PLAYOUTS", "CHEATS", "ROLE_SOURCES"]

SCHEME = "search"
PLAYOUTS = ("heuristic", "random")
# what a search may see (the option cheat): nothing hidden (fair worlds), the true hidden roles
# in resampled worlds, or everything (copies of the true game)
CHEATS = ("0", "roles", "1")
# where fair worlds' hidden roles come from: uniform over the consistent assignments, or the
# belief model's reading of the deciding seat's observation
ROLE_SOURCES = ("uniform", "belief")
MIN_ROWS = 64               # the playout batch's first size (it doubles as decisions need)
NS = C.MAX_SEATS
_WHAT = {"0": "resampled worlds", "roles": "resampled worlds with the true roles (cheat=roles)",
         "1": "copies of the true game (cheat=1)"}


class SearchError(RuntimeError):
    """A search agent asked to decide without the worlds it searches (a table that hands it only
    the observation and the mask)."""


@dataclass(frozen=True)
class SearchSettings:
    """What a search agent does at each decision (the spec's ``KEY=VALUE`` options).

    Attributes:
        worlds: Worlds drawn per searched decision: every candidate plays in each (default 8).
        actions: Candidate actions at most: the heuristic's choice, then the other legal
            actions in random order (default 0: every legal action).
        ms: Time per searched decision, in milliseconds (default 0: no limit): the worlds are
            played one by one until it is spent (at least one).
        rounds: Playouts stop after this many more rounds, an unfinished game worth 0 to
            everyone (default 0: each playout to the game's end).
        margin: Another candidate replaces the heuristic's choice only if its mean lead over
            it, paired over the worlds, exceeds this many standard errors (default 0: the best
            mean wins).
        playout: Who plays every seat in the playouts: ``"heuristic"`` (the default) or
            ``"random"`` (``PLAYOUTS``).
        cheat: What the search may see (``CHEATS``): ``"0"`` (the default) fair worlds;
            ``"1"`` perfect information, copies of the true game instead of worlds;
            ``"roles"`` resampled worlds with the true hidden roles (cheating: upper bounds
            for measurements, never a default). ``True`` / ``False`` mean ``"1"`` / ``"0"``.
        roles: Where the worlds' hidden roles come from (``ROLE_SOURCES``): ``"uniform"``
            (the default) uniformly over the assignments consistent with what the seat sees;
            ``"belief"`` from the belief model's distribution, read from the deciding seat's
            observation (``heroes_env.agents.belief``; needs torch). Only with ``cheat="0"``.
        belief: With ``roles="belief"``: the belief checkpoint's path (default ``""``: the
            shipped model, ``heroes_env.agents.belief.default_path()``).

    Raises:
        ValueError: A field of the wrong type or out of range, or options that exclude each
            other, naming them.
    """
    worlds: int = 8
    actions: int = 0
    ms: float = 0.0
    rounds: int = 0
    margin: float = 0.0
    playout: str = "heuristic"
    cheat: str = "0"
    roles: str = "uniform"
    belief: str = ""

    def __post_init__(self):
        for name, lo in (("worlds", 1), ("actions", 0), ("rounds", 0)):
            v = getattr(self, name)
            if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, np.integer)) or v < lo:
                raise ValueError(f"{name} must be an int >= {lo}, got {v!r}")
        if isinstance(self.ms, bool) or not isinstance(self.ms, (int, float)) \
                or not 0 <= self.ms < float("inf"):
            raise ValueError(f"ms must be a number of milliseconds >= 0, got {self.ms!r}")
        if isinstance(self.margin, bool) or not isinstance(self.margin, (int, float)) \
                or not 0 <= self.margin < float("inf"):
            raise ValueError(f"margin must be a number of standard errors >= 0, got "
                             f"{self.margin!r}")
        if self.playout not in PLAYOUTS:
            raise ValueError(f"playout must be one of {list(PLAYOUTS)}, got {self.playout!r}")
        if isinstance(self.cheat, (bool, np.bool_)):       # cheat=True / False: "1" / "0"
            object.__setattr__(self, "cheat", "1" if self.cheat else "0")
        if self.cheat not in CHEATS:
            raise ValueError(f"cheat must be one of {list(CHEATS)}, got {self.cheat!r}")
        if self.roles not in ROLE_SOURCES:
            raise ValueError(f"roles must be one of {list(ROLE_SOURCES)}, got {self.roles!r}")
        if not isinstance(self.belief, str):
            raise ValueError(f"belief must be the path of a belief checkpoint, got "
                             f"{self.belief!r}")
        if self.belief and self.roles != "belief":
            raise ValueError(f"belief={self.belief!r} names a model that only roles=belief "
                             f"reads: add roles=belief, or leave belief out")
        if self.roles == "belief" and self.cheat != "0":
            raise ValueError(f"roles=belief draws the hidden roles that cheat={self.cheat} "
                             f"replaces: give one of them")

    @classmethod
    def from_spec(cls, text: str) -> SearchSettings:
        """The settings of a spec's options.

        Args:
            text: ``"worlds=16,ms=50,playout=random"`` (``""`` for the defaults).

        Raises:
            AgentSpecError: An unknown option or a bad value, naming the legal options.
        """
        options = {f.name: f for f in fields(cls)}
        legal = ", ".join(f"{name}={_default(f)}" for name, f in options.items())
        given = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            key, sep, value = (x.strip() for x in part.partition("="))
            if not sep or key not in options:
                raise AgentSpecError(f"bad search option {part!r} in 'search:{text}'; options "
                                     f"(KEY=VALUE, comma-separated; the defaults): {legal}; "
                                     f"playout one of {list(PLAYOUTS)}, cheat one of "
                                     f"{list(CHEATS)}, roles one of {list(ROLE_SOURCES)}, "
                                     f"belief the path of a belief checkpoint (with "
                                     f"roles=belief; none: the shipped model)")
            if key in given:
                raise AgentSpecError(f"search option {key!r} given twice in 'search:{text}'")
            try:
                given[key] = _parse(options[key], value)
            except ValueError:
                raise AgentSpecError(f"search option {key}={value!r} in 'search:{text}' is not "
                                     f"{_kind(options[key])}; options: {legal}") from None
        try:
            return cls(**given)
        except ValueError as e:
            raise AgentSpecError(f"bad search spec 'search:{text}': {e}; options: {legal}") \
                from None


def _default(option) -> str:
    v = option.default
    return str(int(v)) if isinstance(v, bool) else f"{v:g}" if isinstance(v, float) else str(v)


def _kind(option) -> str:
    return {"int": "an int", "float": "a number", "bool": "0 or 1", "str": "a name"}[option.type]


def _parse(option, value: str):
    if option.type == "int":
        return int(value)
    if option.type == "float":
        return float(value)
    if option.type == "bool":
        if value not in ("0", "1"):
            raise ValueError(value)
        return value == "1"
    return value


class _Playouts:
    """The compiled batch the playouts run in (one per game configuration), grown as needed."""

    def __init__(self, config, rows: int, player: HeuristicAgent):
        from heroes_env.vector import BatchCore

        from .heuristic_loop import HeuristicLoop
        self.core = BatchCore(config, rows, K.SEATS_NONE, np.full(NS, K.OPP_COMPILED, np.int8),
                              num_threads=1)
        self.loop = HeuristicLoop(player, rows)
        self.core.loop = self.loop
        self.rows = rows


class SearchAgent(Agent):
    """Perfect-information Monte Carlo over the worlds the table draws (the module
    ``heroes_env.agents.search`` says how; docs/search.md).

    At a decision with more than one legal action, every candidate action is stepped in every
    world and played on to the end by the playout policy; the candidate with the best mean
    reward is played. Elsewhere it plays as the heuristic. It decides through ``act_at_table``
    (``make_agent("search:worlds=8")``; the tournaments, ``heroes-play``).

    Args:
        seed: The agent's generator (the worlds' draws, the order of the candidates) and its
            heuristics' tie-break noise.
        name: A label for tables and logs.
        settings: A ``SearchSettings``, or its fields as keywords.
        **options: ``SearchSettings``'s fields, if settings is not given.

    Raises:
        ValueError: Both settings and keywords, or what ``SearchSettings`` refuses.
    """

    name = "search"
    wants_worlds = True

    def __init__(self, seed: int | None = None, name: str | None = None,
                 settings: SearchSettings | None = None, **options: Any):
        super().__init__(seed, name)
        if settings is None:
            settings = SearchSettings(**options)
        elif options:
            raise ValueError(f"give settings or keywords, not both (got {sorted(options)})")
        if not isinstance(settings, SearchSettings):
            raise ValueError(f"settings must be a SearchSettings, got {settings!r}")
        self.settings = settings
        self.perfect_information = settings.cheat == "1"
        self.true_roles = settings.cheat == "roles"
        self.reader = None                  # the belief model, with roles=belief
        if settings.roles == "belief":
            from .belief import load_belief
            self.reader = load_belief(settings.belief or None)
        self.prior = HeuristicAgent(seed=seed)          # the candidates' first, the fallback
        self.player = HeuristicAgent(seed=seed)         # every seat in the playouts
        self._batches: dict[bytes, _Playouts] = {}
        self._usage = {"decisions": 0, "searched": 0, "playouts": 0, "search_s": 0.0,
                       "roles_s": 0.0}

    # ------------------------------------------------------------ games
    def reset(self, seed: int | None = None, slots: Iterable[Hashable] | None = None) -> None:
        super().reset(seed, slots)
        self.prior.reset(seed, slots)
        if seed is not None:
            self.player.reset(seed)

    def usage(self) -> dict:
        """``decisions`` taken, ``searched`` (the rest were the heuristic's), ``playouts`` (games
        played to their end or round cap), ``search_s`` (seconds spent searching) and
        ``roles_s`` (seconds the belief model spent reading the roles, with roles=belief)."""
        return {k: round(v, 6) if isinstance(v, float) else v for k, v in self._usage.items()}

    # ------------------------------------------------------------ decisions
    def worlds_wanted(self, obs: np.ndarray, mask: np.ndarray) -> int:
        return self.settings.worlds if self._searches(obs, mask) else 0

    def worlds_roles(self, obs: np.ndarray, mask: np.ndarray,
                     slot: Hashable = 0) -> np.ndarray | None:
        """With roles=belief: the belief model's distribution of every seat's role the
        observation hides ((MAX_SEATS, 4) by relative seat; the other rows 1, not read), or
        None where it hides none; None with roles=uniform (the table draws them uniformly)."""
        if self.reader is None:
            return None
        t0 = time.perf_counter()
        obs = np.asarray(obs)
        hidden = hidden_mask(obs)
        if not hidden.any():
            return None
        out = np.ones((NS, NUM_CLASSES))
        out[hidden] = self.reader.probs(obs)[hidden]
        self._usage["roles_s"] += time.perf_counter() - t0
        return out

    @staticmethod
    def _searches(obs, mask) -> bool:
        """Whether a decision is searched: more than one legal action, not the hero draft."""
        kinds = np.asarray(obs[C.OBS_DKIND:C.OBS_DKIND + C.NUM_DECISION_KINDS])
        return np.count_nonzero(mask) > 1 and kinds[C.DK_HERO] == 0

    def act(self, obs: np.ndarray, mask: np.ndarray, slot: Hashable = 0) -> int:
        """The heuristic's action where there is nothing to search.

        Raises:
            SearchError: A decision to search: it needs worlds (``act_at_table``).
        """
        if self._searches(np.asarray(obs), np.asarray(mask)):
            raise SearchError("the search agent decides from worlds the table draws for it "
                              "(heroes_env.agents.act_at_table: the tournaments' game engine, "
                              "training/evaluate.py, heroes-play); this table gave only the "
                              "observation and the mask")
        self._usage["decisions"] += 1
        return self.prior.act(obs, mask, slot)

    def act_worlds(self, obs: np.ndarray, mask: np.ndarray, worlds: Worlds,
                   slot: Hashable = 0) -> int:
        if not isinstance(worlds, Worlds):
            raise ValueError(f"worlds must be a heroes_env.agents.Worlds, got {worlds!r}")
        wanted, got = self.settings.cheat, cheat_of(worlds)
        if got != wanted:
            raise ValueError(f"this agent searches {_WHAT[wanted]}, the table handed it "
                             f"{_WHAT[got]}")
        weighted = worlds.roles is not None
        if weighted and self.reader is None:
            raise ValueError("this agent searches worlds with uniformly drawn hidden roles, the "
                             "table handed it worlds whose roles were drawn from a distribution")
        if not weighted and self.reader is not None and hidden_mask(np.asarray(obs)).any():
            raise ValueError("this agent searches worlds whose hidden roles are drawn from the "
                             "belief model (roles=belief), the table handed it worlds with "
                             "uniformly drawn roles (heroes_env.agents.act_at_table asks "
                             "worlds_roles)")
        rows = worlds.rows
        if rows.ndim != 2 or rows.shape[1] != C.STATE_SIZE or rows.shape[0] < 1 \
                or rows.dtype != np.int32 or (rows[:, C.H_DECIDER] != worlds.seat).any():
            raise ValueError("worlds.rows must be (count >= 1, STATE_SIZE) int32 game rows in "
                             f"which seat {worlds.seat} decides")
        self._usage["decisions"] += 1
        first = self.prior.act(obs, mask, slot)
        legal = np.flatnonzero(mask)
        if legal.size < 2:
            return first
        started = time.perf_counter()
        others = self.rng.permutation(legal[legal != first])
        cap = self.settings.actions or legal.size
        candidates = np.concatenate([[first], others])[:cap].astype(np.int64)
        rewards = self._rewards(worlds, candidates, np.asarray(mask, np.int8), slot, started)
        self._usage["searched"] += 1
        self._usage["search_s"] += time.perf_counter() - started
        return int(candidates[choose(rewards, self.settings.margin)])

    # ------------------------------------------------------------ playouts
    def _batch(self, config, rows: int) -> _Playouts:
        key = config.spec().tobytes()
        playouts = self._batches.get(key)
        if playouts is None or playouts.rows < rows:
            size = max(MIN_ROWS, 1 << (int(rows) - 1).bit_length())
            playouts = self._batches[key] = _Playouts(config, size, self.player)
        return playouts

    def _rewards(self, worlds: Worlds, candidates: np.ndarray, mask: np.ndarray, slot,
                 started: float) -> np.ndarray:
        """worlds.seat's reward per world played (rows) and candidate (columns)."""
        s = self.settings
        A, W = candidates.size, worlds.rows.shape[0]
        per_call = 1 if s.ms > 0 else W        # worlds per compiled call
        playouts = self._batch(worlds.config, per_call * A)
        parts = []
        played = 0
        while played < W:
            chunk = min(per_call, W - played)
            parts.append(self._play(playouts, worlds, played, chunk, candidates, mask, slot))
            played += chunk
            if s.ms > 0 and (time.perf_counter() - started) * 1000.0 >= s.ms:
                break
        self._usage["playouts"] += played * A
        return np.concatenate(parts)

    def _play(self, playouts: _Playouts, worlds: Worlds, first: int, count: int,
              candidates: np.ndarray, mask: np.ndarray, slot) -> np.ndarray:
        """Worlds first..first+count-1, each with every candidate stepped, played to the end:
        seat's reward per world (rows) and candidate (columns)."""
        core, loop, seat = playouts.core, playouts.loop, worlds.seat
        A = candidates.size
        n = count * A
        R = core.R
        # rows past n are left alone (not waiting for a seed: no new game starts there)
        R[:, K.R_STAGE] = K.STAGE_READY
        core.act[:] = K.ACT_NONE
        core.S[:n] = np.repeat(worlds.rows[first:first + count], A, axis=0)
        if self.settings.rounds:
            cap = core.S[:n, C.H_ROUND] + self.settings.rounds
            core.S[:n, C.H_MAX_ROUNDS] = np.minimum(core.S[:n, C.H_MAX_ROUNDS], cap)
        core.masks[:n] = mask
        core.actions[:n] = np.tile(candidates, count)
        core.act[:n] = K.ACT_STEP
        R[:n, K.R_NEWSEED] = 1             # a playout that ends stops there (STAGE_SEED)
        R[:n, K.R_SERIAL] += 1             # a new game for every seat's memory
        R[:n, K.R_ERR] = 0
        R[:n, K.R_LEARNER] = -1            # no seat waits for a learner: all play inside
        from .heuristic_loop import KIND_HEURISTIC, KIND_RANDOM
        loop.kind[:n] = KIND_RANDOM if self.settings.playout == "random" else KIND_HEURISTIC
        # the deciding seat plays on with the memory its heuristic built in this game
        loop.game_of[:n] = -1
        loop.game_of[:n, seat] = R[:n, K.R_SERIAL]
        MF, _ = self.player.direct_memory(playouts.rows * NS)
        MF[np.arange(n) * NS + seat] = self.prior.evidence_of(slot)
        bad = core.call(1)
        if bad >= 0:
            raise RuntimeError(f"search: candidate {int(core.actions[bad])} is not legal in "
                               f"world {first + bad // A}; please report it")
        ended = (R[:n, K.R_STAGE] == K.STAGE_SEED) & (R[:n, K.R_DONE] != 0)
        if not ended.all():
            raise RuntimeError("search: a playout did not end; please report it")
        return core.rew[:n, seat].reshape(count, A).copy()


def cheat_of(worlds: Worlds) -> str:
    """What worlds show of the hidden state, as the option cheat names it (CHEATS)."""
    return "1" if worlds.perfect else "roles" if worlds.true_roles else "0"


def choose(rewards: np.ndarray, margin: float) -> int:
    """The candidate (column of rewards: worlds x candidates, the heuristic's choice first) to
    play: the best mean, the earliest of equals; with margin > 0 only among the heuristic's
    choice and those whose mean lead over it, paired over the worlds, exceeds margin standard
    errors (with one world none does)."""
    mean = rewards.mean(0)
    if margin > 0:
        n = rewards.shape[0]
        lead = rewards - rewards[:, :1]
        if n < 2:
            return 0
        se = lead.std(0, ddof=1) / np.sqrt(n)
        ok = lead.mean(0) > margin * se
        ok[0] = True
        mean = np.where(ok, mean, -np.inf)
    return int(np.argmax(mean))


def from_spec(rest: str, seed: int | None = None, **kwargs) -> SearchAgent:
    """``make_agent("search:KEY=VALUE,...")``: a SearchAgent with those settings."""
    settings = SearchSettings.from_spec(rest)
    try:
        return SearchAgent(seed=seed, settings=settings, **kwargs)
    except ValueError as e:
        raise AgentSpecError(f"cannot make agent 'search:{rest}': {e}") from e


register_scheme(SCHEME, from_spec)
register_agent(SCHEME, lambda seed=None, **kwargs: SearchAgent(seed=seed, **kwargs))
