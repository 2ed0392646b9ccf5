"""Learning curves of a run: win rate against the heuristic per role, against training decisions
and against wall time, from the run's ``scalars.jsonl`` (matplotlib, Agg backend: no display).

    python training/plot.py runs/<run>/scalars.jsonl --out curves.png \\
        --baseline agents/none5/eval_selfplay_none5_prior_seeds0123.json

The curves are the scalars ``<prefix><role>`` for every role and ``all``: by default
``eval/win_`` (the evaluations of ``training/selfplay_ppo.py``: the policy in one seat among
heuristic opponents), else ``charts/win_vs_heuristic_`` (its training games against the
heuristic) when the run has no evaluation; ``--prefix`` chooses. x: the scalar's step (learner
decisions of PPO) and its ``time`` field (wall seconds since the run began, across sittings of a
resumed run). ``--smooth k`` draws the mean of the last k points. ``--baseline <evaluate.py
JSON>`` draws the baseline's own rate per role against those opponents as dashed lines (what
the agent must beat).

``--opponents heuristic random`` draws one row of curves per opponent kind (the verdict asks for
both): against another kind than the heuristic the curves are ``eval/win_vs_<kind>_``
(``selfplay_ppo.py --eval-opponents heuristic random``), else the training games'
``charts/win_vs_<kind>_``; each row's dashed lines are the baseline against that kind.

``--split N`` prints a table instead of drawing: every training win rate (``charts/win_vs_*``)
and the policy's entropy, as the mean of its first N points (e.g. the updates of a critic
warm-up, while the policy is still the checkpoint's) and of the points after them, to see where a
sitting took the policy:

    python training/plot.py agents/none5/selfplay_none5_prior_lr_scalars.jsonl --split 12
"""
from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from training.common import eval_tag  # noqa: E402

ROLES = ("lord", "loyalist", "rebel", "renegade", "all")
COLOURS = {"lord": "tab:red", "loyalist": "tab:orange", "rebel": "tab:green",
           "renegade": "tab:purple", "all": "black"}


def read_scalars(path: str) -> list[dict]:
    """The records of a scalars.jsonl (a run directory holding one is accepted too); a torn last
    line is skipped."""
    if os.path.isdir(path):
        path = os.path.join(path, "scalars.jsonl")
    if not os.path.isfile(path):
        raise SystemExit(f"no scalars file at {path!r}: give a run's scalars.jsonl or its "
                         f"directory (runs/<run>/)")
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            try:
                rec = json.loads(line)
            except ValueError:
                continue
            if {"tag", "value", "step"} <= rec.keys():
                out.append(rec)
    return out


def kind_prefixes(kind: str) -> tuple[str, ...]:
    """The scalar prefixes of the win rates against opponent `kind`: the evaluations'
    (``training.common.eval_tag``), then the training games'."""
    return (eval_tag(kind), f"charts/win_vs_{kind}_")


def curves(records: list[dict], prefix: str | None = None,
           kind: str = "heuristic") -> tuple[str, dict]:
    """(prefix used, {role: [(step, time, value), ...] sorted by step}) for the win-rate tags
    (prefix None: the first of kind_prefixes(kind) the run has)."""
    tags = {r["tag"] for r in records}
    if prefix is None:
        cands = kind_prefixes(kind)
        prefix = next((p for p in cands if any(p + role in tags for role in ROLES)), None)
        if prefix is None:
            raise SystemExit(f"no win-rate scalars vs {kind} opponents in this run (looked for "
                             + ", ".join(p + "<role>" for p in cands) + "); tags present: "
                             + ", ".join(sorted(tags)[:20]))
    # charts/win_vs_heuristic (no role suffix) is the overall rate of that source
    names = {prefix + role: role for role in ROLES}
    if prefix.endswith("_"):
        names[prefix[:-1]] = "all"
    out: dict[str, list] = {}
    for r in records:
        role = names.get(r["tag"])
        if role is not None:
            out.setdefault(role, []).append((r["step"], r.get("time", float("nan")), r["value"]))
    if not out:
        raise SystemExit(f"no scalars {prefix}<role> in this run; tags present: "
                         + ", ".join(sorted(tags)[:20]))
    return prefix, {k: sorted(v) for k, v in out.items()}


def smooth(values: list[float], k: int) -> list[float]:
    """Mean of the last k values at each point (k <= 1: the values)."""
    if k <= 1:
        return list(values)
    out, acc = [], []
    for v in values:
        acc.append(v)
        if len(acc) > k:
            acc.pop(0)
        out.append(sum(acc) / len(acc))
    return out


def baseline_rates(path: str, opponent: str = "heuristic") -> dict:
    """The baseline's win rate per role against `opponent` from a training/evaluate.py JSON."""
    with open(path, encoding="utf-8") as f:
        res = json.load(f)
    try:
        table = res["comparisons"][opponent]["table"]
    except KeyError:
        raise SystemExit(f"{path} has no comparison against {opponent} opponents "
                         f"(an output of training/evaluate.py?)") from None
    return {role: row["baseline"]["win_rate"] for role, row in table.items()
            if row["baseline"]["win_rate"] is not None}


SPLIT_TAGS = ("charts/win_vs_", "losses/entropy", "losses/kick_agree")


