"""Ray on this machine: tournament games/s with the local backend and with Ray, and RLlib env
steps/s with 1 and 2 env runners (``pip install -e ".[ray]"``).

    python benchmarks/bench_ray.py --json benchmarks/results/bench_ray.json

Tournament part: ``--games`` games, heuristic vs random (5 players, pack none, seed 0), each
configuration ``--repeats`` times, interleaved (run 1 of every configuration, then run 2, ...):

- ``local_1``: one process; ``local_N``: N worker processes (``--workers``);
- ``ray_cold``: ``--backend ray`` as the command line runs it: a local Ray instance of
  ``--workers`` CPUs started and shut down inside the run;
- ``ray_warm``: the same games on a Ray instance started before the clock starts (what a
  cluster that is already up costs), and ``ray_start_s``, the time to start that instance.

RLlib part: the PPO of ``training/rllib_ppo.py`` with 1 and then 2 env runners
(``--envs-per-runner`` games each, no in-env opponents, ``--rllib-batch`` env steps per
iteration, one epoch), after one warm-up iteration, ``--repeats`` times: sampling alone (every
runner samples its share of a batch at once) and a whole training iteration (sampling and
learning), both in env steps/s; the learner's time follows from the two.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


def tournament_part(args) -> dict:
    import ray

    from heroes_env.agents import tournament
    cfg = tournament.TournamentConfig(agents=("heuristic", "random"), games=args.games, players=5,
                                      pack="none", seed=0)
    runs = {k: [] for k in ("local_1", f"local_{args.workers}", "ray_cold", "ray_warm")}
    starts, first = [], None
    for rep in range(args.repeats):
        for name in runs:
            t0 = time.time()
            if name == "local_1":
                s = tournament.run_tournament(cfg, workers=1)
            elif name.startswith("local_"):
                s = tournament.run_tournament(cfg, workers=args.workers)
            elif name == "ray_cold":
                s = tournament.run_tournament(cfg, workers=args.workers, backend="ray")
            else:
                t_start = time.time()
                tournament.ray_init(None, args.workers)
                starts.append(time.time() - t_start)
                t0 = time.time()
                s = tournament.run_tournament(cfg, workers=args.workers, backend="ray")
                ray.shutdown()
            dt = time.time() - t0
            runs[name].append(dt)
            strip = {k: v for k, v in s.items() if k != "run"}
            if first is None:
                first = strip
            assert strip == first, f"{name} gave other results"
            print(f"  run {rep + 1} {name}: {dt:.2f} s, {args.games / dt:.1f} games/s", flush=True)
    out = {"games": args.games, "same_results": True,
           "ray_start_s": [round(x, 2) for x in starts],
           "ray_start_s_median": round(statistics.median(starts), 2), "configs": {}}
    for name, ts in runs.items():
        out["configs"][name] = {"seconds": [round(t, 2) for t in ts],
                                "games_per_s_median": round(args.games / statistics.median(ts), 1)}
    return out


def rllib_part(args) -> dict:
    import ray
    import torch

    from training import rllib_ppo as R
    torch.set_num_threads(1)                 # as training/rllib_ppo.py: the learner on one core
    out = {}
    for runners in (1, 2):
        a = R.Args(num_env_runners=runners, num_envs_per_env_runner=args.envs_per_runner,
                   train_batch_size=args.rllib_batch, minibatch_size=256, num_epochs=1,
                   p_opponents=0.0, opponents=(), num_cpus=2)
        ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False,
                 runtime_env={"env_vars": {"PYTHONPATH": ROOT}})
        t0 = time.time()
        algo = R.build_config(a).build_algo()
        build_s = time.time() - t0
        algo.train()                                            # warm-up iteration
        per_runner = args.rllib_batch // runners

        def sample(runner, n=per_runner):
            return sum(len(e) for e in runner.sample(num_timesteps=n))

        samp, iters = [], []
        for _ in range(args.repeats):
            t0 = time.time()
            n = sum(algo.env_runner_group.foreach_env_runner(sample, local_env_runner=False))
            samp.append(n / (time.time() - t0))
            before = algo.train()["env_runners"]["num_env_steps_sampled_lifetime"]
            t0 = time.time()
            after = algo.train()["env_runners"]["num_env_steps_sampled_lifetime"]
            iters.append((after - before) / (time.time() - t0))
        algo.stop()
        ray.shutdown()
        row = {"build_s": round(build_s, 1),
               "sample_steps_per_s": [round(x, 1) for x in samp],
               "train_env_steps_per_s": [round(x, 1) for x in iters],
               "sample_steps_per_s_median": round(statistics.median(samp), 1),
               "train_env_steps_per_s_median": round(statistics.median(iters), 1)}
        # an iteration = sampling B steps + learning on them: learn time = 1/train - 1/sample
        row["learn_s_per_1000_steps"] = round(
            1000 * (1 / row["train_env_steps_per_s_median"]
                    - 1 / row["sample_steps_per_s_median"]), 2)
        out[f"runners_{runners}"] = row
        print(f"  {runners} env runner(s): sampling {row['sample_steps_per_s_median']} env "
              f"steps/s, training {row['train_env_steps_per_s_median']} env steps/s, "
              f"built in {row['build_s']} s", flush=True)
    return out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--rllib-batch", type=int, default=1000)
    p.add_argument("--envs-per-runner", type=int, default=8)
    p.add_argument("--skip-rllib", action="store_true")
    p.add_argument("--skip-tournament", action="store_true")
    p.add_argument("--json", default=None)
    args = p.parse_args(argv)
    import ray
    result = {"machine": {"cpus": os.cpu_count(), "platform": platform.platform(),
                          "python": platform.python_version(), "ray": ray.__version__,
                          "load_start": os.getloadavg()},
              "args": vars(args), "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
    if not args.skip_tournament:
        print("tournament", flush=True)
        result["tournament"] = tournament_part(args)
    if not args.skip_rllib:
        print("rllib", flush=True)
        result["rllib"] = rllib_part(args)
    result["machine"]["load_end"] = os.getloadavg()
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=1)
    return result


if __name__ == "__main__":
    main()
