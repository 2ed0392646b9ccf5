"""The role-reading benchmark (training/role_reading.py) and the belief model's reader
(training/train_belief.py): the prior by hand, the JSON's schema on a tiny run, the sources'
inputs, checkpoints with and without a role head."""
import json
import os
import sys

import numpy as np
import pytest

torch = pytest.importorskip("torch")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from heroes_env.config import Config  # noqa: E402
from heroes_env.engine import constants as C  # noqa: E402
from heroes_env.game import Game  # noqa: E402
from training import role_reading as rr  # noqa: E402
from training import train_belief as tb  # noqa: E402

LORD, LOYALIST, REBEL, RENEGADE = range(4)


def _obs(own, seats):
    """A hand-made observation: seats = [(alive, shown role or -1), ...] from relative seat 0."""
    obs = np.zeros(C.OBS_SIZE, np.float32)
    obs[C.OBS_ROLE + own] = 1
    for r, (alive, role) in enumerate(seats):
        b = C.OBS_SEATS + r * C.SEAT_OBS
        obs[b + C.OS_PRESENT] = 1
        obs[b + C.OS_ALIVE] = alive
        if role >= 0:
            obs[b + C.OS_ROLE + role] = 1
    return obs


def test_prior_by_hand():
    # 5 players deal lord, loyalist, 2 rebels, renegade. A rebel sees himself and the lord:
    # each of the three others is loyalist, rebel or renegade with probability 1/3
    obs = _obs(REBEL, [(1, REBEL), (1, -1), (1, LORD), (1, -1), (1, -1)])
    P = rr.prior_probs(obs)
    assert list(rr.hidden_seats(obs)) == [1, 3, 4]
    for r in (1, 3, 4):
        assert P[r] == pytest.approx([0, 1 / 3, 1 / 3, 1 / 3])
    assert P[[0, 2]].sum() == 0 and P[5:].sum() == 0
    # a loyalist: the two rebels and the renegade are among the three unknown seats
    obs = _obs(LOYALIST, [(1, LOYALIST), (1, LORD), (1, -1), (1, -1), (1, -1)])
    assert rr.prior_probs(obs)[2] == pytest.approx([0, 0, 2 / 3, 1 / 3])
    # the other rebel died (shown): the two seats left are the loyalist and the renegade
    obs = _obs(REBEL, [(1, REBEL), (1, LORD), (0, REBEL), (1, -1), (1, -1)])
    assert list(rr.hidden_seats(obs)) == [3, 4]
    assert rr.prior_probs(obs)[3] == pytest.approx([0, 0.5, 0, 0.5])
    # 8 players: lord, 2 loyalists, 4 rebels, renegade; the lord sees nobody else
    obs = _obs(LORD, [(1, LORD)] + [(1, -1)] * 7)
    assert rr.prior_probs(obs)[1:8] == pytest.approx(np.tile([0, 2 / 7, 4 / 7, 1 / 7], (7, 1)))


def test_prior_of_a_dealt_game():
    game = Game.new(Config(num_players=5, pack="none"), seed=4)
    rebel = next(s for s in range(5) if game.role(s) == REBEL)
    obs = game.observe(rebel)
    truth = rr.true_roles(game.s, rebel, 5)
    assert truth[0] == REBEL and sorted(truth[:5]) == [0, 1, 2, 2, 3] and (truth[5:] == -1).all()
    hidden = rr.hidden_seats(obs)
    assert len(hidden) == 3 and LORD not in truth[hidden]
    assert rr.prior_probs(obs)[hidden] == pytest.approx(np.full((3, 4), [0, 1 / 3, 1 / 3, 1 / 3]))


