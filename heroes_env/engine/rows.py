"""Batch kernels over a range of rows, run in parallel on a pool of Python threads.

A batch kernel here is a serial ``nogil`` compiled function whose last two arguments are a range
of rows ``lo, hi``; ``run`` splits the rows into one contiguous range per thread and runs the
ranges at once, the calling thread taking the first. Each game lives in its own row, so the
ranges touch disjoint memory and the result is the same for any thread count.

Why not Numba's ``parallel=True`` / ``prange``: a parallel kernel is compiled into four
libraries (the kernel, its gufunc and two wrappers), and each links and optimises everything it
calls, i.e. the whole engine four times; measured on the cold compile of ``batch_reset`` and
``batch_random_play``: 49 s as parallel kernels, 15 s as serial ones (``benchmarks/README.md``).
A serial range kernel also serves the one-thread case, so no second, serial copy is compiled.
(DESIGN.md names ``prange`` for the batch kernels; its other demand, a cold start kept in check,
is why they moved here. Games are still stepped in parallel, in compiled code, one row each.)
"""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import numba
from numba.np.ufunc import parallel as _numba_parallel

_pool: ThreadPoolExecutor | None = None
_pool_size = 0
_lock = threading.Lock()


def default_threads() -> int:
    """Numba's thread count of the calling thread (``numba.set_num_threads``; default: every
    core, ``NUMBA_NUM_THREADS``). It does not start Numba's threading layer to ask: with the
    OpenMP layer that sets the OpenMP thread count of the process, which torch shares (a
    ``torch.set_num_threads(1)`` became 2 after the first batch kernel), and nothing here runs
    on those threads. Until the layer runs, nobody has set a count, so the default holds."""
    if not _numba_parallel._is_initialized:
        return numba.config.NUMBA_NUM_THREADS
    return numba.get_num_threads()


def chunks(n: int, num_threads: int) -> list[tuple[int, int]]:
    """Contiguous row ranges (lo, hi), one per thread (fewer when n is smaller), sizes differing
    by at most one."""
    t = max(1, min(int(num_threads), n))
    q, r = divmod(n, t)
    out, lo = [], 0
    for k in range(t):
        hi = lo + q + (1 if k < r else 0)
        out.append((lo, hi))
        lo = hi
    return out


def _executor(workers: int) -> ThreadPoolExecutor:
    global _pool, _pool_size
    with _lock:
        if _pool is None or _pool_size < workers:
            old = _pool
            _pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="heroes_env-rows")
            _pool_size = workers
            if old is not None:
                old.shutdown(wait=False)
        return _pool


def map_chunks(fn, ranges: list[tuple[int, int]]) -> list:
    """fn(k, lo, hi) for every range k at once (the calling thread runs range 0); the results in
    range order. An exception in any range is raised here, after every range has finished."""
    if len(ranges) == 1:
        lo, hi = ranges[0]
        return [fn(0, lo, hi)]
    pool = _executor(len(ranges) - 1)
    futures = [pool.submit(fn, k, lo, hi) for k, (lo, hi) in enumerate(ranges) if k > 0]
    try:
        first = fn(0, *ranges[0])
    finally:
        rest = [f.exception() for f in futures]        # wait for every range
    for f, e in zip(futures, rest):
        if e is not None:
            raise e
    return [first] + [f.result() for f in futures]


def run(kernel, n: int, num_threads: int | None, *args) -> list:
    """kernel(*args, lo, hi) over rows 0..n-1 on num_threads threads (None: ``default_threads``);
    the kernel's results in range order."""
    t = default_threads() if num_threads is None else num_threads
    return map_chunks(lambda k, lo, hi: kernel(*args, lo, hi), chunks(n, t))
