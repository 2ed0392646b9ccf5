"""The classmates pack as a whole (the classmates pack rules' four hero tables;
docs/rules.md, Classmates heroes): its heroes as data, the lord offer and the draft, random play
with every step checked, and the *twins*: a classmates hero and a hero of another pack with the
same HP, gender and mechanics play the same random game (same seed, same line-up otherwise, same
action choices); every decision, mask and outcome must agree. Each skill's scenario tests are in
``tests/skills/test_<key>.py``.
"""

import numpy as np
import pytest
from helpers import checked_games as _checked
from helpers import events
from helpers import table4 as table

from heroes_env import Config, Game
from heroes_env.engine import constants as C
from heroes_env.engine import content
from heroes_env.engine.skills import ids as SK
from heroes_env.scenario import ScenarioError

CLASSMATES = [h.key for h in content.pack_heroes("classmates")]

TWINS = [("lvlongsheng", "luzhishen"),      # 大表哥 = 底力
         ("xuwen", "xiangyu"),              # 威武 = 霸王 (无双 with two 杀 in 决斗)
         ("zhongbaolin", "songjiang"),      # 神般存在 = 疏财 (仁德, one heal a phase)
         ("heyifei", "lishishi"),           # 绝版 = 曼舞, 天香 = 红妆
         ("zhangruiming", "bianque"),       # 恋空 = 回春, 佛心 = 疗伤
         ("guli", "murong"),                # 西域 = 蝶魂
         ("wanglijun", "wuzetian")]         # 烂漫 = 迁都, 倔强 = 女权

def _play(line_up, seed, steps=4000):
    """A random game on a fixed line-up; returns its trace (decider, kind, mask, action)."""
    g = Game.new(Config(num_players=5, pack="classmates", hero_selection=line_up), seed=seed)
    rng = np.random.default_rng(seed)
    trace = []
    for _ in range(steps):
        if g.done:
            break
        legal = g.legal_actions()
        a = int(rng.choice(legal))
        trace.append((g.decider, g.decision_kind, tuple(legal), a))
        g.step(a)
    hp = [g.hp(i) for i in range(5)]
    return trace, (g.done, g.result, hp)


def mechanics(h):
    """(base id, parameter) of a hero's skills outside the lord's seat (lord skills and 狂禅, which
    acts only for a lord, left out)."""
    return [(int(content.SKILL_BASE[s]), int(content.SKILL_PARAM[s])) for s in h.skills
            if content.SKILLS_BY_ID[s].kind != "lord" and s != SK.SK_KUANGCHAN]


