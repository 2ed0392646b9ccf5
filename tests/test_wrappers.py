"""Single-learner wrappers: the learner's games are the AEC env's games (opponents played inside
step), rewards are the learner's, masks are exact, seats and randomness reproducible."""
import zlib

import gymnasium
import numpy as np
import pytest

import heroes_env
from heroes_env import IllegalActionError
from heroes_env.engine import constants as C
from heroes_env.wrappers import LearnerEnv, LearnerVectorEnv, OpponentError, RandomPolicy


def hash_policy(obs, mask):
    """A deterministic opponent: a legal action picked by a hash of the observation."""
    legal = np.flatnonzero(mask)
    return int(legal[zlib.crc32(obs.tobytes()) % len(legal)])


class HashBatch:
    """hash_policy as a batched policy; records the seats it was asked for."""

    def __init__(self):
        self.seats = set()

    def act_batch(self, obs, masks, seats):
        self.seats.update(int(s) for s in seats)
        return np.array([hash_policy(o, m) for o, m in zip(obs, masks, strict=True)], np.int64)


def aec_episode(n, seed, learner, learner_actions):
    """Play env().reset(seed) with hash_policy for every seat but the learner's, whose actions
    come from learner_actions(obs, mask). Returns the learner's (obs, mask) at each of its
    decisions and its reward."""
    e = heroes_env.env(num_players=n)
    e.reset(seed=seed)
    views, rewards = [], None
    for agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            if rewards is None:
                rewards = dict(e.unwrapped.rewards)
            e.step(None)
            continue
        seat = int(agent.split("_")[1])
        if seat == learner:
            views.append((obs["observation"], obs["action_mask"]))
            e.step(learner_actions(obs["observation"], obs["action_mask"]))
        else:
            e.step(hash_policy(obs["observation"], obs["action_mask"]))
    return views, rewards[f"player_{learner}"]


def learner_policy(seed):
    rng = np.random.default_rng(seed)
    return lambda obs, mask: int(rng.choice(np.flatnonzero(mask)))


@pytest.mark.parametrize("n, seat", [(5, 0), (5, 3), (8, 6)])
def test_learner_env_plays_the_aec_game(n, seat):
    """LearnerEnv with a per-decision opponent callable = the AEC game with the same policies."""
    env = LearnerEnv(seat=seat, opponents=hash_policy, num_players=n)
    for k in range(3):
        seed = 40 + k
        views, reward = aec_episode(n, seed, seat, learner_policy(seed))
        pick = learner_policy(seed)
        obs, info = env.reset(seed=seed)
        assert info["seat"] == seat
        t = 0
        while True:
            o, m = views[t]
            np.testing.assert_array_equal(obs, o, err_msg=f"game {k} decision {t}")
            np.testing.assert_array_equal(env.action_masks(), m != 0)
            obs, r, term, trunc, info = env.step(pick(obs, m))
            t += 1
            if term or trunc:
                break
            assert r == 0.0
        assert t == len(views), "episode length"
        assert r == reward and info["seat"] == seat and info["seed"] == seed
        assert info["rewards"][seat] == reward


def test_learner_vector_env_plays_the_aec_games():
    """LearnerVectorEnv with a batched opponent: every game (auto-reset included) is the AEC game
    of its seed, from the learner seat's view."""
    B, n, seat, base = 3, 5, 2, 500
    opp = HashBatch()
    v = LearnerVectorEnv(B, seat=seat, opponents=opp, num_players=n, num_threads=1)
    obs, info = v.reset(seed=base)
    games = [0] * B
    expected = [aec_episode(n, base + i, seat, learner_policy(i)) for i in range(B)]
    picks = [learner_policy(i) for i in range(B)]
    t = [0] * B
    ended = 0
    for _ in range(400):
        masks = v.action_masks()
        actions = np.zeros(B, np.int64)
        for i in range(B):
            views, _ = expected[i]
            np.testing.assert_array_equal(obs[i], views[t[i]][0], err_msg=f"game {i} t {t[i]}")
            np.testing.assert_array_equal(masks[i], views[t[i]][1] != 0)
            actions[i] = picks[i](obs[i], views[t[i]][1])
        obs, rew, term, trunc, info = v.step(actions)
        for i in range(B):
            t[i] += 1
            if term[i] or trunc[i]:
                views, reward = expected[i]
                assert t[i] == len(views) and rew[i] == reward
                assert info["_final_obs"][i] and info["final_seat"][i] == seat
                assert info["seed"][i] == base + games[i] * B + i
                games[i] += 1
                ended += 1
                expected[i] = aec_episode(n, base + games[i] * B + i, seat,
                                          learner_policy(100 * games[i] + i))
                picks[i] = learner_policy(100 * games[i] + i)     # the same actions again
                t[i] = 0
            else:
                assert rew[i] == 0.0
    assert ended >= B
    assert opp.seats == set(range(n)) - {seat}


