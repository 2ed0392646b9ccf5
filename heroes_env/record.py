"""Game records: what is needed to play a game again, decision by decision.

A record holds the game's ``Config``, its seed, every agent decision (seat, action, the action's
English label) and the result, with the package version that played it; and, for the decisions
of agents that explain them (a language model's prompt and replies, ``Agent.take_transcript``),
their transcripts. ``GameRecord.replay()``
re-simulates the game from the seed and the decisions and checks, at every decision, that the
same seat decides, that the action is legal and that it still means the same (its label); the
first difference raises ``RecordDivergedError`` naming the decision, what the record says and what
the game now does (a rule changed since the record was made). At the end the result must match.

Files: ``.json`` holds one record; ``.jsonl`` holds one record per line (many games); a directory
holds one ``game_<n>.json`` per game. ``load_records(path)`` reads any of them.

Recording:

- ``RecordingEnv(heroes_env.env(...), "games.jsonl")``: a PettingZoo wrapper of the AEC env;
  each finished game is written (and kept in ``.records``). It sees no agents, so it keeps
  no transcripts (``GameRecorder.step(action, agent.take_transcript())`` does).
- ``GameRecorder``: wrap a ``Game`` you step yourself (``heroes_env.play``, the tournament).
- ``VectorRecorder(VectorEnv(...), "dir/")``: records the games of a batched env (training).
- ``python -m heroes_env.agents.tournament ... --record DIR``,
  ``python -m heroes_env.play --record FILE``.

Examples:
    ```python
    import heroes_env
    from heroes_env.record import RecordingEnv, load_records

    env = RecordingEnv(heroes_env.env(num_players=5), "games.jsonl")
    env.reset(seed=3)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        env.step(None if terminated or truncated
                 else int(obs["action_mask"].nonzero()[0][-1]))   # the last legal action
    env.close()
    record = load_records("games.jsonl")[0]
    game = record.replay()          # RecordDivergedError if the rules changed since
    assert game.done and record.result is not None
    ```
"""
from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, TypeGuard

import numpy as np

from . import labels
from .config import Config
from .engine import constants as C
from .game import Game
from .game import engine_seed as _engine_seed

if TYPE_CHECKING:
    from pettingzoo import AECEnv

    from .vector import VectorEnv, VectorStep

FORMAT = "heroes_env.record/1"


class RecordError(ValueError):
    """A record file that cannot be read (malformed, another format)."""


class RecordDivergedError(RecordError):
    """A record that no longer replays: the game does something else at some decision."""


def _version() -> str:
    from . import __version__
    return __version__


def config_to_dict(config: Config) -> dict:
    d = asdict(config)
    if isinstance(d["hero_selection"], tuple):
        d["hero_selection"] = list(d["hero_selection"])
    return d


def config_from_dict(d: dict) -> Config:
    if not isinstance(d, dict):
        raise RecordError(f"the record's config must be an object of Config's keywords, got "
                          f"{_short(d)}")
    try:
        return Config(**d)
    except (TypeError, ValueError) as e:
        raise RecordError(f"the record's config {_short(d)} is not a Config: {e}") from None


def _short(x, n: int = 200) -> str:
    text = repr(x)
    return text if len(text) <= n else text[:n] + "..."


def _is_int(x: object) -> TypeGuard[int]:
    return isinstance(x, int) and not isinstance(x, bool)


