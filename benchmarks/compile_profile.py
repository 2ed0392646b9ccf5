"""Where a cold compile spends its time: CPU seconds of each compiled function, its callees' own
compiles left out.

    python benchmarks/compile_profile.py [--top 20] [--json F]

A child process with an empty ``NUMBA_CACHE_DIR`` runs the cold script of ``start_timing.py``
(an 8-player ``env()`` game and a ``VectorEnv`` step in both observation dtypes) in one process
(``HEROES_ENV_COMPILE_JOBS=1``, so that it sees every compile) and records Numba's
``numba:compile`` and ``numba:llvm_lock`` events with the process's CPU clock. A function's
compile runs inside its caller's (Numba compiles a callee when it types the call), so each
compile is charged only the time outside the compiles nested in it. Printed: the total, the
number of functions and compiles, the time held by LLVM, and the modules and functions that take
most. Every compiled function has a fixed cost (a compile pipeline, LLVM passes, machine code,
a cache entry), so the count matters as much as the size: compare two trees by running this in
each, one after the other.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import pathlib
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from start_timing import COLD, REPO  # noqa: E402

# the child: records the events, runs the cold script, writes the events to OUT
RECORD = r"""
import json, sys, time
from numba.core import event
events = []
class Recorder(event.Listener):
    def on_start(self, ev): events.append(self.row(ev, "start"))
    def on_end(self, ev): events.append(self.row(ev, "end"))
    def row(self, ev, what):
        if ev.kind == "numba:llvm_lock":
            return [time.process_time(), what, None]
        f = ev.data["dispatcher"].py_func
        return [time.process_time(), what, f.__module__ + "." + f.__qualname__]
rec = Recorder()
event.register("numba:compile", rec)
event.register("numba:llvm_lock", rec)
t0 = time.process_time()
exec(compile({cold!r}, "cold", "exec"))
json.dump({{"cpu_s": time.process_time() - t0, "events": events}}, open({out!r}, "w"))
"""


def exclusive(events):
    """Per function: [compiles, CPU s outside nested compiles, of which LLVM held]. events: the
    child's rows (clock, "start" or "end", function name; None for the LLVM lock), in order."""
    out = collections.defaultdict(lambda: [0, 0.0, 0.0])
    stack: list[list] = []          # [name, clock when it last resumed]
    llvm_from, llvm_depth = 0.0, 0  # the lock is re-entrant: timed from its outermost hold
    for clock, what, name in events:
        if name is None:            # the LLVM lock, charged to the compile that holds it
            if what == "start":
                llvm_depth += 1
                if llvm_depth == 1:
                    llvm_from = clock
            elif llvm_depth > 0:
                llvm_depth -= 1
                if llvm_depth == 0 and stack:
                    out[stack[-1][0]][2] += clock - llvm_from
            continue
        if what == "start":
            if stack:
                out[stack[-1][0]][1] += clock - stack[-1][1]
            stack.append([name, clock])
            out[name][0] += 1
        else:
            done, since = stack.pop()
            out[done][1] += clock - since
            if stack:
                stack[-1][1] = clock
    return dict(out)


def module_of(name: str) -> str:
    """The module part of a function's qualified name (``heroes_env.engine.batch``)."""
    parts = name.split(".<locals>")[0].split(".")
    return ".".join(parts[:-1]) or name


def summary(cpu_s: float, per_fn: dict, top: int) -> dict:
    by_module = collections.defaultdict(lambda: [0, 0.0])
    for name, (_, sec, _) in per_fn.items():
        m = by_module[module_of(name)]
        m[0] += 1
        m[1] += sec
    rank = sorted(per_fn.items(), key=lambda kv: -kv[1][1])
    return {"cpu_s": cpu_s, "functions": len(per_fn),
            "compiles": sum(c for c, _, _ in per_fn.values()),
            "llvm_s": sum(llvm for _, _, llvm in per_fn.values()),
            "modules": {m: {"functions": n, "cpu_s": s} for m, (n, s) in
                        sorted(by_module.items(), key=lambda kv: -kv[1][1])},
            "top": [{"function": n, "compiles": c, "cpu_s": s, "llvm_s": llvm}
                    for n, (c, s, llvm) in rank[:top]],
            "per_function": {n: {"compiles": c, "cpu_s": s, "llvm_s": llvm}
                             for n, (c, s, llvm) in rank}}


def report(res: dict, top: int) -> str:
    lines = [f"cold compile in one process: {res['cpu_s']:.1f} CPU s, {res['functions']} "
             f"functions in {res['compiles']} compiles, LLVM {res['llvm_s']:.1f} s"]
    lines.append("by module (functions, CPU s):")
    for m, v in list(res["modules"].items())[:top]:
        lines.append(f"  {m:<48} {v['functions']:4d} {v['cpu_s']:7.1f}")
    lines.append("by function (compiles, CPU s, of which LLVM):")
    for t in res["top"]:
        lines.append(f"  {t['function']:<60} {t['compiles']:2d} {t['cpu_s']:6.2f} "
                     f"{t['llvm_s']:6.2f}")
    return "\n".join(lines)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--top", type=int, default=20, help="modules and functions to print")
    p.add_argument("--json", default="", help="write the whole profile here")
    a = p.parse_args(argv)
    if a.top < 1:
        p.error(f"--top {a.top}: give 1 or more")
    with tempfile.TemporaryDirectory(prefix="heroes_compile_") as tmp:
        out = os.path.join(tmp, "events.json")
        env = dict(os.environ, NUMBA_CACHE_DIR=os.path.join(tmp, "cache"),
                   HEROES_ENV_COMPILE_JOBS="1")
        code = RECORD.format(cold=COLD.format(repo=REPO), out=out)
        subprocess.run([sys.executable, "-c", code], env=env, cwd=REPO, check=True,
                       stderr=subprocess.DEVNULL)
        raw = json.loads(pathlib.Path(out).read_text())
    res = summary(raw["cpu_s"], exclusive(raw["events"]), a.top)
    print(report(res, a.top))
    if a.json:
        pathlib.Path(a.json).write_text(json.dumps(res, indent=1))
    return res


if __name__ == "__main__":
    main()
