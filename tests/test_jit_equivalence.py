"""Compiled and pure-Python engines play bit-identical games; batch kernels play the same games as
single-game stepping, whatever the batch size or thread count.

The pure-Python side runs in a subprocess with ``NUMBA_DISABLE_JIT=1`` (the flag is read when
numba is imported); it records every state row, mask and observation of a seeded random game, and
this process replays the same actions compiled and compares after every step.
"""
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numba
import numpy as np
import pytest
from helpers import random_batch

from heroes_env import Config, Game
from heroes_env.engine import batch
from heroes_env.engine import constants as C

ROOT = Path(__file__).resolve().parents[1]

# (num_players, seed, autoplay, deck)
CASES = [(4, 1, True, "standard"), (5, 2, True, "standard"), (8, 3, True, "standard"),
         (10, 4, True, "standard"), (5, 5, False, "standard"), (6, 6, True, "standard_no_ex"),
         (7, 7, True, "standard"), (8, 9, True, "standard"), (6, 10, True, "standard"),
         (9, 11, False, "standard_no_ex")]
BATCH = dict(n=5, B=3, steps=700, base_seed=99)

PURE_SCRIPT = textwrap.dedent("""
    import json, sys
    import numpy as np
    import numba
    assert numba.config.DISABLE_JIT, "NUMBA_DISABLE_JIT is not in effect"
    from heroes_env import Config, Game, cards
    from heroes_env.engine import constants as C, core
    assert not isinstance(core.engine, numba.core.dispatcher.Dispatcher), "core.engine is compiled"
    out_dir, cases, batch = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
    for k, (n, seed, autoplay, deck) in enumerate(cases):
        g = Game.new(Config(num_players=n, autoplay=autoplay, deck=deck), seed=seed)
        rng = np.random.default_rng(seed)
        rows, acts, masks, obs = [g.s.copy()], [], [], []
        while not g.done:
            m = g.mask()
            masks.append(m)
            obs.append(g.observe(g.decider))
            a = int(rng.choice(np.flatnonzero(m)))
            acts.append(a)
            g.step(a)
            rows.append(g.s.copy())
        np.savez(f"{out_dir}/game{k}.npz", rows=np.array(rows), acts=np.array(acts),
                 masks=np.array(masks), obs=np.array(obs), state=g.state_vector(),
                 rewards=g.rewards())
    from helpers import random_batch
    S, obs, stats = random_batch(batch["n"], batch["B"], batch["steps"], batch["base_seed"])
    np.savez(f"{out_dir}/batch.npz", S=S, obs=obs, stats=stats)
""")


