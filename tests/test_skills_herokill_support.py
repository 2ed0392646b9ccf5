"""Scenario tests for eight 英雄杀 heroes (pack ``herokill``, the 英雄杀 rules): 宋江 (疏财), 扁鹊
(回春, 疗伤), 陈圆圆 (红颜, 楚楚), 褒姒 (治愈, 烽火), 赵匡胤 (释权), 时迁 (飞贼, 神偷), 西施 (魅惑,
沉鱼), 赵飞燕 (玉步, 轻影); and random play with them.

Every test rigs a table with the 英雄杀 deck (its card names: 杀 Strike, 闪 Dodge, 药 Medicine,
烽火狼烟 Beacon Fire, 探囊取物 Pickpocket, 釜底抽薪 Remove the Firewood, 画地为牢 Drawn Prison
...), scripts each decision by its label and checks the exact mask (as a sorted list of labels).
Rule sources: the hero texts near the end of the 英雄杀 rules, rules/DECISIONS.md §2 (the deck
mapping) and §4, and docs/rules.md "Hero Kill heroes" for our choices.

Many of these skills run a standard skill's code (``skills.csv`` ``base``), some with a parameter:
疏财 = 仁德 (1: one heal a phase), 疗伤 = 青囊 (1), 红颜 = 离间 (1), 玉步 = 洛神 (1); the engine
asks by the base id (``H_DSKILL``), the log names the hero's own skill.

Seats of a 4-player table: 0 lord, 1 rebel, 2 loyalist, 3 renegade. Without horses or weapons
seats 1 and 3 are at distance 1 from seat 0, seat 2 at distance 2.
"""
import numpy as np
import pytest
from helpers import (
    asked,
    damage,
    discard_names,
    equip_names,
    event_args,
    expect,
    hand_names,
    skill_events,
    table4,
)

from heroes_env import Config, cards
from heroes_env.engine import constants as C
from heroes_env.engine import content, invariants
from heroes_env.engine.skills import ids as SK

# equipment usable in the play phase that no skill of these heroes converts (♥K: red, not ♦,
# not ♣, not black) keeps the owner's play decision open after the action under test
ANCHOR = "Defence Horse ♥K"


def table(*seats, **kw):
    kw.setdefault("deck", "herokill")
    return table4(*seats, **kw)


def labels(g):
    return sorted(g.legal_labels())




def drop_skill(g, seat, slot):
    """Take one skill off a seat (a hero with 神偷 but not 飞贼 does not exist)."""
    g.s[C.P_SK0 + slot * C.MAX_SEATS + seat] = 0
    g.invalidate()


