"""engine.rows: batch kernels over ranges of rows on a pool of Python threads."""
import threading

import numpy as np
import pytest

from heroes_env.engine import rows


@pytest.mark.parametrize("n,t", [(1, 1), (1, 4), (7, 2), (8, 2), (4096, 2), (5, 16), (0, 2)])
def test_chunks_cover_the_rows_once(n, t):
    ranges = rows.chunks(n, t)
    assert len(ranges) == max(1, min(t, n))
    covered = [i for lo, hi in ranges for i in range(lo, hi)]
    assert covered == list(range(n))
    sizes = [hi - lo for lo, hi in ranges]
    assert max(sizes) - min(sizes) <= 1


def test_ranges_run_at_once_and_in_order():
    """Every range runs on its own thread (the first on the caller's), all at the same time; the
    results come back in range order."""
    barrier = threading.Barrier(3, timeout=10)
    caller = threading.get_ident()

    def fn(k, lo, hi):
        barrier.wait()              # fails unless all three ranges run at once
        return (k, lo, hi, threading.get_ident() == caller)

    out = rows.map_chunks(fn, rows.chunks(9, 3))
    assert [o[:3] for o in out] == [(0, 0, 3), (1, 3, 6), (2, 6, 9)]
    assert [o[3] for o in out] == [True, False, False]


def test_an_error_in_a_range_is_raised_after_all_ranges():
    done = []

    def fn(k, lo, hi):
        if k == 1:
            raise ValueError(f"range {k} failed")
        done.append(k)
        return k

    with pytest.raises(ValueError, match="range 1 failed"):
        rows.map_chunks(fn, rows.chunks(6, 3))
    assert sorted(done) == [0, 2]


def test_run_passes_the_range_last():
    out = np.zeros(10, np.int64)

    def kernel(a, lo, hi):
        a[lo:hi] = np.arange(lo, hi) * 2
        return hi - lo

    assert rows.run(kernel, 10, 3, out) == [4, 3, 3]
    np.testing.assert_array_equal(out, np.arange(10) * 2)
    assert rows.run(kernel, 10, None, out) == [len(range(lo, hi)) for lo, hi in
                                               rows.chunks(10, rows.default_threads())]


def test_batch_kernels_leave_the_process_thread_counts_alone():
    """Stepping a VectorEnv and the heuristic with the default thread count does not start
    Numba's threading layer, whose OpenMP layer would reset torch's thread count (it did: 1
    became 2, and two training processes on two cores ran four busy threads); the default is
    still every core. In a fresh process, since the layer is process-wide state."""
    import subprocess
    import sys
    code = (
        "import numba, numpy as np\n"
        "from numba.np.ufunc import parallel\n"
        "from heroes_env.engine import rows\n"
        "from heroes_env.vector import VectorEnv\n"
        "from agents.heuristic import HeuristicAgent\n"
        "v = VectorEnv(8, num_players=5)\n"
        "r = v.reset(seed=1)\n"
        "h = HeuristicAgent(seed=1)\n"
        "for _ in range(20):\n"
        "    r = v.step(h.act_batch(np.asarray(r.obs), np.asarray(r.mask)))\n"
        "assert rows.default_threads() == numba.config.NUMBA_NUM_THREADS\n"
        "print('launched', parallel._is_initialized)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=600)
    assert out.returncode == 0, out.stderr
    assert "launched False" in out.stdout
