"""The agent interface shared by the AEC env, the wrappers, the vector API and the tournaments.

An agent maps (observation, action mask) to an action. Observations are the ``OBS_SIZE`` float32
vectors of ``docs/observation.md``, masks the ``NUM_ACTIONS`` int8 vectors of the env; nothing else
reaches an agent (never the ``Game`` object or hidden state).

    agent = make_agent("heuristic", seed=0)      # or "random", "package.module:Class", a file
    agent.reset()                                 # a new game starts
    action = agent.act(obs, mask)                 # one decision -> int
    actions = agent.act_batch(obs_b, masks_b)     # [B, OBS_SIZE], [B, NUM_ACTIONS] -> int64[B]

Agents that remember a game (the heuristic does) keep that memory per *slot*: any hashable key
naming one seat of one game. ``act`` and ``act_batch`` take it (``slot=`` / ``slots=``; the
defaults are slot 0 for ``act`` and the row index for ``act_batch``), and ``reset(slots=...)``
forgets chosen slots only (a vector env that auto-resets some of its games). With the AEC env,
either use one agent per seat and call ``reset()`` before every game, or one agent for all seats
with ``slot=agent_name``.

Agents that search (``heroes_env.agents.search``) also need worlds: full games consistent with
what their seat knows. The table that runs the game draws them (``act_at_table``: it asks
``worlds_wanted``, and ``worlds_roles`` for a distribution of the hidden roles, draws that many
with ``table_worlds`` and calls ``act_worlds``); the agent gets the drawn game rows, never the
game itself.
"""
from __future__ import annotations

import importlib
import json
import os
import threading
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from heroes_env.engine.constants import H_SEED, NUM_ACTIONS, NUM_ROLES, OBS_SIZE, P_ROLE

if TYPE_CHECKING:
    from heroes_env.config import Config
    from heroes_env.game import Game

__all__ = ["Agent", "make_agent", "register_agent", "register_checkpoint_loader",
           "available_agents", "AgentSpecError", "Worlds", "act_at_table", "table_worlds",
           "seat_roles"]

# torch threads of a torch policy, in play and in training: one. Two or more intra-op threads
# spin-wait for each other whenever the cores are busy (a second training, the engine, tests):
# there they lost 4 to 5 times the speed of one thread (benchmarks/bench_training.py measures it)
TORCH_THREADS = 1
# agent files naming agent files: at most this many deep (a file naming itself through others is
# refused at once)
MAX_AGENT_FILE_DEPTH = 8
_opening = threading.local()       # the agent files being loaded on this thread, outermost first


class AgentSpecError(ValueError):
    """An agent name, import path or checkpoint that cannot be turned into an agent."""


