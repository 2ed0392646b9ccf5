"""The skills with a module of their own, and the dispatch from a skill id to their
handlers (``registry`` calls these).

Generated from the modules ``skills/<key>.py`` by
``python heroes_env/engine/skills/generate.py``:
do not edit.
"""

from ...fast.jit import njit
from . import (
    diaozhuo,
    fangzhu,
    fanjian,
    fenghuo,
    fuxiao,
    ganlu,
    guose,
    huichun,
    jianxiong_hk,
    longdan,
    qingguo,
    qixi,
    shentou,
    wusheng,
)
from .ids import (
    SK_DIAOZHUO,
    SK_FANGZHU,
    SK_FANJIAN,
    SK_FENGHUO,
    SK_FUXIAO,
    SK_GANLU,
    SK_GUOSE,
    SK_HUICHUN,
    SK_JIANXIONG_HK,
    SK_LONGDAN,
    SK_QINGGUO,
    SK_QIXI,
    SK_SHENTOU,
    SK_WUSHENG,
)

# skill id -> its module, for every skill with one
MODULES = {
    SK_DIAOZHUO: diaozhuo,
    SK_FANGZHU: fangzhu,
    SK_FANJIAN: fanjian,
    SK_FENGHUO: fenghuo,
    SK_FUXIAO: fuxiao,
    SK_GANLU: ganlu,
    SK_GUOSE: guose,
    SK_HUICHUN: huichun,
    SK_JIANXIONG_HK: jianxiong_hk,
    SK_LONGDAN: longdan,
    SK_QINGGUO: qingguo,
    SK_QIXI: qixi,
    SK_SHENTOU: shentou,
    SK_WUSHENG: wusheng,
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
    return 0


@njit(cache=True)
def run(s, o, sk):
    """The next step of skill sk's FR_SKILL frame at o."""
    if sk == SK_FANJIAN:
        fanjian.run(s, o)
    elif sk == SK_JIANXIONG_HK:
        jianxiong_hk.run(s, o)


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
    """The kind of card conversion skill sk makes in seat's play phase (K_NONE: none)."""
    if sk == SK_FANGZHU:
        return fangzhu.play_kind(s, seat)
    elif sk == SK_FENGHUO:
        return fenghuo.play_kind(s, seat)
    elif sk == SK_FUXIAO:
        return fuxiao.play_kind(s, seat)
    elif sk == SK_GANLU:
        return ganlu.play_kind(s, seat)
    elif sk == SK_GUOSE:
        return guose.play_kind(s, seat)
    elif sk == SK_JIANXIONG_HK:
        return jianxiong_hk.play_kind(s, seat)
    elif sk == SK_LONGDAN:
        return longdan.play_kind(s, seat)
    elif sk == SK_QIXI:
        return qixi.play_kind(s, seat)
    elif sk == SK_SHENTOU:
        return shentou.play_kind(s, seat)
    elif sk == SK_WUSHENG:
        return wusheng.play_kind(s, seat)
    return 0


@njit(cache=True)
def ignores_distance(s, seat, sk):
    """1 if the card conversion skill sk makes for seat ignores distance."""
    if sk == SK_SHENTOU:
        return shentou.ignores_distance(s, seat)
    return 0
