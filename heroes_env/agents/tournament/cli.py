"""The command line, ``heroes-tournament`` (``python -m heroes_env.agents.tournament``)."""
from __future__ import annotations

import argparse
import json
import os
import sys

from heroes_env import cards as _cards
from heroes_env.cli import HelpFormatter, int_in, one_line, prog
from heroes_env.config import DEFAULTS, PACKS
from heroes_env.engine import constants as C

from .chart import plot
from .config import BATCHED_AGENTS, ENGINES, SEATINGS, TournamentConfig, TournamentError
from .run import BACKENDS, run_tournament
from .summary import format_table


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
