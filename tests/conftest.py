"""Shared fixtures and helpers for the test suite."""
import gc
import os

import pytest

from heroes_env.engine import invariants as engine_invariants


def check_invariants(g):
    """The engine's own invariant checker (``heroes_env.engine.invariants.violation``: card
    conservation, HP bounds, dead seats empty, exact counters, the frame stack, ...) on game g:
    raises AssertionError naming the first invariant broken."""
    code = int(engine_invariants.violation(g.s))
    assert code == engine_invariants.OK, \
        f"invariant {code} broken: {engine_invariants.VIOLATIONS.get(code, '?')} " \
        f"(round {g.round}, " \
        f"{g.describe_decision() if not g.done else 'game over'})"


@pytest.fixture
def invariants():
    return check_invariants


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session):
    """On a pytest-xdist worker, collect the garbage now and freeze what is left.

    After a worker reports its session finished, pytest collects the garbage five times (to
    report what ``__del__`` methods raise), and the controller, 5 s after it asked the worker to
    stop, interrupts one that has not (execnet sends it SIGINT). With the compiled engine, torch
    and Ray in memory those collections took 4-5 s on a loaded 2-core machine, and a later one
    was interrupted: the ``KeyboardInterrupt`` was raised in the only Python code that runs during
    a collection, hypothesis's gc callback, and printed after a passing run. Collected here,
    before the worker reports, under the same hook that reports what ``__del__`` raised; frozen,
    the heap is not walked again, and the final collections take milliseconds."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        gc.collect()
        gc.freeze()
