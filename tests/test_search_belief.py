"""The search agent's hidden roles drawn from the belief model (``search:roles=belief``), the
belief model's reader in the package (``heroes_env.agents.belief``) and how it loads files.

The option parses and its bad values name what is legal; at searched decisions the table draws
the worlds' roles from the distribution the agent reads from its observation: the worlds still
look the same to the seat bit for bit, a distribution that is certain of one assignment (by
seat relative to the decider) always yields it, one that splits between two assignments yields
each about as often as it says; worlds of the other kind are refused. The shipped model is
package data and loads; a file that is not a belief checkpoint, or carries code, is refused
with an ``AgentSpecError`` and runs nothing. Importing the package does not import torch.
"""
import pickle
import subprocess
import sys

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from heroes_env import Config, Game  # noqa: E402
from heroes_env.agents import (  # noqa: E402
    AgentSpecError,
    SearchAgent,
    SearchSettings,
    act_at_table,
    make_agent,
    table_worlds,
)
from heroes_env.agents import belief as B  # noqa: E402
from heroes_env.agents.base import seat_roles  # noqa: E402
from heroes_env.agents.tournament import play_game  # noqa: E402
from heroes_env.engine import constants as C  # noqa: E402
from heroes_env.engine.resample import known_role_seats  # noqa: E402
from tests.test_search import decision_points  # noqa: E402

BELIEF = "search:actions=3,roles=belief"


def worlds_of(agent, game):
    """The Worlds the table hands agent at game's decision (and the action it took)."""
    seen = []
    real = agent.act_worlds

    def spy(obs, mask, worlds, slot=0):
        seen.append(worlds)
        return real(obs, mask, worlds, slot)

    agent.act_worlds = spy
    action = act_at_table(agent, game)
    return seen[0], action


def hidden_seats(game, seat):
    return [i for i in range(game.num_players) if i not in known_role_seats(game.s, seat)]


def tiny_belief(path):
    net = B.build_net((8, 8))
    torch.save({"format": B.BELIEF_FORMAT, "arch": dict(net.arch),
                "state_dict": net.state_dict(), "fit_counts": True, "meta": {}}, path)
    return str(path)


class Certain:
    """A reader whose distribution gives one role per relative seat with probability 1."""

    def __init__(self, rows):
        self.rows = rows

    def probs(self, obs):
        P = np.zeros((C.MAX_SEATS, 4))
        for r, role in self.rows.items():
            P[r, role] = 1.0
        return P


# ---------------------------------------------------------------- the option
def test_spec_parses_roles_and_belief(tmp_path):
    a = make_agent("search:worlds=2,roles=belief", seed=0)
    assert a.settings == SearchSettings(worlds=2, roles="belief")
    assert isinstance(a.reader, B.RoleReader) and not a.true_roles
    path = tiny_belief(tmp_path / "b.pt")
    b = make_agent(f"search:roles=belief,belief={path}")
    assert b.settings.belief == path and b.reader.net.arch["hidden"] == [8, 8]
    plain = make_agent("search:worlds=2")
    assert plain.settings.roles == "uniform" and plain.reader is None
    assert plain.worlds_roles(np.zeros(C.OBS_SIZE, np.float32), np.ones(C.NUM_ACTIONS)) is None


@pytest.mark.parametrize("spec, words", [
    ("search:depth=3", ["roles=uniform", "belief=", "roles one of ['uniform', 'belief']",
                        "belief the path of a belief checkpoint"]),
    ("search:roles=oracle", ["roles must be one of ['uniform', 'belief'], got 'oracle'"]),
    ("search:belief=b.pt", ["belief='b.pt' names a model that only roles=belief reads"]),
    ("search:roles=belief,cheat=roles", ["roles=belief draws the hidden roles that "
                                         "cheat=roles replaces"]),
    ("search:roles=belief,cheat=1", ["cheat=1 replaces"]),
    ("search:roles=belief,belief=missing.pt", ["no such file: belief model 'missing.pt'"]),
])
def test_bad_specs_name_the_legal_values(spec, words):
    with pytest.raises(AgentSpecError) as e:
        make_agent(spec)
    for w in words:
        assert w in str(e.value)


