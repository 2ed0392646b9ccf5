"""Worlds consistent with one seat's knowledge: the hidden state redrawn, the rest kept.

``draw_worlds(s, seat, rng, count, roles)`` returns ``count`` game rows, each a full game that
``seat`` cannot tell from row ``s``: its observation (``observe.observe``) and, when it decides,
its legal mask are equal bit for bit. Plain numpy over the row (the compiled engine only checks
the decider's mask); ``heroes_env.Game.resample`` and ``heroes_env.VectorEnv.resample`` call it.

What the seat knows is what its observation shows, and the frame stack. Kept:

* the seat's own hand, role, hero and draft offer; the cards it is looking at (``Z_LOOK`` when it
  is ``H_LOOKER``);
* every public zone and fact: the table, the 五谷丰登 cards, equipment, judgement zones, the cards
  on heroes, the discard pile, HP, heroes, marks, counters, revealed roles (the lord's, the dead's;
  every role in 3v3), the seating, the public history, the hand sizes and the pile's size;
* the frame stack of the decision in progress and the pending decision, with every hidden card
  they name as a card in play (``pinned_cards``: a card being used, the card that dealt damage,
  the cards of a 丈八蛇矛 杀, a 护驾 / 激将 answer; a card that was on the table and went back
  into a hand, for instance by 奸雄, stays in that hand).

Redrawn, uniformly over what is consistent with the above:

* which of the cards the seat cannot place (other seats' hands, the draw pile, cards another seat
  is looking at) lies where: the hidden cards are permuted among the hidden places, so every hand
  and the pile keep their sizes. A card another seat chose in secret (its 拼点 card, the 遗计
  card it is giving, the 观星 cards it has put back) is whatever card took that card's place;
* the hidden roles (identity mode): uniform over the assignments of the roles left to the seats
  that do not show theirs, or with probability proportional to the product of ``roles[seat,
  role]`` over those seats (a belief model's output);
* the hero draft's hidden parts: the lord's offer (but the pack's lord heroes and the lord's pick),
  the other seats' offers and picks (identity mode); the other team's assignments (3v3);
* the game's random generator (a new seed drawn from ``rng``), so that the worlds' futures differ.

What the observation does not show is not kept, even where the seat once saw it: a card it gave
away or saw taken into a hand, the 观星 cards it put back on the pile, a card it was shown. The
event ring (the log, which no observation reads) names the redrawn cards by their new identities.

The pending decision of another seat must stay answerable as the engine would have asked it:
a world whose decider has fewer legal actions than it had (at least 2 with autoplay on, when it
had them) is drawn again (``MAX_DRAWS`` times, then that seat's hand is kept as it is).
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from .constants import (
    A_CARD,
    C_LOC,
    D_ORDER,
    EV_ARMOR,
    EV_BASE,
    EV_DISCARD,
    EV_DRAW,
    EV_EQUIP,
    EV_GAIN,
    EV_GIVE,
    EV_JUDGE,
    EV_MOVE_DELAYED,
    EV_NULLIFIED,
    EV_RESPOND,
    EV_REVEAL,
    EV_RING,
    EV_SIZE,
    EV_USE,
    F_AS,
    F_CARD,
    F_KIND,
    F_SUB2,
    FLAG_AUTOPLAY,
    FR_DAMAGE,
    FR_DRAFT,
    FR_EFFECT,
    FR_PINDIAN,
    FR_SKILL,
    FR_TRIGGER,
    FR_USE,
    FRAME_BASE,
    FRAME_SIZE,
    H_ANSWER,
    H_DCARD,
    H_DECIDER,
    H_DONE,
    H_DRAFT,
    H_FLAGS,
    H_FP,
    H_LOOKER,
    H_MODE,
    H_NCARDS,
    H_NDECK,
    H_NP,
    H_PACK,
    H_SEED,
    HR_HP,
    HR_LORD_OFFER,
    HR_PACK,
    MAX_CARDS,
    MAX_OFFER,
    MAX_SEATS,
    MODE_3V3,
    NUM_ACTIONS,
    NUM_ROLES,
    OFFER_BASE,
    P_HERO,
    P_REVEALED,
    P_ROLE,
    ROLE_LORD,
    ROLE_RENEGADE,
    STATE_SIZE,
    TP_DAMAGED,
    Z_DECK,
    Z_HAND,
    Z_LOOK,
)
from .content import HERO_TAB, SKILL_BASE
from .frames import (
    F_DRAFT_SEAT,
    F_LORD_CARD1,
    F_LORD_CARD2,
    F_PD_CARD1,
    F_PD_CARD2,
    F_SKILL_EXTRA,
    F_SKILL_TP,
    F_TRIG_EXTRA,
)
from .mask import legal_mask
from .mode3v3 import POOL_BASE, POOL_OWNER, POOL_SIZE, team_of
from .skills.handlers.yiji import F_YIJI_CARD
from .skills.ids import SK_HUJIA, SK_JIJIANG, SK_YIJI

# the identity mode's roles, the columns a ``roles`` array may have instead of NUM_ROLES
NUM_IDENTITY_ROLES = ROLE_RENEGADE + 1
MAX_DRAWS = 1000          # draws of one world before the decider's hand is kept (a 无懈可击
                          # asked of a one-card hand is met in some 5% of the draws)
# events whose third cell (b) is a card (state.log_event; labels.event_to_str)
CARD_EVENTS = (EV_USE, EV_RESPOND, EV_DRAW, EV_DISCARD, EV_JUDGE, EV_GAIN, EV_EQUIP,
               EV_MOVE_DELAYED, EV_NULLIFIED, EV_ARMOR, EV_GIVE, EV_REVEAL)
# frame slots naming a card in play besides F_CARD, per frame kind (a hidden card there stays
# where it is). Not F_SPEAR1/F_SPEAR2: their cards go to the table as they are chosen, and the
# slots keep stale values (0) in every play phase, which would pin card 0
IN_PLAY_SLOTS = {FR_USE: (F_SUB2,), FR_EFFECT: (F_SUB2,), FR_DAMAGE: (F_SUB2,)}
LORD_ASK_SKILLS = (SK_HUJIA, SK_JIJIANG)          # their F_LORD_CARD1/2 hold the helper's cards


# ---------------------------------------------------------------- checking a request
def check_request(s: np.ndarray, seat, roles=None) -> np.ndarray | None:
    """Raise ValueError (naming what is wrong and what is allowed) unless a world may be drawn
    from row s for seat with roles; returns roles as a float64 array (num_players, NUM_ROLES), or
    None. seat: an int 0..num_players-1 (a dead seat too: it still observes); the game must be
    running. roles: None, or finite probabilities >= 0 of shape (num_players, NUM_ROLES), or
    (num_players, 4) in identity mode (lord, loyalist, rebel, renegade), by absolute seat, with a
    positive probability of every role the seat can see."""
    npl = int(s[H_NP])
    if isinstance(seat, (bool, np.bool_)) or not isinstance(seat, (int, np.integer)) \
            or not 0 <= seat < npl:
        raise ValueError(f"seat must be an int from 0 to {npl - 1}, got {seat!r}")
    if s[H_DONE]:
        raise ValueError("the game is over: there is no hidden state left to draw")
    if roles is None:
        return None
    p = np.asarray(roles, dtype=np.float64)
    widths = (NUM_ROLES,) if s[H_MODE] == MODE_3V3 else (NUM_IDENTITY_ROLES, NUM_ROLES)
    if p.ndim != 2 or p.shape[0] != npl or p.shape[1] not in widths:
        shapes = " or ".join(f"({npl}, {w})" for w in widths)
        raise ValueError(f"roles must have shape {shapes} (a probability per seat and role), "
                         f"got shape {p.shape}")
    if not np.isfinite(p).all() or (p < 0).any():
        raise ValueError("roles must hold finite probabilities >= 0")
    if p.shape[1] < NUM_ROLES:
        p = np.concatenate([p, np.zeros((npl, NUM_ROLES - p.shape[1]))], axis=1)
    for i in known_role_seats(s, int(seat)):
        r = int(s[P_ROLE + i])
        if p[i, r] <= 0:
            raise ValueError(f"roles[{i}] gives probability 0 to role {r}, which seat {i} is "
                             f"seen to hold (known roles: the seat's own, the lord's, the "
                             f"revealed ones)")
    return p


def known_role_seats(s: np.ndarray, seat: int) -> list[int]:
    """The seats whose role seat sees: itself, the lord, the revealed (the dead; all in 3v3)."""
    npl = int(s[H_NP])
    return [i for i in range(npl) if i == seat or s[P_ROLE + i] == ROLE_LORD
            or s[P_REVEALED + i] == 1 or s[H_MODE] == MODE_3V3]


# ---------------------------------------------------------------- what stays
def hidden_cards(s: np.ndarray, seat: int) -> np.ndarray:
    """Per card of the deck: True if seat cannot place it (another seat's hand, the draw pile, the
    cards another seat is looking at)."""
    loc = s[C_LOC:C_LOC + int(s[H_NCARDS])]
    other_hand = (loc >= Z_HAND) & (loc < Z_HAND + MAX_SEATS) & (loc != Z_HAND + seat)
    looked = (loc == Z_LOOK) & (s[H_LOOKER] != seat)
    return other_hand | (loc == Z_DECK) | looked


def _frames(s: np.ndarray):
    """(offset, kind) of every live frame, bottom first."""
    return [(FRAME_BASE + i * FRAME_SIZE, int(s[FRAME_BASE + i * FRAME_SIZE + F_KIND]))
            for i in range(int(s[H_FP]))]


def pinned_cards(s: np.ndarray, seat: int) -> set[int]:
    """Cards the frame stack or the pending decision name as cards in play (their place stays,
    hidden or not): every frame's F_CARD, the second card of a use / effect / damage (a 丈八蛇矛
    杀), a lord skill's helper cards, the second card of a TP_DAMAGED point; and the pending
    decision's card when seat decides (its observation shows the card's kind)."""
    named = []
    for o, kind in _frames(s):
        named.append(s[o + F_CARD])
        named.extend(s[o + f] for f in IN_PLAY_SLOTS.get(kind, ()))
        if kind == FR_SKILL:
            if SKILL_BASE[s[o + F_AS]] in LORD_ASK_SKILLS:
                named.extend((s[o + F_LORD_CARD1], s[o + F_LORD_CARD2]))
            if s[o + F_SKILL_TP] == TP_DAMAGED:
                named.append(s[o + F_SKILL_EXTRA])
        elif kind == FR_TRIGGER and s[o + F_AS] == TP_DAMAGED:
            named.append(s[o + F_TRIG_EXTRA])
    if s[H_DECIDER] == seat:
        named.append(s[H_DCARD])
    n = int(s[H_NCARDS])
    return {int(c) for c in named if 0 <= c < n}


def _choice_slots(s: np.ndarray) -> list[int]:
    """Row cells naming a card another seat chose in secret (its 拼点 card, its 遗计 card): they
    follow the card into the new world."""
    cells = []
    for o, kind in _frames(s):
        if kind == FR_PINDIAN:
            cells += [o + F_PD_CARD1, o + F_PD_CARD2]
        elif kind == FR_SKILL and SKILL_BASE[s[o + F_AS]] == SK_YIJI:
            cells.append(o + F_YIJI_CARD)
    return cells


# ---------------------------------------------------------------- roles
@lru_cache(maxsize=256)
def arrangements(left: tuple[int, ...]) -> np.ndarray:
    """Every distinct order of the multiset left (a sorted tuple of roles): (count, len(left))."""
    out: list[tuple[int, ...]] = []

    def walk(rest: dict[int, int], prefix: tuple[int, ...]):
        if len(prefix) == len(left):
            out.append(prefix)
            return
        for r in sorted(rest):
            if rest[r]:
                rest[r] -= 1
                walk(rest, prefix + (r,))
                rest[r] += 1

    counts: dict[int, int] = {}
    for r in left:
        counts[r] = counts.get(r, 0) + 1
    walk(counts, ())
    return np.array(out, np.int32).reshape(len(out), len(left))


def role_draws(s: np.ndarray, seat: int, rng: np.random.Generator, count: int,
               roles: np.ndarray | None) -> tuple[list[int], np.ndarray]:
    """The seats whose role is hidden from seat and count draws of their roles (count, seats):
    uniform over the distinct assignments of the roles they hold between them, or weighted by
    the product of roles[seat, role]."""
    known = set(known_role_seats(s, seat))
    seats = [i for i in range(int(s[H_NP])) if i not in known]
    left = tuple(sorted(int(s[P_ROLE + i]) for i in seats))
    if not seats:
        return seats, np.zeros((count, 0), np.int32)
    if roles is None:
        draws = np.tile(np.array(left, np.int32), (count, 1))
        return seats, rng.permuted(draws, axis=1)
    options = arrangements(left)
    weight = np.prod(roles[np.array(seats)[None, :], options], axis=1)
    total = weight.sum()
    if not total > 0:
        raise ValueError(f"roles gives probability 0 to every assignment of the hidden roles "
                         f"{sorted(left)} to seats {seats}")
    return seats, options[rng.choice(len(options), size=count, p=weight / total)]


# ---------------------------------------------------------------- the hero draft
def _pack_heroes(pack: int) -> np.ndarray:
    """Hero ids of a pack, in id order (draft.pack_pool)."""
    return np.flatnonzero((HERO_TAB[:, HR_PACK] == pack) & (HERO_TAB[:, HR_HP] > 0))


def _offer(s: np.ndarray, seat: int) -> list[int]:
    cells = s[OFFER_BASE + seat * MAX_OFFER:OFFER_BASE + (seat + 1) * MAX_OFFER]
    return [int(h) for h in cells if h >= 0]


def _set_offer(s: np.ndarray, seat: int, heroes) -> None:
    """seat's offer: heroes in increasing id, then -1 (draft.sort_offer)."""
    hs = sorted(int(h) for h in heroes)
    s[OFFER_BASE + seat * MAX_OFFER:OFFER_BASE + (seat + 1) * MAX_OFFER] = \
        hs + [-1] * (MAX_OFFER - len(hs))


