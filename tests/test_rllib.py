"""RLlib: the MultiAgentEnv adapter (turn order, rewards, masks, in-env opponents, seeds), the
agent -> module mapping of the league, and a smoke run of training/rllib_ppo.py whose exported
checkpoint is played by make_agent and training/evaluate.py. Needs the "ray" extra."""
import os
import sys
from types import SimpleNamespace

import numpy as np
import pytest

pytest.importorskip("ray.rllib")

from heroes_env.engine import constants as C  # noqa: E402
from heroes_env.rllib_env import LEARNER, HeroesMultiAgentEnv  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


def play(env, seed, games, rng_seed=0):
    """Random legal play; per game (agents that decided, final rewards, decisions)."""
    rng = np.random.default_rng(rng_seed)
    obs, _ = env.reset(seed=seed)
    out, acted, steps = [], set(), 0
    while len(out) < games:
        assert len(obs) == 1
        (agent, o), = obs.items()
        assert o["observation"].shape == (C.OBS_SIZE,) and o["observation"].dtype == np.float32
        assert o["action_mask"].dtype == np.int8 and o["action_mask"].any()
        action = int(rng.choice(np.flatnonzero(o["action_mask"])))
        obs, rew, term, trunc, _ = env.step({agent: action})
        acted.add(agent)
        steps += 1
        if term["__all__"] or trunc["__all__"]:
            assert set(obs) == set(rew) == acted            # every agent that decided, once more
            assert all(not o["action_mask"].any() for o in obs.values())
            out.append((sorted(acted), rew, steps))
            acted, steps = set(), 0
            obs, _ = env.reset()
        else:
            nxt, = obs
            # a reward comes with the next observation of an agent that decided before
            assert set(rew) == ({nxt} if nxt in acted else set())
            assert all(v == 0.0 for v in rew.values())
    return out


def test_every_seat_is_an_agent_and_rewards_come_at_the_end():
    env = HeroesMultiAgentEnv({"num_players": 5})
    games = play(env, seed=3, games=6)
    for agents, rew, steps in games:
        assert LEARNER not in agents and steps > 10
        assert set(rew.values()) <= {-1.0, 0.0, 1.0}
        assert sorted(env.possible_agents) == sorted([f"player_{s}" for s in range(5)] + [LEARNER])
    assert play(HeroesMultiAgentEnv({"num_players": 5}), seed=3, games=6) == games   # seeded
    assert play(HeroesMultiAgentEnv({"num_players": 5}), seed=4, games=6) != games


def test_in_env_opponents_leave_one_learning_agent():
    env = HeroesMultiAgentEnv({"num_players": 5, "opponents": ["random"], "p_opponents": 1.0})
    for agents, rew, _ in play(env, seed=1, games=5):
        assert agents == [LEARNER] and set(rew) == {LEARNER}
    mixed = HeroesMultiAgentEnv({"num_players": 6, "opponents": ["random", "heuristic"],
                                 "p_opponents": 0.5})
    kinds = {tuple(a) == (LEARNER,) for a, _, _ in play(mixed, seed=2, games=12)}
    assert kinds == {True, False}


def test_rllibs_own_pettingzoo_wrapper_plays_the_aec_env():
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv

    import heroes_env
    env = PettingZooEnv(heroes_env.env(num_players=5))
    obs, _ = env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(5000):
        (agent, o), = obs.items()
        obs, rew, term, trunc, _ = env.step(
            {agent: int(rng.choice(np.flatnonzero(o["action_mask"])))})
        if term["__all__"] or trunc["__all__"]:
            break
    assert term["__all__"] and len(rew) == 5 and set(rew.values()) <= {-1, 0, 1}