def test_scores_by_hand():
    s = rr.Scores(["a"], ["none5"])
    P = np.array([[0.0, 0.5, 0.25, 0.25], [0.0, 0.2, 0.7, 0.1]])
    s.add(0, 0, 7, REBEL, P, np.array([LOYALIST, RENEGADE]))
    out = s.to_json()["a"]
    cell = out["by_round"]["5+"]
    assert cell["n"] == 2 and cell["accuracy"] == 0.5
    assert cell["log_loss"] == pytest.approx(-(np.log(0.5) + np.log(0.1)) / 2, abs=1e-4)
    assert out["by_round"]["1"] == {"accuracy": None, "log_loss": None, "n": 0}
    assert out["by_viewer_role"]["rebel"]["n"] == 2 and out["all"] == cell
    assert out["by_table"]["none5"]["all"] == cell
    assert [rr.round_bucket(k) for k in (0, 1, 4, 5, 30)] == ["1", "1", "4", "5+", "5+"]


def _tiny_belief(tmp_path):
    net = tb.build_net((8, 8))
    path = str(tmp_path / "belief.pt")
    tb.save_belief(path, net, True, {"test": True})
    return path


def test_tiny_run_schema(tmp_path, capsys):
    belief = _tiny_belief(tmp_path)
    out, png = tmp_path / "r.json", tmp_path / "r.png"
    res = rr.main(["--pack", "none", "--players", "5", "--games", "2", "--seed", "3",
                   "--sources", "prior", "heuristic", "belief", "--belief", belief,
                   "--out", str(out), "--plot", str(png)])
    data = json.loads(out.read_text())
    assert data == json.loads(json.dumps(res))
    assert set(data["sources"]) == {"prior", "heuristic", "belief"}
    assert data["tables"] == ["none5"] and data["decisions"] > 0
    n_all = None
    for src in data["sources"].values():
        assert set(src) >= {"by_round", "all", "by_viewer_role", "by_table"}
        assert list(src["by_round"]) == ["1", "2", "3", "4", "5+"]
        for cell in list(src["by_round"].values()) + [src["all"]]:
            assert set(cell) == {"accuracy", "log_loss", "n"}
            if cell["n"]:
                assert 0 <= cell["accuracy"] <= 1 and cell["log_loss"] >= 0
        assert sum(c["n"] for c in src["by_round"].values()) == src["all"]["n"]
        assert sum(c["n"] for c in src["by_viewer_role"].values()) == src["all"]["n"]
        assert src["by_table"]["none5"]["all"] == src["all"]
        n_all = n_all or src["all"]["n"]
        assert src["all"]["n"] == n_all > 0                   # every source scores the same seats
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "| prior |" in capsys.readouterr().out
    # the same arguments play the same games
    again = rr.run(rr.parse_args(rr.Args, ["--games", "2", "--seed", "3", "--sources", "prior"]))
    assert again["sources"]["prior"] == data["sources"]["prior"]


def test_prior_score_by_hand_on_played_decisions():
    """The prior's log-loss over a game, recomputed from the decisions the benchmark scores."""
    config = Config(num_players=5, pack="none")
    players = rr.make_players(["heuristic"], 5, 3)
    loss, n = 0.0, 0
    for _g, _viewer, obs, _mask, truth, _rnd in rr.decisions(config, players, 1, 3):
        hidden = rr.hidden_seats(obs)
        left = rr.remaining_roles(obs)
        for r in hidden:
            loss -= np.log(left[truth[r]] / left.sum())
            n += 1
    res = rr.run(rr.parse_args(rr.Args, ["--games", "1", "--seed", "3", "--sources", "prior"]))
    cell = res["sources"]["prior"]["all"]
    assert cell["n"] == n and cell["log_loss"] == pytest.approx(loss / n, abs=1e-4)


