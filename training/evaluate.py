"""Per-role comparison of an agent (a trained one, a search agent, any spec) with the heuristic
in the same seats and deals, with the paired difference and the verdict (protocol:
``docs/evaluation.md``).

    python training/evaluate.py --agent trained:none5 --games 2000 --seeds 0 1 2 3 \\
        --out eval_none5.json

For each opponent kind (``--opponents``, default heuristic and random) tournaments of ``games``
games are played with the same seed, so the same deals, seats and roles:

1. the agent in one seat, the opponent in the others (seats rotated over the 5 agent slots for 5
   players: the agent holds every seat equally often, hence every role);
2. the same with the baseline (``--baseline``, default the heuristic) in the agent's place;
3. with ``--base-rates`` (default on) the same with the random agent in that seat: the floor.

Per role and overall it prints each win rate with its Wilson 95% interval and the **paired
difference** agent minus baseline: game i of both tournaments has the same deal, seat and role,
so d_i = win_agent(i) - win_baseline(i) and the difference is mean(d) with a normal 95% interval
mean(d) +- 1.96 sd(d) / sqrt(n) (narrower than the unpaired one because the deal is shared).
The last line is the protocol's criterion, for every opponent kind: ahead of the baseline in every
role and by at least ``--margin`` (3 points) overall. It writes the table, the paired
differences, the verdict and the tournament summaries as JSON (``--out``).
``--seeds 0 1 2 3`` evaluates on several seeds' deals and pools them: the table's wins and
seat-games summed, the paired differences over all the games, the verdict of the pooled table,
and a line per seed with its own overall differences and verdict (is a pass robust to the deal?).
``--sample`` evaluates the policy with sampled actions instead of the most likely one;
``--prior-gain`` plays a checkpoint with the prior feature at other per-role gains.
``--summarize <JSON> ...`` plays nothing: it prints a markdown table of earlier evaluations (the
file, the agent as it was given, its pack and seeds, the overall paired difference against each
opponent kind, the verdict), the documentation's table of the zoo's evaluations; ``role_table``
makes a model card's per-role table of one (``agents/<name>/README.md``).
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, replace

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from training.common import GAME_DEFAULTS, OPPONENTS, PACK_HELP, ROLE_NAMES, arg, parse_args  # noqa: E402

Z95 = 1.959963984540054
GROUPS = ROLE_NAMES + ("all",)


@dataclass
class Args:
    """Trained agent vs heuristic, per role, in the same seats and deals."""
    agent: str = arg("trained:none5", "the agent spec or checkpoint")
    games: int = arg(2000, "games per tournament")
    players: int = arg(GAME_DEFAULTS["num_players"], "players per game")
    pack: str = arg(GAME_DEFAULTS["pack"], PACK_HELP)
    seed: int = arg(0, "tournament seed (the same for the agent and the heuristic)")
    seeds: tuple[int, ...] = arg((), "several seeds' deals instead of --seed: one evaluation "
                                     "each, then the table, the paired differences and the "
                                     "verdict over all their games pooled")
    opponents: tuple[str, ...] = arg(OPPONENTS, "opponent kinds, one comparison each")
    baseline: str = arg("heuristic", "the agent compared with, in the same seats")
    base_rates: bool = arg(True, "also play the random agent in the same seats (its rates)")
    margin: float = arg(0.03, "verdict: the overall lead over the baseline it needs")
    workers: int = arg(2, "worker processes")
    sample: bool = arg(False, "sample the policy's actions instead of the most likely one")
    prior_gain: tuple[float, ...] = arg((), "a checkpoint with the prior feature played with "
                                            "these gains (lord loyalist rebel renegade) instead "
                                            "of its saved ones")
    prior_agent: str = arg("", "a checkpoint with the prior feature played with this heuristic "
                               "making its suggestions (an agent spec, e.g. training.train_belief:"
                               "BeliefHeuristicAgent; '': the heuristic)")
    out: str = arg("training/results/eval.json", "summary JSON ('' = none)")
    games_dir: str = arg("", "keep each tournament's games file here (resumable); '' = a "
                             "temporary directory")
    quiet: bool = arg(False, "no progress bar")
    summarize: tuple[str, ...] = arg((), "print a markdown table of these evaluation JSONs "
                                         "instead of evaluating")


def paired_difference(a, b) -> dict:
    """Mean of a - b over paired 0/1 outcomes, the standard deviation of a - b, the mean's
    standard error and normal 95% interval, and the correlation of a and b (None where
    undefined)."""
    n = len(a)
    if n != len(b):
        raise ValueError(f"paired outcomes need equal lengths, got {n} and {len(b)}")
    if n == 0:
        return {"n": 0, "diff": None, "sd": None, "se": None, "ci95": None, "corr": None}
    d = [float(x) - float(y) for x, y in zip(a, b, strict=True)]
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1) if n > 1 else 0.0
    se = math.sqrt(var / n) if n > 1 else float("inf")
    ma, mb = sum(a) / n, sum(b) / n
    va = sum((x - ma) ** 2 for x in a)
    vb = sum((y - mb) ** 2 for y in b)
    cov = sum((x - ma) * (y - mb) for x, y in zip(a, b, strict=True))
    corr = cov / math.sqrt(va * vb) if va > 0 and vb > 0 else None
    return {"n": n, "diff": round(mean, 4), "sd": round(math.sqrt(var), 4), "se": round(se, 4),
            "ci95": [round(mean - Z95 * se, 4), round(mean + Z95 * se, 4)],
            "corr": None if corr is None else round(corr, 4)}


def seat_outcomes(records: list[dict], label: str) -> dict[int, tuple[int, str, int]]:
    """Game number -> (seat, role, won) of the agent `label` in a tournament's game records."""
    out = {}
    for rec in records:
        seat = rec["seats"].index(label)
        out[rec["game"]] = (seat, rec["roles"][seat], int(rec["rewards"][seat] > 0))
    return out


