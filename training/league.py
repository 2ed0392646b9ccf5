"""A league table: trained agents, the heuristic and the random agent in one tournament, as a
markdown table (ratings, win rate per role) for the documentation, with the summary JSON and the
tournament's bar plot.

    python training/league.py --agents zoo heuristic random \\
        --games 1000 --players 5 --pack none --out training/results/league_none5

``zoo`` in ``--agents`` stands for every agent of the zoo (``agents/index.json``) that plays the
table (``--pack``, ``--players``), as ``trained:NAME``; other entries are agent specs
(``trained:NAME``, a checkpoint file, ``heuristic``, ``random``, ``package.module:Class``).

One ``heroes_env.agents.tournament`` run: seats rotated over the agents (``--seating rotate``: with
k agents at an n-seat table, seat s of game i is agent (s + i) mod k, so each holds every seat
and meets every role equally often; with k < n an agent holds several seats of a game). Ratings
from every game's sides (OpenSkill if installed, else the built-in multi-team Elo:
``heroes_env.agents.ratings``). Writes ``<out>.md`` (the table), ``<out>.json`` (the summary),
``<out>.games.jsonl`` (one line per game; ``--resume`` plays only the missing ones) and
``<out>.png`` (win rate per role and agent, with 95% intervals).
"""
from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from training.common import ROLE_NAMES  # noqa: E402


def _pct(d: dict) -> str:
    n = d.get("games", d.get("seat_games", 0))
    if not n:
        return "-"
    lo, hi = d["ci95"]
    return f"{100 * d['win_rate']:.1f} ({100 * lo:.1f}-{100 * hi:.1f})"


def _rating(entry: dict) -> str:
    if "ordinal" in entry:
        return f"{entry['ordinal']:.2f} (mu {entry['mu']:.2f}, sigma {entry['sigma']:.2f})"
    return f"{entry['elo']:.0f}"


def markdown(summary: dict, command: str = "") -> str:
    """The league table: one row per agent, best rating first; win rate % (Wilson 95%)."""
    from heroes_env.agents.ratings import rating_key
    cfg = summary["config"]
    system = summary["rating_system"]
    head = (f"{summary['games']} games, {cfg['players']} players, pack {cfg['pack']}, seats "
            f"rotated over the agents, seed {cfg['seed']}; win rate % (Wilson 95% "
            f"interval) per seat-game; rating: {system}")
    lines = [head + (f"; `{command}`" if command else ""), "",
             "| agent | rating | all | " + " | ".join(ROLE_NAMES) + " | seat-games |",
             "|---|---|---|" + "---|" * len(ROLE_NAMES) + "---|"]
    agents = sorted(summary["agents"].items(), key=lambda kv: -rating_key(kv[1]["rating"]))
    for label, st in agents:
        cells = [_pct(st)] + [_pct(st["roles"][r]) for r in ROLE_NAMES]
        lines.append(f"| {label} | {_rating(st['rating'])} | " + " | ".join(cells)
                     + f" | {st['seat_games']} |")
    return "\n".join(lines) + "\n"


def zoo_agents(pack: str, players: int) -> list[str]:
    """``trained:NAME`` of every zoo agent that plays ``players`` players with ``pack``."""
    from heroes_env.agents.trained import SCHEME, shipped_checkpoints
    return [f"{SCHEME}:{name}" for name, e in sorted(shipped_checkpoints().items())
            if e["pack"] == pack and e["num_players"] == players]


def expand_agents(agents, pack: str, players: int) -> list[str]:
    """``agents`` with ``zoo`` replaced by the zoo's agents of the table (an error if none)."""
    out = []
    for spec in agents:
        if spec == "zoo":
            found = zoo_agents(pack, players)
            if not found:
                raise SystemExit(f"--agents zoo: the zoo has no agent for {players} players, "
                                 f"pack {pack}")
            out += found
        else:
            out.append(spec)
    return out


def main(argv=None) -> int:
    import heroes_env.agents.torch_policy  # noqa: F401 - registers the .pt / .zip loaders
    from heroes_env.agents import tournament
    from heroes_env.cli import HelpFormatter
    from heroes_env.config import DEFAULT_PACK

    p = argparse.ArgumentParser(prog="python training/league.py",
                                description=__doc__.split("\n")[0], formatter_class=HelpFormatter)
    p.add_argument("--agents", nargs="+", default=["heuristic", "random"], metavar="AGENT",
                   help="zoo (the zoo's agents of the table), trained:NAME, checkpoints "
                        "(.pt / .zip), heuristic, random, package.module:Class")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--players", type=int, default=5)
    p.add_argument("--pack", default=DEFAULT_PACK)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--rating", default="auto", help="auto, openskill or elo")
    p.add_argument("--out", default="training/results/league",
                   help="path stem of the outputs (.md, .json, .games.jsonl, .png)")
    p.add_argument("--resume", action="store_true", help="keep the games already played")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    a = p.parse_args(argv)
    a.agents = expand_agents(a.agents, a.pack, a.players)
    stem = a.out[:-3] if a.out.endswith(".md") else a.out
    try:
        cfg = tournament.TournamentConfig(agents=tuple(a.agents), games=a.games, players=a.players,
                                          pack=a.pack, seed=a.seed)
        if a.rating not in ("auto", "openskill", "elo"):
            raise tournament.TournamentError(
                f"--rating must be auto, openskill or elo, got {a.rating!r}")
        os.makedirs(os.path.dirname(os.path.abspath(stem)), exist_ok=True)
        summary = tournament.run_tournament(cfg, workers=a.workers,
                                            games_file=stem + ".games.jsonl", resume=a.resume,
                                            progress=not a.quiet, rating=a.rating)
    except tournament.TournamentError as e:
        p.error(str(e))
    command = ("python training/league.py --agents " + " ".join(a.agents)
               + f" --games {a.games} --players {a.players} --pack {a.pack} --seed {a.seed}")
    table = markdown(summary, command)
    with open(stem + ".md", "w", encoding="utf-8") as f:
        f.write(table)
    with open(stem + ".json", "w", encoding="utf-8") as f:
        json.dump(summary, f, indent=1, ensure_ascii=False)
    made = tournament.plot(summary, stem + ".png")
    print(table)
    print(f"table {stem}.md, summary {stem}.json, games {stem}.games.jsonl"
          + (f", plot {stem}.png" if made else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
