"""One frozen configuration object for a game, shared by the AEC env, the vector API and
scenarios."""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from functools import lru_cache
from typing import Any

import numpy as np

from . import cards
from .engine import constants as C
from .engine import content

MODES = ("identity", "3v3")
MODE_IDS = {"identity": C.MODE_IDENTITY, "3v3": C.MODE_3V3}
# 3v3 seating (docs/rules.md, 3v3 mode): team 0 = seats 0-2, team 1 = seats 3-5, commanders in
# the middle
ROLES_3V3 = (C.ROLE_GUARD, C.ROLE_COMMANDER, C.ROLE_GUARD) * 2
# "none" = no-skill characters; every pack with heroes in data/heroes.csv
PACKS = ("none",) + content.PACK_NAMES
# The pack of every entry point that is not told one (Config, the envs, the demo, heroes-play,
# the tournament, the training scripts): "none", the game every pack builds on (the cards and
# the roles; no hero draft, no skills). It is the smallest game to learn and to check, and the
# one the benchmarks, the golden games and the first checkpoints were made on; pack="standard",
# "herokill" or "classmates" adds heroes and the draft.
DEFAULT_PACK = "none"
# the deck a pack is played with unless deck= says otherwise (docs/rules.md, Decks)
PACK_DECKS = {"herokill": "herokill"}
PACK_IDS = {"none": C.PACK_NONE, **content.PACKS}
HERO_SELECTIONS = ("draft", "random")
PRESETS = {
    # the classmates pack rules' named setups: five- and eight-player identity games
    "identity5": dict(num_players=5),
    "identity8": dict(num_players=8),
}


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