def test_classmates_heroes_are_the_rule_text():
    """Hero data: table = kingdom, HP from the tables, genders our choice (the text
    gives none: docs/rules.md, Classmates heroes), ids fixed."""
    by = content.HEROES_BY_KEY
    want = {  # key: (id, kingdom, hp, gender, skills)
        "gaoyinghai": (61, C.KD_SHU, 3, 1, ["aoshi", "nibudong"]),
        "lixiaoliang": (64, C.KD_SHU, 3, 1, ["jizhi_cm", "hongzhuang_cm"]),
        "zhongyucen": (65, C.KD_SHU, 3, 2, ["menglong", "diaozhuo"]),
        "taizeqi": (68, C.KD_WU, 4, 1, ["hongyanjie", "nidongde"]),
        "zhaojiaqi": (69, C.KD_WU, 4, 2, ["fengwu"]),
        "suntingting": (70, C.KD_WU, 3, 2, ["tianlai", "mili_cm"]),
        "wangxiaoping": (71, C.KD_WU, 3, 1, ["huameinan", "diyun"]),
        "liaochenyu": (74, C.KD_WEI, 4, 1, ["haochi", "sidashu"]),
        "yangxiaoyi": (76, C.KD_WEI, 3, 2, ["angle", "linglong"]),
        "wangyujie": (79, C.KD_WEI, 3, 2, ["tiandu", "plume"]),
        "fuyaqin": (80, C.KD_WEI, 3, 2, ["luoli", "manwu_cm"]),
        "tukai": (85, C.KD_QUN, 3, 1, ["zhengtai", "shenzhizuoshou"]),
        "shaoshuai": (86, C.KD_QUN, 4, 1, ["zhuomao", "fuxiao"]),
        # heroes whose skills run 英雄杀 mechanics
        "zhongbaolin": (58, C.KD_SHU, 4, 1, ["shenban", "haohan"]),
        "lvlongsheng": (59, C.KD_SHU, 4, 1, ["dabiaoge"]),
        "luminfeng": (60, C.KD_SHU, 3, 1, ["kuangre", "yidong"]),
        "zhuyan": (62, C.KD_SHU, 4, 2, ["lingxian"]),
        "chenmanyi": (63, C.KD_SHU, 4, 1, ["xiagu", "rouqing"]),
        "miqiang": (66, C.KD_WU, 3, 1, ["qianligu", "jiaoliu", "dami"]),
        "xuwen": (67, C.KD_WU, 4, 1, ["weiwu"]),
        "yandandan": (72, C.KD_WU, 3, 2, ["gudianmei", "fengqing"]),
        "heyifei": (73, C.KD_WU, 3, 2, ["jueban", "tianxiang"]),
        "antongle": (75, C.KD_WEI, 3, 1, ["shenbian", "guicai"]),
        "zhangpeipei": (81, C.KD_WEI, 4, 2, ["huizhi"]),
        "zhangruiming": (82, C.KD_QUN, 3, 1, ["liankong", "foxin"]),
        "zhangyunjie": (83, C.KD_QUN, 3, 2, ["fangzhu", "fangzhejielai"]),
        "guli": (84, C.KD_QUN, 4, 2, ["xiyu"]),
        "wanglijun": (77, C.KD_WEI, 4, 2, ["lanman", "juejiang"]),
        "cuihan": (78, C.KD_WEI, 3, 2, ["ganlu", "zhixin"]),
    }
    assert sorted(CLASSMATES) == sorted(want)
    for key, (hid, kd, hp, gender, skills) in want.items():
        h = by[key]
        assert (h.id, h.kingdom, h.hp, h.gender, h.pack) == (hid, kd, hp, gender, "classmates"), key
        assert [content.SKILLS_BY_ID[s].key for s in h.skills] == skills, key
    assert [h.key for h in content.pack_heroes("classmates") if h.lord_offer] == \
        ["zhongbaolin", "miqiang", "liaochenyu"]
    assert [h.key for h in content.pack_heroes("classmates") if h.never_lord] == ["lvlongsheng"]
    # aliases run standard code with their parameter
    S = content.SKILLS
    assert (S["aoshi"].base, S["aoshi"].param) == ("guanxing", 0)
    assert (S["jizhi_cm"].base, S["jizhi_cm"].param) == ("jizhi", 1)
    assert (S["zhengtai"].base, S["zhengtai"].param) == ("lijian", C.GENDER_FEMALE)
    assert (S["sidashu"].base, S["sidashu"].param) == ("hujia", C.KD_WEI)
    assert S["dami"].param == C.KD_WU and S["dami"].kind == "lord"
    assert all(110 <= S[k].id <= 139 for k in ("aoshi", "dami", "rouqing", "fangzhu", "ganlu"))


def test_pack_classmates_is_a_config_pack_with_the_standard_deck():
    from heroes_env.config import PACKS
    assert "classmates" in PACKS
    cfg = Config(num_players=5, pack="classmates", hero_selection="random")
    assert cfg.deck == "standard"
    g = Game.new(cfg, seed=3)
    assert {g.hero(i).key for i in range(5)} <= set(CLASSMATES)


def test_classmates_lord_offer_has_its_lord_candidates_first():
    """The lord's five are the pack's lord candidates, then random ones (docs/rules.md,
    Classmates heroes)."""
    for seed in range(6):
        g = Game.new(Config(num_players=5, pack="classmates"), seed=seed)
        offer = [int(h) for h in g.s[C.OFFER_BASE:C.OFFER_BASE + C.MAX_OFFER] if h >= 0]
        assert len(offer) == 5 and content.HEROES_BY_KEY["liaochenyu"].id in offer


def test_too_small_a_pack_for_the_draft_is_a_clear_error(monkeypatch):
    """The draft needs 1 + 3 (n-1) heroes (1 + 2*9 with ten players): an error, not a broken game.
    Every pack is big enough for ten players; a pack cut to 12 heroes is not for five."""
    for pack in ("standard", "herokill", "classmates"):
        Config(num_players=10, pack=pack, hero_selection="random")
    few = content.pack_heroes("classmates")[:12]
    monkeypatch.setattr(content, "pack_heroes", lambda pack: few)
    with pytest.raises(ValueError, match="needs 13 heroes in pack 'classmates', which has 12"):
        Config(num_players=5, pack="classmates", hero_selection="random")


