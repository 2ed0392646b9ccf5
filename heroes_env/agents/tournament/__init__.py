"""Tournaments: N games between named agents, win rates per role with 95% intervals, ratings.

    python -m heroes_env.agents.tournament --agents heuristic random --games 2000 --players 5 \\
        --pack standard --seed 0 --workers 2 --out results.json

Each game is played with ``heroes_env.Game`` (``observe_with_mask`` for the seat that decides);
every seat is controlled by its agent, which only ever sees (observation, mask). Agents are
built-in names ("random", "heuristic"), import paths ("package.module:Class"), checkpoint
files or language models ("llm:MODEL@BASE_URL", ``docs/llm.md``; see
``heroes_env.agents.base.make_agent``).

3v3 (``--mode 3v3``, six players): per-role rates are for ``commander`` and ``guard``; results
count ``team0`` / ``team1`` wins; ratings treat each team as one side.

Seating (``--seating``): ``rotate`` (default) gives seat s of game i to agent (s + i) mod k, so
every agent holds every seat, the lord's (seat 0) included, equally often and meets every role
(the other roles are dealt at random by the game); ``random`` deals the seats to a random
permutation of the agents repeated to fill the table; ``fixed`` needs one agent per seat.

Reproducible: game i depends only on (--seed, i), never on the number of workers, so the same
seed gives the same results. Every finished game is appended at once as one JSON line to the
games file (``--games-file``, default ``<out>.games.jsonl``); an interrupted run loses nothing
finished, and ``--resume`` plays only the games missing from that file.

Engines (``--engine``): ``batched`` plays chunks of up to 512 games in one compiled call each,
every seat decided inside it (random and heuristic agents only; ``--workers`` threads): the
heuristic decides as it does in the game engine (same deals, same seeds, the same records when
no seat is random), random seats draw from their own generator (other games than the game
engine's ``random``). ``game`` plays each game with ``heroes_env.Game`` in Python, any agent.
``auto`` (default): batched when every agent is ``random`` or ``heuristic`` (on the command
line: and no ``--record``, which needs the game engine). The engine is part
of the tournament's identity (the games file's header): a resumed run keeps it.

Backends (``--backend``): ``local`` plays the games in ``--workers`` processes of this machine;
``ray`` fans them out as Ray tasks, a chunk of games per task (``--address``: none starts a Ray
instance on this machine with ``--workers`` CPUs, ``auto`` or ``HOST:PORT`` joins a running
cluster). Both give the same games: the records depend on (--seed, i) only. Agents given as
checkpoint files are read here and shipped to the workers with the tasks, so the other machines
need no shared file system (they need heroes_env itself installed, the same version).

Output: a table per agent and role (win rate, Wilson 95% interval, seat-games), ratings
(OpenSkill Plackett-Luce if installed, else a built-in multi-team Elo:
``heroes_env.agents.ratings``), the summary JSON (``--out``; fields in ``summarize``) and a plot
(``--plot``, needs matplotlib).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import asdict, dataclass, field

import numpy as np

from heroes_env import Config, Game
from heroes_env import cards as _cards
from heroes_env.cli import HelpFormatter, int_in, one_line, prog
from heroes_env.config import DEFAULTS, PACKS
from heroes_env.engine import constants as C

from ..base import AgentSpecError, act_at_table, agent_file_target, make_agent, trust_kwargs
from ..ratings import make_ratings, rating_key, wilson

ROLE_NAMES = ("lord", "loyalist", "rebel", "renegade")
ALL_ROLE_NAMES = ROLE_NAMES + ("commander", "guard")       # by role id (ROLE_*)
MODE_ROLE_NAMES = {"identity": ROLE_NAMES, "3v3": ("commander", "guard")}
MODE_RESULTS = {"identity": ("lord", "rebel", "renegade"), "3v3": ("team0", "team1")}
RESULT_NAMES = {C.RES_NONE: "none", C.RES_LORD: "lord", C.RES_REBEL: "rebel",
                C.RES_RENEGADE: "renegade", C.RES_DRAW: "draw", C.RES_TRUNCATED: "truncated",
                C.RES_TEAM0: "team0", C.RES_TEAM1: "team1"}
_RESULT_IDS = {v: k for k, v in RESULT_NAMES.items()}
SEATINGS = ("rotate", "random", "fixed")
ENGINES = ("auto", "batched", "game")
BATCHED_AGENTS = ("random", "heuristic")  # the agents the batched engine plays in compiled code
BATCH_GAMES = 512                         # games per compiled call of the batched engine
FORMAT = "heroes_env.tournament/1"


class TournamentError(ValueError):
    """Bad tournament input (agents, sizes, files): the message says what is legal."""


@dataclass(frozen=True)
class TournamentConfig:
    """Everything that decides a tournament's games (a resumed run must match it)."""
    agents: tuple[str, ...]
    games: int = 1000
    players: int | None = None    # None: Config's (5 identity, 6 3v3)
    pack: str = DEFAULTS["pack"]
    deck: str | None = None       # None: the pack's own deck
    hero_selection: str = "draft"
    max_rounds: int = DEFAULTS["max_rounds"]
    seating: str = "rotate"
    seed: int = 0
    autoplay: bool = DEFAULTS["autoplay"]
    labels: tuple[str, ...] = field(default=())
    mode: str = DEFAULTS["mode"]  # "identity" or "3v3" (per-role rates: commander, guard)
    engine: str = "auto"          # "batched" / "game" ("auto": batched if every agent allows)
    trust_pickles: bool = False   # trust .zip models and agent files (--trust-pickles)

    def __post_init__(self):
        agents = tuple(self.agents)
        object.__setattr__(self, "agents", agents)
        if not agents:
            raise TournamentError("give at least one agent (e.g. --agents heuristic random); "
                                  "built-in: random, heuristic")
        if self.mode not in MODE_ROLE_NAMES:
            raise TournamentError(f"mode must be one of {list(MODE_ROLE_NAMES)}, got {self.mode!r}")
        if self.players is None:
            object.__setattr__(self, "players", Config(mode=self.mode).num_players)
        if self.mode == "3v3" and self.players != 6:
            raise TournamentError(f"mode 3v3 is played by 6 players, got {self.players!r}")
        if not isinstance(self.players, int) or not 4 <= self.players <= C.MAX_SEATS:
            raise TournamentError(f"players must be 4 to {C.MAX_SEATS}, got {self.players!r}")
        if not isinstance(self.games, int) or self.games < 1:
            raise TournamentError(f"games must be a positive int, got {self.games!r}")
        if self.pack not in PACKS:
            raise TournamentError(f"pack must be one of {list(PACKS)}, got {self.pack!r}")
        if self.deck is not None and self.deck not in _cards.DECKS:
            raise TournamentError(f"deck must be one of {list(_cards.DECKS)}, got {self.deck!r}")
        if self.hero_selection not in ("draft", "random"):
            raise TournamentError(f"hero_selection must be 'draft' or 'random', got "
                                  f"{self.hero_selection!r}")
        if self.seating not in SEATINGS:
            raise TournamentError(f"seating must be one of {list(SEATINGS)}, got {self.seating!r}")
        k, n = len(agents), self.players
        if self.seating == "fixed" and k != n:
            raise TournamentError(f"--seating fixed needs one agent per seat: {n} agents for "
                                  f"{n} players, got {k} ({list(agents)})")
        if k > n:
            raise TournamentError(f"{n} players seat at most {n} agents, got {k} "
                                  f"({list(agents)}); add --players or drop agents")
        if not self.labels:
            object.__setattr__(self, "labels", tuple(_labels(agents)))
        if self.engine not in ENGINES:
            raise TournamentError(f"engine must be one of {list(ENGINES)}, got {self.engine!r}")
        compiled = all(a in BATCHED_AGENTS for a in agents)
        if self.engine == "auto":
            object.__setattr__(self, "engine", "batched" if compiled else "game")
        elif self.engine == "batched" and not compiled:
            raise TournamentError(f"--engine batched plays only {list(BATCHED_AGENTS)} (in "
                                  f"compiled code), got {list(agents)}; use --engine game")

    def game_config(self) -> Config:
        return Config(num_players=self.players, mode=self.mode, pack=self.pack, deck=self.deck,
                      max_rounds=self.max_rounds, autoplay=self.autoplay,
                      hero_selection=self.hero_selection if self.pack != "none" else None)

    def header(self) -> dict:
        d = asdict(self)
        if not self.trust_pickles:
            del d["trust_pickles"]      # (not a property of the games: headers stay the same)
        d["agents"] = list(self.agents)
        d["labels"] = list(self.labels)
        return d


