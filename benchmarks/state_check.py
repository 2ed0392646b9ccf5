"""What checking a state from outside costs: ``Game.from_bytes`` (size, ranges, config, invariants,
a legal action) against building the same ``Game`` without the check, on states of real games.

    python benchmarks/state_check.py [--states 2000] [--json benchmarks/results/state_check.json]

Prints the median microseconds per load of each, over several configs and states taken every few
decisions of random games. The check runs only when a state is loaded: ``step`` does not pay it
(compare ``benchmarks/ab_vector.py`` runs for the engine's own speed).
"""
from __future__ import annotations

import argparse
import json
import statistics
import time

import numpy as np

from heroes_env import Config
from heroes_env.game import Game

CONFIGS = (Config(num_players=5), Config(num_players=8, pack="standard", hero_selection="random"),
           Config(num_players=5, pack="herokill"), Config(mode="3v3"))


def states(n: int) -> list[tuple[Config, bytes]]:
    out = []
    rng = np.random.default_rng(0)
    seed = 0
    while len(out) < n:
        config = CONFIGS[seed % len(CONFIGS)]
        g = Game.new(config, seed=seed)
        k = 0
        while not g.done and len(out) < n:
            if k % 7 == 0:
                out.append((config, g.to_bytes()))
            la = g.legal_actions()
            g.step(la[rng.integers(len(la))])
            k += 1
        seed += 1
    return out


def unchecked(config: Config, data: bytes) -> Game:
    return Game._trusted(config, np.frombuffer(data, np.int32).copy())


def timed(load, cases, rounds: int) -> float:
    """Median over rounds of the mean microseconds per load."""
    per = []
    for _ in range(rounds):
        t = time.perf_counter()
        for config, data in cases:
            load(config, data)
        per.append((time.perf_counter() - t) / len(cases) * 1e6)
    return statistics.median(per)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--states", type=int, default=2000)
    p.add_argument("--rounds", type=int, default=7)
    p.add_argument("--json", default=None)
    a = p.parse_args(argv)
    cases = states(a.states)
    Game.from_bytes(*cases[0])              # compiled code loaded before timing
    checked_us = timed(Game.from_bytes, cases, a.rounds)
    unchecked_us = timed(unchecked, cases, a.rounds)
    result = {"command": "python benchmarks/state_check.py" + (f" --states {a.states}"),
              "states": len(cases), "rounds": a.rounds,
              "from_bytes_us": round(checked_us, 1), "unchecked_us": round(unchecked_us, 1),
              "check_us": round(checked_us - unchecked_us, 1)}
    print(json.dumps(result, indent=1))
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            f.write(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
