"""Random play: invariants at every step, exact masks, clone and serialisation, every game ends.

Three layers:
* Game-level loops with every check (``check_invariants``, every masked-in action stepped on a
  clone, masked-out actions refused with the state unchanged, clone == original, from_bytes).
* A compiled checker (below) playing thousands of games with the invariants checked after every
  step inside Numba.
* The engine's own batch kernel ``batch_random_play`` for the bulk (no errors, games finish).
"""
import numpy as np
import pytest
from conftest import check_invariants

from heroes_env import Config, Game, IllegalActionError
from heroes_env.engine import batch, invariants
from heroes_env.engine import constants as C

MAX_STEPS = 50_000          # far above any real game; a game longer than this is a hang
RESULTS = (C.RES_LORD, C.RES_REBEL, C.RES_RENEGADE, C.RES_DRAW, C.RES_TRUNCATED, C.RES_TEAM0,
           C.RES_TEAM1)


def _check_end(g):
    assert g.done, "the game did not end"
    check_invariants(g)
    assert g.result in RESULTS
    assert g.decider == -1
    if g.result == C.RES_TRUNCATED:
        assert g.round == g.config.max_rounds + 1
    else:
        assert g.round <= g.config.max_rounds
    r = g.rewards()
    if g.result in (C.RES_DRAW, C.RES_TRUNCATED):
        assert not r.any()
    else:
        assert set(r.tolist()) == {-1.0, 1.0}
    assert not g.mask().any()
    before = g.to_bytes()
    with pytest.raises(IllegalActionError, match="the game is over"):
        g.step(C.A_PASS)
    assert g.to_bytes() == before


def play_fully_checked(config, seed, all_illegal_every=8, sample=6):
    """One game with every check at every step. Returns the number of agent decisions."""
    rng = np.random.default_rng([seed, config.num_players])
    g = Game.new(config, seed=seed)
    steps = 0
    while not g.done:
        assert steps < MAX_STEPS
        check_invariants(g)
        assert g.round <= config.max_rounds
        m = g.mask()
        legal = np.flatnonzero(m)
        assert legal.size > 0, f"empty mask while the game runs: {g.describe_decision()}"
        assert g.legal_actions() == legal.tolist()
        if config.autoplay:
            assert legal.size >= 2, \
                f"a forced decision was not auto-played: {g.describe_decision()}"
        before = g.to_bytes()

        # every masked-in action is accepted, and leads to a valid state
        for a in legal:
            child = g.clone()
            child.step(int(a))
            check_invariants(child)
            assert child.done or child.mask().any()
            assert child.to_bytes() != before
        assert g.to_bytes() == before, "stepping a clone changed the original"

        # masked-out actions are refused and change nothing
        illegal = np.flatnonzero(m == 0)
        if steps % all_illegal_every:
            illegal = rng.choice(illegal, min(sample, illegal.size), replace=False)
        for a in illegal:
            with pytest.raises(IllegalActionError):
                g.step(int(a))
        assert g.to_bytes() == before, "a refused action changed the state"

        # clone == original after identical steps; serialisation round-trips
        a = int(rng.choice(legal))
        twin = g.clone()
        g.step(a)
        twin.step(a)
        assert twin.to_bytes() == g.to_bytes()
        back = Game.from_bytes(config, g.to_bytes())
        assert back.to_bytes() == g.to_bytes()
        assert back.done == g.done and back.decider == g.decider
        if not g.done:
            assert back.legal_actions() == g.legal_actions()
        steps += 1
    _check_end(g)
    return steps


# ---------------------------------------------------------------- Game-level, full checks
@pytest.mark.parametrize("seed", range(16))
def test_full_checks_5_players(seed):
    assert play_fully_checked(Config(num_players=5), 1000 + seed) > 10


@pytest.mark.parametrize("seed", range(10))
def test_full_checks_8_players(seed):
    assert play_fully_checked(Config(num_players=8), 2000 + seed) > 10


@pytest.mark.parametrize("n", [4, 6, 7, 9, 10])
def test_full_checks_other_player_counts(n):
    for seed in range(2):
        play_fully_checked(Config(num_players=n), 3000 + 10 * n + seed, all_illegal_every=25)


@pytest.mark.parametrize("n", [5, 8])
def test_full_checks_without_autoplay(n):
    for seed in range(2):
        play_fully_checked(Config(num_players=n, autoplay=False), 4000 + seed,
                           all_illegal_every=25)


