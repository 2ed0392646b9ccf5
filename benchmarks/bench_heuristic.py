"""The compiled heuristic's speed: decisions/s batched, learner steps/s and tournament games/s
against it.

    python benchmarks/bench_heuristic.py [--batch 4096] [--threads 1 2] [--repeats 5]
                                         [--seconds 1] [--learner-envs 256] [--games 200]
                                         [--json out.json]

1. **decisions/s**: ``HeuristicAgent.act_batch`` over B observation rows (recorded from
   heuristic games of 5 players, pack standard; every row its own slot), with 1 and 2 Numba
   threads; the median of --repeats runs of --seconds each.
2. **learner steps/s**: ``LearnerVectorEnv(E, seat=0, num_players=5, pack="standard")`` with
   ``opponents="heuristic"`` (played inside the compiled loop,
``heroes_env.agents.heuristic_loop``), with
   the same agent called from Python once per round of opponent decisions (``act_batch`` through
   a wrapper without ``compiled_loop``: how the wrappers played it before) and with
   ``opponents="random"``, stepped with the compiled random legal actions, alternated in one
   process; the median of each and the ratios to random.
3. **tournament games/s**: heuristic against random (5 players, pack standard, seats rotated),
   ``--games`` games with the game engine (each game in Python, one process) and with the
   batched engine (1 and 2 threads), alternated; the medians and the ratio.
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
from heroes_env.agents import HeuristicAgent, tournament  # noqa: E402
from heroes_env.agents.tournament.games import GamePlayer  # noqa: E402
from heroes_env.wrappers import LearnerVectorEnv  # noqa: E402


class PythonPath:
    """The heuristic seen through act_batch only: the wrappers call it from Python."""
    slot_memory = True

    def __init__(self):
        self.agent = HeuristicAgent(seed=0)

    def act_batch(self, obs, masks, slots):
        return self.agent.act_batch(obs, masks, slots)

    def reset(self, seed=None, slots=None):
        self.agent.reset(seed=seed, slots=slots)


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
    out = {"heuristic": [], "heuristic_python": [], "random": []}
    venvs = {}
    for opp in out:
        spec = PythonPath() if opp == "heuristic_python" else opp
        v = LearnerVectorEnv(envs, seat=0, num_players=5, pack="standard", opponents=spec,
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
    med["ratio_python"] = med["heuristic_python"] / med["random"]
    return med, out


def tournament_games(games, repeats, threads):
    """Games/s of the game engine (one process) and of the batched engine per thread count."""
    cfg = {e: tournament.TournamentConfig(agents=("heuristic", "random"), games=games, players=5,
                                          pack="standard", seed=1, engine=e)
           for e in ("game", "batched")}
    player = GamePlayer(cfg["game"])
    todo = list(range(games))
    runs = {"game": []}
    runs.update({f"batched_{t}": [] for t in threads})
    list(tournament.batched_records(cfg["batched"], todo[:8]))           # compile / load first
    player.play(0)
    for _ in range(repeats):
        t0 = time.perf_counter()
        for i in todo:
            player.play(i)
        runs["game"].append(games / (time.perf_counter() - t0))
        for t in threads:
            t0 = time.perf_counter()
            n = sum(1 for _ in tournament.batched_records(cfg["batched"], todo, t))
            runs[f"batched_{t}"].append(n / (time.perf_counter() - t0))
    med = {k: float(np.median(v)) for k, v in runs.items()}
    for t in threads:
        med[f"ratio_{t}"] = med[f"batched_{t}"] / med["game"]
    return med, runs


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--batch", type=int, default=4096)
    p.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--seconds", type=float, default=1.0)
    p.add_argument("--learner-envs", type=int, default=256)
    p.add_argument("--games", type=int, default=200, help="tournament games per timing")
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
              f"heuristic {med['heuristic']:,.0f} (from Python: {med['heuristic_python']:,.0f}) "
              f"vs random {med['random']:,.0f} learner steps/s (ratio {med['ratio']:.3f}, from "
              f"Python {med['ratio_python']:.3f})", flush=True)
    med, runs = tournament_games(a.games, a.repeats, a.threads)
    res["tournament"] = {"median": med, "runs": runs, "games": a.games}
    print(f"tournament heuristic vs random ({a.games} games, 5 players, standard): game engine "
          f"{med['game']:,.1f} games/s; batched " + ", ".join(
              f"{t} thread(s) {med[f'batched_{t}']:,.1f} ({med[f'ratio_{t}']:.1f}x)"
              for t in a.threads), flush=True)
    res["load_end"] = os.getloadavg()
    if a.json:
        with open(a.json, "w") as f:
            json.dump(res, f, indent=1)


if __name__ == "__main__":
    main()