# ---------------------------------------------------------------- the worlds
def test_belief_worlds_look_the_same_to_the_seat():
    """roles=belief: every world's observation and mask equal the seat's bit for bit, the seats
    whose role it sees keep theirs, the worlds record the distribution they were drawn from (by
    absolute seat: the belief's rows for the hidden seats), and the action is legal."""
    checked = 0
    for config in (Config(num_players=5, pack="none"), Config(num_players=8, pack="standard")):
        for g in decision_points(config, seed=3, every=6, limit=4):
            seat = g.decider
            agent = make_agent(BELIEF + ",worlds=6", seed=1)
            obs, mask = g.observe_with_mask(seat)
            worlds, action = worlds_of(agent, g)
            assert mask[action] == 1 and not worlds.true_roles and not worlds.perfect
            hidden = hidden_seats(g, seat)
            P = agent.reader.probs(obs)
            want = seat_roles(g, seat, np.where(B.hidden_mask(obs)[:, None], P, 1.0))
            assert worlds.roles is not None and hidden
            assert np.array_equal(worlds.roles[hidden, :4], want[hidden])
            roles = slice(C.P_ROLE, C.P_ROLE + g.num_players)
            for row in worlds.rows:
                w = Game(g.config, row.copy())
                o2, m2 = w.observe_with_mask(seat)
                assert np.array_equal(o2, obs) and np.array_equal(m2, mask)
                for i in known_role_seats(g.s, seat):
                    assert row[C.P_ROLE + i] == g.s[C.P_ROLE + i]
                assert sorted(row[roles]) == sorted(g.s[roles])
            checked += 1
    assert checked == 8


def test_a_certain_distribution_always_yields_its_assignment():
    """A reader certain of one assignment of the hidden roles, by seat relative to the decider
    (not the true one): every world holds that assignment at the absolute seats it names."""
    config = Config(num_players=8, pack="standard")
    found = 0
    for g in decision_points(config, seed=8, every=5, limit=6):
        seat = g.decider
        hidden = hidden_seats(g, seat)
        truth = [int(g.s[C.P_ROLE + i]) for i in hidden]
        if len(set(truth)) < 2:
            continue
        other = truth[1:] + truth[:1]          # the true roles moved one hidden seat on
        while other == truth:
            other = other[1:] + other[:1]
        n = g.num_players
        agent = make_agent(BELIEF + ",worlds=10", seed=2)
        agent.reader = Certain({(i - seat) % n: r for i, r in zip(hidden, other, strict=True)})
        worlds, _ = worlds_of(agent, g)
        for row in worlds.rows:
            assert [int(row[C.P_ROLE + i]) for i in hidden] == other
        found += 1
    assert found >= 3


def test_a_split_distribution_yields_each_assignment_as_often_as_it_says():
    """Two hidden seats of different roles, the reader 0.8 : 0.2 between the two ways round
    (uniform would be 0.5 : 0.5): 400 worlds follow it (binomial, 4 standard deviations)."""
    g = next(g for g in decision_points(Config(num_players=5, pack="none"), seed=4, every=1,
                                        limit=40)
             if len({g.role(i) for i in hidden_seats(g, g.decider)}) >= 2)
    seat, n = g.decider, g.num_players
    hidden = hidden_seats(g, seat)
    a, b = hidden[0], next(i for i in hidden if g.role(i) != g.role(hidden[0]))
    ra, rb = g.role(a), g.role(b)
    P = np.full((n, 4), 1.0)
    for i in hidden:
        P[i] = 0.0
        P[i, g.role(i)] = 1.0                  # the others: their true roles
    P[a] = 0.0
    P[b] = 0.0
    P[a, ra], P[a, rb] = 0.8, 0.2
    P[b, rb], P[b, ra] = 0.8, 0.2              # products: 0.64 (true) : 0.04 (swapped)
    rng = np.random.default_rng(5)
    worlds = table_worlds(g, seat, 400, rng, roles=P)
    kept = sum(int(row[C.P_ROLE + a]) == ra for row in worlds.rows)
    p = 0.64 / (0.64 + 0.04)
    assert abs(kept - 400 * p) < 4 * np.sqrt(400 * p * (1 - p))
    assert kept < 400                          # the other way round is drawn too
    known = known_role_seats(g.s, seat)          # not read: set to 1
    assert worlds.roles is not None and (worlds.roles[known, :4] == 1).all()


