"""Small helpers shared by the scenario tests (importable as ``helpers`` from any test file)."""
import json

import numpy as np

from heroes_env.config import Config
from heroes_env.engine import batch
from heroes_env.engine import constants as C
from heroes_env.scenario import build

ROLES4 = ["lord", "rebel", "loyalist", "renegade"]


def names(g, cards):
    """Sorted labels of card ids (a multiset, so duplicate copies compare correctly)."""
    return sorted(g.card_name(c) for c in cards)


def hand_names(g, seat):
    return names(g, g.hand(seat))


def equip_names(g, seat):
    return names(g, g.equipment(seat))


def discard_names(g):
    return names(g, g.zone_cards(C.Z_DISCARD))


def events(g, kind, start=0):
    """Whole events (kind, a, b, c) of one kind, from event index start on."""
    return [e for e in g.event_log[start:] if e[0] == kind]


def event_args(g, kind):
    """(a, b, c) of every event of one kind."""
    return [e[1:] for e in g.event_log if e[0] == kind]


def damage(g):
    """(source, target, amount) of every damage so far."""
    return event_args(g, C.EV_DAMAGE)


def expect(g, decider, kind):
    """The game runs and decider must now make a decision of this kind."""
    assert not g.done, g.describe_decision()
    assert (g.decider, g.decision_kind) == (decider, kind), g.describe_decision()


def seats4(hands_or_seats):
    """Four seats (lord, rebel, loyalist, renegade); each item is a seat dict or a hand list."""
    seats = []
    for i in range(4):
        d = hands_or_seats[i] if i < len(hands_or_seats) else {}
        if isinstance(d, list):
            d = {"hand": d}
        d = dict(d)
        d.setdefault("role", ROLES4[i])
        seats.append(d)
    return seats


def table4(*hands_or_seats, **kw):
    """build() a four-seat table from seat dicts or hand lists (seats may share a hero: the
    filler seats of rule tests)."""
    return build(seats4(hands_or_seats), **{"distinct_heroes": False, **kw})


def random_batch(n, B, steps, base_seed):
    """B games of n players from engine seeds 50.., then ``steps`` random decisions each with the
    compiled batch kernel (or its pure-Python twin). Returns (S, obs, stats)."""
    S = np.zeros((B, C.STATE_SIZE), np.int32)
    masks = np.zeros((B, C.NUM_ACTIONS), np.int8)
    obs = np.zeros((B, C.OBS_SIZE), np.float32)
    stats = np.zeros((B, 3), np.int64)
    spec = Config(num_players=n).spec()
    batch.batch_reset(S, np.arange(B, dtype=np.int32) + 50, spec, masks, obs)
    batch.batch_random_play(S, steps, spec, base_seed, True, obs, stats)
    return S, obs, stats


def skill_events(g, skill):
    """(seat, own skill id, target) of every logged use of one skill id (the hero's own id)."""
    return [e[1:] for e in events(g, C.EV_SKILL) if e[2] == skill]


def asked(g, seat, kind, skill):
    """seat must now make a decision of this kind on behalf of this skill (its base id)."""
    expect(g, seat, kind)
    assert int(g.s[C.H_DSKILL]) == skill, g.describe_decision()


def play_agents(config, agents, seed, collect=None):
    """One game with agents[seat] deciding for each seat (each reset with seed * 100 + seat);
    every action must be legal. collect: a list to append each (obs, mask) to. Returns (game,
    actions taken)."""
    from heroes_env import Game
    g = Game.new(config, seed=seed)
    for i, a in enumerate(agents):
        a.reset(seed=seed * 100 + i)
    actions = []
    while not g.done:
        seat = g.decider
        obs, mask = g.observe_with_mask(seat)
        a = agents[seat].act(obs, mask)
        assert mask[a] == 1, (seat, a, int(g.decision_kind))
        if collect is not None:
            collect.append((obs.copy(), mask.copy()))
        g.step(a, seat)
        actions.append(a)
    return g, actions


def strip_run(summary):
    """A tournament summary without its "run" block (backend, timing): what must not differ."""
    return {k: v for k, v in summary.items() if k != "run"}


def game_lines(path):
    """A tournament games file: (header, records sorted by game index)."""
    with open(path, encoding="utf-8") as f:
        lines = [json.loads(x) for x in f]
    return lines[0], sorted(lines[1:], key=lambda r: r["game"])