def _redraw_draft(s: np.ndarray, seat: int, rng: np.random.Generator) -> None:
    """Identity mode's draft (draft.py): the lord's offer (its lord heroes and his pick kept), the
    other seats' offers (drawn from the pack without the lord's hero and seat's own offer, each
    size kept) and the picks they made (one of their new offer each)."""
    draft = [o for o, kind in _frames(s) if kind == FR_DRAFT]
    if not draft:
        return
    chosen = int(s[draft[-1] + F_DRAFT_SEAT])        # seats below it have picked
    pack = int(s[H_PACK])
    heroes = _pack_heroes(pack)
    lord_hero = int(s[P_HERO]) if chosen > 0 else -1
    if seat != 0:
        can_lead = [int(h) for h in heroes if HERO_TAB[h, HR_LORD_OFFER] >= 0]
        fixed = [h for h in can_lead if HERO_TAB[h, HR_LORD_OFFER] == 1][:MAX_OFFER]
        size = len(_offer(s, 0))
        keep = fixed + ([lord_hero] if lord_hero >= 0 and lord_hero not in fixed else [])
        rest = [h for h in can_lead if h not in keep]
        _set_offer(s, 0, keep + list(rng.choice(rest, size - len(keep), replace=False)))
    if chosen == 0:
        return
    own = set(_offer(s, seat)) if seat != 0 else set()
    pool = [int(h) for h in heroes if h != lord_hero and h not in own]
    others = [i for i in range(1, int(s[H_NP])) if i != seat]
    sizes = [len(_offer(s, i)) for i in others]
    drawn = [int(h) for h in rng.permutation(pool)[:sum(sizes)]]
    for i, size in zip(others, sizes, strict=True):
        offer, drawn = drawn[:size], drawn[size:]
        _set_offer(s, i, offer)
        if i < chosen:
            s[P_HERO + i] = offer[int(rng.integers(size))]


