"""The 英雄杀 pack as a whole (the 英雄杀 rules; docs/rules.md, Decks and Hero Kill heroes): its
33 heroes as data, the faction lord skills, its deck by default and the card names its skills
make, the draft from five random heroes, and random play with every step checked (the whole
pack at 5 and 8 players, and fixed line-ups of the heroes whose skills came together). Each
skill's scenario tests are in ``tests/skills/test_<key>.py``.
"""

import numpy as np
import pytest
from conftest import check_invariants
from helpers import SKILL_IDS, expect, pettingzoo_api_test
from helpers import checked_games as _checked
from helpers import herokill_table4 as table
from helpers import sorted_labels as labels
from test_heroes import offers
from test_hidden_info import play_checking_hidden_info
from test_random_play import play_fully_checked

import heroes_env
from heroes_env import Config, Game, cards
from heroes_env.engine import constants as C
from heroes_env.engine import content, invariants
from heroes_env.engine import invariants as inv
from heroes_env.engine.skills import ids as SK
from heroes_env.scenario import build

# hero: (HP, gender, faction) from the best public data (docs/rules.md, Hero Kill heroes)
HEROES = {
    "yingzheng": (4, "M", "jun"), "chengjisihan": (4, "M", "jun"), "liubang": (4, "M", "jun"),
    "zhaokuangyin": (4, "M", "jun"), "goujian": (3, "M", "jun"), "xiangyu": (4, "M", "jun"),
    "lishimin": (4, "M", "jun"), "wuzetian": (4, "F", "jun"), "murong": (4, "F", "jun"),
    "caocao_hk": (4, "M", "jun"), "chensheng": (4, "M", "jun"),
    "shangyang": (3, "M", "chen"), "yuji": (3, "F", "chen"), "liubowen": (3, "M", "chen"),
    "yuefei": (4, "M", "chen"), "hanxin": (3, "M", "chen"), "baosi": (3, "F", "chen"),
    "huamulan": (3, "F", "chen"), "guanyu_hk": (4, "M", "chen"), "yangyanzhao": (4, "M", "chen"),
    "tantaiming": (4, "M", "chen"), "qinqiong": (4, "M", "chen"), "zhaofeiyan": (3, "F", "chen"),
    "wusong": (4, "M", "min"), "songjiang": (4, "M", "min"), "xishi": (3, "F", "min"),
    "bianque": (3, "M", "min"), "chenyuanyuan": (3, "F", "min"), "lishishi": (3, "F", "min"),
    "renhuanzhi": (4, "M", "min"), "shiqian": (3, "M", "min"), "luzhishen": (4, "M", "min"),
    "likui": (4, "M", "min"),
}

LORD_SKILL = {"jun": "jijiang_hk", "chen": "huzhu", "min": "jiuyuan_hk"}

GENDER = {"M": C.GENDER_MALE, "F": C.GENDER_FEMALE}

MINE = ["qinqiong", "guanyu_hk", "lishishi", "likui", "shangyang", "chengjisihan"]

HK = "herokill"

LINEUPS = [
    ["zhaokuangyin", "baosi", "zhaofeiyan", "songjiang", "xishi", "bianque", "chenyuanyuan",
     "shiqian"],
    ["baosi", "bianque", "shiqian", "xishi", "songjiang"],
    ["zhaofeiyan", "chenyuanyuan", "songjiang", "zhaokuangyin", "bianque", "xishi"],
]