def test_sources_see_only_the_observation():
    """A source's distribution depends on what the viewer sees, not on the hidden roles: two
    deals differing only in which hidden seat holds which role read the same."""
    game = Game.new(Config(num_players=5, pack="none"), seed=11)
    lord = next(s for s in range(5) if game.role(s) == LORD)
    others = [s for s in range(5) if s != lord]
    twin = game.clone()
    a, b = others[0], next(s for s in others if game.role(s) != game.role(others[0]))
    twin.s[C.P_ROLE + a], twin.s[C.P_ROLE + b] = game.s[C.P_ROLE + b], game.s[C.P_ROLE + a]
    viewer = next(s for s in others if s not in (a, b))
    o1, o2 = game.observe(viewer), twin.observe(viewer)
    assert np.array_equal(o1, o2)
    assert not np.array_equal(rr.true_roles(game.s, viewer, 5), rr.true_roles(twin.s, viewer, 5))
    reader = tb.RoleReader(tb.build_net((8, 8)), True)
    assert np.array_equal(reader.probs(o1[None]), reader.probs(o2[None]))
    P = reader.probs(o1[None])[0]
    hidden = rr.hidden_seats(o1)
    assert P[hidden].sum(1) == pytest.approx(np.ones(len(hidden)))
    assert P[hidden, LORD].sum() == 0 and np.delete(P, hidden, 0).sum() == 0
    # the count fit: each role's probabilities over the hidden seats add up to the roles left
    assert P[hidden].sum(0) == pytest.approx(rr.remaining_roles(o1), abs=1e-3)


def test_checkpoint_sources(tmp_path):
    from heroes_env.agents.torch_policy import build_net, save_checkpoint
    net = build_net(hidden=(16,))
    head = torch.nn.Linear(16, C.MAX_SEATS * tb.NUM_CLASSES)
    state = tmp_path / "run.state"
    torch.save({"format": "selfplay-state", "net": {"arch": dict(net.arch),
                                                     "state_dict": net.state_dict()},
                "role_head": head.state_dict()}, state)
    reader = tb.load_role_reader(str(state))
    game = Game.new(Config(num_players=8, pack="standard"), seed=2)
    obs = np.stack([game.observe(s) for s in range(8)])
    P = reader.probs(obs)
    assert P.shape == (8, C.MAX_SEATS, 4)
    for i in range(8):
        h = rr.hidden_seats(obs[i])
        assert len(h) == (7 if game.role(i) == LORD else 6)     # the lord is shown to all
        assert P[i, h].sum(1) == pytest.approx(np.ones(len(h)))
    plain = tmp_path / "policy.pt"
    save_checkpoint(str(plain), net)
    with pytest.raises(SystemExit, match="has no role head"):
        tb.load_role_reader(str(plain))
    bad = tmp_path / "bad.pt"
    bad.write_bytes(b"not a checkpoint")
    with pytest.raises(SystemExit, match="cannot read"):
        tb.load_role_reader(str(bad))
    source = rr.make_source(str(state), rr.parse_args(rr.Args, []))
    assert source.name == "run.state"
    with pytest.raises(SystemExit, match="prior, heuristic, belief"):
        rr.make_source("nonsense", rr.parse_args(rr.Args, []))


def test_heuristic_role_probs_follow_its_memory():
    from heroes_env.agents.heuristic import HeuristicAgent
    game = Game.new(Config(num_players=5, pack="none"), seed=5)
    agent = HeuristicAgent(seed=0)
    seen = []
    for _ in range(400):
        if game.done:
            break
        v = game.decider
        obs, mask = game.observe_with_mask(v)
        a = agent.act(obs, mask, slot=v)
        P = agent.role_probs(obs, slot=v)
        assert P.shape == (5, C.NUM_ROLES) and P.sum(1) == pytest.approx(np.ones(5))
        assert P[0, game.role(v)] == 1.0
        seen.append((v, obs, P))
        game.step(a)
    # the evidence moved some unknown seat away from the bare role table (a memoryless read)
    fresh = HeuristicAgent(seed=0)
    assert any(not np.allclose(P, fresh.role_probs(obs, slot=100 + v)) for v, obs, P in seen)


