"""The training scripts with tiny budgets (CleanRL's smoke tests), the checkpoint loader of
``heroes_env.agents.torch_policy`` and the per-role evaluation. Needs the ``train`` extra."""
import json
import os
import sys

import numpy as np
import pytest

pytest.importorskip("torch")
pytest.importorskip("sb3_contrib")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import heroes_env.agents.torch_policy  # noqa: E402,F401 - registers the .pt / .zip loaders
from heroes_env.agents import AgentSpecError, make_agent  # noqa: E402
from heroes_env.engine.constants import NUM_ACTIONS, OBS_SIZE  # noqa: E402
from heroes_env.vector import VectorEnv  # noqa: E402


@pytest.fixture(scope="module")
def selfplay_ckpt(tmp_path_factory):
    """A self-play checkpoint from a tiny run: imitation warm start, two PPO updates against
    heuristic, pool and self, one evaluation by the tournament tool."""
    import torch

    from training import selfplay_ppo
    d = tmp_path_factory.mktemp("selfplay")
    path = str(d / "sp.pt")
    threads = torch.get_num_threads()
    selfplay_ppo.main(["--total-steps", "400", "--rollout-steps", "200", "--bc-steps", "200",
                       "--num-envs", "8", "--minibatch-size", "64", "--hidden", "32",
                       "--pool-every", "1", "--p-heuristic", "0.4", "--p-pool", "0.3",
                       "--eval-every", "2", "--eval-games", "2", "--torch-threads", "1",
                       "--save-path", path, "--run-dir", str(d / "runs"), "--seed", "3"])
    torch.set_num_threads(threads)
    return path, d


def test_selfplay_smoke(selfplay_ckpt):
    path, d = selfplay_ckpt
    assert os.path.getsize(path) > 0
    run = os.listdir(d / "runs")[0]
    tags = {json.loads(line)["tag"] for line in open(d / "runs" / run / "scalars.jsonl")}
    assert {"charts/sps", "losses/value_loss", "bc/cross_entropy", "eval/win_all"} <= tags
    net, meta = heroes_env.agents.torch_policy.load_checkpoint(path)
    assert meta["ppo_steps"] >= 400 and meta["bc_steps"] >= 200
    assert meta["args"]["hidden"] == [32]


def test_checkpoint_agent_plays_legal_actions(selfplay_ckpt):
    path, _ = selfplay_ckpt
    agent = make_agent(path, seed=0)
    sampled = make_agent(path, seed=0, deterministic=False)
    venv = VectorEnv(8, num_players=5, num_threads=1)
    r = venv.reset(seed=1)
    for _ in range(60):
        a = agent.act_batch(r.obs, r.mask)
        b = sampled.act_batch(r.obs, r.mask)
        assert a.shape == (8,) and a.dtype == np.int64
        assert r.mask[np.arange(8), a].all() and r.mask[np.arange(8), b].all()
        assert agent.act(r.obs[0], r.mask[0]) == a[0]
        r = venv.step(b)
    # the same seed samples the same actions
    s1 = make_agent(path, seed=5, deterministic=False).act_batch(r.obs, r.mask)
    s2 = make_agent(path, seed=5, deterministic=False).act_batch(r.obs, r.mask)
    assert (s1 == s2).all()


def test_bad_checkpoint(tmp_path):
    p = tmp_path / "junk.pt"
    p.write_bytes(b"not a checkpoint")
    with pytest.raises(AgentSpecError):
        make_agent(str(p))
    import torch
    q = tmp_path / "other.pt"
    torch.save({"format": "something else"}, q)
    with pytest.raises(AgentSpecError, match="not a"):
        make_agent(str(q))


def test_checkpoint_of_the_layout_before_the_history_is_migrated(tmp_path):
    """A net trained on observation layout 1 (before the public history pieces and the wider
    hero room) is migrated when loaded: on today's observation it computes what it computed on
    its own layout's view of it (heroes_env/obs_layouts.py); it is saved in today's layout."""
    import torch

    from heroes_env.obs_layouts import LAYOUT_SIZES, old_view
    fresh = heroes_env.agents.torch_policy.build_net((16,))
    sd = fresh.state_dict()
    gen = torch.Generator().manual_seed(0)
    sd["trunk.0.weight"] = torch.randn(16, LAYOUT_SIZES[1], generator=gen) * 0.1
    path = str(tmp_path / "old.pt")
    torch.save({"format": heroes_env.agents.torch_policy.CHECKPOINT_FORMAT,
                "arch": {"obs_size": LAYOUT_SIZES[1], "num_actions": NUM_ACTIONS,
                         "hidden": [16]}, "state_dict": sd, "meta": {}}, path)
    agent = make_agent(path, seed=0)
    assert agent.net.arch["obs_size"] == OBS_SIZE
    venv = VectorEnv(4, num_players=5, num_threads=1)
    r = venv.reset(seed=2)
    for _ in range(20):
        r = venv.step(venv.random_actions())
    x = torch.from_numpy(old_view(r.obs, 1))
    h = torch.relu(x @ sd["trunk.0.weight"].T + sd["trunk.0.bias"])
    want = (h @ sd["pi.weight"].T + sd["pi.bias"]).masked_fill(torch.as_tensor(r.mask == 0),
                                                                -1e9)
    np.testing.assert_allclose(agent.logits(r.obs, r.mask), want.numpy(), rtol=1e-5, atol=1e-5)
    a = agent.act_batch(r.obs, r.mask)
    assert r.mask[np.arange(4), a].all()
    path2 = str(tmp_path / "again.pt")
    heroes_env.agents.torch_policy.save_checkpoint(path2, agent.net)
    assert make_agent(path2).net.arch["obs_size"] == OBS_SIZE


