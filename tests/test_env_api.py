"""The PettingZoo AEC env ``sanguosha_v0``: PettingZoo's own API and seed tests, spaces, dtypes,
team rewards for dead seats, ``state()``, rendering, autoplay and seeding."""
import re
import warnings

import numpy as np
import pytest
from gymnasium import spaces
from helpers import API_TEST_EXPECTED_WARNINGS, pettingzoo_api_test
from pettingzoo.test import seed_test

import heroes_env
from heroes_env import NUM_ACTIONS, OBS_SIZE
from heroes_env.engine import constants as C
from heroes_env.engine.observe import STATE_OBS_SIZE


def _random_action(obs, rng):
    legal = np.flatnonzero(obs["action_mask"])
    assert legal.size > 0
    return int(rng.choice(legal))


def _expected_reward(role, seat, result, winseat):
    if result == C.RES_LORD:
        return 1.0 if role in (C.ROLE_LORD, C.ROLE_LOYALIST) else -1.0
    if result == C.RES_REBEL:
        return 1.0 if role == C.ROLE_REBEL else -1.0
    if result == C.RES_RENEGADE:
        return 1.0 if seat == winseat else -1.0
    return 0.0


def _play(e, seed, policy_seed=None, max_steps=20000):
    """Play one game with a seeded random policy; return the agent steps as
    (agent, observation, mask, reward, action) and the final rewards seen by each agent."""
    rng = np.random.default_rng(seed if policy_seed is None else policy_seed)
    e.reset(seed=seed)
    trace, final = [], {}
    for agent in e.agent_iter(max_steps):
        obs, rew, term, trunc, info = e.last()
        if term or trunc:
            assert agent not in final, f"{agent} got two dead steps"
            final[agent] = rew
            e.step(None)
            continue
        a = _random_action(obs, rng)
        trace.append((agent, obs["observation"].copy(), obs["action_mask"].copy(), rew, a))
        e.step(a)
    assert not e.agents, "the game did not end"
    return trace, final


# ---------------------------------------------------------------- PettingZoo's tests
@pytest.mark.parametrize("n", [4, 5, 8, 10])
def test_pettingzoo_api_test(n):
    pettingzoo_api_test(heroes_env.env(num_players=n), num_cycles=1000)


@pytest.mark.parametrize("kw", [dict(num_players=5), dict(num_players=7, autoplay=False),
                                dict(num_players=6, render_mode="ansi", lang="zh")])
def test_pettingzoo_api_test_raw_env(kw):
    pettingzoo_api_test(heroes_env.raw_env(**kw), num_cycles=1000)


def test_a_new_api_test_warning_fails(monkeypatch):
    import pettingzoo.test

    def warns(extra):
        def api_test(env, num_cycles):
            for message in sorted(API_TEST_EXPECTED_WARNINGS) + extra:
                warnings.warn(message, stacklevel=2)
        return api_test
    monkeypatch.setattr(pettingzoo.test, "api_test", warns([]))
    pettingzoo_api_test(None, 1)
    monkeypatch.setattr(pettingzoo.test, "api_test", warns(["Observation contains NaNs"]))
    with pytest.raises(AssertionError, match="NaNs"):
        pettingzoo_api_test(None, 1)


@pytest.mark.parametrize("n", [5, 8])
def test_pettingzoo_seed_test(n):
    seed_test(lambda: heroes_env.env(num_players=n), num_cycles=500)


# ---------------------------------------------------------------- spaces
def test_spaces_are_the_same_for_every_player_count():
    ref = None
    for n in range(4, C.MAX_SEATS + 1):
        e = heroes_env.raw_env(num_players=n)
        assert e.possible_agents == [f"player_{i}" for i in range(n)]
        assert e.metadata["name"] == "sanguosha_v0"
        for agent in e.possible_agents:
            act = e.action_space(agent)
            assert isinstance(act, spaces.Discrete) and act.n == NUM_ACTIONS
            obs = e.observation_space(agent)
            assert obs["observation"].shape == (OBS_SIZE,)
            assert obs["observation"].dtype == np.float32
            assert obs["action_mask"].shape == (NUM_ACTIONS,)
            assert obs["action_mask"].dtype == np.int8
        desc = (e.action_space("player_0"), e.observation_space("player_0"), e.state_space)
        if ref is None:
            ref = desc
        assert desc == ref, n
    assert NUM_ACTIONS == C.NUM_ACTIONS and OBS_SIZE == C.OBS_SIZE


