"""The skills that answer query points, and the dispatch from a skill id to their
answers (``queries`` calls these; the modules, all in ``answers/``, import no ``rules``).

Generated from the modules ``skills/answers/<key>.py`` and ``skills/handlers/<key>.py`` by
``python heroes_env/engine/skills/generate.py``:
do not edit.
"""

from ...fast.jit import njit
from .answers import (
    dami,
    diaozhuo,
    diehun,
    fangzhu,
    feijiang,
    fenghuo,
    fengwu,
    fuxiao,
    ganlu,
    guose,
    hongzhuang,
    huichun,
    jianxiong_hk,
    jiuyuan,
    jiuyuan_hk,
    jizhi,
    keji,
    kongcheng,
    kongju,
    kuangchan,
    longdan,
    luoyi,
    mashu,
    menglong,
    menshen,
    nidongde,
    nvquan,
    qianxun,
    qicai,
    qingguo,
    qixi,
    shentou,
    tuqiang,
    wusheng,
    wushuang,
    xiadan,
    zhuomao,
    zuijiu,
)
from .ids import (
    SK_DAMI,
    SK_DIAOZHUO,
    SK_DIEHUN,
    SK_FANGZHU,
    SK_FEIJIANG,
    SK_FENGHUO,
    SK_FENGWU,
    SK_FUXIAO,
    SK_GANLU,
    SK_GUOSE,
    SK_HONGZHUANG,
    SK_HUICHUN,
    SK_JIANXIONG_HK,
    SK_JIUYUAN,
    SK_JIUYUAN_HK,
    SK_JIZHI,
    SK_KEJI,
    SK_KONGCHENG,
    SK_KONGJU,
    SK_KUANGCHAN,
    SK_LONGDAN,
    SK_LUOYI,
    SK_MASHU,
    SK_MENGLONG,
    SK_MENSHEN,
    SK_NIDONGDE,
    SK_NVQUAN,
    SK_QIANXUN,
    SK_QICAI,
    SK_QINGGUO,
    SK_QIXI,
    SK_SHENTOU,
    SK_TUQIANG,
    SK_WUSHENG,
    SK_WUSHUANG,
    SK_XIADAN,
    SK_ZHUOMAO,
    SK_ZUIJIU,
)

# skill id -> the query points it answers
QUERIES = {
    SK_DAMI: dami.QUERIES,
    SK_DIAOZHUO: diaozhuo.QUERIES,
    SK_DIEHUN: diehun.QUERIES,
    SK_FANGZHU: fangzhu.QUERIES,
    SK_FEIJIANG: feijiang.QUERIES,
    SK_FENGHUO: fenghuo.QUERIES,
    SK_FENGWU: fengwu.QUERIES,
    SK_FUXIAO: fuxiao.QUERIES,
    SK_GANLU: ganlu.QUERIES,
    SK_GUOSE: guose.QUERIES,
    SK_HONGZHUANG: hongzhuang.QUERIES,
    SK_HUICHUN: huichun.QUERIES,
    SK_JIANXIONG_HK: jianxiong_hk.QUERIES,
    SK_JIUYUAN: jiuyuan.QUERIES,
    SK_JIUYUAN_HK: jiuyuan_hk.QUERIES,
    SK_JIZHI: jizhi.QUERIES,
    SK_KEJI: keji.QUERIES,
    SK_KONGCHENG: kongcheng.QUERIES,
    SK_KONGJU: kongju.QUERIES,
    SK_KUANGCHAN: kuangchan.QUERIES,
    SK_LONGDAN: longdan.QUERIES,
    SK_LUOYI: luoyi.QUERIES,
    SK_MASHU: mashu.QUERIES,
    SK_MENGLONG: menglong.QUERIES,
    SK_MENSHEN: menshen.QUERIES,
    SK_NIDONGDE: nidongde.QUERIES,
    SK_NVQUAN: nvquan.QUERIES,
    SK_QIANXUN: qianxun.QUERIES,
    SK_QICAI: qicai.QUERIES,
    SK_QINGGUO: qingguo.QUERIES,
    SK_QIXI: qixi.QUERIES,
    SK_SHENTOU: shentou.QUERIES,
    SK_TUQIANG: tuqiang.QUERIES,
    SK_WUSHENG: wusheng.QUERIES,
    SK_WUSHUANG: wushuang.QUERIES,
    SK_XIADAN: xiadan.QUERIES,
    SK_ZHUOMAO: zhuomao.QUERIES,
    SK_ZUIJIU: zuijiu.QUERIES,
}


@njit(cache=True)
def answer(s, q, sk, prm, seat, value, a, b):
    """Seat's skill sk (prm: its parameter) answers query point q: the value it leaves."""
    if sk == SK_DAMI:
        return dami.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_DIAOZHUO:
        return diaozhuo.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_DIEHUN:
        return diehun.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_FANGZHU:
        return fangzhu.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_FEIJIANG:
        return feijiang.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_FENGHUO:
        return fenghuo.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_FENGWU:
        return fengwu.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_FUXIAO:
        return fuxiao.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_GANLU:
        return ganlu.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_GUOSE:
        return guose.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_HONGZHUANG:
        return hongzhuang.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_HUICHUN:
        return huichun.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_JIANXIONG_HK:
        return jianxiong_hk.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_JIUYUAN:
        return jiuyuan.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_JIUYUAN_HK:
        return jiuyuan_hk.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_JIZHI:
        return jizhi.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_KEJI:
        return keji.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_KONGCHENG:
        return kongcheng.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_KONGJU:
        return kongju.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_KUANGCHAN:
        return kuangchan.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_LONGDAN:
        return longdan.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_LUOYI:
        return luoyi.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_MASHU:
        return mashu.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_MENGLONG:
        return menglong.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_MENSHEN:
        return menshen.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_NIDONGDE:
        return nidongde.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_NVQUAN:
        return nvquan.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_QIANXUN:
        return qianxun.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_QICAI:
        return qicai.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_QINGGUO:
        return qingguo.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_QIXI:
        return qixi.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_SHENTOU:
        return shentou.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_WUSHENG:
        return wusheng.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_WUSHUANG:
        return wushuang.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_XIADAN:
        return xiadan.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_ZHUOMAO:
        return zhuomao.answer(s, q, prm, seat, value, a, b)
    elif sk == SK_ZUIJIU:
        return zuijiu.answer(s, q, prm, seat, value, a, b)
    return value


@njit(cache=True)
def react(s, q, sk, prm, seat, a, b):
    """Seat's skill sk acts on event point q."""
    if sk == SK_DIEHUN:
        diehun.react(s, q, prm, seat, a, b)
    elif sk == SK_MENSHEN:
        menshen.react(s, q, prm, seat, a, b)
    elif sk == SK_TUQIANG:
        tuqiang.react(s, q, prm, seat, a, b)
