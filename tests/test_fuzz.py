"""Property tests over what a user can hand the package: crafted state bytes (field extremes, bit
flips, truncation, another config), record files, scenario specs and configs. Every case runs in
a child process (``benchmarks/fuzz.py``'s ``Runner``: one child for many cases), so that a crash
or a hang fails the test instead of killing it: each case must be refused with the documented
error or load and play. Budget: about a minute for the file (``benchmarks/fuzz.py`` makes long
runs)."""
import importlib.util
import json
import pathlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from heroes_env.engine import constants as C

ROOT = pathlib.Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("fuzz", ROOT / "benchmarks" / "fuzz.py")
fuzz = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fuzz)

SETTINGS = dict(deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])
INT32 = st.integers(C.INT32_MIN, C.INT32_MAX)
CELL = st.integers(0, C.STATE_SIZE - 1)
# the cells of the declared fields and of the first frames' slots (where crafted values bite)
RANGED = sorted({at + k for _, at, size, _, _ in C.ROW_RANGES for k in range(size)}
                | {C.FRAME_BASE + f * C.FRAME_SIZE + at
                   for f in range(6) for _, at, _, _, _ in C.FRAME_RANGES})
VALUE = st.one_of(st.sampled_from(fuzz.EXTREMES), st.integers(-3, 130), INT32)


@pytest.fixture(scope="module")
def runner():
    r = fuzz.Runner(timeout=30.0, steps=20)
    yield r
    r.close()


def _ok(runner, case):
    outcome, detail = runner.run(case)
    assert outcome in ("refused", "played"), f"{outcome}: {detail}; case {json.dumps(case)}"
    return outcome


@settings(max_examples=250, **SETTINGS)
@given(base=st.integers(0, 1 << 30), cell=st.one_of(st.sampled_from(RANGED), CELL),
       value=VALUE)
@pytest.mark.slow
def test_a_field_set_to_any_value(runner, base, cell, value):
    _ok(runner, {"kind": "state", "base": base, "set": [[cell, value]]})


@settings(max_examples=250, **SETTINGS)
@given(base=st.integers(0, 1 << 30),
       flips=st.lists(st.tuples(st.integers(0, 1 << 30), st.integers(0, 31)), min_size=1,
                      max_size=3))
def test_bit_flips(runner, base, flips):
    _ok(runner, {"kind": "state", "base": base, "flip": [list(f) for f in flips]})


@settings(max_examples=40, **SETTINGS)
@given(base=st.integers(0, 1 << 30), size=st.integers(0, C.STATE_SIZE * 4 + 8))
def test_truncated_or_extended_bytes(runner, base, size):
    assert _ok(runner, {"kind": "state", "base": base, "size": size}) == (
        "played" if size == C.STATE_SIZE * 4 else "refused")


@settings(max_examples=60, **SETTINGS)
@given(base=st.integers(0, 1 << 30), config=st.integers(0, len(fuzz.CONFIGS) - 1))
def test_a_state_under_any_config(runner, base, config):
    _ok(runner, {"kind": "state", "base": base, "config": config})


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=8)
RECORD_KEYS = ("format", "config", "engine_seed", "decisions", "seed", "result", "rewards",
               "rounds", "meta", "version")
CONFIG_KEYS = ("num_players", "mode", "pack", "deck", "max_rounds", "autoplay",
               "hero_selection")


def _record(**kw):
    rec = {"format": "heroes_env.record/1", "version": "0", "seed": 1, "engine_seed": 5,
           "config": {"num_players": 4, "max_rounds": 2}, "decisions": [], "result": None}
    rec.update(kw)
    return rec


@settings(max_examples=120, **SETTINGS)
@given(key=st.sampled_from(RECORD_KEYS), value=JSON)
def test_a_record_field_set_to_any_json(runner, key, value):
    _ok(runner, {"kind": "record", "text": json.dumps(_record(**{key: value}))})


@settings(max_examples=60, **SETTINGS)
@given(key=st.sampled_from(CONFIG_KEYS), value=JSON)
def test_a_record_config_set_to_any_json(runner, key, value):
    rec = _record()
    rec["config"][key] = value
    _ok(runner, {"kind": "record", "text": json.dumps(rec)})


@settings(max_examples=40, **SETTINGS)
@given(text=st.text(max_size=60), depth=st.integers(0, 100000))
def test_a_record_file_of_junk(runner, text, depth):
    """Anything in a record file, deep nesting included: a one-line error:, exit 2."""
    assert _ok(runner, {"kind": "record", "text": "[" * depth + text}) == "refused"


SEAT_KEYS = ("hp", "max_hp", "alive", "slashes", "hero", "role")
SEAT_VALUE = st.one_of(st.integers(), st.booleans(), st.none(), st.floats(),
                       st.sampled_from(["no", "caocao", "liubei", "lord", "rebel", ""]))


@settings(max_examples=100, **SETTINGS)
@given(n=st.integers(4, 6), edits=st.lists(
    st.tuples(st.integers(0, 5), st.sampled_from(SEAT_KEYS), SEAT_VALUE), max_size=3))
def test_a_scenario_with_any_seat_values(runner, n, edits):
    seats = [{} for _ in range(n)]
    for i, key, value in edits:
        seats[i % n][key] = value
    _ok(runner, {"kind": "scenario", "spec": {"seats": seats}})


@settings(max_examples=80, **SETTINGS)
@given(base=st.integers(0, len(fuzz.CONFIGS) - 1), key=st.sampled_from(CONFIG_KEYS),
       value=JSON)
def test_any_config_value(runner, base, key, value):
    _ok(runner, {"kind": "config", "kw": {**fuzz.CONFIGS[base], key: value}})
