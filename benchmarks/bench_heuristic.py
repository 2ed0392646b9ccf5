"""The compiled heuristic's speed: decisions/s batched, and learner steps/s against it.

    python benchmarks/bench_heuristic.py [--batch 4096] [--threads 1 2] [--repeats 5]
                                         [--seconds 1] [--learner-envs 256] [--json out.json]

1. **decisions/s**: ``HeuristicAgent.act_batch`` over B observation rows (recorded from
   heuristic games of 5 players, pack standard; every row its own slot), with 1 and 2 Numba
   threads; the median of --repeats runs of --seconds each.
2. **learner steps/s**: ``LearnerVectorEnv(E, seat=0, num_players=5, pack="standard")`` with
   ``opponents="heuristic"`` and with ``opponents="random"``, stepped with the compiled random
   legal actions, alternated in one process (heuristic, random, heuristic, ...); the median of
   each and their ratio.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numba  # noqa: E402

from heroes_env import Config, Game  # noqa: E402
from heroes_env.wrappers import LearnerVectorEnv  # noqa: E402
from agents import HeuristicAgent  # noqa: E402


def rows_from_games(target: int, seed: int = 0):
    obs, masks = [], []
    g_seed = seed
    while len(obs) < target:
        g = Game.new(Config(num_players=5, pack="standard"), seed=g_seed)
        ags = [HeuristicAgent(seed=s) for s in range(5)]
        while not g.done:
            s = g.decider
            o, m = g.observe_with_mask(s)
            obs.append(o.copy())
            masks.append(m.copy())
            g.step(ags[s].act(o, m), s)
        g_seed += 1
    return np.stack(obs[:target]), np.stack(masks[:target])


def timed(f, seconds):
    f()                                   # warm
    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        n += f()
    return n / (time.perf_counter() - t0)


def decisions_per_s(obs, masks, threads, repeats, seconds):
    numba.set_num_threads(threads)
    agent = HeuristicAgent(seed=0)
    keys = np.arange(len(obs), dtype=np.int64)

    def once():
        agent.act_batch(obs, masks, keys)
        return len(obs)
    return float(np.median([timed(once, seconds) for _ in range(repeats)]))


def learner_steps(envs, repeats, seconds, threads):
    numba.set_num_threads(threads)
    out = {"heuristic": [], "random": []}
    venvs = {}
    for opp in out:
        v = LearnerVectorEnv(envs, seat=0, num_players=5, pack="standard", opponents=opp,
                             num_threads=threads)
        v.reset(seed=1)
        venvs[opp] = v
    for _ in range(repeats):
        for opp, v in venvs.items():
            def once(v=v):
                v.step(v.random_actions())
                return v.num_envs
            out[opp].append(timed(once, seconds))
    med = {k: float(np.median(x)) for k, x in out.items()}
    med["ratio"] = med["heuristic"] / med["random"]
    return med, out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--batch", type=int, default=4096)
    p.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--seconds", type=float, default=1.0)
    p.add_argument("--learner-envs", type=int, default=256)
    p.add_argument("--json", default=None)
    a = p.parse_args(argv)
    res = {"load_start": os.getloadavg()}
    obs, masks = rows_from_games(a.batch)
    res["decisions_per_s"] = {}
    for t in a.threads:
        r = decisions_per_s(obs, masks, t, a.repeats, a.seconds)
        res["decisions_per_s"][t] = r
        print(f"heuristic act_batch, B={a.batch}, {t} thread(s): {r:,.0f} decisions/s", flush=True)
    res["learner"] = {}
    for t in a.threads:
        med, runs = learner_steps(a.learner_envs, a.repeats, a.seconds, t)
        res["learner"][t] = {"median": med, "runs": runs}
        print(f"LearnerVectorEnv({a.learner_envs}, seat=0, 5 players, standard), {t} thread(s): "
              f"heuristic {med['heuristic']:,.0f} vs random {med['random']:,.0f} learner "
              f"steps/s (ratio {med['ratio']:.3f})", flush=True)
    res["load_end"] = os.getloadavg()
    if a.json:
        with open(a.json, "w") as f:
            json.dump(res, f, indent=1)


if __name__ == "__main__":
    main()
