"""The table as one seat sees it: the data the terminal player (``heroes_env.play``) prints and the
replay page (``heroes_env.replay``) draws.

``table_view(game, viewer)`` reads what seat ``viewer`` may know and nothing else: its own
observation (``Game.observe``: HP, hand sizes, the roles it knows, the heroes it may see, its own
hand, the cards it is looking at, the decision if it is its own) plus the zones everyone sees
(equipment, judgement zones, hero piles, the table, the seating). ``viewer=None`` is the
all-seeing view (every hand, role and hero, from the full state). Seats in the result are
absolute (``player_k`` is seat k); ``order`` lists them in seating order.

The result holds only ints, strings, lists and dicts (JSON as it is): card ids of the game's deck,
hero ids, role ids (``C.ROLE_*``, -1 = unknown to the viewer), and, for the seat that decides (or
the all-seeing view), the legal actions with their labels in both languages.
"""
from __future__ import annotations

import numpy as np

from . import heroes, labels
from .engine import constants as C
from .engine import content


def _abs_seat(s, viewer: int, rel: int) -> int:
    """The absolute seat sitting rel places after viewer (the seating is public)."""
    n = int(s[C.H_NP])
    return int(s[C.P_AT + (int(s[C.P_POS + viewer]) + rel) % n])


def _onehot(v: np.ndarray) -> int:
    i = int(v.argmax()) if v.size else 0
    return i if v.size and v[i] > 0 else -1


def _zone(g, seat: int) -> dict:
    """The public zones of a seat: equipment, judgement zone, hero pile (card ids)."""
    return {"equip": g.equipment(seat), "judge": g.judgement_zone(seat), "pile": g.hero_pile(seat)}


def seat_order(g) -> list[int]:
    """Absolute seats in seating order (position 0 first; 迁都 can change it)."""
    n = g.num_players
    return [int(g.s[C.P_AT + p]) for p in range(n)]


def decision_view(g, viewer: int | None) -> dict | None:
    """The pending decision as viewer knows it: who decides and what kind of decision, for
    everyone; the legal actions (id, en and zh labels) and, at a hero choice, the offered hero
    ids (``offer``) only for the decider and the all-seeing view. None when the game is over."""
    if g.done:
        return None
    d = g.decider
    out = {"seat": d, "kind": g.decision_kind,
           "text": {lang: g.describe_decision(lang) for lang in ("en", "zh")}}
    if viewer is None or viewer == d:
        out["legal"] = [[a, g.action_to_str(a, "en"), g.action_to_str(a, "zh")]
                        for a in g.legal_actions()]
        s = g.s
        c = int(s[C.H_DCARD])
        # the context card, if the decider may see it (it is almost always on the table or in
        # the decider's hand; a card it cannot see is left out)
        if not (0 <= c < int(s[C.H_NCARDS])) or not (
                labels.public_zone(int(s[C.C_LOC + c])) or int(s[C.C_LOC + c]) == C.Z_HAND + d
                or (int(s[C.C_LOC + c]) == C.Z_LOOK and int(s[C.H_LOOKER]) == d)):
            c = -1
        out["card"] = c
        out["src"] = int(s[C.H_DSRC]) if 0 <= int(s[C.H_DSRC]) < g.num_players else -1
        out["tgt"] = int(s[C.H_DTGT]) if 0 <= int(s[C.H_DTGT]) < g.num_players else -1
        if g.decision_kind == C.DK_HERO:      # the heroes offered, in action order (A_HERO + j)
            out["offer"] = labels.hero_choices(s, d)
    return out


# decisions whose source and target seats mean "who plays the card on whom"
CONTEXT_SEATS = (C.DK_JINK, C.DK_SLASH, C.DK_PEACH, C.DK_NULLIFY, C.DK_PICK, C.DK_DSWORDS,
                 C.DK_KYLIN)


def context_text(g, dec: dict, lang: str = "en") -> str:
    """The decision's context in words: the card, who plays it, on whom (decider's view)."""
    zh = lang == "zh"
    parts = []
    if dec.get("card", -1) >= 0:
        parts.append(g.card_name(dec["card"], lang))
    if dec["kind"] not in CONTEXT_SEATS:
        return " · ".join(parts)
    if dec.get("src", -1) >= 0:
        parts.append(("来自 " if zh else "from ") + labels.seat_name(dec["src"], lang))
    if dec.get("tgt", -1) >= 0:
        parts.append(("目标 " if zh else "on ") + labels.seat_name(dec["tgt"], lang))
    return " · ".join(parts)