@dataclass
class GameRecord:
    """One game, as a record holds it.

    Attributes:
        config: The game's ``Config``.
        engine_seed: The engine's 32-bit seed of the game (``Game.new(engine_seed=...)``).
        seed: The seed the game was asked with (``env().reset(seed=...)``), if one was.
        decisions: ``[seat, action, label]`` per agent decision, in order (the label in
            English).
        result: The ``labels.RESULT_NAMES["en"]`` text, or None for a game stopped before its
            end.
        rewards: Every seat's reward at the end.
        rounds: The round the game ended in.
        version: The package version that played it.
        meta: Whatever the recorder added (agents, row, tournament ...).
        transcripts: ``{"decision": k, "seat": s, ...the agent's transcript}`` for the
            decisions k whose agent gave one (``Agent.take_transcript``), in decision order.
    """
    config: Config
    engine_seed: int
    seed: int | None = None
    decisions: list = field(default_factory=list)
    result: str | None = None
    rewards: list | None = None
    rounds: int | None = None
    version: str = field(default_factory=_version)
    meta: dict = field(default_factory=dict)
    transcripts: list = field(default_factory=list)

    # ------------------------------------------------------------ JSON
    def to_dict(self) -> dict:
        """The record as JSON-ready data (``from_dict`` reads it back)."""
        d = {"format": FORMAT, "version": self.version, "config": config_to_dict(self.config),
             "seed": self.seed, "engine_seed": self.engine_seed,
             "decisions": [list(d) for d in self.decisions], "result": self.result,
             "rewards": self.rewards, "rounds": self.rounds, "meta": self.meta}
        if self.transcripts:
            d["transcripts"] = self.transcripts
        return d

    def add_transcript(self, k: int, seat: int, transcript: dict | None) -> None:
        """Keep an agent's transcript of decision k (nothing if None)."""
        if transcript is not None:
            self.transcripts.append({"decision": int(k), "seat": int(seat), **transcript})

    def to_json(self) -> str:
        """The record as one line of JSON."""
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_dict(cls, d: dict, where: str = "record") -> GameRecord:
        """The record of ``to_dict``'s data, checked field by field.

        Args:
            d: The data.
            where: What it came from, for the error.

        Raises:
            RecordError: Not a record of this format, or a field of the wrong type, naming it.
        """
        if not isinstance(d, dict) or d.get("format") != FORMAT:
            got = d.get("format") if isinstance(d, dict) else type(d).__name__
            raise RecordError(f"{where} is not a game record (format {FORMAT!r} expected, got "
                              f"{got!r})")
        missing = [k for k in ("config", "engine_seed", "decisions") if k not in d]
        if missing:
            raise RecordError(f"{where} lacks {missing}")
        decisions = d["decisions"]
        if not isinstance(decisions, list):
            raise RecordError(f"{where}: decisions must be a list of [seat, action, label], got "
                              f"{_short(decisions)}")
        seed = d["engine_seed"]
        if not _is_int(seed) or not -(1 << 31) <= seed < (1 << 31):
            raise RecordError(f"{where}: engine_seed must be an int from {-(1 << 31)} to "
                              f"{(1 << 31) - 1}, got {_short(seed)}")
        for key, kinds in (("seed", int), ("result", str), ("rewards", list), ("rounds", int),
                           ("meta", dict), ("version", str)):
            x = d.get(key)
            if x is not None and (not isinstance(x, kinds) or isinstance(x, bool)):
                raise RecordError(f"{where}: {key} must be a {kinds.__name__} or null, got "
                                  f"{_short(x)}")
        for k, x in enumerate(decisions):
            if (not isinstance(x, list) or len(x) != 3 or not _is_int(x[0])
                    or not _is_int(x[1]) or not isinstance(x[2], str)):
                raise RecordError(f"{where}: decision {k} must be [seat, action, label], got "
                                  f"{_short(x)}")
        transcripts = d.get("transcripts") or []
        if not isinstance(transcripts, list):
            raise RecordError(f"{where}: transcripts must be a list, got "
                              f"{type(transcripts).__name__}")
        for x in transcripts:
            j = x.get("decision") if isinstance(x, dict) else None
            if not _is_int(j) or not 0 <= j < len(decisions):
                raise RecordError(f"{where}: a transcript must be an object naming its decision "
                                  f"(0..{len(decisions) - 1}), got {_short(x)}")
        return cls(config=config_from_dict(d["config"]), engine_seed=seed,
                   seed=d.get("seed"), decisions=[list(x) for x in decisions],
                   result=d.get("result"), rewards=d.get("rewards"), rounds=d.get("rounds"),
                   version=d.get("version", "?"), meta=d.get("meta") or {},
                   transcripts=transcripts)

    # ------------------------------------------------------------ replay
    def new_game(self, log: bool = True) -> Game:
        """The game as it was dealt, before any decision."""
        return Game.new(self.config, engine_seed=self.engine_seed, log=log)

    def replay(self, on_decision: Callable[[int, Game, int, int], object] | None = None,
               log: bool = True) -> Game:
        """Play the record again, checking every decision.

        Args:
            on_decision: Called as ``on_decision(k, game, seat, action)`` before decision k is
                stepped.
            log: Keep the game's event log.

        Returns:
            The final game.

        Raises:
            RecordDivergedError: At the first decision the game no longer makes the same way
                (another seat decides, the action is illegal or means something else), or if
                the result differs.
        """
        g = self.new_game(log)
        for k, (seat, action, label) in enumerate(self.decisions):
            if g.done:
                self._diverged(k, g, seat, action, label,
                               f"the game is over ({labels.RESULT_NAMES['en'][g.result]})")
            if g.decider != seat:
                self._diverged(k, g, seat, action, label,
                               g.describe_decision())
            legal = g.legal_actions()
            if action not in legal:
                self._diverged(k, g, seat, action, label,
                               f"that action is not legal now ({g.describe_decision()}); legal: "
                               + ", ".join(f"{a} ({g.action_to_str(a)})" for a in legal))
            now = g.action_to_str(action)
            if now != label and str(label).lower() not in labels.action_names(action, g.decider,
                                                                               g.s):
                # (a label of an older version names a skill or hero by its key: the same action)
                self._diverged(k, g, seat, action, label,
                               f"action {action} now means {now!r} ({g.describe_decision()})")
            if on_decision is not None:
                on_decision(k, g, seat, action)
            g.step(action)
        if self.result is not None:
            now = labels.RESULT_NAMES["en"][g.result] if g.done else "not over"
            if now != self.result:
                raise RecordDivergedError(
                    f"record diverged at the end, after all {len(self.decisions)} decisions: it "
                    f"says {self.result!r}, the game now gives {now!r}" +
                    ("" if g.done else f" (next: {g.describe_decision()})"))
        return g

    def _diverged(self, k, g, seat, action, label, what):
        raise RecordDivergedError(
            f"record diverged at decision {k} (round {g.round}): the record has player_{seat} "
            f"choose {label!r} (action {action}), but {what}. The rules changed since version "
            f"{_short(self.version, 60)} recorded it, or the record was edited.")


