"""A cold compile spread over processes: the engine's large compiled functions built side by side.

Numba compiles one function at a time in a process (under its compiler lock), and most of the
engine's cold compile is two independent call trees: ``flow.driver.advance`` (every frame
handler) and ``mask.legal_mask`` (every decision's mask). ``PLAN`` lists such roots in levels;
when a process first needs to compile one of them and the cache does not have it, ``maybe_run``
starts up to ``jobs()`` worker processes (``WORKER_COMMAND``), hands out each level's roots to
them (the longest first, each to the least loaded worker) and waits for the level before it sends
the next. A worker writes what it compiles to the engine's cache (``jit.CACHE_DIR``), and a root
of a later level loads its callees from there; the process that asked then loads the roots from
the cache too. Nothing else changes: the same functions, the same signatures, the same cached
code as a compile in one process.

``HEROES_ENV_COMPILE_JOBS`` sets the number of workers (default: the CPUs this process may run
on, at most ``MAX_JOBS``); ``1`` compiles in the process that asks, as Numba does by itself. A
file lock in the cache directory lets one process at a time run the plan: another process that
needs a root meanwhile (a second pytest-xdist worker, say) waits for it and then loads the root.
If a worker fails, the failure is reported on stderr and the asking process compiles what is
missing itself.
"""
import json
import os
import subprocess
import sys
import time

# argument types of the roots, by name (the engine's functions take these and int64 scalars)
ARG_KINDS = ("row", "mask", "obs_f32", "obs_u8", "i64", "bool")

# (level, "module:function", argument kinds, weight: the root's share of a cold compile in one
# process, which balances the workers). A root's callees are compiled by the roots of earlier
# levels or with it.
PLAN = (
    (0, "flow.driver:advance", ("row",), 77.0),
    (0, "mask:legal_mask", ("row", "mask"), 44.0),
    (0, "core:setup_game", ("row", "row", "i64"), 13.0),
    (0, "observe:observe", ("row", "i64", "obs_f32", "bool"), 4.5),
    (0, "observe:observe", ("row", "i64", "obs_u8", "bool"), 4.5),
    (0, "core:rewards", ("row", "obs_f32"), 0.5),
    (1, "core:engine", ("row", "i64", "i64", "mask"), 9.0),
)
MAX_JOBS = 4
# a worker's command line (not ``-m``: the package imports this module before runpy would run it)
WORKER_COMMAND = "from heroes_env.fast.compile_plan import _worker; _worker()"
ENV_JOBS = "HEROES_ENV_COMPILE_JOBS"
ENV_WORKER = "HEROES_ENV_COMPILE_WORKER"      # set in the workers: they never run the plan
ROOT_NAMES = frozenset("heroes_env.engine." + name.replace(":", ".") for _, name, _, _ in PLAN)


def jobs() -> int:
    """Worker processes for a cold compile: ``$HEROES_ENV_COMPILE_JOBS``, else the CPUs this
    process may use (at most ``MAX_JOBS``)."""
    raw = os.environ.get(ENV_JOBS)
    if raw is not None:
        try:
            n = int(raw)
        except ValueError:
            raise ValueError(f"{ENV_JOBS}={raw!r}: expected a whole number >= 1") from None
        if n < 1:
            raise ValueError(f"{ENV_JOBS}={raw!r}: expected a whole number >= 1")
        return n
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:                    # not on Linux
        cpus = os.cpu_count() or 1
    return max(1, min(cpus, MAX_JOBS))


def _numba_types():
    from numba.core import types
    return {"row": types.int32[::1], "mask": types.int8[::1], "obs_f32": types.float32[::1],
            "obs_u8": types.uint8[::1], "i64": types.int64, "bool": types.boolean}


def dispatcher(name):
    """The compiled function ``"module:function"`` of ``heroes_env.engine``."""
    import importlib
    mod, fn = name.split(":")
    return getattr(importlib.import_module("heroes_env.engine." + mod), fn)


def signature(kinds):
    t = _numba_types()
    return tuple(t[k] for k in kinds)


