"""Remake an agent of the zoo (``agents/``) from the checkpoint it started from, in one command.

    python training/reproduce.py selfplay_none5_prior --dir runs/repro_none5
    python training/reproduce.py selfplay_standard5_prior --dry-run     # print the steps only

A recipe is named by the agent's checkpoint file: ``selfplay_none5_prior`` (``trained:none5``),
``selfplay_standard5_prior`` (``trained:standard5``), ``selfplay_herokill5_wip``
(``trained:herokill5``), ``selfplay_classmates5`` (``trained:classmates5``),
``selfplay_standard8_wip`` (``trained:standard8``); each agent's model
card (``agents/<name>/README.md``) gives its recipe.

A recipe (``RECIPES``) is the list of ``training/selfplay_ppo.py`` commands that made the
checkpoint, in order: a fresh start or an ``--init-checkpoint`` from a checkpoint in the repository
(a zoo agent, or the starting checkpoint kept in its folder, ``agents/<name>/start/``),
the sittings a time limit ended replayed to the same step with ``--stop-at``, then ``--resume``
with the arguments each later sitting changed. They run one after the other in ``--dir`` (``{dir}``
in a step), the last step's checkpoint is copied to ``--out`` (default ``<dir>/<name>.pt``), and
the evaluation command is printed. ``--from-step N`` skips the steps before N (after an
interruption; a step stopped in the middle continues with ``selfplay_ppo.py --resume
<dir>/run.pt.state`` and the same arguments as its recipe step). A replay makes the same updates
as the original run up to float rounding where that run's torch threads differed
(``docs/training.md``); the steps take hours on one core.
"""
from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# the run's shared arguments under the heuristic as a prior
_PRIOR = "--features kinds focus prior --critic roles --aux-coef 0.1 --critic-warmup 12 " \
         "--learning-rate 1e-4 --torch-threads 1"

# the first step of a run that trains selfplay_standard5_prior.pt on at another table
def _from_standard5_prior(table: str, seed: int) -> str:
    return ("--init-checkpoint agents/standard5/selfplay_standard5_prior.pt " + table + " "
            + _PRIOR + " --prior-lr 2e-3 --total-steps 10000000 --p-heuristic 0.4 --p-pool 0.1 "
            f"--p-random 0.45 --role-weights 1 3 1 3 --seed {seed} --eval-every 20 "
            "--save-path {dir}/run.pt --run-dir {dir}/runs")


