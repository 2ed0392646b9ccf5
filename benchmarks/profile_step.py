"""Where a ``VectorEnv`` step's time goes: the same batch of games timed through
compiled pieces, per env step, in one process.

    python benchmarks/profile_step.py [--players 8] [--batch 4096] [--threads 1] [--repeats 5]

* ``engine``: a random legal action, the engine's step to the next decision and its legal mask
  (``batch_random_play`` without observations);
* ``engine + obs``: the same with the decider's observation written (float32, then uint8);
* ``observe``: the observation alone of the games' deciders (``batch_observe``);
* ``VectorEnv.step``: the public call (validation, step, mask, observation, auto-reset, the
  compiled random action, Python).

Medians of ``--repeats`` runs; steps/s and ns per env step. The machine's other load is not
controlled: compare rows of one run.
"""
from __future__ import annotations

import argparse
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--players", type=int, default=8)
    p.add_argument("--batch", type=int, default=4096)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--steps", type=int, default=20, help="env steps per row in a timed run")
    a = p.parse_args(argv)
    import numba
    import numpy as np

    from heroes_env.config import Config
    from heroes_env.engine import batch as K
    from heroes_env.engine import constants as C
    from heroes_env.vector import VectorEnv
    numba.set_num_threads(min(a.threads, numba.config.NUMBA_NUM_THREADS))
    B, n = a.batch, a.players
    spec = Config(num_players=n).spec()
    venvs = {dt: VectorEnv(B, num_players=n, num_threads=a.threads, obs_dtype=dt)
             for dt in ("float32", "uint8")}
    S = np.zeros((B, C.STATE_SIZE), np.int32)
    stats = np.zeros((B, 3), np.int64)
    obs = {dt: np.zeros((B, C.OBS_SIZE), dt) for dt in ("float32", "uint8")}
    K.batch_random_play(S, 200, spec, 1, 0, obs["float32"], stats)     # warm: games under way
    seat = np.zeros(B, np.int64)

    def play(with_obs, dt):
        K.batch_random_play(S, a.steps, spec, 1, with_obs, obs[dt], stats)
        return B * a.steps

    def observe(dt):
        out = obs[dt]
        for _ in range(a.steps):
            K.batch_observe(S, 0, out)
        return B * a.steps

    def vstep(dt):
        v = venvs[dt]
        for _ in range(a.steps):
            v.step(v.random_actions())
        return B * a.steps

    for v in venvs.values():
        v.reset(seed=3)
        v.step(v.random_actions())
    cases = [("engine (step + mask + random action)", lambda: play(0, "float32")),
             ("engine + obs float32", lambda: play(1, "float32")),
             ("engine + obs uint8", lambda: play(1, "uint8")),
             ("observe float32 (seat 0, serial)", lambda: observe("float32")),
             ("observe uint8 (seat 0, serial)", lambda: observe("uint8")),
             ("VectorEnv.step float32", lambda: vstep("float32")),
             ("VectorEnv.step uint8", lambda: vstep("uint8"))]
    for _, f in cases:
        f()                                                     # compile / warm
    times = {name: [] for name, _ in cases}
    for _ in range(a.repeats):                                  # alternated: the same load
        for name, f in cases:
            t0 = time.perf_counter()
            k = f()
            times[name].append((time.perf_counter() - t0) / k)
    print(f"{n} players, B={B}, {a.threads} thread(s); medians of {a.repeats} runs of "
          f"{a.steps} steps per game")
    for name, _ in cases:
        t = statistics.median(times[name])
        print(f"  {name:<40} {t * 1e9:8.0f} ns/step  {1 / t / 1e3:8.0f}k steps/s")
    del seat


if __name__ == "__main__":
    main()
