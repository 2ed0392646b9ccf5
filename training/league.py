"""A league table: trained agents, the heuristic and the random agent in one tournament, as a
markdown table (ratings, win rate per role) for the documentation, with the summary JSON and the
tournament's bar plot.

    python training/league.py --agents zoo heuristic random \\
        --games 1000 --players 5 --pack none --out training/results/league_none5

``zoo`` in ``--agents`` stands for every agent of the zoo (``agents/index.json``) that plays the
table (``--pack``, ``--players``), as ``trained:NAME``; ``zoo:all`` for every agent of the zoo,
whatever table it was trained at; other entries are agent specs (``trained:NAME``, a checkpoint
file, ``heuristic``, ``random``, ``package.module:Class``).

The cross-table figure: each agent's lead over the heuristic at each table, from several leagues'
summaries (one per table, every agent in each: ``zoo:all``), and its mean over the tables it
plays::

    python training/league.py --cross training/results/league_none5.json \
        training/results/league_standard5.json --out training/results/league_cross

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
    """``agents`` with ``zoo`` replaced by the zoo's agents of the table (an error if none) and
    ``zoo:all`` by every agent of the zoo."""
    from heroes_env.agents.trained import SCHEME, shipped_checkpoints
    out = []
    for spec in agents:
        if spec == "zoo:all":
            out += [f"{SCHEME}:{name}" for name in sorted(shipped_checkpoints())]
        elif spec == "zoo":
            found = zoo_agents(pack, players)
            if not found:
                raise SystemExit(f"--agents zoo: the zoo has no agent for {players} players, "
                                 f"pack {pack}")
            out += found
        else:
            out.append(spec)
    return out


def _lead(agent: dict, base: dict) -> tuple[float, float, float] | None:
    """(lead, low, high) in points: the agent's win rate minus the baseline's over their
    seat-games, with a normal 95% interval for two independent proportions; None if either
    played no game."""
    n1, n2 = agent.get("seat_games", agent.get("games", 0)), base.get("seat_games",
                                                                    base.get("games", 0))
    if not n1 or not n2:
        return None
    p1, p2 = agent["wins"] / n1, base["wins"] / n2
    half = 1.96 * (p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2) ** 0.5
    return 100 * (p1 - p2), 100 * (p1 - p2 - half), 100 * (p1 - p2 + half)


def table_name(config: dict) -> str:
    """A league's table as a column name: pack and players (and the mode if not identity)."""
    mode = config.get("mode", "identity")
    return f"{config['pack']} {config['players']}p" + ("" if mode == "identity" else f" {mode}")


def cross_table(summaries: list[dict], baseline: str = "heuristic") -> dict:
    """Each agent's lead over ``baseline`` (points, with 95% intervals) at each league's table,
    and its mean over the tables it plays: {"tables": [...], "baseline": ..., "agents": {name:
    {"leads": {table: [lead, low, high]}, "mean": ...}}}. SystemExit if a league lacks the
    baseline or two leagues play the same table."""
    tables, agents = [], {}
    for summary in summaries:
        table = table_name(summary["config"])
        if table in tables:
            raise SystemExit(f"--cross: two leagues of the table {table}")
        if baseline not in summary["agents"]:
            raise SystemExit(f"--cross: the league of {table} has no {baseline!r} agent (its "
                             f"agents: {', '.join(summary['agents'])})")
        tables.append(table)
        base = summary["agents"][baseline]
        for name, st in summary["agents"].items():
            if name == baseline:
                continue
            lead = _lead(st, base)
            if lead is not None:
                agents.setdefault(name, {"leads": {}})["leads"][table] = [round(x, 2)
                                                                          for x in lead]
    for entry in agents.values():
        leads = [v[0] for v in entry["leads"].values()]
        entry["mean"] = round(sum(leads) / len(leads), 2)
    return {"tables": tables, "baseline": baseline,
            "agents": dict(sorted(agents.items(), key=lambda kv: -kv[1]["mean"]))}