# ================================================================ data
def test_hero_rows_follow_the_sources_csv():
    """HP, gender and faction from herokill_heroes_sources.csv; 君 heroes get 激将, 臣 heroes 护主,
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
    """The 英雄杀 names of the kinds these skills make (DECISIONS §2): 药 = 桃, 烽火狼烟 = 南蛮入侵,
    探囊取物 = 顺手牵羊, 釜底抽薪 = 过河拆桥, 画地为牢 = 乐不思蜀."""
    kinds = {c.name_zh: c.kind for c in cards.deck("herokill")}
    assert (kinds["药"], kinds["烽火狼烟"], kinds["探囊取物"], kinds["釜底抽薪"],
            kinds["画地为牢"]) == \
        (C.K_PEACH, C.K_SAVAGE, C.K_SNATCH, C.K_DISMANTLE, C.K_INDULGENCE)


# ================================================================ 宋江 疏财
@pytest.mark.parametrize("hero, healed", [("songjiang", 1), ("liubei", 2)])
def test_shucai_four_cards_heal_only_one(hero, healed, invariants):
    """疏财 (= 仁德 with parameter 1): giving two or more hand cards heals 1, and at most 1 a play
    phase: four cards heal 1 (仁德, the 三国杀 standard rules: every second card heals, so 2)."""
    g = table({"hero": hero, "hp": 1,
               "hand": ["Dodge ♦2", "Dodge ♦3", "Dodge ♦4", "Dodge ♦5", ANCHOR]})
    assert "skill " + ("Generosity" if hero == "songjiang" else "Benevolence") in g.legal_labels()
    g.play(g.legal_labels()[-1])
    asked(g, 0, C.DK_SKILL_TARGET, SK.SK_RENDE)
    assert labels(g) == ["target player_1", "target player_2", "target player_3"]
    g.play("target player_1")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_RENDE)
    assert labels(g) == sorted(["Dodge ♦2", "Dodge ♦3", "Dodge ♦4", "Dodge ♦5", ANCHOR])
    g.play("Dodge ♦2")
    assert g.hp(0) == 1
    assert labels(g) == sorted(["confirm", "Dodge ♦3", "Dodge ♦4", "Dodge ♦5", ANCHOR])
    g.play("Dodge ♦3")
    assert g.hp(0) == 2
    g.play("Dodge ♦4")
    g.play("Dodge ♦5")
    assert g.hp(0) == 1 + healed
    g.play("confirm")
    assert hand_names(g, 1) == ["Dodge ♦2", "Dodge ♦3", "Dodge ♦4", "Dodge ♦5"]
    assert event_args(g, C.EV_HEAL) == [(0, 1, 0)] * healed
    own = SK.SK_SHUCAI if hero == "songjiang" else SK.SK_RENDE
    assert skill_events(g, own) == [(0, own, 1)]
    expect(g, 0, C.DK_PLAY)
    invariants(g)


def test_shucai_counts_cards_across_activations_and_receivers():
    """疏财: the cards given in one play phase count together (one to each of two players heals 1);
    later gifts in that phase heal nothing more."""
    g = table({"hero": "songjiang", "hp": 2,
               "hand": ["Dodge ♦2", "Dodge ♦3", "Dodge ♦4", "Dodge ♦5", ANCHOR]})
    g.play("skill Generosity")
    g.play("target player_1")
    g.play("Dodge ♦2")
    g.play("confirm")
    assert g.hp(0) == 2
    g.play("skill Generosity")
    g.play("target player_2")
    g.play("Dodge ♦3")                    # the second card: heals 1
    assert g.hp(0) == 3
    g.play("confirm")
    g.play("skill Generosity")
    g.play("target player_3")
    g.play("Dodge ♦4")
    g.play("Dodge ♦5")                    # the fourth: nothing
    g.play("confirm")
    assert g.hp(0) == 3
    assert [len(g.hand(i)) for i in range(4)] == [1, 1, 1, 2]
    assert event_args(g, C.EV_HEAL) == [(0, 1, 0)]


# ================================================================ 扁鹊 回春
def test_huichun_red_hand_or_equipment_card_as_medicine_for_another_dying():
    """回春: outside his turn 扁鹊 may use a red card, hand or equipment, as 药 on a dying character
    (black cards are not offered)."""
    g = table({"hand": ["Strike ♠7", ANCHOR]},
              {"hp": 1},
              {},
              {"hero": "bianque", "hand": ["Dodge ♦2", "Strike ♠8"], "equip": ["Attack Horse ♥5"]})
    g.play("Strike ♠7")
    g.play("target player_1")
    expect(g, 3, C.DK_PEACH)
    assert labels(g) == ["Attack Horse ♥5", "Dodge ♦2", "pass"]
    g.play("Attack Horse ♥5")
    assert g.alive(1) and g.hp(1) == 1
    assert equip_names(g, 3) == [] and "Attack Horse ♥5" in discard_names(g)
    horse = [c for c in g.zone_cards(C.Z_DISCARD) if g.card_name(c) == "Attack Horse ♥5"][0]
    assert (3, horse, 1) in event_args(g, C.EV_USE)
    assert event_args(g, C.EV_HEAL)[-1] == (1, 1, 3)
    expect(g, 0, C.DK_PLAY)


def test_huichun_saves_himself_when_dying_outside_his_turn():
    """回春 on his own dying in another's turn: asked in seat order from the current player, he uses
    a red hand card as 药 on himself."""
    g = table({"hand": ["Strike ♠7", ANCHOR]},
              {"hero": "bianque", "hp": 1, "hand": ["Strike ♥10", "Strike ♠8"]})
    g.play("Strike ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_PEACH)
    assert labels(g) == ["Strike ♥10", "pass"]
    g.play("Strike ♥10")
    assert g.alive(1) and g.hp(1) == 1 and hand_names(g, 1) == ["Strike ♠8"]
    assert damage(g) == [(0, 1, 1)]
    expect(g, 0, C.DK_PLAY)


@pytest.mark.parametrize("medicine", [False, True])
def test_huichun_not_in_his_own_turn(medicine):
    """回春 works only outside his turn: when someone is dying in his turn his red cards are not
    药 (a real 药 still is), and the play phase offers no 回春."""
    hand = ["Strike ♠7", "Dodge ♦2"] + (["Medicine ♥3"] if medicine else [])
    g = table({"hero": "bianque", "hand": hand, "equip": ["Attack Horse ♥5"]},
              {"hp": 1}, autoplay=False)
    assert "skill Spring Revival" not in g.legal_labels()
    assert labels(g) == sorted(["pass", "Strike ♠7", "skill Tend Wounds"])
    g.play("Strike ♠7")
    g.play("target player_1")
    if medicine:
        expect(g, 0, C.DK_PEACH)
        assert labels(g) == ["Medicine ♥3", "pass"]
        g.play("pass")
    assert not g.alive(1)
    expect(g, 0, C.DK_PLAY)


# ================================================================ 扁鹊 疗伤
def test_liaoshang_hand_card_heals_any_wounded_character_once_per_phase(invariants):
    """疗伤 (= 青囊 with parameter 1): discard one hand card (not equipment), one wounded character
    at any distance recovers 1; once per play phase."""
    g = table({"hero": "bianque", "hand": ["Strike ♠7", "Dodge ♦2"], "equip": [ANCHOR]},
              {}, {"hp": 2}, {}, autoplay=False)
    g.play("skill Tend Wounds")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_QINGNANG)
    assert labels(g) == ["Dodge ♦2", "Strike ♠7"]
    g.play("Strike ♠7")
    asked(g, 0, C.DK_SKILL_TARGET, SK.SK_QINGNANG)
    assert labels(g) == ["target player_2"]            # he and the others are unhurt
    g.play("target player_2")
    assert g.hp(2) == 3 and discard_names(g) == ["Strike ♠7"]
    assert event_args(g, C.EV_HEAL) == [(2, 1, 0)]
    assert skill_events(g, SK.SK_LIAOSHANG) == [(0, SK.SK_LIAOSHANG, 2)]
    expect(g, 0, C.DK_PLAY)
    assert "skill Tend Wounds" not in g.legal_labels()     # player_2 is still wounded
    invariants(g)


def test_liaoshang_heals_himself_and_needs_a_hand_card_and_a_wounded_character():
    """疗伤 may heal 扁鹊 himself; it is not offered without a hand card (equipment does not
    count) or without a wounded character."""
    g = table({"hero": "bianque", "hp": 2, "hand": ["Dodge ♦2", ANCHOR]}, {"hp": 3},
              autoplay=False)
    g.play("skill Tend Wounds")
    g.play("Dodge ♦2")
    assert labels(g) == ["target player_0", "target player_1"]
    g.play("target player_0")
    assert g.hp(0) == 3
    g = table({"hero": "bianque", "hp": 2, "equip": [ANCHOR]}, autoplay=False)
    assert labels(g) == ["pass"]
    g = table({"hero": "bianque", "hand": ["Dodge ♦2"]}, autoplay=False)
    assert labels(g) == ["pass"]


# ================================================================ 陈圆圆 红颜
def _duel_table(hero):
    return table({"hero": hero, "hand": ["Strike ♠7", ANCHOR]},
                 {"gender": "male", "hand": ["Strike ♠8"]},
                 {"gender": "male", "hand": ["Cancel ♣Q"]},
                 {"gender": "male", "hand": ["Strike ♠9"]}, autoplay=False)


@pytest.mark.parametrize("hero, first_asked, dealt", [("chenyuanyuan", 3, (3, 1, 1)),
                                                      ("diaochan", 1, (1, 3, 1))])
def test_hongyan_first_chosen_male_plays_strike_first(hero, first_asked, dealt, invariants):
    """红颜 (= 离间 with parameter 1): discard a hand or equipped card, choose two males; the first
    chosen plays 杀 first (he is the 决斗's target, the second its user). 离间 (the 三国杀 standard
    rules, coded
    with the user chosen first) for contrast. No 无懈可击 window; once per play phase."""
    g = _duel_table(hero)
    own = SK.SK_HONGYAN if hero == "chenyuanyuan" else SK.SK_LIJIAN
    g.play("skill " + ("hongyan" if own == SK.SK_HONGYAN else "lijian"))
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_LIJIAN)
    assert labels(g) == sorted(["Strike ♠7", ANCHOR])
    g.play("Strike ♠7")
    asked(g, 0, C.DK_SKILL_TARGET, SK.SK_LIJIAN)
    assert labels(g) == ["target player_1", "target player_2", "target player_3"]
    g.play("target player_3")
    assert labels(g) == ["target player_1", "target player_2"]
    g.play("target player_1")
    expect(g, first_asked, C.DK_SLASH)                 # no 无懈可击 asked of player_2 first
    g.play("Strike ♠9" if first_asked == 3 else "Strike ♠8")
    expect(g, 4 - first_asked, C.DK_SLASH)
    g.play("pass")
    assert damage(g) == [dealt]
    assert skill_events(g, own) == [(0, own, -1)]
    expect(g, 0, C.DK_PLAY)
    assert labels(g) == sorted(["pass", ANCHOR])         # once per play phase
    invariants(g)


@pytest.mark.parametrize("hero", ["chenyuanyuan", "diaochan"])
def test_hongyan_guiyin_male_without_hand_cannot_be_the_first_choice(hero):
    """归隐 (= 空城): with no hand cards 刘伯温 cannot be a 决斗's target. Under 红颜 the target is
    the first male chosen, so he may only be the second; under 离间 only the first."""
    g = table({"hero": hero, "hand": ["Strike ♠7"]},
              {"gender": "male"}, {"gender": "male"}, {"hero": "liubowen"}, autoplay=False)
    g.play("skill " + ("hongyan" if hero == "chenyuanyuan" else "lijian"))
    g.play("Strike ♠7")
    first = ["target player_1", "target player_2"]
    first += ["target player_3"] if hero == "diaochan" else []
    assert labels(g) == first
    g.play("target player_1")
    second = ["target player_2"] + (["target player_3"] if hero == "chenyuanyuan" else [])
    assert labels(g) == second


def test_hongyan_needs_two_males_other_than_herself():
    """红颜 is not offered when fewer than two males could duel (陈圆圆 and 西施 are female)."""
    g = table({"hero": "chenyuanyuan", "hand": ["Strike ♠7", ANCHOR]},
              {"gender": "male"}, {"hero": "xishi"}, {"gender": "female"}, autoplay=False)
    assert labels(g) == sorted(["pass", "Strike ♠7", ANCHOR])


# ================================================================ 陈圆圆 楚楚
@pytest.mark.parametrize("answer", ["confirm", "pass"])
def test_chuchu_may_draw_one_at_the_end_of_her_turn(answer):
    """楚楚 (= 闭月): after her discard phase, at the end of the turn, she may draw one card."""
    g = table({"hero": "chenyuanyuan", "hand": ["Dodge ♦2"]},
              deck_top=["Medicine ♥3", "Strike ♠8", "Strike ♠9"], autoplay=False)
    g.play("pass")
    asked(g, 0, C.DK_CONFIRM, SK.SK_BIYUE)
    assert g.phase == C.PH_DISCARD and labels(g) == ["confirm", "pass"]
    g.play(answer)
    if answer == "confirm":
        assert hand_names(g, 0) == ["Dodge ♦2", "Medicine ♥3"]
        assert skill_events(g, SK.SK_CHUCHU) == [(0, SK.SK_CHUCHU, -1)]
        assert hand_names(g, 1) == ["Strike ♠8", "Strike ♠9"]
    else:
        assert hand_names(g, 0) == ["Dodge ♦2"]
        assert hand_names(g, 1) == ["Medicine ♥3", "Strike ♠8"]
    expect(g, 1, C.DK_PLAY)


# ================================================================ 褒姒 治愈, 烽火
def test_zhiyu_two_hand_cards_heal_her_and_a_wounded_male(invariants):
    """治愈 (= 结姻): discard two hand cards, choose a wounded male; both recover 1; once a
    phase."""
    g = table({"hero": "baosi", "hp": 2, "hand": ["Strike ♠7", "Dodge ♦2", "Strike ♠8"],
               "equip": [ANCHOR]},
              {"gender": "male", "hp": 3}, {"gender": "female", "hp": 3}, {"gender": "male"},
              autoplay=False)
    g.play("skill Healing Bond")
    asked(g, 0, C.DK_SKILL_TARGET, SK.SK_JIEYIN)
    assert labels(g) == ["target player_1"]
    g.play("target player_1")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_JIEYIN)
    assert labels(g) == ["Dodge ♦2", "Strike ♠7", "Strike ♠8"]
    g.play("Strike ♠7")
    g.play("Dodge ♦2")
    assert (g.hp(0), g.hp(1)) == (3, 4)
    assert discard_names(g) == ["Dodge ♦2", "Strike ♠7"]
    assert skill_events(g, SK.SK_ZHIYU) == [(0, SK.SK_ZHIYU, 1)]
    expect(g, 0, C.DK_PLAY)
    assert "skill Healing Bond" not in g.legal_labels()
    invariants(g)


def test_fenghuo_last_equipped_card_as_beacon_fire(invariants):
    """烽火: in her play phase an equipped card (not a hand card) may be used as 烽火狼烟 (=
    南蛮入侵): every other character in turn plays a 杀 or takes 1 damage. With her last equipped
    card gone the skill is no longer offered."""
    g = table({"hero": "baosi", "hand": ["Strike ♠7", "Attack Horse ♥5"], "equip": [ANCHOR]},
              {"hand": ["Strike ♠8"]}, {}, {"hand": ["Dodge ♦2"]}, autoplay=False)
    assert labels(g) == sorted(["pass", "Strike ♠7", "Attack Horse ♥5", "skill Beacon Fires"])
    g.play("skill Beacon Fires")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_FENGHUO)
    assert labels(g) == [ANCHOR]                       # the horse in hand is no equipped card
    g.play(ANCHOR)
    expect(g, 1, C.DK_SLASH)
    assert labels(g) == ["Strike ♠8", "pass"]
    g.play("Strike ♠8")
    assert damage(g) == [(0, 2, 1), (0, 3, 1)]         # player_3's 闪 does not answer it
    assert equip_names(g, 0) == [] and ANCHOR in discard_names(g)
    use = [e for e in event_args(g, C.EV_USE) if e[0] == 0]
    assert len(use) == 1 and g.card_name(use[0][1]) == ANCHOR
    assert skill_events(g, SK.SK_FENGHUO) == [(0, SK.SK_FENGHUO, -1)]
    expect(g, 0, C.DK_PLAY)
    assert labels(g) == sorted(["pass", "Strike ♠7", "Attack Horse ♥5"])
    invariants(g)


def test_fenghuo_beacon_fire_may_be_cancelled_per_target():
    """烽火 makes a real 烽火狼烟: 无懈可击 may cancel it for one target."""
    g = table({"hero": "baosi", "equip": ["Tiger Tally ♣A", ANCHOR]},
              {}, {"hand": ["Cancel ♣Q"]}, {}, autoplay=False)
    g.play("skill Beacon Fires")
    assert labels(g) == sorted(["Tiger Tally ♣A", ANCHOR])
    g.play("Tiger Tally ♣A")
    expect(g, 2, C.DK_NULLIFY)                         # for player_1
    g.play("pass")
    expect(g, 2, C.DK_NULLIFY)                         # for player_2 himself
    g.play("Cancel ♣Q")
    assert damage(g) == [(0, 1, 1), (0, 3, 1)]
    expect(g, 0, C.DK_PLAY)
    assert labels(g) == sorted(["pass", "skill Beacon Fires"])


# ================================================================ 赵匡胤 释权
def test_shiquan_black_card_as_remove_the_firewood_at_any_distance(invariants):
    """释权 (= 奇袭): a black hand or equipped card may be used as 釜底抽薪 (= 过河拆桥, any
    distance): the target loses a card of the user's choice."""
    g = table({"hero": "zhaokuangyin", "hand": ["Strike ♠7", "Dodge ♦2"],
               "equip": ["Tiger Tally ♣A"]},
              {}, {"hand": ["Medicine ♥3"], "equip": ["Jade Ruyi ♠2"]}, {}, autoplay=False)
    g.play("skill Release Power")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_QIXI)
    assert labels(g) == ["Strike ♠7", "Tiger Tally ♣A"]
    g.play("Tiger Tally ♣A")
    expect(g, 0, C.DK_TARGET)
    assert int(g.s[C.DX_TARGET_KIND]) == C.K_DISMANTLE
    assert labels(g) == ["target player_2"]            # the only one with cards, at distance 2
    g.play("target player_2")
    expect(g, 0, C.DK_PICK)
    assert labels(g) == ["Jade Ruyi ♠2", "a hand card"]
    g.play("Jade Ruyi ♠2")
    assert equip_names(g, 2) == [] and equip_names(g, 0) == []
    assert discard_names(g) == ["Jade Ruyi ♠2", "Tiger Tally ♣A"]
    assert skill_events(g, SK.SK_SHIQUAN) == [(0, SK.SK_SHIQUAN, -1)]
    expect(g, 0, C.DK_PLAY)
    invariants(g)


