"""The search agent (``heroes_env.agents.search``) and the tables that hand it worlds.

Its spec parses and bad specs name the legal options; it plays only legal actions in random
games of every pack, several player counts and 3v3, through the tournaments' game engine; the
worlds it gets depend only on what its seat knows: a game whose hidden state is redrawn (the
same view) gives the same worlds, hence the same choice, for the same seed, while copies of the
true game (``cheat=1``, the control) differ; it never gets a ``Game``; a time budget stops the
search after the first world; without worlds it refuses to search.
"""
import numpy as np
import pytest

from heroes_env import Config, Game
from heroes_env.agents import (
    AgentSpecError,
    SearchAgent,
    SearchError,
    SearchSettings,
    Worlds,
    act_at_table,
    make_agent,
    table_worlds,
)
from heroes_env.agents.search import choose
from heroes_env.agents.tournament import TournamentConfig, play_game, run_tournament
from heroes_env.engine import constants as C

FAST = "search:worlds=2,actions=3"          # small enough for many decisions in a test
EVENT_RING = slice(C.EV_BASE, C.EV_BASE + C.EV_RING * C.EV_SIZE)


# ---------------------------------------------------------------- the spec
def test_spec_parses_every_option():
    a = make_agent("search:worlds=4, actions=3,ms=20.5,rounds=2,margin=1.5,playout=random,cheat=1",
                   seed=1)
    assert isinstance(a, SearchAgent)
    assert a.settings == SearchSettings(worlds=4, actions=3, ms=20.5, rounds=2, margin=1.5,
                                        playout="random", cheat="1")
    assert a.perfect_information and not a.true_roles
    r = make_agent("search:cheat=roles")
    assert r.true_roles and not r.perfect_information
    assert SearchSettings(cheat=True).cheat == "1" and SearchSettings(cheat=False).cheat == "0"
    for spec in ("search", "search:"):
        b = make_agent(spec)
        assert b.settings == SearchSettings() and not b.perfect_information
    assert SearchAgent(seed=0, worlds=3).settings.worlds == 3


@pytest.mark.parametrize("spec, words", [
    ("search:depth=3", ["'depth=3'", "worlds=8", "actions=0", "ms=0", "rounds=0", "margin=0",
                        "playout=heuristic", "cheat=0", "'heuristic', 'random'",
                        "'0', 'roles', '1'"]),
    ("search:margin=-1", ["margin must be a number of standard errors >= 0"]),
    ("search:worlds", ["'worlds'", "KEY=VALUE"]),
    ("search:worlds=many", ["worlds='many'", "an int"]),
    ("search:worlds=0", ["worlds must be an int >= 1, got 0"]),
    ("search:ms=-5", ["ms must be a number of milliseconds >= 0"]),
    ("search:playout=mcts", ["playout must be one of ['heuristic', 'random'], got 'mcts'"]),
    ("search:cheat=yes", ["cheat must be one of ['0', 'roles', '1'], got 'yes'"]),
    ("search:worlds=2,worlds=3", ["'worlds' given twice"]),
])
def test_bad_specs_name_the_legal_options(spec, words):
    with pytest.raises(AgentSpecError) as e:
        make_agent(spec)
    for w in words:
        assert w in str(e.value)


def test_bad_keywords_are_refused():
    with pytest.raises(ValueError, match="actions must be an int >= 0"):
        SearchAgent(actions=-1)
    with pytest.raises(ValueError, match="settings or keywords"):
        SearchAgent(settings=SearchSettings(), worlds=2)


def test_choose_prefers_the_heuristic_unless_a_lead_is_clear():
    rewards = np.array([[1, 1], [-1, 1], [1, 1], [-1, 1]])      # lead of column 1: 1 +- 0.58
    assert choose(rewards, 0.0) == 1
    assert choose(rewards, 1.0) == 1
    assert choose(rewards, 2.0) == 0
    assert choose(np.array([[1, 1, 0]]), 0.0) == 0              # equals: the earliest
    assert choose(np.array([[-1, 1]]), 1.0) == 0                # one world: no lead is clear
    assert choose(np.array([[-1, 1, 1], [-1, 1, 1]]), 1.0) == 1  # a sure lead (no spread)


