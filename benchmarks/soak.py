"""Soak test: many random games with every invariant checked after every decision.

    python benchmarks/soak.py                          # 100,000 games: 5 and 8 players
    python benchmarks/soak.py --games 20000 --players 4 6 7 9 10 --deck standard_no_ex
    python benchmarks/soak.py --no-autoplay --max-rounds 5
    python benchmarks/soak.py --pack standard --heroes random      # the 25 standard heroes
    python benchmarks/soak.py --mode 3v3 --pack herokill           # 3v3 with the 英雄杀 heroes

Games run in compiled code, in parallel over all cores (``heroes_env.engine.invariants``). The
checks: card conservation (every card in exactly one zone, pile order and counters consistent),
HP never above max HP, dead seats hold no cards, a living seat below 1 HP only while dying, the
mask never empty while the game runs, every masked-in action the policy picks is accepted, no
single-action decision left to an agent with autoplay on, every game ends (result or truncation).
Exit status 1 if anything broke, with the seeds to replay (``Game.new(cfg, engine_seed=...)``).
"""
from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from heroes_env import cards
from heroes_env.config import HERO_SELECTIONS, MODES, PACKS, Config
from heroes_env.engine import constants as C
from heroes_env.engine.invariants import OK, VIOLATIONS, play_checked

RESULT_NAMES = {C.RES_LORD: "lord", C.RES_REBEL: "rebels", C.RES_RENEGADE: "renegade",
                C.RES_TEAM0: "team 0", C.RES_TEAM1: "team 1",
                C.RES_DRAW: "draw", C.RES_TRUNCATED: "truncated"}


def soak(players: int, games: int, deck: str | None = None, autoplay: bool = True,
         max_rounds: int = 100, seed: int = 0, chunk: int = 5000, pack: str = "none",
         heroes: str | None = None, mode: str = "identity") -> dict:
    spec = Config(num_players=players, mode=mode, deck=deck, max_rounds=max_rounds,
                  autoplay=autoplay, pack=pack, hero_selection=heroes).spec()
    results = np.zeros(max(RESULT_NAMES) + 1, np.int64)
    decisions = 0
    broken = []
    t0 = time.perf_counter()
    done = 0
    while done < games:
        n = min(chunk, games - done)
        seeds = (np.arange(done, done + n, dtype=np.int64) * 2654435761 + seed * 97 + players)
        seeds = ((seeds & 0xFFFFFFFF) - (1 << 31)).astype(np.int32)
        out = np.zeros((n, 4), np.int64)
        play_checked(seeds, spec, seed * 7919 + done, out)
        results += np.bincount(out[:, 0], minlength=results.size)
        decisions += int(out[:, 2].sum())
        for k in np.flatnonzero(out[:, 3] != OK):
            broken.append((int(seeds[k]), int(out[k, 3]), int(out[k, 2])))
        done += n
    dt = time.perf_counter() - t0
    return {"players": players, "games": games, "seconds": dt, "decisions": decisions,
            "results": {RESULT_NAMES[r]: int(results[r]) for r in RESULT_NAMES},
            "broken": broken}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=100_000, help="games per player count")
    p.add_argument("--players", type=int, nargs="+", default=None,
                   help="player counts (default: 5 and 8; 6 with --mode 3v3)")
    p.add_argument("--mode", default="identity", choices=MODES)
    p.add_argument("--deck", default=None, choices=cards.DECKS,
                   help="default: the pack's own deck (herokill for --pack herokill)")
    p.add_argument("--no-autoplay", action="store_true")
    p.add_argument("--max-rounds", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--pack", default="none", choices=PACKS)
    p.add_argument("--heroes", choices=HERO_SELECTIONS, default=None,
                   help="hero selection with a hero pack (default: the draft)")
    a = p.parse_args(argv)
    failed = False
    players = a.players or ([6] if a.mode == "3v3" else [5, 8])
    for n in players:
        r = soak(n, a.games, a.deck, not a.no_autoplay, a.max_rounds, a.seed, pack=a.pack,
                 heroes=a.heroes, mode=a.mode)
        res = ", ".join(f"{k} {v}" for k, v in r["results"].items())
        print(f"{n} players: {r['games']} games, {r['decisions']} agent decisions in "
              f"{r['seconds']:.1f} s ({r['games'] / r['seconds']:,.0f} games/s); results: {res}; "
              f"broken: {len(r['broken'])}")
        for engine_seed, code, at in r["broken"][:10]:
            print(f"  engine_seed {engine_seed}: {VIOLATIONS.get(code, code)} (decision {at})")
        failed |= bool(r["broken"])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