# ================================================================ 时迁 神偷, 飞贼
def test_shentou_club_hand_card_as_pickpocket_at_any_distance_with_feizei(invariants):
    """神偷: a ♣ hand card (not ♣ equipment, not ♠) may be used as 探囊取物 (= 顺手牵羊); with 飞贼
    (= 奇才) it reaches a character at distance 2 (and one behind a 防御马)."""
    g = table({"hero": "shiqian", "hand": ["Strike ♣2", "Strike ♠7", "Dodge ♦2"],
               "equip": ["Defence Horse ♣5"]},
              {"hand": ["Medicine ♥3"], "equip": [ANCHOR]}, {"hand": ["Dodge ♦3"]}, {},
              autoplay=False)
    assert "skill Master Thief" in g.legal_labels()
    g.play("skill Master Thief")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_SHENTOU)
    assert labels(g) == ["Strike ♣2"]
    g.play("Strike ♣2")
    expect(g, 0, C.DK_TARGET)
    assert int(g.s[C.DX_TARGET_KIND]) == C.K_SNATCH
    assert labels(g) == ["target player_1", "target player_2"]     # player_3 has no card
    g.play("target player_2")
    expect(g, 0, C.DK_PICK)
    g.play("a hand card")
    assert hand_names(g, 0) == ["Dodge ♦2", "Dodge ♦3", "Strike ♠7"]
    assert hand_names(g, 2) == [] and discard_names(g) == ["Strike ♣2"]
    assert skill_events(g, SK.SK_SHENTOU) == [(0, SK.SK_SHENTOU, -1)]
    expect(g, 0, C.DK_PLAY)
    invariants(g)


