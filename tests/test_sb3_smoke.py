"""sb3-contrib's MaskablePPO trains on LearnerEnv and on the batched sb3_vec_env for a few hundred
steps and then plays with masks. Needs the ``train`` extra (``pip install -e ".[dev]"`` installs
it)."""
import numpy as np

from heroes_env.wrappers import LearnerEnv


def test_maskable_ppo_smoke():
    import torch
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.evaluation import evaluate_policy

    torch.set_num_threads(1)
    env = LearnerEnv(seat="random", num_players=5)
    model = MaskablePPO("MlpPolicy", env, n_steps=128, batch_size=64, n_epochs=1, seed=0,
                        policy_kwargs={"net_arch": [64]}, device="cpu", verbose=0)
    model.learn(total_timesteps=384)
    assert model.num_timesteps >= 384

    obs, _ = env.reset(seed=5)
    for _ in range(50):
        mask = env.action_masks()
        action, _ = model.predict(obs, action_masks=mask, deterministic=True)
        assert mask[int(action)]
        obs, reward, term, trunc, _ = env.step(int(action))
        if term or trunc:
            obs, _ = env.reset()
    mean, _ = evaluate_policy(model, env, n_eval_episodes=2, use_masking=True, warn=False)
    assert np.isfinite(mean) and -1.0 <= mean <= 1.0


def test_maskable_ppo_on_the_batched_env():
    """The same on sb3_vec_env: 16 games per call, compiled random opponents."""
    import torch
    from sb3_contrib import MaskablePPO

    from heroes_env.wrappers import sb3_vec_env

    torch.set_num_threads(1)
    venv = sb3_vec_env(16, seat="random", num_players=8, num_threads=1)
    model = MaskablePPO("MlpPolicy", venv, n_steps=16, batch_size=64, n_epochs=1, seed=0,
                        policy_kwargs={"net_arch": [64]}, device="cpu", verbose=0)
    model.learn(total_timesteps=512)
    assert model.num_timesteps >= 512
    obs = venv.reset()
    for _ in range(20):
        masks = venv.action_masks()
        actions, _ = model.predict(obs, action_masks=masks)
        assert masks[np.arange(16), actions].all()
        venv.step_async(actions)
        obs, rewards, dones, infos = venv.step_wait()
        for i in np.flatnonzero(dones):
            assert infos[i]["terminal_observation"].shape == obs[i].shape
        assert not rewards[~dones].any()
