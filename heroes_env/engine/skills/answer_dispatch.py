"""The skills that answer query points, and the dispatch from a skill id to their
answers (``queries`` calls these; the modules here import no ``rules``).

Generated from the modules ``skills/<key>.py`` by
``python heroes_env/engine/skills/generate.py``:
do not edit.
"""

from ...fast.jit import njit
from . import (
    diaozhuo,
    fangzhu,
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

# skill id -> the query points it answers
QUERIES = {
    SK_DIAOZHUO: diaozhuo.QUERIES,
    SK_FANGZHU: fangzhu.QUERIES,
    SK_FENGHUO: fenghuo.QUERIES,
    SK_FUXIAO: fuxiao.QUERIES,
    SK_GANLU: ganlu.QUERIES,
    SK_GUOSE: guose.QUERIES,
    SK_HUICHUN: huichun.QUERIES,
    SK_JIANXIONG_HK: jianxiong_hk.QUERIES,
    SK_LONGDAN: longdan.QUERIES,
    SK_QINGGUO: qingguo.QUERIES,
    SK_QIXI: qixi.QUERIES,
    SK_SHENTOU: shentou.QUERIES,
    SK_WUSHENG: wusheng.QUERIES,
}


@njit(cache=True)
def answer(s, q, sk, prm, seat, value, a, b):
    """Seat's skill sk (prm: its parameter) answers query point q: the value it leaves."""
    if sk == SK_DIAOZHUO:
        return diaozhuo.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_FANGZHU:
        return fangzhu.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_FENGHUO:
        return fenghuo.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_FUXIAO:
        return fuxiao.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_GANLU:
        return ganlu.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_GUOSE:
        return guose.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_HUICHUN:
        return huichun.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_JIANXIONG_HK:
        return jianxiong_hk.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_LONGDAN:
        return longdan.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_QINGGUO:
        return qingguo.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_QIXI:
        return qixi.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_SHENTOU:
        return shentou.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_WUSHENG:
        return wusheng.answer(s, q, prm, seat, value, a, b)
    return value


@njit(cache=True)
def react(s, q, sk, prm, seat, a, b):
    """Seat's skill sk acts on event point q."""
    return