def test_shentou_without_feizei_keeps_the_distance_of_one():
    """神偷 alone (飞贼 taken off): its 探囊取物 reaches only characters at distance 1, so a target
    behind a 防御马 or at distance 2 is not offered; with nobody in reach the skill is not
    offered."""
    g = table({"hero": "shiqian", "hand": ["Strike ♣2", "Pickpocket ♦3"]},
              {"hand": ["Medicine ♥3"], "equip": [ANCHOR]}, {"hand": ["Dodge ♦3"]},
              {"hand": ["Dodge ♦4"]}, autoplay=False)
    drop_skill(g, 0, 0)
    g.play("skill Master Thief")
    g.play("Strike ♣2")
    assert labels(g) == ["target player_3"]
    g = table({"hero": "shiqian", "hand": ["Strike ♣2", "Pickpocket ♦3"]},
              {"hand": ["Medicine ♥3"], "equip": [ANCHOR]}, {"hand": ["Dodge ♦3"]}, {},
              autoplay=False)
    assert labels(g) == ["Pickpocket ♦3", "Strike ♣2", "pass", "skill Master Thief"]
    drop_skill(g, 0, 0)
    assert labels(g) == ["Strike ♣2", "pass"]          # (a 杀 on player_3 stays possible)


def test_feizei_real_pickpocket_ignores_distance():
    """飞贼 (= 奇才): his own 探囊取物 has no distance limit either."""
    g = table({"hero": "shiqian", "hand": ["Pickpocket ♦3"]},
              {}, {"hand": ["Dodge ♦3"]}, {}, autoplay=False)
    g.play("Pickpocket ♦3")
    assert labels(g) == ["target player_2"]