def test_pack_is_the_rule_text():
    """33 heroes (君 11, 臣 12, 民 10), HP/gender/faction as in the sources table, and every hero
    carries its faction's lord skill (激将 / 护主 / 救援), given only to a lord."""
    heroes = {h.key: h for h in content.pack_heroes("herokill")}
    assert set(heroes) == set(HEROES)
    for key, (hp, gender, faction) in HEROES.items():
        h = heroes[key]
        assert (h.hp, h.gender, h.kingdom) == (hp, GENDER[gender], content.KINGDOMS[faction]), key
        keys = [content.SKILLS_BY_ID[s].key for s in h.skills]
        assert keys[-1] == LORD_SKILL[faction], key
        assert sum(content.SKILLS_BY_ID[s].kind == "lord" for s in h.skills) == 1, key
        assert not h.lord_offer, key
    assert sorted({h.id for h in heroes.values()}) == list(range(25, 58))
    assert (content.SKILLS["jijiang_hk"].name_zh, content.SKILLS["huzhu"].name_zh,
            content.SKILLS["jiuyuan_hk"].name_zh) == ("激将", "护主", "救援")


def test_pack_uses_its_own_deck_unless_told():
    assert Config(pack="herokill").deck == "herokill"
    assert Config(pack="herokill", deck="standard").deck == "standard"
    assert Config(pack="standard").deck == "standard"
    g = Game.new(Config(pack="herokill", hero_selection="random"), seed=0)
    assert int(g.s[C.H_NCARDS]) == 106


def test_lord_skill_only_for_the_lord_and_luzhishen_gets_no_bonus():
    """A 君 lord has 激将 from 臣 helpers; the same hero elsewhere has none. 鲁智深 狂禅: no +1 HP
    as the lord of a 5-player game, while another lord gets it."""
    g = build([{"hero": "yingzheng", "role": "lord"}, {"hero": "chensheng", "role": "rebel"},
               {"role": "loyalist"}, {"role": "renegade"}, {"role": "rebel"}])
    assert g.skills(0)[-1] == "jijiang_hk" and "jijiang_hk" not in g.skills(1)
    assert g.max_hp(0) == 5
    g = build([{"hero": "luzhishen", "role": "lord"}, {"role": "rebel"}, {"role": "loyalist"},
               {"role": "renegade"}, {"role": "rebel"}])
    assert g.max_hp(0) == 4 and g.skills(0)[-1] == "jiuyuan_hk"


def test_draft_lord_chooses_from_five_random_heroes_of_the_pack():
    seen = set()
    for seed in range(12):
        g = Game.new(Config(num_players=5, pack="herokill"), seed=seed)
        assert g.decider == 0 and g.decision_kind == C.DK_HERO
        five = offers(g, 0)
        assert len(five) == 5 and set(five) <= set(HEROES)
        seen.update(five)
    assert len(seen) > 20          # random, not a fixed list of lord heroes


@pytest.mark.parametrize("n, selection, seed", [(5, "draft", 1), (5, "random", 2), (8, "draft", 3),
                                                (8, "random", 4)])
def test_full_checks_with_the_pack(n, selection, seed):
    """Every masked-in action is accepted and masked-out ones refused, step by step."""
    cfg = Config(num_players=n, pack="herokill", hero_selection=selection)
    assert play_fully_checked(cfg, 9000 + seed, all_illegal_every=12) > 10


