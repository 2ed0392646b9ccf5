"""The heuristic inside the compiled loop (heroes_env.agents.heuristic_loop) plays exactly as the
heuristic called from Python through the wrappers, for the same seeds and learner actions."""
import numpy as np
import pytest

from heroes_env.agents import HeuristicAgent
from heroes_env.engine import batch as K
from heroes_env.wrappers import LearnerEnv, LearnerVectorEnv

# whole games on two paths per test: the full run's
pytestmark = pytest.mark.slow


class PythonSide:
    """A HeuristicAgent seen through act_batch only (no compiled_loop): the Python path."""
    slot_memory = True

    def __init__(self, seed):
        self.agent = HeuristicAgent(seed=seed)

    def act_batch(self, obs, masks, slots):
        return self.agent.act_batch(obs, masks, slots)

    def reset(self, seed=None, slots=None):
        self.agent.reset(seed=seed, slots=slots)


def trace(env, steps, seed):
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out = [obs.copy(), info["seat"].copy()]
    for _ in range(steps):
        m = env.action_masks()
        acts = np.array([rng.choice(np.flatnonzero(row)) for row in m])
        obs, rew, term, trunc, info = env.step(acts)
        out += [obs.copy(), rew.copy(), term.copy(), trunc.copy(), info["seat"].copy()]
        if "result" in info:
            out.append(np.where(info["_result"], info["result"], -9))
    return out


def same(a, b):
    assert len(a) == len(b)
    for x, y in zip(a, b, strict=True):
        np.testing.assert_array_equal(x, y)


@pytest.mark.parametrize("kw", [dict(num_players=5, pack="standard", seat="random"),
                                dict(num_players=8, pack="herokill", seat=3),
                                dict(mode="3v3", pack="classmates", seat="random")])
def test_loop_plays_as_the_python_path(kw):
    seat = kw.pop("seat")
    n = kw.get("num_players", 6)

    def make(policy):
        opps = [policy if s % 2 else "random" for s in range(n)]
        return LearnerVectorEnv(24, seat=seat, opponents=opps, num_threads=1, **kw)

    # agents given as objects keep their seed (named ones are reseeded by reset(seed=...))
    inloop = make(HeuristicAgent(seed=5))
    assert inloop._d.core.loop is not None
    assert (inloop._d.core.opp[:, 1] == K.OPP_COMPILED).all()
    python = make(PythonSide(5))
    assert python._d.core.loop is None
    same(trace(inloop, 300, 11), trace(python, 300, 11))


def test_loop_threads_do_not_change_a_game():
    def run(threads):
        env = LearnerVectorEnv(64, seat="random", opponents="heuristic", num_players=5,
                               pack="standard", num_threads=threads, serial_below=0)
        obs, _ = env.reset(seed=5)
        rows = []
        for _ in range(150):
            obs, rew, term, trunc, info = env.step(env.random_actions())
            rows += [obs.copy(), rew.copy()]
        return rows
    same(run(1), run(2))


def test_streamed_observations_play_the_same_games():
    """The loop with its observations made in a scratch row and streamed out (a batch too large
    for the caches, ``BatchCore.stream``) plays the same games as with plain stores."""
    def run(stream):
        env = LearnerVectorEnv(32, seat="random", opponents="heuristic", num_players=6,
                               pack="herokill", num_threads=2, serial_below=0)
        assert env._d.core.loop is not None and env._d.core.stream == 0
        env._d.core.stream = stream
        return trace(env, 250, 7)
    same(run(0), run(1))


def test_learner_env_uses_the_loop_and_counts_decisions():
    env = LearnerEnv(seat=0, opponents="heuristic", num_players=5)
    agent = env._d.opponents.inloop
    assert isinstance(agent, HeuristicAgent)
    obs, info = env.reset(seed=3)
    for _ in range(200):
        mask = env.action_masks()
        obs, r, term, trunc, info = env.step(int(np.flatnonzero(mask)[0]))
        if term or trunc:
            env.reset()
    assert sum(agent.decisions.values()) > 200


def test_an_abandoned_game_starts_with_fresh_memory():
    # LearnerEnv.reset() in the middle of a game starts the next one (ACT_START); the heuristic's
    # memory of the abandoned game must not carry over (R_SERIAL names the game, not R_GAMES)
    env = LearnerEnv(seat=0, opponents="heuristic", num_players=5)
    env.reset(seed=1)
    for _ in range(30):
        env.step(int(np.flatnonzero(env.action_masks())[0]))
    serial = int(env._d.core.R[0, K.R_SERIAL])
    env.reset()
    assert int(env._d.core.R[0, K.R_SERIAL]) == serial + 1
    assert int(env._d.core.R[0, K.R_GAMES]) == 1


def test_uint8_observations_play_the_same_games():
    # the compiled heuristic reads float32: with uint8 observations the wrappers call it from
    # Python on the exact float32 values, so the games are the same as in the loop
    from heroes_env.obs import obs_to_float32

    def run(dtype):
        env = LearnerVectorEnv(16, seat="random", opponents=HeuristicAgent(seed=2),
                               num_players=5, pack="standard", num_threads=1, obs_dtype=dtype)
        assert (env._d.core.loop is None) == (dtype == "uint8")
        return [obs_to_float32(x) if getattr(x, "dtype", None) == np.uint8 else x
                for x in trace(env, 200, 4)]
    same(run("float32"), run("uint8"))