# ---------------------------------------------------------------- recording a Game
class GameRecorder:
    """Step a Game through this to record it: ``rec.step(action)`` instead of ``game.step``.

    Args:
        config: The game's ``Config``.
        seed: The game's seed (None: drawn here, so that the record can replay it).
        engine_seed: The engine's own seed instead of ``seed``.
        log: Keep the game's event log.
        meta: Stored in the record's ``meta``.

    Attributes:
        game: The ``Game`` being played.
        record: Its ``GameRecord``, its result filled in when the game ends.
    """

    def __init__(self, config: Config, seed: int | None = None, engine_seed: int | None = None,
                 log: bool = False, meta: dict | None = None):
        if engine_seed is None:
            if seed is None:
                seed = int(np.random.SeedSequence().generate_state(1, np.uint32)[0])
            engine_seed = _engine_seed(seed)
        self.game: Game = Game.new(config, engine_seed=engine_seed, log=log)
        self.record: GameRecord = GameRecord(config, int(engine_seed), seed, meta=dict(meta or {}))

    def step(self, action: int, transcript: dict | None = None) -> None:
        """Step the game and record the decision.

        Args:
            action: The deciding seat's action.
            transcript: The deciding agent's (``Agent.take_transcript``), kept beside it.

        Raises:
            IllegalActionError: An illegal action (nothing is recorded).
        """
        g = self.game
        seat = g.decider
        label = g.action_to_str(int(action)) if 0 <= int(action) < C.NUM_ACTIONS else "?"
        g.step(action)          # raises (and records nothing) if illegal
        self.record.add_transcript(len(self.record.decisions), seat, transcript)
        self.record.decisions.append([seat, int(action), label])
        if g.done:
            finish(self.record, g)


