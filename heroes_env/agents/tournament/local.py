"""The local backend: games played in this process or in a pool of worker processes (the batched
engine: in this process, on threads)."""
from __future__ import annotations

from .batched import batched_records
from .config import TournamentConfig
from .games import GamePlayer

_WORKER: GamePlayer | None = None


def _init_worker(cfg: TournamentConfig, record: bool = False):
    global _WORKER
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)     # Ctrl-C is the parent's to handle
    _WORKER = GamePlayer(cfg, record)


def _work(i: int) -> dict:
    return _WORKER.play(i)


def local_records(cfg: TournamentConfig, todo: list[int], workers: int, record: bool = False):
    """The records of games `todo`, played here (one process, or a pool of `workers`; the
    batched engine: one process, `workers` threads)."""
    if cfg.engine == "batched":
        yield from batched_records(cfg, todo, min(workers, _max_threads()))
    elif workers == 1 or len(todo) <= 1:
        player = GamePlayer(cfg, record)
        for i in todo:
            yield player.play(i)
    elif todo:
        import multiprocessing as mp
        chunk = max(1, min(16, len(todo) // (workers * 8)))
        with mp.Pool(workers, initializer=_init_worker, initargs=(cfg, record)) as pool:
            yield from pool.imap_unordered(_work, todo, chunksize=chunk)


def _max_threads() -> int:
    import numba
    return numba.config.NUMBA_NUM_THREADS