def test_seat_roles_follow_the_seating():
    g = Game.new(Config(num_players=5, pack="none"), seed=1)
    rel = np.arange(C.MAX_SEATS * 4, dtype=float).reshape(C.MAX_SEATS, 4)
    got = seat_roles(g, 3, rel)
    assert got.shape == (5, 4)
    for r in range(5):
        assert (got[(3 + r) % 5] == rel[r]).all()
    with pytest.raises(ValueError, match=r"roles by relative seat must have shape \(>= 5"):
        seat_roles(g, 3, np.ones((4, 4)))


def test_bad_role_requests_are_refused_and_change_nothing():
    g = next(decision_points(Config(num_players=5, pack="none"), seed=2, every=1, limit=1))
    before = g.s.copy()
    rng = np.random.default_rng(0)
    cases = [
        (dict(roles=np.ones((5, 4)), true_roles=True), "roles, or one of those, not both"),
        (dict(roles=np.ones((5, 4)), perfect=True), "not both"),
        (dict(roles=np.ones((3, 4))), r"roles must have shape \(5, 4\)"),
        (dict(roles=-np.ones((5, 4))), "finite probabilities"),
        (dict(roles=np.zeros((5, 4))), "probability 0 to every assignment"),
    ]
    for kwargs, pattern in cases:
        state = rng.bit_generator.state
        with pytest.raises(ValueError, match=pattern):
            table_worlds(g, g.decider, 2, rng, **kwargs)
        assert rng.bit_generator.state == state
        assert np.array_equal(g.s, before)


def test_worlds_of_the_other_kind_are_refused():
    g = next(g for g in decision_points(Config(num_players=5, pack="none"), seed=5, every=1,
                                        limit=5))
    seat = g.decider
    obs, mask = g.observe_with_mask(seat)
    rng = np.random.default_rng(0)
    uniform = table_worlds(g, seat, 2, rng)
    weighted = table_worlds(g, seat, 2, rng, roles=np.ones((5, 4)))
    with pytest.raises(ValueError, match="drawn from the belief model .* uniformly drawn roles"):
        make_agent(BELIEF + ",worlds=2").act_worlds(obs, mask, uniform)
    with pytest.raises(ValueError, match="uniformly drawn hidden roles, the table handed it "
                                         "worlds whose roles were drawn from a distribution"):
        make_agent("search:worlds=2").act_worlds(obs, mask, weighted)


@pytest.mark.parametrize("config", [
    Config(num_players=5, pack="none"), Config(num_players=8, pack="standard"),
    Config(mode="3v3", pack="standard"),
], ids=lambda c: f"{c.mode}-{c.pack}-{c.num_players}")
def test_plays_whole_games_with_belief_roles(config):
    """Whole games with a roles=belief searcher: Game.step refuses an illegal action, so a
    finished game is the check; it read the roles where some were hidden (not in 3v3, where
    every role is shown)."""
    n = config.num_players
    agent = make_agent(BELIEF + ",worlds=2", seed=0)
    seats = [agent] + [make_agent("heuristic") for _ in range(n - 1)]
    rec = play_game(config, seats, seed=7, agent_seeds=list(range(n)))
    assert rec["result"] != "none"
    u = agent.usage()
    assert u["searched"] > 0
    assert (u["roles_s"] > 0) == (config.mode == "identity")


