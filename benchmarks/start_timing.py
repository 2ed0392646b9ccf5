"""Cold compile and cached start of heroes_env (aims: cold under 90 s, cached under 2 s).

    python benchmarks/start_timing.py [--cached-runs 5]

Cold: a fresh process with an empty ``NUMBA_CACHE_DIR`` imports heroes_env, plays a few AEC
decisions (``env()``) and steps a ``VectorEnv`` with float32 and with uint8 observations (the
kernels a user meets first). Cached: the same cache, ``import heroes_env; env().reset()`` and
one decision, ``--cached-runs`` times. Wall and CPU seconds (user + sys of the child) each: on a
shared machine the CPU seconds are the figure to compare.

``--python EXE`` runs the children with another interpreter, e.g. a virtual environment with only
``pip install heroes_env`` in it: what a user starts is not the test environment, and Numba's
first cached load imports ``scipy.linalg`` when SciPy is installed (its BLAS check; about half a
second here), which the extras bring in. ``--cached-only`` skips the cold compile: the cached runs
use the interpreter's usual cache, filled first by one untimed run.

    python benchmarks/start_timing.py --python /tmp/venv/bin/python --cached-only
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


def child(code, cache, python=sys.executable):
    """(wall s, CPU s) of one child process running code; cache: its NUMBA_CACHE_DIR (None: the
    environment's own)."""
    env = dict(os.environ)
    if cache is not None:
        env["NUMBA_CACHE_DIR"] = cache
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run([python, "-c", code.format(repo=REPO)], env=env, cwd=REPO,
                   check=True, capture_output=True)
    dt = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return dt, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--cached-runs", type=int, default=5)
    p.add_argument("--json", default="")
    p.add_argument("--python", default=sys.executable,
                   help="interpreter of the child processes (default: this one)")
    p.add_argument("--cached-only", action="store_true",
                   help="no cold compile: time the cached start on the interpreter's own cache")
    a = p.parse_args(argv)
    if a.cached_runs < 1:
        p.error(f"--cached-runs {a.cached_runs}: give 1 or more")
    if not shutil.which(a.python):
        p.error(f"--python {a.python}: no such interpreter")
    scipy = subprocess.run([a.python, "-c", "import scipy"], capture_output=True).returncode == 0
    cache = None if a.cached_only else tempfile.mkdtemp(prefix="heroes_start_")
    try:
        load0 = os.getloadavg()[0]
        cold = child(CACHED if a.cached_only else COLD, cache, a.python)
        cached = [child(CACHED, cache, a.python) for _ in range(a.cached_runs)]
        load1 = os.getloadavg()[0]
    finally:
        if cache is not None:
            shutil.rmtree(cache, ignore_errors=True)
    res = {"python": a.python, "scipy_installed": scipy,
           "cold_wall_s": None if a.cached_only else cold[0],
           "cold_cpu_s": None if a.cached_only else cold[1],
           "cached_wall_s": statistics.median(w for w, _ in cached),
           "cached_cpu_s": statistics.median(c for _, c in cached),
           "cached_runs": cached, "loadavg": [load0, load1]}
    first = "" if a.cached_only else f"cold compile: {cold[0]:.1f} s wall, {cold[1]:.1f} CPU s; "
    print(f"{first}cached start (median of {a.cached_runs}, {a.python}, scipy "
          f"{'installed' if scipy else 'absent'}): {res['cached_wall_s']:.2f} s wall, "
          f"{res['cached_cpu_s']:.2f} CPU s; load average {load0:.2f} -> {load1:.2f}")
    if a.json:
        pathlib.Path(a.json).write_text(json.dumps(res, indent=1))
    return res


if __name__ == "__main__":
    main()
