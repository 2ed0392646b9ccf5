"""Per-role comparison of a trained agent with the heuristic, through the tournament tool.

    python training/evaluate.py --agent training/checkpoints/selfplay_none5.pt --games 2000 \\
        --out training/results/eval_selfplay_none5.json

For each opponent kind (``--opponents``, default heuristic and random) two tournaments of
``games`` games are played with the same seed, so the same deals and seats:

1. the agent in one seat, the opponent in the others (``--seating rotate`` over 5 agent slots
   for 5 players: the agent holds every seat equally often, hence every role);
2. the same with the heuristic in the agent's place.

It prints, per role, the agent's win rate next to the heuristic's in the same seats against
the same opponents (Wilson 95% intervals), and writes the table and both tournament summaries
as JSON. ``--sample`` evaluates the policy with sampled actions instead of the most likely one.
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from dataclasses import asdict, dataclass

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from training.common import GAME_DEFAULTS, PACK_HELP, ROLE_NAMES, arg, parse_args  # noqa: E402


@dataclass
class Args:
    """Trained agent vs heuristic, per role, against the same opponents."""
    agent: str = arg("training/checkpoints/selfplay_none5.pt", "the agent spec or checkpoint")
    games: int = arg(2000, "games per tournament")
    players: int = arg(GAME_DEFAULTS["num_players"], "players per game")
    pack: str = arg(GAME_DEFAULTS["pack"], PACK_HELP)
    seed: int = arg(0, "tournament seed (the same for the agent and the heuristic)")
    opponents: tuple[str, ...] = arg(("heuristic", "random"), "opponent kinds, one comparison each")
    baseline: str = arg("heuristic", "the agent compared with, in the same seats")
    workers: int = arg(2, "worker processes")
    sample: bool = arg(False, "sample the policy's actions instead of the most likely one")
    out: str = arg("training/results/eval.json", "summary JSON")
    games_dir: str = arg("", "keep each tournament's games file here (resumable); '' = none")
    quiet: bool = arg(False, "no progress bar")


def _cell(d):
    if d["win_rate"] is None:
        return "-"
    lo, hi = d["ci95"]
    n = d.get("games", d.get("seat_games"))
    return f"{100 * d['win_rate']:5.1f} ({100 * lo:4.1f}-{100 * hi:4.1f}) [{n}]"


def compare(args: Args) -> dict:
    import agents.torch_policy  # noqa: F401 - registers the .pt / .zip loaders
    from agents.tournament import TournamentConfig, run_tournament

    spec = args.agent
    if args.sample and os.path.splitext(spec)[1] in (".pt", ".zip"):
        fd, spec = tempfile.mkstemp(suffix=".json", prefix="sampled_")
        with os.fdopen(fd, "w") as f:
            json.dump({"agent": os.path.abspath(args.agent),
                       "kwargs": {"deterministic": False}}, f)
    result = {"args": asdict(args), "comparisons": {}}
    for opp in args.opponents:
        rows = {}
        summaries = {}
        for who, s in (("agent", spec), ("baseline", args.baseline)):
            agents_ = (s,) + (opp,) * (args.players - 1)
            cfg = TournamentConfig(agents=agents_, games=args.games, players=args.players,
                                   pack=args.pack, seed=args.seed)
            gf = None
            if args.games_dir:
                os.makedirs(args.games_dir, exist_ok=True)
                gf = os.path.join(args.games_dir, f"{who}_vs_{opp}.games.jsonl")
            t0 = time.time()
            summary = run_tournament(cfg, workers=args.workers, games_file=gf, resume=True,
                                     progress=not args.quiet, rating="elo")
            summary["elapsed_s"] = round(time.time() - t0, 1)
            summaries[who] = summary
            rows[who] = summary["agents"][cfg.labels[0]]
        table = {}
        for role in ROLE_NAMES + ("all",):
            a = rows["agent"] if role == "all" else rows["agent"]["roles"][role]
            b = rows["baseline"] if role == "all" else rows["baseline"]["roles"][role]
            table[role] = {"agent": {k: a[k] for k in ("win_rate", "ci95", "wins")}
                           | {"games": a.get("games", a.get("seat_games"))},
                           "baseline": {k: b[k] for k in ("win_rate", "ci95", "wins")}
                           | {"games": b.get("games", b.get("seat_games"))}}
        result["comparisons"][opp] = {"table": table, "summaries": summaries}
    return result


def format_result(result: dict) -> str:
    a = result["args"]
    lines = [f"{a['agent']} vs {a['baseline']} in the same seat, {a['games']} games per "
             f"tournament, {a['players']} players, pack {a['pack']}, seed {a['seed']}"
             f"{', sampled actions' if a['sample'] else ''}; win rate % (Wilson 95%) [seat-games]"]
    for opp, comp in result["comparisons"].items():
        lines.append(f"\nagainst {opp} opponents")
        lines.append(f"{'role':<10}{'trained agent':<28}{a['baseline']:<28}difference")
        for role, row in comp["table"].items():
            wa, wb = row["agent"]["win_rate"], row["baseline"]["win_rate"]
            d = "-" if wa is None or wb is None else f"{100 * (wa - wb):+.1f}"
            lines.append(f"{role:<10}{_cell(row['agent']):<28}{_cell(row['baseline']):<28}{d}")
    return "\n".join(lines)


def main(argv=None):
    args = parse_args(Args, argv)
    result = compare(args)
    text = format_result(result)
    print(text)
    if args.out:
        os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
        result["text"] = text
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=1)
    return result


if __name__ == "__main__":
    main()
