"""The skills with a module of their own, and the dispatch from a skill id to their
handlers (``registry`` calls these).

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
from .handlers import (
    biyue,
    dili,
    fanji,
    fanjian,
    fankui,
    ganglie,
    guanxing,
    guicai,
    hongyanjie,
    hujia,
    jianxiong,
    jieyin,
    jijiang,
    jijiu,
    kurou,
    lianying,
    lijian,
    liuli,
    luoshen,
    manwu,
    paodao,
    qiandu,
    qianglue,
    qingnang,
    rende,
    rouqing,
    tiandu,
    tuxi,
    xiaoji,
    yiji,
    yingzi,
    yizhuang,
    zhiheng,
)
from .ids import (
    SK_BIYUE,
    SK_DAMI,
    SK_DIAOZHUO,
    SK_DIEHUN,
    SK_DILI,
    SK_FANGZHU,
    SK_FANJI,
    SK_FANJIAN,
    SK_FANKUI,
    SK_FEIJIANG,
    SK_FENGHUO,
    SK_FENGWU,
    SK_FUXIAO,
    SK_GANGLIE,
    SK_GANLU,
    SK_GUANXING,
    SK_GUICAI,
    SK_GUOSE,
    SK_HONGYANJIE,
    SK_HONGZHUANG,
    SK_HUICHUN,
    SK_HUJIA,
    SK_JIANXIONG,
    SK_JIANXIONG_HK,
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
    SK_LIULI,
    SK_LONGDAN,
    SK_LUOSHEN,
    SK_LUOYI,
    SK_MANWU,
    SK_MASHU,
    SK_MENGLONG,
    SK_MENSHEN,
    SK_NIDONGDE,
    SK_NVQUAN,
    SK_PAODAO,
    SK_QIANDU,
    SK_QIANGLUE,
    SK_QIANXUN,
    SK_QICAI,
    SK_QINGGUO,
    SK_QINGNANG,
    SK_QIXI,
    SK_RENDE,
    SK_ROUQING,
    SK_SHENTOU,
    SK_TIANDU,
    SK_TUQIANG,
    SK_TUXI,
    SK_WUSHENG,
    SK_WUSHUANG,
    SK_XIADAN,
    SK_XIAOJI,
    SK_YIJI,
    SK_YINGZI,
    SK_YIZHUANG,
    SK_ZHIHENG,
    SK_ZHUOMAO,
    SK_ZUIJIU,
)

# skill id -> its module, for every skill with one
MODULES = {
    SK_BIYUE: biyue,
    SK_DAMI: dami,
    SK_DIAOZHUO: diaozhuo,
    SK_DIEHUN: diehun,
    SK_DILI: dili,
    SK_FANGZHU: fangzhu,
    SK_FANJI: fanji,
    SK_FANJIAN: fanjian,
    SK_FANKUI: fankui,
    SK_FEIJIANG: feijiang,
    SK_FENGHUO: fenghuo,
    SK_FENGWU: fengwu,
    SK_FUXIAO: fuxiao,
    SK_GANGLIE: ganglie,
    SK_GANLU: ganlu,
    SK_GUANXING: guanxing,
    SK_GUICAI: guicai,
    SK_GUOSE: guose,
    SK_HONGYANJIE: hongyanjie,
    SK_HONGZHUANG: hongzhuang,
    SK_HUICHUN: huichun,
    SK_HUJIA: hujia,
    SK_JIANXIONG: jianxiong,
    SK_JIANXIONG_HK: jianxiong_hk,
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
    SK_LIULI: liuli,
    SK_LONGDAN: longdan,
    SK_LUOSHEN: luoshen,
    SK_LUOYI: luoyi,
    SK_MANWU: manwu,
    SK_MASHU: mashu,
    SK_MENGLONG: menglong,
    SK_MENSHEN: menshen,
    SK_NIDONGDE: nidongde,
    SK_NVQUAN: nvquan,
    SK_PAODAO: paodao,
    SK_QIANDU: qiandu,
    SK_QIANGLUE: qianglue,
    SK_QIANXUN: qianxun,
    SK_QICAI: qicai,
    SK_QINGGUO: qingguo,
    SK_QINGNANG: qingnang,
    SK_QIXI: qixi,
    SK_RENDE: rende,
    SK_ROUQING: rouqing,
    SK_SHENTOU: shentou,
    SK_TIANDU: tiandu,
    SK_TUQIANG: tuqiang,
    SK_TUXI: tuxi,
    SK_WUSHENG: wusheng,
    SK_WUSHUANG: wushuang,
    SK_XIADAN: xiadan,
    SK_XIAOJI: xiaoji,
    SK_YIJI: yiji,
    SK_YINGZI: yingzi,
    SK_YIZHUANG: yizhuang,
    SK_ZHIHENG: zhiheng,
    SK_ZHUOMAO: zhuomao,
    SK_ZUIJIU: zuijiu,
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
    elif sk == SK_GUANXING:
        return guanxing.mask(s, out, d, stage)
    elif sk == SK_GUICAI:
        return guicai.mask(s, out, d, stage)
    elif sk == SK_JIEYIN:
        return jieyin.mask(s, out, d, stage)
    elif sk == SK_JIJIANG:
        return jijiang.mask(s, out, d, stage)
    elif sk == SK_JIJIU:
        return jijiu.mask(s, out, d, stage)
    elif sk == SK_LIJIAN:
        return lijian.mask(s, out, d, stage)
    elif sk == SK_LIULI:
        return liuli.mask(s, out, d, stage)
    elif sk == SK_MANWU:
        return manwu.mask(s, out, d, stage)
    elif sk == SK_MENSHEN:
        return menshen.mask(s, out, d, stage)
    elif sk == SK_QIANDU:
        return qiandu.mask(s, out, d, stage)
    elif sk == SK_QIANGLUE:
        return qianglue.mask(s, out, d, stage)
    elif sk == SK_QINGNANG:
        return qingnang.mask(s, out, d, stage)
    elif sk == SK_RENDE:
        return rende.mask(s, out, d, stage)
    elif sk == SK_TUXI:
        return tuxi.mask(s, out, d, stage)
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
    if sk == SK_BIYUE:
        biyue.run(s, o)
    elif sk == SK_DILI:
        dili.run(s, o)
    elif sk == SK_FANJI:
        fanji.run(s, o)
    elif sk == SK_FANJIAN:
        fanjian.run(s, o)
    elif sk == SK_FANKUI:
        fankui.run(s, o)
    elif sk == SK_GANGLIE:
        ganglie.run(s, o)
    elif sk == SK_GUANXING:
        guanxing.run(s, o)
    elif sk == SK_GUICAI:
        guicai.run(s, o)
    elif sk == SK_HUJIA:
        hujia.run(s, o)
    elif sk == SK_JIANXIONG:
        jianxiong.run(s, o)
    elif sk == SK_JIANXIONG_HK:
        jianxiong_hk.run(s, o)
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
    elif sk == SK_LIULI:
        liuli.run(s, o)
    elif sk == SK_LUOSHEN:
        luoshen.run(s, o)
    elif sk == SK_MANWU:
        manwu.run(s, o)
    elif sk == SK_MENSHEN:
        menshen.run(s, o)
    elif sk == SK_PAODAO:
        paodao.run(s, o)
    elif sk == SK_QIANDU:
        qiandu.run(s, o)
    elif sk == SK_QIANGLUE:
        qianglue.run(s, o)
    elif sk == SK_QINGNANG:
        qingnang.run(s, o)
    elif sk == SK_RENDE:
        rende.run(s, o)
    elif sk == SK_ROUQING:
        rouqing.run(s, o)
    elif sk == SK_TIANDU:
        tiandu.run(s, o)
    elif sk == SK_TUXI:
        tuxi.run(s, o)
    elif sk == SK_XIADAN:
        xiadan.run(s, o)
    elif sk == SK_XIAOJI:
        xiaoji.run(s, o)
    elif sk == SK_YIJI:
        yiji.run(s, o)
    elif sk == SK_YINGZI:
        yingzi.run(s, o)
    elif sk == SK_YIZHUANG:
        yizhuang.run(s, o)
    elif sk == SK_ZHIHENG:
        zhiheng.run(s, o)
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
def dying_starts(s, victim, sk):
    """As victim's dying procedure starts, does skill sk of his hold it off (True: he does not
    die)?"""
    if sk == SK_HONGYANJIE:
        return hongyanjie.dying_starts(s, victim)
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
