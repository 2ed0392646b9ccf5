"""A decoded observation: the pieces of ``docs/observation.md`` as Python values, for scripted
agents.

``View(obs)`` reads only the observation vector (``heroes_env.obs.decode``: the layout's named
pieces, float32 or bytes, here as per-seat numpy arrays) and public data: the deck lists (which
physical card id is which kind, suit and rank), the hero and skill tables, the role table. Seats
are relative to the viewer (0 = the viewer, 1 = the next in turn order, ...), as in the observation.
"""
from __future__ import annotations

from functools import cache

import numpy as np

from heroes_env import cards
from heroes_env.engine import constants as C
from heroes_env.engine import content
from heroes_env.engine import state as _state
from heroes_env.engine.skills import ids as SK
from heroes_env.obs import decode, obs_to_float32

EQUIP_KINDS = tuple(range(C.K_CROSSBOW, C.K_HORSE_MINUS + 1))      # OS_EQUIP order
# the engine's tables (its compiled functions, run as plain Python here)
_weapon_range = getattr(_state.weapon_range, "py_func", _state.weapon_range)
_slot_field = getattr(_state.equip_slot_field, "py_func", _state.equip_slot_field)
WEAPON_RANGE = {k: _weapon_range(k) for k in range(C.FIRST_WEAPON, C.LAST_WEAPON + 1)}
ARMORS = tuple(k for k in EQUIP_KINDS if _slot_field(k) == C.P_ARMOR)
HORSES = tuple(k for k in EQUIP_KINDS if _slot_field(k) in (C.P_PLUS, C.P_MINUS))
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


@cache
def deck_table(name: str) -> DeckTable:
    return DeckTable(name)


@cache
def role_counts(num_players: int) -> tuple[int, ...]:
    pool = cards.role_pool(num_players)
    return tuple(int((pool == r).sum()) for r in range(C.NUM_ROLES))


@cache
def hero_skills(hero: int, lord: bool) -> tuple[int, ...]:
    """The skill ids in the seat's skill slots (lord skills only for the lord), slot order, as
    base ids (``content.SKILL_BASE``: the engine's mechanic, e.g. 奸雄 for 集权)."""
    h = content.HEROES_BY_ID.get(hero)
    if h is None:
        return ()
    # base ids: a skill running another's code (集权 = 奸雄) is played like it
    return tuple(int(content.SKILL_BASE[sk]) for sk in h.skills
                 if lord or content.SKILLS_BY_ID[sk].kind != "lord")


class View:
    """One observation, decoded. Per-seat arrays are indexed by relative seat (length ``n``)."""

    def __init__(self, obs: np.ndarray, deck: DeckTable | None = None):
        decoded = decode(obs)            # the named pieces (either dtype); arrays here
        self.decoded = decoded
        self.obs = obs_to_float32(obs)
        self.role = decoded.role
        n = self.n = decoded.num_players
        st = decoded.seats

        def per_seat(field_of, dtype=np.int64):
            return np.array([field_of(seat) for seat in st], dtype).reshape(n)

        def flags(field_of, width, base=0):
            out = np.zeros((n, width), bool)
            for r, seat in enumerate(st):
                for i in field_of(seat):
                    out[r, i - base] = True
            return out

        self.alive = per_seat(lambda seat: seat.alive, bool)
        self.hp = per_seat(lambda seat: seat.hp)
        self.maxhp = per_seat(lambda seat: seat.max_hp)
        self.handn = per_seat(lambda seat: seat.hand_size)
        self.known_role = per_seat(lambda seat: seat.role)
        cur = [seat.rel for seat in st if seat.current]
        self.current = cur[0] if cur else -1
        self.dist = per_seat(lambda seat: max(seat.distance, 0))
        self.in_range = per_seat(lambda seat: seat.in_range, bool)
        self.slashes = per_seat(lambda seat: seat.slashes)
        self.ally = per_seat(lambda seat: seat.ally, bool)     # 3v3: own team (the viewer included)
        self.acted = per_seat(lambda seat: seat.acted, bool)   # 3v3: took its turn in this round
        self.team_mode = self.role in (C.ROLE_COMMANDER, C.ROLE_GUARD)
        self.equip = flags(lambda seat: seat.equipment, len(EQUIP_KINDS), C.K_CROSSBOW)   # [n, 13]
        self.indulged = per_seat(lambda seat: C.K_INDULGENCE in seat.judgement, bool)
        self.lightning = per_seat(lambda seat: C.K_LIGHTNING in seat.judgement, bool)
        self.gender = per_seat(lambda seat: seat.gender)
        self.kingdom = per_seat(lambda seat: seat.kingdom)
        self.used = flags(lambda seat: seat.used_slots, C.MAX_SKILL_SLOTS)
        self.given = per_seat(lambda seat: seat.given)
        self.hero = per_seat(lambda seat: seat.hero)
        self.hand = np.array(decoded.hand, np.int64)
        self.discard = np.zeros(C.MAX_CARDS, bool)
        self.discard[list(decoded.discard)] = True
        self.table = np.array(decoded.table, np.int64)
        self.public = np.array(decoded.public, np.int64)
        self.look = np.array(decoded.look, np.int64)
        decision = decoded.decision
        self.dk = decision.kind if decision else -1
        self.dcardkind = decision.card_kind if decision else -1
        self.dsrc = decision.source if decision else -1
        self.dtgt = decision.target if decision else -1
        self.dnum = list(decision.counters) if decision else [0, 0, 0]
        self.phase = decoded.phase
        self.round = decoded.round
        self.ndeck = decoded.draw_pile
        self.ndiscard = decoded.discard_size
        self.dskill_slot = decision.skill_slot if decision else -1
        self.dskowner = decision.skill_owner if decision else -1
        self.offer = np.array(decoded.offer, np.int64)
        self.deck = deck or deck_table(self.infer_deck())
        self.lord = self._lord_seat()

    # ------------------------------------------------------------ facts derived from the pieces
    def total_cards(self) -> int:
        """Cards in every zone the observation counts (``Observation.cards_counted``)."""
        return self.decoded.cards_counted()

    def infer_deck(self, default: str = "standard") -> str:
        """Which deck is played, from the number of cards in it (ids differ between decks)."""
        return self.decoded.infer_deck() or default

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