# ================================================================ 西施 魅惑, 沉鱼
def test_meihuo_diamond_card_as_drawn_prison(invariants):
    """魅惑 (= 国色): a ♦ hand or equipped card may be used as 画地为牢 (= 乐不思蜀) on another
    character at any distance."""
    g = table({"hero": "xishi", "hand": ["Dodge ♦2", "Strike ♠7"], "equip": ["Attack Horse ♦K"]},
              {}, {}, {"judge": ["Drawn Prison ♠6"]}, autoplay=False)
    g.play("skill Enchantment")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_GUOSE)
    assert labels(g) == ["Attack Horse ♦K", "Dodge ♦2"]
    g.play("Attack Horse ♦K")
    expect(g, 0, C.DK_TARGET)
    assert labels(g) == ["target player_1", "target player_2"]     # player_3 already has one
    g.play("target player_2")
    c = [x for x in g.judgement_zone(2)]
    assert len(c) == 1 and g.card_name(c[0]) == "Attack Horse ♦K"
    assert g.s[C.C_AS + c[0]] == C.K_INDULGENCE
    assert skill_events(g, SK.SK_MEIHUO) == [(0, SK.SK_MEIHUO, -1)]
    invariants(g)


def test_chenyu_passes_a_strike_to_someone_in_her_range_not_its_user():
    """沉鱼 (= 流离): targeted by a 杀 she may discard a card to pass it to a character in her
    attack range other than its user."""
    g = table({"hand": ["Strike ♠7", ANCHOR]},
              {"hero": "xishi", "hand": ["Medicine ♥3"], "equip": ["Tiger Tally ♣A"]}, {}, {},
              autoplay=False)
    g.play("Strike ♠7")
    g.play("target player_1")
    asked(g, 1, C.DK_SKILL_CARD, SK.SK_LIULI)
    assert labels(g) == ["Medicine ♥3", "Tiger Tally ♣A", "pass"]
    g.play("Tiger Tally ♣A")
    asked(g, 1, C.DK_SKILL_TARGET, SK.SK_LIULI)
    assert labels(g) == ["target player_2"]            # player_0 is the user, player_3 too far
    g.play("target player_2")
    assert damage(g) == [(0, 2, 1)] and g.hp(1) == 3
    assert skill_events(g, SK.SK_CHENYU) == [(1, SK.SK_CHENYU, 2)]


