"""How the engine is compiled: one decorator for every engine function, and the cache location.

``njit`` is Numba's with ``cache=True``, one compiled version per function, and a cache that
cannot go stale.

**One version per function.** Numba compiles a callee once per distinct argument type seen at
its call sites, and a constant argument has its own literal type (``Literal[int](15)``): a helper
such as ``log_event`` called with thirty different constants was compiled thirty times, most of
the engine's cold compile. The engine's dispatchers widen every integer argument type to
``int64`` (and drop literal types) before compiling, so each helper compiles once and callers'
constants and ``int32`` values convert to it. (Engine functions therefore take signed integer
scalars only.)

**A cache that cannot go stale.** Numba's on-disk cache is keyed per source file, so a cached
function is not recompiled when an njit function it calls from *another* module changes. The
engine's cache directory is therefore keyed by a hash of every compiled file
(``compiled_files``: the engine's package, this one, the data files and the compiled agents) and
the Numba version: any change to them starts a fresh cache. It is
``$NUMBA_CACHE_DIR/heroes_env-<hash>`` if ``NUMBA_CACHE_DIR`` is set, else
``~/.cache/heroes_env/numba-<hash>`` (``$XDG_CACHE_HOME`` respected). Only the engine's functions
use it: ``numba.config.CACHE_DIR`` is set while they are created and restored afterwards.

**A cold cache says so.** The first time a function compiles for want of a cached version (a
first start after installing or changing the engine), one line goes to stderr (``COMPILE_NOTICE``)
so that a user waiting a minute or two knows why; a warm start prints nothing.

**A callee's own machine code is made quickly** (``callee_code``): an engine function that
only other engine functions call gets its machine code at ``-O0`` (its callers optimise its IR
themselves); functions that Python code calls are marked ``entry=True``.

**A cold compile uses the machine's cores.** When one of the engine's large functions is the
one to compile, ``compile_plan`` first builds them on worker processes side by side (Numba itself
compiles one function at a time); ``HEROES_ENV_COMPILE_JOBS=1`` turns that off.
"""
import hashlib
import os
import pathlib
import sys

import numba
from numba.core import types

from . import callee_code, compile_plan

# what is compiled, from the project root: the engine's package, this one (its crew and
# intrinsics are compiled too) and the compiled agents, which call engine functions
COMPILED_PACKAGES = ("heroes_env/engine", "heroes_env/fast")
COMPILED_AGENTS = ("heroes_env/agents/heuristic_common.py",
                   "heroes_env/agents/heuristic_kernels.py",
                   "heroes_env/agents/heuristic_loop.py",
                   "heroes_env/agents/input_cells.py",
                   "heroes_env/agents/heuristic_skills")      # a package: its every module


def compiled_files() -> list[pathlib.Path]:
    """Every file whose change must start a fresh cache: the compiled packages' sources, the
    data files (content is frozen into compiled code) and the compiled agents."""
    root = pathlib.Path(__file__).resolve().parent.parent.parent
    files = [p for pkg in COMPILED_PACKAGES for p in sorted((root / pkg).rglob("*.py"))]
    data = root / "heroes_env" / "data"
    files += sorted(data.glob("*.csv")) + sorted(data.glob("*.json"))
    for p in (root / f for f in COMPILED_AGENTS):
        files += sorted(p.rglob("*.py")) if p.is_dir() else [p] if p.exists() else []
    return files


def _engine_hash() -> str:
    h = hashlib.sha1()
    root = pathlib.Path(__file__).resolve().parent.parent.parent
    for p in compiled_files():
        h.update(str(p.relative_to(root)).encode())
        h.update(p.read_bytes())
    h.update(f"numba {numba.__version__}".encode())
    return h.hexdigest()[:12]


def _cache_dir() -> str:
    tag = _engine_hash()
    base = os.environ.get("NUMBA_CACHE_DIR")
    if base:
        return os.path.join(base, f"heroes_env-{tag}")
    xdg = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(xdg, "heroes_env", f"numba-{tag}")


CACHE_DIR = _cache_dir()
QUICK_CALLEES = callee_code.install()
COMPILE_NOTICE = ("heroes_env: compiling the game engine with Numba; this happens once (after "
                  "installing or updating heroes_env) and takes a minute or two; later starts "
                  "load it from {cache}")
_noticed = False


def _notice_cold(disp):
    """One stderr line, once per process, when disp has nothing in the cache (it compiles); for
    a root of the compile plan, the plan (``compile_plan``, once per process)."""
    global _noticed
    try:
        cached = os.path.exists(disp._cache._cache_file._index_path)
    except AttributeError:           # another Numba's internals: say nothing
        return
    if cached:
        return
    if not _noticed and not os.environ.get(compile_plan.ENV_WORKER):
        _noticed = True
        print(COMPILE_NOTICE.format(cache=CACHE_DIR), file=sys.stderr, flush=True)
    # one of the engine's large roots: the plan builds its roots on worker processes first
    compile_plan.maybe_run(f"{disp.py_func.__module__}.{disp.py_func.__name__}", CACHE_DIR)


def _widen(t):
    t = types.unliteral(t)
    if isinstance(t, types.Integer):
        return types.int64
    return t


def njit(*args, entry=False, **kwargs):
    """``numba.njit(cache=True, ...)``: integer arguments widened to int64, cached in the
    engine's own directory. ``entry=True`` marks a function that Python code calls: it is
    compiled in full even where another engine function calls it (``callee_code``)."""
    kwargs.setdefault("cache", True)

    def wrap(func):
        # the cache locator reads numba.config.CACHE_DIR when the dispatcher is created
        old_dir = numba.config.CACHE_DIR
        numba.config.CACHE_DIR = CACHE_DIR
        try:
            disp = numba.njit(**kwargs)(func)
        finally:
            numba.config.CACHE_DIR = old_dir
        if not hasattr(disp, "compile"):      # NUMBA_DISABLE_JIT=1: a plain function
            return disp
        compile_exact = disp.compile

        def compile_widened(sig):
            _notice_cold(disp)
            if isinstance(sig, tuple):
                sig = tuple(_widen(a) for a in sig)
            with callee_code.compiling(entry):
                return compile_exact(sig)

        disp.compile = compile_widened
        disp.heroes_entry = entry
        return disp

    if args and callable(args[0]):
        return wrap(args[0])
    return wrap
