"""A decoded observation: the pieces of ``docs/observation.md`` as Python values, for scripted agents.

``View(obs)`` reads only the observation vector (the layout constants of
``heroes_env.engine.constants``) and public data: the deck lists (which physical card id is which
kind, suit and rank), the hero and skill tables, the role table. Seats are relative to the viewer
(0 = the viewer, 1 = the next in turn order, ...), as in the observation.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from heroes_env import cards
from heroes_env.engine import constants as C
from heroes_env.engine import content
from heroes_env.engine.skills import ids as SK
from heroes_env.obs import deck_of_size

EQUIP_KINDS = tuple(range(C.K_CROSSBOW, C.K_HORSE_MINUS + 1))      # OS_EQUIP order
WEAPON_RANGE = {C.K_CROSSBOW: 1, C.K_DOUBLE_SWORDS: 2, C.K_QINGGANG: 2, C.K_ICE_SWORD: 2,
                C.K_BLADE: 3, C.K_SPEAR: 3, C.K_AXE: 3, C.K_HALBERD: 4, C.K_KYLIN_BOW: 5}
ARMORS = (C.K_EIGHT_DIAGRAM, C.K_NIOH_SHIELD)
HORSES = (C.K_HORSE_PLUS, C.K_HORSE_MINUS)
TRICKS = tuple(range(C.FIRST_TRICK, C.LAST_TRICK + 1))


class DeckTable:
    """Per physical card id of one deck: kind, suit, rank, colour (numpy int arrays)."""

    def __init__(self, name: str):
        d = cards.deck(name)
        self.name = name
        self.size = len(d)
        self.kind = np.zeros(C.MAX_CARDS, np.int64)
        self.suit = np.full(C.MAX_CARDS, -1, np.int64)
        self.rank = np.zeros(C.MAX_CARDS, np.int64)
        for c in d:
            self.kind[c.id] = c.kind
            self.suit[c.id] = c.suit
            self.rank[c.id] = c.rank
        self.color = np.where(self.suit >= 0, self.suit & 1, C.COLOR_NONE)   # 0 black, 1 red


@lru_cache(maxsize=None)
def deck_table(name: str) -> DeckTable:
    return DeckTable(name)


@lru_cache(maxsize=None)
def role_counts(num_players: int) -> tuple[int, ...]:
    pool = cards.role_pool(num_players)
    return tuple(int((pool == r).sum()) for r in range(C.NUM_ROLES))


@lru_cache(maxsize=None)
def hero_skills(hero: int, lord: bool) -> tuple[int, ...]:
    """The skill ids in the seat's skill slots (lord skills only for the lord), slot order, as
    base ids (``content.SKILL_BASE``: the engine's mechanic, e.g. 奸雄 for 集权)."""
    h = content.HEROES_BY_ID.get(hero)
    if h is None:
        return ()
    # base ids: a skill running another's code (集权 = 奸雄) is played like it
    return tuple(int(content.SKILL_BASE[sk]) for sk in h.skills
                 if lord or content.SKILLS_BY_ID[sk].kind != "lord")


def _onehot(v: np.ndarray) -> int:
    """Index of the set cell of a one-hot slice, -1 if none."""
    i = int(v.argmax())
    return i if v[i] > 0 else -1


class View:
    """One observation, decoded. Per-seat arrays are indexed by relative seat (length ``n``)."""

    def __init__(self, obs: np.ndarray, deck: DeckTable | None = None):
        o = np.asarray(obs, dtype=np.float32)
        if o.shape != (C.OBS_SIZE,):
            raise ValueError(f"an observation has shape ({C.OBS_SIZE},), got {o.shape}")
        self.obs = o
        self.role = _onehot(o[C.OBS_ROLE:C.OBS_ROLE + C.NUM_ROLES])
        seats = o[C.OBS_SEATS:C.OBS_SEATS + C.MAX_SEATS * C.SEAT_OBS].reshape(C.MAX_SEATS, C.SEAT_OBS)
        n = int(seats[:, C.OS_PRESENT].sum())
        self.n = n
        s = seats[:n]
        self.seats = s
        self.alive = s[:, C.OS_ALIVE] > 0
        self.hp = s[:, C.OS_HP].astype(np.int64)
        self.maxhp = s[:, C.OS_MAXHP].astype(np.int64)
        self.handn = s[:, C.OS_HANDN].astype(np.int64)
        roles = s[:, C.OS_ROLE:C.OS_ROLE + C.NUM_ROLES]
        self.known_role = np.where(roles.max(axis=1) > 0, roles.argmax(axis=1), -1)
        cur = np.flatnonzero(s[:, C.OS_CURRENT] > 0)
        self.current = int(cur[0]) if cur.size else -1
        self.dist = np.rint(s[:, C.OS_DIST] * 10).astype(np.int64)
        self.in_range = s[:, C.OS_IN_RANGE] > 0
        self.slashes = s[:, C.OS_SLASHES].astype(np.int64)
        self.ally = s[:, C.OS_ALLY] > 0                  # 3v3: own team (the viewer included)
        self.acted = s[:, C.OS_ACTED] > 0                # 3v3: took its turn in this round
        self.team_mode = self.role in (C.ROLE_COMMANDER, C.ROLE_GUARD)
        self.equip = s[:, C.OS_EQUIP:C.OS_EQUIP + len(EQUIP_KINDS)] > 0     # [n, 13]
        self.indulged = s[:, C.OS_JUDGE] > 0
        self.lightning = s[:, C.OS_JUDGE + 1] > 0
        g = s[:, C.OS_GENDER:C.OS_GENDER + 2]
        self.gender = np.where(g.max(axis=1) > 0, g.argmax(axis=1) + 1, 0)
        self.kingdom = s[:, C.OS_KINGDOM:C.OS_KINGDOM + C.NUM_KINGDOMS].argmax(axis=1)
        self.used = s[:, C.OS_USED:C.OS_USED + C.MAX_SKILL_SLOTS] > 0
        self.given = s[:, C.OS_GIVEN].astype(np.int64)
        heroes = s[:, C.OS_HERO:C.OS_HERO + C.MAX_HEROES]
        self.hero = np.where(heroes.max(axis=1) > 0, heroes.argmax(axis=1), -1)
        self.hand = np.flatnonzero(o[C.OBS_HAND:C.OBS_HAND + C.MAX_CARDS])
        self.discard = o[C.OBS_DISCARD:C.OBS_DISCARD + C.MAX_CARDS] > 0
        self.table = np.flatnonzero(o[C.OBS_TABLE:C.OBS_TABLE + C.MAX_CARDS])
        self.public = np.flatnonzero(o[C.OBS_PUBLIC:C.OBS_PUBLIC + C.MAX_CARDS])
        self.look = np.flatnonzero(o[C.OBS_LOOK:C.OBS_LOOK + C.MAX_CARDS])
        self.dk = _onehot(o[C.OBS_DKIND:C.OBS_DKIND + C.NUM_DECISION_KINDS])
        self.dcardkind = _onehot(o[C.OBS_DCARDKIND:C.OBS_DCARDKIND + C.NUM_KINDS])
        self.dsrc = _onehot(o[C.OBS_DSRC:C.OBS_DSRC + C.MAX_SEATS])
        self.dtgt = _onehot(o[C.OBS_DTGT:C.OBS_DTGT + C.MAX_SEATS])
        self.dnum = [int(round(float(x))) for x in o[C.OBS_DNUM:C.OBS_DNUM + 3]]
        self.phase = _onehot(o[C.OBS_PHASE:C.OBS_PHASE + C.NUM_PHASES])
        self.round = int(round(float(o[C.OBS_MISC]) * 100))
        self.ndeck = int(round(float(o[C.OBS_MISC + 1]) * 100))
        self.ndiscard = int(round(float(o[C.OBS_MISC + 2]) * 100))
        self.dskill_slot = _onehot(o[C.OBS_DSKILL:C.OBS_DSKILL + C.MAX_SKILL_SLOTS])
        self.dskowner = _onehot(o[C.OBS_DSKOWNER:C.OBS_DSKOWNER + C.MAX_SEATS])
        off = o[C.OBS_OFFER:C.OBS_OFFER + C.MAX_HEROES]
        self.offer = np.flatnonzero(off)
        self.deck = deck or deck_table(self.infer_deck())
        self.lord = self._lord_seat()

    # ------------------------------------------------------------ facts derived from the pieces
    def total_cards(self) -> int:
        """Cards in every zone the observation counts (draw pile, discard, hands, equipment and
        judgement zones, table, own private look): the deck's size."""
        return (self.ndeck + self.ndiscard + int(self.handn.sum()) + self.public.size
                + self.table.size + self.look.size)

    def infer_deck(self, default: str = "standard") -> str:
        """Which deck is played, from the number of cards in it (ids differ between decks)."""
        return deck_of_size(self.total_cards()) or default

    def _lord_seat(self) -> int:
        lords = np.flatnonzero(self.known_role == C.ROLE_LORD)
        return int(lords[0]) if lords.size else -1

    def kinds(self, ids) -> np.ndarray:
        return self.deck.kind[np.asarray(ids, dtype=np.int64)]

    def has_equip(self, r: int, kind: int) -> bool:
        return bool(self.equip[r, kind - C.K_CROSSBOW])

    def weapon(self, r: int) -> int:
        """Kind of the seat's weapon (K_NONE if none)."""
        for k in WEAPON_RANGE:
            if self.equip[r, k - C.K_CROSSBOW]:
                return k
        return C.K_NONE

    def armor(self, r: int) -> int:
        for k in ARMORS:
            if self.equip[r, k - C.K_CROSSBOW]:
                return k
        return C.K_NONE

    def equip_count(self, r: int) -> int:
        return int(self.equip[r].sum())

    def skills(self, r: int) -> tuple[int, ...]:
        h = int(self.hero[r])
        if h < 0:
            return ()
        return hero_skills(h, bool(self.known_role[r] == C.ROLE_LORD))

    def has_skill(self, r: int, sk: int) -> bool:
        return sk in self.skills(r)

    def decision_skill(self) -> int:
        """The skill id asking the pending decision (0 if none)."""
        if self.dskill_slot < 0 or self.dskowner < 0:
            return 0
        sks = self.skills(self.dskowner)
        return sks[self.dskill_slot] if self.dskill_slot < len(sks) else 0

    def attack_range(self, r: int) -> int:
        return WEAPON_RANGE.get(self.weapon(r), 1)

    def distance(self, a: int, b: int) -> int:
        """Seat distance from a to b (relative seats) over the living seats, with horses and 马术,
        as the engine counts it."""
        if a == b:
            return 0
        n = self.n
        cw = 0
        t = a
        while t != b:
            t = (t + 1) % n
            if self.alive[t] or t == b:
                cw += 1
        total = int(self.alive.sum()) + (not self.alive[a]) + (not self.alive[b])
        d = min(cw, total - cw)
        if self.has_equip(a, C.K_HORSE_MINUS):
            d -= 1
        if self.has_equip(b, C.K_HORSE_PLUS):
            d += 1
        if self.has_skill(a, SK.SK_MASHU):
            d -= 1
        if self.has_skill(b, SK.SK_MASHU):
            d += 1
        return max(d, 1)

    def in_attack_range(self, a: int, b: int) -> bool:
        return self.distance(a, b) <= self.attack_range(a)

    def others(self) -> list[int]:
        """Living other seats, in turn order."""
        return [r for r in range(1, self.n) if self.alive[r]]