def finish(record: GameRecord, g: Game) -> GameRecord:
    """Fill in the result of a finished game."""
    record.result = labels.RESULT_NAMES["en"][g.result]
    record.rewards = [int(x) for x in g.rewards()]
    record.rounds = g.round
    return record


def from_actions(config: Config, seed: int | None, actions: Sequence[int],
                 engine_seed: int | None = None, meta: dict | None = None) -> GameRecord:
    """The record of the game played by these actions (labels and result by re-simulation).

    Raises:
        RecordError: More actions than the game has decisions.
        IllegalActionError: An action the game does not allow.
    """
    rec = GameRecorder(config, seed, engine_seed, meta=meta)
    for k, a in enumerate(actions):
        if rec.game.done:
            raise RecordError(f"the game is over after {k} actions, {len(actions)} given")
        rec.step(int(a))
    return rec.record


# ---------------------------------------------------------------- files
class RecordWriter:
    """Where records go: a ``.jsonl`` file (appended, one record a line), a ``.json`` file (one
    record; a second one is an error) or a directory (``game_<n>.json``, n counting up).

    Args:
        path: The file or directory (a directory and a file's folder are made if missing).
    """

    def __init__(self, path: str):
        self.path = str(path)
        self.count = 0
        if self.path.endswith(".jsonl"):
            self.kind = "jsonl"
        elif self.path.endswith(".json"):
            self.kind = "json"
        else:
            self.kind = "dir"
            os.makedirs(self.path, exist_ok=True)
        parent = os.path.dirname(self.path)
        if self.kind != "dir" and parent:
            os.makedirs(parent, exist_ok=True)

    def write(self, record: GameRecord, name: str | None = None) -> str:
        """Write one record; returns the file written.

        Args:
            record: The record.
            name: In a directory, the file's name (default ``game_<n>.json``).

        Raises:
            RecordError: A second record for a ``.json`` file.
        """
        if self.kind == "jsonl":
            with open(self.path, "a", encoding="utf-8") as f:
                f.write(record.to_json() + "\n")
            out = self.path
        elif self.kind == "json":
            if self.count:
                raise RecordError(f"{self.path} holds one record; use a .jsonl file or a "
                                  "directory for several games")
            _write_atomic(self.path, record.to_json())
            out = self.path
        else:
            out = os.path.join(self.path, name or f"game_{self.count:06d}.json")
            _write_atomic(out, record.to_json())
        self.count += 1
        return out


def _write_atomic(path: str, text: str) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text + "\n")
    os.replace(tmp, path)


def save_record(record: GameRecord, path: str) -> None:
    """Write one record to a .json file (or append it to a .jsonl file)."""
    RecordWriter(path).write(record)


def load_records(path: str) -> list[GameRecord]:
    """Every record in a .json file, a .jsonl file or a directory of .json files.

    Raises:
        RecordError: A file that is not a regular file of at most ``MAX_FILE_BYTES``, not JSON,
            or not a record, naming it.
    """
    path = str(path)
    if os.path.isdir(path):                # its record files (not its folders)
        names = sorted(f for f in os.listdir(path) if f.endswith((".json", ".jsonl"))
                       and not os.path.isdir(os.path.join(path, f)))
        out = []
        for f in names:
            out += load_records(os.path.join(path, f))
        return out
    text = read_text_file(path, "record file", RecordError)
    if path.endswith(".jsonl"):
        out = []
        for i, line in enumerate(text.splitlines()):
            if line.strip():
                out.append(GameRecord.from_dict(_parse(line, f"{path} line {i + 1}"),
                                                f"{path} line {i + 1}"))
        return out
    return [GameRecord.from_dict(_parse(text, path), path)]


