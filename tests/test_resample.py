"""``Game.resample`` and ``VectorEnv.resample``: worlds a seat cannot tell from the game it plays.

At decision points of random games in every pack, mode and player count, worlds are drawn for
several seats and checked: the seat's observation is equal bit for bit (and so is its mask when it
decides), the compiled invariant checker passes, only the cells that hold hidden information
differ from the game's (each hand keeps its size, a secret choice stays in its place), and the
draft's redrawn offers stay an offer the engine could have dealt. The redrawn parts vary as they
should: chi-square tests that hidden roles and a hand's cards are uniform over what is consistent,
and that a given role distribution weights the assignments as asked. A world plays to its end.
Bad input is refused with a ValueError and changes nothing.

The quick run (``-m "not slow"``) checks a few hundred states; the full run adds the sweep over
more than 10,000.
"""
import math

import numpy as np
import pytest
from conftest import check_invariants

from heroes_env import Config, Game
from heroes_env.engine import constants as C
from heroes_env.engine import resample as R
from heroes_env.engine.mode3v3 import POOL_BASE, POOL_OWNER, POOL_SIZE, team_of
from heroes_env.vector import VectorEnv

PACKS = ("none", "standard", "herokill", "classmates")
# every pack at a few player counts, and 3v3 (hero packs: with the draft)
CONFIGS = [Config(num_players=n, pack=p) for p in PACKS for n in (4, 5, 8, 10)] \
    + [Config(num_players=n, pack="standard") for n in (6, 7, 9)] \
    + [Config(mode="3v3", pack=p) for p in PACKS]
SEATS_PER_STATE = 3          # the decider and two other seats
Z_OFFERS = slice(C.OFFER_BASE, C.OFFER_BASE + C.MAX_SEATS * C.MAX_OFFER)
Z_EVENTS = slice(C.EV_BASE, C.EV_BASE + C.EV_RING * C.EV_SIZE)
Z_ORDER = slice(C.D_ORDER, C.D_ORDER + C.MAX_CARDS)


def chi2_limit(df: int, z: float = 3.72) -> float:
    """The chi-square value a statistic of df degrees of freedom exceeds with probability about
    1e-4 (the Wilson-Hilferty approximation; z: the normal quantile)."""
    k = 2 / (9 * df)
    return df * (1 - k + z * math.sqrt(k)) ** 3


def chi2(counts, expected) -> float:
    counts, expected = np.asarray(counts, float), np.asarray(expected, float)
    return float(((counts - expected) ** 2 / expected).sum())


def states(config, seed, every=1, limit=None):
    """Clones of a random game's decision points (every every-th, at most limit)."""
    rng = np.random.default_rng(seed)
    g = Game.new(config, seed=seed)
    k = 0
    while not g.done and (limit is None or k < limit * every):
        if k % every == 0:
            yield g.clone()
        k += 1
        legal = g.legal_actions()
        g.step(legal[int(rng.integers(len(legal)))])


def seats_to_check(g, rng):
    others = [i for i in range(g.num_players) if i != g.decider]
    picked = rng.choice(others, size=min(SEATS_PER_STATE - 1, len(others)), replace=False)
    return [g.decider] + [int(i) for i in picked]


def changeable_cells(g, seat) -> np.ndarray:
    """The cells of g's row a world for seat may change: where hidden cards lie, the pile's order
    (and its scratch), hidden roles, the draft's hidden parts, secret choices, the pending answer
    and card, the seed and the event ring."""
    s = g.s
    free = np.zeros(C.STATE_SIZE, bool)
    free[C.C_LOC + np.flatnonzero(R.hidden_cards(s, seat))] = True
    free[Z_ORDER] = True
    known = R.known_role_seats(s, seat)
    for i in range(g.num_players):
        if i not in known:
            free[C.P_ROLE + i] = True
    if s[C.H_DRAFT]:
        free[Z_OFFERS] = True
        free[[C.P_HERO + i for i in range(g.num_players) if i != seat]] = True
    free[R._choice_slots(s)] = True
    free[[C.H_DCARD, C.H_ANSWER, C.H_SEED]] = True
    free[Z_EVENTS] = True
    return free


