"""The skills with a module of their own, and the dispatch from a skill id to their
handlers (``registry`` calls these).

Generated from the modules ``skills/<key>.py`` by
``python heroes_env/engine/skills/generate.py``:
do not edit.
"""

from ...fast.jit import njit
from . import (
    biyue,
    dili,
    fanjian,
    guanxing,
    guicai,
    liuli,
    luoshen,
    menshen,
    qianglue,
    rouqing,
    tiandu,
    tuxi,
    yingzi,
    zuijiu,
)
from .ids import (
    SK_BIYUE,
    SK_DILI,
    SK_FANJIAN,
    SK_GUANXING,
    SK_GUICAI,
    SK_LIULI,
    SK_LUOSHEN,
    SK_MENSHEN,
    SK_QIANGLUE,
    SK_ROUQING,
    SK_TIANDU,
    SK_TUXI,
    SK_YINGZI,
    SK_ZUIJIU,
)

# skill id -> its module, for every skill with one
MODULES = {
    SK_BIYUE: biyue,
    SK_DILI: dili,
    SK_FANJIAN: fanjian,
    SK_GUANXING: guanxing,
    SK_GUICAI: guicai,
    SK_LIULI: liuli,
    SK_LUOSHEN: luoshen,
    SK_MENSHEN: menshen,
    SK_QIANGLUE: qianglue,
    SK_ROUQING: rouqing,
    SK_TIANDU: tiandu,
    SK_TUXI: tuxi,
    SK_YINGZI: yingzi,
    SK_ZUIJIU: zuijiu,
}
OWN = tuple(MODULES)


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
    elif sk == SK_GUANXING:
        return guanxing.mask(s, out, d, stage)
    elif sk == SK_GUICAI:
        return guicai.mask(s, out, d, stage)
    elif sk == SK_LIULI:
        return liuli.mask(s, out, d, stage)
    elif sk == SK_MENSHEN:
        return menshen.mask(s, out, d, stage)
    elif sk == SK_QIANGLUE:
        return qianglue.mask(s, out, d, stage)
    elif sk == SK_TUXI:
        return tuxi.mask(s, out, d, stage)
    return 0


@njit(cache=True)
def run(s, o, sk):
    """The next step of skill sk's FR_SKILL frame at o."""
    if sk == SK_BIYUE:
        biyue.run(s, o)
    elif sk == SK_DILI:
        dili.run(s, o)
    elif sk == SK_FANJIAN:
        fanjian.run(s, o)
    elif sk == SK_GUANXING:
        guanxing.run(s, o)
    elif sk == SK_GUICAI:
        guicai.run(s, o)
    elif sk == SK_LIULI:
        liuli.run(s, o)
    elif sk == SK_LUOSHEN:
        luoshen.run(s, o)
    elif sk == SK_MENSHEN:
        menshen.run(s, o)
    elif sk == SK_QIANGLUE:
        qianglue.run(s, o)
    elif sk == SK_ROUQING:
        rouqing.run(s, o)
    elif sk == SK_TIANDU:
        tiandu.run(s, o)
    elif sk == SK_TUXI:
        tuxi.run(s, o)
    elif sk == SK_YINGZI:
        yingzi.run(s, o)
    elif sk == SK_ZUIJIU:
        zuijiu.run(s, o)


@njit(cache=True)
def listens_at(s, seat, sk, tp):
    """Does seat's skill sk answer timing point tp, one of its ``TIMINGS``? (A parameter may
    pick among them: 洛神 at the start of the turn, 玉步 before the draw phase.)"""
    if sk == SK_LUOSHEN:
        return luoshen.listens_at(s, seat, tp)
    return True


@njit(cache=True)
def judge_keeps(s, seat, sk, c):
    """Does seat keep judgement card c that skill sk asked for, once it took effect?"""
    if sk == SK_LUOSHEN:
        return luoshen.judge_keeps(s, seat, c)
    return False


@njit(cache=True)
def dying_starts(s, v, sk):
    """As v's dying procedure starts, does skill sk of his hold it off (True: he does not
    die)?"""
    return False


@njit(cache=True)
def response_ok(s, d, sk, dk, purpose, tried):
    """May d call on skill sk when asked for a card of decision kind dk (tried: he already did
    for this request)?"""
    return False


@njit(cache=True)
def play_kind(s, seat, sk):
    """The kind of card conversion skill sk makes in seat's play phase (-1: none)."""
    return -1


@njit(cache=True)
def ignores_distance(s, seat, sk):
    """1 if the card conversion skill sk makes for seat ignores distance."""
    return 0
