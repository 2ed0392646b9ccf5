"""The skills with a module of their own, and the dispatch from a skill id to
their handlers.

Generated from the modules ``skills/<key>.py`` by
``python heroes_env/engine/skills/generate.py``:
do not edit. ``registry`` calls these for the skills in ``OWN`` before the families.
"""

from ...fast.jit import njit
from . import fanjian
from .ids import SK_FANJIAN

OWN = (SK_FANJIAN,)      # the skills with a module of their own


@njit(cache=True)
def active_ok(s, d, sk):
    """May d use skill sk (a base id) as a play-phase action now?"""
    if sk == SK_FANJIAN:
        return fanjian.active_ok(s, d)
    return False


@njit(cache=True)
def mask(s, out, d, sk, stage):
    """The legal actions of skill sk's decision at stage (their count)."""
    if sk == SK_FANJIAN:
        return fanjian.mask(s, out, d, stage)
    return 0


@njit(cache=True)
def run(s, o, sk):
    """The next step of skill sk's FR_SKILL frame at o."""
    if sk == SK_FANJIAN:
        fanjian.run(s, o)
