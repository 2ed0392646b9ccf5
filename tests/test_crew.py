"""heroes_env.fast.crew: batch kernels over ranges of rows on a crew of Python threads."""
import threading

import numba
import numpy as np
import pytest

from heroes_env.fast import crew as rows


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


@pytest.mark.slow
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
        "from heroes_env.fast import crew as rows\n"
        "from heroes_env.vector import VectorEnv\n"
        "from heroes_env.agents.heuristic import HeuristicAgent\n"
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


# ---------------------------------------------------------------- the crew (module docstring)
@numba.njit(nogil=True, cache=False)
def _released_kernel(out, crew_ctrl, lo, hi):
    rows.release(crew_ctrl)
    for i in range(lo, hi):
        out[i] += i + 1


def test_a_released_kernel_starts_the_other_ranges():
    """map_released: range 0's kernel starts the others (``release(crew_ctrl)``); over many calls
    every row is done exactly once per call, on three threads."""
    out = np.zeros(30, np.int64)
    who = set()

    def fn(k, lo, hi, crew_ctrl):
        who.add((k, threading.get_ident()))
        _released_kernel(out, crew_ctrl, lo, hi)

    for _ in range(300):
        rows.map_released(fn, rows.chunks(30, 3))
    np.testing.assert_array_equal(out, (np.arange(30) + 1) * 300)
    assert len({t for _, t in who}) == 3 and {k for k, _ in who} == {0, 1, 2}


def test_ranges_run_when_the_kernel_never_releases():
    """A range 0 that never calls release (or fails before it does) still has every range run."""
    done = []
    rows.map_released(lambda k, lo, hi, crew_ctrl: done.append(k), rows.chunks(6, 3))
    assert sorted(done) == [0, 1, 2]

    def fail_first(k, lo, hi, crew_ctrl):
        if k == 0:
            raise KeyError("range 0")
        done.append(k)
    done.clear()
    with pytest.raises(KeyError, match="range 0"):
        rows.map_released(fail_first, rows.chunks(6, 3))
    assert sorted(done) == [1, 2]


def test_sleeping_workers_and_a_sleeping_caller_wake_up():
    """After a pause longer than IDLE_SPIN_US the workers sleep (W_SLEEP) and the next call wakes
    them; a range longer than WAIT_SPIN_US puts the caller to sleep until it ends."""
    import time
    rows.map_chunks(lambda k, lo, hi: k, rows.chunks(4, 2))
    time.sleep(0.05 + rows.IDLE_SPIN_US * 1e-6)
    assert rows._crew.ctrl[rows.LINE + rows.W_SLEEP] == 1
    assert rows.map_chunks(lambda k, lo, hi: (k, lo, hi), rows.chunks(4, 2)) == [(0, 0, 2),
                                                                               (1, 2, 4)]

    def slow(k, lo, hi):
        if k == 1:
            time.sleep(0.03 + rows.WAIT_SPIN_US * 1e-6)
        return k
    t = time.perf_counter()
    assert rows.map_chunks(slow, rows.chunks(4, 2)) == [0, 1]
    assert time.perf_counter() - t < 5


def test_calls_from_two_threads_at_once():
    """A call made while another thread's call has the crew runs its ranges on its own thread:
    both get every range's result."""
    errors = []

    def caller(tag):
        try:
            for _ in range(200):
                got = rows.map_chunks(lambda k, lo, hi: (tag, k, lo, hi), rows.chunks(9, 3))
                assert got == [(tag, 0, 0, 3), (tag, 1, 3, 6), (tag, 2, 6, 9)]
        except BaseException as e:       # noqa: BLE001
            errors.append(e)
    threads = [threading.Thread(target=caller, args=(t,)) for t in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors and not any(t.is_alive() for t in threads)


def test_a_forked_child_makes_its_own_crew():
    import multiprocessing
    rows.map_chunks(lambda k, lo, hi: k, rows.chunks(4, 2))     # the parent has a crew
    ctx = multiprocessing.get_context("fork")
    q = ctx.Queue()
    p = ctx.Process(target=lambda: q.put(rows.map_chunks(lambda k, lo, hi: hi,
                                                         rows.chunks(6, 3))))
    p.start()
    p.join(60)
    assert p.exitcode == 0 and q.get(timeout=5) == [2, 4, 6]


def test_ranges_run_one_by_one_raise_after_every_range():
    """More ranges than the crew has workers (MAX_WORKERS) run one after another on the calling
    thread, every range even when one fails; the failure is raised after them."""
    n = rows.MAX_WORKERS + 5
    done = []

    def fn(k, lo, hi):
        if k == 1:
            raise ValueError("range 1 failed")
        done.append(k)
        return k
    with pytest.raises(ValueError, match="range 1 failed"):
        rows.map_chunks(fn, rows.chunks(n, n))
    assert done == [k for k in range(n) if k != 1]
    assert rows.map_chunks(lambda k, lo, hi: k, rows.chunks(n, n)) == list(range(n))