def _labels(specs) -> list[str]:
    out, seen = [], {}
    for s in specs:
        base = os.path.basename(s) if os.path.isfile(s) else s
        seen[base] = seen.get(base, 0) + 1
        out.append(base if seen[base] == 1 else f"{base}#{seen[base]}")
    return out


# ---------------------------------------------------------------- one game
def _seed(*words: int) -> int:
    return int(np.random.SeedSequence([int(w) & 0xFFFFFFFF for w in words]).generate_state(1)[0])


def seating(cfg: TournamentConfig, game: int) -> list[int]:
    """Agent index of each seat in game number `game`."""
    k, n = len(cfg.agents), cfg.players
    if cfg.seating == "fixed":
        return list(range(n))
    if cfg.seating == "rotate":
        return [(s + game) % k for s in range(n)]
    rng = np.random.default_rng(_seed(cfg.seed, game, 7))
    pool = [j % k for j in range(n)]
    return [int(x) for x in rng.permutation(pool)]


def _seat_seeds(cfg: TournamentConfig, game: int) -> tuple[int, list[int]]:
    """The deal's seed of game number `game` and the seed of each seat's agent in it."""
    return _seed(cfg.seed, game, 1), [_seed(cfg.seed, game, 2, s) for s in range(cfg.players)]


def game_record(g: Game, asked: int) -> dict:
    """The fields of a finished game's record (see ``summarize``); asked: agent decisions."""
    n = g.num_players
    heroes = [g.hero(s).key if g.hero(s) is not None else None for s in range(n)]
    return {"roles": [ALL_ROLE_NAMES[g.role(s)] for s in range(n)], "heroes": heroes,
            "result": RESULT_NAMES[g.result], "rewards": [int(x) for x in g.rewards()],
            "alive": [int(g.alive(s)) for s in range(n)], "rounds": g.round, "decisions": asked}


def play_game(config: Config, seat_agents, seed: int, agent_seeds=None, decisions=None,
              transcripts=None) -> dict:
    """Play one game: seat s is controlled by seat_agents[s] (reset first, with agent_seeds[s]).
    Returns the game's record (see ``summarize`` for the fields). decisions: a list to append
    [seat, action, label] to for every decision (``heroes_env.record``); transcripts: a list to
    append the agents' transcripts to ({"decision": k, "seat": s, ...}:
    ``Agent.take_transcript``)."""
    g = Game.new(config, seed=seed)
    for s, a in enumerate(seat_agents):
        a.reset(seed=None if agent_seeds is None else agent_seeds[s])
    asked = 0
    while not g.done:
        seat = g.decider
        a = act_at_table(seat_agents[seat], g)
        if transcripts is not None:
            note = seat_agents[seat].take_transcript()
            if note is not None:
                transcripts.append({"decision": asked, "seat": seat, **note})
        if decisions is not None:
            decisions.append([seat, int(a), g.action_to_str(int(a))])
        g.step(a, seat)
        asked += 1
    return game_record(g, asked)