def check_draft(w, seat):
    """The draft of world w is one the engine could have dealt: identity mode's offers disjoint
    (but the lord's), of the right pack, picks within the offers; 3v3's assignments within each
    team's picks."""
    s = w.s
    if not s[C.H_DRAFT]:
        return
    if s[C.H_MODE] == C.MODE_3V3:
        for i in range(POOL_SIZE):
            owner = int(s[POOL_OWNER + i])
            if owner >= 2:
                assert s[C.P_HERO + owner - 2] == s[POOL_BASE + i]
        return
    offers = [R._offer(s, i) for i in range(w.num_players)]
    later = [h for o in offers[1:] for h in o]
    assert len(later) == len(set(later)), offers
    assert int(s[C.P_HERO]) not in later or s[C.P_HERO] < 0
    for i in range(1, w.num_players):
        if s[C.P_HERO + i] >= 0:
            assert int(s[C.P_HERO + i]) in offers[i]
    assert set(R.HERO_TAB[later, C.HR_PACK].tolist()) <= {int(s[C.H_PACK])}


def check_world(g, w, seat):
    """Everything a world for seat must keep (module docstring)."""
    label = f"seat {seat}, {g.describe_decision()}"
    assert not w.done
    np.testing.assert_array_equal(w.observe(seat), g.observe(seat), err_msg=label)
    np.testing.assert_array_equal(w.observe(seat, np.uint8), g.observe(seat, np.uint8))
    if seat == g.decider:
        np.testing.assert_array_equal(w.mask(), g.mask(), err_msg=label)
    else:
        assert w.mask().sum() >= min(g.mask().sum(), 2), label
    check_invariants(w)
    moved = np.flatnonzero((w.s != g.s) & ~changeable_cells(g, seat))
    assert moved.size == 0, f"{label}: cells {moved[:8]} changed"
    for cell in R._choice_slots(g.s):
        c = int(g.s[cell])
        if c >= 0:
            assert w.s[C.C_LOC + w.s[cell]] == g.s[C.C_LOC + c], label
    for i in range(g.num_players):
        assert w.s[C.P_HANDN + i] == len(w.hand(i))
    check_draft(w, seat)


def sweep(configs, seeds, every, limit, rng):
    """Check worlds at the states of random games; returns the states and worlds checked. A
    hidden card stays where it is only while a frame names it as in play: rarely."""
    n_states = n_worlds = n_pinned = 0
    for config in configs:
        for seed in seeds:
            for g in states(config, seed, every, limit):
                n_states += 1
                for seat in seats_to_check(g, rng):
                    check_world(g, g.resample(seat, rng), seat)
                    n_worlds += 1
                    hidden = R.hidden_cards(g.s, seat)
                    n_pinned += any(hidden[c] for c in R.pinned_cards(g.s, seat))
    assert n_pinned <= 0.02 * n_worlds, f"{n_pinned} of {n_worlds} worlds keep a hidden card"
    return n_states, n_worlds


def test_worlds_look_the_same_to_their_seat():
    rng = np.random.default_rng(5)
    n_states, n_worlds = sweep(CONFIGS, [1], every=5, limit=20, rng=rng)
    assert n_states >= 400


@pytest.mark.slow
def test_worlds_look_the_same_to_their_seat_over_many_states():
    rng = np.random.default_rng(6)
    n_states, n_worlds = sweep(CONFIGS, range(100, 106), every=1, limit=None, rng=rng)
    print(f"{n_states} states, {n_worlds} worlds")
    assert n_states >= 10_000


def test_every_kind_of_decision_is_met():
    """The default sweep's games meet the decisions that matter most here (draft, responses out
    of turn, picks, skills' secret choices)."""
    kinds = set()
    for config in CONFIGS:
        for g in states(config, 1, every=7, limit=14):
            kinds.add(g.decision_kind)
    assert {C.DK_HERO, C.DK_PLAY, C.DK_TARGET, C.DK_JINK, C.DK_DISCARD,
            C.DK_SKILL_CARD} <= kinds, kinds


def _start(config, seed):
    """A game in its second round."""
    for g in states(config, seed, every=1, limit=1000):
        if g.round >= 2:
            return g
    raise AssertionError("the game ended early")


