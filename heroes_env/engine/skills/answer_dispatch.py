"""The skills that answer query points, and the dispatch from a skill id to their
answers (``queries`` calls these; the modules here import no ``rules``).

Generated from the modules ``skills/<key>.py`` by
``python heroes_env/engine/skills/generate.py``:
do not edit.
"""

from ...fast.jit import njit
from . import menshen, zuijiu
from .ids import SK_MENSHEN, SK_ZUIJIU

# skill id -> the query points it answers
QUERIES = {
    SK_MENSHEN: menshen.QUERIES,
    SK_ZUIJIU: zuijiu.QUERIES,
}


@njit(cache=True)
def answer(s, q, sk, prm, seat, value, a, b):
    """Seat's skill sk (prm: its parameter) answers query point q: the value it leaves."""
    if sk == SK_MENSHEN:
        return menshen.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_ZUIJIU:
        return zuijiu.answer(s, q, prm, seat, value, a, b)
    return value


@njit(cache=True)
def react(s, q, sk, prm, seat, a, b):
    """Seat's skill sk acts on event point q."""
    if sk == SK_MENSHEN:
        menshen.react(s, q, prm, seat, a, b)