class Agent:
    """Base class: subclasses implement ``act`` (and, if they remember games, ``reset``).

    An agent maps (observation, action mask) to an action; nothing else reaches it (never the
    ``Game`` or hidden state). Agents that remember a game keep that memory per *slot*: any
    hashable key naming one seat of one game (``act``'s ``slot``, ``act_batch``'s ``slots``).

    Args:
        seed: Seeds the agent's own random generator (``rng``); ``reset(seed=...)`` reseeds it.
        name: A label for tables and logs (default: the class's ``name``).

    Attributes:
        name: The label.
        rng: The agent's ``numpy.random.Generator``.
        slot_memory: True: ``act_batch``'s third argument names slots, and the wrappers call
            ``reset(slots=...)`` when those games start again.
        wants_worlds: True for search agents: the table hands them worlds (``act_at_table``).
        perfect_information: With ``wants_worlds``: the worlds are to be copies of the true
            game (cheating, an upper bound for measurements only).
        true_roles: With ``wants_worlds``: the worlds are to hold the game's true hidden roles,
            the rest drawn as usual (cheating on the roles, for measurements only).
    """

    name: str = "agent"
    # the batched protocol of heroes_env.wrappers: act_batch's third argument names slots (one
    # seat of one game), and reset(slots=...) is called when those games start again
    slot_memory: bool = True
    # search agents: the table hands them worlds (``act_at_table``)
    wants_worlds: bool = False
    # with wants_worlds: True if the worlds are to be copies of the true game (perfect
    # information: cheating, an upper bound for measurements only)
    perfect_information: bool = False
    # with wants_worlds: True if the worlds are to be drawn with the game's true hidden roles,
    # the rest (hands, the pile's order) drawn as usual (cheating on the roles alone: what
    # knowing the roles is worth, for measurements only)
    true_roles: bool = False

    def __init__(self, seed: int | None = None, name: str | None = None):
        if name is not None:
            self.name = name
        self.rng: np.random.Generator = np.random.default_rng(seed)

    # ------------------------------------------------------------ games
    def reset(self, seed: int | None = None, slots: Iterable[Hashable] | None = None) -> None:
        """A new game starts: forget every slot's memory.

        Args:
            seed: Reseeds the generator (None: keeps it).
            slots: Forget only these slots (None: all).
        """
        if seed is not None:
            self.rng = np.random.default_rng(seed)

    # ------------------------------------------------------------ decisions
    def act(self, obs: np.ndarray, mask: np.ndarray, slot: Hashable = 0) -> int:
        """The action for one decision.

        Args:
            obs: The deciding seat's observation, ``(OBS_SIZE,)``.
            mask: Its legal actions, int8 ``(NUM_ACTIONS,)``.
            slot: The seat and game this decision belongs to (for agents with memory).

        Returns:
            A legal action.
        """
        raise NotImplementedError

    def worlds_wanted(self, obs: np.ndarray, mask: np.ndarray) -> int:
        """Agents with ``wants_worlds``: how many worlds this decision needs (0: ``act`` decides
        from the observation alone)."""
        return 0

    def worlds_roles(self, obs: np.ndarray, mask: np.ndarray,
                     slot: Hashable = 0) -> np.ndarray | None:
        """Agents with ``wants_worlds``, asked when a decision needs worlds: the distribution
        the worlds' hidden roles are to be drawn from, read from the observation (a belief
        model's output), or None (the default): uniformly over the consistent assignments.

        Returns:
            None, or probabilities ``(rows, 4)`` (lord, loyalist, rebel, renegade), row r for
            the seat r places after the deciding seat, as the observation's seat blocks; at
            least ``num_players`` rows. Rows of the seats whose role the deciding seat sees are
            not read.
        """
        return None

    def act_worlds(self, obs: np.ndarray, mask: np.ndarray, worlds: Worlds,
                   slot: Hashable = 0) -> int:
        """Agents with ``wants_worlds``: the action for one observation and mask, given the
        worlds the table drew for it (``Worlds``: ``worlds_wanted`` of them)."""
        raise NotImplementedError

    def take_transcript(self, slot: Hashable = 0) -> dict | None:
        """What a game record keeps beside this agent's last decision for slot (a language
        model's prompt and reply: ``heroes_env.agents.llm``), handed over once; None (the
        default) for agents with nothing to say. Recorders call it right after ``act``."""
        return None

    def usage(self) -> dict | None:
        """Counters of what the agent spent since it was made ({name: number}, e.g. a language
        model's requests, tokens and seconds: ``heroes_env.agents.llm``); None (the default)
        for agents that count nothing. Tournaments sum them per agent."""
        return None

    def act_batch(self, obs: np.ndarray, masks: np.ndarray,
                  slots: Iterable[Hashable] | None = None) -> np.ndarray:
        """Actions for a batch; the default calls ``act`` row by row.

        Args:
            obs: ``(B, OBS_SIZE)`` observations.
            masks: ``(B, NUM_ACTIONS)`` masks.
            slots: Row i is slot ``slots[i]`` (None: slot i).

        Returns:
            ``(B,)`` int64 actions.

        Raises:
            ValueError: Arrays of the wrong shapes, or as many slots as rows.
        """
        obs, masks = check_batch(obs, masks)
        keys = range(obs.shape[0]) if slots is None else list(slots)
        if len(keys) != obs.shape[0]:
            raise ValueError(f"slots names {len(keys)} rows, the batch has {obs.shape[0]}")
        return np.array([self.act(obs[i], masks[i], k) for i, k in enumerate(keys)], np.int64)

    def __repr__(self):
        return f"{type(self).__name__}(name={self.name!r})"


