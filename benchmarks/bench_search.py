"""The search agent's time per decision against its budget (``heroes_env.agents.search``).

    python benchmarks/bench_search.py --players 5 --pack none --states 60 \\
        --specs search:worlds=1 search:worlds=4 search:worlds=16 search:worlds=64 \\
        search:worlds=64,ms=50

The states: every k-th decision with two or more legal actions (not the hero draft) of games the
heuristic plays at every seat, seeds 0, 1, ... until ``--states`` are collected. Each spec
decides every state once through ``act_at_table`` (the worlds drawn on the table's side, as in a
tournament), a fresh agent per spec, seed 0. Printed per spec: the milliseconds per decision
(median, mean, 90th percentile, the world draws included), the playouts per decision (the
candidate actions times the worlds played) and the microseconds per playout. One thread: the
agent plays its batch on the calling thread.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from heroes_env import Config, Game  # noqa: E402
from heroes_env.agents import act_at_table, make_agent  # noqa: E402
from heroes_env.engine import constants as C  # noqa: E402


def decision_states(config: Config, count: int, every: int) -> list[Game]:
    """count clones of searched decisions (two or more legal actions, not the draft) of games
    the heuristic plays, every every-th one."""
    out: list[Game] = []
    seed = 0
    while len(out) < count:
        g = Game.new(config, seed=seed)
        h = make_agent("heuristic", seed=seed)
        k = 0
        while not g.done and len(out) < count:
            obs, mask = g.observe_with_mask(g.decider)
            if np.count_nonzero(mask) > 1 and g.decision_kind != C.DK_HERO:
                if k % every == 0:
                    out.append(g.clone())
                k += 1
            g.step(h.act(obs, mask, slot=g.decider))
        seed += 1
    return out


def measure(spec: str, states: list[Game]) -> dict:
    agent = make_agent(spec, seed=0)
    times = []
    for g in states:
        t0 = time.perf_counter()
        act_at_table(agent, g, slot=g.decider)
        times.append(time.perf_counter() - t0)
    ms = 1000.0 * np.array(times)
    u = agent.usage()
    return {"spec": spec, "decisions": len(states), "ms_median": round(float(np.median(ms)), 2),
            "ms_mean": round(float(ms.mean()), 2), "ms_p90": round(float(np.quantile(ms, 0.9)), 2),
            "playouts_per_decision": round(u["playouts"] / max(1, u["searched"]), 1),
            "us_per_playout": round(1e6 * u["search_s"] / max(1, u["playouts"]), 1)}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--players", type=int, default=5)
    p.add_argument("--pack", default="none")
    p.add_argument("--states", type=int, default=60, help="decisions timed per spec")
    p.add_argument("--every", type=int, default=5, help="every k-th searched decision")
    p.add_argument("--specs", nargs="+", default=["search:worlds=1", "search:worlds=4",
                                                  "search:worlds=16", "search:worlds=64"])
    p.add_argument("--json", default="", help="write the figures here")
    a = p.parse_args(argv)
    config = Config(num_players=a.players, pack=a.pack)
    states = decision_states(config, a.states, a.every)
    measure(a.specs[0], states[:2])              # load the compiled code before timing
    rows = [measure(spec, states) for spec in a.specs]
    print(f"{a.players} players, pack {a.pack}, {a.states} decisions, one thread")
    print(f"{'spec':<28}{'ms median':>10}{'ms mean':>9}{'ms p90':>8}{'playouts':>10}"
          f"{'us/playout':>11}")
    for r in rows:
        print(f"{r['spec']:<28}{r['ms_median']:>10}{r['ms_mean']:>9}{r['ms_p90']:>8}"
              f"{r['playouts_per_decision']:>10}{r['us_per_playout']:>11}")
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump({"args": vars(a), "results": rows}, f, indent=1)
    return rows


if __name__ == "__main__":
    main()