# ---------------------------------------------------------------- roles
def _assignment(w, seats):
    return tuple(int(w.s[C.P_ROLE + i]) for i in seats)


def test_hidden_roles_are_uniform_over_the_consistent_assignments():
    g = Game.new(Config(num_players=6), seed=3)
    seat = 1
    seats = [i for i in range(6) if i not in R.known_role_seats(g.s, seat)]
    left = tuple(sorted(g.role(i) for i in seats))
    options = [tuple(int(r) for r in row) for row in R.arrangements(left)]
    worlds = R.draw_worlds(g.s, seat, np.random.default_rng(0), 3000)
    seen = {}
    for row in worlds:
        key = tuple(int(row[C.P_ROLE + i]) for i in seats)
        seen[key] = seen.get(key, 0) + 1
        assert row[C.P_ROLE + seat] == g.role(seat) and row[C.P_ROLE] == C.ROLE_LORD
    assert set(seen) == set(options)
    counts = [seen[o] for o in options]
    assert chi2(counts, [3000 / len(options)] * len(options)) < chi2_limit(len(options) - 1)


def test_a_role_distribution_weights_the_assignments():
    g = Game.new(Config(num_players=6), seed=3)
    seat = next(i for i in range(1, 6) if g.role(i) != C.ROLE_RENEGADE)
    seats = [i for i in range(6) if i not in R.known_role_seats(g.s, seat)]
    left = tuple(sorted(g.role(i) for i in seats))
    p = np.full((6, 4), 0.25)
    p[seats[0]] = (0.25, 0.05, 0.2, 0.7)          # the first hidden seat: likely the renegade
    p[seats[1]] = (0.25, 0.6, 0.3, 0.1)
    options = R.arrangements(left)
    weight = np.prod(p[np.array(seats)[None, :], options], axis=1)
    expected = 4000 * weight / weight.sum()
    worlds = R.draw_worlds(g.s, seat, np.random.default_rng(1), 4000, R.check_request(g.s, seat, p))
    index = {tuple(int(r) for r in row): k for k, row in enumerate(options)}
    counts = np.zeros(len(options))
    for row in worlds:
        counts[index[tuple(int(row[C.P_ROLE + i]) for i in seats)]] += 1
    assert chi2(counts, expected) < chi2_limit(len(options) - 1)
    renegade = counts[[k for k, o in enumerate(options) if o[0] == C.ROLE_RENEGADE]].sum()
    assert renegade > 4000 * 0.5      # uniform would make it a quarter or a third
    # one assignment allowed: always that one
    certain = np.zeros((6, C.NUM_ROLES))
    for i in range(6):
        certain[i, g.role(i)] = 1.0
    for _ in range(5):
        w = g.resample(seat, np.random.default_rng(_), roles=certain)
        assert [w.role(i) for i in range(6)] == [g.role(i) for i in range(6)]


def test_a_hand_is_uniform_over_the_cards_the_seat_cannot_place():
    g = _start(Config(num_players=5), 8)
    seat = g.decider
    other = (seat + 1) % 5
    pool = np.flatnonzero(R.hidden_cards(g.s, seat))
    pool = np.array([c for c in pool if c not in R.pinned_cards(g.s, seat)])
    size = len(g.hand(other))
    assert size > 0
    draws = 3000
    worlds = R.draw_worlds(g.s, seat, np.random.default_rng(2), draws)
    counts = np.zeros(C.MAX_CARDS)
    for row in worlds:
        hand = np.flatnonzero(row[C.C_LOC:C.C_LOC + C.MAX_CARDS] == C.Z_HAND + other)
        assert len(hand) == size
        counts[hand] += 1
    assert counts[np.setdiff1d(np.arange(C.MAX_CARDS), pool)].sum() == 0
    expected = draws * size / len(pool)
    assert chi2(counts[pool], [expected] * len(pool)) < chi2_limit(len(pool) - 1)
    # the pile's top card too
    tops = np.bincount([row[C.D_ORDER + row[C.H_NDECK] - 1] for row in worlds],
                       minlength=C.MAX_CARDS)
    assert chi2(tops[pool], [draws / len(pool)] * len(pool)) < chi2_limit(len(pool) - 1)


