"""Query points: the questions the rules and the frames ask of a seat's skills, and the loop that
asks them, as ``registry.fire`` does for the timing points.

The core asks ``query(s, Q_HAND_LIMIT, seat, hp, a=0, b=0)`` and names no skill: each skill in the
seat's slots that answers the point (its module's ``QUERIES``) gets the value
and returns it, changed or not, in slot order; a skill running another's code (skills.csv
``base``) answers with that code and its own parameter. The points and what their value means are
listed with ``Q_*`` in ``constants.py``. With no heroes (pack none) every point returns the value
it was given.

Three points are events, not questions (``Q_JINK_USED``, ``Q_TRICK_SKIPPED``, ``Q_SEAT_DIED``):
the frames call ``notify`` and the skills act (draw a card, end a guard). They are kept apart so
that a rule that only asks does not compile, link and optimise the code of drawing and logging
with it.

A skill module that answers query points (``skills/answers/<key>.py``) declares them (its
``QUERIES``) and gives ``answer(s, q, prm, seat, value, a, b)`` (and ``react(s, q, prm, seat, a,
b)`` for the events); the generated ``answer_dispatch`` calls them by skill id. An answer reads
the state only and asks no query point, and its module does not import ``rules`` (which asks the
points), directly or through another module (``tests/test_import_graph.py``).
"""
import numpy as np

from ...fast.jit import njit
from ..constants import H_HEROES, MAX_SEATS, MAX_SKILL_SLOTS, MAX_SKILLS, NUM_QUERIES, P_SK0
from ..content import SKILL_BASE, SKILL_PARAM
from . import answer_dispatch


def table(declared):
    """Per base skill id, a bit per query point it answers, from {skill id: its QUERIES}; a point
    that does not exist fails at import, naming the skill."""
    bits = np.zeros(MAX_SKILLS, np.int64)
    for sk, points in declared.items():
        for q in points:
            if not 0 <= q < NUM_QUERIES:
                raise ImportError(f"skill id {sk} answers point {q}, not a query point "
                                  f"(0..{NUM_QUERIES - 1}, Q_* in constants)")
            bits[sk] |= 1 << q
    return bits


SKILL_QUERIES = table(answer_dispatch.QUERIES)     # per base skill id: a bit per point it answers


def answered_by(q) -> list[int]:
    """The base skill ids that answer query point q (for the docs and the tests)."""
    return [sk for sk in range(MAX_SKILLS) if (SKILL_QUERIES[sk] >> q) & 1]


@njit(cache=True)
def answers(s, seat, q):
    """Does a skill of seat answer point q? (No call: a rule that asks q of many seats tests this
    first, and asks only those.)"""
    if s[H_HEROES] == 0 or seat < 0:
        return False
    for i in range(MAX_SKILL_SLOTS):
        if (SKILL_QUERIES[SKILL_BASE[s[P_SK0 + i * MAX_SEATS + seat]]] >> q) & 1:
            return True
    return False


@njit(cache=True)
def notify(s, q, seat, a, b):
    """Event point q about seat (``Q_JINK_USED``, ``Q_TRICK_SKIPPED``, ``Q_SEAT_DIED``): each of
    seat's skills that answers q acts (``react``: draws a card, logs the skill, ends a guard).
    Queries proper change nothing and go through ``query``."""
    if s[H_HEROES] != 0 and seat >= 0:         # (small, so that it inlines: pack none stops here)
        _notify_skills(s, q, seat, a, b)


@njit(cache=True)
def _notify_skills(s, q, seat, a, b):
    for i in range(MAX_SKILL_SLOTS):
        own = s[P_SK0 + i * MAX_SEATS + seat]
        sk = SKILL_BASE[own]
        if sk != 0 and (SKILL_QUERIES[sk] >> q) & 1:
            answer_dispatch.react(s, q, sk, SKILL_PARAM[own], seat, a, b)


@njit(cache=True)
def query(s, q, seat, value, a, b):
    """Query point q about seat (a, b: the question's other terms, see ``Q_*``): value, as
    seat's skills that answer q leave it. Dead seats keep their skills. Without heroes (pack
    none) value itself: this test is all of ``query`` that its callers inline, the loop over the
    seat's skills is a call."""
    if s[H_HEROES] == 0 or seat < 0:
        return value
    return _ask_skills(s, q, seat, value, a, b)


@njit(cache=True)
def _ask_skills(s, q, seat, value, a, b):
    for i in range(MAX_SKILL_SLOTS):
        own = s[P_SK0 + i * MAX_SEATS + seat]
        sk = SKILL_BASE[own]
        if sk != 0 and (SKILL_QUERIES[sk] >> q) & 1:
            value = answer_dispatch.answer(s, q, sk, SKILL_PARAM[own], seat, value, a, b)
    return value