@dataclass(frozen=True)
class Worlds:
    """Games a seat cannot tell from the one it plays, as a table hands them to a search agent.

    Attributes:
        config: The games' ``heroes_env.Config``.
        seat: The deciding seat, the one whose knowledge they keep.
        rows: ``(count, STATE_SIZE)`` int32 engine rows, one game each (load one with
            ``heroes_env.Game(config, row.copy())``); seat decides in every one, its
            observation and mask those it was given.
        perfect: True if the rows are copies of the true game (the agent's
            ``perfect_information``: cheating), False for resampled worlds.
        true_roles: True if resampled worlds hold the game's true hidden roles (the agent's
            ``true_roles``: cheating on the roles).
        roles: The distribution the hidden roles were drawn from (``table_worlds``'s roles:
            float64 ``(num_players, NUM_ROLES)`` by absolute seat, the rows of the seats whose
            role the seat sees set to 1), or None: drawn uniformly (or the true ones).
    """
    config: Config
    seat: int
    rows: np.ndarray
    perfect: bool = False
    true_roles: bool = False
    roles: np.ndarray | None = None


def table_worlds(game: Game, seat: int, count: int, rng: np.random.Generator,
                 perfect: bool = False, true_roles: bool = False,
                 roles: np.ndarray | None = None) -> Worlds:
    """Worlds of game for seat, drawn on the table's side.

    Each redraws what seat cannot know (``Game.resample``), from the game with its hidden cards
    first put in an arrangement that depends only on what seat knows
    (``engine.resample.canonical``), so the worlds are a function of seat's knowledge and rng
    alone.

    Args:
        game: The game being played.
        seat: The seat whose knowledge the worlds keep.
        count: How many worlds, >= 1.
        rng: Where the draws come from.
        perfect: True: count copies of the true game instead, each with a new random generator
            (the future's chance differs, the hidden state is the true one): perfect
            information, for an upper bound.
        true_roles: True: resampled worlds whose hidden roles are the game's true ones (the
            rest drawn as usual): what knowing the roles is worth, for measurements.
        roles: Draw the hidden roles from this distribution, as ``Game.resample``'s roles:
            probabilities ``(num_players, NUM_ROLES)``, or ``(num_players, 4)`` (lord,
            loyalist, rebel, renegade), by absolute seat; the rows of the seats whose role
            seat sees are not read (``seat_roles`` turns a belief model's rows, relative to
            the seat, into these). None: uniformly over the consistent assignments.

    Raises:
        ValueError: A count below 1, roles with perfect or true_roles, or what
            ``Game.resample`` refuses. Nothing is changed.
    """
    from heroes_env.engine.resample import canonical, check_request, draw_worlds, known_role_seats
    if isinstance(count, bool) or not isinstance(count, (int, np.integer)) or count < 1:
        raise ValueError(f"count must be an int >= 1, got {count!r}")
    check_request(game.s, seat)
    seat = int(seat)
    if roles is not None and (perfect or true_roles):
        raise ValueError("roles draws the hidden roles that perfect and true_roles replace: "
                         "give roles, or one of those, not both")
    if roles is not None:        # the seats whose role seat sees: not read, any positive value
        roles = np.array(roles, dtype=np.float64)
        if roles.ndim == 2 and roles.shape[0] == game.num_players:
            roles[known_role_seats(game.s, seat)] = 1.0
        roles = check_request(game.s, seat, roles)
    if perfect:
        rows = np.tile(game.s, (int(count), 1))
        rows[:, H_SEED] = rng.integers(-(1 << 31), 1 << 31, size=int(count))
    else:
        if true_roles:           # each seat's true role, probability 1
            n = game.config.num_players
            roles = check_request(game.s, seat, np.eye(NUM_ROLES)[game.s[P_ROLE:P_ROLE + n]])
        rows = draw_worlds(canonical(game.s, seat), seat, rng, int(count), roles)
    return Worlds(game.config, seat, rows, bool(perfect), bool(true_roles and not perfect),
                  None if perfect or true_roles else roles)


