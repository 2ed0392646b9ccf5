"""heroes_env.vector.VectorEnv: the same games as the AEC env one at a time, auto-reset seeding,
thread-count independence, and clear refusals of bad input that change nothing."""
import numba
import numpy as np
import pytest

import heroes_env
from heroes_env import IllegalActionError
from heroes_env.engine import constants as C
from heroes_env.vector import VectorEnv


class AecRow:
    """One AEC env replaying the games of one row of a VectorEnv."""

    def __init__(self, n, base, B, i, **kw):
        self.env = heroes_env.env(num_players=n, **kw)
        self.base, self.B, self.i, self.k = base, B, i, 0
        self.env.reset(seed=self.seed())

    def seed(self):
        return self.base + self.k * self.B + self.i

    def decider(self):
        e = self.env
        obs, _, term, trunc, _ = e.last()
        assert not (term or trunc)
        return int(e.agent_selection.split("_")[1]), obs["observation"], obs["action_mask"]

    def step(self, a):
        """Step a; if the game ends, collect every agent's result and start the row's next game.
        Returns (rewards per seat or None, terminated, truncated, result, length)."""
        e = self.env
        e.step(int(a))
        u = e.unwrapped
        if not u.game.done:
            return None
        rewards = np.array([u.rewards[ag] for ag in u.possible_agents], np.float32)
        term = all(u.terminations.values())
        trunc = all(u.truncations.values())
        g = u.game
        out = rewards, term, trunc, g.result, int(g.s[C.H_NDEC] - g.s[C.H_NAUTO])
        for _ag in e.agent_iter():        # the dead steps every agent takes at the end
            e.step(None)
        self.k += 1
        e.reset(seed=self.seed())
        return out


def same(a, b, msg):
    if not np.array_equal(a, b):
        np.testing.assert_array_equal(a, b, err_msg=msg)


def play_against_aec(n, B, steps, seed, min_games, **kw):
    """Step a VectorEnv and B AEC envs with the same random legal actions; compare everything."""
    kw_env = {k: v for k, v in kw.items()
              if k in ("autoplay", "deck", "max_rounds", "pack", "hero_selection", "mode")}
    v = VectorEnv(B, num_players=n, **kw)
    r = v.reset(seed=seed)
    rows = [AecRow(n, seed, B, i, **kw_env) for i in range(B)]
    rng = np.random.default_rng(seed)
    finished = 0
    for t in range(steps):
        actions = np.empty(B, np.int64)
        for i, row in enumerate(rows):
            d, obs, mask = row.decider()
            assert r.seat[i] == d, f"step {t} game {i}: deciding seat"
            same(r.obs[i], obs, f"step {t} game {i}: observation")
            same(r.mask[i], mask, f"step {t} game {i}: mask")
            same(v.core.S[i], row.env.unwrapped.game.s, f"step {t} game {i}: state row")
            assert r.info["games"][i] == row.k + 1
            actions[i] = rng.choice(np.flatnonzero(mask))
        r = v.step(actions)
        for i, row in enumerate(rows):
            end = row.step(actions[i])
            done = bool(r.terminated[i] or r.truncated[i])
            assert done == (end is not None), f"step {t} game {i}: done flag"
            if end is None:
                assert not r.rewards[i].any() and r.info["result"][i] == 0
                continue
            finished += 1
            rewards, term, trunc, result, length = end
            same(r.rewards[i], rewards, f"step {t} game {i}: rewards")
            assert (bool(r.terminated[i]), bool(r.truncated[i])) == (term, trunc)
            assert r.info["result"][i] == result and r.info["length"][i] == length
            assert r.info["seed"][i] == row.seed() - B     # the seed of the game that ended
    assert finished >= min_games
    return v


@pytest.mark.parametrize("n, B, steps, threads, kw", [
    (5, 4, 700, 1, {}),
    (8, 3, 700, 2, {}),
    (6, 2, 300, 2, {"autoplay": False, "deck": "standard_no_ex"}),
    (4, 3, 250, 1, {"max_rounds": 2}),
])
def test_vector_plays_the_aec_games(n, B, steps, threads, kw):
    """Same seeds and actions through VectorEnv and through the AEC env one game at a time:
    identical seats, state rows, observations, masks, rewards, flags and seeds, auto-reset
    included."""
    threads = min(threads, numba.config.NUMBA_NUM_THREADS)
    # serial_below=0: the parallel kernel even for these small batches
    play_against_aec(n, B, steps, seed=1000 + n, min_games=B, num_threads=threads,
                     serial_below=0 if threads > 1 else None, **kw)