def test_worlds_differ_in_what_is_hidden():
    g = _start(Config(num_players=8, pack="standard"), 4)
    seat = g.decider
    worlds = [g.resample(seat, np.random.default_rng(k)) for k in range(6)]
    others = [i for i in range(8) if i != seat and g.alive(i) and g.hand(i)]
    assert len({tuple(w.hand(others[0])) for w in worlds}) > 1
    assert len({tuple(w.draw_pile()) for w in worlds}) > 1
    assert len({int(w.s[C.H_SEED]) for w in worlds}) == 6
    assert all(w.hand(seat) == g.hand(seat) for w in worlds)


# ---------------------------------------------------------------- the draft
def test_the_draft_redraws_what_the_seat_does_not_see():
    config = Config(num_players=5, pack="standard")
    g = Game.new(config, seed=2)
    g.step(g.legal_actions()[0])           # the lord picks; seat 1 decides
    g.step(g.legal_actions()[0])           # seat 1 picks; seat 2 decides
    assert g.decision_kind == C.DK_HERO and g.decider == 2
    offers1 = {tuple(R._offer(g.resample(2, np.random.default_rng(k)).s, 1)) for k in range(8)}
    picks1 = {g.resample(2, np.random.default_rng(k)).s[C.P_HERO + 1] for k in range(8)}
    assert len(offers1) > 1 and len(picks1) > 1
    for k in range(8):
        w = g.resample(2, np.random.default_rng(k))
        check_world(g, w, 2)
        assert R._offer(w.s, 2) == R._offer(g.s, 2)
        assert w.s[C.P_HERO] == g.s[C.P_HERO]
        fixed = [h for h in R._offer(g.s, 0) if R.HERO_TAB[h, C.HR_LORD_OFFER] == 1]
        assert set(fixed) <= set(R._offer(w.s, 0)) and int(g.s[C.P_HERO]) in R._offer(w.s, 0)
    # the whole draft plays on from a world
    w = g.resample(1, np.random.default_rng(0))
    _play_out(w)


def test_3v3_assignments_of_the_other_team_are_redrawn():
    config = Config(mode="3v3", pack="standard")
    for g in states(config, 3, every=1, limit=40):
        if g.decision_kind == C.DK_HERO and g.s[C.DX_HERO_ASSIGN] == 1 \
                and team_of(g.decider) == 1:
            break
    else:
        raise AssertionError("no assignment by team 1")
    seat = 4                                  # team 1's commander: team 0's assignments hidden
    heroes = {tuple(int(g.resample(seat, np.random.default_rng(k)).s[C.P_HERO + i])
                    for i in range(3)) for k in range(12)}
    assert len(heroes) > 1
    for k in range(4):
        check_world(g, g.resample(seat, np.random.default_rng(k)), seat)
        check_world(g, g.resample(1, np.random.default_rng(k)), 1)


# ---------------------------------------------------------------- playing on
def _play_out(w, seed=0):
    rng = np.random.default_rng(seed)
    steps = 0
    while not w.done:
        check_invariants(w)
        legal = w.legal_actions()
        assert legal, w.describe_decision()
        if w.config.autoplay:
            assert len(legal) >= 2, w.describe_decision()
        w.step(legal[int(rng.integers(len(legal)))])
        steps += 1
        assert steps < 50_000
    check_invariants(w)
    return steps


@pytest.mark.parametrize("config", [Config(num_players=5), Config(num_players=8, pack="standard"),
                                    Config(num_players=6, pack="herokill"),
                                    Config(mode="3v3", pack="classmates")],
                         ids=lambda c: f"{c.mode}-{c.num_players}-{c.pack}")
def test_a_world_plays_to_its_end(config):
    g = _start(config, 12)
    for seat in range(config.num_players):
        _play_out(g.resample(seat, np.random.default_rng(seat)), seed=seat)