def seat_roles(game: Game, seat: int, relative: np.ndarray) -> np.ndarray:
    """A distribution of the hidden roles by seat relative to seat (row r: the seat r places
    after it, as the observation's seat blocks and a belief model's rows) as ``table_worlds``
    takes it: float64 ``(num_players, width)`` by absolute seat, the seating as it is now (迁都
    moves it).

    Args:
        game: The game being played.
        seat: The seat the rows are relative to (the deciding seat).
        relative: ``(rows >= num_players, width)`` probabilities, row r for the seat r places
            after seat (``Agent.worlds_roles``).

    Raises:
        ValueError: relative not a 2-D array of at least num_players rows.
    """
    from heroes_env.engine.state import seat_after
    p = np.asarray(relative, dtype=np.float64)
    n = game.num_players
    if p.ndim != 2 or p.shape[0] < n:
        raise ValueError(f"roles by relative seat must have shape (>= {n}, width), got "
                         f"{p.shape}")
    out = np.empty((n, p.shape[1]))
    for r in range(n):
        out[int(seat_after(game.s, int(seat), r))] = p[r]
    return out


def act_at_table(agent: Agent, game: Game, slot: Hashable = 0) -> int:
    """The action agent takes for game's pending decision, asked as every table asks it (the
    tournaments, ``heroes-play``, the web game).

    ``agent.act(obs, mask, slot)`` with the deciding seat's observation and mask; for an agent
    with ``wants_worlds`` that asks for worlds (``worlds_wanted``), ``agent.act_worlds(obs,
    mask, worlds, slot)`` with worlds drawn here (``table_worlds``, from the agent's generator
    ``agent.rng``; their hidden roles from ``agent.worlds_roles`` where it gives a
    distribution). The agent never gets the game. With the AEC env:
    ``act_at_table(agent, env.unwrapped.game)``.

    Returns:
        The agent's answer, as it is (not checked here).

    Raises:
        ValueError: The game is over.
    """
    seat = game.decider
    if seat < 0:
        raise ValueError("the game is over: there is no decision to take")
    obs, mask = game.observe_with_mask(seat)
    if agent.wants_worlds:
        count = agent.worlds_wanted(obs, mask)
        if count:
            roles = agent.worlds_roles(obs, mask, slot)
            if roles is not None:
                roles = seat_roles(game, seat, roles)
            worlds = table_worlds(game, seat, count, agent.rng, agent.perfect_information,
                                  agent.true_roles, roles)
            return agent.act_worlds(obs, mask, worlds, slot)
    return agent.act(obs, mask, slot)


def check_batch(obs, masks):
    obs = np.asarray(obs)
    masks = np.asarray(masks)
    if obs.ndim != 2 or obs.shape[1] != OBS_SIZE:
        raise ValueError(f"obs must have shape [B, {OBS_SIZE}], got {obs.shape}")
    if masks.shape != (obs.shape[0], NUM_ACTIONS):
        raise ValueError(f"masks must have shape [{obs.shape[0]}, {NUM_ACTIONS}], "
                         f"got {masks.shape}")
    return obs, masks


# ---------------------------------------------------------------- construction by name
_REGISTRY: dict[str, Callable[..., Agent]] = {}
_LOADERS: dict[str, Callable[..., Agent]] = {}
_SCHEMES: dict[str, Callable[..., Agent]] = {}
_UNTRUSTED: dict[str, Callable[[str, dict, dict], dict]] = {}
AGENT_FILE_BYTES = 1 << 20      # the largest agent .json file read
# the keywords of an agent file that are themselves agent specs (checked like its "agent")
SPEC_KEYWORDS = ("prior_agent", "fallback")


