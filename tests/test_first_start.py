"""A cold Numba cache says what is happening; a warm start is silent; the cache key covers every
compiled file."""
import os
import subprocess
import sys

from heroes_env.fast import jit


def _plus_one(x):
    return x + 1


def _times_two(x):
    return x * 2


def test_cold_compile_prints_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(jit, "CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(jit, "_noticed", False)
    f = jit.njit(_plus_one)
    g = jit.njit(_times_two)           # a second cold function: no second line
    assert f(1) == 2 and g(3) == 6
    err = capsys.readouterr().err
    assert err.count("heroes_env: compiling the game engine") == 1
    assert "once" in err and "minute" in err and str(tmp_path) in err
    f(2)
    assert capsys.readouterr().err == ""


CODE = ("import heroes_env; e = heroes_env.env(); e.reset(seed=0); "
        "e.step(int(e.observe(e.agent_selection)['action_mask'].argmax()))")


def test_warm_start_is_silent():
    """Once this process has compiled (and cached) what the code below needs, a new process
    loads it without a word."""
    exec(CODE, {})
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = subprocess.run([sys.executable, "-c", CODE],
                         cwd=root, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert "compiling the game engine" not in out.stderr


def test_the_cache_key_covers_every_compiled_file():
    """Every module that defines a function with the engine's ``njit`` is one of the files whose
    hash keys the cache (``jit.compiled_files``): an edit to any of them starts a fresh cache."""
    import importlib
    import inspect
    import pathlib
    import pkgutil

    import heroes_env
    keyed = {p.resolve() for p in jit.compiled_files()}
    found = set()
    for m in pkgutil.walk_packages(heroes_env.__path__, "heroes_env."):
        try:
            mod = importlib.import_module(m.name)
        except ImportError:            # an optional extra that is not installed
            continue
        for v in vars(mod).values():
            if hasattr(v, "heroes_entry") and v.py_func.__module__ == mod.__name__:
                found.add(pathlib.Path(inspect.getsourcefile(v.py_func)).resolve())
    assert len(found) > 30
    assert not found - keyed, sorted(str(p) for p in found - keyed)