class _Player:
    """Plays games of one tournament (in a worker process or in the caller's)."""

    def __init__(self, cfg: TournamentConfig, record: bool = False):
        self.cfg = cfg
        self.config = cfg.game_config()
        self.record = record     # --record: each game's decisions go back with its result
        self.instances = {}      # (seat, agent index) -> agent: one per seat, reused each game

    def agent(self, seat: int, j: int):
        key = (seat, j)
        if key not in self.instances:
            spec = self.cfg.agents[j]
            agent = make_agent(spec, **trust_kwargs(spec, self.cfg.trust_pickles))
            check_table = getattr(agent, "check_table", None)
            if check_table is not None:
                check_table(self.config)
            self.instances[key] = agent
        return self.instances[key]

    def play(self, i: int) -> dict:
        cfg = self.cfg
        who = seating(cfg, i)
        seed, agent_seeds = _seat_seeds(cfg, i)
        decisions = [] if self.record else None
        transcripts = [] if self.record else None
        agents = [self.agent(s, j) for s, j in enumerate(who)]
        before = [a.usage() for a in agents]
        rec = play_game(self.config, agents, seed, agent_seeds, decisions, transcripts)
        out = {"game": i, "seed": seed, "seats": [cfg.labels[j] for j in who], **rec}
        usage: dict = {}                 # what the agents spent in this game, per label
        for j, a, b in zip(who, agents, before, strict=True):
            after = a.usage()
            if after is not None:
                u = usage.setdefault(cfg.labels[j], {})
                for k, v in after.items():
                    u[k] = round(u.get(k, 0) + v - (b or {}).get(k, 0), 6)
        if usage:
            out["usage"] = usage
        if decisions is not None:
            out[DECISIONS_KEY] = decisions
            out[TRANSCRIPTS_KEY] = transcripts
        return out


# the keys of a game's decisions and agents' transcripts in a worker's result (only with
# --record; removed before the result is kept or written to the games file)
DECISIONS_KEY = "_decisions"
TRANSCRIPTS_KEY = "_transcripts"


def _write_record(record_dir: str, config: Config, rec: dict, decisions: list,
                  transcripts: list | None = None) -> None:
    """The game as a replayable record (``heroes_env.record``): <record_dir>/game_<i>.json."""
    from heroes_env import labels as _labels
    from heroes_env.game import engine_seed
    from heroes_env.record import GameRecord, RecordWriter
    g = GameRecord(config, engine_seed(rec["seed"]), rec["seed"], decisions,
                   result=_labels.RESULT_NAMES["en"][_RESULT_IDS[rec["result"]]],
                   rewards=rec["rewards"], rounds=rec["rounds"],
                   meta={"game": rec["game"], "seats": rec["seats"]},
                   transcripts=list(transcripts or []))
    RecordWriter(record_dir).write(g, f"game_{rec['game']:06d}.json")


_WORKER: _Player | None = None


def _init_worker(cfg: TournamentConfig, record: bool = False):
    global _WORKER
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)     # Ctrl-C is the parent's to handle
    _WORKER = _Player(cfg, record)


def _work(i: int) -> dict:
    return _WORKER.play(i)


# ---------------------------------------------------------------- the games file
def _read_games(path: str, cfg: TournamentConfig) -> dict[int, dict]:
    """Finished games of an earlier run of the same tournament (a torn last line is dropped)."""
    records: dict[int, dict] = {}
    header = None
    lines = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for n, line in enumerate(f, 1):
            try:
                obj = json.loads(line)
            except (ValueError, RecursionError):
                continue                   # a torn line
            if isinstance(obj, dict) and isinstance(obj.get("header"), dict):
                header = obj["header"]
            else:
                lines.append((n, line, obj))
    want = cfg.header()
    if header is None:
        raise TournamentError(f"{path} has no tournament header line; cannot resume from it")
    old = {"mode": "identity"}              # files written before the mode field existed
    diff = {k: (header.get(k, old.get(k)), v) for k, v in want.items()
            if k != "games" and header.get(k, old.get(k)) != v}
    if diff:
        shown = ", ".join(f"{k}: file {a!r} vs now {b!r}" for k, (a, b) in diff.items())
        raise TournamentError(f"cannot resume from {path}: it holds another tournament ({shown})")
    for n, line, obj in lines:
        if not (isinstance(obj, dict) and _is_game_line(obj, cfg)):
            raise TournamentError(f"cannot resume from {path}: line {n} is neither its header "
                                  f"nor a game of this tournament: {one_line(line, 120)}")
        records[obj["game"]] = obj
    return {i: r for i, r in records.items() if i < cfg.games}


def _is_game_line(obj: dict, cfg: TournamentConfig) -> bool:
    """Whether a games-file line holds what ``summarize`` reads of a game, with the types and
    names it needs."""
    def ints(x):
        return isinstance(x, int) and not isinstance(x, bool)

    def number(x):
        return isinstance(x, (int, float)) and not isinstance(x, bool)

    seats = obj.get("seats")
    if not (ints(obj.get("game")) and isinstance(obj.get("result"), str)
            and ints(obj.get("rounds")) and ints(obj.get("decisions"))
            and isinstance(seats, list) and seats and all(a in cfg.labels for a in seats)):
        return False
    n = len(seats)
    roles = MODE_ROLE_NAMES[cfg.mode]
    rewards, who, heroes = obj.get("rewards"), obj.get("roles"), obj.get("heroes")
    if not (isinstance(rewards, list) and len(rewards) == n and all(map(number, rewards))
            and isinstance(who, list) and len(who) == n
            and all(isinstance(r, str) and r in roles for r in who)
            and isinstance(heroes, list) and len(heroes) == n
            and all(h is None or isinstance(h, str) for h in heroes)):
        return False
    usage = obj.get("usage", {})
    return isinstance(usage, dict) and all(
        a in cfg.labels and isinstance(u, dict) and all(map(number, u.values()))
        for a, u in usage.items())