@pytest.mark.parametrize("n, games", [(5, 3000), (8, 2000)])
@pytest.mark.slow
def test_compiled_invariants_with_all_33_heroes(n, games):
    """Random legal play with every step checked in compiled code, on the 英雄杀 deck and on the
    standard deck (packs and decks are independent)."""
    out = _checked(Config(num_players=n, pack="herokill", hero_selection="random"), games, 40 + n)
    results = np.bincount(out[:, 0], minlength=6)
    assert results[C.RES_LORD] > 0 and results[C.RES_REBEL] > 0
    _checked(Config(num_players=n, pack="herokill"), games // 4, 140 + n)          # the draft
    _checked(Config(num_players=n, pack="herokill", deck="standard", hero_selection="random"),
             games // 4, 240 + n)


@pytest.mark.parametrize("n", [4, 10])
def test_compiled_invariants_other_counts(n):
    _checked(Config(num_players=n, pack="herokill"), 300, 340 + n)


@pytest.mark.parametrize("n, seed, every", [(5, 11, 1), (8, 12, 3)])
def test_hidden_information_with_the_pack(n, seed, every):
    assert play_checking_hidden_info(Config(num_players=n, pack="herokill"), seed, every) > 0


def test_pettingzoo_api_test_with_the_pack():
    pettingzoo_api_test(heroes_env.env(num_players=5, pack="herokill"), num_cycles=300)


def test_vector_env_plays_the_aec_games_with_the_pack():
    from test_vector import play_against_aec
    play_against_aec(5, 3, 500, seed=401, min_games=1, num_threads=1, pack="herokill")


def test_herokill_heroes_exist_with_their_data():
    from heroes_env.engine import content
    by = content.HEROES_BY_KEY
    rows = {k: (by[k].id, by[k].hp, by[k].gender, by[k].kingdom) for k in
            ("renhuanzhi", "caocao_hk", "huamulan", "hanxin", "liubang")}
    assert rows == {"renhuanzhi": (54, 4, C.GENDER_MALE, C.KD_MIN),
                    "caocao_hk": (34, 4, C.GENDER_MALE, C.KD_JUN),
                    "huamulan": (42, 3, C.GENDER_FEMALE, C.KD_CHEN),
                    "hanxin": (40, 3, C.GENDER_MALE, C.KD_CHEN),
                    "liubang": (27, 4, C.GENDER_MALE, C.KD_JUN)}


@pytest.mark.parametrize("n", [4, 5])
def test_compiled_invariants_with_random_herokill_heroes(n):
    """Random legal play of pack herokill, every step checked in compiled code. (Five players at
    most while the pack has 12 heroes: the line-up offers three heroes to each seat.)"""
    cfg = Config(num_players=n, pack="herokill", hero_selection="random")
    seeds = (np.arange(200, dtype=np.int64) * 7919 + 900 + n).astype(np.int32)
    out = np.zeros((200, 4), np.int64)
    inv.play_checked(seeds, cfg.spec(), 900 + n, out)
    bad = np.flatnonzero(out[:, 3])
    assert bad.size == 0, [f"seed {seeds[i]}: {inv.VIOLATIONS.get(int(out[i, 3]))} at decision "
                           f"{out[i, 2]}" for i in bad[:5]]


@pytest.mark.parametrize("seed", [7300, 7301, 7302])
def test_full_python_checks_with_herokill_heroes(seed):
    """Mask == accepted actions, clones, serialisation, played with pack herokill."""
    from test_random_play import play_fully_checked
    play_fully_checked(Config(num_players=5, pack="herokill", hero_selection="random"), seed,
                       all_illegal_every=25)


@pytest.mark.parametrize("n, seed", [(5, 11), (4, 12)])
def test_hidden_information_with_herokill_heroes(n, seed):
    from test_hidden_info import play_checking_hidden_info
    cfg = Config(num_players=n, pack="herokill", hero_selection="random")
    assert play_checking_hidden_info(cfg, seed, 2) > 0


def test_herokill_hero_rows():
    """HP, gender, faction (from the best public data) and skills, with the faction's lord
    skill last."""
    rows = {h.key: h for h in content.pack_heroes("herokill")}
    want = {"qinqiong": (46, 4, "chen", ["fanji", "menshen", "huzhu"]),
            "guanyu_hk": (43, 4, "chen", ["paodao", "huzhu"]),
            "lishishi": (53, 3, "min", ["manwu", "hongzhuang", "jiuyuan_hk"]),
            "likui": (57, 4, "min", ["fuchou", "jiuyuan_hk"]),
            "shangyang": (36, 3, "chen", ["bianfa", "fajia", "huzhu"]),
            "chengjisihan": (26, 4, "jun", ["qishe", "qianglue", "jijiang_hk"])}
    byid = {s.id: s.key for s in content.SKILLS.values()}
    for key, (hid, hp, kd, skills) in want.items():
        h = rows[key]
        kdid = {"jun": C.KD_JUN, "chen": C.KD_CHEN, "min": C.KD_MIN}[kd]
        assert (h.id, h.hp, h.kingdom) == (hid, hp, kdid), key
        assert [byid[i] for i in h.skills] == skills
    assert rows["lishishi"].gender == C.GENDER_FEMALE and rows["likui"].gender == C.GENDER_MALE
    assert rows["guanyu_hk"].name("zh") == "关羽" and rows["guanyu_hk"].name("en") == "Guan Yu"
    base = {k: content.SKILLS[k].base for k in ("fuchou", "bianfa", "fajia", "qishe")}
    assert base == {"fuchou": "ganglie", "bianfa": "guicai", "fajia": "fankui", "qishe": "mashu"}
    assert all(content.SKILLS[k].param == 1 for k in base)


@pytest.mark.parametrize("lineup, games", [
    (MINE[:5], 200),
    (["chengjisihan", "qinqiong", "yingzheng", "yuji", "lishishi"], 200),
    (MINE + ["yingzheng", "yuji"], 100)])
def test_compiled_invariants_herokill_lineups(lineup, games):
    """Random legal play with these heroes (fixed line-ups, roles dealt at random), every step
    checked in compiled code. (Line-ups, not hero_selection="random": 刘伯温's 占卜 looks at 5
    cards, which invariant 18 of the base commit still caps at 3.)"""
    n = len(lineup)
    cfg = Config(num_players=n, pack="herokill", hero_selection=lineup)
    seeds = (np.arange(games, dtype=np.int64) * 7919 + 900 + n).astype(np.int32)
    out = np.zeros((games, 4), np.int64)
    inv.play_checked(seeds, cfg.spec(), 900 + n, out)
    bad = np.flatnonzero(out[:, 3])
    assert bad.size == 0, [f"seed {seeds[i]}: {inv.VIOLATIONS.get(int(out[i, 3]))} at decision "
                           f"{out[i, 2]}" for i in bad[:5]]
    results = np.bincount(out[:, 0], minlength=6)
    assert results[C.RES_LORD] + results[C.RES_REBEL] + results[C.RES_RENEGADE] > games // 2


@pytest.mark.parametrize("lineup, seed", [(MINE[:5], 1), (MINE[3:] + ["yingzheng", "yuji"], 2)])
def test_full_checks_herokill_lineups(lineup, seed):
    """Every step checked: exact masks (each legal action accepted, illegal ones refused),
    clones and serialisation, invariants."""
    from test_random_play import play_fully_checked
    cfg = Config(num_players=len(lineup), pack="herokill", hero_selection=lineup)
    assert play_fully_checked(cfg, 8800 + seed, all_illegal_every=12) > 10


def test_hidden_information_herokill_lineup():
    from test_hidden_info import play_checking_hidden_info
    cfg = Config(num_players=6, pack="herokill", hero_selection=MINE)
    assert play_checking_hidden_info(cfg, 7, 2) > 0


def test_random_play_asks_every_skill_of_these_heroes():
    """Random games reach a decision of every optional skill here (locked ones act silently)."""
    asked = set()
    rng = np.random.default_rng(0)
    base = {content.SKILL_BASE[SKILL_IDS[k]]: k
            for k in ("menshen", "bianfa", "fuchou", "fajia", "paodao", "manwu", "fanji",
                      "qianglue")}
    for seed in range(40):
        g = Game.new(Config(num_players=6, pack="herokill", hero_selection=MINE), seed=seed)
        while not g.done:
            sk = int(g.s[C.H_DSKILL])
            if sk in base:
                asked.add(base[sk])
            g.step(int(rng.choice(g.legal_actions())))
    assert asked == set(base.values())


def test_new_herokill_heroes_hp_gender_faction_and_skills():
    """HP, gender and faction from the best public data; every hero lists its faction's lord
    skill (君 激将, 民 救援), given only to the lord."""
    want = {"goujian": (29, 3, C.GENDER_MALE, C.KD_JUN, ["yinren", "tuqiang", "jijiang_hk"]),
            "xiangyu": (30, 4, C.GENDER_MALE, C.KD_JUN, ["bawang", "jijiang_hk"]),
            "lishimin": (31, 4, C.GENDER_MALE, C.KD_JUN, ["kongju", "jijiang_hk"]),
            "murong": (33, 4, C.GENDER_FEMALE, C.KD_JUN, ["diehun", "jijiang_hk"]),
            "wusong": (47, 4, C.GENDER_MALE, C.KD_MIN, ["zuijiu", "jiuyuan_hk"]),
            "luzhishen": (56, 4, C.GENDER_MALE, C.KD_MIN, ["dili", "kuangchan", "jiuyuan_hk"])}
    for key, (hid, hp, gender, kd, skills) in want.items():
        h = content.HEROES_BY_KEY[key]
        assert (h.id, h.hp, h.gender, h.kingdom, h.pack, h.lord_offer) == \
            (hid, hp, gender, kd, HK, False), key
        assert [content.SKILLS_BY_ID[s].key for s in h.skills] == skills
    sk = content.SKILLS
    assert (sk["jiuyuan_hk"].id, sk["jiuyuan_hk"].kind, sk["jiuyuan_hk"].family,
            sk["jiuyuan_hk"].param) == (90, "lord", "modifiers", C.KD_JUN)
    assert (sk["yinren"].base, sk["yinren"].param) == ("keji", 1)
    assert (sk["bawang"].base, sk["bawang"].param) == ("wushuang", 2)
    g = table({"hero": "wusong"}, {"hero": "luzhishen"}, {"hero": "goujian"}, {"hero": "murong"})
    assert g.skills(0) == ["zuijiu", "jiuyuan_hk"] and g.skills(1) == ["dili", "kuangchan"]
    assert g.skills(2) == ["yinren", "tuqiang"] and g.skills(3) == ["diehun"]


def test_herokill_draft_lord_chooses_from_five_random_heroes():
    """The 英雄杀 rules: the lord chooses from five random heroes (no herokill hero is a fixed lord
    offer);
    the five differ from game to game and, over games, every hero of the pack is offered."""
    pack = {h.key for h in content.pack_heroes(HK)}
    assert not any(h.lord_offer for h in content.pack_heroes(HK))
    seen = set()
    offers = set()
    for seed in range(40):
        g = Game.new(Config(num_players=4, pack=HK), seed=seed)
        expect(g, 0, C.DK_HERO)
        five = [content.HEROES_BY_ID[int(h)].key
                for h in g.s[C.OFFER_BASE:C.OFFER_BASE + C.MAX_OFFER] if h >= 0]
        assert len(five) == 5 and len(set(five)) == 5 and set(five) <= pack
        assert g.legal_labels() == [f"hero {content.HEROES_BY_KEY[k].name_en}" for k in five]
        seen |= set(five)
        offers.add(tuple(five))
    assert seen == pack and len(offers) > 20


def test_herokill_draft_then_others_choose():
    g = Game.new(Config(num_players=5, pack=HK), seed=3)
    g.step(int(g.legal_actions()[0]))
    while g.decision_kind == C.DK_HERO:
        assert len(g.legal_actions()) == 3
        g.step(int(g.legal_actions()[-1]))
    keys = [g.hero(i).key for i in range(5)]
    assert len(set(keys)) == 5
    assert g.max_hp(0) == content.HEROES_BY_KEY[keys[0]].hp + (keys[0] != "luzhishen")
    check_invariants(g)


@pytest.mark.parametrize("n, selection, games", [(4, "random", 150), (5, "random", 150),
                                                 (5, "draft", 60)])
def test_compiled_invariants_with_herokill_heroes(n, selection, games):
    """Random legal play with every step checked (compiled): the herokill heroes in many games."""
    cfg = Config(num_players=n, pack=HK, hero_selection=selection)
    seeds = (np.arange(games, dtype=np.int64) * 7919 + 31 * n).astype(np.int32)
    out = np.zeros((games, 4), np.int64)
    invariants.play_checked(seeds, cfg.spec(), 900 + n, out)
    bad = np.flatnonzero(out[:, 3])
    assert bad.size == 0, [f"seed {seeds[i]}: {invariants.VIOLATIONS.get(int(out[i, 3]))} at "
                           f"decision {out[i, 2]}" for i in bad[:5]]
    assert (out[:, 0] != C.RES_TRUNCATED).sum() > games // 2


@pytest.mark.parametrize("n, selection, seed", [(5, "random", 11), (4, "draft", 12)])
def test_full_checks_with_herokill_heroes(n, selection, seed):
    """Every check at every step (masks exact, clone, serialisation) and no hidden-information leak
    in random games with the herokill heroes."""
    cfg = Config(num_players=n, pack=HK, hero_selection=selection)
    assert play_fully_checked(cfg, 7300 + seed, all_illegal_every=15) > 10
    assert play_checking_hidden_info(cfg, seed, 3) > 0


def test_compiled_invariants_herokill_random():
    """pack herokill, heroes at random (four players: the pack is still too small for a random
    line-up of five or more)."""
    _checked(Config(num_players=4, pack="herokill", hero_selection="random"), 300, 700)


def test_hero_rows_follow_the_public_hero_data():
    """HP, gender and faction from the best public data; 君 heroes get 激将, 臣 heroes 护主,
    民 heroes 救援."""
    want = {"zhaokuangyin": (28, 4, 1, "jun", ["shiquan", "jijiang_hk"]),
            "baosi": (41, 3, 2, "chen", ["zhiyu", "fenghuo", "huzhu"]),
            "zhaofeiyan": (48, 3, 2, "chen", ["yubu", "qingying", "huzhu"]),
            "songjiang": (49, 4, 1, "min", ["shucai", "jiuyuan_hk"]),
            "xishi": (50, 3, 2, "min", ["meihuo", "chenyu", "jiuyuan_hk"]),
            "bianque": (51, 3, 1, "min", ["huichun", "liaoshang", "jiuyuan_hk"]),
            "chenyuanyuan": (52, 3, 2, "min", ["hongyan", "chuchu", "jiuyuan_hk"]),
            "shiqian": (55, 3, 1, "min", ["feizei", "shentou", "jiuyuan_hk"])}
    for key, (hid, hp, gender, kd, skills) in want.items():
        h = content.HEROES_BY_KEY[key]
        assert (h.id, h.pack, h.hp, h.gender, h.kingdom) == (hid, "herokill", hp, gender,
                                                             content.KINGDOMS[kd]), key
        assert [content.SKILLS_BY_ID[s].key for s in h.skills] == skills, key
    base = {k: (content.SKILLS[k].base, content.SKILLS[k].param) for k in
            ("shucai", "liaoshang", "hongyan", "yubu", "huichun", "fenghuo", "shentou")}
    assert base == {"shucai": ("rende", 1), "liaoshang": ("qingnang", 1),
                    "hongyan": ("lijian", 1), "yubu": ("luoshen", 1), "huichun": ("", 0),
                    "fenghuo": ("", 0), "shentou": ("", 0)}


def test_herokill_cards_the_conversions_make():
    """The 英雄杀 names of the kinds these skills make (docs/rules.md, Decks): 药 = 桃,
    烽火狼烟 = 南蛮入侵, 探囊取物 = 顺手牵羊, 釜底抽薪 = 过河拆桥, 画地为牢 = 乐不思蜀."""
    kinds = {c.name_zh: c.kind for c in cards.deck("herokill")}
    assert (kinds["药"], kinds["烽火狼烟"], kinds["探囊取物"], kinds["釜底抽薪"],
            kinds["画地为牢"]) == \
        (C.K_PEACH, C.K_SAVAGE, C.K_SNATCH, C.K_DISMANTLE, C.K_INDULGENCE)


@pytest.mark.parametrize("lineup, games", [(LINEUPS[0], 120), (LINEUPS[1], 120),
                                           (LINEUPS[2], 80)])
def test_compiled_invariants_with_these_heroes(lineup, games):
    """Random legal play with every step checked in compiled code (exact masks, invariants), with
    these heroes in fixed line-ups (each lord skill in play) and the 英雄杀 deck."""
    cfg = Config(num_players=len(lineup), pack="herokill", hero_selection=lineup)
    seeds = (np.arange(games, dtype=np.int64) * 7919 + 31 + len(lineup)).astype(np.int32)
    out = np.zeros((games, 4), np.int64)
    invariants.play_checked(seeds, cfg.spec(), 77, out)
    bad = np.flatnonzero(out[:, 3])
    assert bad.size == 0, [f"seed {seeds[i]}: {invariants.VIOLATIONS.get(int(out[i, 3]))} at "
                           f"decision {out[i, 2]}" for i in bad[:5]]
    assert (out[:, 0] != C.RES_TRUNCATED).sum() > games // 2


def test_random_play_herokill_pack_uses_these_skills():
    """Random selection from the whole herokill pack; every skill of these heroes is used at least
    once over a few uncompiled-checked games (their decisions are reachable)."""
    from heroes_env import Game
    rng = np.random.default_rng(1)
    seen = set()
    for seed in range(12):
        g = Game.new(Config(num_players=8, pack="herokill", hero_selection=LINEUPS[0]), seed=seed,
                     log=True)
        while not g.done:
            g.step(int(rng.choice(g.legal_actions())))
        seen |= {int(e[2]) for e in g.event_log if e[0] == C.EV_SKILL}
    mine = {SK.SK_SHUCAI, SK.SK_LIAOSHANG, SK.SK_HONGYAN, SK.SK_CHUCHU, SK.SK_ZHIYU,
            SK.SK_FENGHUO, SK.SK_SHIQUAN, SK.SK_SHENTOU, SK.SK_MEIHUO, SK.SK_CHENYU, SK.SK_YUBU}
    assert mine <= seen, sorted(mine - seen)


@pytest.mark.parametrize("lineup, seed", [(LINEUPS[0], 1), (LINEUPS[1], 2), (LINEUPS[2], 3)])
def test_full_checks_with_these_heroes(lineup, seed):
    """Every check at every step (mask == accepted actions, illegal actions refused, clone and
    serialisation) over whole games with these heroes."""
    from test_random_play import play_fully_checked
    cfg = Config(num_players=len(lineup), pack="herokill", hero_selection=lineup)
    assert play_fully_checked(cfg, 8800 + seed, all_illegal_every=10) > 10


@pytest.mark.parametrize("lineup, seed", [(LINEUPS[0], 4), (LINEUPS[1], 5)])
def test_hidden_information_with_these_heroes(lineup, seed):
    """Hidden cards never reach another seat's observation (回春's 桃 mask, 神偷, 红颜 ...)."""
    from test_hidden_info import play_checking_hidden_info
    cfg = Config(num_players=len(lineup), pack="herokill", hero_selection=lineup)
    assert play_checking_hidden_info(cfg, seed, 2) > 0


def test_response_only_conversions_are_not_play_actions():
    """轻影 (闪) and 回春 (药 outside her/his turn) make nothing in the owner's own play phase: no
    skill action, and the black / red cards are not offered as 闪 / 药."""
    g = table({"hero": "zhaofeiyan", "hp": 2, "hand": ["Strike ♣9", "Dodge ♦2"]},
              {"hero": "bianque", "hp": 2}, {"hero": "bianque"}, {"hero": "zhaofeiyan"},
              autoplay=False)
    assert labels(g) == ["Strike ♣9", "pass"]
    g = table({"hero": "bianque", "hp": 2, "hand": ["Dodge ♦2"], "equip": ["Attack Horse ♥5"]},
              autoplay=False)
    assert labels(g) == ["pass", "skill Tend Wounds"]