def _redraw_draft_3v3(s: np.ndarray, seat: int, rng: np.random.Generator) -> None:
    """3v3's draft (mode3v3.py): which of the other team's heroes each of its assigned seats got
    (its picks are public, its assignments seen by its own team only)."""
    other = 1 - team_of(seat)
    slots, assigned = [], []
    for i in range(POOL_SIZE):
        owner = int(s[POOL_OWNER + i])
        if s[POOL_BASE + i] < 0:
            continue
        if owner == other:
            slots.append(i)
        elif owner >= 2 and team_of(owner - 2) == other:
            slots.append(i)
            assigned.append(owner - 2)
    picks = rng.permutation(slots)
    for i in slots:
        s[POOL_OWNER + i] = other
    for member, slot in zip(assigned, picks, strict=False):
        s[POOL_OWNER + slot] = 2 + member
        s[P_HERO + member] = s[POOL_BASE + slot]


# ---------------------------------------------------------------- one world
def _relabel(s: np.ndarray, sigma: np.ndarray, choice_cells: list[int]) -> None:
    """Card x of the old world is card sigma[x] of the new one (sigma moves hidden cards only):
    sigma[x] takes x's place, and every cell naming x as a card in a hidden place names
    sigma[x] instead (the draw pile's order and its scratch above the pile, secret choices, the
    pending answer, the event ring)."""
    n = sigma.shape[0]
    loc = s[C_LOC:C_LOC + n].copy()
    s[C_LOC + sigma] = loc
    order = s[D_ORDER:D_ORDER + MAX_CARDS]
    inside = order < n
    order[inside] = sigma[order[inside]]
    for cell in choice_cells + [H_DCARD]:
        if 0 <= s[cell] < n:
            s[cell] = sigma[s[cell]]
    answer = int(s[H_ANSWER]) - A_CARD
    if 0 <= answer < n:
        s[H_ANSWER] = A_CARD + sigma[answer]
    ring = s[EV_BASE:EV_BASE + EV_RING * EV_SIZE].reshape(EV_RING, EV_SIZE)
    for e in range(EV_RING):
        if ring[e, 0] in CARD_EVENTS and 0 <= ring[e, 2] < n:
            ring[e, 2] = sigma[ring[e, 2]]


