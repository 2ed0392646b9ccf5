"""Two (or more) versions of the code, alternated: ``VectorEnv`` env steps/s of each.

    git worktree add /tmp/before <commit>
    python benchmarks/ab_vector.py --code before=/tmp/before --code after=. \
        [--rounds 3] [--seconds 3] [--config 8,4096,2,uint8 ...] [--json out.json]

This machine is shared and noisy, so a change is measured against the code before it in the same
sitting: every run is a fresh process of one code (``PYTHONPATH`` = its tree), and the rounds go
round every configuration and every code in turn, so a burst of other load spreads over all of
them. A run: ``VectorEnv(B, num_players=n, num_threads=t, obs_dtype=d)``, reset, 0.5 s of warm-up,
then ``step`` + ``random_actions`` for ``--seconds`` (what ``bench_vector.py`` times). Each code
compiles into its own cache the first time (the engine's cache is keyed by its sources); run once
before measuring, or read the first round as a warm-up. Prints the median env steps/s of every
configuration and code, and the ratio of each code to the first.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

DEFAULT_CONFIGS = ["8,4096,1,float32", "8,4096,1,uint8", "8,4096,2,float32", "8,4096,2,uint8",
                   "5,4096,2,uint8", "8,64,1,uint8"]

RUN = r'''
import sys, time
from heroes_env.vector import VectorEnv
npl, B, threads = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
dt, secs = sys.argv[4], float(sys.argv[5])
v = VectorEnv(B, num_players=npl, num_threads=threads, obs_dtype=dt)
v.reset(seed=1)
a = v.random_actions()
t0 = time.perf_counter()
while time.perf_counter() - t0 < 0.5:
    v.step(a)
    a = v.random_actions()
n, c0, t0 = 0, time.process_time(), time.perf_counter()
while True:
    v.step(a)
    a = v.random_actions()
    n += 1
    t = time.perf_counter() - t0
    if t > secs:
        break
print(n * B / t, (time.process_time() - c0) / t)
'''


def parse_config(text: str) -> tuple[int, int, int, str]:
    try:
        npl, B, threads, dt = text.split(",")
        cfg = (int(npl), int(B), int(threads), dt)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"--config {text!r}: expected players,batch,threads,dtype (e.g. 8,4096,2,uint8)"
        ) from None
    if dt not in ("float32", "uint8"):
        raise argparse.ArgumentTypeError(f"--config {text!r}: dtype must be float32 or uint8")
    return cfg


def parse_code(text: str) -> tuple[str, str]:
    name, sep, path = text.partition("=")
    if not sep or not name or not os.path.isdir(os.path.join(path, "heroes_env")):
        raise argparse.ArgumentTypeError(
            f"--code {text!r}: expected NAME=PATH, PATH a tree holding heroes_env/")
    return name, os.path.abspath(path)


def run_one(path: str, cfg, seconds: float) -> tuple[float, float]:
    """(env steps/s, CPU s per wall s) of one fresh process of the code at path."""
    env = dict(os.environ, PYTHONPATH=path)
    p = subprocess.run([sys.executable, "-c", RUN, *map(str, cfg), str(seconds)], env=env,
                       cwd=path, capture_output=True, text=True)
    if p.returncode:
        raise RuntimeError(f"the run of {path} {cfg} failed:\n{p.stderr[-2000:]}")
    sps, cpu = map(float, p.stdout.split()[-2:])
    return sps, cpu


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--code", type=parse_code, action="append", required=True,
                    help="NAME=PATH of a code tree (repeat; the first is the reference)")
    ap.add_argument("--config", type=parse_config, action="append",
                    help="players,batch,threads,dtype (repeat; default: "
                    f"{' '.join(DEFAULT_CONFIGS)})")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--json", default="")
    a = ap.parse_args(argv)
    configs = a.config or [parse_config(c) for c in DEFAULT_CONFIGS]
    codes = dict(a.code)
    load0 = os.getloadavg()
    runs = []
    for r in range(a.rounds):
        for cfg in configs:
            for name, path in codes.items():
                sps, cpu = run_one(path, cfg, a.seconds)
                runs.append(dict(round=r, code=name, players=cfg[0], batch=cfg[1],
                                 threads=cfg[2], dtype=cfg[3], steps_per_s=sps, cpu=cpu))
    first = next(iter(codes))
    summary = []
    print(f"env steps/s, medians of {a.rounds} alternated runs of {a.seconds:g} s "
          f"(load average {load0[0]:.2f} -> {os.getloadavg()[0]:.2f})")
    for cfg in configs:
        row = dict(players=cfg[0], batch=cfg[1], threads=cfg[2], dtype=cfg[3])
        cells = []
        for name in codes:
            xs = [x["steps_per_s"] for x in runs if x["code"] == name
                  and (x["players"], x["batch"], x["threads"], x["dtype"]) == cfg]
            row[name] = dict(median=statistics.median(xs), runs=xs)
            ratio = row[name]["median"] / row[first]["median"]
            cells.append(f"{name} {row[name]['median'] / 1e3:.0f}k"
                         + ("" if name == first else f" ({ratio:.2f}x)"))
        summary.append(row)
        print(f"  {cfg[0]} players, B = {cfg[1]}, {cfg[2]} thread(s), {cfg[3]}: "
              + ", ".join(cells))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(dict(command=" ".join(sys.argv), codes=codes, load_start=load0,
                           load_end=os.getloadavg(), rounds=a.rounds, seconds=a.seconds,
                           summary=summary, runs=runs), f, indent=1)
    return summary


if __name__ == "__main__":
    main()