@pytest.fixture(scope="module")
def pure(tmp_path_factory):
    """Run the pure-Python side once for the module; returns the directory of its records."""
    out = tmp_path_factory.mktemp("pure")
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(ROOT / "tests"), env.get("PYTHONPATH", "")])
    r = subprocess.run([sys.executable, "-c", PURE_SCRIPT, str(out), json.dumps(CASES),
                        json.dumps(BATCH)], env=env, cwd=ROOT, capture_output=True, text=True,
                       timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    return out


@pytest.mark.parametrize("k", range(len(CASES)), ids=[f"{n}p-seed{s}-auto{int(a)}-{d}"
                                                     for n, s, a, d in CASES])
def test_compiled_matches_pure_python(pure, k):
    n, seed, autoplay, deck = CASES[k]
    rec = np.load(pure / f"game{k}.npz")
    rows, acts = rec["rows"], rec["acts"]
    assert len(acts) > 20 and len(rows) == len(acts) + 1
    g = Game.new(Config(num_players=n, autoplay=autoplay, deck=deck), seed=seed)
    np.testing.assert_array_equal(g.s, rows[0], err_msg="the new game differs")
    for i, a in enumerate(acts):
        m = g.mask()
        diff = np.flatnonzero(m != rec["masks"][i])
        assert diff.size == 0, f"step {i}: masks differ at actions {diff.tolist()}"
        np.testing.assert_array_equal(g.observe(g.decider), rec["obs"][i],
                                      err_msg=f"step {i}: observations differ")
        g.step(int(a))
        cells = np.flatnonzero(g.s != rows[i + 1])
        assert cells.size == 0, f"step {i} (action {a}): state cells {cells[:10].tolist()} differ"
    assert g.done
    np.testing.assert_array_equal(g.state_vector(), rec["state"])
    np.testing.assert_array_equal(g.rewards(), rec["rewards"])


def test_pure_games_cover_reshuffles_and_every_result(pure):
    """The recorded games exercise the shuffle of the discard pile and more than one result."""
    last = [np.load(pure / f"game{k}.npz")["rows"][-1] for k in range(len(CASES))]
    assert sum(int(r[C.H_RESHUFFLES]) for r in last) >= 3
    assert {int(r[C.H_RESULT]) for r in last} >= {C.RES_LORD, C.RES_REBEL}


def test_batch_kernel_compiled_matches_pure_python(pure):
    rec = np.load(pure / "batch.npz")
    S, obs, stats = random_batch(BATCH["n"], BATCH["B"], BATCH["steps"], BATCH["base_seed"])
    assert (rec["stats"][:, 1] >= 1).all(), "the pure run finished no game: too few steps"
    np.testing.assert_array_equal(stats, rec["stats"])
    np.testing.assert_array_equal(S, rec["S"])
    np.testing.assert_array_equal(obs, rec["obs"])


# ---------------------------------------------------------------- batch vs single game
# (that the batch kernel behind VectorEnv plays exactly the single games, auto-reset included, is
# tests/test_vector.py::test_vector_plays_the_aec_games)
def _new_batch(n, seeds):
    B = len(seeds)
    S = np.zeros((B, C.STATE_SIZE), np.int32)
    masks = np.zeros((B, C.NUM_ACTIONS), np.int8)
    obs = np.zeros((B, C.OBS_SIZE), np.float32)
    batch.batch_reset(S, np.asarray(seeds, np.int32), Config(num_players=n).spec(), masks, obs)
    return S, masks, obs


@pytest.fixture
def threads():
    """Set numba's thread count for one test (restored after)."""
    before = numba.get_num_threads()
    yield numba.set_num_threads
    numba.set_num_threads(before)


def _random_play(n, seeds, steps, base_seed=5):
    S, masks, obs = _new_batch(n, seeds)
    stats = np.zeros((len(seeds), 3), np.int64)
    batch.batch_random_play(S, steps, Config(num_players=n).spec(), base_seed, True, obs, stats)
    return S, obs, stats


def test_batch_random_play_independent_of_batch_size_and_threads(threads):
    assert numba.config.NUMBA_NUM_THREADS >= 2, "needs 2 threads to compare thread counts"
    threads(2)
    n, steps = 8, 2500
    seeds = np.arange(6, dtype=np.int32) * 3 + 1
    S6, o6, st6 = _random_play(n, seeds, steps)
    assert (st6[:, 1] >= 2).all() and (st6[:, 2] == 0).all()
    S2, o2, st2 = _random_play(n, seeds[:2], steps)
    np.testing.assert_array_equal(S2, S6[:2])
    np.testing.assert_array_equal(o2, o6[:2])
    np.testing.assert_array_equal(st2, st6[:2])
    threads(1)
    S1, o1, st1 = _random_play(n, seeds, steps)
    np.testing.assert_array_equal(S1, S6)
    np.testing.assert_array_equal(o1, o6)
    np.testing.assert_array_equal(st1, st6)
    # a different base seed plays different games (the comparison above can fail)
    S7, _, _ = _random_play(n, seeds, steps, base_seed=6)
    assert not np.array_equal(S7, S6)


def test_batch_reset_matches_game_new():
    for n in (4, 7, 10):
        seeds = np.array([0, 1, 2**31 - 1, -2**31], np.int32)
        S, masks, _ = _new_batch(n, seeds)
        for i, x in enumerate(seeds):
            g = Game.new(Config(num_players=n), engine_seed=int(x))
            np.testing.assert_array_equal(S[i], g.s)
            np.testing.assert_array_equal(masks[i], g.mask())


def test_borrow_row_is_the_row_in_place():
    """intrinsics.borrow_row(A, i): row i of a 2-d C array, read and written in place, for the
    engine's dtypes; other layouts are refused when compiling; without JIT it is the row's view."""
    from heroes_env.fast.intrinsics import _borrow_row_py, borrow_row

    @numba.njit(cache=False)
    def touch(A, i):
        r = borrow_row(A, i)
        r[1] += 5
        return r.shape[0], r[0], r.strides[0]

    for dtype in (np.int32, np.int8, np.uint8, np.float32):
        A = np.arange(12).reshape(3, 4).astype(dtype)
        assert touch(A, 2) == (4, 8, A.itemsize)
        assert A[2, 1] == 14 and A[1, 1] == 5 and A[2].tolist() == [8, 14, 10, 11]
    with pytest.raises(numba.TypingError):
        touch(np.zeros((3, 4), np.int32, order="F"), 1)
    A = np.zeros((2, 3), np.int32)
    _borrow_row_py(A, 1)[0] = 7
    assert A[1, 0] == 7


def test_borrow_gives_the_same_arrays_without_a_reference():
    """intrinsics.borrow(value): an array, or a (named) tuple of arrays, numbers and tuples, the
    same data in place (writes land in the caller's arrays), and each borrowed array holds no
    reference (its meminfo is null: no reference count); without JIT it is value itself."""
    from collections import namedtuple

    from numba.extending import intrinsic

    from heroes_env.fast.intrinsics import _borrow_py, borrow
    Pair = namedtuple("Pair", ["a", "n", "inner"])

    @numba.njit(cache=False)
    def touch(p):
        b = borrow(p)
        b.a[1] += 5
        b.inner[0][0] = 9
        return b.n, b.a.shape[0], b.a.strides[0], b.inner[1]

    @intrinsic
    def holds_reference(typingctx, arr):
        def codegen(context, builder, signature, args):
            ary = context.make_array(signature.args[0])(context, builder, args[0])
            return builder.icmp_unsigned("!=", ary.meminfo, ary.meminfo.type(None))
        return numba.types.boolean(arr), codegen

    @numba.njit(cache=False)
    def references(a):
        return holds_reference(a), holds_reference(borrow(a))

    a, c = np.arange(4, dtype=np.int64), np.zeros(3, np.float32)
    assert touch(Pair(a, 7, (c, 2.5))) == (7, 4, 8, 2.5)
    assert a.tolist() == [0, 6, 2, 3] and c[0] == 9
    assert references(np.zeros(2)) == (True, False)
    with pytest.raises(numba.TypingError):
        numba.njit(cache=False)(lambda x: borrow(x))(3)
    x = (a, 1)
    assert _borrow_py(x) is x


def test_load_and_store_u64_move_exactly_eight_bytes():
    """intrinsics.load_u64 / store_u64: the 8 bytes at a byte offset of a 1-d C array,
    little-endian, compiled and without JIT alike, nothing around them touched; other layouts are
    refused."""
    from heroes_env.fast.intrinsics import _load_u64_py, _store_u64_py, load_u64, store_u64

    @numba.njit(cache=False)
    def move(dst, o, src, i):
        store_u64(dst, o, load_u64(src, i))
        return load_u64(src, i)

    src = np.arange(1, 33, dtype=np.uint8)
    for o, i in ((0, 0), (3, 5), (24, 24), (13, 1)):
        for load, store in ((None, None), (_load_u64_py, _store_u64_py)):
            dst = np.full(32, 200, np.uint8)
            if load is None:
                v = move(dst, o, src, i)
            else:
                v = load(src, i)
                store(dst, o, v)
            want = np.full(32, 200, np.uint8)
            want[o:o + 8] = src[i:i + 8]
            np.testing.assert_array_equal(dst, want)
            assert v == int.from_bytes(src[i:i + 8].tobytes(), "little")
    with pytest.raises(numba.TypingError):
        move(np.zeros((2, 16), np.uint8), 0, src, 0)


def test_stream_row_writes_exactly_the_row():
    """intrinsics.stream_row(dst, i, src): row i of dst becomes src, nothing around it touched, on a
    16-byte boundary (non-temporal stores) and off it (plain stores), compiled and without JIT;
    mismatched dtypes are refused when compiling."""
    from heroes_env.fast.intrinsics import _stream_row_py, store_fence, stream_row

    @numba.njit(cache=False)
    def put(dst, i, src):
        stream_row(dst, i, src)
        store_fence()

    for dtype, ncol in ((np.uint8, 48), (np.float32, 12), (np.uint8, 21)):
        buf = np.zeros(4 * ncol * np.dtype(dtype).itemsize + 64, np.uint8)
        for offset in (0, 16 - buf.ctypes.data % 16, 1 + (16 - buf.ctypes.data % 16)):
            dst = np.frombuffer(buf, dtype, 4 * ncol, offset).reshape(4, ncol)
            dst[:] = 7
            src = (np.arange(ncol) + 1).astype(dtype)
            for fn in (put, _stream_row_py):
                dst[:] = 7
                fn(dst, 2, src)
                want = np.full((4, ncol), 7, dtype)
                want[2] = src
                np.testing.assert_array_equal(dst, want)
    with pytest.raises(numba.TypingError):
        put(np.zeros((2, 16), np.uint8), 0, np.zeros(16, np.float32))