@pytest.mark.parametrize("n", [5, 8])
def test_full_checks_standard_no_ex_deck(n):
    cfg = Config(num_players=n, deck="standard_no_ex")
    g = Game.new(cfg, seed=1)
    assert int(g.s[C.H_NCARDS]) == len(g.deck) == 104
    assert all(c.edition != "ex" for c in g.deck)
    assert int(Game.new(Config(num_players=n), seed=1).s[C.H_NCARDS]) == 108
    for seed in range(3):
        play_fully_checked(cfg, 5000 + seed, all_illegal_every=25)


def test_round_cap_truncates():
    cfg = Config(num_players=5, max_rounds=2)
    results = set()
    for seed in range(8):
        g = Game.new(cfg, seed=seed)
        rng = np.random.default_rng(seed)
        while not g.done:
            check_invariants(g)
            assert g.round <= 2
            g.step(int(rng.choice(g.legal_actions())))
        _check_end(g)
        results.add(g.result)
    assert C.RES_TRUNCATED in results


@pytest.mark.parametrize("n", range(4, 11))
def test_new_game_roles_and_hp(n):
    table = {4: (1, 1, 1, 1), 5: (1, 1, 2, 1), 6: (1, 1, 3, 1), 7: (1, 2, 3, 1), 8: (1, 2, 4, 1),
             9: (1, 3, 4, 1), 10: (1, 3, 4, 2)}
    seen_orders = set()
    for seed in range(6):
        g = Game.new(Config(num_players=n), seed=seed)
        check_invariants(g)
        roles = [g.role(i) for i in range(n)]
        assert roles[0] == C.ROLE_LORD
        assert tuple(roles.count(r) for r in range(C.ROLE_RENEGADE + 1)) == table[n]
        seen_orders.add(tuple(roles))
        for i in range(n):
            full = 5 if (i == 0 and n >= 5) else 4
            assert g.max_hp(i) == full and g.alive(i)
        assert g.s[C.P_REVEALED] == 1 and not g.s[C.P_REVEALED + 1:C.P_REVEALED + n].any()
        assert not g.s[C.P_ALIVE + n:C.P_ALIVE + C.MAX_SEATS].any()
        assert g.current == 0 and not g.done
    assert len(seen_orders) > 1, "the non-lord roles are not shuffled"


# ---------------------------------------------------------------- compiled checker
OK = invariants.OK
_violation = invariants.violation


def _checked_games(n, games, deck="standard", autoplay=True, max_rounds=100, base=0):
    seeds = (np.arange(games, dtype=np.int64) * 7919 + base + 1000 * n).astype(np.int32)
    out = np.zeros((games, 4), np.int64)
    spec = Config(num_players=n, deck=deck, max_rounds=max_rounds, autoplay=autoplay).spec()
    invariants.play_checked(seeds, spec, base + n, out)
    bad = np.flatnonzero(out[:, 3])
    assert bad.size == 0, [f"seed {seeds[i]}: invariant {out[i, 3]} broken at decision {out[i, 2]}"
                           for i in bad[:5]]
    assert set(np.unique(out[:, 0])) <= set(RESULTS)
    assert (out[:, 1] <= max_rounds + 1).all()
    trunc = out[:, 0] == C.RES_TRUNCATED
    assert (out[trunc, 1] == max_rounds + 1).all() and (out[~trunc, 1] <= max_rounds).all()
    return seeds, out


@pytest.mark.parametrize("n, games", [(5, 10000), (8, 6000)])
@pytest.mark.slow
def test_compiled_invariants_every_step(n, games):
    seeds, out = _checked_games(n, games)
    results = np.bincount(out[:, 0], minlength=6)
    # random play reaches every way the game can be won
    assert results[C.RES_LORD] > 0 and results[C.RES_REBEL] > 0 and results[C.RES_RENEGADE] > 0


@pytest.mark.parametrize("n", [4, 6, 7, 9, 10])
def test_compiled_invariants_other_player_counts(n):
    _checked_games(n, 300)


