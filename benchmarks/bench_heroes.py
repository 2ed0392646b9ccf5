"""Engine throughput with hero packs against the no-skill game, in the same process.

    python benchmarks/bench_heroes.py [--players 5 8] [--repeats 5] [--seconds 2] [--json out.json]

For each player count it times the compiled kernel ``batch.batch_random_play`` on one game (one
thread, no observation: the engine's own cost) for ``pack="none"``, for ``pack="standard"`` with
the heroes drawn at random and with the draft, and for ``herokill`` and ``classmates`` at random,
interleaving the configurations run by run, and reports medians of engine decisions/s (every
decision the engine resolves, agent-chosen or auto-played, counted by the kernel) and the ratio to
the no-skill game. Decisions are what an agent answers; hero games have other decisions (skill
yes/no, sub-choices) than no-skill games, so games/s is printed too.
"""
from __future__ import annotations

import argparse
import json
import platform
import statistics
import time

import numba
import numpy as np

from heroes_env import Config
from heroes_env.engine import batch
from heroes_env.engine import constants as C

CONFIGS = {"none": dict(), "standard random": dict(pack="standard", hero_selection="random"),
           "standard draft": dict(pack="standard", hero_selection="draft"),
           "herokill random": dict(pack="herokill", hero_selection="random"),
           "classmates random": dict(pack="classmates", hero_selection="random")}


class Runner:
    def __init__(self, cfg: Config, seed: int):
        self.spec = cfg.spec()
        self.S = np.zeros((1, C.STATE_SIZE), np.int32)
        masks = np.zeros((1, C.NUM_ACTIONS), np.int8)
        self.obs = np.zeros((1, C.OBS_SIZE), np.float32)
        batch.batch_reset(self.S, np.array([seed], np.int32), self.spec, masks, self.obs)
        self.steps = 2000
        self.calls = 0

    def run(self, seconds: float) -> dict:
        """One timed run of about `seconds` (the step count adapts to the speed)."""
        dec = games = 0
        t0 = time.perf_counter()
        while True:
            stats = np.zeros((1, 3), np.int64)
            self.calls += 1
            batch.batch_random_play(self.S, self.steps, self.spec, self.calls, False, self.obs,
                                    stats)
            if stats[:, 2].sum():
                raise RuntimeError("the kernel stepped an illegal action")
            dec += int(stats[0, 0])
            games += int(stats[0, 1])
            dt = time.perf_counter() - t0
            if dt >= seconds:
                return {"decisions_per_s": dec / dt, "games_per_s": games / dt}
            self.steps = min(self.steps * 2, 2_000_000) if dt < seconds / 8 else self.steps


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--players", type=int, nargs="+", default=[5, 8])
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--seconds", type=float, default=2.0)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json")
    args = p.parse_args(argv)
    numba.set_num_threads(1)
    out = {"machine": platform.processor() or platform.machine(), "numba": numba.__version__,
           "repeats": args.repeats, "seconds": args.seconds, "results": []}
    print(f"engine decisions/s, 1 game, 1 thread, medians of {args.repeats} runs of "
          f"{args.seconds} s")
    print(f"{'players':>7} {'config':>16} {'decisions/s':>12} {'games/s':>9} {'vs none':>8}")
    for n in args.players:
        runners = {name: Runner(Config(num_players=n, **kw), args.seed)
                   for name, kw in CONFIGS.items()}
        for r in runners.values():          # warm-up (and compile)
            r.run(0.2)
        runs = {name: [] for name in runners}
        for _ in range(args.repeats):
            for name, r in runners.items():
                runs[name].append(r.run(args.seconds))
        base = statistics.median(x["decisions_per_s"] for x in runs["none"])
        for name, rs in runs.items():
            dps = statistics.median(x["decisions_per_s"] for x in rs)
            gps = statistics.median(x["games_per_s"] for x in rs)
            print(f"{n:>7} {name:>16} {dps:>12,.0f} {gps:>9,.0f} {dps / base:>8.2f}")
            out["results"].append({"players": n, "config": name, "decisions_per_s": dps,
                                   "games_per_s": gps, "ratio_to_none": dps / base,
                                   "runs": rs})
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
