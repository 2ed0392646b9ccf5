"""The skills with a module of their own, and the dispatch from a skill id to their
handlers (``registry`` calls these).

Generated from the modules ``skills/<key>.py`` by
``python heroes_env/engine/skills/generate.py``:
do not edit.
"""

from ...fast.jit import njit
from . import (
    dami,
    diehun,
    fanji,
    fanjian,
    fankui,
    feijiang,
    fengwu,
    ganglie,
    hongyanjie,
    hongzhuang,
    hujia,
    jianxiong,
    jieyin,
    jijiang,
    jijiu,
    jiuyuan,
    jiuyuan_hk,
    jizhi,
    keji,
    kongcheng,
    kongju,
    kuangchan,
    kurou,
    lianying,
    lijian,
    luoyi,
    manwu,
    mashu,
    menglong,
    nidongde,
    nvquan,
    paodao,
    qiandu,
    qianxun,
    qicai,
    qingnang,
    rende,
    tuqiang,
    wushuang,
    xiadan,
    xiaoji,
    yiji,
    yizhuang,
    zhiheng,
    zhuomao,
)
from .ids import (
    SK_DAMI,
    SK_DIEHUN,
    SK_FANJI,
    SK_FANJIAN,
    SK_FANKUI,
    SK_FEIJIANG,
    SK_FENGWU,
    SK_GANGLIE,
    SK_HONGYANJIE,
    SK_HONGZHUANG,
    SK_HUJIA,
    SK_JIANXIONG,
    SK_JIEYIN,
    SK_JIJIANG,
    SK_JIJIU,
    SK_JIUYUAN,
    SK_JIUYUAN_HK,
    SK_JIZHI,
    SK_KEJI,
    SK_KONGCHENG,
    SK_KONGJU,
    SK_KUANGCHAN,
    SK_KUROU,
    SK_LIANYING,
    SK_LIJIAN,
    SK_LUOYI,
    SK_MANWU,
    SK_MASHU,
    SK_MENGLONG,
    SK_NIDONGDE,
    SK_NVQUAN,
    SK_PAODAO,
    SK_QIANDU,
    SK_QIANXUN,
    SK_QICAI,
    SK_QINGNANG,
    SK_RENDE,
    SK_TUQIANG,
    SK_WUSHUANG,
    SK_XIADAN,
    SK_XIAOJI,
    SK_YIJI,
    SK_YIZHUANG,
    SK_ZHIHENG,
    SK_ZHUOMAO,
)

# skill id -> its module, for every skill with one
MODULES = {
    SK_DAMI: dami,
    SK_DIEHUN: diehun,
    SK_FANJI: fanji,
    SK_FANJIAN: fanjian,
    SK_FANKUI: fankui,
    SK_FEIJIANG: feijiang,
    SK_FENGWU: fengwu,
    SK_GANGLIE: ganglie,
    SK_HONGYANJIE: hongyanjie,
    SK_HONGZHUANG: hongzhuang,
    SK_HUJIA: hujia,
    SK_JIANXIONG: jianxiong,
    SK_JIEYIN: jieyin,
    SK_JIJIANG: jijiang,
    SK_JIJIU: jijiu,
    SK_JIUYUAN: jiuyuan,
    SK_JIUYUAN_HK: jiuyuan_hk,
    SK_JIZHI: jizhi,
    SK_KEJI: keji,
    SK_KONGCHENG: kongcheng,
    SK_KONGJU: kongju,
    SK_KUANGCHAN: kuangchan,
    SK_KUROU: kurou,
    SK_LIANYING: lianying,
    SK_LIJIAN: lijian,
    SK_LUOYI: luoyi,
    SK_MANWU: manwu,
    SK_MASHU: mashu,
    SK_MENGLONG: menglong,
    SK_NIDONGDE: nidongde,
    SK_NVQUAN: nvquan,
    SK_PAODAO: paodao,
    SK_QIANDU: qiandu,
    SK_QIANXUN: qianxun,
    SK_QICAI: qicai,
    SK_QINGNANG: qingnang,
    SK_RENDE: rende,
    SK_TUQIANG: tuqiang,
    SK_WUSHUANG: wushuang,
    SK_XIADAN: xiadan,
    SK_XIAOJI: xiaoji,
    SK_YIJI: yiji,
    SK_YIZHUANG: yizhuang,
    SK_ZHIHENG: zhiheng,
    SK_ZHUOMAO: zhuomao,
}
OWN = tuple(MODULES)