def test_the_checkers_catch_a_broken_state():
    """The invariant checker (compiled, and as ``check_invariants`` asserts it on a Game) rejects
    corrupted states (so a clean run means something)."""
    g = Game.new(Config(num_players=5), seed=1)
    assert _violation(g.s) == OK
    check_invariants(g)
    corruptions = [
        (C.P_HANDN + 2, 1, invariants.V_HAND_COUNT),      # hand counter off by one
        (C.P_HP + 3, 5, invariants.V_HP_ABOVE_MAX),
        (C.H_NDECK, -1, invariants.V_PILE_COUNT),         # draw pile counter off by one
        (C.H_ERR, 1, invariants.V_ENGINE_ERROR),
    ]
    for cell, delta, code in corruptions:
        bad = g.clone()
        bad.s[cell] += delta
        assert _violation(bad.s) == code, cell
        with pytest.raises(AssertionError):
            check_invariants(bad)
    moved = g.clone()
    c = moved.hand(1)[0]
    moved.s[C.C_LOC + c] = C.Z_HAND + 2          # a card changes hands without the counters
    assert _violation(moved.s) == invariants.V_HAND_COUNT
    with pytest.raises(AssertionError):
        check_invariants(moved)
    deck_card = int(g.s[C.D_ORDER])
    settings = [                                   # (cell, value, code): each check in turn
        (C.P_POS, 1, invariants.V_SEATING),        # seat 0 at position 1 (nobody moved)
        (C.C_LOC + deck_card, C.Z_VOID, invariants.V_CARD_IN_NO_ZONE),
        (C.C_LOC + C.MAX_CARDS - 1, C.Z_DECK, invariants.V_SLOT_BEYOND_DECK),
        (C.D_ORDER, int(g.s[C.D_ORDER + 1]), invariants.V_PILE_ORDER),     # a card twice
        (C.H_FP, 0, invariants.V_FRAME_STACK),
        (C.H_DECIDER, -1, invariants.V_DECIDER),
        (C.H_ROUND, int(g.s[C.H_MAX_ROUNDS]) + 1, invariants.V_ROUND_CAP_RUNNING),
        (C.H_DONE, 1, invariants.V_NO_RESULT),
    ]
    for cell, value, code in settings:
        bad = g.clone()
        bad.s[cell] = value
        assert _violation(bad.s) == code, (cell, invariants.VIOLATIONS[code])


def test_every_invariant_code_is_named_once_and_described():
    codes = {k: v for k, v in vars(invariants).items() if k.startswith("V_") and type(v) is int}
    assert len(set(codes.values())) == len(codes), "two names share a code"
    assert set(codes.values()) == set(invariants.VIOLATIONS), "a code unnamed or undescribed"
    assert invariants.OK not in invariants.VIOLATIONS


def test_compiled_invariants_variants():
    _checked_games(5, 200, deck="standard_no_ex", base=1)
    _checked_games(8, 150, deck="standard_no_ex", base=2)
    _checked_games(5, 150, autoplay=False, base=3)
    _seeds, out = _checked_games(6, 200, max_rounds=3, base=4)
    assert (out[:, 0] == C.RES_TRUNCATED).any()


# ---------------------------------------------------------------- the engine's batch kernel
def _batch(n, B, steps, deck="standard", base_seed=7, with_obs=False):
    S = np.zeros((B, C.STATE_SIZE), np.int32)
    masks = np.zeros((B, C.NUM_ACTIONS), np.int8)
    obs = np.zeros((B, C.OBS_SIZE), np.float32)
    seeds = np.arange(B, dtype=np.int32) + 100 * n
    spec = Config(num_players=n, deck=deck).spec()
    batch.batch_reset(S, seeds, spec, masks, obs)
    stats = np.zeros((B, 3), np.int64)
    batch.batch_random_play(S, steps, spec, base_seed, with_obs, obs, stats)
    return S, obs, stats


@pytest.mark.parametrize("n, min_games", [(5, 1000), (8, 700)])
def test_batch_random_play_thousands_of_games(n, min_games):
    B, steps = 64, 4000
    S, _, stats = _batch(n, B, steps)
    assert (stats[:, 0] == steps).all()
    assert (stats[:, 2] == 0).all(), "the batch kernel stepped an illegal action"
    assert stats[:, 1].sum() >= min_games and (stats[:, 1] >= 5).all()
    for row in S:          # the game each row is in when the run stops
        g = Game(Config(num_players=n), row.copy())
        check_invariants(g)
        assert g.done or g.mask().sum() >= 2


def test_batch_random_play_with_observations():
    S, obs, stats = _batch(8, 16, 1500, base_seed=11, with_obs=True)
    assert (stats[:, 2] == 0).all() and stats[:, 1].sum() > 0
    assert np.isfinite(obs).all()
    for i, row in enumerate(S):
        g = Game(Config(num_players=8), row.copy())
        if not g.done:      # the last observation was taken before the last step
            assert obs[i].any()


@pytest.mark.parametrize("n, deck", [(4, "standard"), (6, "standard"), (7, "standard"),
                                     (9, "standard"), (10, "standard"), (5, "standard_no_ex"),
                                     (8, "standard_no_ex")])
def test_batch_random_play_other_configs(n, deck):
    S, _, stats = _batch(n, 16, 1500, deck=deck)
    assert (stats[:, 2] == 0).all() and stats[:, 1].sum() >= 16
    for row in S:
        check_invariants(Game(Config(num_players=n, deck=deck), row.copy()))