def outcome_pairs(records_a: list[dict], label_a: str, records_b: list[dict],
                  label_b: str) -> list[tuple[str, int, int]]:
    """(role, agent won, baseline won) of every game, in game order; ValueError if the
    tournaments dealt different games or seated the two differently."""
    a, b = seat_outcomes(records_a, label_a), seat_outcomes(records_b, label_b)
    if set(a) != set(b):
        raise ValueError(f"the tournaments hold different games ({len(a)} vs {len(b)})")
    out = []
    for i in sorted(a):
        (sa, ra, wa), (sb, rb, wb) = a[i], b[i]
        if (sa, ra) != (sb, rb):
            raise ValueError(f"game {i}: the agent sat in seat {sa} as {ra}, the baseline in "
                             f"seat {sb} as {rb}; paired games need the same seat and role "
                             f"(same seed, seating and players)")
        out.append((ra, wa, wb))
    return out


def paired_of(pairs: list[tuple[str, int, int]]) -> dict:
    """Per role and overall: the paired difference over (role, win_a, win_b) outcomes."""
    wins = {g: ([], []) for g in GROUPS}
    for role, wa, wb in pairs:
        for g in (role, "all"):
            wins[g][0].append(wa)
            wins[g][1].append(wb)
    return {g: paired_difference(*wins[g]) for g in GROUPS}


def paired(records_a: list[dict], label_a: str, records_b: list[dict], label_b: str) -> dict:
    """Per role and overall: the paired difference of the two agents' wins in the same games
    (same number, seat and role); ValueError if the tournaments dealt different games."""
    return paired_of(outcome_pairs(records_a, label_a, records_b, label_b))


def verdict(result: dict, margin: float | None = None) -> dict:
    """The protocol's criterion per opponent kind: the paired difference is > 0 in every role and
    >= margin overall (point estimates; the intervals say whether each is significant)."""
    margin = result["args"]["margin"] if margin is None else margin
    per = {}
    for opp, comp in result["comparisons"].items():
        diffs = comp["paired"]
        reasons = []
        for role in ROLE_NAMES:
            d = diffs[role]["diff"]
            if d is None or d <= 0:
                reasons.append(f"{role} {'-' if d is None else f'{100 * d:+.1f}'}")
        d = diffs["all"]["diff"]
        if d is None or d < margin:
            reasons.append(f"all {'-' if d is None else f'{100 * d:+.1f}'} < "
                           f"+{100 * margin:.1f}")
        sig = [g for g in GROUPS if diffs[g]["ci95"] is not None and diffs[g]["ci95"][0] > 0]
        per[opp] = {"pass": not reasons, "short": reasons, "significant": sig}
    return {"pass": bool(per) and all(v["pass"] for v in per.values()), "margin": margin,
            "opponents": per}


def _cell(d):
    if d["win_rate"] is None:
        return "-"
    lo, hi = d["ci95"]
    return f"{100 * d['win_rate']:5.1f} ({100 * lo:4.1f}-{100 * hi:4.1f}) [{d['games']}]"


def _diff_cell(p, width: int = 5):
    """A paired difference and its 95% interval in points, each number `width` wide (0: no
    padding, the documentation's tables)."""
    if p["diff"] is None:
        return "-"
    lo, hi = p["ci95"]
    w = f"+{width}.1f" if width else "+.1f"
    return f"{100 * p['diff']:{w}} ({100 * lo:{w}} to {100 * hi:{w}})"


