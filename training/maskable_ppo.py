"""sb3-contrib MaskablePPO on the batched engine (CleanRL-style script: a dataclass of
arguments, steps/s and win rates logged).

    python training/maskable_ppo.py --total-steps 200000      # saves runs/<run>/model.zip

The env is ``heroes_env.wrappers.sb3_vec_env``: ``num_envs`` games in one batched
``LearnerVectorEnv``, each from one learning seat drawn per game (``seat="random"``, hence every
role), every other seat played by ``opponents`` inside the env's step: ``"heuristic"`` (default:
the compiled heuristic, deciding inside the engine's kernel call) or ``"random"``. One SB3 step is
one compiled call for all the games. The model is saved as an SB3 ``.zip`` that
``heroes_env.agents.torch_policy`` loads as an agent (``make_agent("<file>.zip")``). Where:
``--save-path``, by default ``<run_dir>/<run>/model.zip`` next to the run's logs (the run is
named CleanRL's way, ``env__exp__seed__time``), or the resumed file with ``--resume``; a model
joins the zoo (``agents/``) by hand, with its model card.

Runs longer than one sitting, as far as SB3 allows: every ``save_minutes``, at the end and when
``--max-minutes`` runs out (after the rollout's update) the model is saved (SB3's ``.zip``: weights,
optimiser state, step counter) through a temporary file and a rename, with
``<save_path>.state.json`` (the arguments, the run, the time spent, the sittings).
``--resume <model>.zip`` loads both and trains on to ``--total-steps``. Not saved, so a resumed
run is not the same as an uninterrupted one: the games in progress and SB3's rollout (a sitting
starts new games, seeded from ``seed`` and the sitting's number). A progress bar with ETA on a
terminal (tqdm), else ETA in the log lines.

Logged scalars (TensorBoard if ``tensorboard`` is installed, always ``<run>/scalars.jsonl``):
``charts/sps``, ``charts/win_rate`` and ``charts/win_<role>`` over the games ended since the last
rollout, SB3's ``train/*`` losses; ``eval/win_<role>`` after the final evaluation.
"""
from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass, replace

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402

from heroes_env.agents.base import TORCH_THREADS  # noqa: E402
from training.common import (  # noqa: E402
    GAME_DEFAULTS,
    OPPONENTS,
    PACK_HELP,
    ROLE_NAMES,
    Logger,
    Progress,
    arg,
    atomic_save,
    format_seconds,
    game_config,
    parse_args,
    quick_eval,
    run_name,
)


@dataclass
class Args:
    """sb3-contrib MaskablePPO on heroes_env.wrappers.sb3_vec_env."""
    exp_name: str = arg("maskable_ppo", "name of this experiment (run name prefix)")
    seed: int = arg(1, "seed of the games, the opponents and torch")
    total_steps: int = arg(200_000, "learner decisions to train on")
    num_envs: int = arg(64, "games played at once in the batched env")
    num_players: int = arg(GAME_DEFAULTS["num_players"], "players per game")
    pack: str = arg(GAME_DEFAULTS["pack"], PACK_HELP)
    max_rounds: int = arg(GAME_DEFAULTS["max_rounds"], "round cap of a game")
    opponents: str = arg("heuristic", "who plays the other seats: heuristic or random")
    engine_threads: int = arg(1, "threads of the compiled engine")
    torch_threads: int = arg(TORCH_THREADS, "torch threads (more than one spin-wait for each "
                                            "other when the cores are busy)")
    hidden: tuple[int, ...] = arg((256, 256), "MLP widths (policy and value nets)")
    learning_rate: float = arg(2.5e-4, "Adam learning rate")
    n_steps: int = arg(128, "steps per game per rollout (rollout: n_steps * num_envs)")
    batch_size: int = arg(512, "minibatch size")
    n_epochs: int = arg(4, "epochs per update")
    gamma: float = arg(0.999, "discount per learner decision")
    gae_lambda: float = arg(0.95, "GAE lambda")
    clip_coef: float = arg(0.2, "PPO clip range")
    ent_coef: float = arg(0.003, "entropy bonus")
    eval_games: int = arg(0, "games of the final evaluation against the heuristic (0: none)")
    save_path: str = arg("", "where the model is saved (default: <run_dir>/<run>/model.zip "
                             "beside the run's logs; with --resume: the resumed file)")
    run_dir: str = arg("runs", "directory of the run logs")
    tensorboard: bool = arg(True, "log to TensorBoard too when it is installed")
    resume: str = arg("", "continue training this saved .zip (with its .state.json)")
    max_minutes: float = arg(0.0, "end this sitting after this many minutes, saved (0: no limit)")
    save_minutes: float = arg(10.0, "minutes between saves of the model (also at the end)")
    progress: bool = arg(True, "progress bar with ETA on a terminal (else ETA in the log)")