def test_truncated_games_are_reported_as_truncated():
    v = VectorEnv(8, num_players=4, max_rounds=1)
    r = v.reset(seed=0)
    seen = 0
    for _ in range(200):
        r = v.step(v.random_actions())
        assert not (r.terminated & r.truncated).any()
        if r.truncated.any():
            assert (r.info["result"][r.truncated] == C.RES_TRUNCATED).all()
            assert not r.rewards[r.truncated].any()
            seen += 1
    assert seen > 0


def _run(v, seed, steps):
    r = v.reset(seed=seed)
    trace = [r.obs.copy()]
    for _ in range(steps):
        r = v.step(v.random_actions())
        trace.append(np.concatenate([r.obs.ravel(), r.mask.ravel(), r.rewards.ravel()]))
    return np.concatenate([x.ravel() for x in trace]), v.core.S.copy()


def test_same_games_whatever_the_threads_and_batch_kernel():
    assert numba.config.NUMBA_NUM_THREADS >= 2
    B, steps = 6, 400
    t1, S1 = _run(VectorEnv(B, num_players=7, num_threads=1), 5, steps)
    t2, S2 = _run(VectorEnv(B, num_players=7, num_threads=2, serial_below=0), 5, steps)
    same(t1, t2, "1 thread vs 2 threads")
    same(S1, S2, "states")
    t3, _ = _run(VectorEnv(B, num_players=7, num_threads=1), 6, steps)
    assert not np.array_equal(t1, t3), "another seed played the same games"


@pytest.mark.parametrize("dtype, threads", [("float32", 1), ("uint8", 2)])
def test_streamed_observations_are_the_same(dtype, threads):
    """A batch too large for the caches writes its observations with non-temporal stores
    (``BatchCore.stream``, ``vector.streams``): the same observations, masks, rewards and states
    as plain stores, auto-reset included."""
    def run(stream):
        v = VectorEnv(6, num_players=7, num_threads=threads, serial_below=0, obs_dtype=dtype)
        assert v.core.stream == 0            # 6 games fit any cache
        v.core.stream = stream
        return _run(v, 5, 400)
    (t0, S0), (t1, S1) = run(0), run(1)
    same(t0, t1, "streamed observations")
    same(S0, S1, "states")


def test_large_batches_stream_their_observations(monkeypatch):
    from heroes_env import vector
    assert vector.streams(100, 1 << 20) == (100 << 20 > vector.cache_bytes())
    monkeypatch.setattr(vector, "cache_bytes", lambda: 1 << 20)
    v = VectorEnv(128, num_players=5)
    per_game = v.core.nbytes_per_game()["total"]
    assert v.core.stream == int(128 * per_game > 1 << 20) == 1
    assert VectorEnv(8, num_players=5).core.stream == 0


def test_auto_reset_seeds():
    """Row i's k-th game is env().reset(seed=base + k*B + i); reset(seed) replays, None draws."""
    B = 3
    v = VectorEnv(B, num_players=5)
    v.reset(seed=77)
    S0 = v.core.S.copy()
    for i in range(B):
        g = heroes_env.Game.new(v.config, seed=77 + i)
        same(S0[i], g.s, f"game 0 of row {i}")
    played = {i: [] for i in range(B)}
    for _ in range(900):
        r = v.step(v.random_actions())
        for i in np.flatnonzero(r.terminated | r.truncated):
            played[i].append(int(r.info["seed"][i]))
            k = len(played[i])
            assert r.info["games"][i] == k + 1
            same(v.core.S[i], heroes_env.Game.new(v.config, seed=77 + k * B + i).s,
                 f"row {i}: game {k} is not the derived seed's game")
    for i in range(B):
        assert played[i] and played[i] == [77 + k * B + i for k in range(len(played[i]))]
    v.reset(seed=77)
    same(v.core.S, S0, "reset(seed) did not replay")
    v.reset(seed=None)
    a = v.core.S.copy()
    v.reset(seed=None)
    assert not np.array_equal(a, v.core.S)


