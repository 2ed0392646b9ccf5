"""Card data: the kinds the engine knows and the physical decks shipped in ``heroes_env/data``.

A *kind* is what a card does (``slash``, ``halberd``, ``horse_plus``...), one per ``K_*`` constant
of the engine; a *physical card* is one row of a deck CSV with its suit and rank. A deck becomes an
``int32`` array of packed ``kind * 64 + suit * 16 + rank`` that the engine stores in every game.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np

from .engine import constants as C
from .engine.datafiles import rows as data_rows

SUITS = ("spade", "heart", "club", "diamond")
SUIT_SYMBOLS = ("♠", "♥", "♣", "♦")
SUIT_ZH = ("黑桃", "红桃", "梅花", "方块")
RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(i): i for i in range(2, 11)}}
RANK_NAMES = {v: k for k, v in RANKS.items()}

# physical card ids of a deck CSV whose kind is not the id itself
_KIND_OF_CARD_ID = {
    "jueying": "horse_plus", "dilu": "horse_plus", "zhuahuangfeidian": "horse_plus",
    "chitu": "horse_minus", "dayuan": "horse_minus", "zixing": "horse_minus",
}
_HORSE_EN = {"jueying": "Jueying", "dilu": "Dilu", "zhuahuangfeidian": "Zhuahuang Feidian",
             "chitu": "Chitu", "dayuan": "Dayuan", "zixing": "Zixing"}

DECKS = ("standard", "standard_no_ex", "herokill")
DECK_IDS = {"standard": C.DECK_STANDARD, "standard_no_ex": C.DECK_STANDARD,
            "herokill": C.DECK_HEROKILL}


@dataclass(frozen=True)
class Kind:
    id: int
    key: str
    name_zh: str
    name_en: str
    type: str

    def name(self, lang: str = "en") -> str:
        return self.name_zh if lang == "zh" else self.name_en


@dataclass(frozen=True)
class Card:
    """One physical card of a deck, by its id (its index in the deck)."""
    id: int
    key: str          # the card's own id (``chitu``), or its kind key
    kind: int
    suit: int
    rank: int
    name_zh: str
    name_en: str
    edition: str

    def label(self, lang: str = "en") -> str:
        name = self.name_zh if lang == "zh" else self.name_en
        return f"{name} {SUIT_SYMBOLS[self.suit]}{RANK_NAMES[self.rank]}"


def _data(name: str):
    return resources.files("heroes_env").joinpath("data", name)   # (a non-CSV data file)


@cache
def kinds() -> tuple[Kind, ...]:
    """Every card kind, indexed by its engine constant (index 0 is K_NONE)."""
    out = [Kind(0, "none", "无", "none", "none")]
    for i, row in enumerate(data_rows("card_kinds.csv"), start=1):
        out.append(Kind(i, row["kind"], row["name_zh"], row["name_en"], row["type"]))
    # the data file and the engine constants must agree, in order
    for k in out[1:]:
        const = "K_" + {"dismantlement": "DISMANTLE", "savage_assault": "SAVAGE",
                        "archery_attack": "ARCHERY", "qinggang_sword": "QINGGANG"}.get(
            k.key, k.key.upper())
        if getattr(C, const, None) != k.id:
            raise ImportError(f"card_kinds.csv row {k.key!r} (#{k.id}) does not match engine "
                              f"constant {const}")
    if len(out) != C.NUM_KINDS:
        raise ImportError(f"card_kinds.csv has {len(out) - 1} kinds, "
                          f"engine expects {C.NUM_KINDS - 1}")
    return tuple(out)




def kind_id(key: str) -> int:
    for k in kinds():
        if k.key == key:
            return k.id
    raise KeyError(f"unknown card kind {key!r}; known: {[k.key for k in kinds()[1:]]}")


@cache
def deck(name: str = "standard") -> tuple[Card, ...]:
    """The physical cards of a deck, in id order."""
    if name not in DECKS:
        raise ValueError(f"unknown deck {name!r}; available: {list(DECKS)}")
    herokill = name == "herokill"
    rows = data_rows("deck_herokill.csv" if herokill else "deck_standard.csv")
    if name == "standard_no_ex":
        rows = [r for r in rows if r["edition"] != "ex"]
    ks = kinds()
    cards = []
    for i, r in enumerate(rows):
        key = r["card_id"]
        # 英雄杀 names; the effect of its standard counterpart (docs/rules.md, Decks)
        if herokill:
            counterpart = r["standard_counterpart"]
            kid = kind_id(_KIND_OF_CARD_ID.get(counterpart, counterpart))
            en, edition = r["name_en"], "herokill"
        else:
            kid = kind_id(_KIND_OF_CARD_ID.get(key, key))
            en, edition = _HORSE_EN.get(key, ks[kid].name_en), r["edition"]
        cards.append(Card(i, key, kid, SUITS.index(r["suit"]), RANKS[r["rank"]],
                          r["name_zh"], en, edition))
    if len(cards) > C.MAX_CARDS:
        raise ValueError(f"deck {name!r} has {len(cards)} cards, the engine holds {C.MAX_CARDS}")
    return tuple(cards)


@cache
def deck_info(name: str = "standard") -> np.ndarray:
    """The packed int32 array the engine stores for a deck."""
    return np.array([c.kind * 64 + c.suit * 16 + c.rank for c in deck(name)], dtype=np.int32)


@cache
def role_pool(num_players: int) -> np.ndarray:
    """Roles for an identity game of num_players (lord first), from data/roles.json."""
    table = json.loads(_data("roles.json").read_text(encoding="utf-8"))["identity"]
    if str(num_players) not in table:
        raise ValueError(f"num_players must be one of {sorted(int(k) for k in table)}, "
                         f"got {num_players!r}")
    counts = table[str(num_players)]
    pool = []
    for role, n in enumerate(counts):
        pool += [role] * n
    return np.array(pool, dtype=np.int32)