def register_agent(name: str, factory: Callable[..., Agent]) -> None:
    """Make ``make_agent(name)`` call ``factory(seed=..., **kwargs)``."""
    _REGISTRY[name] = factory


def register_checkpoint_loader(suffix: str, loader: Callable[..., Agent]) -> None:
    """Make ``make_agent("path/file<suffix>")`` call ``loader(path, seed=..., **kwargs)`` (e.g.
    a trained policy's ``.pt`` files)."""
    _LOADERS[suffix.lower()] = loader


def register_scheme(scheme: str, factory: Callable[..., Agent],
                    untrusted: Callable[[str, dict, dict], dict] | None = None) -> None:
    """Make ``make_agent("<scheme>:<rest>")`` call ``factory(rest, seed=..., **kwargs)`` (for
    example a scheme naming shipped checkpoints, or a remote model and its address).

    Args:
        scheme: The scheme, an identifier.
        factory: Makes the agent.
        untrusted: ``untrusted(rest, file_kwargs, caller_kwargs) -> file_kwargs`` checks
            (``AgentSpecError``) or changes the keywords that an agent ``.json`` file loaded
            without trust gives this scheme (caller_kwargs: those of the program loading the
            file); None takes them as they are.

    Raises:
        ValueError: A scheme that is not an identifier.
    """
    if not scheme.isidentifier():
        raise ValueError(f"an agent scheme is an identifier, got {scheme!r}")
    _SCHEMES[scheme] = factory
    if untrusted is None:
        _UNTRUSTED.pop(scheme, None)
    else:
        _UNTRUSTED[scheme] = untrusted


def available_agents() -> list[str]:
    """The built-in and registered agent names, sorted."""
    return sorted(_REGISTRY)


def _legal_forms() -> str:
    schemes = "".join(f"'{s}:...', " for s in sorted(_SCHEMES))
    return (f"a built-in name {available_agents()}, {schemes}an import path "
            f"'package.module:Class' (or ':function') returning an Agent, or a checkpoint file "
            f"with suffix {sorted(_LOADERS)}")


def make_agent(spec: str | Agent, seed: int | None = None, **kwargs: Any) -> Agent:
    """An agent from a spec.

    Args:
        spec: An ``Agent`` (returned as is), a built-in name (``"random"``, ``"heuristic"``),
            a registered scheme (``"trained:none5"``, ``"search:worlds=8"``,
            ``"llm:MODEL@BASE_URL"``), an import path ``"package.module:Class"`` (called with
            ``seed=..., **kwargs``), or the path of a checkpoint file, loaded by the loader
            registered for its suffix (built in: ``.json`` holding
            ``{"agent": <spec>, "kwargs": {...}}``).
        seed: Seeds the agent.
        **kwargs: Passed to the agent's factory.

    Raises:
        AgentSpecError: A spec that names no agent, naming the legal forms.

    Examples:
        ```python
        from heroes_env.agents import make_agent

        agent = make_agent("random", seed=0)
        assert make_agent(agent) is agent
        ```
    """
    if isinstance(spec, Agent):
        return spec
    if not isinstance(spec, str) or not spec:
        raise AgentSpecError(f"an agent spec is a non-empty string or an Agent, got {spec!r}; "
                             f"legal: {_legal_forms()}")
    if spec in _REGISTRY:
        return _REGISTRY[spec](seed=seed, **kwargs)
    if os.path.isfile(spec):
        suffix = os.path.splitext(spec)[1].lower()
        if suffix not in _LOADERS:
            raise AgentSpecError(f"no loader for checkpoint {spec!r} (suffix {suffix!r}); "
                                 f"loaders exist for {sorted(_LOADERS)}")
        return _check(_LOADERS[suffix](spec, seed=seed, **kwargs), spec)
    scheme, sep, rest = spec.partition(":")
    if sep and scheme in _SCHEMES:
        return _check(_SCHEMES[scheme](rest, seed=seed, **kwargs), spec)
    if ":" in spec:
        module, _, attr = spec.partition(":")
        try:
            mod = importlib.import_module(module)
        except ImportError as e:
            raise AgentSpecError(f"cannot import module {module!r} of agent spec {spec!r}: "
                                 f"{e}") from e
        if not hasattr(mod, attr):
            raise AgentSpecError(f"module {module!r} has no attribute {attr!r} "
                                 f"(agent spec {spec!r})")
        try:
            made = getattr(mod, attr)(seed=seed, **kwargs)
        except TypeError as e:       # not callable, or not with these keywords
            raise AgentSpecError(f"agent spec {spec!r}: {module}.{attr}(seed=..., "
                                 f"**{sorted(kwargs)}) cannot be called: {e}") from e
        return _check(made, spec)
    if os.path.splitext(spec)[1].lower() in _LOADERS:
        raise AgentSpecError(f"no such file: {spec!r} (a checkpoint spec names a file)")
    raise AgentSpecError(f"unknown agent {spec!r}; legal: {_legal_forms()}")


