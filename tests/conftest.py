"""Shared fixtures and helpers for the test suite."""
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