MAX_FILE_BYTES = 256 * 2 ** 20      # the largest record file read


def read_text_file(path: str, what: str, error=ValueError, limit: int | None = None) -> str:
    """The UTF-8 text of a regular file of at most limit bytes (``MAX_FILE_BYTES``); anything
    else (no such file, a FIFO or a device, a larger file, bytes that are not UTF-8) is error
    naming it. A FIFO is never opened, so nothing waits on it."""
    import stat
    limit = MAX_FILE_BYTES if limit is None else limit
    try:
        st = os.stat(path)
    except (OSError, ValueError) as e:
        raise error(f"no {what} {path}: {e}") from None
    if not stat.S_ISREG(st.st_mode):
        raise error(f"{what} {path} is not a regular file (a directory, FIFO, device or "
                    f"socket); give a file")
    if st.st_size > limit:
        raise error(f"{what} {path} has {st.st_size} bytes, over the limit of {limit}")
    try:
        with open(path, "rb") as fh:
            data = fh.read(limit + 1)
    except OSError as e:
        raise error(f"cannot read {what} {path}: {e}") from None
    if len(data) > limit:
        raise error(f"{what} {path} is over the limit of {limit} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise error(f"cannot read {what} {path}: {e}") from None


def _parse(text: str, where: str):
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as e:
        raise RecordError(f"{where} is not JSON: {str(e)[:200] or type(e).__name__}") from None


def load_record(path: str, index: int = 0) -> GameRecord:
    """Record ``index`` of a file or directory (``load_records``; negative counts from the end).

    Raises:
        RecordError: No record ``index``, or what ``load_records`` refuses.
    """
    recs = load_records(path)
    if not -len(recs) <= index < len(recs):
        raise RecordError(f"{path} holds {len(recs)} record(s); there is no game {index}")
    return recs[index]


# ---------------------------------------------------------------- the AEC env
try:
    from pettingzoo.utils.wrappers import BaseWrapper as _Base
except ImportError:          # pragma: no cover
    _Base = object


class RecordingEnv(_Base):
    """A PettingZoo wrapper of ``heroes_env.env()`` that records every game it plays.

    A game left before its end is kept, with ``result`` None, when the next ``reset`` or
    ``close`` comes. ``reset(seed=None)`` draws the seed here so that the record can replay it.

    Args:
        env: The AEC env, ``heroes_env.env(...)`` or ``raw_env(...)``.
        path: Where finished games go (``RecordWriter``: .jsonl, .json or a directory), or None
            to keep them only in ``records``.
        meta: Stored in every record's ``meta``.

    Attributes:
        records: The games recorded so far.
    """

    def __init__(self, env: AECEnv, path: str | None = None, meta: dict | None = None):
        super().__init__(env)
        self.writer = RecordWriter(path) if path is not None else None
        self.records: list[GameRecord] = []
        self.meta = dict(meta or {})
        self._current: GameRecord | None = None

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """The env's ``reset``; a game under way is kept, unfinished."""
        self._flush()
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1, np.uint32)[0])
        self.env.reset(seed=seed, options=options)
        g = self.env.unwrapped.game
        self._current = GameRecord(g.config, _engine_seed(seed), int(seed), meta=dict(self.meta))

    def step(self, action: int | np.integer | np.ndarray | None) -> None:
        """The env's ``step``, recorded; a game that ends is written."""
        raw = self.env.unwrapped
        g = raw.game
        rec = self._current
        live = None if action is None or g.done else int(action)     # a decision's action
        if live is not None:
            seat, label = g.decider, g.action_to_str(live)
        self.env.step(action)
        if live is not None and rec is not None:
            rec.decisions.append([seat, live, label])
            if g.done:
                finish(rec, g)
                self._flush()

    def _flush(self):
        rec, self._current = self._current, None
        if rec is None or (not rec.decisions and rec.result is None):
            return
        self.records.append(rec)
        if self.writer is not None:
            self.writer.write(rec)

    def close(self) -> None:
        """Keep the game under way, unfinished, and close the env."""
        self._flush()
        self.env.close()