RECIPES = {
    "selfplay_none5_prior": {
        "pack": "none",
        "steps": [
            # stage 1: the prior feature added to kf_rw at gains 1 3 1 3 (0 steps trained)
            "--init-checkpoint agents/none5/start/selfplay_none5_kf_rw.pt --features kinds "
            "focus prior --prior-gain 1 3 1 3 --total-steps 0 --save-path {dir}/start.pt "
            "--run-dir {dir}/runs",
            # stage 2: the gains at a rate of their own; a time limit ended the sitting at this step
            "--init-checkpoint {dir}/start.pt " + _PRIOR + " --prior-lr 2e-3 --total-steps "
            "10000000 --stop-at 6320827 --p-heuristic 0.4 --p-pool 0.1 --p-random 0.45 "
            "--role-weights 1 3 1 3 --seed 52 --save-path {dir}/run.pt --run-dir {dir}/runs",
            # stage 3: more random tables, the loyalist's and renegade's seats more often
            "--resume {dir}/run.pt.state --total-steps 14000000 --p-heuristic 0.35 --p-pool 0.1 "
            "--p-random 0.55 --role-weights 1 4 1 4 --torch-threads 1",
        ],
        "result": "{dir}/run.pt",
    },
    "selfplay_standard5_prior": {
        "pack": "standard",
        "steps": [
            # stage 1: the prior feature added to the work in progress at gains 1 5 1 3, 8M
            "--init-checkpoint agents/standard5/start/selfplay_standard5_wip.pt --pack standard "
            + _PRIOR + " --prior-gain 1 5 1 3 --total-steps 8000000 --p-heuristic 0.45 "
            "--p-pool 0.1 --p-random 0.35 --role-weights 1 3 1 2 --seed 41 --engine-threads 1 "
            "--save-path {dir}/start.pt --run-dir {dir}/runs",
            # stage 2: the gains at a rate of their own; a time limit ended the sitting at this step
            "--pack standard --init-checkpoint {dir}/start.pt " + _PRIOR + " --prior-lr 2e-3 "
            "--total-steps 10000000 --stop-at 6384897 --p-heuristic 0.4 --p-pool 0.1 "
            "--p-random 0.45 --role-weights 1 2 1 3 --seed 51 --save-path {dir}/run.pt "
            "--run-dir {dir}/runs",
            # stage 3: more random tables, the loyalist's seat more often
            "--resume {dir}/run.pt.state --total-steps 14000000 --p-heuristic 0.3 --p-pool 0.1 "
            "--p-random 0.6 --role-weights 1 4 1 3 --torch-threads 1",
        ],
        "result": "{dir}/run.pt",
    },
    "selfplay_herokill5_wip": {
        "pack": "herokill",
        "steps": [
            # the standard prior checkpoint trained on with the 英雄杀 pack, 10M steps
            _from_standard5_prior("--pack herokill", seed=71),
            # extended to 20M; the role weights changed at these steps
            "--resume {dir}/run.pt.state --total-steps 20000000 --stop-at 13908766",
            "--resume {dir}/run.pt.state --role-weights 1.5 2 1 1 --stop-at 15289815",
            "--resume {dir}/run.pt.state --role-weights 3 2 1 1 --stop-at 17304606",
            # more random tables, the loyalist's seat more often, ended at 21.5M
            "--resume {dir}/run.pt.state --total-steps 21500000 --p-heuristic 0.3 --p-pool 0.1 "
            "--p-random 0.55 --role-weights 1.5 3 1 1.5",
            # that checkpoint trained on as a new run, 5M steps: random tables 60% of the time,
            # the lord's and the loyalist's seats twice as often
            "--init-checkpoint {dir}/run.pt --pack herokill " + _PRIOR + " --prior-lr 2e-3 "
            "--total-steps 5000000 --p-heuristic 0.3 --p-pool 0.1 --p-random 0.6 "
            "--role-weights 2 2 1 1 --seed 72 --eval-every 20 --save-path {dir}/run2.pt "
            "--run-dir {dir}/runs2",
        ],
        "result": "{dir}/run2.pt",
    },
    "selfplay_classmates5": {
        "pack": "classmates",
        "steps": [
            # the standard prior checkpoint trained on with the classmates pack, 10M steps
            _from_standard5_prior("--pack classmates", seed=91),
            # extended to 13M: more random tables, the loyalist's seat more often
            "--resume {dir}/run.pt.state --total-steps 13000000 --p-heuristic 0.3 --p-pool 0.1 "
            "--p-random 0.6 --role-weights 1 4 1 3",
            # extended to 17M: more random tables still, the loyalist's seat six times as often
            "--resume {dir}/run.pt.state --total-steps 17000000 --p-heuristic 0.2 --p-pool 0.1 "
            "--p-random 0.7 --role-weights 1 6 1 2",
        ],
        "result": "{dir}/run.pt",
    },
    "selfplay_standard8_wip": {
        "pack": "standard",
        "players": 8,
        "steps": [
            # the standard prior checkpoint trained on at 8 players, 10M steps
            _from_standard5_prior("--pack standard --num-players 8", seed=81),
            # extended to 16M; the role weights changed at this step
            "--resume {dir}/run.pt.state --total-steps 16000000 --stop-at 10072081",
            "--resume {dir}/run.pt.state --role-weights 1 2 1 1",
        ],
        "result": "{dir}/run.pt",
    },
}


def step_argvs(name: str, run_dir: str) -> list[list[str]]:
    """The selfplay_ppo.py arguments of each step of recipe `name`, with {dir} filled in."""
    if name not in RECIPES:
        raise SystemExit(f"no recipe {name!r}: the recipes are {', '.join(RECIPES)}")
    return [shlex.split(s.format(dir=run_dir)) for s in RECIPES[name]["steps"]]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python training/reproduce.py",
                                description=__doc__.split("\n\n")[0])
    p.add_argument("name", help="the checkpoint to remake: " + ", ".join(RECIPES))
    p.add_argument("--dir", default="", help="working directory (default runs/repro_<name>)")
    p.add_argument("--out", default="", help="where the result goes (default <dir>/<name>.pt)")
    p.add_argument("--from-step", type=int, default=1, help="skip the steps before this one")
    p.add_argument("--dry-run", action="store_true", help="print the steps, run nothing")
    a = p.parse_args(argv)
    run_dir = a.dir or os.path.join("runs", f"repro_{a.name}")
    steps = step_argvs(a.name, run_dir)
    if not 1 <= a.from_step <= len(steps):
        raise SystemExit(f"--from-step {a.from_step}: recipe {a.name} has steps 1 to {len(steps)}")
    script = os.path.join("training", "selfplay_ppo.py")
    out = a.out or os.path.join(run_dir, a.name + ".pt")
    for i, args in enumerate(steps, 1):
        line = f"python {script} " + shlex.join(args)
        print(f"step {i}/{len(steps)}{' (skipped)' if i < a.from_step else ''}: {line}",
              flush=True)
        if a.dry_run or i < a.from_step:
            continue
        os.makedirs(run_dir, exist_ok=True)
        subprocess.run([sys.executable, os.path.join(REPO, script), *args], check=True)
    evaluate = (f"python training/evaluate.py --agent {out} --pack {RECIPES[a.name]['pack']} "
                f"--players {RECIPES[a.name].get('players', 5)} --games 2000")
    if a.dry_run:
        print(f"then: copy {RECIPES[a.name]['result'].format(dir=run_dir)} to {out}; "
              f"evaluate: {evaluate}")
        return 0
    shutil.copyfile(RECIPES[a.name]["result"].format(dir=run_dir), out)
    print(f"done: {out}; evaluate it with: {evaluate}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
