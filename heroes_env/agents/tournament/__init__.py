"""Tournaments: N games between named agents, win rates per role with 95% intervals, ratings.

    python -m heroes_env.agents.tournament --agents heuristic random --games 2000 --players 5 \\
        --pack standard --seed 0 --workers 2 --out results.json

Each game is played with ``heroes_env.Game`` (``observe_with_mask`` for the seat that decides);
every seat is controlled by its agent, which only ever sees (observation, mask). Agents are
built-in names ("random", "heuristic"), import paths ("package.module:Class"), checkpoint
files or language models ("llm:MODEL@BASE_URL", ``docs/llm.md``; see
``heroes_env.agents.base.make_agent``).

3v3 (``--mode 3v3``, six players): per-role rates are for ``commander`` and ``guard``; results
count ``team0`` / ``team1`` wins; ratings treat each team as one side.

Seating (``--seating``): ``rotate`` (default) gives seat s of game i to agent (s + i) mod k, so
every agent holds every seat, the lord's (seat 0) included, equally often and meets every role
(the other roles are dealt at random by the game); ``random`` deals the seats to a random
permutation of the agents repeated to fill the table; ``fixed`` needs one agent per seat.

Reproducible: game i depends only on (--seed, i), never on the number of workers, so the same
seed gives the same results. Every finished game is appended at once as one JSON line to the
games file (``--games-file``, default ``<out>.games.jsonl``); an interrupted run loses nothing
finished, and ``--resume`` plays only the games missing from that file.

Engines (``--engine``): ``batched`` plays chunks of up to 512 games in one compiled call each,
every seat decided inside it (random and heuristic agents only; ``--workers`` threads): the
heuristic decides as it does in the game engine (same deals, same seeds, the same records when
no seat is random), random seats draw from their own generator (other games than the game
engine's ``random``). ``game`` plays each game with ``heroes_env.Game`` in Python, any agent.
``auto`` (default): batched when every agent is ``random`` or ``heuristic`` (on the command
line: and no ``--record``, which needs the game engine). The engine is part
of the tournament's identity (the games file's header): a resumed run keeps it.

Backends (``--backend``): ``local`` plays the games in ``--workers`` processes of this machine;
``ray`` fans them out as Ray tasks, a chunk of games per task (``--address``: none starts a Ray
instance on this machine with ``--workers`` CPUs, ``auto`` or ``HOST:PORT`` joins a running
cluster). Both give the same games: the records depend on (--seed, i) only. Agents given as
checkpoint files are read here and shipped to the workers with the tasks, so the other machines
need no shared file system (they need heroes_env itself installed, the same version).

Output: a table per agent and role (win rate, Wilson 95% interval, seat-games), ratings
(OpenSkill Plackett-Luce if installed, else a built-in multi-team Elo:
``heroes_env.agents.ratings``), the summary JSON (``--out``; fields in ``summarize``) and a plot
(``--plot``, needs matplotlib).

The modules: ``config`` (``TournamentConfig``, the names of roles, results, seatings and engines;
who sits where, with which seeds), ``games`` (one game and its record), ``games_file`` (the games
file and resuming from it), ``batched`` (the batched engine), ``local`` and ``ray_backend`` (the
backends), ``run`` (``run_tournament``), ``summary`` (the summary and its table), ``chart`` (the
plot) and ``cli`` (the command line). The package itself gives what a caller uses (``__all__``).
"""
from .batched import BATCH_GAMES, batched_records
from .chart import plot
from .cli import main
from .config import (
    ALL_ROLE_NAMES,
    BATCHED_AGENTS,
    ENGINES,
    FORMAT,
    MODE_RESULTS,
    MODE_ROLE_NAMES,
    RESULT_NAMES,
    ROLE_NAMES,
    SEATINGS,
    TournamentConfig,
    TournamentError,
    seating,
)
from .games import DECISIONS_KEY, TRANSCRIPTS_KEY, game_record, play_game
from .ray_backend import RAY_CHUNK, play_chunk, ray_init, ship_agents, unship_agents
from .run import BACKENDS, run_tournament
from .summary import format_table, summarize

__all__ = ["TournamentConfig", "TournamentError", "run_tournament", "summarize", "format_table",
           "plot", "main", "play_game", "game_record", "seating", "batched_records",
           "play_chunk", "ship_agents", "unship_agents", "ray_init",
           "ROLE_NAMES", "ALL_ROLE_NAMES", "MODE_ROLE_NAMES", "MODE_RESULTS", "RESULT_NAMES",
           "SEATINGS", "ENGINES", "BATCHED_AGENTS", "BACKENDS", "BATCH_GAMES", "RAY_CHUNK",
           "FORMAT", "DECISIONS_KEY", "TRANSCRIPTS_KEY"]