def test_bad_input_is_named():
    env = HeroesMultiAgentEnv({"num_players": 5})
    obs, _ = env.reset(seed=0)
    (agent, o), = obs.items()
    illegal = int(np.flatnonzero(o["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        env.step({agent: illegal})
    other = next(a for a in env.possible_agents if a != agent)
    with pytest.raises(ValueError, match=f"step wants the action of '{agent}'"):
        env.step({other: 0})
    with pytest.raises(ValueError, match="no opponents are given"):
        HeroesMultiAgentEnv({"p_opponents": 0.3})
    with pytest.raises(ValueError, match=r"p_opponents must be in \[0, 1\]"):
        HeroesMultiAgentEnv({"opponents": ["heuristic"], "p_opponents": 2})
    with pytest.raises(ValueError, match="legal keys: the keywords of heroes_env.Config"):
        HeroesMultiAgentEnv({"num_player": 5})


def test_league_mapping():
    from training.rllib_ppo import make_mapping
    assert make_mapping(5, [], 0.5)("player_3", SimpleNamespace(id_="x")) == "main"
    f = make_mapping(5, ["past_1", "past_2"], 0.25)
    seen = set()
    for k in range(200):
        ep = SimpleNamespace(id_=f"episode{k}")
        assert f(LEARNER, ep) == "main"
        mods = [f(f"player_{s}", ep) for s in range(5)]
        assert "main" in mods and mods == [f(f"player_{s}", ep) for s in range(5)]
        seen.update(mods)
    assert seen == {"main", "past_1", "past_2"}


@pytest.mark.slow
def test_rllib_ppo_smoke_exports_an_agent(tmp_path):
    """2,000 env steps on one Ray env runner, a league snapshot, then the .pt plays."""
    from heroes_env.agents import make_agent
    from training import evaluate, rllib_ppo

    save = str(tmp_path / "rllib.pt")
    out = rllib_ppo.main(["--total-steps", "2000", "--train-batch-size", "500",
                          "--minibatch-size", "128", "--num-epochs", "1",
                          "--num-env-runners", "1", "--snapshot-every", "2", "--hidden", "64",
                          "--save-path", save, "--run-dir", str(tmp_path / "runs"),
                          "--rllib-checkpoint", str(tmp_path / "rllib_ckpt"), "--no-tensorboard"])
    # one snapshot every 2 iterations; how many iterations 2,000 env steps take varies with
    # what each sample returns (a busy machine times some out short)
    its = len(out["history"])
    assert out["env_steps"] >= 2000 and its >= 4
    assert out["league"] == [f"past_{k}" for k in range(1, min(4, its // 2) + 1)]
    assert os.listdir(tmp_path / "rllib_ckpt")                   # RLlib's own checkpoint too
    assert all(r["env_steps_per_s"] > 0 for r in out["history"])
    agent = make_agent(save)
    assert agent.meta["trainer"] == "training/rllib_ppo.py" and agent.meta["env_steps"] >= 2000
    res = evaluate.compare(evaluate.Args(agent=save, games=5, opponents=("random",), workers=1,
                                         quiet=True, out=""))
    assert res["comparisons"]["random"]["table"]["all"]["agent"]["games"] == 5


def test_module_masks_and_exports_exactly(tmp_path):
    """The RLModule's logits are PolicyNet's masked logits, and its exported .pt gives them."""
    import torch
    from ray.rllib.core.columns import Columns

    from heroes_env.agents import make_agent
    from heroes_env.agents.rllib_module import MaskedPolicyModule, export_weights
    env = HeroesMultiAgentEnv({"num_players": 5})
    module = MaskedPolicyModule(observation_space=env.observation_space,
                                action_space=env.action_space, model_config={"hidden": [32, 16]})
    obs, masks = [], []
    o, _ = env.reset(seed=5)
    rng = np.random.default_rng(1)
    for _ in range(20):
        (a, x), = o.items()
        obs.append(x["observation"])
        masks.append(x["action_mask"])
        o, _, term, trunc, _ = env.step({a: int(rng.choice(np.flatnonzero(x["action_mask"])))})
        assert not term["__all__"]
    batch = {Columns.OBS: {"observation": torch.as_tensor(np.stack(obs)),
                           "action_mask": torch.as_tensor(np.stack(masks))}}
    with torch.no_grad():
        logits = module.forward_inference(batch)[Columns.ACTION_DIST_INPUTS].numpy()
        values = module.compute_values(batch).numpy()
    legal = np.stack(masks) != 0
    assert (logits[~legal] == -1e9).all() and (logits[legal] > -1e8).all()
    assert values.shape == (20,)
    path = str(tmp_path / "m.pt")
    export_weights(module.get_state(), [32, 16], path, {"note": "test"})
    agent = make_agent(path)
    # the agent computes its first layer from the non-zero input cells: the same sums, added
    # in another order
    np.testing.assert_allclose(agent.logits(np.stack(obs), np.stack(masks)), logits, rtol=1e-6,
                               atol=1e-6)
    assert agent.meta["note"] == "test"