RESUME_KEEP = ("total_steps", "max_minutes", "save_minutes", "save_path", "run_dir",
               "tensorboard", "torch_threads", "engine_threads", "eval_games", "progress", "resume")


def save_path_of(args: Args, run: str, resumed: bool) -> str:
    """Where the model goes: --save-path if given, else the resumed file, else
    ``<run_dir>/<run>/model.zip`` (beside the run's logs, never a shared folder by default)."""
    if args.save_path:
        return args.save_path
    if resumed:
        return args.resume
    return os.path.join(args.run_dir, run, "model.zip")


def make_env(args: Args, seed: int):
    """The batched env of a sitting: its games seeded from ``seed``."""
    from heroes_env.wrappers import sb3_vec_env
    if args.opponents not in OPPONENTS:
        raise SystemExit(f"--opponents {args.opponents!r}: choose one of {', '.join(OPPONENTS)}")
    venv = sb3_vec_env(args.num_envs, seat="random", opponents=args.opponents,
                       config=game_config(args), num_threads=args.engine_threads)
    venv.seed(seed)
    return venv


def main(argv=None):
    import json
    from dataclasses import asdict, fields

    argv = sys.argv[1:] if argv is None else list(argv)
    args = parse_args(Args, argv)
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    from heroes_env.engine.constants import OBS_ROLE

    saved = None
    if args.resume:
        side = args.resume + ".state.json"
        if not os.path.isfile(args.resume) or not os.path.isfile(side):
            raise SystemExit(f"--resume needs a model saved by this script and its state file: "
                             f"{args.resume!r} and {side!r}")
        with open(side, encoding="utf-8") as f:
            saved = json.load(f)
        # the saved arguments, except those that may change between sittings (given now)
        given = {tok[2:].split("=", 1)[0].replace("-", "_") for tok in argv
                 if tok.startswith("--")}
        values = {k: (tuple(v) if isinstance(v, list) else v) for k, v in saved["args"].items()
                  if k in {f.name for f in fields(Args)}}
        for k in RESUME_KEEP:
            if k in given or k == "resume":
                values[k] = getattr(args, k)
        args = Args(**values)
    sitting = len(saved["sittings"]) if saved else 0
    prior_s = saved["seconds"] if saved else 0.0
    t_sitting = time.time()
    torch.set_num_threads(args.torch_threads)
    run = saved["run"] if saved else run_name(f"sanguosha_{args.pack}{args.num_players}",
                                              args.exp_name, args.seed)
    logger = Logger(os.path.join(args.run_dir, run), args, args.tensorboard, time_offset=prior_s)
    print(f"run {run}: logging to {logger.run_dir} ({logger.backend})"
          + (f"; resumed from {args.resume} (sitting {sitting + 1})" if saved else ""),
          flush=True)
    args = replace(args, save_path=save_path_of(args, run, saved is not None))
    # a later sitting plays other games: its envs and generators are seeded from its number
    seed = args.seed + 7919 * sitting
    venv = make_env(args, seed)
    if saved:
        model = MaskablePPO.load(args.resume, env=venv, device="cpu")
        model.set_random_seed(seed)
    else:
        model = MaskablePPO("MlpPolicy", venv, learning_rate=args.learning_rate,
                            n_steps=args.n_steps, batch_size=args.batch_size,
                            n_epochs=args.n_epochs, gamma=args.gamma, gae_lambda=args.gae_lambda,
                            clip_range=args.clip_coef, ent_coef=args.ent_coef, seed=args.seed,
                            device="cpu", verbose=0,
                            policy_kwargs={"net_arch": list(args.hidden)})
    sittings = list(saved["sittings"]) if saved else []
    last_save = [time.time()]

    def save():
        if not args.save_path:
            return
        atomic_save(args.save_path, lambda p: model.save(p))
        d = {"format": "heroes_env.maskable_state/1", "run": run,
             "args": {k: (list(v) if isinstance(v, tuple) else v) for k, v in asdict(args).items()},
             "num_timesteps": int(model.num_timesteps),
             "seconds": round(prior_s + time.time() - t_sitting, 1),
             "sittings": sittings + [{"seconds": round(time.time() - t_sitting, 1),
                                      "num_timesteps": int(model.num_timesteps)}]}
        atomic_save(args.save_path + ".state.json",
                    lambda p: open(p, "w", encoding="utf-8").write(json.dumps(d, indent=1)))
        last_save[0] = time.time()

    if args.save_path:
        os.makedirs(os.path.dirname(os.path.abspath(args.save_path)), exist_ok=True)
    bar = Progress(args.total_steps, model.num_timesteps, "MaskablePPO", "step", args.progress,
                   60 * args.max_minutes)

    class Log(BaseCallback):
        def _on_training_start(self):
            self.stop = False
            self.t0 = time.time()
            self.step0 = self.num_timesteps
            self.w = np.zeros(4)
            self.g = np.zeros(4)

        def _on_step(self):
            if self.stop:
                return False
            dones, rewards = self.locals["dones"], self.locals["rewards"]
            infos = self.locals["infos"]
            for i in np.flatnonzero(dones).tolist():
                # the learner's role in the ended game: the one-hot of its last observation
                role = int(np.argmax(infos[i]["terminal_observation"][OBS_ROLE:OBS_ROLE + 4]))
                self.g[role] += 1
                self.w[role] += float(rewards[i] > 0)
            return True

        def _on_rollout_end(self):
            step = self.num_timesteps
            sps = (step - self.step0) / (time.time() - self.t0)
            logger.scalar("charts/sps", sps, step)
            if self.g.sum():
                logger.scalar("charts/win_rate", self.w.sum() / self.g.sum(), step)
                for r, role in enumerate(ROLE_NAMES):
                    if self.g[r]:
                        logger.scalar(f"charts/win_{role}", self.w[r] / self.g[r], step)
            for key, val in self.model.logger.name_to_value.items():
                logger.scalar(key, val, step)
            wr = self.w.sum() / max(1, self.g.sum())
            bar.update(step, win=f"{wr:.3f}")
            bar.write(f"step {step}: {sps:.0f} sps, win rate {wr:.3f} ({int(self.g.sum())} "
                      f"games); {bar.eta_text()}")
            logger.flush()
            self.w[:] = 0
            self.g[:] = 0
            # the rollout's update still runs; the next step ends this sitting
            self.stop = args.max_minutes > 0 and time.time() - t_sitting >= 60 * args.max_minutes
            if args.save_minutes > 0 and time.time() - last_save[0] >= 60 * args.save_minutes:
                save()

    t0 = time.time()
    left = args.total_steps - model.num_timesteps
    if left > 0:
        model.learn(total_timesteps=left, callback=Log(), reset_num_timesteps=not saved)
    bar.close()
    seconds = time.time() - t0
    save()
    finished = model.num_timesteps >= args.total_steps
    wall = time.time() - t_sitting
    print(f"{'done' if finished else 'stopped (time limit)'}: {model.num_timesteps} steps, "
          f"{format_seconds(seconds)} of training in this sitting, "
          f"{format_seconds(prior_s + wall)} in "
          f"{sitting + 1} sitting(s); model {args.save_path}"
          + ("" if finished else f"; continue with --resume {args.save_path}"), flush=True)
    if args.eval_games > 0 and args.save_path:
        res = quick_eval(args.save_path, "heuristic", args.eval_games, args.num_players,
                         args.pack, seed=args.seed)
        for key, val in res.items():
            if key != "games" and val is not None:
                logger.scalar(f"eval/win_{key}", val, model.num_timesteps)
        print("eval vs heuristic: " + ", ".join(f"{k} {v}" for k, v in res.items()), flush=True)
    logger.close()
    return model


if __name__ == "__main__":
    main()