def test_shipped_checkpoint_still_plays():
    """tests/data/selfplay_none5.pt was trained on observation layout 1: it is
    migrated when loaded (tests/test_obs_layouts.py: the same probabilities as before)."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    agent = make_agent(os.path.join(root, "tests/data/selfplay_none5.pt"), seed=0)
    assert agent.net.arch["obs_size"] == OBS_SIZE
    venv = VectorEnv(4, num_players=5, num_threads=1)
    r = venv.reset(seed=4)
    for _ in range(30):
        a = agent.act_batch(r.obs, r.mask)
        assert r.mask[np.arange(4), a].all()
        r = venv.step(a)


def test_checkpoint_of_another_size_is_refused(tmp_path):
    import torch
    net = heroes_env.agents.torch_policy.build_net((16,))
    path = str(tmp_path / "odd.pt")
    heroes_env.agents.torch_policy.save_checkpoint(path, net)
    data = torch.load(path, weights_only=True)
    data["arch"]["obs_size"] = 1000
    torch.save(data, path)
    with pytest.raises(AgentSpecError, match=f"1000 cells .*; this env's are {OBS_SIZE}"):
        make_agent(path)
    with pytest.raises(AgentSpecError, match="1000 cells"):
        heroes_env.agents.torch_policy.build_net((16,), 1000)


def test_masked_logits():
    import torch
    net = heroes_env.agents.torch_policy.build_net((16,))
    obs = torch.randn(4, OBS_SIZE)
    mask = torch.zeros(4, NUM_ACTIONS, dtype=torch.bool)
    mask[:, 7] = True
    mask[2, 100] = True
    logits, v = net(obs, mask)
    assert logits.shape == (4, NUM_ACTIONS) and v.shape == (4,)
    p = torch.softmax(logits, -1)
    assert torch.all(p[~mask] == 0)


def test_maskable_ppo_smoke(tmp_path):
    from training import maskable_ppo
    path = str(tmp_path / "m.zip")
    model = maskable_ppo.main(["--total-steps", "128", "--num-envs", "2", "--n-steps", "64",
                               "--batch-size", "64", "--n-epochs", "1", "--hidden", "16",
                               "--torch-threads", "1", "--save-path", path,
                               "--run-dir", str(tmp_path / "runs")])
    assert model.num_timesteps >= 128 and os.path.isfile(path)
    agent = make_agent(path)
    venv = VectorEnv(4, num_players=5, num_threads=1)
    r = venv.reset(seed=2)
    for _ in range(20):
        a = agent.act_batch(r.obs, r.mask)
        assert r.mask[np.arange(4), a].all()
        r = venv.step(a)


def test_evaluate_table(selfplay_ckpt, tmp_path):
    from training import evaluate
    path, _ = selfplay_ckpt
    out = tmp_path / "eval.json"
    res = evaluate.main(["--agent", path, "--games", "3", "--workers", "1", "--quiet",
                         "--opponents", "random", "--out", str(out)])
    table = res["comparisons"]["random"]["table"]
    assert set(table) == {"lord", "loyalist", "rebel", "renegade", "all"}
    assert table["all"]["agent"]["games"] == table["all"]["baseline"]["games"] == 3
    # the same seed deals the same roles to the agent's seat and the heuristic's
    for role in ("lord", "loyalist", "rebel", "renegade"):
        assert table[role]["agent"]["games"] == table[role]["baseline"]["games"]
    assert json.loads(out.read_text())["text"].startswith(path)


def test_parse_args():
    from training.common import parse_args
    from training.selfplay_ppo import Args
    a = parse_args(Args, ["--total-steps", "7", "--hidden", "8", "4", "--no-anneal-lr",
                          "--pack", "standard"])
    assert a.total_steps == 7 and a.hidden == (8, 4) and a.anneal_lr is False
    assert a.pack == "standard"
    assert parse_args(Args, ["--tensorboard", "false"]).tensorboard is False
