"""How wide the game row's cells need to be (for a denser state row).

    python benchmarks/state_width.py [--games 256 --steps 4000] [--json out.json]

A game is one ``int32`` row of ``STATE_SIZE`` cells (``heroes_env/engine/constants.py`` lays it
out in named blocks, ``NAME = _row.take(n)``). This plays ``--games`` games at once with uniformly
random legal actions (auto-reset, so many games follow each other in each row) for ``--steps``
steps, in every configuration of ``CONFIGS`` (packs, 5 and 8 players, 3v3), records the smallest
and largest value every cell took, and prints per block the cells, the values seen and the
narrowest signed width that held them (8, 16 or 32 bits), then the row's bytes if each block had
its own width. A scoping figure, not a proof: a value random play never reached (a long game's
counter, a rare skill) may need more bits than it shows; the engine's own bounds decide.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys

import numpy as np

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, REPO)

CONFIGS = ({"num_players": 5, "pack": "none"}, {"num_players": 8, "pack": "none"},
           {"num_players": 5, "pack": "standard"}, {"num_players": 8, "pack": "standard"},
           {"num_players": 8, "pack": "herokill"}, {"num_players": 8, "pack": "classmates"},
           {"num_players": 6, "mode": "3v3", "pack": "standard"})


def row_blocks() -> list[tuple[str, int, int]]:
    """(name, first cell, cells) of every block of the row, in order, from constants.py."""
    from heroes_env.engine import constants as C
    path = os.path.join(REPO, "heroes_env", "engine", "constants.py")
    with open(path, encoding="utf-8") as f:
        names = re.findall(r"^(\w+) = _row\.take\(", f.read(), re.M)
    starts = sorted((getattr(C, n), n) for n in names)
    out = []
    for i, (at, name) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else C.STATE_SIZE
        out.append((name, at, end - at))
    return out


def width(lo: int, hi: int) -> int:
    """The narrowest signed width of 8, 16, 32 bits holding lo..hi."""
    for bits in (8, 16):
        if -(1 << (bits - 1)) <= lo and hi < (1 << (bits - 1)):
            return bits
    return 32


def ranges(games: int, steps: int, configs=CONFIGS) -> tuple[np.ndarray, np.ndarray]:
    """The smallest and largest value of every cell over random play in every configuration."""
    from heroes_env.vector import VectorEnv
    lo = hi = None
    for cfg in configs:
        v = VectorEnv(games, num_threads=1, **cfg)
        v.reset(seed=1)
        S = v.core.S
        a, b = S.min(0).astype(np.int64), S.max(0).astype(np.int64)
        for _ in range(steps):
            v.step(v.random_actions())
            np.minimum(a, S.min(0), out=a)
            np.maximum(b, S.max(0), out=b)
        lo = a if lo is None else np.minimum(lo, a)
        hi = b if hi is None else np.maximum(hi, b)
    return lo, hi


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=256, help="games at once per configuration")
    p.add_argument("--steps", type=int, default=4000, help="steps per configuration")
    p.add_argument("--json", default="", help="write the table here too")
    a = p.parse_args(argv)
    if a.games < 1 or a.steps < 1:
        raise SystemExit(f"--games {a.games} --steps {a.steps}: give 1 or more of each")
    lo, hi = ranges(a.games, a.steps)
    rows, packed = [], 0
    for name, at, n in row_blocks():
        blo, bhi = int(lo[at:at + n].min()), int(hi[at:at + n].max())
        bits = width(blo, bhi)
        packed += n * bits // 8
        rows.append({"block": name, "first": at, "cells": n, "min": blo, "max": bhi,
                     "bits": bits})
    total = len(lo)
    print(f"{total} cells, {4 * total} B as int32; with each block at the width random play "
          f"needed ({a.games} games x {a.steps} steps in each of {len(CONFIGS)} configurations): "
          f"{packed} B ({packed / (4 * total):.2f} of it)")
    by_bits = {b: sum(r["cells"] for r in rows if r["bits"] == b) for b in (8, 16, 32)}
    print("cells by width: " + ", ".join(f"{b} bits {c}" for b, c in by_bits.items()))
    print(f"{'block':16} {'first':>5} {'cells':>5} {'min':>12} {'max':>12} bits")
    for r in rows:
        print(f"{r['block']:16} {r['first']:5} {r['cells']:5} {r['min']:12} {r['max']:12} "
              f"{r['bits']:4}")
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump({"games": a.games, "steps": a.steps, "configs": list(CONFIGS),
                       "cells": total, "int32_bytes": 4 * total, "block_width_bytes": packed,
                       "cells_by_bits": by_bits, "blocks": rows}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