def _world(s: np.ndarray, seat: int, rng: np.random.Generator, pool: np.ndarray,
           role_seats: list[int], role_draw: np.ndarray, choice_cells: list[int]) -> np.ndarray:
    w = s.copy()
    sigma = np.arange(int(s[H_NCARDS]))
    sigma[pool] = rng.permutation(pool)
    _relabel(w, sigma, choice_cells)
    for i, r in zip(role_seats, role_draw, strict=True):
        w[P_ROLE + i] = r
    if w[H_DRAFT]:
        if w[H_MODE] == MODE_3V3:
            _redraw_draft_3v3(w, seat, rng)
        else:
            _redraw_draft(w, seat, rng)
    w[H_SEED] = int(rng.integers(-(1 << 31), 1 << 31))
    return w


def _legal_count(s: np.ndarray) -> int:
    return int(legal_mask(s, np.zeros(NUM_ACTIONS, np.int8)))


def draw_worlds(s: np.ndarray, seat: int, rng: np.random.Generator, count: int,
                roles: np.ndarray | None = None) -> np.ndarray:
    """count worlds (count, STATE_SIZE) int32 consistent with what seat knows in row s (module
    docstring). seat, roles as ``check_request`` returns them (checked there)."""
    hidden = hidden_cards(s, seat)
    pinned = pinned_cards(s, seat)
    pool = np.array([c for c in np.flatnonzero(hidden) if c not in pinned], np.int64)
    role_seats, role_draw = role_draws(s, seat, rng, count, roles)
    choice_cells = _choice_slots(s)
    decider = int(s[H_DECIDER])
    need = 0
    if decider != seat and decider >= 0:
        need = min(_legal_count(s), 2 if s[H_FLAGS] & FLAG_AUTOPLAY else 1)
    out = np.empty((count, STATE_SIZE), np.int32)
    for k in range(count):
        for _ in range(MAX_DRAWS):
            w = _world(s, seat, rng, pool, role_seats, role_draw[k], choice_cells)
            if need == 0 or _legal_count(w) >= need:
                break
        else:       # the decider's hand as it is (the true hand answers as it was asked)
            theirs = s[C_LOC:C_LOC + int(s[H_NCARDS])][pool] == Z_HAND + decider
            w = _world(s, seat, rng, pool[~theirs], role_seats, role_draw[k], choice_cells)
        out[k] = w
    return out


