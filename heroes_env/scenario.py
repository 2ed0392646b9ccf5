"""Scenario builder: rig a game exactly, then drive it by action labels.

A seat is a dict of ``role``, ``hp``, ``max_hp``, ``hand``, ``equip``, ``judge``, ``gender``,
``alive``, ``slashes`` and ``hero``: ``{"hero": "caocao", ...}`` (key, zh/en name or id) gives
the seat that hero's HP, gender, kingdom and skills (lord skills only for the lord);
``"hp"``/``"max_hp"`` still override.

3v3 (``mode="3v3"``): six seats; seats 1 and 4 are the commanders, the others guards (a seat's
"role" may be given but must agree); ``acted`` lists the seats that have already taken their turn
in this round (``current`` is added), ``guards_block=True`` makes the current turn part of a
guards' block (default: current is a guard), so the other guard follows.

``discard=[...]`` pre-fills the discard pile (e.g. for a reshuffle, or skills that read it).
``phase`` starts the current player's turn at that phase; ``"finish"`` starts at the end of the
discard phase, so the skills that act then (闭月, 门神, the end of 醉酒) run before the finish
phase. ``round`` is the round being played, from 1 to ``max_rounds``.

What it cannot rig: the setup of a game (the hero draft, dealing, 3v3's choice of who moves first
and the commanders' assignment of heroes): a built game starts in a turn, with heroes given per
seat; start from ``Game.new`` to test those. Nor a decision in the middle of a card's effect: play
up to it with ``g.play``.

A card is named by its kind or card id (``slash``, ``chitu``), its English or Chinese name
(``Slash``, ``杀``), optionally followed by suit and rank (``♠7``, ``S7``, ``h10``, ``♦Q``), or
given as an int card id. Without suit and rank the lowest-id copy not yet placed is taken. Cards not
placed anywhere are shuffled (with ``seed``) into the draw pile under ``deck_top``.
Anything wrong in the description raises ``ScenarioError`` naming it: a contradiction (two
seats with one hero, a dead lord), a value of the wrong type (a bool where an int belongs, a
string where a bool does) or out of range (HP beyond what an observation holds,
``constants.HP_MAX``). A rigged table that is already won (no rebel or renegade alive) is built
over: the lord's side has won, as the rules say, and no decision is asked.

Examples:
    ```python
    from heroes_env.scenario import build

    g = build(
        seats=[
            {"role": "lord", "hand": ["slash ♠7", "jink"], "equip": ["halberd"]},
            {"role": "rebel", "hp": 1, "hand": ["peach"]},
            {"role": "loyalist"},
            {"role": "renegade", "judge": ["indulgence"]},
        ],
        deck_top=["peach ♥4", "slash"],      # top card first
        current=0, phase="play",
    )
    g.play("slash ♠7")
    g.play("target player_1")
    print(g.describe_decision())             # "player_1: peach?": no jink, dying
    ```
"""
from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import Any

import numpy as np

from . import cards
from .config import Config
from .engine import constants as C
from .engine import content, core
from .engine.draft import assign_hero
from .engine.flow.turn import (
    GAME_NEXT,
    TURN_AFTER_DISCARD,
    TURN_DISCARD,
    TURN_DRAW,
    TURN_JUDGE,
    TURN_PLAY,
    TURN_START,
)
from .engine.mode3v3 import GAME3_AFTER_TURN
from .engine.state import end_game, move_card, push_frame
from .game import Game, engine_seed
from .labels import ROLE_NAMES

PHASES = ("start", "judge", "draw", "play", "discard", "finish")
_SUIT_CHARS = {"♠": 0, "s": 0, "♥": 1, "h": 1, "♣": 2, "c": 2, "♦": 3, "d": 3}
_SPEC = re.compile(r"^(?P<name>.+?)"
                   r"(?:\s+(?P<suit>[♠♥♣♦sShHcCdD])\s*(?P<rank>10|[2-9]|[AJQKajqk]))?$")
SEAT_KEYS = {"role", "hp", "max_hp", "hand", "equip", "judge", "gender", "alive", "slashes", "hero"}
# the FR_TURN step that starts each phase (engine/flow/turn.py run_turn); "finish" starts at the end
# of the discard phase (TURN_AFTER_DISCARD: 闭月 / 门神), then the finish phase
PHASE_PC = {"start": TURN_START, "judge": TURN_JUDGE, "draw": TURN_DRAW, "play": TURN_PLAY,
            "discard": TURN_DISCARD, "finish": TURN_AFTER_DISCARD}


