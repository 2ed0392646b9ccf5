"""Multi-agent PPO with RLlib (new API stack): one shared, action-masked policy for every seat,
league opponents, on one machine or a Ray cluster (CleanRL style: one file, a dataclass of
arguments, ``--help`` lists them). Needs ``pip install -e ".[ray]"``.

    python training/rllib_ppo.py --total-steps 200000 --num-env-runners 2 \\
        --save-path runs/rllib_ppo_none5.pt
    python training/evaluate.py --agent runs/rllib_ppo_none5.pt --games 2000
    python training/rllib_ppo.py --address auto --num-env-runners 32 ...   # on a cluster

The env is ``heroes_env.rllib_env.HeroesMultiAgentEnv``: turn by turn, each deciding seat an
agent, the action mask in the observation. The RLModules (``heroes_env.agents.rllib_module``) are
``PolicyNet``s with masked logits:

- ``main``: the shared policy, trained: every seat mapped to it adds its own trajectory;
- ``past_1`` ... ``past_<league_size>``: frozen snapshots of ``main``, policies of their own, one
  taken every ``snapshot_every`` iterations (the oldest is overwritten once the league is
  full). In a game without in-env opponents one seat (drawn per game) is ``main``, each other
  seat is ``main`` with probability ``p_self`` and otherwise a snapshot drawn per seat;
- in-env opponents (``opponents``, default the heuristic, which remembers each game per seat
  and so plays inside the env, not as a module): with probability ``p_opponents`` a game has
  one learning seat (agent ``learner``, mapped to ``main``) and one opponent for the others.

An env step is one decision of an RLlib agent (in-env opponents' decisions are played inside
it). ``total_steps`` counts env steps sampled. At the end (and at every snapshot) ``main`` is
exported to ``save_path`` in our torch format (``heroes_env.agents.torch_policy``: ``make_agent``
and ``training/evaluate.py`` load it); ``rllib_checkpoint`` also keeps RLlib's own checkpoint.

Ray: no ``address`` starts a local instance of ``num_cpus`` CPUs; ``--address auto`` (or
``host:port``) joins a cluster started with ``ray start --head`` / ``ray start --address ...``,
whose nodes have heroes_env installed. Each env runner is one actor of one CPU; the learner
runs in this process (``num_learners`` > 0: that many learner actors, data-parallel).

Logged scalars (``<run_dir>/<run>/scalars.jsonl``, and TensorBoard if installed):
``charts/env_steps_per_s`` (env steps of an iteration / its wall time: sampling and learning),
``charts/main_return_mean`` (main's mean return per seat-game), ``charts/league_size``,
``losses/*`` of ``main``.
"""
from __future__ import annotations

import os
import sys
import time
import zlib
from dataclasses import asdict, dataclass

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from training.common import Logger, arg, parse_args, run_name  # noqa: E402


@dataclass
class Args:
    """Multi-agent PPO with RLlib: one shared masked policy, league opponents, Ray env runners."""
    exp_name: str = arg("rllib_ppo", "name of this experiment (run name prefix)")
    seed: int = arg(1, "seed of RLlib, torch and the env runners' games")
    total_steps: int = arg(200_000, "env steps (RLlib agents' decisions) to sample")
    max_minutes: float = arg(0.0, "stop after this many minutes (0: no limit)")
    num_players: int = arg(5, "players per game")
    pack: str = arg("none", "hero pack: none, standard, herokill, classmates")
    max_rounds: int = arg(100, "round cap of a game")
    num_env_runners: int = arg(1, "Ray actors sampling games (0: sample in this process)")
    num_envs_per_env_runner: int = arg(1, "games each env runner steps at once")
    address: str = arg("", "Ray cluster to join ('auto' or host:port); '' starts a local instance")
    num_cpus: int = arg(2, "CPUs of the local Ray instance (without address)")
    num_learners: int = arg(0, "Ray learner actors (0: learn in this process)")
    hidden: tuple[int, ...] = arg((256, 256), "widths of the policy's shared MLP trunk")
    learning_rate: float = arg(3e-4, "Adam learning rate")
    train_batch_size: int = arg(4000, "env steps per PPO update")
    minibatch_size: int = arg(512, "PPO minibatch size")
    num_epochs: int = arg(4, "PPO epochs per update")
    gamma: float = arg(0.999, "discount per decision")
    gae_lambda: float = arg(0.95, "GAE lambda")
    clip_coef: float = arg(0.2, "PPO clip range")
    ent_coef: float = arg(0.003, "entropy bonus")
    vf_coef: float = arg(0.5, "value loss weight")
    max_grad_norm: float = arg(0.5, "gradient clipping norm")
    opponents: tuple[str, ...] = arg(("heuristic",),
                                     "in-env opponents: heroes_env.agents.make_agent specs "
                                     "(heuristic, random, a .pt checkpoint)")
    p_opponents: float = arg(0.5, "share of games with one learning seat against in-env opponents")
    p_self: float = arg(0.5, "league games: chance that a non-main seat is main, not a snapshot")
    snapshot_every: int = arg(10, "iterations between snapshots of main joining the league "
                                  "(0: none)")
    league_size: int = arg(4, "snapshots of main kept as frozen policies")
    torch_threads: int = arg(1, "torch threads of the learner")
    save_path: str = arg("runs/rllib_ppo.pt", "main, exported to our .pt format")
    rllib_checkpoint: str = arg("", "also keep RLlib's own checkpoint in this folder ('' = no)")
    run_dir: str = arg("runs", "where the run's scalars go")
    tensorboard: bool = arg(True, "also log to TensorBoard (if installed)")