@dataclass(frozen=True)
class Config:
    """Everything that defines a kind of game; frozen (``with_`` makes a changed copy).

    Every entry point (``heroes_env.env``, ``raw_env``, ``VectorEnv``, the learner wrappers,
    scenarios) takes these fields as keywords, or a ready ``config=``; a field not given keeps
    the default below.

    Attributes:
        num_players: 4 to 10 in identity mode; 6 in mode ``"3v3"``. Default None: 5 for
            identity, 6 for 3v3.
        mode: ``"identity"`` (身份局, the default) or ``"3v3"`` (the classmates pack rules'
            3v3: two teams of three, seats 0-2 and 3-5, commanders in seats 1 and 4;
            ``engine/mode3v3.py``).
        pack: Default ``"none"``: no-skill characters (4 HP, the lord 5 with 5+ players);
            ``"standard"``: the 25 heroes of the 三国杀 rule text; ``"herokill"``: the 英雄杀
            heroes (``heroes_env.heroes``); ``"classmates"``: the heroes of the classmates pack
            rules (played with the standard deck).
        deck: ``"standard"`` (104 + 4 EX), ``"standard_no_ex"``, or ``"herokill"`` (the 106
            英雄杀 cards: their names, the effects of their standard counterparts except where
            the 英雄杀 text differs). Default None: the pack's own deck (``"herokill"`` for
            pack ``"herokill"``, else ``"standard"``).
        max_rounds: The game is truncated (all rewards 0) when this many rounds have been
            played: 1 to ``MAX_ROUNDS_LIMIT`` = 10,000. Default 100.
        autoplay: Decisions with exactly one legal action are answered by the engine,
            unasked. Default True; False asks every decision, forced or not.
        hero_selection: With a hero pack: ``"draft"`` (the default: the agents choose;
            docs/rules.md, Heroes (pack ``standard``)), ``"random"`` (no draft decisions), or
            a fixed line-up: one hero key or id per seat (seat 0 is the lord; in 3v3 seats 1
            and 4 are the commanders), all distinct. Must be None (the default) with
            ``pack="none"``. In 3v3 ``"draft"`` is the 3v3 draft (a pool of 12, picks
            1-2-2-2-2-2-1 by the commanders, who then assign three heroes each) and needs a
            pack of at least 6 heroes.

    Raises:
        ValueError: A field of the wrong type or out of range, or fields that do not go
            together (a hero selection with pack ``"none"``, a pack too small for the draft):
            the message names the field, its value and what is legal.

    Examples:
        ```python
        from heroes_env import Config

        config = Config(num_players=8, pack="standard")
        assert config.deck == "standard" and config.hero_selection == "draft"
        assert config.with_(mode="3v3", num_players=6).num_players == 6
        ```
    """
    num_players: int | None = None
    mode: str = "identity"
    pack: str = DEFAULT_PACK
    deck: str | None = None
    max_rounds: int = 100
    autoplay: bool = True
    hero_selection: str | tuple | None = None

    def __post_init__(self):
        hs = self.hero_selection
        if isinstance(hs, list):
            hs = tuple(hs)
            object.__setattr__(self, "hero_selection", hs)
        if self.mode not in MODES:
            raise ValueError(f"mode must be one of {list(MODES)}, got {self.mode!r}")
        if self.num_players is None:
            object.__setattr__(self, "num_players", 6 if self.mode == "3v3" else 5)
        if self.mode == "3v3" and self.num_players != 6:
            raise ValueError(f"mode '3v3' is played by exactly 6 players, got num_players="
                             f"{self.num_players!r}")
        if self.pack not in PACKS:
            raise ValueError(f"pack must be one of {list(PACKS)}, got {self.pack!r}")
        if self.deck is None:
            object.__setattr__(self, "deck", PACK_DECKS.get(self.pack, "standard"))
        if self.deck not in cards.DECKS:
            raise ValueError(f"deck must be one of {list(cards.DECKS)}, got {self.deck!r}")
        if not _is_int(self.num_players) or not 4 <= self.num_players <= C.MAX_SEATS:
            raise ValueError(f"num_players must be an int from 4 to {C.MAX_SEATS}, "
                             f"got {self.num_players!r}")
        if not _is_int(self.max_rounds) or not 1 <= self.max_rounds <= C.MAX_ROUNDS_LIMIT:
            raise ValueError(f"max_rounds must be an int from 1 to {C.MAX_ROUNDS_LIMIT}, got "
                             f"{self.max_rounds!r}")
        if not isinstance(self.autoplay, bool):
            raise ValueError(f"autoplay must be True or False, got {self.autoplay!r}")
        if self.pack == "none":
            if hs is not None:
                raise ValueError(f"hero_selection needs a hero pack (pack='none' has no heroes), "
                                 f"got {hs!r}")
        elif hs is None:
            object.__setattr__(self, "hero_selection", "draft")
        elif isinstance(hs, tuple):
            object.__setattr__(self, "hero_selection", tuple(self._hero_ids(hs)))
        elif hs not in HERO_SELECTIONS:
            raise ValueError(f"hero_selection must be one of {list(HERO_SELECTIONS)} or a list of "
                             f"{self.num_players} hero keys, got {hs!r}")
        elif self.mode == "identity":
            # the draft (and random, which deals the same offers) needs a hero for the lord and
            # 3 (2 with ten players) distinct ones for every other seat
            heroes = content.pack_heroes(self.pack)
            need = 1 + (2 if self.num_players >= 10 else 3) * (self.num_players - 1)
            if len(heroes) < need or all(h.never_lord for h in heroes):
                raise ValueError(f"hero_selection={hs!r} with {self.num_players} players needs "
                                 f"{need} heroes in pack {self.pack!r}, which has {len(heroes)}; "
                                 f"use fewer players or a fixed line-up")
        if self.mode == "3v3" and self.pack != "none":
            have = len(content.pack_heroes(self.pack))
            if have < self.num_players:
                raise ValueError(f"mode '3v3' needs a pack of at least 6 heroes; pack "
                                 f"{self.pack!r} has {have}")

    def _hero_ids(self, line_up) -> list[int]:
        if len(line_up) != self.num_players:
            raise ValueError(f"a fixed line-up names one hero per seat: {self.num_players}, got "
                             f"{len(line_up)}")
        ids = []
        for x in line_up:
            h = content.HEROES_BY_KEY.get(x) if isinstance(x, str) else \
                content.HEROES_BY_ID.get(x) if _is_int(x) else None
            if h is None:
                raise ValueError(f"unknown hero {x!r}; heroes of pack {self.pack!r}: "
                                 f"{[h.key for h in content.pack_heroes(self.pack)]}")
            ids.append(h.id)
        if len(set(ids)) != len(ids):
            raise ValueError(f"a fixed line-up names distinct heroes, got {list(line_up)}")
        if content.HEROES_BY_ID[ids[0]].never_lord:
            raise ValueError(f"{content.HEROES_BY_ID[ids[0]].key} can never be the lord "
                             f"(seat 0 of a fixed line-up); got {list(line_up)}")
        return ids

    @property
    def flags(self) -> int:
        """The engine's ``FLAG_*`` bits of this config (``FLAG_AUTOPLAY`` if ``autoplay``)."""
        return C.FLAG_AUTOPLAY if self.autoplay else 0

    def spec(self, flags: int | None = None) -> np.ndarray:
        """The int32 configuration array the compiled engine reads (``G_*`` layout in
        ``engine/constants.py``).

        Args:
            flags: The ``FLAG_*`` bits to use instead of ``self.flags``.

        Returns:
            The array, cached: do not modify it.
        """
        return _spec(self, self.flags if flags is None else int(flags))

    def with_(self, **kw: Any) -> Config:
        """A copy with the given fields changed, checked as a new ``Config`` is.

        Args:
            **kw: Fields of ``Config`` and their new values.

        Returns:
            The new config (this one is frozen).
        """
        return replace(self, **kw)

    @classmethod
    def preset(cls, name: str, **kw: Any) -> Config:
        """A named setup of ``PRESETS`` (``"identity5"``, ``"identity8"``).

        Args:
            name: The preset's name.
            **kw: Fields that override the preset's.

        Returns:
            The preset's config.

        Raises:
            ValueError: An unknown name (naming the presets), or what ``Config`` refuses.
        """
        if name not in PRESETS:
            raise ValueError(f"unknown preset {name!r}; available: {list(PRESETS)}")
        return cls(**{**PRESETS[name], **kw})