def test_belief_heuristic_takes_the_belief_odds(tmp_path):
    """The belief-guided heuristic: its evidence gives the belief's loyalist : rebel odds."""
    P = np.zeros((C.MAX_SEATS, 4))
    P[1] = [0, 0.5, 0.25, 0.25]
    P[2] = [0, 0, 0.6, 0.4]                  # no loyalist possible: no evidence
    e = tb.evidence_of(P, np.array([0.0, 1, 2, 1]))
    # the heuristic weighs loyalist by left * exp(e), rebel by left * exp(-e)
    assert 1 * np.exp(e[1]) / (2 * np.exp(-e[1])) == pytest.approx(0.5 / 0.25)
    assert e[2] == 0 and e[0] == 0
    agent = tb.BeliefHeuristicAgent(seed=1, belief=_tiny_belief(tmp_path))
    game = Game.new(Config(num_players=5, pack="none"), seed=2)
    for _ in range(60):
        v = game.decider
        obs, mask = game.observe_with_mask(v)
        a = agent.act(obs, mask, slot=v)
        assert mask[a] == 1
        game.step(a)
        if game.done:
            break


def test_bad_arguments_say_what_is_legal():
    with pytest.raises(SystemExit, match="--agents: .*unknown agent 'nobody'"):
        rr.make_players(["nobody"], 5, 0)
    with pytest.raises(SystemExit, match="one spec for every seat or 5"):
        rr.make_players(["heuristic", "random"], 5, 0)
    with pytest.raises(SystemExit, match="--games 0"):
        rr.main(["--games", "0", "--sources", "prior"])
    with pytest.raises(SystemExit, match="names a source twice"):
        rr.main(["--sources", "prior", "prior"])
    with pytest.raises(SystemExit, match="no checkpoint"):
        rr.main(["--sources", "belief", "--belief", "missing.pt"])


def test_the_shipped_belief_model_reads_the_heuristic():
    """The shipped checkpoint loads and, among heuristic players, names more hidden roles than
    the prior and the heuristic's own memory (docs/role-reading.md: by 20 points and more)."""
    assert os.path.getsize(rr.DEFAULT_BELIEF) < 2_000_000
    res = rr.run(rr.parse_args(rr.Args, ["--games", "3", "--seed", "1000000", "--players", "8",
                                         "--pack", "standard"]))
    acc = {name: src["all"]["accuracy"] for name, src in res["sources"].items()}
    assert acc["belief"] > acc["heuristic"] + 0.05 and acc["belief"] > acc["prior"] + 0.05


def test_train_belief_smoke(tmp_path, capsys):
    """The training script with a tiny budget: data shards (resumed by shard), a checkpoint the
    benchmark loads, the held-out choice recorded."""
    data, ckpt = tmp_path / "data", tmp_path / "b.pt"
    tiny = ["--packs", "none", "--players", "5", "--games", "3", "--val-games", "1",
            "--shard-games", "2", "--keep", "0.5", "--data-dir", str(data), "--hidden", "8", "8"]
    assert tb.main(tiny + ["--data-only"]) is None
    shards = sorted(os.listdir(data))
    assert shards == ["none5_seed0_000000.npz", "none5_seed0_000002.npz"]
    d = np.load(data / shards[0])
    assert d["obs"].dtype == np.uint8 and d["obs"].shape[1] == C.OBS_SIZE
    assert len(d["labels"]) == len(d["obs"]) == len(d["games"]) > 0
    assert ((d["labels"] >= -1) & (d["labels"] <= 3)).all() and (d["labels"][:, 0] == -1).all()
    capsys.readouterr()
    best = tb.main(tiny + ["--epochs", "1", "--save-path", str(ckpt)])
    assert "npz:" not in capsys.readouterr().out                 # no shard played again
    assert best["epoch"] == 1 and 0 < best["accuracy"] <= 1
    meta = torch.load(ckpt, weights_only=True)["meta"]
    assert meta["held_out"] == best and meta["args"]["games"] == 3
    assert tb.load_role_reader(str(ckpt)).fit_counts == best["fit_counts"]
    with pytest.raises(SystemExit, match="--keep 0"):
        tb.main(tiny + ["--keep", "0"])
