"""Throughput benchmark of heroes_env: AEC env, raw_env, bare engine, batch kernels, compile times.

    python benchmarks/bench_engine.py [--players 5 8] [--repeats 5] [--seconds 2] [--json out.json]

Every figure plays identity games with the default config (no-skill characters, autoplay on,
standard deck, max_rounds 100) and uniformly random legal actions. Each timing runs for about
``--seconds`` after a warm-up and is repeated ``--repeats`` times; the table shows the median and
the min/max of the repeats. ``benchmarks/README.md`` explains every figure.

"Decisions" are agent decisions: the ones an agent is asked for. Decisions with a single legal
action that the engine answers itself (autoplay, counted in the engine's H_NAUTO cell) are not
in it; "engine dec/s" adds them (H_NDEC counts both).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if REPO not in sys.path:          # measure this checkout, whatever is installed
    sys.path.insert(0, REPO)

import numpy as np  # noqa: E402

MASK_DTYPE = np.int8      # the engine's mask buffers (another dtype would compile new versions)

AIMS = {  # the performance aims (agent decisions/s, seconds)
    "env": ("env() decisions/s", ">=", 25_000),
    "raw_env": ("raw_env decisions/s", ">=", 100_000),
    "engine": ("bare engine decisions/s", ">=", 300_000),
    "cold_compile_s": ("cold compile s", "<=", 90.0),
    "cached_start_s": ("cached start s", "<=", 3.0),
}


# ---------------------------------------------------------------- helpers
def _uniforms(seed: int, chunk: int = 1 << 16):
    """Endless stream of U[0,1) floats from a numpy Generator (drawn in blocks: cheap per draw)."""
    rng = np.random.default_rng(seed)
    while True:
        yield from rng.random(chunk).tolist()


def _summary(xs):
    xs = [float(x) for x in xs]
    return {"median": statistics.median(xs), "min": min(xs), "max": max(xs), "runs": xs}


def _machine_info():
    import numba
    import pettingzoo
    info = {
        "cpu_count": os.cpu_count(),
        "cpu_affinity": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
        "cpu_model": platform.processor() or platform.machine(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "numba": numba.__version__,
        "pettingzoo": pettingzoo.__version__,
        "numba_threads": numba.get_num_threads(),
        "loadavg_start": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
    }
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    info["cpu_model"] = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return info


# ---------------------------------------------------------------- AEC loops
def _aec_run(make_env, seconds: float, seed: int, stream):
    """Play whole games until `seconds` have passed. Returns counts and the elapsed time."""
    from heroes_env.engine import constants as C
    e = make_env()
    base = e.unwrapped if hasattr(e, "unwrapped") else e
    dec = eng = games = trunc = 0
    t0, c0 = time.perf_counter(), time.process_time()
    while True:
        e.reset(seed=seed + games)
        for _agent in e.agent_iter():
            obs, rew, term, truncd, info = e.last()
            if term or truncd:
                e.step(None)           # dead step: not a decision
                continue
            idx = obs["action_mask"].nonzero()[0]
            e.step(int(idx[int(next(stream) * len(idx))]))
            dec += 1
        g = base.game
        eng += int(g.s[C.H_NDEC])
        trunc += int(g.truncated)
        games += 1
        if time.perf_counter() - t0 >= seconds:
            break
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    return {"decisions": dec, "engine_decisions": eng, "games": games, "truncated": trunc,
            "seconds": dt, "cpu_seconds": cpu}


def run_env(npl, seconds, seed, stream):
    import heroes_env
    return _aec_run(lambda: heroes_env.env(num_players=npl), seconds, seed, stream)


def run_raw_env(npl, seconds, seed, stream):
    import heroes_env
    return _aec_run(lambda: heroes_env.raw_env(num_players=npl), seconds, seed, stream)


# ---------------------------------------------------------------- bare engine from Python
def run_engine_py(npl, seconds, seed, stream, trusting=False):
    """One game at a time through the compiled core.init_game / mask.legal_mask / core.step.

    trusting=False: legal_mask, then core.step (which validates the action by computing the
    mask again). trusting=True: core.step_trusting(..., True) reuses the mask the previous step
    left in buf (with autoplay on it is the new decision's mask): one mask per decision."""
    from heroes_env.config import Config
    from heroes_env.engine import constants as C
    from heroes_env.engine import core
    from heroes_env.engine.mask import legal_mask
    cfg = Config(num_players=npl)
    spec = cfg.spec()
    s = np.zeros(C.STATE_SIZE, np.int32)
    buf = np.zeros(C.NUM_ACTIONS, MASK_DTYPE)
    step = core.step
    dec = eng = games = trunc = errors = 0
    t0, c0 = time.perf_counter(), time.process_time()
    while True:
        core.init_game(s, spec, (seed + games) & 0x7FFFFFFF, buf)
        if trusting:
            step_t = core.step_trusting
            legal_mask(s, buf)
            while not s[C.H_DONE]:
                idx = buf.nonzero()[0]
                if step_t(s, idx[int(next(stream) * len(idx))], buf, True) != 0:
                    errors += 1
                    legal_mask(s, buf)
                dec += 1
        else:
            while True:
                n = legal_mask(s, buf)
                if n == 0:
                    break
                idx = buf.nonzero()[0]
                if step(s, idx[int(next(stream) * n)], buf) != 0:
                    errors += 1
                dec += 1
        eng += int(s[C.H_NDEC])
        trunc += int(s[C.H_RESULT] == C.RES_TRUNCATED)
        games += 1
        if time.perf_counter() - t0 >= seconds:
            break
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    if errors:
        raise RuntimeError(f"engine refused {errors} actions taken from its own mask")
    return {"decisions": dec, "engine_decisions": eng, "games": games, "truncated": trunc,
            "seconds": dt, "cpu_seconds": cpu}


def run_engine_py_trusting(npl, seconds, seed, stream):
    return run_engine_py(npl, seconds, seed, stream, trusting=True)


# ---------------------------------------------------------------- batch kernel
class Kernel:
    """batch.batch_random_play over B rows (whole loop compiled, rows split over the threads)."""

    def __init__(self, npl, B, with_obs, seed):
        from heroes_env.config import Config
        from heroes_env.engine import batch
        from heroes_env.engine import constants as C
        self.batch, self.C = batch, C
        self.cfg = Config(num_players=npl)
        self.npl, self.B, self.with_obs = npl, B, with_obs
        self.spec = self.cfg.spec()
        self.S = np.zeros((B, C.STATE_SIZE), np.int32)
        self.obs = np.zeros((B, C.OBS_SIZE), np.float32)
        masks = np.zeros((B, C.NUM_ACTIONS), np.int8)
        seeds = np.array([batch.game_seed(seed, i) for i in range(B)], np.int32)
        # batch_random_play needs started rows (a zeroed row is not "done" and has 0 players)
        batch.batch_reset(self.S, seeds, self.spec, masks, self.obs)
        self.calls = 0

    def play(self, steps, base_seed):
        stats = np.zeros((self.B, 3), np.int64)
        t0, c0 = time.perf_counter(), time.process_time()
        self.batch.batch_random_play(self.S, steps, self.spec, base_seed, self.with_obs,
                                     self.obs, stats)
        dt, cpu = time.perf_counter() - t0, time.process_time() - c0
        if stats[:, 2].sum():
            raise RuntimeError(f"batch_random_play: {int(stats[:, 2].sum())} refused actions")
        return {"decisions": int(stats[:, 0].sum()), "games": int(stats[:, 1].sum()),
                "seconds": dt, "cpu_seconds": cpu}


def _calibrate_kernel(kern: Kernel, seconds, seed):
    """Warm up and pick `steps` per row so that one call takes about `seconds`."""
    steps = max(8, 4096 // kern.B)
    kern.play(steps, seed)             # warm-up: the first call may load or compile the kernel
    r = kern.play(steps, seed + 1)
    for _ in range(8):
        if r["seconds"] >= min(0.2, seconds / 2):
            break
        steps *= 4
        r = kern.play(steps, seed + 1)
    rate = r["decisions"] / max(r["seconds"], 1e-9)
    return max(1, int(rate * seconds / kern.B))


# ---------------------------------------------------------------- compile timing
_CHILD = r"""
import json, sys, time
t0 = time.perf_counter()
sys.path.insert(0, {repo!r})
import numpy as np
import heroes_env
from heroes_env import cards
from heroes_env.engine import constants as C, batch
t1 = time.perf_counter()
rng = np.random.default_rng(0)
e = heroes_env.env(num_players={npl})
e.reset(seed=0)
n = 0
for agent in e.agent_iter():
    obs, rew, term, trunc, info = e.last()
    if term or trunc:
        e.step(None)
    else:
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        n += 1
t2 = time.perf_counter()
B = 4
S = np.zeros((B, C.STATE_SIZE), np.int32)
masks = np.zeros((B, C.NUM_ACTIONS), np.int8)
obs = np.zeros((B, C.OBS_SIZE), np.float32)
stats = np.zeros((B, 3), np.int64)
cfg = heroes_env.Config(num_players={npl})
spec = cfg.spec()
batch.batch_reset(S, np.arange(B, dtype=np.int32), spec, masks, obs)
batch.batch_random_play(S, 200, spec, 1, True, obs, stats)
t3 = time.perf_counter()
from heroes_env.fast import compile_plan
print(json.dumps({{"import_s": t1 - t0, "env_game_s": t2 - t1, "kernel_s": t3 - t2,
                  "decisions": n, "kernel_decisions": int(stats[:, 0].sum()),
                  "compile_jobs": compile_plan.jobs()}}))
"""


def _children_cpu():
    try:
        import resource
    except ImportError:          # not on Windows
        return float("nan")
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _run_child(cache_dir, npl):
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir)
    code = _CHILD.format(repo=REPO, npl=npl)
    t0, c0 = time.perf_counter(), _children_cpu()
    p = subprocess.run([sys.executable, "-c", code], env=env, cwd=REPO, capture_output=True,
                       text=True)
    dt, cpu = time.perf_counter() - t0, _children_cpu() - c0
    if p.returncode != 0:
        raise RuntimeError(f"compile-timing subprocess failed:\n{p.stderr[-3000:]}")
    out = json.loads(p.stdout.strip().splitlines()[-1])
    out["wall_s"] = dt
    out["cpu_s"] = cpu          # user + sys CPU seconds of the subprocess (all its threads)
    return out


def compile_timing(npl, cached_runs, log):
    cache = tempfile.mkdtemp(prefix="heroes_nbcache_")
    try:
        log(f"cold compile: subprocess with empty NUMBA_CACHE_DIR={cache} ...")
        cold = _run_child(cache, npl)
        log(f"  cold {cold['wall_s']:.1f} s; cached runs ...")
        warm = [_run_child(cache, npl) for _ in range(cached_runs)]
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    return {"cold_s": cold["wall_s"], "cold_cpu_s": cold["cpu_s"], "cold_breakdown": cold,
            "cached_s": _summary([w["wall_s"] for w in warm]),
            "cached_cpu_s": _summary([w["cpu_s"] for w in warm]),
            "cached_import_s": _summary([w["import_s"] for w in warm]),
            "cached_breakdown": warm}


# ---------------------------------------------------------------- driver
def bench_players(npl, args, log):
    import numba
    res = {}
    seconds, repeats, seed = args.seconds, args.repeats, args.seed
    warm = min(0.3, seconds)
    stream = _uniforms(seed)
    py_runs = {
        "env": (run_env, "env() AEC loop, wrappers"),
        "raw_env": (run_raw_env, "raw_env AEC loop"),
        "engine_py": (run_engine_py, "engine from Python (step+mask)"),
    }
    from heroes_env.engine import core
    if hasattr(core, "step_trusting"):
        py_runs["engine_py_1mask"] = (run_engine_py_trusting, "engine from Python, 1 mask/dec")
    for key, (fn, label) in py_runs.items():
        log(f"  {npl}p {label} ...")
        fn(npl, warm, seed + 10_000_000, stream)          # warm-up (compiles if needed)
        runs = [fn(npl, seconds, seed + 1000 * (r + 1), stream) for r in range(repeats)]
        res[key] = _finish(label, runs, threads=1, per_game_exact=True)
    kernels = [("kernel_b1", 1, False), ("kernel_b1_obs", 1, True)]
    kernels += [(f"kernel_b{b}_obs", b, True) for b in args.batch]
    for key, B, with_obs in kernels:
        label = f"batch_random_play B={B}" + (" +obs" if with_obs else "")
        log(f"  {npl}p {label} ...")
        kern = Kernel(npl, B, with_obs, seed)
        steps = _calibrate_kernel(kern, seconds, seed + 7)
        runs = [kern.play(steps, seed + 100 + r) for r in range(repeats)]
        threads = min(B, numba.get_num_threads())
        res[key] = _finish(label, runs, threads=threads, per_game_exact=False)
        res[key]["steps_per_row"] = steps
    # engine decisions incl. autoplay for the kernels: they restart games inside the compiled
    # loop, so H_NDEC of finished games is lost; scale by the exact ratio of the Python loops.
    py = [r for k in py_runs for r in res[k]["raw"]]
    ratio = sum(r["engine_decisions"] for r in py) / sum(r["decisions"] for r in py)
    games = sum(r["games"] for r in py)
    res["per_game"] = {
        "games": games,
        "agent_decisions_per_game": sum(r["decisions"] for r in py) / games,
        "engine_decisions_per_game": sum(r["engine_decisions"] for r in py) / games,
        "engine_per_agent_decision": ratio,
        "autoplay_share": 1 - 1 / ratio,
        "truncated_share": sum(r["truncated"] for r in py) / games,
    }
    for key, _, _ in kernels:
        d = res[key]
        d["engine_decisions_per_s"] = {k: (v * ratio if k != "runs" else [x * ratio for x in v])
                                       for k, v in d["decisions_per_s"].items()}
        d["engine_decisions_estimated"] = True
    return res


def _finish(label, runs, threads, per_game_exact):
    d = {"label": label, "threads": threads, "raw": runs,
         "decisions_per_s": _summary([r["decisions"] / r["seconds"] for r in runs]),
         "games_per_s": _summary([r["games"] / r["seconds"] for r in runs]),
         "seconds_per_run": _summary([r["seconds"] for r in runs]),
         # CPU seconds / wall seconds: ~1 per busy thread; lower = the process waited for a core
         "cpu_use": _summary([r["cpu_seconds"] / r["seconds"] for r in runs]),
         "decisions_per_cpu_s": _summary([r["decisions"] / max(r["cpu_seconds"], 1e-9)
                                          for r in runs])}
    if per_game_exact:
        games = sum(r["games"] for r in runs)
        d["engine_decisions_per_s"] = _summary([r["engine_decisions"] / r["seconds"] for r in runs])
        d["engine_decisions_estimated"] = False
        d["games"] = games
        d["decisions_per_game"] = sum(r["decisions"] for r in runs) / games
        d["engine_decisions_per_game"] = sum(r["engine_decisions"] for r in runs) / games
        d["truncated_share"] = sum(r["truncated"] for r in runs) / games
    else:
        # games finished inside the kernel; partial games at both ends make dec/game biased
        d["games"] = sum(r["games"] for r in runs)
    return d


def _fmt_rate(s):
    return f"{s['median']:>11,.0f} [{s['min']:,.0f}-{s['max']:,.0f}]"


def _aim_mark(value, op, target):
    ok = value >= target if op == ">=" else value <= target
    return "met" if ok else "MISSED"


def print_report(out, file=sys.stdout):
    p = lambda *a: print(*a, file=file)  # noqa: E731
    m, st = out["machine"], out["settings"]
    p(f"heroes_env throughput benchmark  ({time.strftime('%Y-%m-%d %H:%M')})")
    p(f"machine: {m['cpu_model']}; cpu_count {m['cpu_count']} (affinity {m['cpu_affinity']}); "
      f"python {m['python']}, numpy {m['numpy']}, numba {m['numba']} "
      f"({m['numba_threads']} threads), "
      f"pettingzoo {m['pettingzoo']}")
    la0, la1 = m.get("loadavg_start"), m.get("loadavg_end")
    if la0:
        p(f"load average at start {la0[0]:.2f}, at end {la1[0] if la1 else float('nan'):.2f} "
          f"(other processes on the machine lower every figure)")
    p(f"settings: identity mode, default Config (autoplay on, max_rounds 100), uniform random "
      f"legal actions; {st['repeats']} repeats x ~{st['seconds']} s; median [min-max]")
    p("thr = threads used; cpu = CPU seconds / wall seconds of the runs (about 1 per busy thread; "
      "less means the process waited for a core)")
    for npl, res in out["results"].items():
        p("")
        p(f"== {npl} players " + "=" * 96)
        p(f"{'figure':<34}{'thr':>4} {'agent decisions/s':>27} {'engine dec/s (+auto)':>22}"
          f" {'games/s':>22} {'dec/game':>9} {'trunc':>6} {'cpu':>5}")
        for key, d in res.items():
            if key == "per_game":
                continue
            eng = d["engine_decisions_per_s"]["median"]
            engs = f"{eng:>13,.0f}" + ("*" if d["engine_decisions_estimated"] else " ")
            g = d["games_per_s"]
            gs = f"{g['median']:>9,.1f} [{g['min']:,.1f}-{g['max']:,.1f}]"
            dpg = f"{d['decisions_per_game']:>9.1f}" if "decisions_per_game" in d else f"{'-':>9}"
            tr = f"{d['truncated_share']:>6.1%}" if "truncated_share" in d else f"{'-':>6}"
            p(f"{d['label']:<34}{d['threads']:>4} {_fmt_rate(d['decisions_per_s']):>27} "
              f"{engs:>22} {gs:>22} {dpg} {tr} {d['cpu_use']['median']:>5.2f}")
        pg = res["per_game"]
        p(f"per game (all {pg['games']} whole games of the Python loops): "
          f"{pg['agent_decisions_per_game']:.1f} agent decisions, "
          f"{pg['engine_decisions_per_game']:.1f} engine decisions "
          f"({pg['autoplay_share']:.1%} auto-played), truncated {pg['truncated_share']:.1%}")
        p("* kernel engine dec/s = agent dec/s x engine/agent ratio "
          f"{pg['engine_per_agent_decision']:.3f} of the Python loops (the kernel restarts games "
          "internally and drops H_NDEC)")
    comp = out.get("compile")
    if comp:
        p("")
        b = comp["cold_breakdown"]
        c = comp["cached_s"]
        p(f"cold compile (empty NUMBA_CACHE_DIR, subprocess: import + 1 env() game + batch "
          f"kernel): {comp['cold_s']:.1f} s  (import {b['import_s']:.1f}, env game "
          f"{b['env_game_s']:.1f}, kernel {b['kernel_s']:.1f}; "
          f"{b.get('compile_jobs', 1)} compile processes)")
        p(f"cached start (same subprocess, warm cache, {len(c['runs'])} runs): "
          f"{c['median']:.2f} s [{c['min']:.2f}-{c['max']:.2f}]  "
          f"(of which import {comp['cached_import_s']['median']:.2f} s)")
    p("")
    p("aims (issue)                                measured (median)          aim   status"
      "   per CPU-second / CPU s")
    for key, (label, op, target) in AIMS.items():
        for name, val, cpu in _aim_values(out, key):
            if key.endswith("_s"):
                vs, ts, cs = f"{val:,.1f} s", f"{op} {target:,.0f} s", f"{cpu:,.1f} CPU s"
            else:
                vs, ts, cs = f"{val:,.0f}/s", f"{op} {target:,.0f}/s", f"{cpu:,.0f}/CPU-s"
            p(f"{label:<24} {name:<14} {vs:>14}   {ts:>12}   {_aim_mark(val, op, target):<6}"
              f"   {cs:>14}")
    p("status is judged on wall-clock medians; the last column (decisions per CPU second of "
      "this process / CPU seconds of the subprocess) shows what contention hid")


def _aim_values(out, key):
    vals = []
    if key in ("cold_compile_s", "cached_start_s"):
        comp = out.get("compile")
        if comp:
            if key == "cold_compile_s":
                vals.append(("", comp["cold_s"], comp["cold_cpu_s"]))
            else:
                vals.append(("", comp["cached_s"]["median"], comp["cached_cpu_s"]["median"]))
        return vals
    rows = {"engine": [("py-loop", "engine_py"), ("kernel B=1", "kernel_b1")]}.get(key, [("", key)])
    for npl, res in out["results"].items():
        for name, fig in rows:
            d = res[fig]
            vals.append((f"{npl}p {name}".strip(), d["decisions_per_s"]["median"],
                         d["decisions_per_cpu_s"]["median"]))
    return vals


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, nargs="+", default=[5, 8])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=2.0, help="length of each timed run")
    ap.add_argument("--batch", type=int, nargs="*", default=[64, 1024],
                    help="batch sizes of the threaded kernel runs (with observations)")
    ap.add_argument("--seed", type=int, default=12345)
    ap.add_argument("--json", help="write every figure (and the raw runs) to this file")
    ap.add_argument("--no-compile-timing", action="store_true",
                    help="skip the cold/cached compile subprocesses")
    ap.add_argument("--cached-runs", type=int, default=3)
    ap.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    ap.add_argument("--profile", choices=["env", "raw_env", "engine_py"],
                    help="instead of the benchmark: cProfile that loop for --seconds (first "
                         "--players) and print the top functions by own time")
    a = ap.parse_args(argv)
    if a.repeats < 1 or a.seconds <= 0:
        ap.error("--repeats must be >= 1 and --seconds > 0")
    return a