# ---------------------------------------------------------------- legal play
@pytest.mark.parametrize("config", [
    Config(num_players=5, pack="none"), Config(num_players=4, pack="standard"),
    Config(num_players=8, pack="herokill"), Config(num_players=6, pack="classmates"),
    Config(mode="3v3", pack="standard"),
], ids=lambda c: f"{c.mode}-{c.pack}-{c.num_players}")
def test_plays_only_legal_actions(config):
    """Whole games with search agents in two seats (one with random playouts and a round cap):
    Game.step refuses an illegal action, so a finished game is the check."""
    n = config.num_players
    searchers = [make_agent(FAST), make_agent(FAST + ",playout=random,rounds=2")]
    seats = [searchers[0], make_agent("heuristic"), searchers[1]] \
        + [make_agent("random") for _ in range(n - 3)]
    rec = play_game(config, seats, seed=11, agent_seeds=list(range(n)))
    assert rec["result"] != "none"
    for a in searchers:
        u = a.usage()
        assert u["searched"] > 0 and u["playouts"] >= 2 * u["searched"]
        assert u["decisions"] >= u["searched"]


def test_a_tournament_plays_it_in_the_game_engine():
    cfg = TournamentConfig(agents=(FAST, "heuristic"), games=2, players=5, pack="none", seed=1)
    summary = run_tournament(cfg, workers=1)
    assert summary["games"] == 2
    assert summary["agents"][cfg.labels[0]]["seat_games"] == 5     # seats rotated


# ---------------------------------------------------------------- what it gets
def decision_points(config, seed, every, limit):
    """Clones of a heuristic game at every every-th decision with two or more legal actions
    (not the draft), at most limit."""
    g = Game.new(config, seed=seed)
    h = make_agent("heuristic", seed=seed)
    k = found = 0
    while not g.done and found < limit:
        obs, mask = g.observe_with_mask(g.decider)
        if np.count_nonzero(mask) > 1 and g.decision_kind != C.DK_HERO:
            if k % every == 0:
                found += 1
                yield g.clone()
            k += 1
        g.step(h.act(obs, mask, slot=g.decider))


def test_the_worlds_and_the_choice_depend_only_on_what_the_seat_knows():
    """The same seed, the true game or one with its hidden state redrawn (the seat cannot tell
    them apart): the same worlds (but the event ring, which no rule reads) and the same choice.
    The control, copies of the true game (cheat=1), differ: the check can see a leak."""
    compared = 0
    for config in (Config(num_players=5, pack="none"), Config(num_players=8, pack="standard")):
        for g in decision_points(config, seed=5, every=7, limit=6):
            seat = g.decider
            other = g.resample(seat, rng=compared)
            assert not np.array_equal(other.s, g.s)
            got = {}
            for spec in ("search:worlds=3,actions=4", "search:worlds=3,actions=4,cheat=1"):
                for name, game in (("true", g), ("redrawn", other)):
                    agent = make_agent(spec, seed=3)
                    seen = []
                    agent.act_worlds = _spy(agent.act_worlds, seen)
                    action = act_at_table(agent, game)
                    got[spec, name] = (action, seen[0].rows)
            fair = "search:worlds=3,actions=4"
            (a1, w1), (a2, w2) = got[fair, "true"], got[fair, "redrawn"]
            w1, w2 = w1.copy(), w2.copy()
            w1[:, EVENT_RING] = w2[:, EVENT_RING] = 0
            assert np.array_equal(w1, w2) and a1 == a2
            cheat = "search:worlds=3,actions=4,cheat=1"
            assert not np.array_equal(got[cheat, "true"][1], got[cheat, "redrawn"][1])
            assert (got[cheat, "true"][1] == g.s).all(axis=0).sum() < C.STATE_SIZE
            compared += 1
    assert compared == 12


def _spy(act_worlds, seen):
    def spy(obs, mask, worlds, slot=0):
        seen.append(worlds)
        return act_worlds(obs, mask, worlds, slot)
    return spy


