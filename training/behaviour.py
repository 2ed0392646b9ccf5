"""What an agent does in one role, next to the heuristic in the same seat and deals: the
decisions that read the table (whom it aims at, whom it saves).

    python training/behaviour.py --agent trained:none5 \\
        --role loyalist --games 150

Game g (seed ``seed + g``) is played twice, the agent and then the heuristic in the seat of that
role, an agent of its own in every other seat (``--opponents``: heuristic or random; all seeded
from ``seed``, so both passes deal and start alike). Counted for that seat (identity mode):

- ``aim at <role>``: a seat chosen as a card's target (a ``DK_TARGET`` decision), by its role;
- ``save <who>: give / pass``: a ``DK_PEACH`` decision where it holds a card that would save the
  dying seat (``who``: the lord, itself, another seat), and whether it gave one;
- ``peach on itself: 1 HP lost`` / ``2+ HP lost``: a 桃 played in its own turn (a 桃 kept is
  one the lord may need later), by the HP it had lost;
- ``area attack played``: 南蛮入侵 and 万箭齐发 played (they hit the lord too);
- ``games won``; ``lost: <result>`` (who won instead, e.g. ``rebels win``) and ``died in a won
  game`` / ``died in a lost game`` (the seat was dead at the end).

A diagnostic, not a rating: the counts show *where* two agents differ (e.g. a loyalist that lets
the lord die with a 桃 in hand), `training/evaluate.py` says by how much they win.
"""
from __future__ import annotations

import os
import sys
from collections import Counter
from dataclasses import dataclass

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from training.common import (  # noqa: E402
    GAME_DEFAULTS,
    OPPONENTS,
    PACK_HELP,
    ROLE_NAMES,
    arg,
    game_config,
    parse_args,
)


@dataclass
class Args:
    """An agent's decisions in one role next to the heuristic's, in the same deals."""
    agent: str = arg("trained:none5", "the agent spec or checkpoint")
    role: str = arg("loyalist", "the role whose seat the agent plays: " + ", ".join(ROLE_NAMES))
    games: int = arg(150, "games (each played by the agent and by the heuristic)")
    num_players: int = arg(GAME_DEFAULTS["num_players"], "players per game")
    pack: str = arg(GAME_DEFAULTS["pack"], PACK_HELP)
    max_rounds: int = arg(GAME_DEFAULTS["max_rounds"], "round cap of a game")
    seed: int = arg(1000, "seed of game 0 (game g: seed + g)")
    opponents: str = arg("heuristic", "the agents in the other seats: heuristic or random")


def count(spec: str, args: Args) -> Counter:
    """The counts of the module docstring for `spec` in the seat of args.role."""
    import numpy as np

    from heroes_env import labels
    from heroes_env.agents import make_agent
    from heroes_env.engine import constants as C
    from heroes_env.engine.state import card_kind
    from heroes_env.game import Game
    role = ROLE_NAMES.index(args.role)
    n = args.num_players
    agent = make_agent(spec, seed=args.seed)
    others = [make_agent(args.opponents, seed=args.seed + 1 + k) for k in range(n)]
    out: Counter = Counter()
    cfg = game_config(args)
    for g in range(args.games):
        game = Game.new(cfg, seed=args.seed + g)
        for x in [agent] + others:
            x.reset()
        seats = [s for s in range(n) if game.role(s) == role]
        if not seats:
            raise SystemExit(f"--role {args.role}: no such seat with {n} players")
        me = seats[0]
        while not game.done:
            s = game.decider
            obs, mask = game.observe_with_mask(s)
            if s != me:
                game.step(others[s].act(obs, mask))
                continue
            a = int(agent.act(obs, mask))
            dk = game.decision_kind
            if dk == C.DK_TARGET and C.A_TARGET <= a < C.A_TARGET + C.MAX_SEATS:
                # relative seat -> seat: the r-th seat after me in the current seating
                pos = int(game.s[C.P_POS + s])
                tgt = int(game.s[C.P_AT + (pos + a - C.A_TARGET) % n])
                out[f"aim at {ROLE_NAMES[game.role(tgt)]}"] += 1
            elif dk == C.DK_PLAY and C.A_CARD <= a < C.A_CARD + C.MAX_CARDS:
                kind = int(card_kind(game.s, a - C.A_CARD))
                if kind == C.K_PEACH:
                    lost = int(game.s[C.P_MAXHP + s] - game.s[C.P_HP + s])
                    out[f"peach on itself: {'1' if lost == 1 else '2+'} HP lost"] += 1
                elif kind in (C.K_SAVAGE, C.K_ARCHERY):
                    out["area attack played"] += 1
            elif dk == C.DK_PEACH and np.flatnonzero(mask)[-1] != C.A_PASS:
                dying = int(game.s[C.H_DTGT])
                who = "lord" if game.role(dying) == 0 else "self" if dying == s else "another"
                out[f"save {who}: {'pass' if a == C.A_PASS else 'give'}"] += 1
            game.step(a)
        won = game.rewards()[me] > 0
        out["games won"] += int(won)
        if not won:
            out[f"lost: {labels.RESULT_NAMES['en'][game.result]}"] += 1
        if not game.alive(me):
            out[f"died in a {'won' if won else 'lost'} game"] += 1
    return out


def main(argv=None) -> dict:
    args = parse_args(Args, sys.argv[1:] if argv is None else list(argv))
    if args.role not in ROLE_NAMES:
        raise SystemExit(f"--role {args.role!r}: choose one of {', '.join(ROLE_NAMES)}")
    if args.opponents not in OPPONENTS:
        raise SystemExit(f"--opponents {args.opponents!r}: choose one of {', '.join(OPPONENTS)}")
    import heroes_env.agents.torch_policy  # noqa: F401 - registers the .pt / .zip loaders
    res = {"agent": count(args.agent, args), "heuristic": count("heuristic", args)}
    keys = sorted(set(res["agent"]) | set(res["heuristic"]))
    w = max(len(k) for k in keys)
    print(f"{args.role} among {args.opponents} opponents, {args.games} games, "
          f"{args.num_players} players, pack {args.pack}, "
          f"seeds {args.seed}..{args.seed + args.games - 1}")
    print(f"{'':{w}}  {'agent':>7}  {'heuristic':>9}")
    for k in keys:
        print(f"{k:{w}}  {res['agent'][k]:>7}  {res['heuristic'][k]:>9}")
    return res


if __name__ == "__main__":
    main()
