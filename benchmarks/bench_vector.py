"""Throughput of the batched API ``heroes_env.vector.VectorEnv``, and (``--peers``) of other
card-game environments measured in the same run on the same machine.

    python benchmarks/bench_vector.py [--players 5 8] [--batch 1 64 1024 4096] [--threads 1 2]
        [--dtype float32 uint8] [--repeats 5] [--seconds 1] [--json PATH] [--plot PATH] [--peers]
        [--quiet]

Every figure is the median of ``--repeats`` timed runs of about ``--seconds`` each, after a
warm-up. An *env step* is one call's worth of work for one game: one agent decision answered,
the game advanced to its next agent decision (auto-played forced decisions included, finished
games replaced by new ones), and the deciding seat's observation and mask encoded. The random
legal actions are drawn in compiled code (``VectorEnv.random_actions``). See
``benchmarks/README.md``.
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import platform
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

AIM_STEPS = 2_000_000        # env steps/s, 8 players, B = 4096, 2 threads, obs + mask
AIM_STEPS_UINT8 = 1_000_000  # the same with obs_dtype="uint8"
AIM_STATE_BYTES = 8 * 1024   # bytes of state per game


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--players", type=int, nargs="+", default=[5, 8])
    p.add_argument("--batch", type=int, nargs="+", default=[1, 64, 1024, 4096])
    p.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    p.add_argument("--dtype", nargs="+", default=["float32"], choices=["float32", "uint8"],
                   help="observation dtypes (VectorEnv obs_dtype) to measure")
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--seconds", type=float, default=1.0)
    p.add_argument("--seed", type=int, default=12345)
    p.add_argument("--json", type=str, default=str(ROOT / "benchmarks/results/bench_vector.json"))
    p.add_argument("--plot", type=str, default=str(ROOT / "benchmarks/results/bench_vector.png"),
                   help="PNG of steps/s against B ('' for none; needs matplotlib)")
    p.add_argument("--peers", action="store_true",
                   help="also measure PettingZoo / RLCard / OpenSpiel card games (extra [bench])")
    p.add_argument("--learner-batch", type=int, default=1024,
                   help="B of the LearnerVectorEnv line (0: skip it)")
    p.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    a = p.parse_args(argv)
    if a.seconds <= 0 or a.repeats < 1:
        p.error("--seconds must be > 0 and --repeats >= 1")
    if min(a.batch) < 1 or min(a.threads) < 1:
        p.error("--batch and --threads must be >= 1")
    return a


def machine_info():
    import numba
    import numpy
    cpu = platform.processor() or ""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {"cpu": cpu, "cpu_count": os.cpu_count(), "python": platform.python_version(),
            "numpy": numpy.__version__, "numba": numba.__version__,
            "numba_threads": numba.config.NUMBA_NUM_THREADS,
            "loadavg_start": os.getloadavg()[0]}


def summary(xs):
    return {"median": statistics.median(xs), "min": min(xs), "max": max(xs), "runs": list(xs)}


class VectorRun:
    """One (players, B, threads, dtype) configuration: a VectorEnv stepped with random legal
    actions."""

    def __init__(self, n, B, threads, seed, dtype="float32"):
        import numba

        from heroes_env.vector import VectorEnv
        self.n, self.B, self.dtype = n, B, dtype
        self.threads = min(threads, numba.config.NUMBA_NUM_THREADS)
        self.v = VectorEnv(B, num_players=n, num_threads=self.threads, obs_dtype=dtype)
        self.v.reset(seed=seed)
        self.a = self.v.random_actions()
        self.steps, self.games, self.cpu, self.steps_cpu = [], [], [], []

    def _play(self, seconds):
        """Step for about `seconds`; returns (calls, wall, cpu, games finished)."""
        from heroes_env.engine import batch as K
        v, R = self.v, self.v.core.R
        g0 = int(R[:, K.R_GAMES].sum())
        a = self.a
        calls = 0
        t0, c0 = time.perf_counter(), time.process_time()
        t_end = t0 + seconds
        while True:
            v.step(a)
            a = v.random_actions()
            calls += 1
            if (calls & 7) == 0 and time.perf_counter() >= t_end:
                break
        self.a = a
        return (calls, time.perf_counter() - t0, time.process_time() - c0,
                int(R[:, K.R_GAMES].sum()) - g0)

    def run_once(self, seconds):
        self._play(min(0.2, seconds))              # warm-up: caches, thread pool, compile
        calls, dt, dc, games = self._play(seconds)
        self.steps.append(calls * self.B / dt)
        self.games.append(games / dt)
        self.cpu.append(dc / dt)
        self.steps_cpu.append(calls * self.B / max(dc, 1e-9))

    def result(self):
        serial = self.B < self.v.core.serial_below or self.v.num_threads == 1
        return {"players": self.n, "B": self.B, "threads": self.threads, "dtype": self.dtype,
                "kernel": "serial" if serial else "parallel",
                "steps_per_s": summary(self.steps), "games_per_s": summary(self.games),
                "cpu_use": summary(self.cpu), "steps_per_cpu_s": summary(self.steps_cpu),
                "bytes_per_game": self.v.bytes_per_game()}


def time_learner(n, B, threads, seconds, repeats, seed):
    """LearnerVectorEnv: learner steps/s with random opponents played in compiled code."""
    import numba

    from heroes_env.engine import batch as K
    from heroes_env.wrappers import LearnerVectorEnv
    threads = min(threads, numba.config.NUMBA_NUM_THREADS)
    v = LearnerVectorEnv(B, seat="random", num_players=n, num_threads=threads, copy=False)
    v.reset(seed=seed)
    a = v.random_actions()
    t_end = time.perf_counter() + min(0.3, seconds)
    while time.perf_counter() < t_end:
        v.step(a)
        a = v.random_actions()
    steps, games = [], []
    R = v._d.core.R
    for _ in range(repeats):
        g0 = int(R[:, K.R_GAMES].sum())
        calls = 0
        t0 = time.perf_counter()
        while True:
            v.step(a)
            a = v.random_actions()
            calls += 1
            if (calls & 3) == 0 and time.perf_counter() >= t0 + seconds:
                break
        dt = time.perf_counter() - t0
        steps.append(calls * B / dt)
        games.append((int(R[:, K.R_GAMES].sum()) - g0) / dt)
    return {"players": n, "B": B, "threads": threads, "learner_steps_per_s": summary(steps),
            "games_per_s": summary(games)}


def fmt_rate(x):
    if x >= 1e6:
        return f"{x / 1e6:.2f}M"
    if x >= 1e3:
        return f"{x / 1e3:.1f}k"
    return f"{x:.0f}"


def print_table(rows, out):
    out("env steps/s = agent decisions answered per second, each including the step, the new")
    out("decision's observation + mask encoding, auto-reset and the compiled random action.")
    out("")
    out(f"{'players':>7} {'B':>5} {'threads':>7} {'dtype':>7} {'kernel':>8} {'env steps/s':>12} "
        f"{'[min-max]':>17} {'games/s':>9} {'cpu':>5} {'steps/cpu-s':>11}")
    for r in rows:
        s, g = r["steps_per_s"], r["games_per_s"]
        span = f"[{fmt_rate(s['min'])}-{fmt_rate(s['max'])}]"
        out(f"{r['players']:>7} {r['B']:>5} {r['threads']:>7} {r.get('dtype', 'float32'):>7} "
            f"{r['kernel']:>8} "
            f"{fmt_rate(s['median']):>12} {span:>17} "
            f"{fmt_rate(g['median']):>9} {r['cpu_use']['median']:>5.2f} "
            f"{fmt_rate(r['steps_per_cpu_s']['median']):>11}")
    out("(cpu: CPU seconds / wall seconds of the process, median: about 1.0 for one busy thread,")
    out(" up to 2.0 for two; a 2-thread row near 1.0 did not get its second core. steps/cpu-s:")
    out(" env steps per CPU second, what the code does per core whatever the other load.)")


def dtype_ratios(rows, out):
    """uint8 / float32 per configuration: the median over repeats of the ratio of the two runs
    of the same repeat (they ran one after the other, so under the same load)."""
    res = []
    by = {(r["players"], r["B"], r["threads"], r.get("dtype", "float32")): r for r in rows}
    for (n, B, t, dt), r in by.items():
        f = by.get((n, B, t, "float32"))
        if dt != "uint8" or f is None:
            continue
        pairs = [u / x for u, x in zip(r["steps_per_s"]["runs"], f["steps_per_s"]["runs"],
                                             strict=False)]
        res.append({"players": n, "B": B, "threads": t, "ratio": summary(pairs)})
    if res:
        out("")
        out("uint8 / float32 env steps/s (median of the per-repeat ratios, runs alternated):")
        for x in res:
            out(f"  {x['players']} players, B={x['B']:>4}, {x['threads']} thread(s): "
                f"x{x['ratio']['median']:.2f}  [{x['ratio']['min']:.2f}-{x['ratio']['max']:.2f}]")
    return res


def aims(rows, out):
    from heroes_env.engine import constants as C
    res = {}
    out("")
    out("aims")
    for dtype, key, aim in (("float32", "steps_8p_B4096_2t", AIM_STEPS),
                            ("uint8", "steps_8p_B4096_2t_uint8", AIM_STEPS_UINT8)):
        hit = [r for r in rows if r["players"] == 8 and r["B"] == 4096 and r["threads"] == 2
               and r.get("dtype", "float32") == dtype]
        if hit:
            v = hit[0]["steps_per_s"]["median"]
            res[key] = {"aim": aim, "measured": v, "met": v >= aim}
            out(f"  8 players, B=4096, 2 threads, {dtype} obs + mask: >= {fmt_rate(aim)} env "
                f"steps/s: measured {fmt_rate(v)} -> {'met' if v >= aim else 'MISSED'}")
    sb = C.STATE_SIZE * 4
    res["state_bytes"] = {"aim": AIM_STATE_BYTES, "measured": sb, "met": sb <= AIM_STATE_BYTES}
    total = rows[-1]["bytes_per_game"]["total"] if rows else None
    out(f"  state per game <= {AIM_STATE_BYTES} B: {sb} B -> "
        f"{'met' if sb <= AIM_STATE_BYTES else 'MISSED'}  (everything VectorEnv holds per game, "
        f"observation and mask buffers included: {total} B)")
    return res


def plot(rows, path, machine):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as e:
        return f"no plot: matplotlib is not installed ({e}); pip install -e '.[bench]'"
    fig, ax = plt.subplots(figsize=(7, 4.5))
    keys = sorted({(r["players"], r["threads"], r.get("dtype", "float32")) for r in rows})
    for n, t, dt in keys:
        sel = sorted((r for r in rows if r["players"] == n and r["threads"] == t
                      and r.get("dtype", "float32") == dt), key=lambda r: r["B"])
        xs = [r["B"] for r in sel]
        ys = [r["steps_per_s"]["median"] for r in sel]
        lo = [r["steps_per_s"]["median"] - r["steps_per_s"]["min"] for r in sel]
        hi = [r["steps_per_s"]["max"] - r["steps_per_s"]["median"] for r in sel]
        ax.errorbar(xs, ys, yerr=[lo, hi], marker="o", capsize=3,
                    label=f"{n} players, {t} thread{'s' if t > 1 else ''}, {dt}")
    ax.axhline(AIM_STEPS, color="grey", ls="--", lw=1, label="aim (8 players, B=4096, 2 threads)")
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    bs = sorted({r["B"] for r in rows})
    ax.set_xticks(bs)
    ax.set_xticklabels([str(b) for b in bs])
    ax.set_xlabel("B (games per VectorEnv)")
    ax.set_ylabel("env steps/s (obs + mask, random actions)")
    ax.set_title(f"heroes_env VectorEnv, identity mode\n{machine['cpu']}, "
                 f"{machine['cpu_count']} cores, numba {machine['numba']}", fontsize=9)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    pathlib.Path(path).parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return f"plot: {path}"


def main(argv=None):
    args = parse_args(argv)
    out = print
    log = (lambda *a: None) if args.quiet else (lambda m: print(m, file=sys.stderr, flush=True))
    machine = machine_info()
    runs = [VectorRun(n, B, t, args.seed, dt) for n in args.players for B in args.batch
            for t in args.threads for dt in args.dtype]
    # the repeats go round all configurations, so that a burst of other load on the machine
    # spreads over them instead of spoiling one
    for rep in range(args.repeats):
        for r in runs:
            log(f"VectorEnv: {r.n} players, B={r.B}, {r.threads} thread(s), {r.dtype}, "
                f"run {rep + 1} ...")
            r.run_once(args.seconds)
    rows = [r.result() for r in runs]
    del runs
    machine["loadavg_end"] = os.getloadavg()[0]
    out(f"heroes_env VectorEnv throughput; {machine['cpu']} x{machine['cpu_count']}, "
        f"python {machine['python']}, numpy {machine['numpy']}, numba {machine['numba']} "
        f"(row threads: heroes_env.fast.crew); "
        f"load average {machine['loadavg_start']:.2f} -> "
        f"{machine['loadavg_end']:.2f}; medians of {args.repeats} runs of {args.seconds:g} s")
    out("")
    print_table(rows, out)
    ratios = dtype_ratios(rows, out)
    result = {"machine": machine, "args": vars(args), "vector": rows, "aims": aims(rows, out)}
    if ratios:
        result["dtype_ratios"] = ratios
    if args.learner_batch:
        n, t = max(args.players), max(args.threads)
        log(f"LearnerVectorEnv: {n} players, B={args.learner_batch}, {t} thread(s) ...")
        lr = time_learner(n, args.learner_batch, t, args.seconds, args.repeats, args.seed)
        result["learner"] = lr
        out("")
        out(f"LearnerVectorEnv ({n} players, B={lr['B']}, {lr['threads']} thread(s), learner seat "
            f"drawn per game, random opponents in compiled code): "
            f"{fmt_rate(lr['learner_steps_per_s']['median'])} learner steps/s, "
            f"{fmt_rate(lr['games_per_s']['median'])} games/s")
    if args.peers:
        import peers
        log("peers ...")
        result["peers"] = peers.run(args.seconds, args.repeats, args.seed, log)
        out("")
        peers.print_table(result["peers"], rows, out)
    if args.plot:
        out("")
        out(plot(rows, args.plot, machine))
    if args.json:
        pathlib.Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        pathlib.Path(args.json).write_text(json.dumps(result, indent=1))
        out(f"json: {args.json}")
    return result


if __name__ == "__main__":
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
    main()
