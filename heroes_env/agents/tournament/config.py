"""What decides a tournament's games: ``TournamentConfig`` (checked when made), the names of roles,
results, seatings and engines, and who sits where with which seeds in game number i
(``seating``, ``seat_seeds``: functions of (seed, i) only)."""
from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field

import numpy as np

from heroes_env import Config
from heroes_env import cards as _cards
from heroes_env.config import DEFAULTS, PACKS
from heroes_env.engine import constants as C

ROLE_NAMES = ("lord", "loyalist", "rebel", "renegade")
ALL_ROLE_NAMES = ROLE_NAMES + ("commander", "guard")       # by role id (ROLE_*)
MODE_ROLE_NAMES = {"identity": ROLE_NAMES, "3v3": ("commander", "guard")}
MODE_RESULTS = {"identity": ("lord", "rebel", "renegade"), "3v3": ("team0", "team1")}
RESULT_NAMES = {C.RES_NONE: "none", C.RES_LORD: "lord", C.RES_REBEL: "rebel",
                C.RES_RENEGADE: "renegade", C.RES_DRAW: "draw", C.RES_TRUNCATED: "truncated",
                C.RES_TEAM0: "team0", C.RES_TEAM1: "team1"}
SEATINGS = ("rotate", "random", "fixed")
ENGINES = ("auto", "batched", "game")
BATCHED_AGENTS = ("random", "heuristic")  # the agents the batched engine plays in compiled code
FORMAT = "heroes_env.tournament/1"


class TournamentError(ValueError):
    """Bad tournament input (agents, sizes, files): the message says what is legal."""


@dataclass(frozen=True)
class TournamentConfig:
    """Everything that decides a tournament's games (a resumed run must match it)."""
    agents: tuple[str, ...]
    games: int = 1000
    players: int | None = None    # None: Config's (5 identity, 6 3v3)
    pack: str = DEFAULTS["pack"]
    deck: str | None = None       # None: the pack's own deck
    hero_selection: str = "draft"
    max_rounds: int = DEFAULTS["max_rounds"]
    seating: str = "rotate"
    seed: int = 0
    autoplay: bool = DEFAULTS["autoplay"]
    labels: tuple[str, ...] = field(default=())
    mode: str = DEFAULTS["mode"]  # "identity" or "3v3" (per-role rates: commander, guard)
    engine: str = "auto"          # "batched" / "game" ("auto": batched if every agent allows)
    trust_pickles: bool = False   # trust .zip models and agent files (--trust-pickles)

    def __post_init__(self):
        agents = tuple(self.agents)
        object.__setattr__(self, "agents", agents)
        if not agents:
            raise TournamentError("give at least one agent (e.g. --agents heuristic random); "
                                  "built-in: random, heuristic")
        if self.mode not in MODE_ROLE_NAMES:
            raise TournamentError(f"mode must be one of {list(MODE_ROLE_NAMES)}, got {self.mode!r}")
        if self.players is None:
            object.__setattr__(self, "players", Config(mode=self.mode).num_players)
        if self.mode == "3v3" and self.players != 6:
            raise TournamentError(f"mode 3v3 is played by 6 players, got {self.players!r}")
        if not isinstance(self.players, int) or not 4 <= self.players <= C.MAX_SEATS:
            raise TournamentError(f"players must be 4 to {C.MAX_SEATS}, got {self.players!r}")
        if not isinstance(self.games, int) or self.games < 1:
            raise TournamentError(f"games must be a positive int, got {self.games!r}")
        if self.pack not in PACKS:
            raise TournamentError(f"pack must be one of {list(PACKS)}, got {self.pack!r}")
        if self.deck is not None and self.deck not in _cards.DECKS:
            raise TournamentError(f"deck must be one of {list(_cards.DECKS)}, got {self.deck!r}")
        if self.hero_selection not in ("draft", "random"):
            raise TournamentError(f"hero_selection must be 'draft' or 'random', got "
                                  f"{self.hero_selection!r}")
        if self.seating not in SEATINGS:
            raise TournamentError(f"seating must be one of {list(SEATINGS)}, got {self.seating!r}")
        k, n = len(agents), self.players
        if self.seating == "fixed" and k != n:
            raise TournamentError(f"--seating fixed needs one agent per seat: {n} agents for "
                                  f"{n} players, got {k} ({list(agents)})")
        if k > n:
            raise TournamentError(f"{n} players seat at most {n} agents, got {k} "
                                  f"({list(agents)}); add --players or drop agents")
        if not self.labels:
            object.__setattr__(self, "labels", tuple(_labels(agents)))
        if self.engine not in ENGINES:
            raise TournamentError(f"engine must be one of {list(ENGINES)}, got {self.engine!r}")
        compiled = all(a in BATCHED_AGENTS for a in agents)
        if self.engine == "auto":
            object.__setattr__(self, "engine", "batched" if compiled else "game")
        elif self.engine == "batched" and not compiled:
            raise TournamentError(f"--engine batched plays only {list(BATCHED_AGENTS)} (in "
                                  f"compiled code), got {list(agents)}; use --engine game")

    def game_config(self) -> Config:
        return Config(num_players=self.players, mode=self.mode, pack=self.pack, deck=self.deck,
                      max_rounds=self.max_rounds, autoplay=self.autoplay,
                      hero_selection=self.hero_selection if self.pack != "none" else None)

    def header(self) -> dict:
        d = asdict(self)
        if not self.trust_pickles:
            del d["trust_pickles"]      # (not a property of the games: headers stay the same)
        d["agents"] = list(self.agents)
        d["labels"] = list(self.labels)
        return d


def _labels(specs) -> list[str]:
    out, seen = [], {}
    for s in specs:
        base = os.path.basename(s) if os.path.isfile(s) else s
        seen[base] = seen.get(base, 0) + 1
        out.append(base if seen[base] == 1 else f"{base}#{seen[base]}")
    return out


def _seed(*words: int) -> int:
    return int(np.random.SeedSequence([int(w) & 0xFFFFFFFF for w in words]).generate_state(1)[0])


def seating(cfg: TournamentConfig, game: int) -> list[int]:
    """Agent index of each seat in game number `game`."""
    k, n = len(cfg.agents), cfg.players
    if cfg.seating == "fixed":
        return list(range(n))
    if cfg.seating == "rotate":
        return [(s + game) % k for s in range(n)]
    rng = np.random.default_rng(_seed(cfg.seed, game, 7))
    pool = [j % k for j in range(n)]
    return [int(x) for x in rng.permutation(pool)]


def seat_seeds(cfg: TournamentConfig, game: int) -> tuple[int, list[int]]:
    """The deal's seed of game number `game` and the seed of each seat's agent in it."""
    return _seed(cfg.seed, game, 1), [_seed(cfg.seed, game, 2, s) for s in range(cfg.players)]