# ---------------------------------------------------------------- bad input
def test_bad_requests_are_refused_and_change_nothing():
    g = _start(Config(num_players=5), 9)
    before = g.to_bytes()
    cases = [
        (dict(seat=5), "seat must be an int from 0 to 4"),
        (dict(seat=-1), "seat must be an int from 0 to 4"),
        (dict(seat=True), "seat must be an int"),
        (dict(seat=1.0), "seat must be an int"),
        (dict(seat=0, rng="x"), "rng must be a numpy Generator"),
        (dict(seat=0, roles=np.ones((4, 4))), r"roles must have shape \(5, 4\) or \(5, 6\)"),
        (dict(seat=0, roles=np.ones(5)), "roles must have shape"),
        (dict(seat=0, roles=np.full((5, 4), np.nan)), "finite probabilities"),
        (dict(seat=0, roles=-np.ones((5, 4))), "finite probabilities"),
    ]
    lordless = np.ones((5, 4))
    lordless[0, C.ROLE_LORD] = 0.0
    cases.append((dict(seat=1, roles=lordless), r"roles\[0\] gives probability 0 to role 0"))
    seat = 1
    hidden = [i for i in range(5) if i not in R.known_role_seats(g.s, seat)]
    no_way = np.ones((5, 4))
    no_way[hidden, C.ROLE_RENEGADE] = 0.0
    if g.role(seat) != C.ROLE_RENEGADE:
        cases.append((dict(seat=seat, roles=no_way), "probability 0 to every assignment"))
    for kwargs, message in cases:
        with pytest.raises(ValueError, match=message):
            g.resample(**kwargs)
        assert g.to_bytes() == before
    three = Game.new(Config(mode="3v3"), seed=1)
    with pytest.raises(ValueError, match=r"roles must have shape \(6, 6\)"):
        three.resample(0, roles=np.ones((6, 4)))
    over = g.clone()
    _play_out(over)
    with pytest.raises(ValueError, match="the game is over"):
        over.resample(0)


def test_a_dead_seat_may_draw_worlds():
    for seed in range(20):
        for g in states(Config(num_players=8), seed):
            dead = [i for i in range(8) if not g.alive(i)]
            if dead:
                check_world(g, g.resample(dead[0], np.random.default_rng(0)), dead[0])
                return
    raise AssertionError("nobody died before the game ended")


# ---------------------------------------------------------------- VectorEnv
def test_vector_env_resamples_one_game_into_rows():
    config = Config(num_players=5, pack="standard")
    env = VectorEnv(6, config=config, num_threads=1, copy=True)
    with pytest.raises(RuntimeError, match="reset"):
        env.resample(0, 0)
    env.reset(seed=3)
    g = _start(config, 5)
    seat = g.decider
    before = env.core.S.copy()
    for bad, message in ((dict(rows=[0, 0]), "distinct row indices"),
                         (dict(rows=[6]), "distinct row indices"),
                         (dict(roles=np.ones((2, 2))), "roles must have shape")):
        with pytest.raises(ValueError, match=message):
            env.resample(g, seat, **bad)
    with pytest.raises(ValueError, match="this env plays"):
        env.resample(Game.new(Config(num_players=4)), 0)
    np.testing.assert_array_equal(env.core.S, before)
    step = env.resample(g, seat, np.random.default_rng(0), rows=[1, 2, 4])
    for i in (1, 2, 4):
        w = env.game(i)
        check_world(g, w, seat)
        assert step.seat[i] == seat
        np.testing.assert_array_equal(step.obs[i], g.observe(seat))
        np.testing.assert_array_equal(step.mask[i], g.mask())
    np.testing.assert_array_equal(env.core.S[[0, 3, 5]], before[[0, 3, 5]])
    assert len({tuple(env.game(i).draw_pile()) for i in (1, 2, 4)}) == 3
    # a row of the env as the source, every row filled; then the rows play on
    env.resample(2, seat, 7)
    for i in range(6):
        np.testing.assert_array_equal(env.game(i).observe(seat), g.observe(seat))
    actions = env.random_actions()
    assert step_mask_allows(env, actions)
    for _ in range(300):
        env.step(actions)
        actions = env.random_actions()
        assert step_mask_allows(env, actions)


def step_mask_allows(env, actions):
    return bool(env.core.masks[np.arange(env.num_envs), actions].all())