def _rates(row, role):
    d = row if role == "all" else row["roles"][role]
    return {"win_rate": d["win_rate"], "ci95": d["ci95"], "wins": d["wins"],
            "games": d.get("games", d.get("seat_games"))}


def _short(name: str, width: int = 27) -> str:
    """A column's name in its width: a long path keeps its end (the file's name)."""
    return name if len(name) <= width else "..." + name[-(width - 3):]


def _records(path: str) -> list[dict]:
    with open(path, encoding="utf-8") as f:
        return [r for r in map(json.loads, f) if isinstance(r.get("game"), int)]


def compare(args: Args, pairs_out: dict | None = None) -> dict:
    """The comparison on ``args.seed``'s deals (``pairs_out``, if given, receives each opponent
    kind's (role, agent won, baseline won) per game)."""
    import heroes_env.agents.torch_policy  # noqa: F401 - registers the .pt / .zip loaders
    from heroes_env.agents.base import AgentSpecError, make_agent
    from heroes_env.agents.tournament import TournamentConfig, run_tournament
    from heroes_env.agents.trained import SCHEME, shipped_path

    spec = args.agent
    kwargs = {}
    if spec.startswith(SCHEME + ":") and (args.sample or args.prior_gain or args.prior_agent):
        try:                               # a zoo agent played with keywords: its .pt file
            spec = shipped_path(spec[len(SCHEME) + 1:])
        except AgentSpecError as e:
            raise SystemExit(f"--agent: {e}") from e
    if args.sample and os.path.splitext(spec)[1] in (".pt", ".zip"):
        kwargs["deterministic"] = False
    if args.prior_gain:
        kwargs["prior_gain"] = list(args.prior_gain)
    if args.prior_agent:
        kwargs["prior_agent"] = args.prior_agent
    if args.prior_gain or args.prior_agent:
        flags = " and ".join(f for f, v in (("--prior-gain", args.prior_gain),
                                            ("--prior-agent", args.prior_agent)) if v)
        if os.path.splitext(spec)[1] != ".pt":
            raise SystemExit(f"{flags} needs a .pt checkpoint with the prior feature; "
                             f"--agent is {spec!r}")
        try:                               # a clear error now, not in a worker
            make_agent(spec, **kwargs)
        except AgentSpecError as e:
            raise SystemExit(f"{flags}: {e}") from e
    result = {"args": asdict(args), "comparisons": {}}
    with tempfile.TemporaryDirectory(prefix="evaluate_") as tmp:
        games_dir = args.games_dir or tmp
        os.makedirs(games_dir, exist_ok=True)
        if kwargs:                         # an agent file: the checkpoint with these kwargs,
            data = json.dumps({"agent": os.path.abspath(spec), "kwargs": kwargs},
                              sort_keys=True)
            # named by its content: kept games resume, and games of other kwargs are refused
            digest = hashlib.sha256(data.encode()).hexdigest()[:12]
            spec = os.path.join(games_dir, f"agent_{digest}.json")
            with open(spec, "w", encoding="utf-8") as f:
                f.write(data)
        seats = [("agent", spec), ("baseline", args.baseline)]
        if args.base_rates:
            seats.append(("random", "random"))
        for opp in args.opponents:
            rows, summaries, records, labels = {}, {}, {}, {}
            for who, s in seats:
                agents_ = (s,) + (opp,) * (args.players - 1)
                # one engine for the agent and the baseline: the opponents' random stream is
                # the game engine's in both (a checkpoint plays only there)
                # the agent file written above is this script's own: trusted (it names a
                # checkpoint outside its folder, and --prior-agent may be an import path)
                cfg = TournamentConfig(agents=agents_, games=args.games, players=args.players,
                                       pack=args.pack, seed=args.seed, engine="game",
                                       trust_pickles=bool(kwargs) and who == "agent")
                gf = os.path.join(games_dir, f"{who}_vs_{opp}.games.jsonl")
                t0 = time.time()
                summary = run_tournament(cfg, workers=args.workers, games_file=gf,
                                         resume=bool(args.games_dir), progress=not args.quiet,
                                         rating="elo")
                summary["elapsed_s"] = round(time.time() - t0, 1)
                summaries[who] = summary
                labels[who] = cfg.labels[0]
                rows[who] = summary["agents"][cfg.labels[0]]
                records[who] = _records(gf)
            table = {role: {who: _rates(rows[who], role) for who in rows} for role in GROUPS}
            pairs = outcome_pairs(records["agent"], labels["agent"], records["baseline"],
                                  labels["baseline"])
            result["comparisons"][opp] = {"table": table, "paired": paired_of(pairs),
                                          "summaries": summaries}
            if pairs_out is not None:
                pairs_out[opp] = pairs
    result["verdict"] = verdict(result)
    return result