def _int(value, where: str, what: str, lo: int, hi: int, hi_text: str | None = None) -> int:
    """value as an int from lo to hi (not a bool, not a float), else ScenarioError."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)) \
            or not lo <= value <= hi:
        raise ScenarioError(f"{where}: {what} must be an int from {lo} to {hi_text or hi}, got "
                            f"{value!r}")
    return int(value)


def _hero(value, where) -> int:
    for h in content.HEROES:
        if value in (h.key, h.name_zh, h.name_en, h.id) and not isinstance(value, bool):
            return h.id
    raise ScenarioError(f"{where}: unknown hero {value!r}; "
                        f"heroes: {[h.key for h in content.HEROES]}")


class ScenarioError(ValueError):
    """A scenario description that cannot be built."""


class _Cards:
    """Resolves card specs to unused physical card ids of one deck."""

    def __init__(self, deck: tuple):
        self.deck = deck
        self.used: set[int] = set()

    def names_of(self, card: cards.Card) -> set[str]:
        k = cards.kinds()[card.kind]
        return {card.key.lower(), card.name_en.lower(), card.name_zh, k.key, k.name_en.lower(),
                k.name_zh}

    def take(self, spec, where: str) -> int:
        if isinstance(spec, (int, np.integer)) and not isinstance(spec, bool):
            c = int(spec)
            if not 0 <= c < len(self.deck):
                raise ScenarioError(f"{where}: card id {c} is not in the deck "
                                    f"(0..{len(self.deck) - 1})")
            if c in self.used:
                raise ScenarioError(f"{where}: card {c} ({self.deck[c].label()}) is placed twice")
            self.used.add(c)
            return c
        if not isinstance(spec, str):
            raise ScenarioError(f"{where}: a card is a name or an int id, got {spec!r}")
        m = _SPEC.match(spec.strip())
        if not m:
            raise ScenarioError(f"{where}: cannot read card {spec!r}")
        name = m.group("name").strip().lower()
        suit = _SUIT_CHARS[m.group("suit").lower()] if m.group("suit") else None
        rank = cards.RANKS[m.group("rank").upper()] if m.group("rank") else None
        named = [c for c in self.deck if name in self.names_of(c)]
        if not named:
            raise ScenarioError(f"{where}: no card is called {m.group('name')!r}; kinds: "
                                f"{[k.key for k in cards.kinds()[1:]]}")
        fits = [c for c in named
                if (suit is None or c.suit == suit) and (rank is None or c.rank == rank)]
        if not fits:
            raise ScenarioError(f"{where}: the deck has no {spec!r}; copies: "
                                f"{[c.label() for c in named]}")
        free = [c for c in fits if c.id not in self.used]
        if not free:
            raise ScenarioError(f"{where}: every {spec!r} is already placed "
                                f"({[c.label() for c in fits]})")
        self.used.add(free[0].id)
        return free[0].id


def _role(value, where, mode="identity") -> int:
    roles = range(C.ROLE_RENEGADE + 1) if mode == "identity" else (C.ROLE_COMMANDER, C.ROLE_GUARD)
    if isinstance(value, (int, np.integer)) and int(value) in roles:
        return int(value)
    for lang in ("en", "zh"):
        if value in ROLE_NAMES[lang] and ROLE_NAMES[lang].index(value) in roles:
            return ROLE_NAMES[lang].index(value)
    raise ScenarioError(f"{where}: role must be one of {[ROLE_NAMES['en'][r] for r in roles]}, "
                        f"got {value!r}")


@dataclass(frozen=True)
class Scenario:
    """A rigged game: the seats, the cards on top of the deck, the turn under way and the table.
    ``build()`` makes the game. Seats default to full HP (4, the lord 5 with 5+ players, a 3v3
    commander 5) and no cards.

    Attributes:
        seats: One dict per seat, 4 to 10 (the module docstring lists their keys).
        deck_top: Cards on top of the draw pile, top card first.
        current: The seat whose turn is under way.
        phase: The phase it starts at: ``"start"``, ``"judge"``, ``"draw"``, ``"play"``,
            ``"discard"`` or ``"finish"``.
        round: The round being played, from 1 to ``max_rounds``.
        acted: 3v3: the seats that have already taken their turn in this round.
        guards_block: 3v3: whether the current turn is part of a guards' block (None: current
            is a guard).
        mode: ``"identity"`` or ``"3v3"``.
        deck: The deck (None: Config's default).
        max_rounds: The round cap (None: Config's default).
        autoplay: Config's ``autoplay`` (None: its default).
        seed: Shuffles the cards placed nowhere into the draw pile.
        log: Keep the game's event log.
        discard: Cards in the discard pile.
        distinct_heroes: False lets several seats have one hero (no game deals that: for a rule
            test's filler seats).
    """

    seats: list[dict]
    deck_top: list | None = None
    # the turn under way
    current: int = 0
    phase: str = "play"
    round: int = 1
    acted: tuple | list = ()
    guards_block: bool | None = None
    # the table (deck, max_rounds, autoplay: Config's defaults unless given)
    mode: str = "identity"
    deck: str | None = None
    max_rounds: int | None = None
    autoplay: bool | None = None
    seed: int = 0
    log: bool = True
    discard: list | None = None
    distinct_heroes: bool = True

    def build(self) -> Game:
        """The game, run to its first decision.

        Raises:
            ScenarioError: Anything wrong in the description, named.
        """
        seats = self.seats
        if not isinstance(seats, (list, tuple)) or not 4 <= len(seats) <= C.MAX_SEATS:
            raise ScenarioError(f"seats must list 4 to {C.MAX_SEATS} seat descriptions, got "
                                f"{seats if not isinstance(seats, (list, tuple)) else len(seats)}")
        config = self._config(len(seats))
        self._check_turn(config)
        the_deck = cards.deck(config.deck)
        pick = _Cards(the_deck)
        s = np.zeros(C.STATE_SIZE, np.int32)
        core.setup_game(s, config.spec(), engine_seed(self.seed))
        roles = self._roles()
        heroes: dict[int, int] = {}
        for i, d in enumerate(seats):
            self._rig_seat(s, i, d, roles[i], pick, heroes)
        for j, spec in enumerate(self.discard or []):
            move_card(s, pick.take(spec, f"discard[{j}]"), C.Z_DISCARD)
        top = [pick.take(spec, f"deck_top[{j}]") for j, spec in enumerate(self.deck_top or [])]
        for c in reversed(top):
            move_card(s, c, C.Z_PROC)
            move_card(s, c, C.Z_DECK)
        self._rig_turn(s)
        g = Game._trusted(config, s, self.log)
        if self.mode == "identity" and not any(
                s[C.P_ALIVE + i] and roles[i] in (C.ROLE_REBEL, C.ROLE_RENEGADE)
                for i in range(len(seats))):
            end_game(s, C.RES_LORD, -1)     # no rebel or renegade lives: the lord's side has won
            g._drain_events()
            return g
        g._start()
        return g

    def _config(self, npl: int) -> Config:
        given: dict[str, Any] = dict(deck=self.deck, max_rounds=self.max_rounds,
                                     autoplay=self.autoplay)
        try:
            return Config(num_players=npl, mode=self.mode,
                          **{k: v for k, v in given.items() if v is not None})
        except ValueError as e:
            raise ScenarioError(str(e)) from None

    def _check_turn(self, config: Config) -> None:
        npl, current, round = len(self.seats), self.current, self.round
        max_rounds = config.max_rounds
        if self.phase not in PHASES:
            raise ScenarioError(f"phase must be one of {list(PHASES)}, got {self.phase!r}")
        if isinstance(current, bool) or not isinstance(current, int) or not 0 <= current < npl:
            raise ScenarioError(f"current must be a seat 0..{npl - 1}, got {current!r}")
        if isinstance(round, bool) or not isinstance(round, int) or not 1 <= round <= max_rounds:
            raise ScenarioError(f"round must be an int from 1 to max_rounds={max_rounds}, got "
                                f"{round!r}")
        if self.discard is not None and not isinstance(self.discard, (list, tuple)):
            raise ScenarioError(f"discard must list cards, got {self.discard!r}")

    def _roles(self) -> list[int]:
        """Each seat's role (3v3: fixed by the seat), with the description's keys checked."""
        roles = []
        for i, d in enumerate(self.seats):
            where = f"seat {i}"
            if not isinstance(d, dict):
                raise ScenarioError(f"{where}: a seat is a dict, got {d!r}")
            extra = set(d) - SEAT_KEYS
            if extra:
                raise ScenarioError(f"{where}: unknown keys {sorted(extra)}; "
                                    f"allowed: {sorted(SEAT_KEYS)}")
            if self.mode == "3v3":
                fixed = (C.ROLE_COMMANDER if i % C.TEAM_SIZE == C.COMMANDER_OFFSET
                         else C.ROLE_GUARD)
                if "role" in d and _role(d["role"], where, self.mode) != fixed:
                    raise ScenarioError(f"{where}: in 3v3 this seat is a "
                                        f"{ROLE_NAMES['en'][fixed]}, got role {d['role']!r}")
                roles.append(fixed)
                continue
            roles.append(_role(d.get("role", "lord" if i == 0 else "rebel"), where))
        if self.mode != "3v3" and roles.count(C.ROLE_LORD) != 1:
            raise ScenarioError(f"exactly one seat must be the lord, got roles "
                                f"{[ROLE_NAMES['en'][r] for r in roles]}")
        return roles

    def _rig_seat(self, s, i: int, d: dict, role: int, pick: _Cards,
                  heroes: dict[int, int]) -> None:
        """Seat i as its description says: role, hero, HP, gender, cards."""
        where = f"seat {i}"
        npl = len(self.seats)
        s[C.P_ROLE + i] = role
        base = 5 if (role == C.ROLE_LORD and npl >= 5) or role == C.ROLE_COMMANDER else 4
        if "hero" in d:
            h = _hero(d["hero"], where)
            if h in heroes and self.distinct_heroes:
                raise ScenarioError(f"{where}: {content.HEROES_BY_ID[h].key} is already seat "
                                    f"{heroes[h]}'s hero (a hero sits at one seat)")
            heroes[h] = i
            if role == C.ROLE_LORD and content.HEROES_BY_ID[h].never_lord:
                raise ScenarioError(f"{where}: {content.HEROES_BY_ID[h].key} can never be the "
                                    "lord")
            assign_hero(s, i, h)
            base = int(s[C.P_MAXHP + i])
        alive = d.get("alive", True)
        if not isinstance(alive, (bool, np.bool_)):
            raise ScenarioError(f"{where}: alive must be True or False, got {alive!r}")
        alive = bool(alive)
        max_hp = _int(d.get("max_hp", base), where, "max_hp", 1, C.HP_MAX)
        hp = _int(d.get("hp", max_hp), where, "hp", 1 if alive else C.HP_MIN, max_hp,
                  f"max_hp={max_hp}")
        if not alive and role in (C.ROLE_LORD, C.ROLE_COMMANDER):
            raise ScenarioError(f"{where}: the {ROLE_NAMES['en'][role]} cannot start dead")
        gender = d.get("gender", None)
        if gender not in (None, "male", "female"):
            raise ScenarioError(f"{where}: gender must be 'male', 'female' or None, got {gender!r}")
        if gender is None and "hero" in d:
            gender = {1: "male", 2: "female"}.get(int(s[C.P_GENDER + i]))
        s[C.P_HP + i] = hp
        s[C.P_MAXHP + i] = max_hp
        s[C.P_ALIVE + i] = 1 if alive else 0
        s[C.P_REVEALED + i] = 1 if (role == C.ROLE_LORD or not alive or self.mode == "3v3") else 0
        s[C.P_GENDER + i] = {None: 0, "male": 1, "female": 2}[gender]
        s[C.P_SLASHES + i] = _int(d.get("slashes", 0), where, "slashes", 0, C.BYTE_MAX)
        if not alive and (d.get("hand") or d.get("equip") or d.get("judge")):
            raise ScenarioError(f"{where}: a dead seat holds no cards")
        for spec in d.get("hand", []):
            move_card(s, pick.take(spec, f"{where} hand"), C.Z_HAND + i)
        _rig_equipment(s, i, d.get("equip", []), pick)
        _rig_judgement(s, i, d.get("judge", []), pick)

    def _rig_turn(self, s) -> None:
        """The current seat's turn under way at its phase (3v3: the round's order too)."""
        current, npl = self.current, len(self.seats)
        if not alive_ok(s, current):
            raise ScenarioError(f"current seat {current} is dead")
        s[C.H_CUR] = current
        s[C.H_ROUND] = self.round
        s[C.H_TURNS] = 1
        g_frame = push_frame(s, C.FR_GAME, user=-1, tgt=-1, card=-1, as_kind=0, sub2=-1, a=0, b=0)
        s[g_frame + C.F_PC] = GAME_NEXT              # the turn below is under way
        if self.mode == "3v3":
            acted = self.acted
            if isinstance(acted, (int, np.integer)) or not all(
                    isinstance(x, int) and 0 <= x < npl for x in acted):
                raise ScenarioError(f"acted must list seats 0..{npl - 1}, got {acted!r}")
            s[C.H_ACTED] = sum(1 << x for x in set(acted) | {current})
            s[C.H_SIDE] = current // C.TEAM_SIZE
            guards_block = self.guards_block
            if guards_block is None:
                guards_block = current % C.TEAM_SIZE != C.COMMANDER_OFFSET
            if guards_block and current % C.TEAM_SIZE == C.COMMANDER_OFFSET:
                raise ScenarioError("guards_block: the current seat is a commander")
            s[C.H_BLOCK] = 1 if guards_block else 0
            s[g_frame + C.F_PC] = GAME3_AFTER_TURN
        t_frame = push_frame(s, C.FR_TURN, current, tgt=-1, card=-1, as_kind=0, sub2=-1, a=0, b=0)
        if self.phase == "play":
            s[t_frame + C.F_PC] = PHASE_PC["play"] + 1     # the FR_PLAY pushed next is under way
            s[C.H_PHASE] = C.PH_PLAY
            push_frame(s, C.FR_PLAY, current, tgt=-1, card=-1, as_kind=0, sub2=-1, a=0, b=0)
        else:
            s[t_frame + C.F_PC] = PHASE_PC[self.phase]


SCENARIO_FIELDS = tuple(f.name for f in fields(Scenario))


def build(seats: list[dict], deck_top: list | None = None, **given: Any) -> Game:
    """Build a game from a description and run it to its first decision:
    ``Scenario(seats, deck_top, **given).build()``.

    Args:
        seats: One dict per seat (the module docstring lists their keys).
        deck_top: Cards on top of the draw pile, top card first.
        **given: ``Scenario``'s other fields (``current``, ``phase``, ``round``, ``mode``,
            ``seed`` ...).

    Returns:
        The game, its first decision pending.

    Raises:
        ScenarioError: An unknown field, or anything wrong in the description, named.
    """
    unknown = sorted(set(given) - set(SCENARIO_FIELDS))
    if unknown:
        raise ScenarioError(f"unknown scenario field(s) {unknown}; the fields are "
                            f"{list(SCENARIO_FIELDS)}")
    return Scenario(seats, deck_top, **given).build()


def _rig_equipment(s, i: int, equip: list, pick: _Cards) -> None:
    where = f"seat {i}"
    the_deck = pick.deck
    slots: dict[str, str] = {}
    for spec in equip:
        c = pick.take(spec, f"{where} equip")
        k = the_deck[c].kind
        if not C.K_CROSSBOW <= k <= C.K_HORSE_MINUS:
            raise ScenarioError(f"{where} equip: {the_deck[c].label()} is not equipment")
        slot = ("weapon" if k <= C.K_KYLIN_BOW else "armor" if k <= C.K_NIOH_SHIELD
                else "+1 horse" if k == C.K_HORSE_PLUS else "-1 horse")
        if slot in slots:
            raise ScenarioError(f"{where} equip: two cards for the {slot} slot "
                                f"({slots[slot]}, {the_deck[c].label()})")
        slots[slot] = the_deck[c].label()
        move_card(s, c, C.Z_EQUIP + i)


def _rig_judgement(s, i: int, judge: list, pick: _Cards) -> None:
    where = f"seat {i}"
    the_deck = pick.deck
    seen = set()
    for spec in judge:
        c = pick.take(spec, f"{where} judge")
        k = the_deck[c].kind
        if k not in (C.K_INDULGENCE, C.K_LIGHTNING):
            raise ScenarioError(f"{where} judge: {the_deck[c].label()} is not a delayed trick")
        if k in seen:
            raise ScenarioError(f"{where} judge: two {cards.kinds()[k].key} "
                                "in one judgement zone")
        seen.add(k)
        move_card(s, c, C.Z_JUDGE + i)
        s[C.C_AS + c] = k


def alive_ok(s, seat) -> bool:
    return bool(s[C.P_ALIVE + seat])
