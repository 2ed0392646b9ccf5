"""The parallel cold compile (heroes_env.fast.compile_plan): the plan names the engine's
functions with the signatures the engine compiles, its workers write the cache that the asking
process then loads, and its scheduling and settings."""
import os
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

import heroes_env
from heroes_env.fast import compile_plan as cp
from heroes_env.fast import jit


def test_assign_gives_the_longest_first_to_the_least_loaded():
    tasks = [(0, f"m:f{i}", ("row",), w) for i, w in enumerate([1.0, 9.0, 4.0, 4.0, 2.0])]
    out = cp.assign(tasks, 2)
    assert [[t[3] for t in w] for w in out] == [[9.0, 1.0], [4.0, 4.0, 2.0]]
    assert sorted(t for w in cp.assign(tasks, 3) for t in w) == sorted(tasks)
    assert cp.assign(tasks[:1], 3) == [[tasks[0]], [], []]


def test_jobs_reads_the_setting_and_names_a_bad_value(monkeypatch):
    monkeypatch.setenv(cp.ENV_JOBS, "3")
    assert cp.jobs() == 3
    for bad in ("0", "-2", "two", ""):
        monkeypatch.setenv(cp.ENV_JOBS, bad)
        with pytest.raises(ValueError, match=cp.ENV_JOBS):
            cp.jobs()
    monkeypatch.delenv(cp.ENV_JOBS)
    assert 1 <= cp.jobs() <= cp.MAX_JOBS


def test_the_plan_compiles_what_the_engine_uses():
    """Each root's cached signatures are exactly the plan's: a root whose argument types differed
    from the engine's calls would be compiled by the workers for nothing (and the cache would then
    hold two signatures of it, or only the engine's)."""
    assert {kind for _, _, kinds, _ in cp.PLAN for kind in kinds} <= set(cp.ARG_KINDS)
    for dtype in ("float32", "uint8"):       # both observation encodings, as env() compiles them
        e = heroes_env.env(num_players=5, obs_dtype=dtype)
        e.reset(seed=3)
        rng = np.random.default_rng(0)
        for _agent in e.agent_iter(max_iter=400):
            obs, _, term, trunc, _ = e.last()
            e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    by_root = {}
    for _, name, kinds, _ in cp.PLAN:
        by_root.setdefault(name, set()).add(cp.signature(kinds))
    for name, sigs in by_root.items():
        disp = cp.dispatcher(name)
        assert f"{disp.py_func.__module__}.{disp.py_func.__name__}" in cp.ROOT_NAMES
        cached = {key[0] for key in disp._cache._cache_file._load_index()}
        assert cached == sigs, f"{name}: cached {cached}, the plan {sigs}"


WORKER_RUN = """
import json, sys
from heroes_env.fast import compile_plan as cp
plan = ((0, "state:rand_below", ("row", "i64"), 1.0), (0, "state:rand_u32", ("row",), 1.0),
        (1, "marks:{bad}", ("row",), 1.0))
done = cp.run_levels(2, plan=plan)
disp = cp.dispatcher("state:rand_below")
sig = cp.signature(("row", "i64"))
disp.compile(sig)
print(json.dumps({{"done": [[n, r if isinstance(r, str) else "ok"] for n, _, r in done],
                  "hits": disp._cache_hits.get(sig, 0), "misses": disp._cache_misses.get(sig, 0)}}))
"""


@pytest.mark.slow
def test_workers_write_the_cache_and_the_asking_process_loads_it(tmp_path):
    import json
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", WORKER_RUN.format(bad="no_such_function")],
                         env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    r = json.loads(out.stdout.strip().splitlines()[-1])
    assert [n for n, _ in r["done"]] == ["state:rand_below", "state:rand_u32",
                                         "marks:no_such_function"]
    assert [x for _, x in r["done"][:2]] == ["ok", "ok"]
    assert "AttributeError" in r["done"][2][1] and "no_such_function" in r["done"][2][1]
    assert r["hits"] == 1 and r["misses"] == 0        # loaded what a worker compiled
    assert "Warning" not in out.stderr, out.stderr     # the workers start cleanly


def test_the_lock_lets_one_process_run_the_plan(tmp_path):
    path = str(tmp_path / "compile.lock")
    seen = []
    with cp._locked(path) as first:
        assert first
        t = threading.Thread(target=lambda: seen.append(cp._locked(path).__enter__()))
        t.start()
        time.sleep(0.3)
        assert seen == []                 # waits while the plan runs
    t.join(10)
    assert seen == [False]                # then knows another process ran it


def test_a_worker_never_runs_the_plan(monkeypatch):
    monkeypatch.setattr(cp, "_ran", False)
    monkeypatch.setenv(cp.ENV_WORKER, "1")
    monkeypatch.setattr(cp, "run_levels", lambda *a, **k: pytest.fail("ran the plan"))
    cp.maybe_run(next(iter(cp.ROOT_NAMES)), jit.CACHE_DIR)
    monkeypatch.delenv(cp.ENV_WORKER)
    cp.maybe_run("heroes_env.engine.state.rand_below", jit.CACHE_DIR)    # not a root
    assert cp._ran is False