# ================================================================ 赵飞燕 玉步, 轻影
@pytest.mark.parametrize("hero", ["zhaofeiyan", "zhenji"])
def test_yubu_judges_before_the_draw_phase_not_at_the_start(hero, invariants):
    """玉步 (= 洛神 with parameter 1): "摸牌阶段前" — after the judge phase, before drawing (洛神:
    at the start of the turn). Black judgement cards go to her hand; she may go on until a red."""
    g = table({}, {}, {}, {"hero": hero, "judge": ["Drawn Prison ♠6"], "hand": [ANCHOR]},
              current=3, phase="start",
              deck_top=["Medicine ♥3", "Strike ♠8", "Dodge ♦2", "Strike ♠9", "Strike ♠10"],
              autoplay=False)
    if hero == "zhenji":
        asked(g, 3, C.DK_CONFIRM, SK.SK_LUOSHEN)
        assert g.phase == C.PH_START
        g.play("pass")
        expect(g, 3, C.DK_PLAY)                        # not asked again before the draw
        assert hand_names(g, 3) == sorted([ANCHOR, "Strike ♠8", "Dodge ♦2"])
        return
    asked(g, 3, C.DK_CONFIRM, SK.SK_LUOSHEN)
    assert g.phase == C.PH_DRAW
    assert "Medicine ♥3" in discard_names(g)           # 画地为牢 was judged first (♥: no effect)
    assert labels(g) == ["confirm", "pass"]
    g.play("confirm")
    asked(g, 3, C.DK_CONFIRM, SK.SK_LUOSHEN)
    assert hand_names(g, 3) == sorted([ANCHOR, "Strike ♠8"])
    g.play("confirm")
    expect(g, 3, C.DK_PLAY)                           # ♦2 red: over; then she drew two
    assert hand_names(g, 3) == sorted([ANCHOR, "Strike ♠8", "Strike ♠9", "Strike ♠10"])
    assert "Dodge ♦2" in discard_names(g)
    assert skill_events(g, SK.SK_YUBU) == [(3, SK.SK_YUBU, -1)] * 2
    invariants(g)