# ---------------------------------------------------------------- VectorEnv
class VectorRecorder:
    """Records the games a ``heroes_env.vector.VectorEnv`` plays: use ``rec.reset`` / ``rec.step``
    in place of the env's (same arguments and results); other attributes are the env's.

    Each finished game is written with its seed, labels and result by replaying it through
    ``Game`` (this also checks it against the batched engine's result), so recording costs a
    Python loop per recorded row and step: record a few rows of a training run, not all 4,096.

    Args:
        venv: The batched env.
        path: A ``RecordWriter`` target (a directory or a .jsonl file) or None (``records``
            only).
        rows: The rows to record (None: all).
        max_games: Stop recording after this many finished games (None: never).
        meta: Stored in every record's ``meta`` (with the row).

    Attributes:
        records: The games recorded so far.

    Raises:
        ValueError: A row out of range.
    """

    def __init__(self, venv: VectorEnv, path: str | None = None,
                 rows: Iterable[int] | None = None, max_games: int | None = None,
                 meta: dict | None = None):
        self.venv = venv
        self.writer = RecordWriter(path) if path is not None else None
        B = venv.num_envs
        self.rows = list(range(B)) if rows is None else sorted({int(r) for r in rows})
        bad = [r for r in self.rows if not 0 <= r < B]
        if bad:
            raise ValueError(f"rows must be game indices 0..{B - 1}, got {bad}")
        self.max_games = max_games
        self.meta = dict(meta or {})
        self.records: list[GameRecord] = []
        self._actions: dict[int, list[int]] = {}
        self._seed: dict[int, int] = {}
        self._seat: np.ndarray | None = None

    @property
    def done(self) -> bool:
        """``max_games`` games are recorded."""
        return self.max_games is not None and len(self.records) >= self.max_games

    def _start_rows(self, rows):
        core = self.venv.core
        for i in rows:
            self._actions[i] = []
            self._seed[i] = int(core.user_seed[i])

    def reset(self, seed: int | None = None) -> VectorStep:
        """The env's ``reset``; recording starts in every recorded row."""
        r = self.venv.reset(seed)
        self._start_rows(self.rows)
        self._seat = np.array(r.seat, copy=True)
        return r

    def step(self, actions: np.ndarray) -> VectorStep:
        """The env's ``step``; the recorded rows' games that end are written.

        Raises:
            RecordDivergedError: A game whose replay through ``Game`` ends otherwise than the
                batched engine's.
        """
        if self._seat is None:
            raise RuntimeError("call reset() before step()")
        acts = np.asarray(actions)
        r = self.venv.step(actions)
        if self.done:
            return r
        ended = r.terminated | r.truncated
        restart = []
        for i in self.rows:
            self._actions[i].append(int(acts[i]))
            if ended[i]:
                self._finish(i, int(r.info["result"][i]))
                restart.append(i)
        self._start_rows(restart)
        self._seat = np.array(r.seat, copy=True)
        return r

    def _finish(self, i: int, result: int):
        if self.done:
            return
        seed = self._seed[i]
        rec = from_actions(self.venv.config, seed, self._actions[i],
                           meta={**self.meta, "row": i})
        want = labels.RESULT_NAMES["en"][result]
        if rec.result != want:
            raise RecordDivergedError(f"row {i} (seed {seed}): the batched engine ended with "
                                      f"{want!r}, the replay with {rec.result!r}")
        self.records.append(rec)
        if self.writer is not None:
            self.writer.write(rec)

    def __getattr__(self, name):
        return getattr(self.venv, name)