@njit(cache=True)
def active_ok(s, d, sk):
    """May d use skill sk (a base id) as a play-phase action now?"""
    if sk == SK_FANJIAN:
        return fanjian.active_ok(s, d)
    elif sk == SK_JIEYIN:
        return jieyin.active_ok(s, d)
    elif sk == SK_JIJIANG:
        return jijiang.active_ok(s, d)
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
    elif sk == SK_FANKUI:
        return fankui.mask(s, out, d, stage)
    elif sk == SK_GANGLIE:
        return ganglie.mask(s, out, d, stage)
    elif sk == SK_JIEYIN:
        return jieyin.mask(s, out, d, stage)
    elif sk == SK_JIJIANG:
        return jijiang.mask(s, out, d, stage)
    elif sk == SK_JIJIU:
        return jijiu.mask(s, out, d, stage)
    elif sk == SK_LIJIAN:
        return lijian.mask(s, out, d, stage)
    elif sk == SK_MANWU:
        return manwu.mask(s, out, d, stage)
    elif sk == SK_QIANDU:
        return qiandu.mask(s, out, d, stage)
    elif sk == SK_QINGNANG:
        return qingnang.mask(s, out, d, stage)
    elif sk == SK_RENDE:
        return rende.mask(s, out, d, stage)
    elif sk == SK_XIADAN:
        return xiadan.mask(s, out, d, stage)
    elif sk == SK_YIJI:
        return yiji.mask(s, out, d, stage)
    elif sk == SK_YIZHUANG:
        return yizhuang.mask(s, out, d, stage)
    elif sk == SK_ZHIHENG:
        return zhiheng.mask(s, out, d, stage)
    return 0


@njit(cache=True)
def run(s, o, sk):
    """The next step of skill sk's FR_SKILL frame at o."""
    if sk == SK_FANJI:
        fanji.run(s, o)
    elif sk == SK_FANJIAN:
        fanjian.run(s, o)
    elif sk == SK_FANKUI:
        fankui.run(s, o)
    elif sk == SK_GANGLIE:
        ganglie.run(s, o)
    elif sk == SK_HUJIA:
        hujia.run(s, o)
    elif sk == SK_JIANXIONG:
        jianxiong.run(s, o)
    elif sk == SK_JIEYIN:
        jieyin.run(s, o)
    elif sk == SK_JIJIANG:
        jijiang.run(s, o)
    elif sk == SK_JIJIU:
        jijiu.run(s, o)
    elif sk == SK_KUROU:
        kurou.run(s, o)
    elif sk == SK_LIANYING:
        lianying.run(s, o)
    elif sk == SK_LIJIAN:
        lijian.run(s, o)
    elif sk == SK_MANWU:
        manwu.run(s, o)
    elif sk == SK_PAODAO:
        paodao.run(s, o)
    elif sk == SK_QIANDU:
        qiandu.run(s, o)
    elif sk == SK_QINGNANG:
        qingnang.run(s, o)
    elif sk == SK_RENDE:
        rende.run(s, o)
    elif sk == SK_XIADAN:
        xiadan.run(s, o)
    elif sk == SK_XIAOJI:
        xiaoji.run(s, o)
    elif sk == SK_YIJI:
        yiji.run(s, o)
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
    if sk == SK_HONGYANJIE:
        return hongyanjie.dying_starts(s, v)
    return False


@njit(cache=True)
def response_ok(s, d, sk, dk, purpose, tried):
    """May d call on skill sk when asked for a card of decision kind dk (tried: he already did
    for this request)?"""
    if sk == SK_HUJIA:
        return hujia.response_ok(s, d, dk, purpose, tried)
    elif sk == SK_JIJIANG:
        return jijiang.response_ok(s, d, dk, purpose, tried)
    return False


@njit(cache=True)
def play_kind(s, seat, sk):
    """The kind of card conversion skill sk makes in seat's play phase (-1: none)."""
    return -1


@njit(cache=True)
def ignores_distance(s, seat, sk):
    """1 if the card conversion skill sk makes for seat ignores distance."""
    return 0
