"""Query points: the questions the rules and the frames ask of a seat's skills, and the loop that
asks them, as ``registry.fire`` does for the timing points.

The core asks ``query(s, Q_HAND_LIMIT, seat, hp, 0, 0)`` and names no skill: each skill in the
seat's slots that answers the point (its family's ``QUERIES``: (skill, point) pairs) gets the value
and returns it, changed or not, in slot order; a skill running another's code (skills.csv
``base``) answers with that code and its own parameter. The points and what their value means are
listed with ``Q_*`` in ``constants.py``. With no heroes (pack none) every point returns the value
it was given.

Three points are events, not questions (``Q_JINK_USED``, ``Q_TRICK_SKIPPED``, ``Q_SEAT_DIED``):
the frames call ``notify`` and the skills act (draw a card, end a guard). They are kept apart so
that a rule that only asks does not compile, link and optimise the code of drawing and logging
with it.

A family that answers query points lists its (skill, point) pairs (its ``QUERIES``) and gives
``answer(s, q, sk, param, seat, value, a, b)`` (and ``react(s, q, sk, param, seat, a, b)`` for
the events); ``ANSWERING`` names them in the order of their codes, dispatched in ``query`` and
``notify``. An answer reads the state only and asks no query point, and it lives in a module that
does not import ``rules`` (which asks the points): ``modifiers`` holds its own; ``answers.py``
holds those of the families whose other code uses ``rules`` (``targeting``'s 门神,
``phases``' 醉酒, ``active``'s 侠胆). Only 门神 and ``modifiers`` react to
events.
"""
import numpy as np

from ...fast.jit import njit
from ..constants import H_HEROES, MAX_SEATS, MAX_SKILL_SLOTS, MAX_SKILLS, NUM_QUERIES, P_SK0
from ..content import FAMILIES, SKILL_BASE, SKILL_FAMILY, SKILL_PARAM
from . import answer_dispatch, modifiers
from .answers import (
    ACTIVE_QUERIES,
    PHASES_QUERIES,
    TARGETING_QUERIES,
    menshen_answer,
    menshen_react,
    xiadan_answer,
    zuijiu_answer,
)

# the families with answers, in the order of SKILL_ANSWERER's codes (dispatched below):
# (family, its (skill, query point) pairs)
ANSWERING = (("modifiers", modifiers.QUERIES), ("targeting", TARGETING_QUERIES),
             ("phases", PHASES_QUERIES), ("active", ACTIVE_QUERIES))


def table(families):
    """Per base skill id, a bit per query point it answers, from the families' (name, pairs),
    and the index of its family among ``families``; a skill of another family (skills.csv), or a
    point that does not exist, fails at import."""
    bits = np.zeros(MAX_SKILLS, np.int64)
    who = np.zeros(MAX_SKILLS, np.int64)
    for i, (family, pairs) in enumerate(families):
        for sk, q in pairs:
            if FAMILIES[SKILL_FAMILY[sk]] != family:
                raise ImportError(f"{family} answers query points for skill id {sk}, which "
                                  f"skills.csv puts in {FAMILIES[SKILL_FAMILY[sk]]}")
            if not 0 <= q < NUM_QUERIES:
                raise ImportError(f"{family}: skill id {sk} answers point {q}, "
                                  f"not a query point (0..{NUM_QUERIES - 1}, Q_* in constants)")
            bits[sk] |= 1 << q
            who[sk] = i
    return bits, who


SKILL_QUERIES, SKILL_ANSWERER = table(ANSWERING)   # per base skill id: a bit per point; its family
OWN_ANSWER = np.zeros(MAX_SKILLS, np.bool_)  # per base skill id: answered by a module of its own
for _sk, _points in answer_dispatch.QUERIES.items():
    for _q in _points:
        if not 0 <= _q < NUM_QUERIES:
            raise ImportError(f"skill id {_sk} answers point {_q}, not a query point "
                              f"(0..{NUM_QUERIES - 1}, Q_* in constants)")
        SKILL_QUERIES[_sk] |= 1 << _q
    OWN_ANSWER[_sk] = True


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
            if OWN_ANSWER[sk]:
                answer_dispatch.react(s, q, sk, SKILL_PARAM[own], seat, a, b)
            elif SKILL_ANSWERER[sk] == 0:
                modifiers.react(s, q, sk, SKILL_PARAM[own], seat, a, b)
            elif SKILL_ANSWERER[sk] == 1:
                menshen_react(s, q, sk, SKILL_PARAM[own], seat, a, b)


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
            if OWN_ANSWER[sk]:
                value = answer_dispatch.answer(s, q, sk, SKILL_PARAM[own], seat, value, a, b)
            elif SKILL_ANSWERER[sk] == 0:
                value = modifiers.answer(s, q, sk, SKILL_PARAM[own], seat, value, a, b)
            elif SKILL_ANSWERER[sk] == 1:
                value = menshen_answer(s, q, sk, SKILL_PARAM[own], seat, value, a, b)
            elif SKILL_ANSWERER[sk] == 2:
                value = zuijiu_answer(s, q, sk, SKILL_PARAM[own], seat, value, a, b)
            else:
                value = xiadan_answer(s, q, sk, SKILL_PARAM[own], seat, value, a, b)
    return value