def table_view(g, viewer: int | None) -> dict:
    """The table as seat viewer sees it now (module docstring); viewer None: everything."""
    s = g.s
    n = g.num_players
    seats = []
    if viewer is None:
        for seat in range(n):
            h = int(s[C.P_HERO + seat])
            seats.append({"seat": seat, "alive": g.alive(seat), "hp": g.hp(seat),
                          "maxhp": g.max_hp(seat), "handn": len(g.hand(seat)),
                          "hero": h, "role": g.role(seat), "hand": g.hand(seat),
                          **_zone(g, seat)})
        look = g.zone_cards(C.Z_LOOK)
        hand = None
        role = None
    else:
        viewer = g._check_seat(viewer)
        obs = g.observe(viewer)
        blocks = obs[C.OBS_SEATS:C.OBS_SEATS + C.MAX_SEATS * C.SEAT_OBS].reshape(C.MAX_SEATS,
                                                                                 C.SEAT_OBS)
        by_seat = {}
        for r in range(n):
            b = blocks[r]
            seat = _abs_seat(s, viewer, r)
            by_seat[seat] = {"seat": seat, "alive": bool(b[C.OS_ALIVE] > 0), "hp": int(b[C.OS_HP]),
                             "maxhp": int(b[C.OS_MAXHP]), "handn": int(b[C.OS_HANDN]),
                             "hero": _onehot(b[C.OS_HERO:C.OS_HERO + C.OBS_HERO_ROOM]),
                             "role": _onehot(b[C.OS_ROLE:C.OS_ROLE + C.NUM_ROLES]),
                             "hand": None, **_zone(g, seat)}
        hand = [int(c) for c in np.flatnonzero(obs[C.OBS_HAND:C.OBS_HAND + C.MAX_CARDS])]
        by_seat[viewer]["hand"] = hand
        seats = [by_seat[k] for k in range(n)]
        look = [int(c) for c in np.flatnonzero(obs[C.OBS_LOOK:C.OBS_LOOK + C.MAX_CARDS])]
        role = _onehot(obs[C.OBS_ROLE:C.OBS_ROLE + C.NUM_ROLES])
    table = sorted(g.zone_cards(C.Z_PROC) + g.zone_cards(C.Z_AG))
    return {"viewer": viewer, "n": n, "round": g.round, "phase": g.phase, "current": g.current,
            "deck": int(s[C.H_NDECK]), "discard": len(g.zone_cards(C.Z_DISCARD)),
            "order": seat_order(g), "seats": seats, "table": table, "look": look,
            "role": role, "done": g.done, "result": g.result if g.done else None,
            "decision": decision_view(g, viewer)}


# ---------------------------------------------------------------- names
def hero_card(h: int) -> dict | None:
    """A hero as the pages draw it (JSON): names, HP, kingdom and gender, and its skills' names
    and texts, in both languages (``heroes_env.heroes``); None for no hero."""
    x = content.HEROES_BY_ID.get(int(h))
    if x is None:
        return None
    info = heroes.HEROES[x.key]
    both = lambda f: {lang: f(lang) for lang in heroes.LANGS}  # noqa: E731
    return {"en": info.name_en, "zh": info.name_zh, "key": info.key, "hp": info.hp,
            "kingdom": both(info.kingdom_name), "gender": both(info.gender_name),
            "skills": [{"en": k.name_en, "zh": k.name_zh, "lord": k.lord, "text": both(k.text)}
                       for k in info.skills]}


def card_info(deck: tuple) -> list[dict]:
    """Per card id of a deck: its labels and colour (for drawing it)."""
    return [{"en": c.label("en"), "zh": c.label("zh"),
             "red": c.suit in (C.SUIT_HEART, C.SUIT_DIAMOND)}
            for c in deck]


def role_name(role: int | None, lang: str = "en") -> str:
    if role is None or role < 0:
        return "?" if lang == "en" else "？"
    return labels.ROLE_NAMES[lang][role]
