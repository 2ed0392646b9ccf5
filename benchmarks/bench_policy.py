"""A trained policy's forward pass, dense against sparse: milliseconds per batch.

    python benchmarks/bench_policy.py --agent trained:standard5 --rows 1 128 1024 \\
        --json benchmarks/results/bench_policy.json

For each batch size, observations of random play at the agent's table (its pack and player
count), then, alternated over ``--repeats`` rounds of ``--seconds`` each, the median time of:

- ``dense``: ``PolicyNet`` over the dense observation (the features made by torch);
- ``cells``: listing the non-zero input cells (``SparseObservations``, compiled
  ``input_cells``), alone;
- ``sparse``: the cells listed and the net's first layer computed from them, as
  ``TorchPolicyAgent`` plays.

One torch thread, no gradients. Both paths give the same logits up to float rounding
(``tests/test_sparse_observations.py``).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402


def _observations(config, rows: int, seed: int):
    """rows observations and masks of random play at the table, and the heuristic's pick for
    each (the "prior" feature's input)."""
    from heroes_env.agents.heuristic import HeuristicAgent
    from heroes_env.vector import VectorEnv
    venv = VectorEnv(max(rows, 16), config=config)
    step = venv.reset(seed=seed)
    for _ in range(20):                            # past the opening
        step = venv.step(venv.random_actions())
    obs, mask = np.array(step.obs[:rows]), np.array(step.mask[:rows])
    prior = HeuristicAgent(seed=seed).act_batch(obs, mask)
    return obs, mask, prior


def _time(fn, seconds: float) -> float:
    """Milliseconds per call, over about ``seconds``."""
    fn()
    calls, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        fn()
        calls += 1
    return (time.perf_counter() - start) / calls * 1e3


def _paths(net, obs, mask, prior) -> dict:
    """The three timed calls over one batch: dense, cells, sparse."""
    import torch

    from heroes_env.agents.torch_policy import SparseObservations
    obs_t, mask_t = torch.from_numpy(obs), torch.from_numpy(mask != 0)
    prior_t = torch.from_numpy(prior) if "prior" in net.features else None
    return {
        "dense": lambda: net(obs_t, mask_t, prior=prior_t),
        "cells": lambda: SparseObservations(obs_t, net, prior_t),
        "sparse": lambda: net(None, mask_t, prior=prior_t,
                              sparse=SparseObservations(obs_t, net, prior_t).all()),
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--agent", default="trained:standard5", help="a trained: agent or .pt file")
    p.add_argument("--rows", type=int, nargs="+", default=[1, 128, 1024])
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--seconds", type=float, default=1.0)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", default="", help="write the figures here")
    a = p.parse_args(argv)

    import torch

    import heroes_env.agents.torch_policy as tp
    from heroes_env.agents import make_agent
    from heroes_env.config import Config
    torch.set_num_threads(1)
    agent = make_agent(a.agent)
    net, trained = agent.net, tp.trained_table(agent.meta)
    config = Config(num_players=trained.get("num_players", 5), pack=trained.get("pack", "none"))
    results = []
    for rows in a.rows:
        obs, mask, prior = _observations(config, rows, a.seed)
        paths = _paths(net, obs, mask, prior)
        times = {"dense": [], "cells": [], "sparse": []}
        with torch.no_grad():
            for _ in range(a.repeats):
                for name, fn in paths.items():
                    times[name].append(_time(fn, a.seconds))
        row = {"rows": rows, **{f"{k}_ms": statistics.median(v) for k, v in times.items()},
               "runs_ms": times}
        row["dense_over_sparse"] = row["dense_ms"] / row["sparse_ms"]
        results.append(row)
        print(f"{rows:5d} rows: dense {row['dense_ms']:.3f} ms, cells {row['cells_ms']:.3f} ms, "
              f"sparse {row['sparse_ms']:.3f} ms ({row['dense_over_sparse']:.2f}x)", flush=True)
    if a.json:
        out = {"command": "python benchmarks/bench_policy.py " + " ".join(argv or sys.argv[1:]),
               "agent": a.agent, "table": {"pack": config.pack, "num_players": config.num_players},
               "features": list(net.features),
               "machine": platform.processor() or platform.machine(),
               "cpus": os.cpu_count(), "load_average_end": os.getloadavg(),
               "date": time.strftime("%Y-%m-%d"), "results": results}
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