@pytest.mark.parametrize("n", [4, 5, 8, 10])
def test_observations_and_masks_match_the_spaces(n):
    e = heroes_env.raw_env(num_players=n)
    e.reset(seed=100 + n)
    rng = np.random.default_rng(n)
    for _step in range(150):
        if not e.agents or e.terminations[e.agent_selection]:
            break
        sel = e.agent_selection
        g = e.game
        for agent in e.agents:
            o = e.observe(agent)
            space = e.observation_space(agent)
            assert set(o) == {"observation", "action_mask"}
            assert o["observation"].dtype == np.float32 and o["observation"].shape == (OBS_SIZE,)
            assert o["action_mask"].dtype == np.int8 and o["action_mask"].shape == (NUM_ACTIONS,)
            assert np.isfinite(o["observation"]).all()
            assert space.contains(o), agent
            seat = e.possible_agents.index(agent)
            np.testing.assert_array_equal(o["observation"], g.observe(seat))
            if agent == sel:
                np.testing.assert_array_equal(o["action_mask"], g.mask())
                assert o["action_mask"].sum() >= 1
            else:
                assert not o["action_mask"].any(), f"{agent} is not selected but has a mask"
        obs, *_ = e.last()
        assert e.action_space(sel).contains(_random_action(obs, rng))
        e.step(_random_action(obs, rng))


def test_state_matches_state_space_and_has_full_information():
    e = heroes_env.raw_env(num_players=8)
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(60):
        st = e.state()
        assert st.shape == e.state_space.shape == (STATE_OBS_SIZE,)
        assert st.dtype == np.float32 and e.state_space.contains(st)
        g = e.game
        np.testing.assert_array_equal(st[:OBS_SIZE][C.OBS_HAND:C.OBS_SEATS],
                                      g.observe(0)[C.OBS_HAND:C.OBS_SEATS])
        for seat in range(8):
            base = OBS_SIZE + seat * (C.MAX_CARDS + C.NUM_ROLES)
            assert np.flatnonzero(st[base:base + C.MAX_CARDS]).tolist() == g.hand(seat)
            role = np.zeros(C.NUM_ROLES, np.float32)
            role[g.role(seat)] = 1
            roles_at = base + C.MAX_CARDS
            np.testing.assert_array_equal(st[roles_at:roles_at + C.NUM_ROLES], role)
        obs, *_ = e.last()
        e.step(_random_action(obs, rng))


# ---------------------------------------------------------------- dead seats and rewards
def test_dead_seats_stay_in_agents_and_get_the_team_reward():
    """Random 5-player games until a rebel dies and the rebels still win: the dead rebel is never
    selected, stays in agents, and receives +1 at the end (every game's rewards are checked)."""
    e = heroes_env.raw_env(num_players=5)
    found = {"dead rebel wins": 0, "dead loyalist wins": 0, "dead seat loses": 0}
    for seed in range(60):
        rng = np.random.default_rng(seed)
        e.reset(seed=seed)
        final = {}
        for agent in e.agent_iter(20000):
            obs, rew, term, trunc, _ = e.last()
            g = e.game
            if term or trunc:
                final[agent] = rew
                e.step(None)
                continue
            assert e.agents == e.possible_agents, "an agent left before the end"
            assert g.alive(e.possible_agents.index(agent)), f"dead {agent} was selected"
            assert rew == 0.0
            e.step(_random_action(obs, rng))
        g = e.game
        assert g.done and not e.agents
        assert set(final) == set(e.possible_agents), "not every agent got its final step"
        for seat, agent in enumerate(e.possible_agents):
            want = _expected_reward(g.role(seat), seat, g.result, int(g.s[C.H_WINSEAT]))
            assert final[agent] == want, (seed, agent, g.role(seat), g.result)
            if not g.alive(seat):
                if want == 1.0 and g.role(seat) == C.ROLE_REBEL:
                    found["dead rebel wins"] += 1
                elif want == 1.0 and g.role(seat) == C.ROLE_LOYALIST:
                    found["dead loyalist wins"] += 1
                elif want == -1.0:
                    found["dead seat loses"] += 1
        if all(found.values()):
            break
    assert all(found.values()), found


def test_truncated_game_gives_zero_and_truncations():
    e = heroes_env.raw_env(num_players=5, max_rounds=1)
    for seed in range(20):
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        while not e.game.done:
            obs, *_ = e.last()
            e.step(_random_action(obs, rng))
        if e.game.result == C.RES_TRUNCATED:
            break
    else:
        pytest.fail("no game reached the round cap of 1")
    g = e.game
    assert g.truncated and g.round == 2
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert all(i["result"] == C.RES_TRUNCATED for i in e.infos.values())
    final = {}
    for agent in e.agent_iter():
        _, rew, term, trunc, _ = e.last()
        assert trunc and not term
        final[agent] = rew
        e.step(None)
    assert final == {a: 0.0 for a in e.possible_agents}


# ---------------------------------------------------------------- render
@pytest.mark.parametrize("lang, words", [
    ("en", ["round", "player_0", "decides:", "HP", "draws"]),
    ("zh", ["轮", "0号位", "决定：", "摸了"]),
])
def test_render_ansi(lang, words):
    e = heroes_env.raw_env(num_players=5, render_mode="ansi", lang=lang)
    e.reset(seed=1)
    rng = np.random.default_rng(1)
    texts = []
    for _ in range(30):
        txt = e.render()
        assert isinstance(txt, str) and txt
        texts.append(txt)
        obs, *_ = e.last()
        e.step(_random_action(obs, rng))
    allt = "\n".join(texts)
    for w in words:
        assert w in allt, (w, texts[0])
    has_cjk = bool(re.search(r"[\u4e00-\u9fff]", allt))
    assert has_cjk == (lang == "zh")
    assert e.action_to_str(C.A_PASS) == ("pass" if lang == "en" else "放弃")


