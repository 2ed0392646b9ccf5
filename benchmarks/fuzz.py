"""Fuzz what a user can hand the package: crafted game states, records, scenario specs, configs.

    python benchmarks/fuzz.py --cases 100000 --seed 0 --timeout 10 \\
        --out benchmarks/results/fuzz_states.json            # crafted states
    python benchmarks/fuzz.py --kinds record,scenario,config --cases 2000

Every case runs in a child process (``--serve``: one JSON case per line in, one JSON answer per
line out), so that a crash or a hang is counted instead of taking the run down. A case ends:

* ``refused``: the loader raised its documented error (a ValueError: ``StateError``,
  ``ScenarioError``, ``RecordError``; the replay CLI's one-line ``error:`` and exit 2);
* ``played``: it loaded, then was played with random legal actions for up to ``--steps``
  decisions, every seat observed (float32 and bytes), the full state, mask, rewards and the text
  view read at every step;
* ``raised``: another Python exception (a defect: the answer names it);
* ``crashed``: the child died (a segfault, an abort); it is started again for the next case;
* ``hung``: no answer within ``--timeout`` seconds; the child is killed and started again.

A crafted state is a state from a real game (a pool the child plays itself, over every mode,
pack and player count) with a field set to an extreme value (a declared field's range end +-1,
or a value from ``EXTREMES``, in a ranged field or any cell), or three random bit flips, or cut
short, or loaded under another config. The result JSON holds the counts and the first cases of
each defect kind, each enough to run it again (``Runner().run(case)``).
"""
from __future__ import annotations

import argparse
import json
import os
import select
import subprocess
import sys
import time
import zlib

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXTREMES = (-(1 << 31), (1 << 31) - 1, -(1 << 30), 1 << 30, -1000000, 1000000, 100000, -2, -1,
            0, 1, 2, 10, 11, 12, 127, 128, 255, 256, 4096, 2000000000)
KINDS = ("state", "record", "scenario", "config")
OUTCOMES = ("refused", "played", "raised", "crashed", "hung")
# the configs a state may come from, or be loaded under (Config keywords)
CONFIGS = tuple(
    [dict(num_players=n) for n in range(4, 11)]
    + [dict(num_players=n, pack="standard", hero_selection=hs)
       for n in (4, 5, 8) for hs in ("draft", "random")]
    + [dict(num_players=n, pack="herokill", hero_selection="random") for n in (5, 8, 10)]
    + [dict(num_players=5, pack="herokill"), dict(num_players=6, pack="classmates",
                                                  hero_selection="random"),
       dict(mode="3v3"), dict(mode="3v3", pack="standard"), dict(mode="3v3", pack="herokill"),
       dict(num_players=6, deck="standard_no_ex"), dict(num_players=5, autoplay=False),
       dict(num_players=4, max_rounds=3)])


# ---------------------------------------------------------------- cases (the parent's side)
def state_case(rng: np.random.Generator) -> dict:
    """A crafted state: which pool state, and what is done to it."""
    from heroes_env.engine import constants as C
    case = {"kind": "state", "base": int(rng.integers(1 << 30))}
    r = rng.random()
    if r < 0.5:
        ranged = C.ROW_RANGES + tuple((f"frame {n}", C.FRAME_BASE + at + C.FRAME_SIZE * k,
                                       size, lo, hi)
                                      for k in range(4) for n, at, size, lo, hi in C.FRAME_RANGES)
        if rng.random() < 0.6:
            name, at, size, lo, hi = ranged[rng.integers(len(ranged))]
            cell = at + int(rng.integers(size))
            ends = [x for b in (lo, hi) if isinstance(b, int) for x in (b - 1, b + 1)]
        else:
            cell, ends = int(rng.integers(C.STATE_SIZE)), []
        pool = list(EXTREMES) + ends
        case["set"] = [[cell, int(pool[rng.integers(len(pool))])]]
    elif r < 0.9:
        case["flip"] = [[int(rng.integers(1, 10 ** 9)), int(rng.integers(32))] for _ in range(3)]
    elif r < 0.95:
        case["size"] = int(rng.integers(0, C.STATE_SIZE * 4 + 8))
    else:
        case["config"] = int(rng.integers(len(CONFIGS)))
    return case


def record_case(rng: np.random.Generator) -> dict:
    """A record file's text: a real record changed, or junk."""
    pool = (None, 0, -1, 3, 1.9, 1e30, "abc", [1], {}, True, "\u2028", "<!--<script>",
            (1 << 64), -(1 << 63), [0, 0, "x"], [[0, 0]])
    rec = {"format": "heroes_env.record/1", "version": "0", "seed": 1,
           "config": {"num_players": 4, "max_rounds": 2}, "engine_seed": 5,
           "decisions": [], "result": None}
    r = rng.random()
    if r < 0.6:
        key = ("format", "config", "engine_seed", "decisions", "seed", "result", "meta",
               "rounds")[rng.integers(8)]
        rec[key] = pool[rng.integers(len(pool))]
    elif r < 0.8:
        k = ("num_players", "mode", "pack", "deck", "max_rounds", "autoplay",
             "hero_selection")[rng.integers(7)]
        rec["config"][k] = pool[rng.integers(len(pool))]
    elif r < 0.9:
        rec["decisions"] = [[int(rng.integers(-2, 6)), int(rng.integers(-5, 300)), "x"]
                            for _ in range(int(rng.integers(1, 5)))]
    else:
        text = json.dumps(rec)
        cut = int(rng.integers(len(text)))
        return {"kind": "record", "text": text[:cut] + "[" * int(rng.integers(0, 3000))}
    return {"kind": "record", "text": json.dumps(rec)}


