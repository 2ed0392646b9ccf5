"""The quick machine code of the engine's callees (heroes_env.fast.callee_code).

A callee (an engine function compiled inside another one's compile) gets -O0 machine code; code
that Python runs must not be such a callee's. These tests check that every engine function that
Python code in the package names is marked ``entry=True``, that the quick code is what a callee
gets (and a root or an entry is not), and that it computes what the optimised code computes.
The engine's own games with quick callees are the golden games (tests/test_golden*.py).
"""
import dis
import importlib
import inspect
import os
import pkgutil
import subprocess
import sys
import types

import pytest

import heroes_env
from heroes_env.fast import callee_code

numba = pytest.importorskip("numba")
from numba.core.registry import CPUDispatcher  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = (heroes_env,)      # its subpackages, heroes_env.agents among them
OPTIONAL = ("torch", "ray", "gymnasium", "stable_baselines3", "sb3_contrib", "matplotlib")


def _modules():
    out = []
    for pkg in PACKAGES:
        for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
            try:
                out.append(importlib.import_module(m.name))
            except ImportError as e:            # an optional extra that is not installed
                if not any(o in str(e) for o in OPTIONAL):
                    raise
    return out


def _code_objects(co):
    yield co
    for c in co.co_consts:
        if isinstance(c, types.CodeType):
            yield from _code_objects(c)


def _python_functions(mod):
    for v in list(vars(mod).values()):
        if isinstance(v, types.FunctionType) and v.__module__ == mod.__name__:
            yield v
        elif inspect.isclass(v) and v.__module__ == mod.__name__:
            for a in vars(v).values():
                a = a.fget if isinstance(a, property) else getattr(a, "__func__", a)
                if isinstance(a, types.FunctionType):
                    yield a


def named_from_python(fn):
    """The engine dispatchers a plain Python function names (``f(...)``, ``mod.f(...)``)."""
    found = set()
    for co in _code_objects(fn.__code__):
        ins = list(dis.get_instructions(co))
        for i, x in enumerate(ins):
            if x.opname not in ("LOAD_GLOBAL", "LOAD_NAME"):
                continue
            obj, j = fn.__globals__.get(x.argval), i + 1
            while (obj is not None and j < len(ins)
                   and ins[j].opname in ("LOAD_ATTR", "LOAD_METHOD")):
                obj, j = getattr(obj, ins[j].argval, None), j + 1
            if isinstance(obj, CPUDispatcher) and hasattr(obj, "heroes_entry"):
                found.add(obj)
    return found


def test_every_engine_function_python_calls_is_an_entry():
    missing = {}
    for mod in _modules():
        for fn in _python_functions(mod):
            for d in named_from_python(fn):
                if not d.heroes_entry:
                    name = f"{d.py_func.__module__}.{d.py_func.__qualname__}"
                    missing.setdefault(name, f"{fn.__module__}.{fn.__qualname__}")
    assert not missing, ("engine functions called from Python but not marked "
                         f"@njit(entry=True): {missing}")


def test_the_scan_finds_python_calls():
    # the scan must see a call through a module attribute and a direct one
    from heroes_env import game
    from heroes_env.engine import mask
    found = named_from_python(game.Game.mask)
    assert mask.legal_mask in found and mask.legal_mask.heroes_entry


def test_stack_marks_callees_only():
    assert not callee_code._quick()
    with callee_code.compiling(entry=False):          # a root
        assert not callee_code._quick()
        with callee_code.compiling(entry=False):      # its callee
            assert callee_code._quick()
            with callee_code.compiling(entry=True):   # an entry called inside
                assert not callee_code._quick()
            assert callee_code._quick()
        assert not callee_code._quick()
    assert not callee_code._quick()


CHILD = r"""
import json, sys
from numba.core import codegen as cg
from heroes_env.fast import jit  # installs the quick code's patch first
seen = []
opt = cg.CPUCodeLibrary._optimize_final_module
def record(self):
    r = opt(self)
    seen.append((self.name, getattr(self, "_heroes_quick_object", None) is not None))
    return r
cg.CPUCodeLibrary._optimize_final_module = record
from heroes_env.fast.jit import njit

@njit
def leaf(x):
    return x * 3 + 1

@njit
def middle(x):
    s = 0
    for i in range(x):
        s += leaf(i)
    return s

@njit
def root(x):
    return middle(x) + leaf(x)

print(json.dumps({"quick": jit.QUICK_CALLEES, "root": root(10), "middle": middle(10),
                  "leaf": leaf(4), "seen": seen}))
"""


def _child(tmp_path, **env):
    tmp_path.mkdir(parents=True, exist_ok=True)
    script = tmp_path / "quick_child.py"          # a file: Numba caches only functions in one
    script.write_text(CHILD)
    e = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"), HEROES_ENV_COMPILE_JOBS="1",
             PYTHONPATH=ROOT, **env)
    p = subprocess.run([sys.executable, str(script)], cwd=ROOT, env=e, capture_output=True,
                       text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    import json
    return json.loads(p.stdout.strip().splitlines()[-1])


@pytest.mark.slow
def test_callees_get_quick_code_and_the_same_results(tmp_path):
    r = _child(tmp_path / "on")
    assert r["quick"] is True
    expect = sum(i * 3 + 1 for i in range(10))
    assert (r["root"], r["middle"], r["leaf"]) == (expect + 31, expect, 13)
    # root compiled from Python: full; middle and leaf inside it: quick
    quick = {name: q for name, q in r["seen"] if name in ("leaf", "middle", "root")}
    assert quick == {"leaf": True, "middle": True, "root": False}
    off = _child(tmp_path / "off", HEROES_ENV_QUICK_CALLEES="0")
    assert off["quick"] is False and not any(q for _, q in off["seen"])
    assert (off["root"], off["middle"], off["leaf"]) == (r["root"], r["middle"], r["leaf"])


@pytest.mark.slow
def test_quick_callees_cache_and_reload(tmp_path):
    first = _child(tmp_path)
    again = _child(tmp_path)          # all three from the cache: none compiled again
    assert not {n for n, _ in again["seen"]} & {"leaf", "middle", "root"}
    assert (again["root"], again["middle"], again["leaf"]) == (first["root"], first["middle"],
                                                               first["leaf"])
