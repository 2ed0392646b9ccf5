"""``run_tournament``: play a tournament's missing games on a backend, keep each finished game in
the games file as it ends, and return the summary."""
from __future__ import annotations

import json
import os
import sys
import time

from ..base import AgentSpecError, make_agent, trust_kwargs
from .config import TournamentConfig, TournamentError
from .games import DECISIONS_KEY, TRANSCRIPTS_KEY, write_record
from .games_file import read_games, write_games
from .local import local_records
from .ray_backend import ray_records
from .summary import summarize

BACKENDS = ("local", "ray")


class _Progress:
    """The progress bar on stderr: tqdm's if installed, else a line of its own."""

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
            records = read_games(games_file, cfg)
    todo = [i for i in range(cfg.games) if i not in records]
    if games_file is not None:
        write_games(games_file, cfg, records)
        out = open(games_file, "a", encoding="utf-8")
    bar = _Progress(cfg.games, cfg.games - len(todo), progress)
    done_now = 0

    record = record_dir is not None

    def keep(rec):
        nonlocal done_now
        decisions = rec.pop(DECISIONS_KEY, None)
        transcripts = rec.pop(TRANSCRIPTS_KEY, None)
        if decisions is not None:
            write_record(record_dir, config, rec, decisions, transcripts)
        records[rec["game"]] = rec
        if out is not None:
            out.write(json.dumps(rec) + "\n")
            out.flush()
        done_now += 1
        bar.update()

    try:
        if backend == "ray":
            games = ray_records(cfg, todo, workers, address, record)
        else:
            games = local_records(cfg, todo, workers, record)
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
