"""Small helpers shared by the scenario tests (importable as ``helpers`` from any test file)."""
import json

import numpy as np

from heroes_env import labels
from heroes_env.config import Config
from heroes_env.engine import batch, content, invariants
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
    """Whole events (kind, a, b, c) of one kind, from event index start on, with their cells'
    values (``labels.event_values``: the details a log line shows left out)."""
    return [labels.event_values(e) for e in g.event_log[start:] if e[0] == kind]


def event_args(g, kind):
    """(a, b, c) of every event of one kind (values only, as ``events``)."""
    return [e[1:] for e in events(g, kind)]


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


# ============================================================ the skill tests' tables and checks
# The scenario tests of tests/skills/ import these under the names their tests use (``from
# helpers import table4_filled as table``): one home for each, whichever skill file uses it.

# equipment in hand that its holder may always play: the current player keeps a DK_PLAY decision
ZHUAHUANG = "zhuahuangfeidian"          # 爪黄飞电 ♥K, a +1 horse
ZHUAHUANG_LABEL = "Zhuahuang Feidian ♥K"
CHITU = "chitu"                         # 赤兔 ♥5, a -1 horse
DILU = "dilu"                           # 的卢 ♣5, a black +1 horse
DILU_LABEL = "Dilu ♣5"
HK_HORSE = "defensive_horse ♣5"         # the 英雄杀 deck's +1 horse, by key
HK_HORSE_LABEL = "Defence Horse ♣5"
HK_HEART_HORSE = "Defence Horse ♥K"     # the 英雄杀 deck's +1 horse ♥K, by label

SKILL_IDS = {s.key: s.id for s in content.SKILLS.values()}       # skill key -> its own id
# the hero of every living seat a test leaves without one (a hero game wants a hero on every
# seat): 吕蒙 (吴, 4 HP, male), whose only skill 克己 acts in a discard phase with more hand cards
# than HP, which the tests using it do not reach
FILL = "lvmeng"
# the heroes of the seats that name none, by seat, in ``everyone_a_hero``
NEUTRAL_HEROES = ("xuchu", "zhangfei", "huangyueying", "xuchu")
ROLES8 = ("lord", "rebel", "loyalist", "renegade", "rebel", "rebel", "loyalist", "rebel")


def table4_filled(*hands_or_seats, **kw):
    """A four-seat table (lord, rebel, loyalist, renegade) from seat dicts or hand lists; living
    seats without a hero get FILL."""
    seats = seats4(hands_or_seats)
    for d in seats:
        if d.get("alive", True):
            d.setdefault("hero", FILL)
    return build(seats, distinct_heroes=False, **kw)


def everyone_a_hero(*seats):
    """Seat dicts (or hand lists) with a neutral hero on every seat that names none (the state
    invariants of a hero game want a hero on every seat)."""
    out = []
    for i, d in enumerate(list(seats) + [{}] * (4 - len(seats))):
        d = {"hand": d} if isinstance(d, list) else dict(d)
        d.setdefault("hero", NEUTRAL_HEROES[i])
        out.append(d)
    return out


def table4_neutral(*seats, **kw):
    """``table4`` with a neutral hero on every seat that names none (``everyone_a_hero``)."""
    return table4(*everyone_a_hero(*seats), **kw)


def seats(*ds, roles=ROLES8):
    """Seat dicts for build(), roles filled in by position."""
    out = []
    for i, d in enumerate(ds):
        d = dict(d)
        d.setdefault("role", roles[i])
        out.append(d)
    return out


def roles_table(*ds, **kw):
    """build() a table of len(ds) seats, roles by position."""
    return build(seats(*ds), **kw)


def herokill_table(*ds, **kw):
    """build() a table of len(ds) seats on the herokill deck; roles by position."""
    kw.setdefault("deck", "herokill")
    return build(seats(*ds), **kw)


def herokill_table4(*hands_or_seats, **kw):
    """``table4`` on the herokill deck."""
    kw.setdefault("deck", "herokill")
    return table4(*hands_or_seats, **kw)


# five seats for 武则天's tests: 0 lord (武则天 unless a test says otherwise), 1 rebel, 2 loyalist,
# 3 rebel, 4 renegade
ROLES5 = ["lord", "rebel", "loyalist", "rebel", "renegade"]
FILL5 = ("wuzetian", "xuchu", "lvmeng", "xuchu", "lvmeng")


def wuzetian_table(*seats, **kw):
    """Five seats (ROLES5) from seat dicts or hand lists; seats without a hero get FILL5's."""
    out = []
    for i in range(5):
        d = seats[i] if i < len(seats) else {}
        d = {"hand": d} if isinstance(d, list) else dict(d)
        d.setdefault("role", ROLES5[i])
        d.setdefault("hero", FILL5[i])
        out.append(d)
    return build(out, distinct_heroes=False, **kw)


def qiandu(g, cards, target):
    """武则天 (the decider) discards two black hand cards and swaps with target."""
    g.play("skill Moving the Capital")
    for c in cards:
        if g.decision_kind == C.DK_SKILL_CARD:
            g.play(c)
    g.play(f"target player_{target}")


def stand_in(g, seat, skill, slot=0):
    """Give a rigged seat a skill in one slot (a skill tested without seating its hero)."""
    g.s[C.P_SK0 + slot * C.MAX_SEATS + seat] = skill
    g.s[C.H_HEROES] = 1
    g.invalidate()


def skill_events_by_key(g, skill=None):
    """(seat, skill id, target) of every EV_SKILL (of one skill, by key, if named)."""
    evs = event_args(g, C.EV_SKILL)
    return [e for e in evs if skill is None or e[1] == SKILL_IDS[skill]]