def assign(tasks, n):
    """Longest first, each to the least loaded of n workers: a list of n lists of tasks."""
    load = [0.0] * n
    out = [[] for _ in range(n)]
    for task in sorted(tasks, key=lambda t: -t[3]):
        w = min(range(n), key=lambda i: load[i])
        out[w].append(task)
        load[w] += task[3]
    return out


def _worker():
    """Compile the roots named on stdin, one JSON line each; answer one JSON line each."""
    for line in sys.stdin:
        name, kinds = json.loads(line)
        t0 = time.perf_counter()
        try:
            dispatcher(name).compile(signature(kinds))
            reply = {"ok": True, "seconds": time.perf_counter() - t0}
        except Exception as exc:          # reported by the asking process, which compiles itself
            reply = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
        print(json.dumps(reply), flush=True)


def _spawn(n):
    # the directory that holds the heroes_env package (this file is heroes_env/fast/...)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ)
    env[ENV_WORKER] = "1"
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return [subprocess.Popen([sys.executable, "-c", WORKER_COMMAND],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True)
            for _ in range(n)]


def run_levels(n_jobs, levels=None, plan=PLAN):
    """Compile the plan's levels (all by default) on n_jobs worker processes. Returns a list of
    (name, kinds, seconds or error string), level by level, each worker's in its order."""
    levels = sorted({lv for lv, _, _, _ in plan}) if levels is None else levels
    done = []
    procs = _spawn(min(n_jobs, max(sum(1 for t in plan if t[0] == lv) for lv in levels)))
    try:
        for lv in levels:
            per_worker = assign([t for t in plan if t[0] == lv], len(procs))
            given = list(zip(procs, per_worker, strict=True))
            for w, tasks in given:
                for _, name, kinds, _ in tasks:
                    w.stdin.write(json.dumps([name, list(kinds)]) + "\n")
                w.stdin.flush()
            for w, tasks in given:
                for _, name, kinds, _ in tasks:
                    line = w.stdout.readline()
                    if not line:
                        raise RuntimeError(f"compile worker exited (code {w.wait()}) before {name}")
                    reply = json.loads(line)
                    done.append((name, kinds, reply["seconds"] if reply["ok"] else reply["error"]))
    finally:
        for w in procs:
            try:
                w.stdin.close()
            except OSError:
                pass
        for w in procs:
            w.wait()
            w.stdout.close()            # the pipe too, or its file object is left to the GC
    return done


_ran = False


def maybe_run(qualname, cache_dir):
    """Called by ``jit`` when the function ``qualname`` is about to compile for want of a cached
    version: if it is one of the plan's roots, run the plan once in this process (under the cache
    directory's lock). Never raises: a failure is reported and the caller compiles as usual."""
    global _ran
    if _ran or qualname not in ROOT_NAMES or os.environ.get(ENV_WORKER):
        return
    _ran = True
    try:
        n = jobs()
        if n < 2:
            return
        os.makedirs(cache_dir, exist_ok=True)
        with _locked(os.path.join(cache_dir, "compile.lock")) as first:
            if not first:          # another process ran the plan while this one waited
                return
            failed = [(n_, r) for n_, _, r in run_levels(n) if isinstance(r, str)]
        for name, err in failed:
            print(f"heroes_env: compiling {name} in a worker failed ({err}); compiling it here",
                  file=sys.stderr, flush=True)
    except Exception as exc:
        print(f"heroes_env: the parallel compile failed ({type(exc).__name__}: {exc}); "
              "compiling in this process", file=sys.stderr, flush=True)


class _locked:
    """An exclusive lock on path (fcntl; elsewhere none). ``first`` is False when the lock had
    to be waited for (another process held it: it has run the plan)."""

    def __init__(self, path):
        self.path = path
        self.fh = None

    def __enter__(self):
        try:
            import fcntl
        except ImportError:
            return True
        self.fh = open(self.path, "a")
        try:
            fcntl.flock(self.fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except OSError:
            fcntl.flock(self.fh, fcntl.LOCK_EX)
            return False

    def __exit__(self, *exc):
        if self.fh is not None:
            self.fh.close()          # releases the lock
        return False