# ---------------------------------------------------------------- the reader and its files
def test_the_shipped_model_is_package_data_and_reads_hidden_seats():
    path = B.default_path()
    assert path.replace("\\", "/").endswith("heroes_env/data/belief.pt")
    reader = B.load_belief()
    g = Game.new(Config(num_players=8, pack="standard"), seed=3)
    obs = np.stack([g.observe(s) for s in range(8)])
    P = reader.probs(obs)
    assert P.shape == (8, C.MAX_SEATS, 4)
    for i in range(8):
        h = B.hidden_mask(obs[i])
        assert P[i][h].sum(1) == pytest.approx(np.ones(h.sum()))
        assert P[i][~h].sum() == 0
        assert np.array_equal(reader.probs(obs[i]), P[i])        # one observation, no B axis


class _Writes:
    """Unpickling this creates the file it names: the proof that code from a file ran."""

    def __init__(self, path):
        self.path = path

    def __reduce__(self):
        return (open, (self.path, "w"))


def test_bad_files_are_refused_and_run_nothing(tmp_path, monkeypatch):
    proof = tmp_path / "ran"
    carrier = tmp_path / "payload.pt"
    net = B.build_net((8, 8))
    torch.save({"format": B.BELIEF_FORMAT, "arch": dict(net.arch), "state_dict": {},
                "meta": _Writes(str(proof))}, carrier)
    with pytest.raises(AgentSpecError, match="weights_only=True"):
        B.load_belief(str(carrier))
    assert not proof.exists()
    raw = tmp_path / "raw.pt"
    raw.write_bytes(pickle.dumps(_Writes(str(proof))))
    with pytest.raises(AgentSpecError, match="not a zip archive"):
        B.load_belief(str(raw))
    assert not proof.exists()
    from heroes_env.agents.torch_policy import build_net, save_checkpoint
    policy = tmp_path / "policy.pt"
    save_checkpoint(str(policy), build_net(hidden=(8,)))
    with pytest.raises(AgentSpecError, match=r"is not a belief checkpoint \(heroes_env.belief/1"):
        B.load_belief(str(policy))
    good = tiny_belief(tmp_path / "good.pt")
    data = torch.load(good, weights_only=True)
    data["state_dict"]["l1.weight"].fill_(float("nan"))
    torch.save(data, tmp_path / "nan.pt")
    with pytest.raises(AgentSpecError, match="holds NaN or infinite values"):
        B.load_belief(str(tmp_path / "nan.pt"))
    data = torch.load(good, weights_only=True)
    data["arch"]["seat_inputs"] = 7
    torch.save(data, tmp_path / "inputs.pt")
    with pytest.raises(AgentSpecError, match="fits no observation layout"):
        B.load_belief(str(tmp_path / "inputs.pt"))
    data = torch.load(good, weights_only=True)
    data["fit_counts"] = "yes"
    torch.save(data, tmp_path / "fit.pt")
    with pytest.raises(AgentSpecError, match="fit_counts = 'yes' is not true or false"):
        B.load_belief(str(tmp_path / "fit.pt"))
    with pytest.raises(AgentSpecError, match="no such file: belief model"):
        B.load_belief(str(tmp_path / "none.pt"))
    with pytest.raises(AgentSpecError, match="torch_threads = 0"):
        B.load_belief(good, torch_threads=0)
    # the archive's sizes are read before anything is unpacked (a model file's limits)
    from heroes_env.agents import torch_policy
    monkeypatch.setattr(torch_policy, "MAX_MODEL_BYTES", 1000)
    with pytest.raises(AgentSpecError, match="MAX_MODEL_BYTES = 1,000"):
        B.load_belief()


def test_importing_the_package_does_not_import_torch():
    code = ("import sys, heroes_env, heroes_env.agents, heroes_env.agents.belief, "
            "heroes_env.agents.search; print('torch' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_agent_keywords_take_the_option(tmp_path):
    path = tiny_belief(tmp_path / "b.pt")
    a = SearchAgent(seed=0, worlds=2, roles="belief", belief=path)
    assert a.reader.fit_counts
    with pytest.raises(ValueError, match="belief must be the path of a belief checkpoint"):
        SearchAgent(roles="belief", belief=3)