def _role(obs):
    return int(np.argmax(obs[C.OBS_ROLE:C.OBS_ROLE + C.NUM_ROLES]))


def test_random_seats_rewards_and_reproducibility():
    """seat='random' puts the learner in every seat; its reward matches its role and the result;
    the same seed replays the same games (compiled random opponents included)."""
    def run(seed):
        v = LearnerVectorEnv(16, seat="random", num_players=5, copy=True, num_threads=1)
        obs, info = v.reset(seed=seed)
        trace, seats, results = [obs], set(info["seat"].tolist()), []
        for _ in range(300):
            obs, rew, term, trunc, info = v.step(v.random_actions())
            trace.append(obs)
            trace.append(rew[:, None])
            seats |= set(info["seat"].tolist())
            for i in np.flatnonzero(term | trunc):
                results.append((_role(info["final_obs"][i]), int(info["result"][i]), rew[i]))
            assert not rew[~(term | trunc)].any()
        return np.concatenate(trace, axis=1), seats, results

    a, seats, results = run(7)
    assert seats == set(range(5))
    assert len(results) >= 10
    for role, result, r in results:
        if result in (C.RES_DRAW, C.RES_TRUNCATED):
            assert r == 0
        elif result == C.RES_LORD:
            assert r == (1 if role in (C.ROLE_LORD, C.ROLE_LOYALIST) else -1)
        elif result == C.RES_REBEL:
            assert r == (1 if role == C.ROLE_REBEL else -1)
        else:       # five players: one renegade, who won alone
            assert r == (1 if role == C.ROLE_RENEGADE else -1)
    b, _, _ = run(7)
    np.testing.assert_array_equal(a, b)
    c, _, _ = run(8)
    assert not np.array_equal(a, c)


def test_learner_env_errors_change_nothing():
    env = LearnerEnv(seat=1, num_players=5)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    obs, _ = env.reset(seed=1)
    before = env.game().s.copy()
    mask = env.action_masks()
    illegal = int(np.flatnonzero(~mask)[0])
    with pytest.raises(IllegalActionError, match=rf"action {illegal} .* legal: "):
        env.step(illegal)
    with pytest.raises(IllegalActionError, match="outside the action space"):
        env.step(C.NUM_ACTIONS)
    with pytest.raises(ValueError, match="an action is an int"):
        env.step(1.5)
    np.testing.assert_array_equal(env.game().s, before)
    env.step(int(np.flatnonzero(mask)[0]))
    with pytest.raises(ValueError, match="seat"):
        LearnerEnv(seat=5, num_players=5)
    with pytest.raises(ValueError, match="unknown opponent"):
        LearnerEnv(opponents="no-such-agent")
    with pytest.raises(ValueError, match="one per seat"):
        LearnerEnv(opponents=["random"] * 3, num_players=5)


def test_bad_opponent_is_named():
    env = LearnerEnv(seat=0, opponents=lambda obs, mask: int(np.flatnonzero(mask == 0)[0]))
    env.reset(seed=3)
    with pytest.raises(OpponentError, match="opponent in seat"):
        for _ in range(100):
            env.step(int(np.flatnonzero(env.action_masks())[0]))
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    env.reset()


