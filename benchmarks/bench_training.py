"""PPO training speed: steps/s, steps per CPU-second and where the time goes, code against code.

    git worktree add /tmp/before <commit>
    python benchmarks/bench_training.py --code before=/tmp/before --code after=. \
        [--code "before-1-thread=/tmp/before --torch-threads 1"] \
        [--code "before-passive=/tmp/before OMP_WAIT_POLICY=PASSIVE"] \
        [--concurrent 1 2] [--rounds 3] [--seconds 150] [--json out.json] \
        [-- <training/selfplay_ppo.py arguments of every run>]

A run is ``training/selfplay_ppo.py`` of one code tree (a fresh process, ``PYTHONPATH`` = the
tree) at its defaults (pack standard, 5 players unless given after ``--``), for ``--seconds``
(``--max-minutes``), no evaluations, its logs in a scratch folder. ``--concurrent 2`` starts two
such trainings at once, as runs are really made on a shared machine, and sums their speeds. The
rounds go round every concurrency and every code in turn, so a burst of other load spreads over
all of them.

What a run reports, between its first and its last PPO update (the start-up, the engine's cache
load and the first rollout left out):

- ``sps``: PPO steps (learner decisions trained on) per second of wall time;
- ``cpu``: CPU seconds of the process per wall second (1.0: one busy core);
- ``steps/cpu-s``: PPO steps per CPU-second (what the process costs, whatever else runs);
- the shares of the wall time that the trainer's own ``time/*`` scalars give: the update, the
  learner's forward and sampling, the opponents (heuristic, pool, random), the engine, and the
  rest (glue: bookkeeping, the rollout store, logging).

Prints the median of every concurrency and code, and the ratio of each code to the first (the
median of the per-round ratios, each round's codes having run under the same load).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

# the trainer's time/* scalars grouped into the breakdown's parts (the names of older trainers
# too: "policy" held the learner's forward and the pool's, "heuristic" the heuristic's moves,
# "train" the update)
PARTS = {"update": ("update", "train"), "forward": ("forward", "policy"),
         "opponents": ("opponents", "heuristic", "prior"), "engine": ("engine",)}


class Code:
    """A variant to time: a checkout, and what this variant adds to every run of it (trainer
    arguments, environment variables)."""

    def __init__(self, name: str, tree: str, args: list[str], env: dict[str, str]):
        self.name, self.tree, self.args, self.env = name, tree, args, env


def parse_code(text: str) -> Code:
    """``NAME=TREE [VAR=VALUE ...] [--trainer-arg ...]``, e.g.
    ``"one-thread=/tmp/before --torch-threads 1"`` or
    ``"passive=/tmp/before OMP_WAIT_POLICY=PASSIVE"``."""
    if "=" not in text:
        raise argparse.ArgumentTypeError(f"--code NAME=TREE [VAR=VALUE ...] [ARGS ...], got "
                                         f"{text!r}")
    name, rest = text.split("=", 1)
    path, *more = shlex.split(rest)
    script = os.path.join(path, "training", "selfplay_ppo.py")
    if not name or not os.path.isfile(script):
        raise argparse.ArgumentTypeError(f"--code {text!r}: no {script}")
    env = dict(w.split("=", 1) for w in more if "=" in w and not w.startswith("-"))
    args = [w for w in more if not ("=" in w and not w.startswith("-"))]
    return Code(name, os.path.abspath(path), args, env)


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a running process (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Run:
    """One training process; ``poll`` records (wall, cpu, step, time/* scalars) at each update
    its scalars file shows."""

    def __init__(self, code: Code, seconds: float, extra: list[str], scratch: str, tag: str):
        self.dir = os.path.join(scratch, tag)
        os.makedirs(self.dir)
        cmd = [sys.executable, os.path.join(code.tree, "training", "selfplay_ppo.py"),
               "--max-minutes", str(seconds / 60), "--eval-every", "0", "--no-progress",
               "--no-tensorboard", "--exp-name", tag, "--run-dir", self.dir,
               "--save-path", os.path.join(self.dir, "policy.pt"), *extra, *code.args]
        self.log = open(os.path.join(self.dir, "train.log"), "w")
        self.proc = subprocess.Popen(cmd, env=dict(os.environ, PYTHONPATH=code.tree, **code.env),
                                     cwd=code.tree,
                                     stdout=self.log, stderr=subprocess.STDOUT)
        self.updates: list[dict] = []
        self.pos = 0

    def _scalars(self):
        for root, _, files in os.walk(self.dir):
            if "scalars.jsonl" in files:
                return os.path.join(root, "scalars.jsonl")
        return None

    def poll(self) -> bool:
        """Read what the run logged since the last poll; False once it has ended."""
        alive = self.proc.poll() is None
        path = self._scalars()
        if path is not None:
            with open(path) as f:
                f.seek(self.pos)
                text = f.read()
            done = text.rfind("\n") + 1
            self.pos += len(text[:done].encode())
            cpu = _cpu_seconds(self.proc.pid) if alive else None
            lines = text[:done].splitlines()
            if cpu is None:                  # ended: its last lines have no CPU reading
                lines = []
            for line in lines:
                row = json.loads(line)
                if row["tag"] == "charts/sps":
                    self.updates.append({"wall": time.time(), "cpu": cpu, "step": row["step"],
                                         "time": {}})
                elif row["tag"].startswith("time/") and self.updates:   # that update's
                    self.updates[-1]["time"][row["tag"][5:]] = row["value"]
        return alive

    def result(self) -> dict:
        """The figures between the first and the last update seen while it ran."""
        self.log.close()
        if self.proc.returncode not in (0, None):
            with open(os.path.join(self.dir, "train.log")) as f:
                raise RuntimeError(f"a training run failed:\n{f.read()[-3000:]}")
        if len(self.updates) < 2:
            raise RuntimeError(f"a run logged {len(self.updates)} PPO updates: give it more "
                               f"--seconds")
        a, b = self.updates[0], self.updates[-1]
        wall = b["wall"] - a["wall"]
        out = {"sps": (b["step"] - a["step"]) / wall, "cpu": (b["cpu"] - a["cpu"]) / wall,
               "steps_per_cpu_s": (b["step"] - a["step"]) / max(b["cpu"] - a["cpu"], 1e-9),
               "updates": len(self.updates) - 1}
        shares = {}
        for part, keys in PARTS.items():
            spent = sum(b["time"].get(k, 0.0) - a["time"].get(k, 0.0) for k in keys)
            shares[part] = spent / wall
        shares["glue"] = max(0.0, 1.0 - sum(shares.values()))
        out["share"] = shares
        return out


def run_group(code: Code, concurrent: int, seconds: float, extra, scratch: str,
              tag: str) -> list[dict]:
    runs = [Run(code, seconds, extra, scratch, f"{tag}_{k}") for k in range(concurrent)]
    while any([r.poll() for r in runs]):     # every run polled each time
        time.sleep(0.5)
    for r in runs:
        r.poll()
    return [r.result() for r in runs]


def machine() -> dict:
    import torch
    return {"cpus": os.cpu_count(), "processor": platform.processor() or platform.machine(),
            "python": platform.python_version(), "torch": torch.__version__,
            "load_average": os.getloadavg()}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--code", type=parse_code, action="append", required=True,
                   help="NAME=TREE [VAR=VALUE ...] [ARGS ...]: a checkout whose "
                        "training/selfplay_ppo.py runs, with environment variables and trainer "
                        "arguments of this variant (give two or more; the first is the "
                        "reference of the ratios)")
    p.add_argument("--concurrent", type=int, nargs="+", default=[1, 2],
                   help="trainings run at once (each figure is their sum)")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--seconds", type=float, default=150.0,
                   help="wall time of a run (it must reach three PPO updates)")
    p.add_argument("--json", default="", help="write every run and the medians here")
    p.add_argument("extra", nargs="*", help="after --: arguments of the trainer (all codes)")
    a = p.parse_args(argv)
    extra = a.extra or ["--pack", "standard", "--num-players", "5"]
    scratch = tempfile.mkdtemp(prefix="bench_training_")
    start = machine()
    runs: list[dict] = []
    try:
        for rnd in range(a.rounds):
            for conc in a.concurrent:
                for code in a.code:
                    t0 = time.time()
                    group = run_group(code, conc, a.seconds, extra, scratch,
                                      f"r{rnd}_c{conc}_{code.name}")
                    row = {"round": rnd, "concurrent": conc, "code": code.name,
                           "sps": sum(g["sps"] for g in group),
                           "steps_per_cpu_s": statistics.mean(g["steps_per_cpu_s"]
                                                              for g in group),
                           "cpu": sum(g["cpu"] for g in group),
                           "share": {k: statistics.mean(g["share"][k] for g in group)
                                     for k in group[0]["share"]},
                           "runs": group}
                    runs.append(row)
                    print(f"round {rnd} x{conc} {code.name}: {row['sps']:.0f} PPO steps/s, "
                          f"{row['steps_per_cpu_s']:.0f} steps/cpu-s, cpu {row['cpu']:.2f} "
                          f"({time.time() - t0:.0f} s)", flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    summary = summarise(runs, [c.name for c in a.code], a.concurrent)
    print_table(summary)
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"command": "python benchmarks/bench_training.py " + " ".join(
                       sys.argv[1:] if argv is None else argv), "trainer_args": extra,
                       "codes": {c.name: {"args": c.args, "env": c.env} for c in a.code},
                       "seconds": a.seconds, "rounds": a.rounds,
                       "machine": start, "load_average_end": os.getloadavg(),
                       "date": time.strftime("%Y-%m-%d"), "summary": summary, "runs": runs},
                      f, indent=1)
            f.write("\n")


def summarise(runs: list[dict], names: list[str], concurrent: list[int]) -> list[dict]:
    out = []
    for conc in concurrent:
        ref = {r["round"]: r for r in runs if r["concurrent"] == conc and r["code"] == names[0]}
        for name in names:
            mine = [r for r in runs if r["concurrent"] == conc and r["code"] == name]
            ratios = [r["sps"] / ref[r["round"]]["sps"] for r in mine if r["round"] in ref]
            out.append({"concurrent": conc, "code": name,
                        "sps": statistics.median(r["sps"] for r in mine),
                        "sps_min": min(r["sps"] for r in mine),
                        "sps_max": max(r["sps"] for r in mine),
                        "steps_per_cpu_s": statistics.median(r["steps_per_cpu_s"] for r in mine),
                        "cpu": statistics.median(r["cpu"] for r in mine),
                        "ratio": statistics.median(ratios),
                        "share": {k: statistics.median(r["share"][k] for r in mine)
                                  for k in mine[0]["share"]}})
    return out


def print_table(summary: list[dict]) -> None:
    parts = list(summary[0]["share"])
    print(f"{'at once':>7} {'code':>10} {'PPO steps/s':>12} {'(min-max)':>13} {'steps/cpu-s':>11} "
          f"{'cpu':>5} {'ratio':>6}  " + " ".join(f"{p:>9}" for p in parts))
    for s in summary:
        print(f"{s['concurrent']:>7} {s['code']:>10} {s['sps']:>12.0f} "
              f"{s['sps_min']:>6.0f}-{s['sps_max']:<6.0f} {s['steps_per_cpu_s']:>11.0f} "
              f"{s['cpu']:>5.2f} {s['ratio']:>6.2f}  "
              + " ".join(f"{100 * s['share'][p]:>8.0f}%" for p in parts))


if __name__ == "__main__":
    main()