def test_never_lord_hero_cannot_head_a_fixed_line_up():
    """吕龙生: "且不可做主公" (docs/rules.md, Classmates heroes): lord_offer -1 in the data."""
    with pytest.raises(ValueError, match="lvlongsheng can never be the lord"):
        Config(num_players=4, pack="classmates",
               hero_selection=["lvlongsheng", "tukai", "shaoshuai", "fuyaqin"])
    Config(num_players=4, pack="classmates",
           hero_selection=["tukai", "lvlongsheng", "shaoshuai", "fuyaqin"])
    with pytest.raises(ScenarioError, match="can never be the lord"):
        table({"hero": "lvlongsheng"})


def test_never_lord_hero_is_never_offered_to_the_lord():
    """The lord's offer (draft and random selection) never holds 吕龙生; other seats may get him."""
    lv = content.HEROES_BY_KEY["lvlongsheng"].id
    seen, later = set(), False
    for seed in range(60):
        g = Game.new(Config(num_players=5, pack="classmates"), seed=seed)
        offer = [int(h) for h in g.s[C.OFFER_BASE:C.OFFER_BASE + C.MAX_OFFER]]
        assert lv not in offer and -1 not in offer
        seen |= set(offer)
        g2 = Game.new(Config(num_players=8, pack="classmates", hero_selection="random"), seed=seed)
        assert g2.hero(0).key != "lvlongsheng"
        later |= any(g2.hero(i).key == "lvlongsheng" for i in range(1, 8))
    assert len(seen) == len(CLASSMATES) - 1 and later


def test_lord_offer_column_is_checked_at_import(monkeypatch):
    original = content._rows
    rows = original("heroes.csv")
    bad = [dict(r, lord_offer="2") if r["key"] == "tukai" else r for r in rows]
    monkeypatch.setattr(content, "_rows",
                        lambda name: bad if name == "heroes.csv" else original(name))
    with pytest.raises(ImportError, match="lord_offer must be 1"):
        content._load_heroes()


@pytest.mark.parametrize("n, selection, games", [(5, "random", 200), (4, "random", 150),
                                                 (5, "draft", 60), (4, "draft", 60)])
def test_compiled_invariants_with_classmates(n, selection, games):
    """Random legal play, every step checked in compiled code (card conservation with the 不屈
    pile, exact masks, HP bounds ...), with the classmates heroes."""
    out = _checked(Config(num_players=n, pack="classmates", hero_selection=selection), games,
                   900 + n)
    results = np.bincount(out[:, 0], minlength=6)
    assert results[C.RES_LORD] + results[C.RES_REBEL] + results[C.RES_RENEGADE] > 0


@pytest.mark.parametrize("n, seed", [(5, 1), (4, 2)])
def test_full_checks_with_classmates(n, seed):
    from test_random_play import play_fully_checked
    cfg = Config(num_players=n, pack="classmates", hero_selection="random")
    assert play_fully_checked(cfg, 7300 + seed, all_illegal_every=12) > 10


def test_hidden_information_with_classmates():
    from test_hidden_info import play_checking_hidden_info
    assert play_checking_hidden_info(Config(num_players=5, pack="classmates"), 11, 2) > 0


def test_random_classmates_games_use_the_new_mechanics():
    """Random play reaches 不屈 piles, 朦胧's judgement and 雕琢 (the mechanics are exercised)."""
    rng = np.random.default_rng(0)
    seen = set()
    for seed in range(60):
        g = Game.new(Config(num_players=5, pack="classmates", hero_selection=[
            "taizeqi", "zhongyucen", "zhaojiaqi", "shaoshuai", "lixiaoliang"]), seed=seed, log=True)
        while not g.done:
            if any(g.hero_pile(i) for i in range(5)):
                seen.add("pile")
            g.step(int(rng.choice(g.legal_actions())))
        for e in events(g, C.EV_SKILL):
            seen.add(int(e[2]))
    want = {"pile", SK.SK_MENGLONG, SK.SK_DIAOZHUO, SK.SK_FENGWU, SK.SK_FUXIAO, SK.SK_NIDONGDE}
    assert want <= seen, want - seen


@pytest.mark.parametrize("mine, twin", TWINS)
def test_twins_play_identical_games(mine, twin):
    a, b = content.HEROES_BY_KEY[mine], content.HEROES_BY_KEY[twin]
    assert (a.hp, a.gender) == (b.hp, b.gender)
    assert mechanics(a) == mechanics(b)
    others = ["lvbu", "zhaoyun", "daqiao", "zhouyu"]
    used = 0
    for seed in range(12):
        for seat in (1, 3):
            line = list(others)
            line.insert(seat, mine)
            ta, ra = _play(line, seed)
            line[seat] = twin
            tb, rb = _play(line, seed)
            assert ta == tb and ra == rb, (seed, seat)
            used += sum(1 for d, k, *_ in ta if d == seat and k != C.DK_PLAY)
    assert used > 0
