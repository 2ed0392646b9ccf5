"""The crew: batch kernels over ranges of rows, run in parallel on Python threads.

A batch kernel here is a serial ``nogil`` compiled function whose last two arguments are a range
of rows ``lo, hi``; ``run`` splits the rows into one contiguous range per thread and runs the
ranges at once, the calling thread taking the first. Each game lives in its own row, so the
ranges touch disjoint memory and the result is the same for any thread count.

Why not Numba's ``parallel=True`` / ``prange``: a parallel kernel is compiled into four
libraries (the kernel, its gufunc and two wrappers), and each links and optimises everything it
calls, i.e. the whole engine four times (the figures: this package's ``README.md``).
A serial range kernel also serves the one-thread case, so no second, serial copy is compiled.
(``prange`` would be the plain way to run the batch kernels in parallel; a cold start kept in
check is why they moved here. Games are still stepped in parallel, in compiled code, one row each.)

**Handing ranges over quickly (the crew).** The other ranges run on a crew of daemon threads that
wait for work by spinning on a flag in compiled code, without the GIL, for a short while after
each range (``IDLE_SPIN_US``) and then sleep on an event; the caller, its own range done, spins
the same way for theirs (``WAIT_SPIN_US``) before it sleeps. Each wake-up through the operating
system costs tens of microseconds (``README.md``), and so does every handover of the GIL
to a sleeping thread; so a worker posts its range's end from compiled code after it has let go
of the GIL, and a hot kernel (``map_released``) starts the other ranges itself, from compiled
code, once the caller's own range holds no GIL. A worker spins again only while the calls come
closer together than ``IDLE_SPIN_US`` (a stepping loop; a training loop's policy in between
leaves it asleep, costing no CPU). A call made while another thread's call has the crew runs
its ranges one after another on the calling thread.
"""
from __future__ import annotations

import os
import threading
import time

import numba
import numpy as np
from numba.np.ufunc import parallel as _numba_parallel

from .intrinsics import atomic_load, atomic_store, cpu_pause
from .jit import njit

IDLE_SPIN_US = 500      # a worker's spin for the next call before it sleeps
WAIT_SPIN_US = 5000     # the caller's spin for the other ranges before it sleeps
MAX_WORKERS = 255

# the crew's control array: CTRL_N / CTRL_SEQ the number of workers a kernel starts and the
# call's number; then two cache lines (LINE cells) per worker: GO (the call it may run) and
# W_SLEEP (1 while it sleeps) written by the caller / by the worker, DONE (the last call it ran)
# and M_SLEEP (1 while the caller sleeps waiting for it)
CTRL_N, CTRL_SEQ = 0, 1
LINE = 16
GO, W_SLEEP, DONE, M_SLEEP = 0, 1, 8, 9
NO_CREW = np.zeros(2, np.int64)     # ``crew_ctrl`` of a range that starts no one


@njit(entry=True, nogil=True)
def _spin(ctrl, i, target, spins):
    """True once ctrl[i] >= target, False if it is not after about ``spins`` tries (atomic
    loads, without the GIL)."""
    for _ in range(spins):
        if atomic_load(ctrl, i) >= target:
            return True
        cpu_pause()
    return atomic_load(ctrl, i) >= target


@njit(entry=True, nogil=True)
def _finish(ctrl, base, seq, spins):
    """A worker's end of call seq, without the GIL: post DONE = seq; -1 if the caller sleeps
    waiting for it (the worker wakes it), else whether call seq + 1 came within ``spins``."""
    atomic_store(ctrl, base + DONE, seq)
    if atomic_load(ctrl, base + M_SLEEP) != 0:
        return -1
    return 1 if _spin(ctrl, base + GO, seq + 1, spins) else 0


@njit(entry=True)
def _store(ctrl, i, v):
    atomic_store(ctrl, i, v)


@njit(entry=True)
def _load(ctrl, i):
    return atomic_load(ctrl, i)


@njit
def release(crew_ctrl):
    """The first thing a kernel run by ``map_released`` does with its ``crew_ctrl`` argument:
    the other ranges of the call (nothing for ``NO_CREW``)."""
    for w in range(crew_ctrl[CTRL_N]):
        atomic_store(crew_ctrl, LINE * (w + 1) + GO, crew_ctrl[CTRL_SEQ])


def _spins_per_us() -> float:
    """How many ``_spin`` tries take a microsecond here (0 without JIT: Python spinning would
    hold the GIL)."""
    if numba.config.DISABLE_JIT:
        return 0.0
    probe = np.zeros(1, np.int64)
    _spin(probe, 0, 1, 10)
    t = time.perf_counter()
    _spin(probe, 0, 1, 20000)
    return 20000 / max((time.perf_counter() - t) * 1e6, 1.0)


class _Worker:
    def __init__(self, crew: _Crew, w: int):
        self.crew = crew
        self.base = LINE * (w + 1)
        self.job = None
        self.result = None
        self.error = None
        self.wake = threading.Event()      # set by the caller when the worker sleeps
        self.woken = threading.Event()     # set by the worker when the caller sleeps
        self.thread = threading.Thread(target=self._run, daemon=True,
                                       name=f"heroes_env-crew-{w + 1}")
        self.thread.start()

    def _sleep_for_go(self, target):
        ctrl, base = self.crew.ctrl, self.base
        while True:
            _store(ctrl, base + W_SLEEP, 1)
            if _load(ctrl, base + GO) >= target:
                break
            self.wake.wait()
            self.wake.clear()
            if _load(ctrl, base + GO) >= target:
                break
        _store(ctrl, base + W_SLEEP, 0)

    def _run(self):
        crew, base = self.crew, self.base
        ctrl = crew.ctrl
        seen = 0
        ready = False
        spins = 0
        while True:
            if not ready:
                t = time.perf_counter()
                self._sleep_for_go(seen + 1)
                # spin next time only if the calls come close enough together
                spins = crew.idle_spins if time.perf_counter() - t < IDLE_SPIN_US * 1e-6 else 0
            seq = int(_load(ctrl, base + GO))
            fn, k, lo, hi, crew_ctrl = self.job
            self.job = None
            try:
                self.result = fn(k, lo, hi) if crew_ctrl is None else fn(k, lo, hi, crew_ctrl)
                self.error = None
            except BaseException as e:       # noqa: BLE001  (raised on the caller's thread)
                self.result, self.error = None, e
            fn = None
            seen = seq
            state = _finish(ctrl, base, seq, spins)
            if state < 0:
                self.woken.set()
                state = _spin(ctrl, base + GO, seq + 1, spins)
            ready = bool(state)