def test_bad_input_is_refused_and_changes_nothing():
    B = 4
    v = VectorEnv(B, num_players=5)
    with pytest.raises(RuntimeError, match="reset"):
        v.step(np.zeros(B, np.int64))
    r = v.reset(seed=3)
    mask = r.mask.copy()
    before = v.core.S.copy(), v.core.R.copy(), v.core.obs.copy()

    def unchanged():
        same(v.core.S, before[0], "state changed")
        same(v.core.R, before[1], "records changed")
        same(v.core.obs, before[2], "observations changed")

    good = np.array([int(np.flatnonzero(m)[0]) for m in mask], np.int64)
    with pytest.raises(ValueError, match=r"shape \(4,\)"):
        v.step(good[:3])
    with pytest.raises(ValueError, match="integers"):
        v.step(good.astype(np.float32))
    bad = good.copy()
    illegal = int(np.flatnonzero(mask[2] == 0)[0])
    bad[2] = illegal
    with pytest.raises(IllegalActionError, match=rf"game 2: action {illegal} .* legal: "):
        v.step(bad)
    unchanged()
    bad[2] = C.NUM_ACTIONS + 5
    with pytest.raises(IllegalActionError, match="outside the action space"):
        v.step(bad)
    bad[2] = -1
    with pytest.raises(IllegalActionError, match="game 2"):
        v.step(bad)
    unchanged()
    with pytest.raises(ValueError):
        v.observe(5)
    with pytest.raises(ValueError):
        VectorEnv(0)
    with pytest.raises(ValueError):
        VectorEnv(2, num_threads=0)
    # the returned buffers cannot be written to (they guard the next step's validation)
    with pytest.raises(ValueError):
        r.mask[0, 0] = 1
    v.step(good)      # and the env still works


def test_observe_state_and_sizes():
    v = VectorEnv(3, num_players=6)
    r = v.reset(seed=9)
    for seat in range(6):
        o = v.observe(seat)
        for i in range(3):
            same(o[i], v.game(i).observe(seat), f"seat {seat} game {i}")
    same(v.observe(0)[r.seat == 0], r.obs[r.seat == 0], "decider view")
    st = v.state()
    for i in range(3):
        same(st[i], v.game(i).state_vector(), f"state {i}")
    b = v.bytes_per_game()
    assert b["state"] == C.STATE_SIZE * 4 and b["total"] > b["state"]
    rc = VectorEnv(3, num_players=6, copy=True).reset(seed=9)
    rc.obs[0, 0] = 5.0      # copies are the caller's
    same(rc.mask, r.mask, "copy=True gives the same values")


PURE = """
import sys, numpy as np, numba
assert numba.config.DISABLE_JIT
from heroes_env.vector import VectorEnv
from heroes_env.wrappers import LearnerVectorEnv
v = VectorEnv(3, num_players=5)
r = v.reset(seed=21)
out = [r.obs.copy(), r.mask.copy()]
for _ in range(150):
    r = v.step(v.random_actions())
    out += [r.obs.copy(), r.mask.copy(), r.rewards.copy(), r.terminated.copy()]
lv = LearnerVectorEnv(2, seat="random", num_players=5)
o, _ = lv.reset(seed=4)
out.append(o)
for _ in range(60):
    o, rew, term, trunc, info = lv.step(lv.random_actions())
    out += [o, rew, term, info["seat"]]
np.savez(sys.argv[1], *out)
"""


@pytest.mark.slow
def test_compiled_kernel_matches_pure_python(tmp_path):
    """The vector kernel (and the learner path with compiled random opponents) gives the same
    results with NUMBA_DISABLE_JIT=1 as compiled."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1",
           "PYTHONPATH": os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])}
    out = tmp_path / "pure.npz"
    r = subprocess.run([sys.executable, "-c", PURE, str(out)], env=env, cwd=root,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    ns = {}
    exec(PURE.replace("assert numba.config.DISABLE_JIT", "").replace(
        "np.savez(sys.argv[1], *out)", "result = out"), ns)
    pure = np.load(out)
    compiled = ns["result"]
    assert len(pure.files) == len(compiled)
    for k, x in enumerate(compiled):
        same(pure[f"arr_{k}"], np.asarray(x), f"item {k}")


@pytest.mark.skipif(numba.config.DISABLE_JIT, reason="counts compiled versions")
def test_the_vector_kernel_compiles_once_per_observation_dtype():
    """The kernel's arguments are two named tuples (``batch.Rows``, ``batch.Options``): batches
    of other sizes, seeds, seat modes, new_step values and options reuse the one compiled
    version of their observation dtype."""
    from heroes_env.engine import batch as K
    from heroes_env.wrappers import LearnerVectorEnv
    for dt in ("float32", "uint8"):
        for B, seed in ((3, 1), (5, 2 ** 40)):
            v = VectorEnv(B, num_players=5, obs_dtype=dt, num_threads=1)
            v.reset(seed=seed)
            v.step(v.random_actions())          # want_random turns on
            v.step(v.random_actions())
        lv = LearnerVectorEnv(2, num_players=5, obs_dtype=dt)   # learner seat, final obs
        lv.reset(seed=3)
        lv.step(np.array([int(np.flatnonzero(m)[0]) for m in lv.action_masks()]))
    obs_dtypes = [sig[0].types[K.Rows._fields.index("obs")].dtype
                  for sig in K.vec_advance_rows.signatures]
    assert sorted(map(str, obs_dtypes)) == ["float32", "uint8"]