def scenario_case(rng: np.random.Generator) -> dict:
    pool = (0, 1, -1, 5, 200, 10 ** 30, True, False, "no", None, "caocao", [], 2.5)
    n = int(rng.integers(4, 7))
    seats = [{} for _ in range(n)]
    for _ in range(int(rng.integers(1, 4))):
        seat = seats[rng.integers(n)]
        key = ("hp", "max_hp", "alive", "slashes", "hero", "role")[rng.integers(6)]
        seat[key] = pool[rng.integers(len(pool))]
    spec = {"seats": seats}
    if rng.random() < 0.3:
        spec[("current", "round", "max_rounds")[rng.integers(3)]] = pool[rng.integers(len(pool))]
    return {"kind": "scenario", "spec": spec}


def config_case(rng: np.random.Generator) -> dict:
    pool = (0, 1, 3, 4, 6, 10, 11, -1, 10 ** 20, 2 ** 31, True, None, "x", 2.0, "standard",
            "herokill", "3v3", "random", [])
    kw = dict(CONFIGS[rng.integers(len(CONFIGS))])
    k = ("num_players", "mode", "pack", "deck", "max_rounds", "autoplay",
         "hero_selection")[rng.integers(7)]
    kw[k] = pool[rng.integers(len(pool))]
    return {"kind": "config", "kw": kw}


MAKERS = {"state": state_case, "record": record_case, "scenario": scenario_case,
          "config": config_case}