def seat_of(agent_id: str) -> int:
    return int(agent_id.rsplit("_", 1)[1])


def _unit(*words) -> float:
    """A uniform number in [0, 1) from the words (the same in every process)."""
    return zlib.crc32(":".join(map(str, words)).encode()) / 2 ** 32


def make_mapping(num_players: int, past: list[str], p_self: float):
    """The agent -> module mapping: ``learner`` (a game against in-env opponents) is main; in a
    league game one seat drawn by the episode id is main, each other seat main with probability
    p_self, else a snapshot in past (drawn per seat)."""
    past = list(past)

    def mapping(agent_id, episode, **kwargs):
        from heroes_env.rllib_env import LEARNER
        if agent_id == LEARNER or not past:
            return "main"
        seat, ep = seat_of(agent_id), episode.id_
        if seat == int(_unit(ep, "main") * num_players) or _unit(ep, seat, "self") < p_self:
            return "main"
        return past[int(_unit(ep, seat, "past") * len(past))]

    return mapping


def build_config(args: Args):
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec

    from heroes_env.agents.rllib_module import MaskedPolicyModule
    from heroes_env.rllib_env import HeroesMultiAgentEnv

    env_config = {"num_players": args.num_players, "pack": args.pack,
                  "max_rounds": args.max_rounds, "opponents": list(args.opponents),
                  "p_opponents": args.p_opponents if args.opponents else 0.0}
    if args.pack != "none":
        env_config["hero_selection"] = "draft"
    HeroesMultiAgentEnv(dict(env_config))            # bad settings fail here, with their message
    spec = RLModuleSpec(module_class=MaskedPolicyModule, model_config={"hidden": list(args.hidden)})
    return (
        PPOConfig()
        # RLlib's env check steps random, unmasked actions: this env refuses illegal ones
        .environment(HeroesMultiAgentEnv, env_config=env_config, disable_env_checking=True)
        .framework("torch", torch_compile_learner=False)
        .env_runners(num_env_runners=args.num_env_runners,
                     num_envs_per_env_runner=args.num_envs_per_env_runner,
                     num_cpus_per_env_runner=1, rollout_fragment_length="auto")
        .learners(num_learners=args.num_learners)
        .multi_agent(policies={"main"}, policy_mapping_fn=make_mapping(args.num_players, [], 0.0),
                     policies_to_train=["main"])
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={"main": spec}))
        .training(lr=args.learning_rate, gamma=args.gamma, lambda_=args.gae_lambda,
                  clip_param=args.clip_coef, entropy_coeff=args.ent_coef,
                  vf_loss_coeff=args.vf_coef, grad_clip=args.max_grad_norm,
                  train_batch_size_per_learner=args.train_batch_size,
                  minibatch_size=args.minibatch_size, num_epochs=args.num_epochs,
                  vf_clip_param=10.0)
        .debugging(seed=args.seed)
    )


class League:
    """Frozen snapshots of main as RLlib modules past_1 ... past_<size> (oldest overwritten)."""

    def __init__(self, algo, args: Args):
        self.algo, self.args = algo, args
        self.ids: list[str] = []
        self.next = 0

    def snapshot(self) -> str:
        from ray.rllib.core.rl_module.rl_module import RLModuleSpec
        algo, args = self.algo, self.args
        main = algo.get_module("main")
        if len(self.ids) < args.league_size:
            mid = f"past_{len(self.ids) + 1}"
            self.ids.append(mid)
            algo.add_module(module_id=mid, module_spec=RLModuleSpec.from_module(main),
                            new_agent_to_module_mapping_fn=make_mapping(
                                args.num_players, self.ids, args.p_self),
                            new_should_module_be_updated=["main"])
        else:
            mid = self.ids[self.next % len(self.ids)]
            self.next += 1
        weights = algo.learner_group.get_weights(module_ids=["main"])["main"]
        algo.learner_group.set_weights({mid: weights})
        # straight to every env runner (sync_weights skips runners already at the learner's
        # weights sequence number, which a frozen module does not advance)
        algo.env_runner_group.foreach_env_runner(
            lambda runner: runner.module[mid].set_state(weights), local_env_runner=True)
        want = _checksum(weights)
        got = algo.env_runner_group.foreach_env_runner(
            lambda runner: _checksum(runner.module[mid].get_state()), local_env_runner=True)
        if not all(abs(g - want) <= 1e-6 * max(1.0, abs(want)) for g in got):
            raise RuntimeError(f"snapshot {mid}: the env runners hold other weights ({got} vs "
                               f"{want})")
        return mid