def _write_clean(path: str, cfg: TournamentConfig, records: dict[int, dict]) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(json.dumps({"header": cfg.header(), "format": FORMAT}) + "\n")
        for i in sorted(records):
            f.write(json.dumps(records[i]) + "\n")
    os.replace(tmp, path)


# ---------------------------------------------------------------- progress
class _Progress:
    def __init__(self, total: int, initial: int, enabled: bool):
        self.enabled = enabled
        self.bar = None
        self.total, self.n = total, initial
        self.t0 = time.time()
        self.last = 0.0
        if enabled:
            try:
                from tqdm import tqdm
                self.bar = tqdm(total=total, initial=initial, unit="game", file=sys.stderr)
            except ImportError:
                self.bar = None

    def update(self):
        self.n += 1
        if not self.enabled:
            return
        if self.bar is not None:
            self.bar.update(1)
            return
        now = time.time()
        if now - self.last >= 0.5 or self.n == self.total:
            self.last = now
            rate = self.n / max(now - self.t0, 1e-9)
            width = 30
            fill = int(width * self.n / max(1, self.total))
            sys.stderr.write(f"\r[{'#' * fill}{'.' * (width - fill)}] {self.n}/{self.total} "
                             f"games ({rate:.1f}/s)")
            if self.n == self.total:
                sys.stderr.write("\n")
            sys.stderr.flush()

    def close(self):
        if self.bar is not None:
            self.bar.close()


# ---------------------------------------------------------------- backends
BACKENDS = ("local", "ray")
RAY_CHUNK = 16            # most games per Ray task


def batched_records(cfg: TournamentConfig, todo: list[int], threads: int = 1):
    """The records of games `todo` played by the batched engine (``engine="batched"``): up to
    BATCH_GAMES games per compiled call, every seat decided inside it
    (``heroes_env.agents.heuristic_loop``: the heuristic, or uniformly random legal actions from the
    seat's own generator), in parallel over games with `threads` Numba threads. Game i depends on
    (seed, i) only; its heuristic seats decide as the heuristic agent of ``engine="game"`` does
    (same deal, same per-seat seeds), its random seats draw from another generator than
    ``heroes_env.agents.RandomAgent``'s."""
    from heroes_env.engine import batch as K
    from heroes_env.game import engine_seed
    from heroes_env.vector import BatchCore

    from .. import heuristic_kernels as HK
    from ..heuristic import HeuristicAgent
    from ..heuristic_loop import KIND_HEURISTIC, KIND_RANDOM, HeuristicLoop
    if not todo:
        return
    config = cfg.game_config()
    n, NS = cfg.players, C.MAX_SEATS
    B = min(BATCH_GAMES, len(todo))
    core = BatchCore(config, B, K.SEATS_NONE, np.full(NS, K.OPP_COMPILED, np.int8), threads,
                     serial_below=None if threads == 1 else 0)
    agent = HeuristicAgent(seed=0)
    core.loop = loop = HeuristicLoop(agent, B)
    agent._direct.grow(B * NS)
    MI = agent._direct.MI
    for start in range(0, len(todo), B):
        chunk = todo[start:start + B]
        core.act[:] = K.ACT_NONE
        seeds = []
        for j, i in enumerate(chunk):
            who = seating(cfg, i)
            seed, agent_seeds = _seat_seeds(cfg, i)
            seeds.append((seed, who))
            core.next_seeds[j] = engine_seed(seed)
            core.act[j] = K.ACT_START
            for s in range(n):
                loop.kind[j, s] = KIND_RANDOM if cfg.agents[who[s]] == "random" else KIND_HEURISTIC
                # as HeuristicAgent.reset(seed=agent_seeds[s]), then act() with slot 0
                HK.seed_slot(MI[j * NS + s], agent_seeds[s] % HK.RNG_MOD, 0)
        core.call(1)
        for j, i in enumerate(chunk):
            if core.R[j, K.R_STAGE] != K.STAGE_SEED or not core.R[j, K.R_DONE]:
                raise RuntimeError(f"game {i} of the tournament did not finish in the batched "
                                   "engine; please report it")
            g = Game(config, core.S[j].copy())
            seed, who = seeds[j]
            yield {"game": i, "seed": seed, "seats": [cfg.labels[k] for k in who],
                   **game_record(g, int(core.R[j, K.R_LEN]))}