def test_learner_env_episodes_continue_with_the_next_seed():
    """(gymnasium's check_env steps unmasked random actions, which this env refuses.)"""
    env = LearnerEnv(seat="random", opponents=[RandomPolicy(0)] * 5)
    obs, info = env.reset(seed=11)
    again, _ = LearnerEnv(seat="random", opponents=[RandomPolicy(0)] * 5).reset(seed=11)
    np.testing.assert_array_equal(obs, again)
    episodes, seeds = 0, []
    while episodes < 4:
        obs, r, term, trunc, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
        assert env.observation_space.contains(obs)
        if term or trunc:
            episodes += 1
            seeds.append(info["seed"])
            obs, info = env.reset()
    assert seeds == [11, 12, 13, 14]


def test_learner_vector_env_shapes():
    v = LearnerVectorEnv(4, seat=0, num_players=8, copy=False)
    obs, info = v.reset(seed=0)
    assert obs.shape == (4, C.OBS_SIZE) and obs.dtype == np.float32
    assert isinstance(v, gymnasium.vector.VectorEnv)
    assert v.action_masks().shape == (4, C.NUM_ACTIONS) and v.action_masks().dtype == bool
    with pytest.raises(ValueError):
        obs[0, 0] = 1.0
    with pytest.raises(ValueError, match="shape"):
        v.step(np.zeros(3, np.int64))
    a = v.random_actions()
    assert v.action_masks()[np.arange(4), a].all()
    bad = a.copy()
    bad[1] = int(np.flatnonzero(~v.action_masks()[1])[0])
    with pytest.raises(IllegalActionError, match="game 1"):
        v.step(bad)
    obs, rew, term, trunc, info = v.step(a)
    assert rew.shape == (4,) and term.dtype == bool and (info["seat"] == 0).all()


def test_agents_as_opponents_keep_one_memory_per_game():
    """An heroes_env.agents.Agent opponent (slot_memory) in the batched learner gets one slot per
    seat of each game (row * MAX_SEATS + seat) and a reset of those slots when a game starts again,
    before it acts in that game; the heuristic plays legal actions throughout."""
    from heroes_env.agents import Agent, make_agent
    from heroes_env.wrappers import LearnerVectorEnv

    class Recorder(Agent):
        def __init__(self):
            super().__init__(seed=0)
            self.events = []                  # ("reset", slot) / ("act", slot)

        def reset(self, seed=None, slots=None):
            super().reset(seed, slots)
            self.events += [("reset", s) for s in (slots or [])]

        def act(self, obs, mask, slot=0):
            self.events.append(("act", slot))
            return int(np.flatnonzero(mask)[0])

    B, n = 3, 5
    rng = np.random.default_rng(0)
    # the heuristic as every opponent: legal throughout (an illegal action raises OpponentError)
    v = LearnerVectorEnv(B, seat="random", opponents=make_agent("heuristic", seed=1),
                         num_players=n, pack="standard")
    v.reset(seed=7)
    for _ in range(300):
        v.step(np.array([rng.choice(np.flatnonzero(m)) for m in v.action_masks()]))
    rec2 = Recorder()
    v = LearnerVectorEnv(B, seat=0, opponents=[rec2] * n, num_players=n, max_rounds=2)
    v.reset(seed=8)
    for _ in range(200):
        v.step(np.array([rng.choice(np.flatnonzero(m)) for m in v.action_masks()]))
    acted = [s for e, s in rec2.events if e == "act"]
    assert acted and all(s % C.MAX_SEATS != 0 and s // C.MAX_SEATS < B for s in acted)
    seen_reset = set()
    resets_per_slot = {}
    for e, s in rec2.events:
        if e == "reset":
            seen_reset.add(s)
            resets_per_slot[s] = resets_per_slot.get(s, 0) + 1
        else:
            assert s in seen_reset, f"slot {s} acted before its game's reset"
    assert max(resets_per_slot.values()) >= 2       # games restarted (max_rounds=2) and reset again