# the one home of the game's defaults: what each keyword of Config is when not given (None: Config
# decides from the others, e.g. the deck from the pack); every constructor leaves them to Config
DEFAULTS = {f.name: f.default for f in fields(Config)}


def make_config(config: Config | None = None, where: str = "Config", **kw) -> Config:
    """The Config of a constructor that takes ``config=`` or Config's keywords (not both):
    a keyword not given keeps Config's default (``DEFAULTS``), so every entry point builds the
    same game from the same keywords. where: the constructor's name, for the error."""
    if config is not None:
        if not isinstance(config, Config):
            raise TypeError(f"{where}: config must be a heroes_env.Config, got {config!r}")
        if kw:
            raise TypeError(f"{where}: give config= or Config's keywords, not both; got config= "
                            f"and {sorted(kw)} (use config.with_(...) to change a ready config)")
        return config
    unknown = sorted(set(kw) - set(DEFAULTS))
    if unknown:
        raise TypeError(f"{where} got unexpected keyword(s) {unknown}; Config's keywords: "
                        f"{list(DEFAULTS)}")
    return Config(**kw)


@lru_cache(maxsize=256)
def _spec(config: Config, flags: int) -> np.ndarray:
    g = np.zeros(C.SPEC_SIZE, np.int32)
    n = config.num_players
    info = cards.deck_info(config.deck)
    g[C.G_NP] = n
    g[C.G_MAX_ROUNDS] = config.max_rounds
    g[C.G_FLAGS] = flags
    g[C.G_NCARDS] = len(info)
    g[C.G_MODE] = MODE_IDS[config.mode]
    g[C.G_PACK] = PACK_IDS[config.pack]
    assert config.deck is not None   # Config.__post_init__ sets it
    g[C.G_DECKID] = cards.DECK_IDS[config.deck]
    hs = config.hero_selection
    if hs is None:
        g[C.G_HEROSEL] = C.HS_NONE
    elif isinstance(hs, tuple):
        g[C.G_HEROSEL] = C.HS_FIXED
        g[C.G_FIXED:C.G_FIXED + n] = hs
    else:
        g[C.G_HEROSEL] = C.HS_DRAFT if hs == "draft" else C.HS_RANDOM
    g[C.G_ROLES:C.G_ROLES + n] = ROLES_3V3 if config.mode == "3v3" else cards.role_pool(n)
    g[C.G_DECK:C.G_DECK + len(info)] = info
    return g
