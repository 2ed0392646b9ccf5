"""obs_dtype="uint8": one byte a cell, decoded exactly into the float32 observation of the same
games (every mode, pack, 5 and 8 players, the history pieces and the full state included); the
spaces follow the dtype; the agents choose the same actions whichever dtype they are given."""
import numpy as np
import pytest

import heroes_env
from heroes_env import OBS_DIVISOR, OBS_SCALE, STATE_DIVISOR, obs_to_float32
from heroes_env.engine import constants as C
from heroes_env.engine.observe import STATE_OBS_SIZE
from heroes_env.obs import OBS_SIGNED
from heroes_env.vector import VectorEnv
from heroes_env.wrappers import LearnerEnv, LearnerVectorEnv

CASES = [(mode, n, pack) for mode, n in (("identity", 5), ("identity", 8), ("3v3", 6))
         for pack in ("none", "standard", "herokill", "classmates")]


def bits(a):
    return np.ascontiguousarray(a, np.float32).view(np.uint32)


def assert_decodes(u8, f32):
    assert u8.dtype == np.uint8 and f32.dtype == np.float32
    np.testing.assert_array_equal(bits(obs_to_float32(u8)), bits(f32))


@pytest.mark.parametrize("mode,n,pack", CASES)
def test_uint8_decodes_to_float32_bit_for_bit(mode, n, pack):
    kw = dict(num_players=n, mode=mode, pack=pack, num_threads=1)
    vf, vu = VectorEnv(16, **kw), VectorEnv(16, obs_dtype="uint8", **kw)
    sf, su = vf.reset(seed=3), vu.reset(seed=3)
    seen_hist = seen_neg = 0
    hist = slice(C.OBS_HIST_GAME, C.OBS_SIZE)
    for t in range(400):
        assert_decodes(su.obs, sf.obs)
        np.testing.assert_array_equal(su.mask, sf.mask)
        np.testing.assert_array_equal(su.seat, sf.seat)
        # the multiply by OBS_SCALE: exact where the divisor is 1, within one ulp elsewhere
        k = su.obs.astype(np.float32)                                     # the counts
        k[:, OBS_SIGNED] = su.obs[:, OBS_SIGNED].astype(np.int8)
        np.testing.assert_allclose(k * OBS_SCALE, sf.obs, rtol=1.2e-7, atol=0)
        one = OBS_DIVISOR == 1
        np.testing.assert_array_equal(bits((k * OBS_SCALE)[:, one]), bits(sf.obs[:, one]))
        seen_hist += int((su.obs[:, hist] != 0).sum())
        seen_neg += int((sf.obs < 0).sum())
        if t % 50 == 0:
            assert_decodes(vu.state(), vf.state())
            assert_decodes(vu.observe(0), vf.observe(0))
        a = vf.random_actions()
        np.testing.assert_array_equal(a, vu.random_actions())
        sf, su = vf.step(a), vu.step(a)
        np.testing.assert_array_equal(su.rewards, sf.rewards)
    assert seen_hist > 0 and seen_neg > 0      # the history pieces and the signed cells were hit


def test_byte_range_and_divisors():
    assert OBS_DIVISOR.shape == (C.OBS_SIZE,) and OBS_DIVISOR.dtype == np.float32
    assert STATE_DIVISOR.shape == (STATE_OBS_SIZE,)
    assert set(np.unique(OBS_DIVISOR).tolist()) == {1.0, 10.0, 100.0}
    assert OBS_DIVISOR[C.OBS_SEATS + 3 * C.SEAT_OBS + C.OS_DIST] == C.DIST_DIV
    assert (OBS_DIVISOR[C.OBS_MISC:C.OBS_MISC + 3] == C.MISC_DIV).all()
    assert OBS_DIVISOR[C.OBS_HIST_EVENTS + C.OE_AMOUNT] == C.HIST_DIV
    assert OBS_DIVISOR[C.OBS_HIST_EVENTS + C.OE_KIND] == 1
    # every count of a byte cell divided as float32 is the float32 of the division in float64
    k = np.arange(-128, 256)
    for d in (1, 10, 100):
        np.testing.assert_array_equal(bits(k.astype(np.int16) / np.float32(d)),
                                      bits((k / float(d)).astype(np.float32)))
    # signed cells read as int8, the others as uint8
    assert OBS_SIGNED.sum() == C.MAX_SEATS + 1 and OBS_SIGNED[C.OBS_DNUM + 2]
    o = np.zeros(C.OBS_SIZE, np.uint8)
    o[C.OBS_SEATS + C.OS_HP] = 247
    o[C.OBS_HIST_ROUND + 1] = 200
    f = obs_to_float32(o)
    assert f[C.OBS_SEATS + C.OS_HP] == -9 and f[C.OBS_HIST_ROUND + 1] == np.float32(20.0)
    with pytest.raises(ValueError, match="obs_dtype must be one of"):
        VectorEnv(2, obs_dtype="float64")
    with pytest.raises(ValueError, match="max_rounds must be <= 255"):
        VectorEnv(2, obs_dtype="uint8", max_rounds=300)
    with pytest.raises(ValueError, match="obs_dtype must be one of"):
        heroes_env.env(obs_dtype="int16")
    with pytest.raises(ValueError, match="a byte observation has"):
        obs_to_float32(np.zeros(5, np.uint8))