def cross_markdown(cross: dict, command: str = "") -> str:
    """The cross-table figure as a markdown table, best mean lead first."""
    tables = cross["tables"]
    lines = [f"Lead over the {cross['baseline']} in points (win rate per seat-game minus the "
             f"{cross['baseline']}'s in the same league; 95% interval), per table, and the mean "
             f"over the tables an agent plays" + (f"; `{command}`" if command else ""), "",
             "| agent | mean | " + " | ".join(tables) + " |",
             "|---|---|" + "---|" * len(tables)]
    for name, entry in cross["agents"].items():
        cells = []
        for t in tables:
            v = entry["leads"].get(t)
            cells.append("-" if v is None else f"{v[0]:+.1f} ({v[1]:+.1f} to {v[2]:+.1f})")
        lines.append(f"| {name} | {entry['mean']:+.1f} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def cross_plot(cross: dict, path: str) -> bool:
    """Bars of each agent's lead per table (95% intervals). False if no matplotlib."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    tables, names = cross["tables"], list(cross["agents"])
    fig, ax = plt.subplots(figsize=(9, 4))
    width = 0.8 / max(1, len(names))
    for k, name in enumerate(names):
        leads = cross["agents"][name]["leads"]
        xs, ys, err = [], [], [[], []]
        for i, t in enumerate(tables):
            if t in leads:
                lead, low, high = leads[t]
                xs.append(i + (k - (len(names) - 1) / 2) * width)
                ys.append(lead)
                err[0].append(lead - low)
                err[1].append(high - lead)
        ax.bar(xs, ys, width, yerr=err, capsize=2, label=name)
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xticks(range(len(tables)), tables)
    ax.set_ylabel(f"lead over the {cross['baseline']} (points)")
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return True


def cross_main(files: list[str], stem: str) -> int:
    summaries = []
    for path in files:
        try:
            with open(path, encoding="utf-8") as f:
                summary = json.load(f)
        except (OSError, ValueError) as e:
            raise SystemExit(f"--cross: cannot read {path}: {e}") from None
        if not isinstance(summary, dict) or not {"config", "agents"} <= set(summary):
            raise SystemExit(f"--cross: {path} is not a league's summary (config, agents)")
        summaries.append(summary)
    cross = cross_table(summaries)
    command = "python training/league.py --cross " + " ".join(files) + f" --out {stem}"
    table = cross_markdown(cross, command)
    with open(stem + ".md", "w", encoding="utf-8") as f:
        f.write(table)
    with open(stem + ".json", "w", encoding="utf-8") as f:
        json.dump(cross, f, indent=1, ensure_ascii=False)
    made = cross_plot(cross, stem + ".png")
    print(table)
    print(f"table {stem}.md, figure data {stem}.json" + (f", plot {stem}.png" if made else ""))
    return 0


def main(argv=None) -> int:
    import heroes_env.agents.torch_policy  # noqa: F401 - registers the .pt / .zip loaders
    from heroes_env.agents import tournament
    from heroes_env.cli import HelpFormatter
    from heroes_env.config import DEFAULT_PACK

    p = argparse.ArgumentParser(prog="python training/league.py",
                                description=__doc__.split("\n")[0], formatter_class=HelpFormatter)
    p.add_argument("--agents", nargs="+", default=["heuristic", "random"], metavar="AGENT",
                   help="zoo (the zoo's agents of the table), zoo:all (every zoo agent), "
                        "trained:NAME, checkpoints "
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
    p.add_argument("--cross", nargs="+", default=None, metavar="SUMMARY",
                   help="no games: the cross-table figure of these leagues' .json summaries "
                        "(each agent's lead over the heuristic per table) to --out")
    a = p.parse_args(argv)
    if a.cross:
        return cross_main(a.cross, a.out[:-3] if a.out.endswith(".md") else a.out)
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