def trust_kwargs(spec, trust: bool) -> dict:
    """make_agent's keywords for spec when the user trusts the files named (the command lines'
    ``--trust-pickles``): ``trust=True`` for a ``.zip`` model or an agent ``.json`` file,
    nothing otherwise."""
    if trust and isinstance(spec, str) and spec.lower().endswith((".zip", ".json")):
        return {"trust": True}
    return {}


def _check(agent, spec) -> Agent:
    if not isinstance(agent, Agent):
        raise AgentSpecError(f"agent spec {spec!r} gave {type(agent).__name__}, not an "
                             f"heroes_env.agents.Agent")
    return agent


def agent_file_target(path: str, spec: str) -> str:
    """The spec an agent file at path means by its ``"agent"`` (or another spec keyword): a
    relative file name is taken from the file's own folder; other specs are returned as
    they are."""
    if spec in _REGISTRY:
        return spec
    scheme, sep, _ = spec.partition(":")
    if sep and scheme in _SCHEMES:
        return spec
    folder = os.path.dirname(os.path.abspath(path))
    candidate = os.path.join(folder, spec)
    return candidate if os.path.isfile(candidate) else spec


def _untrusted_legal(folder: str) -> str:
    schemes = "".join(f"'{s}:...', " for s in sorted(_SCHEMES))
    return (f"a built-in agent {available_agents()}, {schemes}or a file under its own folder "
            f"{folder!r}")


def _vet_untrusted(path: str, spec, what: str):
    """spec as an agent file loaded without trust may name it (files by their real path), or
    AgentSpecError naming what it may name."""
    if not isinstance(spec, str) or not spec or spec in _REGISTRY:
        return spec                 # (make_agent refuses a spec that is not a string)
    scheme, sep, _ = spec.partition(":")
    if sep and scheme in _SCHEMES:
        return spec
    folder = os.path.realpath(os.path.dirname(os.path.abspath(path)))
    try:
        real = os.path.realpath(os.path.join(folder, spec))
    except (OSError, ValueError):       # a name no file can have (a NUL byte, ...)
        real = ""
    inside = bool(real) and os.path.commonpath([folder, real]) == folder
    if inside and os.path.isfile(real):
        return real
    if real and os.path.isfile(real):
        why = f"names the file {spec!r}, outside its own folder"
    elif os.path.splitext(spec)[1].lower() in _LOADERS:
        why = f"names {spec!r}, which is no file under its own folder"
    else:
        why = (f"names {spec!r}, which is neither a shipped agent nor a file under its folder "
               f"(an import path 'package.module:Class' would run code)")
    raise AgentSpecError(f"agent file {path!r}: {what} {why}; loaded without trust, an agent "
                         f"file may name only {_untrusted_legal(folder)}. Load it with "
                         f"trust=True (--trust-pickles) only if you trust the file")


