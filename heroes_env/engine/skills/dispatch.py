"""The skills with a module of their own, and the dispatch from a skill id to their
handlers (``registry`` calls these).

Generated from the modules ``skills/<key>.py`` by
``python heroes_env/engine/skills/generate.py``:
do not edit.
"""

from ...fast.jit import njit
from . import fanjian, jieyin, kurou, lijian, qiandu, qingnang, rende, xiadan, yizhuang, zhiheng
from .ids import (
    SK_FANJIAN,
    SK_JIEYIN,
    SK_KUROU,
    SK_LIJIAN,
    SK_QIANDU,
    SK_QINGNANG,
    SK_RENDE,
    SK_XIADAN,
    SK_YIZHUANG,
    SK_ZHIHENG,
)

# skill id -> its module, for every skill with one
MODULES = {
    SK_FANJIAN: fanjian,
    SK_JIEYIN: jieyin,
    SK_KUROU: kurou,
    SK_LIJIAN: lijian,
    SK_QIANDU: qiandu,
    SK_QINGNANG: qingnang,
    SK_RENDE: rende,
    SK_XIADAN: xiadan,
    SK_YIZHUANG: yizhuang,
    SK_ZHIHENG: zhiheng,
}
OWN = tuple(MODULES)


@njit(cache=True)
def active_ok(s, d, sk):
    """May d use skill sk (a base id) as a play-phase action now?"""
    if sk == SK_FANJIAN:
        return fanjian.active_ok(s, d)
    elif sk == SK_JIEYIN:
        return jieyin.active_ok(s, d)
    elif sk == SK_KUROU:
        return kurou.active_ok(s, d)
    elif sk == SK_LIJIAN:
        return lijian.active_ok(s, d)
    elif sk == SK_QIANDU:
        return qiandu.active_ok(s, d)
    elif sk == SK_QINGNANG:
        return qingnang.active_ok(s, d)
    elif sk == SK_RENDE:
        return rende.active_ok(s, d)
    elif sk == SK_XIADAN:
        return xiadan.active_ok(s, d)
    elif sk == SK_YIZHUANG:
        return yizhuang.active_ok(s, d)
    elif sk == SK_ZHIHENG:
        return zhiheng.active_ok(s, d)
    return False


@njit(cache=True)
def mask(s, out, d, sk, stage):
    """The legal actions of skill sk's decision at stage (their count)."""
    if sk == SK_FANJIAN:
        return fanjian.mask(s, out, d, stage)
    elif sk == SK_JIEYIN:
        return jieyin.mask(s, out, d, stage)
    elif sk == SK_LIJIAN:
        return lijian.mask(s, out, d, stage)
    elif sk == SK_QIANDU:
        return qiandu.mask(s, out, d, stage)
    elif sk == SK_QINGNANG:
        return qingnang.mask(s, out, d, stage)
    elif sk == SK_RENDE:
        return rende.mask(s, out, d, stage)
    elif sk == SK_XIADAN:
        return xiadan.mask(s, out, d, stage)
    elif sk == SK_YIZHUANG:
        return yizhuang.mask(s, out, d, stage)
    elif sk == SK_ZHIHENG:
        return zhiheng.mask(s, out, d, stage)
    return 0


@njit(cache=True)
def run(s, o, sk):
    """The next step of skill sk's FR_SKILL frame at o."""
    if sk == SK_FANJIAN:
        fanjian.run(s, o)
    elif sk == SK_JIEYIN:
        jieyin.run(s, o)
    elif sk == SK_KUROU:
        kurou.run(s, o)
    elif sk == SK_LIJIAN:
        lijian.run(s, o)
    elif sk == SK_QIANDU:
        qiandu.run(s, o)
    elif sk == SK_QINGNANG:
        qingnang.run(s, o)
    elif sk == SK_RENDE:
        rende.run(s, o)
    elif sk == SK_XIADAN:
        xiadan.run(s, o)
    elif sk == SK_YIZHUANG:
        yizhuang.run(s, o)
    elif sk == SK_ZHIHENG:
        zhiheng.run(s, o)


@njit(cache=True)
def listens_at(s, seat, sk, tp):
    """Does seat's skill sk answer timing point tp, one of its ``TIMINGS``? (A parameter may
    pick among them: 洛神 at the start of the turn, 玉步 before the draw phase.)"""
    return True


@njit(cache=True)
def judge_keeps(s, seat, sk, c):
    """Does seat keep judgement card c that skill sk asked for, once it took effect?"""
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