def profile_loop(args, top=25):
    import cProfile
    import pstats
    fn = {"env": run_env, "raw_env": run_raw_env, "engine_py": run_engine_py}[args.profile]
    npl = args.players[0]
    stream = _uniforms(args.seed)
    fn(npl, min(0.3, args.seconds), args.seed, stream)          # warm-up (compiles if needed)
    prof = cProfile.Profile()
    prof.enable()
    r = fn(npl, args.seconds, args.seed + 1, stream)
    prof.disable()
    print(f"{args.profile}, {npl} players: {r['decisions']} decisions in {r['seconds']:.2f} s "
          f"under cProfile ({r['decisions'] / r['seconds']:,.0f}/s; profiling slows Python)")
    pstats.Stats(prof).sort_stats("tottime").print_stats(top)
    return r


def main(argv=None):
    args = parse_args(argv)
    log = (lambda *a: None) if args.quiet else (lambda *a: print(*a, file=sys.stderr, flush=True))
    if args.profile:
        return profile_loop(args)
    out = {"machine": _machine_info(),
           "settings": {"players": args.players, "repeats": args.repeats,
                        "seconds": args.seconds, "batch": args.batch, "seed": args.seed,
                        "config": "identity, pack none, deck standard, max_rounds 100, "
                                  "autoplay on"},
           "aims": {k: {"label": v[0], "op": v[1], "value": v[2]} for k, v in AIMS.items()},
           "results": {}}
    # compile timing first: the subprocesses must not compete with the timed loops
    if not args.no_compile_timing:
        out["compile"] = compile_timing(args.players[0], args.cached_runs, log)
    for npl in args.players:
        log(f"{npl} players:")
        out["results"][str(npl)] = bench_players(npl, args, log)
    out["machine"]["loadavg_end"] = list(os.getloadavg()) if hasattr(os, "getloadavg") else None
    print_report(out)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)
        log(f"wrote {args.json}")
    return out


if __name__ == "__main__":
    main()
