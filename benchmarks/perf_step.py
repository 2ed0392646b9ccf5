"""Where a VectorEnv step's time goes, per compiled function: ``perf`` samples per env step.

    python benchmarks/perf_step.py --players 8 --batch 256 --dtype uint8 --seconds 8

Runs a ``VectorEnv`` of uniformly random legal actions (one thread) under ``perf record``
(Linux; ``perf`` must be installed) and prints, for the functions with the most samples, the
nanoseconds of one env step they account for (samples / sampling rate / env steps). Numba's
machine code has no symbols ``perf`` can read, so the measured process writes the addresses of
every compiled function it holds to ``/tmp/perf-<pid>.map`` (``perf``'s convention for JIT code)
before the timed loop; a function inlined into its caller counts as the caller.

The figures count the process's time on the CPU only, so another program on the same core does
not inflate them the way it inflates steps/s; cache effects remain. Compare two codes by
alternating runs.
``profile_step.py`` times the compiled pieces (engine, observation, the public call) instead.
"""
import argparse
import gc
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def short_name(sym: str) -> str:
    """``heroes_env.engine.observe.observe`` from Numba's mangled name (Itanium nested name:
    length-prefixed parts up to the ABI tag); other symbols unchanged."""
    if not sym.startswith("_ZN"):
        return sym
    parts, i = [], 3
    while i < len(sym) and sym[i].isdigit():
        j = i
        while j < len(sym) and sym[j].isdigit():
            j += 1
        n = int(sym[i:j])
        parts.append(sym[j:j + n])
        i = j + n
    return ".".join(parts) if parts else sym


def write_perf_map() -> int:
    """/tmp/perf-<pid>.map with every function of every library of Numba's compiled functions
    in this process; returns how many addresses it wrote."""
    from numba.core.registry import CPUDispatcher
    libs = [cres.library for obj in gc.get_objects() if isinstance(obj, CPUDispatcher)
            for cres in obj.overloads.values()]
    seen, names = set(), {}
    while libs:
        lib = libs.pop()
        if id(lib) in seen:
            continue
        seen.add(id(lib))
        libs.extend(getattr(lib, "_linking_libraries", ()))
        for attr in ("_final_module", "_shared_module"):
            mod = getattr(lib, attr, None)
            for fn in (mod.functions if mod is not None else ()):
                if fn.is_declaration:
                    continue
                try:
                    addr = lib._codegen._engine.get_function_address(fn.name)
                except Exception:          # noqa: BLE001 - not in the JIT: skip it
                    addr = 0
                if addr:
                    names[addr] = fn.name
    addrs = sorted(names)
    with open(f"/tmp/perf-{os.getpid()}.map", "w") as f:
        for k, a in enumerate(addrs):
            size = min((addrs[k + 1] - a) if k + 1 < len(addrs) else 4096, 1 << 20)
            f.write(f"{a:x} {size:x} {names[a]}\n")
    return len(addrs)


def child(args):
    sys.path.insert(0, REPO)
    import heroes_env
    from heroes_env.engine import batch as K
    from heroes_env.vector import VectorEnv
    v = VectorEnv(args.batch, config=heroes_env.Config(num_players=args.players),
                  num_threads=1, obs_dtype=args.dtype)
    v.reset(seed=0)
    v.random_actions()
    for _ in range(20):
        v.step(v.core.R[:, K.R_RANDOM].copy())
    write_perf_map()
    steps, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < args.seconds:
        v.step(v.core.R[:, K.R_RANDOM].copy())
        steps += args.batch
    print(f"STEPS {steps} {time.perf_counter() - t0:.3f}", flush=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, default=8)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--dtype", default="uint8", choices=("float32", "uint8"))
    ap.add_argument("--seconds", type=float, default=8.0)
    ap.add_argument("--freq", type=int, default=2000, help="perf samples per second")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        return child(args)
    if shutil.which("perf") is None:
        raise SystemExit("perf_step needs Linux perf (e.g. apt-get install linux-perf)")
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "perf.data")
        cmd = [sys.executable, os.path.abspath(__file__), "--child", "--players",
               str(args.players), "--batch", str(args.batch), "--dtype", args.dtype,
               "--seconds", str(args.seconds)]
        run = subprocess.run(["perf", "record", "-F", str(args.freq), "-o", data, "--"] + cmd,
                             capture_output=True, text=True)
        m = re.search(r"STEPS (\d+) ([\d.]+)", run.stdout)
        if run.returncode != 0 or not m:
            raise SystemExit(f"the profiled run failed:\n{run.stderr[-2000:]}")
        steps, secs = int(m.group(1)), float(m.group(2))
        rep = subprocess.run(["perf", "report", "-i", data, "--stdio", "-n", "--sort", "sym"],
                             capture_output=True, text=True).stdout
    rows = {}
    for line in rep.splitlines():
        hit = re.match(r"\s*[\d.]+%\s+(\d+)\s+\[\.\]\s+(\S+)", line)
        if hit:
            name = short_name(hit.group(2))
            rows[name] = rows.get(name, 0) + int(hit.group(1))
    ns = {k: n / args.freq / steps * 1e9 for k, n in rows.items()}
    print(f"{args.players} players, B = {args.batch}, {args.dtype}, 1 thread: {steps} env steps "
          f"in {secs:.1f} s ({steps / secs / 1e3:.0f}k/s); ns per env step by function "
          f"(the whole process, start-up included: {sum(ns.values()):.0f})")
    for k, v in sorted(ns.items(), key=lambda kv: -kv[1])[:args.top]:
        print(f"{v:8.0f}  {k}")


if __name__ == "__main__":
    main()