def _checksum(state: dict) -> float:
    import numpy as np
    return float(sum(np.abs(np.asarray(v, np.float64)).sum() for v in state.values()))


def _get(d: dict, *keys, default=None):
    for k in keys:
        if not isinstance(d, dict) or k not in d:
            return default
        d = d[k]
    return d


def export(algo, args: Args, meta: dict) -> None:
    """main's weights, from the learner (local or remote), as our .pt checkpoint."""
    from heroes_env.agents.rllib_module import export_weights
    os.makedirs(os.path.dirname(os.path.abspath(args.save_path)), exist_ok=True)
    weights = algo.learner_group.get_weights(module_ids=["main"])["main"]
    export_weights(weights, args.hidden, args.save_path,
                   {"trainer": "training/rllib_ppo.py", "args": asdict(args), **meta})


def train(args: Args) -> dict:
    import ray
    import torch

    torch.set_num_threads(args.torch_threads)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    runtime_env = {"env_vars": {"PYTHONPATH": os.pathsep.join(
        p for p in (root, os.environ.get("PYTHONPATH")) if p)}}
    started = not ray.is_initialized()
    if started:
        if args.address:
            ray.init(address=args.address, runtime_env=runtime_env, log_to_driver=False)
        else:
            ray.init(address="local", num_cpus=args.num_cpus, include_dashboard=False,
                     log_to_driver=False,
                     runtime_env=runtime_env, object_store_memory=300 * 2 ** 20)
    run = run_name(f"sanguosha_{args.pack}{args.num_players}", args.exp_name, args.seed)
    logger = Logger(os.path.join(args.run_dir, run), args, args.tensorboard)
    algo = build_config(args).build_algo()
    league = League(algo, args)
    t0 = time.time()
    steps, it, history, stalled = 0, 0, [], 0
    try:
        while steps < args.total_steps:
            t_it = time.time()
            result = algo.train()
            it += 1
            dt = time.time() - t_it
            new = int(_get(result, "env_runners", "num_env_steps_sampled_lifetime", default=steps))
            done_now, steps = new - steps, new
            stalled = 0 if done_now else stalled + 1
            if stalled >= 3:
                raise RuntimeError("3 iterations sampled no env step: the env runners fail (see "
                                   "their errors above, or the Ray logs in "
                                   "/tmp/ray/session_latest)")
            row = {"iteration": it, "env_steps": steps, "seconds": round(dt, 3),
                   "env_steps_per_s": round(done_now / max(dt, 1e-9), 1),
                   # main's return per game (+1 / -1 / 0) averaged over its seats' episodes
                   "main_return_mean": _get(result, "env_runners", "module_episode_returns_mean",
                                            "main"),
                   "league": len(league.ids)}
            for k in ("policy_loss", "vf_loss", "entropy", "mean_kl_loss"):
                v = _get(result, "learners", "main", k)
                if v is not None:
                    row[k] = float(v)
                    logger.scalar(f"losses/{k}", v, steps)
            logger.scalar("charts/env_steps_per_s", row["env_steps_per_s"], steps)
            if row["main_return_mean"] is not None:
                row["main_return_mean"] = float(row["main_return_mean"])
                logger.scalar("charts/main_return_mean", row["main_return_mean"], steps)
            logger.scalar("charts/league_size", len(league.ids), steps)
            logger.flush()
            history.append(row)
            print(f"iter {it}: {steps} env steps, {row['env_steps_per_s']:.0f}/s"
                  + f", league {len(league.ids)}", flush=True)
            if args.snapshot_every and it % args.snapshot_every == 0 and args.league_size > 0:
                league.snapshot()
                export(algo, args, {"env_steps": steps, "iterations": it})
            if args.max_minutes and time.time() - t0 > 60 * args.max_minutes:
                break
        meta = {"env_steps": steps, "iterations": it, "seconds": round(time.time() - t0, 1)}
        export(algo, args, meta)
        if args.rllib_checkpoint:
            algo.save_to_path(os.path.abspath(args.rllib_checkpoint))
        print(f"saved {args.save_path} ({steps} env steps, {it} iterations, "
              f"{meta['seconds']} s)")
        return {"run": run, "history": history, **meta, "league": list(league.ids),
                "save_path": args.save_path}
    finally:
        algo.stop()
        logger.close()
        if started:
            ray.shutdown()


def main(argv=None):
    return train(parse_args(Args, argv))


if __name__ == "__main__":
    main()
