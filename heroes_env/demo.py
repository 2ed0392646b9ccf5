"""Play one game between uniformly random agents and print a readable log.

    python -m heroes_env.demo                     # 5 players, English
    python -m heroes_env.demo --players 8 --lang zh --seed 7
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from . import env as make_env


def play(num_players: int = 5, seed: int = 0, lang: str = "en", show_decisions: bool = True,
         max_rounds: int = 100, out=print) -> dict:
    """One game of random agents through the AEC env, logging every event; returns a summary."""
    e = make_env(num_players=num_players, render_mode="ansi", lang=lang, max_rounds=max_rounds)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    raw = e.unwrapped
    out(raw.render())
    decisions = 0
    t0 = time.perf_counter()
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        action = int(rng.choice(legal))
        if show_decisions:
            out(f"  > {agent} [{raw.game.describe_decision(lang).split(': ', 1)[1]}] "
                f"chooses {raw.action_to_str(action, lang)}")
        e.step(action)
        decisions += 1
        text = raw.render()
        lines = text.splitlines()
        # print the events; the board snapshot only at turn boundaries would be noisy
        n_board = raw.game.num_players + 2
        for line in lines[:-n_board]:
            out(line)
    dt = time.perf_counter() - t0
    g = raw.game
    out("")
    out(g.render_text(lang))
    rewards = {a: raw._cumulative_rewards.get(a, 0.0) for a in raw.possible_agents}
    summary = {"result": g.describe_decision("en"), "rounds": g.round, "decisions": decisions,
               "rewards": {a: float(g.rewards()[i]) for i, a in enumerate(raw.possible_agents)},
               "seconds": dt}
    out(f"\nresult: {g.describe_decision(lang)} after {g.round} rounds, {decisions} agent decisions")
    out("rewards: " + ", ".join(f"{a} {r:+.0f}" for a, r in summary["rewards"].items()))
    del rewards
    return summary


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--players", type=int, default=5, help="4 to 10 (default 5)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--lang", choices=["en", "zh"], default="en")
    p.add_argument("--quiet-decisions", action="store_true", help="log events only, not each choice")
    p.add_argument("--max-rounds", type=int, default=100)
    a = p.parse_args(argv)
    play(a.players, a.seed, a.lang, not a.quiet_decisions, a.max_rounds)


if __name__ == "__main__":
    main()