def compare_seeds(args: Args) -> dict:
    """``compare`` on each of ``args.seeds``, then every table cell's wins and seat-games
    summed, the paired differences over all the games and the verdict of the pooled table
    (each seed's own result under ``"seeds"``, without its tournament summaries)."""
    from heroes_env.agents.ratings import wilson
    if len(set(args.seeds)) != len(args.seeds):
        raise SystemExit(f"--seeds {' '.join(map(str, args.seeds))}: each seed once")
    per, pairs = {}, {}
    for sd in args.seeds:
        one = replace(args, seed=sd, seeds=(),
                      games_dir=os.path.join(args.games_dir, f"seed{sd}") if args.games_dir
                      else "")
        got = {}
        res = compare(one, pairs_out=got)
        for comp in res["comparisons"].values():
            comp.pop("summaries")
        per[str(sd)] = {"comparisons": res["comparisons"], "verdict": res["verdict"]}
        for opp, ps in got.items():
            pairs.setdefault(opp, []).extend(ps)
    result = {"args": asdict(args), "comparisons": {}, "seeds": per}
    for opp in args.opponents:
        table = {}
        for role in GROUPS:
            table[role] = {}
            for who in per[str(args.seeds[0])]["comparisons"][opp]["table"][role]:
                wins = sum(per[str(sd)]["comparisons"][opp]["table"][role][who]["wins"]
                           for sd in args.seeds)
                games = sum(per[str(sd)]["comparisons"][opp]["table"][role][who]["games"]
                            for sd in args.seeds)
                lo, hi = wilson(wins, games)
                table[role][who] = {"win_rate": round(wins / games, 4) if games else None,
                                    "ci95": [round(lo, 4), round(hi, 4)], "wins": wins,
                                    "games": games}
        result["comparisons"][opp] = {"table": table, "paired": paired_of(pairs[opp])}
    result["verdict"] = verdict(result)
    return result


def seed_lines(result: dict, lead: str, diff) -> list[str]:
    """One line per seed of a pooled evaluation: its overall paired difference against each
    opponent kind (diff(paired) writes it), the roles short of the bar, its verdict."""
    lines = []
    for sd, one in result.get("seeds", {}).items():
        lines.append(f"{lead} {sd}: " + "; ".join(
            f"vs {opp} {diff(comp['paired']['all'])}" + (
                "" if one["verdict"]["opponents"][opp]["pass"]
                else " (short: " + ", ".join(one["verdict"]["opponents"][opp]["short"]) + ")")
            for opp, comp in one["comparisons"].items())
            + f": {'PASS' if one['verdict']['pass'] else 'FAIL'}")
    return lines


def format_result(result: dict) -> str:
    a = result["args"]
    cols = [w for w in ("agent", "baseline", "random")
            if w in next(iter(result["comparisons"].values()))["table"]["all"]]
    names = {"agent": a["agent"], "baseline": a["baseline"], "random": "random"}
    where = (f"seeds {' '.join(map(str, a['seeds']))} pooled" if a.get("seeds")
             else f"seed {a['seed']}")
    lines = [f"{a['agent']} vs {a['baseline']} in the same seats and deals, {a['games']} games "
             f"per tournament, {a['players']} players, pack {a['pack']}, {where}"
             f"{', sampled actions' if a['sample'] else ''}"
             + (", prior gains " + " ".join(map(str, a["prior_gain"]))
                if a.get("prior_gain") else "")
             + (f", prior agent {a['prior_agent']}" if a.get("prior_agent") else "")
             + f"; win rate % (Wilson 95%) "
             f"[seat-games]; difference: paired, agent - {a['baseline']} (95%)"]
    for opp, comp in result["comparisons"].items():
        lines.append(f"\nagainst {opp} opponents")
        lines.append(f"{'role':<10}" + "".join(f"{_short(names[w]):<28}" for w in cols)
                     + "difference")
        for role in GROUPS:
            row = comp["table"][role]
            lines.append(f"{role:<10}" + "".join(f"{_cell(row[w]):<28}" for w in cols)
                         + _diff_cell(comp["paired"][role]))
    if result.get("seeds"):
        lines.append("")
    lines += seed_lines(result, "seed", lambda p: f"{100 * p['diff']:+.1f}")
    v = result["verdict"]
    parts = []
    for opp, o in v["opponents"].items():
        parts.append(f"vs {opp}: " + ("ahead" if o["pass"] else "short (" + ", ".join(o["short"])
                                      + ")"))
    lines.append(f"\nverdict{' (pooled)' if a.get('seeds') else ''} (ahead of "
                 f"{a['baseline']} in every role and by >= "
                 f"{100 * v['margin']:.0f} points overall, against every opponent kind): "
                 f"{'PASS' if v['pass'] else 'FAIL'}; " + "; ".join(parts))
    return "\n".join(lines)


