"""Cold compile and cached start of heroes_env (issue 17: cold under 90 s, cached under 2 s).

    python benchmarks/start_timing.py [--cached-runs 5]

Cold: a fresh process with an empty ``NUMBA_CACHE_DIR`` imports heroes_env, plays a few AEC
decisions (``env()``) and steps a ``VectorEnv`` with float32 and with uint8 observations (the
kernels a user meets first). Cached: the same cache, ``import heroes_env; env().reset()`` and
one decision, ``--cached-runs`` times. Wall and CPU seconds (user + sys of the child) each: on a
shared machine the CPU seconds are the figure to compare.
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

REPO = str(pathlib.Path(__file__).resolve().parents[1])
COLD = r"""
import sys; sys.path.insert(0, {repo!r})
import numpy as np
import heroes_env
from heroes_env.vector import VectorEnv
e = heroes_env.env(num_players=8)
e.reset(seed=0)
for _ in range(20):
    obs, _, term, trunc, _ = e.last()
    e.step(int(np.flatnonzero(obs["action_mask"])[0]))
for dt in ("float32", "uint8"):
    v = VectorEnv(16, num_players=8, num_threads=1, obs_dtype=dt)
    v.reset(seed=0)
    v.step(v.random_actions())
"""
CACHED = r"""
import sys; sys.path.insert(0, {repo!r})
import numpy as np
import heroes_env
e = heroes_env.env()
e.reset(seed=0)
obs, _, _, _, _ = e.last()
e.step(int(np.flatnonzero(obs["action_mask"])[0]))
"""


def child(code, cache):
    env = dict(os.environ, NUMBA_CACHE_DIR=cache)
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", code.format(repo=REPO)], env=env, cwd=REPO,
                   check=True, capture_output=True)
    dt = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return dt, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--cached-runs", type=int, default=5)
    p.add_argument("--json", default="")
    a = p.parse_args(argv)
    cache = tempfile.mkdtemp(prefix="heroes_start_")
    try:
        load0 = os.getloadavg()[0]
        cold = child(COLD, cache)
        cached = [child(CACHED, cache) for _ in range(a.cached_runs)]
        load1 = os.getloadavg()[0]
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    res = {"cold_wall_s": cold[0], "cold_cpu_s": cold[1],
           "cached_wall_s": statistics.median(w for w, _ in cached),
           "cached_cpu_s": statistics.median(c for _, c in cached),
           "cached_runs": cached, "loadavg": [load0, load1]}
    print(f"cold compile: {cold[0]:.1f} s wall, {cold[1]:.1f} CPU s; cached start (median of "
          f"{a.cached_runs}): {res['cached_wall_s']:.2f} s wall, {res['cached_cpu_s']:.2f} CPU s; "
          f"load average {load0:.2f} -> {load1:.2f}")
    if a.json:
        pathlib.Path(a.json).write_text(json.dumps(res, indent=1))
    return res


if __name__ == "__main__":
    main()