class _Crew:
    def __init__(self):
        self.ctrl = np.zeros(LINE * (MAX_WORKERS + 1), np.int64)
        self.workers: list[_Worker] = []
        self.seq = 0
        rate = _spins_per_us()
        self.idle_spins = int(rate * IDLE_SPIN_US)
        self.wait_spins = int(rate * WAIT_SPIN_US)

    def _start(self, wk: _Worker, seq: int):
        """Let worker wk run call seq, waking it if it sleeps."""
        _store(self.ctrl, wk.base + GO, seq)
        if _load(self.ctrl, wk.base + W_SLEEP):
            wk.wake.set()

    def _wait_done(self, wk: _Worker, seq: int):
        ctrl, base = self.ctrl, wk.base
        if _spin(ctrl, base + DONE, seq, self.wait_spins):
            return
        while True:
            _store(ctrl, base + M_SLEEP, 1)
            if _load(ctrl, base + DONE) >= seq:
                break
            if _load(ctrl, base + W_SLEEP):
                wk.wake.set()       # it went to sleep as the kernel started it: wake it
            wk.woken.wait(0.01)
            wk.woken.clear()
            if _load(ctrl, base + DONE) >= seq:
                break
        _store(ctrl, base + M_SLEEP, 0)

    def map(self, fn, ranges, released: bool) -> list:
        nw = len(ranges) - 1
        while len(self.workers) < nw:
            self.workers.append(_Worker(self, len(self.workers)))
        ctrl = self.ctrl
        self.seq += 1
        seq = self.seq
        workers = self.workers[:nw]
        for w, wk in enumerate(workers):
            wk.job = (fn, w + 1) + tuple(ranges[w + 1]) + ((NO_CREW,) if released else (None,))
        ctrl[CTRL_N] = nw
        ctrl[CTRL_SEQ] = seq
        for wk in workers:
            # a sleeping worker needs the operating system's wake-up; a spinning one is
            # started here, or by the kernel once the caller's range runs
            if not released or _load(ctrl, wk.base + W_SLEEP):
                self._start(wk, seq)
        try:
            first = fn(0, *ranges[0]) if not released else fn(0, *ranges[0], ctrl)
        finally:
            for wk in workers:
                if _load(ctrl, wk.base + GO) < seq:      # the kernel never started it
                    self._start(wk, seq)
            for wk in workers:
                self._wait_done(wk, seq)
        for wk in workers:
            if wk.error is not None:
                e, wk.error = wk.error, None
                raise e
        out = [first] + [wk.result for wk in workers]
        for wk in workers:
            wk.result = None
        return out


_crew: _Crew | None = None
_crew_lock = threading.Lock()


def _forget_crew():
    """In a forked child the crew's threads do not exist: make a new one when needed."""
    global _crew, _crew_lock
    _crew = None
    _crew_lock = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_crew)


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


def _one_by_one(fn, ranges, extra) -> list:
    """The ranges one after another on the calling thread; as with the crew, an exception is
    raised after every range has run."""
    out, error = [], None
    for k, (lo, hi) in enumerate(ranges):
        try:
            out.append(fn(k, lo, hi, *extra))
        except BaseException as e:       # noqa: BLE001  (the first one raised below)
            out.append(None)
            error = error or e
    if error is not None:
        raise error
    return out


def _map(fn, ranges, released: bool) -> list:
    global _crew
    extra = (NO_CREW,) if released else ()
    if len(ranges) == 1 or len(ranges) - 1 > MAX_WORKERS:
        return _one_by_one(fn, ranges, extra)
    crew_lock = _crew_lock
    if not crew_lock.acquire(blocking=False):       # another thread's call has the crew
        return _one_by_one(fn, ranges, extra)
    try:
        if _crew is None:
            _crew = _Crew()
        return _crew.map(fn, ranges, released)
    finally:
        crew_lock.release()


def map_chunks(fn, ranges: list[tuple[int, int]]) -> list:
    """fn(k, lo, hi) for every range k at once (the calling thread runs range 0); the results in
    range order. An exception in any range is raised here, after every range has finished."""
    return _map(fn, ranges, False)


def map_released(fn, ranges: list[tuple[int, int]]) -> list:
    """``map_chunks`` of a hot kernel: fn(k, lo, hi, crew_ctrl), whose compiled kernel calls
    ``release(crew_ctrl)`` first, so that the other ranges start once the caller has let go of the
    GIL (the module docstring)."""
    return _map(fn, ranges, True)


def run(kernel, n: int, num_threads: int | None, *args) -> list:
    """kernel(*args, lo, hi) over rows 0..n-1 on num_threads threads (None: ``default_threads``);
    the kernel's results in range order."""
    t = default_threads() if num_threads is None else num_threads
    return map_chunks(lambda k, lo, hi: kernel(*args, lo, hi), chunks(n, t))
