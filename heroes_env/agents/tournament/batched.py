"""The batched engine (``engine="batched"``): chunks of games played in one compiled call each,
every seat (random or heuristic) decided inside it."""
from __future__ import annotations

import numpy as np

from heroes_env import Game
from heroes_env.engine import constants as C

from .config import TournamentConfig, seat_seeds, seating
from .games import game_record

BATCH_GAMES = 512                         # games per compiled call of the batched engine


def batched_records(cfg: TournamentConfig, todo: list[int], threads: int = 1):
    """The records of games `todo` played by the batched engine (``engine="batched"``): up to
    BATCH_GAMES games per compiled call, every seat decided inside it
    (``heroes_env.agents.heuristic_loop``: the heuristic, or uniformly random legal actions from the
    seat's own generator), in parallel over games with `threads` Numba threads. Game i depends on
    (seed, i) only; its heuristic seats decide as the heuristic agent of ``engine="game"`` does
    (same deal, same per-seat seeds), its random seats draw from another generator than
    ``heroes_env.agents.RandomAgent``'s."""
    from heroes_env.engine import batch as K
    from heroes_env.game import engine_seed
    from heroes_env.vector import BatchCore

    from .. import heuristic_kernels as HK
    from ..heuristic import HeuristicAgent
    from ..heuristic_loop import KIND_HEURISTIC, KIND_RANDOM, HeuristicLoop
    if not todo:
        return
    config = cfg.game_config()
    n, NS = cfg.players, C.MAX_SEATS
    B = min(BATCH_GAMES, len(todo))
    core = BatchCore(config, B, K.SEATS_NONE, np.full(NS, K.OPP_COMPILED, np.int8), threads,
                     serial_below=None if threads == 1 else 0)
    agent = HeuristicAgent(seed=0)
    core.loop = loop = HeuristicLoop(agent, B)
    _, MI = agent.direct_memory(B * NS)          # the loop's slots' generators, seeded per game
    for start in range(0, len(todo), B):
        chunk = todo[start:start + B]
        core.act[:] = K.ACT_NONE
        seeds = []
        for j, i in enumerate(chunk):
            who = seating(cfg, i)
            seed, agent_seeds = seat_seeds(cfg, i)
            seeds.append((seed, who))
            core.next_seeds[j] = engine_seed(seed)
            core.act[j] = K.ACT_START
            for s in range(n):
                loop.kind[j, s] = KIND_RANDOM if cfg.agents[who[s]] == "random" else KIND_HEURISTIC
                # as HeuristicAgent.reset(seed=agent_seeds[s]), then act() with slot 0
                HK.seed_slot(MI[j * NS + s], agent_seeds[s] % HK.RNG_MOD, 0)
        core.call(1)
        for j, i in enumerate(chunk):
            if core.R[j, K.R_STAGE] != K.STAGE_SEED or not core.R[j, K.R_DONE]:
                raise RuntimeError(f"game {i} of the tournament did not finish in the batched "
                                   "engine; please report it")
            g = Game(config, core.S[j].copy())
            seed, who = seeds[j]
            yield {"game": i, "seed": seed, "seats": [cfg.labels[k] for k in who],
                   **game_record(g, int(core.R[j, K.R_LEN]))}