def test_qingying_black_hand_card_as_dodge_used_and_played():
    """轻影 (= 倾国): a black hand card (not equipment, not red) is used as 闪 against 杀 and played
    as 闪 against 万箭齐发."""
    g = table({"hand": ["Strike ♠7", "Arrow Barrage ♥A", ANCHOR]},
              {"hero": "zhaofeiyan", "hand": ["Strike ♠8", "Strike ♣9", "Medicine ♥3"],
               "equip": ["Tiger Tally ♣A"]}, {}, {}, autoplay=False)
    g.play("Strike ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    assert labels(g) == ["Strike ♠8", "Strike ♣9", "pass"]
    g.play("Strike ♠8")
    assert damage(g) == []
    g.play("Arrow Barrage ♥A")
    expect(g, 1, C.DK_JINK)
    assert labels(g) == ["Strike ♣9", "pass"]
    g.play("Strike ♣9")
    assert damage(g) == [(0, 2, 1), (0, 3, 1)]
    assert hand_names(g, 1) == ["Medicine ♥3"]


# ================================================================ random play
LINEUPS = [
    ["zhaokuangyin", "baosi", "zhaofeiyan", "songjiang", "xishi", "bianque", "chenyuanyuan",
     "shiqian"],
    ["baosi", "bianque", "shiqian", "xishi", "songjiang"],
    ["zhaofeiyan", "chenyuanyuan", "songjiang", "zhaokuangyin", "bianque", "xishi"],
]


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


def test_huichun_not_for_himself_dying_in_his_own_turn():
    """回春 on his own dying in his own turn: not offered (his red hand and equipped cards are no
    药 then); the others are still asked for a real 药."""
    g = table({"hand": ["Strike ♠7"]},
              {"hero": "bianque", "hp": 1, "hand": ["Duel ♠A", "Dodge ♦2"],
               "equip": ["Attack Horse ♥5"]},
              {"hand": ["Medicine ♥3"]}, {}, current=1, autoplay=False)
    g.play("Duel ♠A")
    g.play("target player_0")
    expect(g, 0, C.DK_SLASH)
    g.play("Strike ♠7")
    expect(g, 2, C.DK_PEACH)                          # not player_1 himself, first in the order
    assert labels(g) == ["Medicine ♥3", "pass"]
    g.play("pass")
    assert not g.alive(1) and damage(g) == [(0, 1, 1)]