@pytest.mark.parametrize("n", [5, 8])
def test_aec_env_uint8(n):
    ef = heroes_env.env(num_players=n, pack="standard")
    eu = heroes_env.env(num_players=n, pack="standard", obs_dtype="uint8")
    sp = eu.observation_space("player_0")["observation"]
    assert sp.dtype == np.uint8 and sp.shape == (C.OBS_SIZE,)
    assert eu.unwrapped.state_space.dtype == np.uint8
    assert ef.observation_space("player_0")["observation"].dtype == np.float32
    ef.reset(seed=11)
    eu.reset(seed=11)
    rng = np.random.default_rng(0)
    for _ in range(300):
        of, _, tf, trf, _ = ef.last()
        ou, _, tu, tru, _ = eu.last()
        assert_decodes(ou["observation"], of["observation"])
        assert sp.contains(ou["observation"])
        np.testing.assert_array_equal(ou["action_mask"], of["action_mask"])
        if tf or trf:
            break
        a = int(rng.choice(np.flatnonzero(of["action_mask"])))
        ef.step(a)
        eu.step(a)
    assert_decodes(eu.state(), ef.state())


def test_learner_wrappers_uint8():
    lf = LearnerVectorEnv(8, seat="random", num_players=8)
    lu = LearnerVectorEnv(8, seat="random", num_players=8, obs_dtype="uint8")
    assert lu.single_observation_space.dtype == np.uint8
    assert lu.observation_space.shape == (8, C.OBS_SIZE)
    of, _ = lf.reset(seed=5)
    ou, _ = lu.reset(seed=5)
    for _ in range(200):
        assert_decodes(ou, of)
        a = lf.random_actions()                  # (drawing turns on a draw per step: both)
        np.testing.assert_array_equal(a, lu.random_actions())
        of, rf, tf, _, inf_ = lf.step(a)
        ou, ru, tu, _, inu = lu.step(a)
        np.testing.assert_array_equal(rf, ru)
        if tf.any():
            for i in np.flatnonzero(tf):
                assert_decodes(inu["final_obs"][i], inf_["final_obs"][i])
    e = LearnerEnv(seat=1, num_players=5, obs_dtype="uint8")
    assert e.observation_space.dtype == np.uint8
    o, _ = e.reset(seed=2)
    assert o.dtype == np.uint8 and e.observation_space.contains(o)


def test_sb3_vec_env_uint8():
    pytest.importorskip("stable_baselines3")
    from heroes_env.wrappers import sb3_vec_env
    v = sb3_vec_env(4, num_players=5, obs_dtype="uint8")
    assert v.observation_space.dtype == np.uint8
    assert v.reset().dtype == np.uint8


def test_agents_choose_the_same_for_both_dtypes():
    from heroes_env.agents import make_agent
    vf = VectorEnv(32, num_players=8, pack="standard", num_threads=1)
    vu = VectorEnv(32, num_players=8, pack="standard", num_threads=1, obs_dtype="uint8")
    hf, hu = make_agent("heuristic", seed=1), make_agent("heuristic", seed=1)
    rf, ru = make_agent("random", seed=1), make_agent("random", seed=1)
    sf, su = vf.reset(seed=9), vu.reset(seed=9)
    for _ in range(150):
        slots = np.arange(32) * C.MAX_SEATS + sf.seat
        a = hf.act_batch(sf.obs, sf.mask, slots)
        np.testing.assert_array_equal(a, hu.act_batch(su.obs, su.mask, slots))
        np.testing.assert_array_equal(rf.act_batch(sf.obs, sf.mask), ru.act_batch(su.obs, su.mask))
        sf, su = vf.step(a), vu.step(a)
    assert hf.act(sf.obs[0], sf.mask[0], 7) == hu.act(su.obs[0], su.mask[0], 7)


def test_torch_policy_same_logits_for_both_dtypes():
    torch = pytest.importorskip("torch")
    from heroes_env.agents.torch_policy import build_net
    torch.manual_seed(0)
    net = build_net((32,))
    v = VectorEnv(8, num_players=5, obs_dtype="uint8", num_threads=1)
    st = v.reset(seed=1)
    for _ in range(30):
        st = v.step(v.random_actions())
    mask = torch.from_numpy(np.asarray(st.mask) != 0)
    lu, _ = net(torch.from_numpy(np.array(st.obs)), mask)
    lf, _ = net(torch.from_numpy(obs_to_float32(st.obs)), mask)
    assert torch.equal(lu, lf)
