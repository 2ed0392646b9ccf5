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