def canonical(s: np.ndarray, seat: int) -> np.ndarray:
    """A copy of row s with the cards seat cannot place (``draw_worlds``'s pool) put in one
    arrangement that depends only on what seat knows: the pool's card ids, in increasing order,
    fill its places in order of (zone, place in the draw pile), and the stale cells above the
    pile (the engine writes them before it reads them) are emptied. Two rows that seat cannot
    tell apart (a row and its ``draw_worlds``) give rows equal but for the hidden roles, the
    hidden parts of the draft, the generator's seed and the event ring's names of hidden cards,
    which ``draw_worlds`` redraws or no rule reads; so ``draw_worlds(canonical(s, seat), ...)``
    draws the same worlds from either (the tables of ``heroes_env.agents``: a search agent's
    worlds then cannot depend on the hidden state)."""
    hidden = hidden_cards(s, seat)
    pinned = pinned_cards(s, seat)
    pool = np.array([c for c in np.flatnonzero(hidden) if c not in pinned], np.int64)
    n = int(s[H_NCARDS])
    loc = s[C_LOC:C_LOC + n]
    pile = np.zeros(n, np.int64)
    pile_size = int(s[H_NDECK])
    pile[s[D_ORDER:D_ORDER + pile_size]] = np.arange(pile_size)
    places = pool[np.lexsort((pool, pile[pool], loc[pool]))]
    sigma = np.arange(n)
    sigma[places] = np.sort(pool)
    out = s.copy()
    _relabel(out, sigma, _choice_slots(s))
    out[D_ORDER + pile_size:D_ORDER + MAX_CARDS] = 0
    return out