def test_render_human_prints_and_none_renders_nothing(capsys):
    e = heroes_env.raw_env(num_players=4, render_mode="human")
    e.reset(seed=2)
    assert "player_0 decides:" in capsys.readouterr().out     # reset renders in human mode
    assert e.render() is None
    assert "player_0" in capsys.readouterr().out
    quiet = heroes_env.raw_env(num_players=4)
    quiet.reset(seed=2)
    assert quiet.render() is None
    assert capsys.readouterr().out == ""


# ---------------------------------------------------------------- autoplay
def _play_forced_first(e, seed):
    """Seeded policy that draws from its generator only when there is a real choice, so the same
    game is played whether or not forced decisions are asked. Returns the masks seen."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    masks = []
    while not e.game.done:
        obs, *_ = e.last()
        legal = np.flatnonzero(obs["action_mask"])
        masks.append(legal.size)
        e.step(int(legal[0]) if legal.size == 1 else int(rng.choice(legal)))
    return masks


@pytest.mark.parametrize("n, seed", [(5, 11), (8, 12), (4, 13)])
def test_autoplay_false_asks_every_decision(n, seed):
    auto = heroes_env.raw_env(num_players=n)
    asked = heroes_env.raw_env(num_players=n, autoplay=False)
    m_auto = _play_forced_first(auto, seed)
    m_asked = _play_forced_first(asked, seed)
    assert min(m_auto) >= 2, "autoplay left a forced decision to the agent"
    assert min(m_asked) >= 1, "an agent was selected with an empty mask"
    assert m_asked.count(1) > 0
    n_auto = int(auto.game.s[C.H_NAUTO])
    assert int(asked.game.s[C.H_NAUTO]) == 0
    assert n_auto > 0
    assert len(m_asked) > len(m_auto)
    assert len(m_asked) == len(m_auto) + n_auto
    assert [k for k in m_asked if k > 1] == m_auto
    # the same game: identical rows but for the autoplay flag and counter
    a, b = auto.game.s.copy(), asked.game.s.copy()
    for cell in (C.H_FLAGS, C.H_NAUTO):
        a[cell] = b[cell] = 0
    np.testing.assert_array_equal(a, b)
    # autoplay done by the Python layer (render mode keeps the log) plays the same game too
    logged = heroes_env.raw_env(num_players=n, render_mode="ansi")
    assert _play_forced_first(logged, seed) == m_auto
    c = logged.game.s.copy()
    c[C.H_FLAGS] = 0
    a = auto.game.s.copy()
    a[C.H_FLAGS] = 0
    np.testing.assert_array_equal(a, c)


# ---------------------------------------------------------------- seeding
@pytest.mark.parametrize("n", [5, 8])
def test_reset_seed_is_reproducible(n):
    e1 = heroes_env.env(num_players=n)
    e2 = heroes_env.env(num_players=n)
    t1, f1 = _play(e1, seed=42)
    _play(e2, seed=7)                     # a different game first: no state may leak
    t2, f2 = _play(e2, seed=42)
    assert len(t1) == len(t2) and f1 == f2
    for (a1, o1, m1, r1, x1), (a2, o2, m2, r2, x2) in zip(t1, t2, strict=True):
        assert a1 == a2 and r1 == r2 and x1 == x2
        np.testing.assert_array_equal(o1, o2)
        np.testing.assert_array_equal(m1, m2)


def test_different_seeds_differ():
    e = heroes_env.raw_env(num_players=5)
    firsts = []
    for seed in range(6):
        e.reset(seed=seed)
        firsts.append(e.game.to_bytes())
    assert len(set(firsts)) == len(firsts)
    t1, _ = _play(e, seed=1, policy_seed=0)
    t2, _ = _play(e, seed=2, policy_seed=0)
    assert len(t1) != len(t2) or any(not np.array_equal(x[1], y[1])
                                     for x, y in zip(t1, t2, strict=False))
    # hands dealt differ: the first observation of the lord already differs
    assert not np.array_equal(t1[0][1], t2[0][1])


def test_seeds_differing_above_bit_31_give_different_games():
    e = heroes_env.raw_env(num_players=5)
    for s in (1, 12345, -1):
        e.reset(seed=s)
        a = e.game.to_bytes()
        e.reset(seed=s + 2**32)
        assert e.game.to_bytes() != a, f"seeds {s} and {s + 2**32} give the same game"


def test_reset_without_seed_gives_fresh_games():
    e = heroes_env.raw_env(num_players=5)
    seen = set()
    for _ in range(4):
        e.reset()
        seen.add(e.game.to_bytes())
    assert len(seen) == 4