def judged(g):
    """Labels of every judgement card revealed so far (EV_JUDGE), in order."""
    return [g.card_name(e[1]) for e in event_args(g, C.EV_JUDGE)]


def expect_confirm(g, seat, skill):
    """seat is asked whether to use its optional skill (by key, its own id): exactly pass /
    confirm."""
    expect(g, seat, C.DK_CONFIRM)
    assert int(g.s[C.H_DSKILL]) == SKILL_IDS[skill], g.describe_decision()
    assert g.describe_decision() == \
        f"player_{seat} decides: {content.SKILLS[skill].name_en} — confirm?"
    assert g.legal_labels() == ["pass", "confirm"]


def expect_skill(g, seat, kind, skill, labels):
    """seat makes a DK_SKILL_* choice for skill (by key) with exactly these legal labels."""
    expect(g, seat, kind)
    assert int(g.s[C.H_DSKILL]) == SKILL_IDS[skill], g.describe_decision()
    assert g.legal_labels() == labels


def no_skill_asked(g, skill):
    assert skill_events_by_key(g, skill) == []
    assert not (g.decision_kind == C.DK_CONFIRM and int(g.s[C.H_DSKILL]) == SKILL_IDS[skill])


def asked_by(g, seat, kind, skill):
    """seat makes a decision of this kind for skill (by key): the engine asks by its base id, the
    description names the skill itself."""
    expect(g, seat, kind)
    assert int(g.s[C.H_DSKILL]) == content.SKILL_BASE[SKILL_IDS[skill]], g.describe_decision()
    assert g.describe_decision().startswith(
        f"player_{seat} decides: {content.SKILLS[skill].name_en} — ")


def expect_confirm_by_base(g, seat, skill):
    """``asked_by`` a confirmation: exactly pass / confirm."""
    asked_by(g, seat, C.DK_CONFIRM, skill)
    assert g.legal_labels() == ["pass", "confirm"]


def mark(g, seat):
    return int(g.s[C.P_MARK + seat])


def seen_marks(g, viewer, seat):
    """The OS_MARK cells of seat in viewer's observation."""
    r = (seat - viewer) % g.num_players
    o = g.observe(viewer)
    return o[C.OBS_SEATS + r * C.SEAT_OBS + C.OS_MARK:][:C.NUM_MARKS].tolist()


def labels_of(g, cards):
    return [g.card_name(c) for c in cards]


def sorted_labels(g):
    return sorted(g.legal_labels())


def index_of(g, pred):
    """Index in the event log of the first event matching pred."""
    for i, e in enumerate(g.event_log):
        if pred(e):
            return i
    raise AssertionError("no such event")


def hit(g, card="Slash ♠7", target="target player_1"):
    g.play(card)
    g.play(target)


def checked_games(cfg, games, base):
    """``games`` random games of cfg, every step checked by the compiled invariant checker
    (``invariants.play_checked``); fails naming the first few broken. Returns its results."""
    seeds = (np.arange(games, dtype=np.int64) * 7919 + base).astype(np.int32)
    out = np.zeros((games, 4), np.int64)
    invariants.play_checked(seeds, cfg.spec(), base, out)
    bad = np.flatnonzero(out[:, 3])
    assert bad.size == 0, [f"seed {seeds[i]}: {invariants.VIOLATIONS.get(int(out[i, 3]))} at "
                           f"decision {out[i, 2]}" for i in bad[:5]]
    return out


# PettingZoo's api_test warns twice about an env whose observation is a Dict of "observation" and
# "action_mask" (the action-masked form PettingZoo documents for its classic games), because it
# exempts only its own classic envs by name: "Observation is not a NumPy array" for each observed
# Dict, and "Observation space ... should be Box or Discrete" for each agent's Dict space. Both
# observation and mask are checked as arrays by the same test (inf, NaN, dtype, 0/1 mask). Any
# other warning is a finding.
API_TEST_EXPECTED_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
}


def pettingzoo_api_test(env, num_cycles):
    """PettingZoo's ``api_test`` on env; asserts that it warns exactly the expected two warnings,
    and keeps them out of the run's warnings summary."""
    import warnings

    from pettingzoo.test import api_test
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=num_cycles)
    seen = {str(w.message) for w in caught}
    assert seen == API_TEST_EXPECTED_WARNINGS, seen ^ API_TEST_EXPECTED_WARNINGS


def sb3_model(path: str, policy_kwargs: dict | None = None) -> str:
    """A tiny sb3-contrib MaskablePPO model of this env's spaces saved at path (untrained, torch
    seeded): what a .zip model file looks like."""
    import gymnasium as gym
    import torch
    from sb3_contrib import MaskablePPO

    from heroes_env.engine import constants as C

    class Env(gym.Env):
        observation_space = gym.spaces.Box(0, 1, (C.OBS_SIZE,), np.float32)
        action_space = gym.spaces.Discrete(C.NUM_ACTIONS)

        def reset(self, seed=None, options=None):
            return np.zeros(C.OBS_SIZE, np.float32), {}

        def step(self, a):
            return np.zeros(C.OBS_SIZE, np.float32), 0.0, True, False, {}

        def action_masks(self):
            return np.ones(C.NUM_ACTIONS, bool)

    torch.manual_seed(0)
    MaskablePPO("MlpPolicy", Env(), policy_kwargs=policy_kwargs or {"net_arch": [32, 16]},
                device="cpu", n_steps=8, batch_size=8).save(path)
    return path