def _local_records(cfg: TournamentConfig, todo: list[int], workers: int, record: bool = False):
    """The records of games `todo`, played here (one process, or a pool of `workers`; the
    batched engine: one process, `workers` threads)."""
    if cfg.engine == "batched":
        yield from batched_records(cfg, todo, min(workers, _max_threads()))
    elif workers == 1 or len(todo) <= 1:
        player = _Player(cfg, record)
        for i in todo:
            yield player.play(i)
    elif todo:
        import multiprocessing as mp
        chunk = max(1, min(16, len(todo) // (workers * 8)))
        with mp.Pool(workers, initializer=_init_worker, initargs=(cfg, record)) as pool:
            yield from pool.imap_unordered(_work, todo, chunksize=chunk)


def _max_threads() -> int:
    import numba
    return numba.config.NUMBA_NUM_THREADS


def ship_agents(cfg: TournamentConfig) -> dict[str, dict[str, bytes]]:
    """The bytes of every agent given as a file, for workers without this file system: spec ->
    {file name: bytes}. A ``.json`` agent file that names another file brings that one too."""
    out = {}
    for spec in cfg.agents:
        if not os.path.isfile(spec):
            continue
        files = {}
        with open(spec, "rb") as f:
            files[os.path.basename(spec)] = f.read()
        inner = _json_target(spec)
        if inner is not None and os.path.isfile(inner):
            with open(inner, "rb") as f:
                files["inner_" + os.path.basename(inner)] = f.read()
        out[spec] = files
    return out


def _json_target(path: str) -> str | None:
    """The file named by a ``{"agent": ...}`` json agent file, resolved as make_agent does."""
    if not path.lower().endswith(".json"):
        return None
    try:
        with open(path, encoding="utf-8") as f:
            target = json.load(f).get("agent")
    except (OSError, ValueError, AttributeError):
        return None
    if not isinstance(target, str):
        return None
    target = agent_file_target(path, target)
    return target if os.path.isfile(target) else None


def _digest(shipped) -> str:
    import hashlib
    h = hashlib.blake2b(digest_size=16)
    for spec in sorted(shipped or {}):
        for name in sorted(shipped[spec]):
            h.update(f"{spec}\0{name}\0{len(shipped[spec][name])}\0".encode())
            h.update(shipped[spec][name])
    return h.hexdigest()


def unship_agents(cfg: TournamentConfig, shipped: dict[str, dict[str, bytes]],
                  root: str) -> TournamentConfig:
    """cfg with each shipped agent file written under root (one folder per spec) and named by
    its new path there; the labels stay those of the original specs."""
    agents = list(cfg.agents)
    for j, spec in enumerate(cfg.agents):
        files = shipped.get(spec)
        if not files:
            continue
        folder = os.path.join(root, _digest({spec: files}))
        os.makedirs(folder, exist_ok=True)
        paths = {}
        for name, data in files.items():
            paths[name] = os.path.join(folder, name)
            if not os.path.exists(paths[name]):
                tmp = f"{paths[name]}.{os.getpid()}.tmp"
                with open(tmp, "wb") as f:
                    f.write(data)
                os.replace(tmp, paths[name])
        main = paths[os.path.basename(spec)]
        inner = [p for n, p in paths.items() if n.startswith("inner_")]
        if inner:                        # point the json file at the shipped copy of its target
            with open(main, encoding="utf-8") as f:
                data = json.load(f)
            data["agent"] = inner[0]
            main = os.path.join(folder, "local_" + os.path.basename(spec))
            with open(main + ".tmp", "w", encoding="utf-8") as f:
                json.dump(data, f)
            os.replace(main + ".tmp", main)
        agents[j] = main
    from dataclasses import replace
    return replace(cfg, agents=tuple(agents))


_CHUNK_PLAYERS: dict = {}


def play_chunk(cfg: TournamentConfig, games: list[int], shipped=None,
               record: bool = False) -> list[dict]:
    """The records of the given games: what one Ray task runs (and what a local test can call).
    shipped: ``ship_agents(cfg)`` when the agent files are not on this machine. The player (its
    agents, loaded once) is kept for the next chunk of the same tournament in this process."""
    key = (cfg, _digest(shipped), record)
    player = _CHUNK_PLAYERS.get(key)
    if player is None:
        local = cfg
        if shipped:
            import tempfile
            local = unship_agents(cfg, shipped, os.path.join(tempfile.gettempdir(),
                                                             "heroes_env_agents"))
        import heroes_env.agents.torch_policy  # noqa: F401 - the .pt / .zip loaders, on a fresh worker too
        _CHUNK_PLAYERS.clear()
        player = _CHUNK_PLAYERS[key] = _Player(local, record)
    if cfg.engine == "batched":
        return list(batched_records(cfg, games))
    return [player.play(i) for i in games]


def _package_root() -> str:
    import heroes_env
    return os.path.dirname(os.path.abspath(heroes_env.__file__))


def ray_init(address: str | None, num_cpus: int) -> bool:
    """Connect to Ray: join the cluster at address ("auto", "host:port"), or with no address
    start a local instance of num_cpus CPUs (unless Ray is initialised already). True if this
    call started or joined it (the caller shuts it down)."""
    try:
        import ray
    except ImportError:
        raise TournamentError("--backend ray needs ray: pip install -e \".[ray]\"") from None
    if ray.is_initialized():
        return False
    # workers import this checkout's heroes_env and agents, like this process
    path = os.pathsep.join(p for p in (_package_root(), os.environ.get("PYTHONPATH")) if p)
    env = {"env_vars": {"PYTHONPATH": path}}
    try:
        if address is None:
            # address "local": a new instance even where a cluster runs on this machine
            ray.init(address="local", num_cpus=num_cpus, include_dashboard=False,
                     log_to_driver=False,
                     runtime_env=env, object_store_memory=200 * 2 ** 20)
        else:
            ray.init(address=address, log_to_driver=False, runtime_env=env)
    except ConnectionError as e:
        raise TournamentError(f"cannot join the Ray cluster at {address!r}: {e} (start one with "
                              f"`ray start --head`, or give no --address for a local "
                              f"instance)") from None
    return True


def _ray_records(cfg: TournamentConfig, todo: list[int], workers: int, address: str | None,
                 record: bool = False):
    """The records of games `todo`, played by Ray tasks of up to RAY_CHUNK games each (at most
    two tasks in flight per CPU), in the order they finish."""
    started = ray_init(address, workers)
    import ray
    pending = []
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", workers)))
        size = max(1, min(RAY_CHUNK, len(todo) // (cpus * 4)))
        chunks = [todo[k:k + size] for k in range(0, len(todo), size)]
        shipped = ray.put(ship_agents(cfg))
        task = ray.remote(num_cpus=1)(play_chunk)
        while chunks or pending:
            while chunks and len(pending) < 2 * cpus:
                pending.append(task.remote(cfg, chunks.pop(0), shipped, record))
            ready, pending = ray.wait(pending, num_returns=1)
            yield from ray.get(ready[0])
    finally:
        for ref in pending:                # stopped early (Ctrl-C, an error): drop the rest
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()


# ---------------------------------------------------------------- running
def run_tournament(cfg: TournamentConfig, workers: int = 1, games_file: str | None = None,
                   resume: bool = False, progress: bool = False, rating: str = "auto",
                   backend: str = "local", address: str | None = None,
                   record_dir: str | None = None) -> dict:
    """Play the tournament's missing games and return the summary (``summarize``).

    games_file: append each finished game there (JSON lines, first line a header); None keeps
    the records in memory only. resume: keep the finished games already in games_file (it must
    belong to the same tournament); without it an existing non-empty games_file is an error.
    backend: "local" (``workers`` processes) or "ray" (chunks of games as Ray tasks; address:
    None starts a local Ray instance with ``workers`` CPUs unless Ray is already initialised,
    "auto" or "host:port" joins a cluster). The records are the same either way.
    record_dir: write every game played now as a replayable record, <record_dir>/game_<i>.json
    (``heroes_env.record``; ``python -m heroes_env.replay`` shows it). The workers (processes or
    Ray tasks) send each game's decisions back with its result; this process writes the files.
    """
    if not isinstance(workers, int) or workers < 1:
        raise TournamentError(f"workers must be a positive int, got {workers!r}")
    if backend not in BACKENDS:
        raise TournamentError(f"backend must be one of {list(BACKENDS)}, got {backend!r}")
    if address is not None and backend != "ray":
        raise TournamentError(f"an address ({address!r}) is for --backend ray only")
    if record_dir is not None and cfg.engine == "batched":
        raise TournamentError("--record writes each game's decisions, which only the game "
                              "engine keeps: add --engine game")
    for spec in cfg.agents:          # fail early, in this process, with the spec's own error
        try:
            make_agent(spec, **trust_kwargs(spec, cfg.trust_pickles))
        except AgentSpecError as e:
            raise TournamentError(str(e)) from None
    records: dict[int, dict] = {}
    config = cfg.game_config()
    out = None
    t0 = time.time()
    if games_file is not None:
        exists = os.path.exists(games_file) and os.path.getsize(games_file) > 0
        if exists and not resume:
            raise TournamentError(f"{games_file} exists: use --resume to continue that "
                                  f"tournament, or remove it / choose another --games-file")
        if exists:
            records = _read_games(games_file, cfg)
    todo = [i for i in range(cfg.games) if i not in records]
    if games_file is not None:
        _write_clean(games_file, cfg, records)
        out = open(games_file, "a", encoding="utf-8")
    bar = _Progress(cfg.games, cfg.games - len(todo), progress)
    done_now = 0

    record = record_dir is not None

    def keep(rec):
        nonlocal done_now
        decisions = rec.pop(DECISIONS_KEY, None)
        transcripts = rec.pop(TRANSCRIPTS_KEY, None)
        if decisions is not None:
            _write_record(record_dir, config, rec, decisions, transcripts)
        records[rec["game"]] = rec
        if out is not None:
            out.write(json.dumps(rec) + "\n")
            out.flush()
        done_now += 1
        bar.update()

    try:
        if backend == "ray":
            games = _ray_records(cfg, todo, workers, address, record)
        else:
            games = _local_records(cfg, todo, workers, record)
        for rec in games:
            keep(rec)
    finally:
        bar.close()
        if out is not None:
            out.close()
    summary = summarize(cfg, [records[i] for i in sorted(records)], rating)
    summary["run"] = {"backend": backend, "workers": workers, "played_now": done_now,
                      "elapsed_s": round(time.time() - t0, 2), "games_file": games_file}
    return summary


# ---------------------------------------------------------------- results
def summarize(cfg: TournamentConfig, records: list[dict], rating: str = "auto") -> dict:
    """The summary of finished games (records in game order). Fields:

    format, config (the TournamentConfig), games (played), results (games per outcome: lord,
    rebel, renegade, draw, truncated), rating_system, agents: per agent label {spec, seat_games,
    wins, win_rate, ci95 [lo, hi], rating {...}, roles: per role {games, wins, win_rate, ci95},
    heroes: per hero key {games, wins} (hero packs), usage: the agent's counters summed over
    the games (``Agent.usage``: a language model's requests, replies, bad replies, fallbacks,
    tokens, seconds; only for agents that count)}, mean_rounds, mean_decisions.
    """
    labels = list(cfg.labels)
    stats = {a: {"spec": s, "seat_games": 0, "wins": 0,
                 "roles": {r: {"games": 0, "wins": 0} for r in MODE_ROLE_NAMES[cfg.mode]},
                 "heroes": {}}
             for a, s in zip(labels, cfg.agents, strict=True)}
    results = {k: 0 for k in MODE_RESULTS[cfg.mode] + ("draw", "truncated")}
    ratings = make_ratings(labels, rating)
    rounds = decisions = 0
    for rec in records:
        results[rec["result"]] = results.get(rec["result"], 0) + 1
        rounds += rec["rounds"]
        decisions += rec["decisions"]
        for seat, a in enumerate(rec["seats"]):
            won = rec["rewards"][seat] > 0
            st = stats[a]
            st["seat_games"] += 1
            st["wins"] += won
            role = st["roles"][rec["roles"][seat]]
            role["games"] += 1
            role["wins"] += won
            hero = rec["heroes"][seat]
            if hero is not None:
                hs = st["heroes"].setdefault(hero, {"games": 0, "wins": 0})
                hs["games"] += 1
                hs["wins"] += won
        for a, u in rec.get("usage", {}).items():
            total = stats[a].setdefault("usage", {})
            for k, v in u.items():
                total[k] = round(total.get(k, 0) + v, 6)
        teams, ranks = _sides(rec)
        if teams is not None:
            ratings.rate(teams, ranks)
    table = ratings.table()
    for a, st in stats.items():
        _rate(st)
        for r in st["roles"].values():
            _rate(r)
        st["heroes"] = dict(sorted(st["heroes"].items()))
        st["rating"] = table[a]
    n = len(records)
    return {"format": FORMAT, "config": cfg.header(), "games": n, "results": results,
            "rating_system": ratings.name, "agents": stats,
            "mean_rounds": round(rounds / n, 2) if n else 0.0,
            "mean_decisions": round(decisions / n, 2) if n else 0.0}


def _rate(d: dict) -> None:
    n, w = d.get("games", d.get("seat_games", 0)), d["wins"]
    d["win_rate"] = round(w / n, 4) if n else None
    lo, hi = wilson(w, n)
    d["ci95"] = [round(lo, 4), round(hi, 4)]


def _sides(rec: dict):
    """The game's sides as lists of agent labels (lord + loyalists, rebels, each renegade; in 3v3
    the two teams) and their ranks (1 = won); (None, None) for a drawn or truncated game."""
    if rec["result"] in ("team0", "team1"):
        teams = [[a for seat, a in enumerate(rec["seats"]) if seat // C.TEAM_SIZE == t]
                 for t in (0, 1)]
        return teams, [1 if rec["result"] == f"team{t}" else 2 for t in (0, 1)]
    if rec["result"] not in ("lord", "rebel", "renegade"):
        return None, None
    lord_side, rebels, teams = [], [], []
    winners = []
    for seat, role in enumerate(rec["roles"]):
        a = rec["seats"][seat]
        if role in ("lord", "loyalist"):
            lord_side.append(a)
        elif role == "rebel":
            rebels.append(a)
        else:
            teams.append([a])
            winners.append(rec["rewards"][seat] > 0)
    sides = [lord_side, rebels] + teams
    won = [rec["result"] == "lord", rec["result"] == "rebel"] + winners
    keep = [(t, w) for t, w in zip(sides, won, strict=True) if t]
    return [t for t, _ in keep], [1 if w else 2 for _, w in keep]


def format_table(summary: dict) -> str:
    """The printed report: per agent overall and per role, with intervals and ratings."""
    lines = []
    cfg = summary["config"]
    lines.append(f"{summary['games']} games, {cfg['players']} players, "
                 f"{'3v3, ' if cfg.get('mode') == '3v3' else ''}pack {cfg['pack']}, "
                 f"seating {cfg['seating']}, seed {cfg['seed']}; results: "
                 + ", ".join(f"{k} {v}" for k, v in summary["results"].items() if v))
    lines.append(f"win rate (Wilson 95% interval) [seat-games]; rating: {summary['rating_system']}")

    def cell(d):
        if not d.get("games", d.get("seat_games")):
            return "-"
        lo, hi = d["ci95"]
        return (f"{100 * d['win_rate']:5.1f} ({100 * lo:4.1f}-{100 * hi:4.1f}) "
                f"[{d.get('games', d.get('seat_games'))}]")

    width = max(8, *(len(a) for a in summary["agents"]))
    col = 26
    roles = MODE_ROLE_NAMES[cfg.get("mode", "identity")]
    head = f"{'agent':<{width}}  {'all':<{col}}" + "".join(f"{r:<{col}}" for r in roles) \
        + "rating"
    lines.append(head)
    agents = sorted(summary["agents"].items(), key=lambda kv: -rating_key(kv[1]["rating"]))
    for a, st in agents:
        rating = ", ".join(f"{k} {v}" for k, v in st["rating"].items())
        lines.append(f"{a:<{width}}  {cell(st):<{col}}"
                     + "".join(f"{cell(st['roles'][r]):<{col}}" for r in roles) + rating)
    for a, st in agents:
        if st.get("usage"):
            lines.append(f"{a} usage: " + ", ".join(f"{k} {v}" for k, v in st["usage"].items()))
    return "\n".join(lines)


def plot(summary: dict, path: str) -> bool:
    """Bar chart of win rates per role and agent with 95% intervals. False if no matplotlib."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    agents = list(summary["agents"])
    roles = MODE_ROLE_NAMES[summary["config"].get("mode", "identity")]
    groups = ["all"] + list(roles)
    fig, ax = plt.subplots(figsize=(8, 4))
    w = 0.8 / max(1, len(agents))
    for k, a in enumerate(agents):
        st = summary["agents"][a]
        ds = [st] + [st["roles"][r] for r in roles]
        ys = [d["win_rate"] or 0.0 for d in ds]
        err = [[y - d["ci95"][0] for y, d in zip(ys, ds, strict=True)],
               [d["ci95"][1] - y for y, d in zip(ys, ds, strict=True)]]
        xs = [i + (k - (len(agents) - 1) / 2) * w for i in range(len(groups))]
        ax.bar(xs, ys, w, yerr=err, capsize=3, label=a)
    ax.set_xticks(range(len(groups)), groups)
    ax.set_ylabel("win rate")
    ax.set_ylim(0, 1)
    cfg = summary["config"]
    ax.set_title(f"{summary['games']} games, {cfg['players']} players, pack {cfg['pack']}")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return True


# ---------------------------------------------------------------- command line
def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog=prog("heroes_env.agents.tournament"), formatter_class=HelpFormatter,
        description="Play games between agents; report win rates per role and ratings.")
    p.add_argument("--agents", nargs="+", required=True, metavar="AGENT",
                   help="agents: built-in names (random, heuristic), trained:<table>, "
                        "package.module:Class, checkpoint files, or llm:MODEL@BASE_URL (a "
                        "chat-completions model)")
    p.add_argument("--games", type=int_in(1, 10 ** 9), default=1000)
    p.add_argument("--trust-pickles", action="store_true",
                   help="trust the model and agent files named: .zip models load with their "
                        "pickled parts, agent .json files may import code and name any file "
                        "(runs code from the files: only for files you trust; "
                        "docs/security.md)")
    p.add_argument("--mode", default=DEFAULTS["mode"], help="identity or 3v3")
    p.add_argument("--players", type=int_in(4, C.MAX_SEATS), default=None,
                   help="default 5 (identity), 6 (3v3)")
    p.add_argument("--pack", default=DEFAULTS["pack"], help=f"one of {list(PACKS)}")
    p.add_argument("--deck", default=None,
                   help=f"one of {list(_cards.DECKS)} (default: the pack's own deck)")
    p.add_argument("--hero-selection", default="draft", help="draft or random (hero packs)")
    p.add_argument("--max-rounds", type=int_in(1, C.MAX_ROUNDS_LIMIT),
                   default=DEFAULTS["max_rounds"])
    p.add_argument("--seating", default="rotate", help=f"one of {list(SEATINGS)}")
    p.add_argument("--seed", type=int_in(), default=0)
    p.add_argument("--workers", type=int_in(1, 1024), default=os.cpu_count() or 1,
                   help="local processes; with --backend ray and no --address, the CPUs of the "
                        "local Ray instance")
    p.add_argument("--backend", default="local",
                   help=f"one of {list(BACKENDS)}: local processes, or chunks of games as Ray "
                        f"tasks (pip install -e \".[ray]\")")
    p.add_argument("--engine", default="auto",
                   help=f"one of {list(ENGINES)}: batched plays {' and '.join(BATCHED_AGENTS)} "
                        "seats inside one compiled call per chunk of games (threads: --workers); "
                        "game plays each game in Python (any agent); auto: batched when every "
                        "agent allows it and no --record is asked for")
    p.add_argument("--address", default=None,
                   help="--backend ray: 'auto' or HOST:PORT joins a running cluster (`ray start "
                        "--head`); none starts a local Ray instance")
    p.add_argument("--out", default="tournament.json", help="summary JSON")
    p.add_argument("--games-file", default=None,
                   help="one JSON line per finished game (default: <out>.games.jsonl)")
    p.add_argument("--resume", action="store_true",
                   help="keep the games already in the games file and play the rest")
    p.add_argument("--plot", default=None, help="PNG of the win rates (default: <out>.png; "
                                                "'none': no plot)")
    p.add_argument("--rating", default="auto", help="auto, openskill or elo")
    p.add_argument("--no-autoplay", action="store_true",
                   help="ask the agents every decision, forced ones included")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--record", default=None, metavar="DIR",
                   help="also write every game played as a replayable record, DIR/game_<i>.json "
                        "(python -m heroes_env.replay DIR/game_000000.json --html page.html)")
    return p


def main(argv=None) -> int:
    p = _parser()
    args = p.parse_args(argv)
    stem = args.out[:-5] if args.out.endswith(".json") else args.out
    games_file = args.games_file or stem + ".games.jsonl"
    plot_path = None if (args.plot or "").lower() == "none" else (args.plot or stem + ".png")
    for flag, path in (("--out", args.out), ("--games-file", games_file), ("--plot", plot_path)):
        if path is None:
            continue
        folder = os.path.dirname(os.path.abspath(path)) if path else ""
        if not path or os.path.isdir(path):
            p.error(f"{flag} {path!r}: give a file name (a folder or nothing is not one)")
        if not os.path.isdir(folder):
            p.error(f"{flag} {path!r}: no folder {folder!r} to write it in")
    try:
        cfg = TournamentConfig(agents=tuple(args.agents), games=args.games, players=args.players,
                               pack=args.pack, deck=args.deck, hero_selection=args.hero_selection,
                               max_rounds=args.max_rounds, seating=args.seating, seed=args.seed,
                               autoplay=not args.no_autoplay, mode=args.mode,
                               trust_pickles=args.trust_pickles,
                               # --record keeps every decision: the game engine does
                               engine="game" if args.record and args.engine == "auto"
                               else args.engine)
        if args.rating not in ("auto", "openskill", "elo"):
            raise TournamentError(f"--rating must be auto, openskill or elo, got {args.rating!r}")
        summary = run_tournament(cfg, workers=args.workers, games_file=games_file,
                                 resume=args.resume, progress=not args.quiet, rating=args.rating,
                                 backend=args.backend, address=args.address,
                                 record_dir=args.record)
    except (TournamentError, ImportError, OSError) as e:
        p.error(one_line(e))
    except MemoryError:
        p.error(f"not enough memory to hold {args.games} games (--games)")
    except KeyboardInterrupt:
        print(f"\ninterrupted: the finished games are in {games_file}; run again with --resume",
              file=sys.stderr)
        return 130
    try:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(summary, f, indent=1, ensure_ascii=False)
    except OSError as e:
        print(f"error: cannot write {args.out}: {one_line(e)}; the games are in {games_file}",
              file=sys.stderr)
        return 2
    print(format_table(summary))
    made = plot(summary, plot_path) if plot_path else False
    print(f"summary: {args.out}; games: {games_file}" + (f"; plot: {plot_path}" if made else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