def split_means(records: list[dict], split: int) -> list[tuple[str, int, float, float]]:
    """(tag, points, mean of the first `split` points, mean of the rest) for the tags starting
    with SPLIT_TAGS, in step order (nan where a part is empty)."""
    series: dict[str, list] = {}
    for r in records:
        if r["tag"].startswith(SPLIT_TAGS):
            series.setdefault(r["tag"], []).append((r["step"], r["value"]))
    out = []

    def mean(x):
        return sum(x) / len(x) if x else float("nan")

    for tag in sorted(series):
        vals = [v for _, v in sorted(series[tag])]
        a, b = vals[:split], vals[split:]
        out.append((tag, len(vals), mean(a), mean(b)))
    return out


def plot(records: list[dict], out: str, prefix: str | None = None, k: int = 1,
         baselines: dict | None = None, title: str = "",
         opponents: tuple[str, ...] = ("heuristic",)) -> list[str]:
    """Write the PNG: one row of curves per opponent kind (prefix: the one row's scalars instead
    of the kind's, with one kind only); baselines: {kind: {role: rate}} drawn dashed. Returns
    the prefixes of the rows drawn."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    if prefix is not None and len(opponents) != 1:
        raise SystemExit(f"--prefix {prefix} names one row's scalars: give one opponent kind "
                         f"(now {' '.join(opponents)})")
    rows = [(kind,) + curves(records, prefix, kind) for kind in opponents]
    fig, axes = plt.subplots(len(rows), 2, figsize=(11, 4 * len(rows)), sharey=True,
                             squeeze=False)
    for (kind, pre, data), (ax_step, ax_time) in zip(rows, axes, strict=True):
        base = (baselines or {}).get(kind) or {}
        for role in ROLES:
            if role not in data:
                continue
            steps, times, vals = zip(*data[role], strict=True)
            ys = smooth([100 * v for v in vals], k)
            width = 2.2 if role == "all" else 1.3
            for ax, xs in ((ax_step, steps), (ax_time, [t / 3600 for t in times])):
                # a lone point (one evaluation so far) draws no line: mark it
                ax.plot(xs, ys, color=COLOURS[role], lw=width, label=role,
                        marker="o" if len(xs) == 1 else None, ms=5)
                if role in base:
                    ax.axhline(100 * base[role], color=COLOURS[role], ls="--", lw=0.9)
        src = "evaluation games" if pre.startswith("eval") else "training games"
        ax_step.set_ylabel(f"win rate vs {kind} opponents (%)")
        ax_step.set_title(f"{src}: {pre}<role>", fontsize=9)
        ax_time.legend(loc="best", fontsize=8)
        for ax in (ax_step, ax_time):
            ax.grid(alpha=0.3)
    axes[-1][0].set_xlabel("training decisions (PPO learner steps)")
    axes[-1][1].set_xlabel("wall time (hours)")
    extra = "; dashed: the heuristic in the same seats" if baselines else ""
    fig.suptitle((title + ": " if title else "") + "win rate per role"
                 + (f" (mean of last {k})" if k > 1 else "") + extra, fontsize=10)
    fig.tight_layout()
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    fig.savefig(out, dpi=100)
    plt.close(fig)
    return [pre for _, pre, _ in rows]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python training/plot.py", description=__doc__.split("\n")[0])
    p.add_argument("scalars", help="a run's scalars.jsonl (or its directory)")
    p.add_argument("--out", default=None, help="PNG (default: curves.png next to the scalars)")
    p.add_argument("--prefix", default=None,
                   help="scalar prefix of the curves (default: the first present of "
                        f"{', '.join(kind_prefixes('heuristic'))}, for each --opponents kind "
                        "its own)")
    p.add_argument("--smooth", type=int, default=1, help="mean of the last k points")
    p.add_argument("--baseline", default=None,
                   help="training/evaluate.py JSON: draw the baseline's rates vs each kind")
    p.add_argument("--opponents", nargs="+", default=["heuristic"],
                   help="one row of curves per opponent kind, e.g. heuristic random")
    p.add_argument("--title", default="", help="title prefix")
    p.add_argument("--split", type=int, default=None,
                   help="print the training win rates' means over the first N points and over "
                        "the rest (a markdown table) instead of drawing")
    a = p.parse_args(argv)
    records = read_scalars(a.scalars)
    if a.split is not None:
        if a.split < 1:
            raise SystemExit(f"--split {a.split}: give the number of first points (1 or more)")
        print(f"| scalar | points | first {a.split} | after |\n|---|---|---|---|")
        for tag, n, first, after in split_means(records, a.split):
            print(f"| {tag} | {n} | {first:.3f} | {after:.3f} |")
        return 0
    base = a.scalars if os.path.isdir(a.scalars) else os.path.dirname(a.scalars)
    out = a.out or os.path.join(base, "curves.png")
    kinds = tuple(a.opponents)
    bases = {kind: baseline_rates(a.baseline, kind) for kind in kinds} if a.baseline else None
    prefixes = plot(records, out, a.prefix, a.smooth, bases, a.title, kinds)
    print(f"curves of {', '.join(p + '<role>' for p in prefixes)}: {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
