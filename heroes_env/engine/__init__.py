"""The compiled engine (see ``constants.py`` for the state layout).

Numba's on-disk cache is keyed per source file: a cached function is not recompiled when an njit
function it calls from *another* module changes. To make stale compiled code impossible, the cache
directory is keyed by a hash of every engine source file: any change to the engine starts a fresh
cache. The directory is ``$NUMBA_CACHE_DIR/heroes_env-<hash>`` if ``NUMBA_CACHE_DIR`` is set, else
``~/.cache/heroes_env/numba-<hash>`` (``$XDG_CACHE_HOME`` respected).
"""
import hashlib
import os
import pathlib

import numba


def _engine_hash() -> str:
    h = hashlib.sha1()
    here = pathlib.Path(__file__).resolve().parent
    for p in sorted(here.glob("*.py")):
        h.update(p.name.encode())
        h.update(p.read_bytes())
    h.update(numba.__version__.encode())
    return h.hexdigest()[:12]


def _cache_dir() -> str:
    tag = _engine_hash()
    base = os.environ.get("NUMBA_CACHE_DIR")
    if base:
        return os.path.join(base, f"heroes_env-{tag}")
    xdg = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(xdg, "heroes_env", f"numba-{tag}")


CACHE_DIR = _cache_dir()
numba.config.CACHE_DIR = CACHE_DIR