def test_it_gets_worlds_never_the_game():
    """What act_worlds receives: arrays and a Worlds of rows in which the seat decides, whose
    hidden cards lie elsewhere than in the true game in some world; no Game anywhere."""
    g = next(decision_points(Config(num_players=5, pack="standard"), seed=2, every=3, limit=1))
    seat = g.decider
    agent = make_agent("search:worlds=6,actions=2", seed=0)
    seen = []
    real = agent.act_worlds

    def spy(*args, **kwargs):
        seen.append((args, kwargs))
        return real(*args, **kwargs)

    agent.act_worlds = spy
    act_at_table(agent, g)
    (args, kwargs), = seen
    assert not kwargs and not any(isinstance(x, Game) for x in args)
    worlds = args[2]
    assert isinstance(worlds, Worlds) and not worlds.perfect and worlds.seat == seat
    assert not any(isinstance(v, Game) for v in vars(worlds).values())
    assert worlds.rows.shape == (6, C.STATE_SIZE)
    n = g.s[C.H_NCARDS]
    loc = worlds.rows[:, C.C_LOC:C.C_LOC + n]
    assert (loc != g.s[C.C_LOC:C.C_LOC + n]).any()
    obs, mask = g.observe_with_mask(seat)
    for row in worlds.rows:
        w = Game(g.config, row.copy())
        o2, m2 = w.observe_with_mask(seat)
        assert np.array_equal(o2, obs) and np.array_equal(m2, mask)


def test_cheating_on_the_roles_draws_the_true_roles_and_the_rest_afresh():
    """cheat=roles: every world holds the game's true roles while the hidden cards still move,
    the seat's view is kept; the fair search's worlds draw the roles (some world differs at
    8 players, where three roles are hidden); an agent refuses worlds of another kind."""
    config = Config(num_players=8, pack="standard")
    n = config.num_players
    roles = slice(C.P_ROLE, C.P_ROLE + n)
    for g in decision_points(config, seed=6, every=9, limit=3):
        seat = g.decider
        worlds = {}
        for spec in ("search:worlds=12,cheat=roles", "search:worlds=12"):
            agent = make_agent(spec, seed=1)
            seen = []
            agent.act_worlds = _spy(agent.act_worlds, seen)
            act_at_table(agent, g)
            worlds[spec] = seen[0]
        cheat = worlds["search:worlds=12,cheat=roles"]
        assert cheat.true_roles and not cheat.perfect
        assert (cheat.rows[:, roles] == g.s[roles]).all()
        loc = slice(C.C_LOC, C.C_LOC + int(g.s[C.H_NCARDS]))
        assert (cheat.rows[:, loc] != g.s[loc]).any()
        obs, mask = g.observe_with_mask(seat)
        for row in cheat.rows:
            o2, m2 = Game(g.config, row.copy()).observe_with_mask(seat)
            assert np.array_equal(o2, obs) and np.array_equal(m2, mask)
        fair = worlds["search:worlds=12"]
        assert not fair.true_roles and (fair.rows[:, roles] != g.s[roles]).any()
    agent = make_agent("search:cheat=roles")
    with pytest.raises(ValueError, match="with the true roles .* handed it resampled worlds"):
        agent.act_worlds(obs, mask, fair)


def test_without_worlds_it_refuses_to_search():
    g = next(decision_points(Config(num_players=5, pack="none"), seed=4, every=1, limit=1))
    obs, mask = g.observe_with_mask(g.decider)
    agent = make_agent("search")
    with pytest.raises(SearchError, match="act_at_table"):
        agent.act(obs, mask)
    one = np.zeros_like(mask)
    one[np.flatnonzero(mask)[0]] = 1          # one legal action: the heuristic's, no worlds
    assert agent.worlds_wanted(obs, one) == 0
    assert agent.act(obs, one) == np.flatnonzero(mask)[0]
    with pytest.raises(ValueError, match="copies of the true game"):
        agent.act_worlds(obs, mask, table_worlds(g, g.decider, 2, agent.rng, perfect=True))


# ---------------------------------------------------------------- the budget
def test_a_time_budget_stops_after_the_first_world():
    g = next(decision_points(Config(num_players=5, pack="none"), seed=6, every=1, limit=1))
    timed = make_agent("search:worlds=16,ms=0.001", seed=0)
    act_at_table(timed, g)
    full = make_agent("search:worlds=16", seed=0)
    act_at_table(full, g)
    candidates = full.usage()["playouts"] // 16
    assert candidates >= 2
    assert timed.usage()["playouts"] == candidates