def summary_table(paths) -> str:
    """A markdown table of evaluate.py JSONs: the file, the agent as it was given (its path then),
    pack, seeds, the overall paired difference (95%) against each opponent kind, the verdict."""
    rows, kinds = [], []
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                res = json.load(f)
            a, comps, ok = res["args"], res["comparisons"], res["verdict"]["pass"]
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise SystemExit(f"--summarize {path}: not an evaluation written by "
                             f"training/evaluate.py --out ({e})") from None
        kinds += [k for k in comps if k not in kinds]
        rows.append((path, a, comps, ok))
    out = ["| evaluation | agent (as evaluated) | pack | seeds | "
           + " | ".join(f"vs {k} opponents" for k in kinds) + " | verdict |",
           "|---" * (len(kinds) + 5) + "|"]
    for path, a, comps, ok in rows:
        diffs = [_diff_cell(comps[k]["paired"]["all"], 0) if k in comps else "-"
                 for k in kinds]
        seeds = " ".join(map(str, a.get("seeds") or [a["seed"]]))
        out.append(f"| `{os.path.basename(path)}` | `{os.path.basename(a['agent'])}` | "
                   f"{a['pack']} | {seeds} | " + " | ".join(diffs)
                   + f" | {'PASS' if ok else 'FAIL'} |")
    return "\n".join(out)


def _rate_cell(d) -> str:
    """A win rate and its Wilson 95% interval in %, unpadded (the documentation's tables)."""
    if d["win_rate"] is None:
        return "-"
    lo, hi = d["ci95"]
    return f"{100 * d['win_rate']:.1f} ({100 * lo:.1f} to {100 * hi:.1f})"


def role_table(result: dict) -> str:
    """One evaluation as a model card shows it (``agents/<name>/README.md``): a markdown row per
    opponent kind and role with the agent's, the baseline's and the random agent's win rates
    (Wilson 95%), the paired difference agent - baseline (95%) and the seat-games; then the
    verdict. The card's figures are these, line for line (``tests/test_zoo.py``)."""
    a = result["args"]
    base = a["baseline"]
    cols = [w for w in ("agent", "baseline", "random")
            if w in next(iter(result["comparisons"].values()))["table"]["all"]]
    names = {"agent": "agent", "baseline": base, "random": "random"}
    lines = ["| opponents | role | " + " | ".join(f"{names[w]} win %" for w in cols)
             + f" | agent - {base} (points) | seat-games |",
             "|---|---|" + "---|" * len(cols) + "---|---|"]
    for opp, comp in result["comparisons"].items():
        for role in GROUPS:
            row = comp["table"][role]
            lines.append(f"| {opp} | {role} | " + " | ".join(_rate_cell(row[w]) for w in cols)
                         + f" | {_diff_cell(comp['paired'][role], 0)} | {row['agent']['games']} |")
    where = (f"seeds {' '.join(map(str, a['seeds']))} pooled" if a.get("seeds")
             else f"seed {a['seed']}")
    v = result["verdict"]
    parts = [f"vs {opp}: " + ("ahead" if o["pass"] else "short (" + ", ".join(o["short"]) + ")")
             for opp, o in v["opponents"].items()]
    lines += ["", f"{a['games']} games per tournament, {a['players']} players, pack {a['pack']}, "
              f"{where}. Verdict (ahead of {base} in every role and by at least "
              f"{100 * v['margin']:.0f} points overall, against every opponent kind): "
              f"**{'PASS' if v['pass'] else 'FAIL'}**; " + "; ".join(parts) + "."]
    if result.get("seeds"):
        lines.append("")
    lines += seed_lines(result, "- seed", lambda p: _diff_cell(p, 0))
    return "\n".join(lines)


def main(argv=None):
    args = parse_args(Args, argv)
    if args.summarize:
        text = summary_table(args.summarize)
        print(text)
        return text
    from heroes_env.agents.tournament import TournamentError
    try:
        result = compare_seeds(args) if args.seeds else compare(args)
    except TournamentError as e:       # e.g. --games-dir holding another evaluation's games
        raise SystemExit(f"evaluate: {e}") from e
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