def _load_json(path: str, seed: int | None = None, **kwargs) -> Agent:
    """The agent an agent file names (``_load_json_file``); a chain of agent files naming each
    other that loops, or runs deeper than ``MAX_AGENT_FILE_DEPTH``, is an AgentSpecError."""
    chain = getattr(_opening, "chain", None)
    if chain is None:
        chain = _opening.chain = []
    here = os.path.realpath(path)
    if here in chain:
        raise AgentSpecError(f"agent file {path!r}: its agent names a chain of agent files "
                             f"that leads back to it ({' -> '.join(chain + [here])})")
    if len(chain) >= MAX_AGENT_FILE_DEPTH:
        raise AgentSpecError(f"agent file {path!r}: its agent is an agent file named through "
                             f"more than MAX_AGENT_FILE_DEPTH = {MAX_AGENT_FILE_DEPTH} others")
    chain.append(here)
    try:
        return _load_json_file(path, seed, **kwargs)
    finally:
        chain.pop()


def _load_json_file(path: str, seed: int | None = None, trust: bool = False,
                    **kwargs) -> Agent:
    """The agent a ``{"agent": <spec>, "kwargs": {...}}`` file names. Without trust (the
    default) the file may name only shipped agents (built-in names, registered schemes) and
    files under its own folder, in ``"agent"`` and in the spec keywords (``SPEC_KEYWORDS``), and
    a scheme checks its keywords (``register_scheme``'s untrusted); nothing in it imports a
    module. trust=True (``--trust-pickles``) takes the file, and the files it names, as the
    caller's own."""
    if trust is not True and trust is not False:
        raise AgentSpecError(f"trust must be True or False, got {trust!r}")
    try:
        if os.path.getsize(path) > AGENT_FILE_BYTES:
            raise ValueError(f"over {AGENT_FILE_BYTES} bytes: an agent file names an agent "
                             f"and its keywords")
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except RecursionError:
        raise AgentSpecError(f"cannot read agent file {path!r}: its JSON nests too deeply") \
            from None
    except (OSError, ValueError) as e:
        raise AgentSpecError(f"cannot read agent file {path!r}: {e}") from e
    if not isinstance(data, dict) or not isinstance(data.get("agent"), str):
        raise AgentSpecError(f"agent file {path!r} must hold {{\"agent\": \"<spec>\", "
                             f"\"kwargs\": {{...}}}}, got {data!r}")
    spec = agent_file_target(path, data["agent"])
    if os.path.abspath(spec) == os.path.abspath(path):
        raise AgentSpecError(f"agent file {path!r} names itself")
    extra = data.get("kwargs", {})
    if not isinstance(extra, dict):
        raise AgentSpecError(f"agent file {path!r}: kwargs must be an object, got {extra!r}")
    extra = dict(extra)
    if trust:
        return make_agent(spec, seed=seed, **{**trust_kwargs(spec, True), **extra, **kwargs})
    if "trust" in extra:
        raise AgentSpecError(f"agent file {path!r}: a file cannot grant itself trust; the "
                             f"person running the command does (--trust-pickles)")
    spec = _vet_untrusted(path, spec, "its agent")
    for key in SPEC_KEYWORDS:
        if key in extra:
            extra[key] = _vet_untrusted(path, extra[key], f"kwargs.{key}")
    scheme, sep, rest = spec.partition(":")
    if sep and scheme in _UNTRUSTED:
        extra = _UNTRUSTED[scheme](rest, extra, dict(kwargs))
    try:
        return make_agent(spec, seed=seed, **{**extra, **kwargs})
    except TypeError as e:           # keywords the agent does not take
        raise AgentSpecError(f"agent file {path!r}: its kwargs {sorted(extra)} do not fit "
                             f"agent {data['agent']!r}: {e}") from e


register_checkpoint_loader(".json", _load_json)