# ---------------------------------------------------------------- the child
class _Child:
    """Runs cases in this process (the child's side): a pool of real states, then per case."""

    def __init__(self):
        from heroes_env import Config
        from heroes_env.game import Game
        self.Config, self.Game = Config, Game
        self.configs = [Config(**kw) for kw in CONFIGS]
        self.pool = []               # (config index, state bytes)
        rng = np.random.default_rng(12345)
        for ci, config in enumerate(self.configs):
            g = Game.new(config, seed=ci)
            k = 0
            while not g.done and k < 400:
                if k % 9 == 0:
                    self.pool.append((ci, g.to_bytes()))
                la = g.legal_actions()
                g.step(la[rng.integers(len(la))])
                k += 1
            self.pool.append((ci, g.to_bytes()))

    def run(self, case: dict, steps: int) -> tuple[str, str]:
        kind = case["kind"]
        rng = np.random.default_rng(zlib.crc32(json.dumps(case, sort_keys=True).encode()))
        try:
            if kind == "record":
                return self._record(case["text"])
            g = getattr(self, "_load_" + kind)(case)
        except ValueError as e:
            return "refused", str(e)[:200]
        except Exception as e:          # noqa: BLE001 - a defect to report, not to hide
            return "raised", f"{type(e).__name__}: {str(e)[:200]}"
        try:
            self._play(g, rng, steps)
        except Exception as e:          # noqa: BLE001
            return "raised", f"{type(e).__name__} while playing: {str(e)[:200]}"
        return "played", ""

    def _load_state(self, case):
        ci, data = self.pool[case["base"] % len(self.pool)]
        b = bytearray(data)
        for cell, value in case.get("set", []):
            cell %= len(b) // 4
            b[4 * cell:4 * cell + 4] = (int(value) & 0xFFFFFFFF).to_bytes(4, "little")
        for where, bit in case.get("flip", []):
            cell = where % (len(b) // 4)
            b[4 * cell + bit // 8] ^= 1 << (bit % 8)
        if "size" in case:
            b = (b + bytes(8))[:case["size"]]
        if "config" in case:
            ci = case["config"]
        return self.Game.from_bytes(self.configs[ci], bytes(b))

    def _load_scenario(self, case):
        from heroes_env.scenario import build
        return build(**case["spec"])

    def _load_config(self, case):
        return self.Game.new(self.Config(**case["kw"]), seed=0)

    def _record(self, text):
        import contextlib
        import io
        import tempfile

        from heroes_env import replay
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "game.json")
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            err, out = io.StringIO(), io.StringIO()
            try:
                with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
                    rc = replay.main([path])
                    if rc == 0:
                        rc = replay.main([path, "--html", os.path.join(d, "page.html")])
            except SystemExit as e:
                rc = e.code
            except Exception as e:      # noqa: BLE001
                return "raised", f"{type(e).__name__}: {str(e)[:200]}"
        lines = err.getvalue().strip().splitlines()
        if rc == 0:
            return "played", ""
        if rc == 2 and len(lines) == 1 and lines[0].startswith("error: "):
            return "refused", lines[0][:200]
        return "raised", f"exit {rc}, stderr {err.getvalue()[:200]!r}"

    def _play(self, g, rng, steps):
        n = g.num_players
        for _ in range(steps):
            for seat in range(n):
                g.observe(seat)
                g.observe(seat, np.uint8)
            g.state_vector()
            g.rewards()
            g.render_text()
            if g.done:
                return
            legal = g.legal_actions()
            if not legal:
                raise RuntimeError(f"no legal action while the game runs: "
                                   f"{g.describe_decision()}")
            g.step(legal[rng.integers(len(legal))])


def serve(steps: int) -> None:
    out = sys.stdout
    sys.stdout = sys.stderr          # nothing but answers on the answer pipe
    child = _Child()
    out.write(json.dumps({"ready": len(child.pool)}) + "\n")
    out.flush()
    for line in sys.stdin:
        status, detail = child.run(json.loads(line), steps)
        out.write(json.dumps([status, detail]) + "\n")
        out.flush()


# ---------------------------------------------------------------- the parent
class Runner:
    """Runs cases in a child process: ``run(case)`` -> (outcome, detail). A child that dies or
    does not answer within timeout seconds is replaced for the next case."""

    def __init__(self, timeout: float = 10.0, steps: int = 30, start_timeout: float = 600.0):
        self.timeout, self.steps, self.start_timeout = timeout, steps, start_timeout
        self.proc = None

    def _start(self):
        env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
        self.proc = subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), "--serve", "--steps", str(self.steps)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env,
            text=True, bufsize=1)
        if self._answer(self.start_timeout) is None:
            self.close()
            raise RuntimeError("the fuzz child did not start")

    def _answer(self, timeout):
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        if not ready:
            return None
        line = self.proc.stdout.readline()
        return json.loads(line) if line else None

    def run(self, case: dict) -> tuple[str, str]:
        if self.proc is None or self.proc.poll() is not None:
            self._start()
        try:
            self.proc.stdin.write(json.dumps(case) + "\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass
        t = time.monotonic()
        answer = self._answer(self.timeout)
        if answer is not None:
            return tuple(answer)
        if time.monotonic() - t < self.timeout and self.proc.wait(5) is not None:
            code = self.proc.returncode
            self.proc = None
            return "crashed", f"child exit {code}"
        self.close()
        return "hung", f"no answer within {self.timeout} s"

    def close(self):
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.kill()
            self.proc.wait()
            self.proc = None


def fuzz(cases: int, kinds, seed: int, timeout: float, steps: int, progress=None) -> dict:
    rng = np.random.default_rng(seed)
    counts = {k: dict.fromkeys(OUTCOMES, 0) for k in kinds}
    examples: dict[str, list] = {k: [] for k in ("raised", "crashed", "hung")}
    runner = Runner(timeout, steps)
    t0 = time.perf_counter()
    try:
        for i in range(cases):
            kind = kinds[i % len(kinds)]
            case = MAKERS[kind](rng)
            outcome, detail = runner.run(case)
            counts[kind][outcome] += 1
            if outcome in examples and len(examples[outcome]) < 5:
                examples[outcome].append({"case": case, "detail": detail})
            if progress and (i + 1) % progress == 0:
                print(f"{i + 1} cases, {time.perf_counter() - t0:.0f} s: {counts}", flush=True)
    finally:
        runner.close()
    total = {o: sum(c[o] for c in counts.values()) for o in OUTCOMES}
    return {"command": "python benchmarks/fuzz.py " + " ".join(sys.argv[1:]),
            "cases": cases, "kinds": list(kinds), "seed": seed, "timeout_s": timeout,
            "steps": steps, "seconds": round(time.perf_counter() - t0, 1), "total": total,
            "by_kind": counts, "defects": {k: v for k, v in examples.items() if v}}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--cases", type=int, default=1000)
    p.add_argument("--kinds", default="state", help=f"comma-separated, of {list(KINDS)}")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--timeout", type=float, default=10.0, help="seconds per case")
    p.add_argument("--steps", type=int, default=30, help="decisions played per loaded case")
    p.add_argument("--progress", type=int, default=0, help="print counts every N cases")
    p.add_argument("--out", default=None, help="write the result JSON here")
    p.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    if a.serve:
        serve(a.steps)
        return 0
    kinds = tuple(a.kinds.split(","))
    bad = [k for k in kinds if k not in KINDS]
    if bad:
        p.error(f"unknown kinds {bad}; kinds: {list(KINDS)}")
    sys.path.insert(0, ROOT)
    result = fuzz(a.cases, kinds, a.seed, a.timeout, a.steps, a.progress)
    text = json.dumps(result, indent=1, ensure_ascii=False)
    print(text)
    if a.out:
        with open(a.out, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    return 0 if not result["defects"] else 1


if __name__ == "__main__":
    sys.exit(main())
