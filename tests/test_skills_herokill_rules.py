"""Scenario tests for 英雄杀 (pack ``herokill``, the 英雄杀 rules): the 民 lord's 救援, the seed's
clarifications of the 君/臣 lord skills (激将 with 臣 helpers, 护主 with 民 helpers), the heroes
李世民, 勾践, 项羽, 武松, 鲁智深, 慕容, the alias heroes 陈胜, 刘伯温, 岳飞, 杨延昭, 澹台名, and the
herokill draft.

Every test rigs a table with ``heroes_env.scenario.build`` (deck ``herokill``), scripts each
decision by its label and checks one rule. Seats in a 4-player table: 0 lord, 1 rebel, 2 loyalist,
3 renegade unless a test says otherwise; without horses seats 1 and 3 are at distance 1 from seat
0, seat 2 at distance 2. The lord of a 4-player table gets no extra HP.
"""
import numpy as np
import pytest
from conftest import check_invariants
from helpers import damage, discard_names, event_args, expect, hand_names
from test_hidden_info import play_checking_hidden_info
from test_random_play import play_fully_checked

from heroes_env import Config, Game
from heroes_env.engine import constants as C
from heroes_env.engine import content, invariants
from heroes_env.engine.skills import registry
from heroes_env.engine.skills.ids import (
    SK_DIEHUN,
    SK_DILI,
    SK_JIJIANG_HK,
    SK_JIUYUAN_HK,
    SK_TUQIANG,
    SK_ZUIJIU,
)
from heroes_env.scenario import build

HK = "herokill"
# a black +1 horse: always usable in the play phase, no skill here converts it; keeps a player in
# its play phase
ANCHOR = "defensive_horse ♣5"
A = "Defence Horse ♣5"
ROLES = ("lord", "rebel", "loyalist", "renegade", "rebel", "rebel", "loyalist", "rebel")


def table(*ds, **kw):
    """build() a table of len(ds) seats on the herokill deck; roles by position."""
    seats = []
    for i, d in enumerate(ds):
        d = dict(d)
        d.setdefault("role", ROLES[i])
        seats.append(d)
    kw.setdefault("deck", HK)
    return build(seats, **kw)


def skill_events(g, sk):
    return [e for e in event_args(g, C.EV_SKILL) if e[1] == sk]


def heals(g):
    return event_args(g, C.EV_HEAL)


# ====================================================================== hero data
def test_new_herokill_heroes_hp_gender_faction_and_skills():
    """HP, gender and faction from herokill_heroes_sources.csv; every hero lists its faction's lord
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


def test_kuangchan_lord_gets_no_hp_bonus_with_five_players():
    """狂禅: as lord of a 5-player game 鲁智深 keeps 4 max HP; 武松 as lord gets the usual +1."""
    g = table({"hero": "luzhishen"}, {}, {}, {}, {})
    assert (g.hp(0), g.max_hp(0)) == (4, 4)
    assert g.skills(0) == ["dili", "kuangchan", "jiuyuan_hk"]
    g = table({"hero": "wusong"}, {"hero": "luzhishen"}, {}, {}, {})
    assert (g.hp(0), g.max_hp(0)) == (5, 5) and g.max_hp(1) == 4
    g = Game.new(Config(num_players=5, pack=HK, hero_selection=[
        "luzhishen", "wusong", "xiangyu", "goujian", "murong"]), seed=1)
    assert g.max_hp(0) == 4 and g.max_hp(3) == 3


# ====================================================================== 救援 (民 lord)
def _rescue_table(helper, helper_hand=("medicine ♥3",)):
    """Lord 武松 (1 HP) is hit by player_3's 杀 and is dying; helper (seat 3) holds 药."""
    return table({"hero": "wusong", "hp": 1}, {}, {},
                 {"hero": helper, "hand": ["slash ♠7", *helper_hand, ANCHOR]}, current=3)


def _kill_lord(g):
    g.play("Strike ♠7")
    g.play("target player_0")
    expect(g, 3, C.DK_PEACH)


def test_jiuyuan_hk_jun_medicine_heals_two_while_dying():
    """救援: a 君 character's 药 on the dying 民 lord heals 1 extra: from 0 HP to 2."""
    g = _rescue_table("lishimin")
    _kill_lord(g)
    assert g.hp(0) == 0
    g.play("Medicine ♥3")
    assert g.hp(0) == 2 and g.alive(0)
    assert heals(g) == [(0, 2, 3)]
    assert skill_events(g, SK_JIUYUAN_HK) == [(0, SK_JIUYUAN_HK, 3)]
    expect(g, 3, C.DK_PLAY)


def test_jiuyuan_hk_no_extra_from_a_chen_character_or_from_himself():
    """救援: a 臣 character's 药 heals only 1; so does the lord's own 药 (he is 民)."""
    g = _rescue_table("yuefei")
    _kill_lord(g)
    g.play("Medicine ♥3")
    assert g.hp(0) == 1 and heals(g) == [(0, 1, 3)]
    assert skill_events(g, SK_JIUYUAN_HK) == []
    g = table({"hero": "wusong", "hp": 1, "hand": ["medicine ♥4"]}, {}, {},
              {"hero": "lishimin", "hand": ["slash ♠7", ANCHOR]}, current=3)
    _kill_lord_self(g)
    g.play("Medicine ♥4")
    assert g.hp(0) == 1 and heals(g) == [(0, 1, 0)]


def _kill_lord_self(g):
    g.play("Strike ♠7")
    g.play("target player_0")
    expect(g, 0, C.DK_PEACH)


def test_jiuyuan_hk_only_for_the_lord_and_never_above_max_hp():
    """救援 is a lord skill: a non-lord 武松 gets 1 from a 君's 药. The extra point never goes
    above the lord's max HP."""
    g = table({"hero": "lishimin", "hand": ["medicine ♥3"]}, {"hero": "wusong", "hp": 1},
              {"hand": ["slash ♠7", ANCHOR]}, {}, current=2)
    g.play("Strike ♠7")
    g.play("target player_1")
    expect(g, 0, C.DK_PEACH)
    g.play("Medicine ♥3")
    assert g.hp(1) == 1 and heals(g) == [(1, 1, 0)]
    # max HP cap: lord 武松 with max HP 1 (rigged) healed by a 君 goes to 1, not 2
    g = table({"hero": "wusong", "hp": 1, "max_hp": 1}, {}, {},
              {"hero": "xiangyu", "hand": ["slash ♠7", "medicine ♥3", ANCHOR]}, current=3)
    g.play("Strike ♠7")
    g.play("target player_0")
    expect(g, 3, C.DK_PEACH)
    g.play("Medicine ♥3")
    assert g.hp(0) == 1 and heals(g) == [(0, 1, 3)]


def test_jiuyuan_hk_extra_only_while_dying():
    """救援 only changes 药 used on the dying lord: outside dying, a 君's 药 is his own (and
    heals only himself, by 1)."""
    g = table({"hero": "wusong", "hp": 2}, {}, {},
              {"hero": "lishimin", "hp": 2, "hand": ["medicine ♥3", ANCHOR]}, current=3)
    assert "Medicine ♥3" in g.legal_labels()
    g.play("Medicine ♥3")
    assert g.hp(3) == 3 and g.hp(0) == 2 and heals(g) == [(3, 1, 3)]
    assert skill_events(g, SK_JIUYUAN_HK) == []


# ====================================================================== 控局 (李世民)
def test_kongju_hand_limit_is_max_hp_four_cards_two_hp():
    """控局: 李世民 with 2 HP (max 4) keeps 4 hand cards in his discard phase; with 5 he discards
    one (down to his max HP, not his HP)."""
    hand = ["jink ♦2", "jink ♦3", "jink ♦4", "jink ♦5"]
    g = table({}, {"hero": "lishimin", "hp": 2, "hand": hand}, {}, {}, current=1, phase="discard")
    assert len(g.hand(1)) == 4 and g.current == 2
    g = table({}, {"hero": "lishimin", "hp": 2, "hand": hand + ["jink ♦6"]}, {}, {}, current=1,
              phase="discard")
    expect(g, 1, C.DK_DISCARD)
    g.play("Dodge ♦6")
    assert len(g.hand(1)) == 4 and g.current == 2
    # the same table without 控局 keeps only 2 (his HP)
    g = table({}, {"hero": "xiangyu", "hp": 2, "hand": hand}, {}, {}, current=1, phase="discard")
    expect(g, 1, C.DK_DISCARD)


def test_kongju_no_pickpocket_or_undermine_while_hand_below_max_hp():
    """控局: while 李世民's hand is smaller than his max HP he cannot be targeted by 探囊取物 or
    釜底抽薪; with a hand of his max HP he can."""
    three = ["jink ♦2", "jink ♦3", "jink ♦4"]
    g = table({"hero": "lishimin", "hand": three},
              {"hand": ["pickpocket ♠3", "undermine ♠4", ANCHOR]},
              {"hand": ["slash ♠7"]}, {}, current=1, autoplay=False)
    g.play("Pickpocket ♠3")
    assert g.legal_labels() == ["target player_2"]
    g = table({"hero": "lishimin", "hand": three}, {"hand": ["undermine ♠4", ANCHOR]},
              {"hand": ["slash ♠7"]}, {}, current=1, autoplay=False)
    g.play("Remove the Firewood ♠4")
    assert g.legal_labels() == ["target player_2"]
    g = table({"hero": "lishimin", "hand": three + ["jink ♦5"]},
              {"hand": ["pickpocket ♠3", "undermine ♠4", ANCHOR]}, {"hand": ["slash ♠7"]}, {},
              current=1, autoplay=False)
    g.play("Pickpocket ♠3")
    assert g.legal_labels() == ["target player_2", "target player_0"]
    g.play("target player_0")
    g.play("a hand card")
    g.play("Remove the Firewood ♠4")           # now 3 cards: not a target any more
    assert g.legal_labels() == ["target player_2"]


def test_kongju_no_prison_while_hand_above_max_hp():
    """控局: while 李世民's hand is larger than his max HP he cannot be targeted by 画地为牢; with
    a hand of his max HP (or fewer) he can."""
    four = ["jink ♦2", "jink ♦3", "jink ♦4", "jink ♦5"]
    g = table({"hero": "lishimin", "hand": four + ["jink ♦6"]}, {"hand": ["prison ♣6", ANCHOR]},
              {}, {}, current=1)
    g.play("Drawn Prison ♣6")
    assert "target player_0" not in g.legal_labels() and "target player_2" in g.legal_labels()
    g = table({"hero": "lishimin", "hand": four}, {"hand": ["prison ♣6", ANCHOR]}, {}, {},
              current=1)
    g.play("Drawn Prison ♣6")
    assert "target player_0" in g.legal_labels()


# ====================================================================== 隐忍 / 图强 (勾践)
def test_yinren_played_slash_in_a_duel_does_not_count():
    """隐忍: only a 杀 he *used* on others in his play phase counts. 勾践 who only played a 杀
    answering his own 决斗 skips the discard phase (克己 of 吕蒙 would not)."""
    hand = ["duel ♠A", "slash ♠7", ANCHOR, "jink ♦2", "jink ♦3", "jink ♦4"]
    for hero, skips in (("goujian", True), ("lvmeng", False)):
        g = table({}, {"hero": hero, "hp": 3, "max_hp": 3, "hand": hand},
                  {"hand": ["slash ♠8"]}, {}, current=1)
        g.play("Duel ♠A")
        g.play("target player_2")
        g.play("Strike ♠8")
        expect(g, 1, C.DK_SLASH)
        g.play("Strike ♠7")
        assert damage(g) == [(1, 2, 1)]
        expect(g, 1, C.DK_PLAY)
        g.play("pass")
        if skips:
            assert len(g.hand(1)) == 4 and g.current == 2, hero
        else:
            expect(g, 1, C.DK_DISCARD)


def test_yinren_used_slash_counts():
    """隐忍: a 杀 used on another player in his play phase: the discard phase comes as usual."""
    g = table({}, {"hero": "goujian", "hand": ["slash ♠7", ANCHOR, "jink ♦2", "jink ♦3",
                                                "jink ♦4"]}, {}, {}, current=1)
    g.play("Strike ♠7")
    g.play("target player_2")
    g.play("pass")
    expect(g, 1, C.DK_DISCARD)
    g = table({}, {"hero": "goujian", "hand": [ANCHOR, "jink ♦2", "jink ♦3", "jink ♦4", "jink ♦5"]},
              {}, {}, current=1)
    g.play("pass")
    assert len(g.hand(1)) == 5 and g.current == 2


def test_tuqiang_draws_after_each_jink_outside_his_turn():
    """图强: outside his turn, every 闪 勾践 uses or plays draws him a card (a 闪 from 玉如意
    too)."""
    g = table({"hand": ["slash ♠7", "archery_attack ♥A", ANCHOR]},
              {"hero": "goujian", "hand": ["jink ♦2", "jink ♦3"]}, {}, {},
              deck_top=["slash ♠8", "slash ♠9"])
    g.play("Strike ♠7")
    g.play("target player_1")
    g.play("Dodge ♦2")
    assert hand_names(g, 1) == ["Dodge ♦3", "Strike ♠8"]
    g.play("Arrow Barrage ♥A")
    g.play("Dodge ♦3")
    assert hand_names(g, 1) == ["Strike ♠8", "Strike ♠9"]
    assert skill_events(g, SK_TUQIANG) == [(1, SK_TUQIANG, -1)] * 2
    # 玉如意: a red judgement is a 闪 he plays
    g = table({"hand": ["slash ♠7", ANCHOR]}, {"hero": "goujian", "equip": ["ruyi ♣2"]}, {}, {},
              deck_top=["medicine ♥3", "slash ♠8"])
    g.play("Strike ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    g.play("Jade Ruyi ♣2")
    assert damage(g) == [] and hand_names(g, 1) == ["Strike ♠8"]


def test_tuqiang_not_in_his_own_turn():
    """图强 is outside his turn only: a 闪 against the 杀 his own 借刀杀人 forced draws nothing."""
    g = table({}, {"hero": "goujian", "hand": ["collateral ♣Q", "jink ♦2", ANCHOR]},
              {"hand": ["slash ♠7"], "equip": ["panlong_staff"]}, {}, current=1,
              deck_top=["slash ♠8"])
    g.play("Borrowed Sword ♣Q")          # player_2 holds the only weapon: chosen by itself
    g.play("target player_1")
    expect(g, 2, C.DK_SLASH)
    g.play("Strike ♠7")
    expect(g, 1, C.DK_JINK)
    g.play("Dodge ♦2")
    assert hand_names(g, 1) == [A]
    assert skill_events(g, SK_TUQIANG) == []


# ====================================================================== 霸王 (项羽)
def test_bawang_slash_needs_two_jinks():
    """霸王 = 无双: a 杀 of 项羽 needs two 闪."""
    g = table({}, {"hero": "xiangyu", "hand": ["slash ♠7", ANCHOR]},
              {"hand": ["jink ♦2", "jink ♦3"]}, {}, current=1)
    g.play("Strike ♠7")
    g.play("target player_2")
    g.play("Dodge ♦2")
    expect(g, 2, C.DK_JINK)
    g.play("Dodge ♦3")
    assert damage(g) == []
    g = table({}, {"hero": "xiangyu", "hand": ["slash ♠7", ANCHOR]}, {"hand": ["jink ♦2"]}, {},
              current=1)
    g.play("Strike ♠7")
    g.play("target player_2")
    g.play("Dodge ♦2")
    assert damage(g) == [(1, 2, 1)]


def test_bawang_duel_opponent_needs_two_slashes_each_time():
    """霸王: in a 决斗 项羽 used, his opponent plays two 杀 each time, 项羽 one."""
    g = table({}, {"hero": "xiangyu", "hand": ["duel ♠A", "slash ♠10", ANCHOR]},
              {"hand": ["slash ♠7", "slash ♠8", "slash ♠9"]}, {}, current=1)
    g.play("Duel ♠A")
    g.play("target player_2")
    g.play("Strike ♠7")
    expect(g, 2, C.DK_SLASH)            # the second 杀 of the same turn
    g.play("Strike ♠8")
    expect(g, 1, C.DK_SLASH)
    g.play("Strike ♠10")
    expect(g, 2, C.DK_SLASH)
    g.play("Strike ♠9")                 # one of two: not enough
    assert damage(g) == [(1, 2, 1)]
    assert g.hand(2) == []


def test_bawang_duel_used_on_him():
    """霸王 also binds a 决斗 used on 项羽: he answers with one 杀, the user must answer with
    two."""
    g = table({}, {"hero": "xiangyu", "hand": ["slash ♠10", "slash ♣10"]},
              {"hand": ["duel ♠A", "slash ♠7", ANCHOR]}, {}, current=2)
    g.play("Duel ♠A")
    g.play("target player_1")
    expect(g, 1, C.DK_SLASH)
    g.play("Strike ♠10")
    expect(g, 2, C.DK_SLASH)
    g.play("Strike ♠7")
    assert damage(g) == [(1, 2, 1)]     # no second 杀: 项羽 wins
    assert hand_names(g, 1) == ["Strike ♣10"]


def test_wushuang_of_lvbu_asks_two_slashes_in_duels_as_bawang():
    """吕布's 无双 (parameter 2, like 霸王): his 决斗 opponent plays two 杀 each time
    (TRUSTED_ENGINES §2.7); one 杀 alone loses."""
    g = table({}, {"hero": "lvbu", "hand": ["duel ♠A", ANCHOR]},
              {"hand": ["slash ♠7", "slash ♠8"]}, {}, current=1)
    g.play("Duel ♠A")
    g.play("target player_2")
    g.play("Strike ♠7")
    expect(g, 2, C.DK_SLASH)
    g.play("pass")
    assert damage(g) == [(1, 2, 1)]
    assert hand_names(g, 2) == ["Strike ♠8"]


# ====================================================================== 醉酒 (武松)
def _drunk(confirm, hand, **kw):
    g = table({}, {"hero": "wusong", "hand": hand}, *kw.pop("others", ({}, {})), current=1,
              phase="draw", deck_top=["jink ♦2", "jink ♦3", "jink ♦4"], **kw)
    expect(g, 1, C.DK_CONFIRM)
    g.play("confirm" if confirm else "pass")
    return g


def test_zuijiu_draw_one_then_slash_deals_two():
    """醉酒: drawing only one card, his 杀 deals 2 damage this turn; the mark is public (OS_MARK
    bit 5) and gone once his turn is over."""
    g = _drunk(True, ["slash ♠7", ANCHOR])
    assert hand_names(g, 1) == [A, "Dodge ♦2", "Strike ♠7"]
    assert int(g.s[C.P_MARK + 1]) == C.MK_ZUIJIU
    assert g.observe(0)[C.OBS_SEATS + 1 * C.SEAT_OBS + C.OS_MARK + 5] == 1
    assert skill_events(g, SK_ZUIJIU) == [(1, SK_ZUIJIU, -1)]
    g.play("Strike ♠7")
    g.play("target player_2")
    assert damage(g) == [(1, 2, 2)] and g.hp(2) == 2
    g.play("pass")
    assert g.current != 1 and int(g.s[C.P_MARK + 1]) == 0


def test_zuijiu_declined_draws_two_and_deals_one():
    g = _drunk(False, ["slash ♠7", ANCHOR])
    assert hand_names(g, 1) == [A, "Dodge ♦2", "Dodge ♦3", "Strike ♠7"]
    assert int(g.s[C.P_MARK + 1]) == 0
    g.play("Strike ♠7")
    g.play("target player_2")
    assert damage(g) == [(1, 2, 1)]


def test_zuijiu_duel_deals_two_only_when_he_wins():
    """醉酒: a 决斗 he used deals 2 when he wins; losing it he takes the usual 1."""
    g = _drunk(True, ["duel ♠A", ANCHOR])
    g.play("Duel ♠A")
    g.play("target player_2")
    assert damage(g) == [(1, 2, 2)]
    g = _drunk(True, ["duel ♠A", ANCHOR], others=({"hand": ["slash ♠7"]}, {}))
    g.play("Duel ♠A")
    g.play("target player_2")
    g.play("Strike ♠7")
    assert damage(g) == [(2, 1, 1)]


def test_zuijiu_duel_against_bawang():
    """醉酒 against 霸王: 武松's 决斗 on 项羽 asks him two 杀 per turn; with one he loses and takes
    1 from 项羽; if 项羽 has no 杀, 武松 wins and deals 2."""
    g = _drunk(True, ["duel ♠A", "slash ♠8", ANCHOR],
               others=({"hero": "xiangyu", "hand": ["slash ♠7"]}, {}))
    g.play("Duel ♠A")
    g.play("target player_2")
    g.play("Strike ♠7")
    expect(g, 1, C.DK_SLASH)
    g.play("Strike ♠8")
    assert damage(g) == [(2, 1, 1)]
    g = _drunk(True, ["duel ♠A", ANCHOR], others=({"hero": "xiangyu"}, {}))
    g.play("Duel ♠A")
    g.play("target player_2")
    assert damage(g) == [(1, 2, 2)]


def test_zuijiu_slash_dodged_by_two_jinks_of_a_bawang_style_target_is_no_damage():
    """醉酒 changes the damage, not the dodge: a 杀 of 武松 is still cancelled by one 闪 (he has no
    无双), so nothing is dealt."""
    g = _drunk(True, ["slash ♠7", ANCHOR], others=({"hand": ["jink ♦5"]}, {}))
    g.play("Strike ♠7")
    g.play("target player_2")
    g.play("Dodge ♦5")
    assert damage(g) == []


# ====================================================================== 底力 / 狂禅 (鲁智深)
def test_dili_draws_two_plus_lost_hp():
    """底力 (locked): 鲁智深 draws 2 + his lost HP; at full HP 2."""
    g = table({}, {"hero": "luzhishen", "hp": 1}, {}, {}, current=1, phase="draw")
    expect(g, 1, C.DK_PLAY)
    assert len(g.hand(1)) == 5
    assert skill_events(g, SK_DILI) == [(1, SK_DILI, -1)]
    g = table({}, {"hero": "luzhishen"}, {}, {}, current=1, phase="draw")
    assert len(g.hand(1)) == 2 and skill_events(g, SK_DILI) == []


# ====================================================================== 蝶魂 (慕容)
@pytest.mark.parametrize("card, label", [("archery_attack ♥A", "Arrow Barrage ♥A"),
                                         ("beacon_fire ♠7", "Beacon Fire ♠7")])
def test_diehun_skipped_by_aoe_and_draws(card, label):
    """蝶魂: 万箭齐发 / 烽火狼烟 (several targets) skip 慕容, who draws a card; the others are
    asked."""
    g = table({"hand": [card, ANCHOR]}, {}, {"hero": "murong"}, {}, deck_top=["slash ♠8"])
    g.play(label)
    assert damage(g) == [(0, 1, 1), (0, 3, 1)]
    assert hand_names(g, 2) == ["Strike ♠8"] and g.hp(2) == 4
    assert skill_events(g, SK_DIEHUN) == [(2, SK_DIEHUN, -1)]


def test_diehun_recuperate_and_harvest_count_as_several_targets():
    """蝶魂: 休养生息 (everyone) skips her (no heal, a card instead); 五谷丰登 shows one card fewer
    and she draws from the pile instead of choosing."""
    g = table({"hand": ["recuperate ♥A", ANCHOR], "hp": 3}, {}, {"hero": "murong", "hp": 2}, {},
              deck_top=["slash ♠8"])
    g.play("Recuperation ♥A")
    assert g.hp(0) == 4 and g.hp(2) == 2 and hand_names(g, 2) == ["Strike ♠8"]
    g = table({"hand": ["harvest ♥3", ANCHOR]}, {}, {"hero": "murong"}, {},
              deck_top=["slash ♠7", "slash ♠8", "slash ♠9", "jink ♦2"])
    g.play("Bountiful Harvest ♥3")
    expect(g, 0, C.DK_AG)
    assert g.legal_labels() == ["Strike ♠7", "Strike ♠8", "Strike ♠9"]
    g.play("Strike ♠7")
    g.play("Strike ♠8")                  # player_1; player_2 (慕容) is skipped
    assert hand_names(g, 2) == ["Dodge ♦2"]
    assert hand_names(g, 3) == ["Strike ♠9"]          # the last card, its only choice
    assert discard_names(g) == ["Bountiful Harvest ♥3"]


def test_diehun_not_for_single_targets():
    """蝶魂 needs several targets: a 决斗 on her is answered as usual, and so is 万箭齐发 when she
    is its only target (two players left)."""
    g = table({"hand": ["duel ♠A", ANCHOR]}, {"hero": "murong", "hand": ["slash ♠7"]}, {}, {})
    g.play("Duel ♠A")
    g.play("target player_1")
    expect(g, 1, C.DK_SLASH)
    g = table({"hand": ["archery_attack ♥A", ANCHOR]}, {"hero": "murong", "hand": ["jink ♦2"]},
              {"alive": False, "role": "rebel"}, {"alive": False})
    g.play("Arrow Barrage ♥A")
    expect(g, 1, C.DK_JINK)
    assert skill_events(g, SK_DIEHUN) == []


# =================================================================== 激将 of a 君 lord (臣 helpers)
# the 英雄杀 rules' "?" bullets after 激将: range, damage source, another target when nobody helps,
# helpers' own skills, the lord's weapon (not 狼牙棒), no two cards through the lord's 芦叶枪
def test_jijiang_hk_respects_the_lords_attack_range_and_asks_only_chen():
    """激将 (君 lord, 臣 helpers): targets within the lord's attack range only; only 臣 characters
    are asked, in seat order from the current player."""
    g = table({"hero": "yingzheng", "hand": [ANCHOR]}, {"hero": "yuefei", "hand": ["slash ♠7"]},
              {"hero": "wusong", "hand": ["slash ♠8"]},
              {"hero": "tantaiming", "hand": ["slash ♠9"]})
    assert g.legal_labels() == ["pass", A, "skill Rouse"]
    g.play("skill Rouse")
    expect(g, 0, C.DK_SKILL_TARGET)
    assert g.legal_labels() == ["target player_1", "target player_3"]   # player_2 at distance 2
    g.play("target player_1")
    asked = []
    while g.decision_kind == C.DK_SLASH:
        asked.append(g.decider)
        g.play("pass")
    assert asked == [1, 3]                   # the 民 武松 is not asked
    assert skill_events(g, SK_JIJIANG_HK) == [(0, SK_JIJIANG_HK, -1)]


def test_jijiang_hk_lord_is_the_damage_source_and_gets_the_reward():
    """激将: the 杀 is the lord's: he deals the damage and, killing a rebel, draws the three cards
    (the helper only gave its card)."""
    g = table({"hero": "yingzheng", "hand": [ANCHOR]}, {"hp": 1},
              {"hero": "yuefei", "hand": ["slash ♠7"]}, {},
              deck_top=["jink ♦2", "jink ♦3", "jink ♦4"])
    g.play("skill Rouse")
    g.play("target player_1")
    expect(g, 2, C.DK_SLASH)
    g.play("Strike ♠7")
    assert damage(g) == [(0, 1, 1)]
    assert not g.alive(1)
    assert hand_names(g, 0) == [A, "Dodge ♦2", "Dodge ♦3", "Dodge ♦4"] and g.hand(2) == []
    assert [e[0] for e in event_args(g, C.EV_USE) if e[2] == 1] == [0]     # the lord's 杀
    assert int(g.s[C.P_SLASHES + 0]) == 1


def test_jijiang_hk_nobody_helps_lord_may_try_another_target():
    """激将 of a 英雄杀 lord: when no 臣 character gives a 杀, he may pick another target and try
    again (each target once per play phase); the 杀 count is untouched until one is given."""
    g = table({"hero": "yingzheng", "hand": [ANCHOR]}, {"hero": "yuefei", "hand": ["slash ♠7"]},
              {}, {}, autoplay=False)
    g.play("skill Rouse")
    g.play("target player_1")
    expect(g, 1, C.DK_SLASH)
    g.play("pass")                           # 岳飞 will not hit himself
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass", A, "skill Rouse"]
    g.play("skill Rouse")
    assert g.legal_labels() == ["target player_3"]        # player_1 was tried
    g.play("target player_3")
    g.play("Strike ♠7")
    assert damage(g) == [(0, 3, 1)]
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass", A]


def test_jijiang_hk_every_target_tried_then_no_more():
    g = table({"hero": "yingzheng", "hand": [ANCHOR]}, {"hero": "yuefei", "hand": ["slash ♠7"]},
              {}, {}, autoplay=False)
    for t in (1, 3):
        g.play("skill Rouse")
        g.play(f"target player_{t}")
        g.play("pass")
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass", A]
    assert damage(g) == []


def test_jijiang_standard_still_one_try():
    """The standard 激将 (刘备, the 三国杀 standard rules) keeps its rule: no second try in the
    same play phase."""
    g = table({"hero": "liubei", "hand": [ANCHOR]}, {"hero": "zhaoyun", "hand": ["slash ♠7"]},
              {}, {})
    g.play("skill Rouse")
    g.play("target player_3")
    g.play("pass")
    assert g.legal_labels() == ["pass", A, "skill Benevolence"]


@pytest.mark.parametrize("helper, card, label", [("tantaiming", "medicine ♥3", "Medicine ♥3"),
                                                 ("yuefei", "jink ♦2", "Dodge ♦2")])
def test_jijiang_hk_helpers_use_their_own_skills(helper, card, label):
    """激将: a helper may make the 杀 with its own skill: 澹台名's 傲剑 (a red card), 岳飞's 武穆 (a
    闪)."""
    g = table({"hero": "xiangyu", "hand": [ANCHOR]}, {}, {"hero": helper, "hand": [card]}, {})
    g.play("skill Rouse")
    g.play("target player_1")
    expect(g, 2, C.DK_SLASH)
    assert g.legal_labels() == ["pass", label]
    g.play(label)
    assert damage(g) == [(0, 1, 1)]
    assert label in discard_names(g)


def test_jijiang_hk_lords_bolang_hammer_applies():
    """激将: the lord's weapon works with the given 杀: 博浪锤 (贯石斧) lets him discard two cards
    when it is dodged."""
    g = table({"hero": "yingzheng", "hand": [ANCHOR, "jink ♦2", "jink ♦3"],
               "equip": ["bolang_hammer"]}, {"hand": ["jink ♦4"]},
              {"hero": "yuefei", "hand": ["slash ♠7"]}, {})
    g.play("skill Rouse")
    g.play("target player_1")
    g.play("Strike ♠7")
    g.play("Dodge ♦4")
    expect(g, 0, C.DK_CONFIRM)
    assert g.s[C.DX_PURPOSE] == C.PUR_AXE
    g.play("confirm")
    g.play("Dodge ♦2")
    g.play("Dodge ♦3")
    assert damage(g) == [(0, 1, 1)]


def test_jijiang_hk_lords_panlong_staff_follow_up_from_his_hand():
    """激将: 盘龙棍 (青龙偃月刀): when the given 杀 is dodged the lord may use another 杀 on the
    same target, from his own hand (激将 is not asked again for it)."""
    g = table({"hero": "yingzheng", "hand": [ANCHOR, "slash ♠8"], "equip": ["panlong_staff"]},
              {"hand": ["jink ♦4"]}, {"hero": "yuefei", "hand": ["slash ♠7"]}, {})
    g.play("skill Rouse")
    g.play("target player_1")
    g.play("Strike ♠7")
    g.play("Dodge ♦4")
    expect(g, 0, C.DK_SLASH)
    assert g.legal_labels() == ["pass", "Strike ♠8"]
    g.play("Strike ♠8")
    assert damage(g) == [(0, 1, 1)]


def test_jijiang_hk_no_langya_club_extra_targets():
    """激将: 狼牙棒 (方天画戟) cannot be used with it: with no hand card left the lord's own last 杀
    may take extra targets, a 激将 杀 only the one he chose."""
    g = table({"hero": "yingzheng", "equip": ["langya_club"]}, {},
              {"hero": "yuefei", "hand": ["slash ♠7"]}, {}, autoplay=False)
    assert g.legal_labels() == ["pass", "skill Rouse"]
    g.play("skill Rouse")
    assert g.legal_labels() == ["target player_1", "target player_2", "target player_3"]
    g.play("target player_1")
    g.play("Strike ♠7")
    assert damage(g) == [(0, 1, 1)]
    expect(g, 0, C.DK_PLAY)
    # his own last hand card as a 杀 does get 狼牙棒's extra targets
    g = table({"hero": "yingzheng", "hand": ["slash ♠8"], "equip": ["langya_club"]}, {},
              {"hero": "yuefei"}, {}, autoplay=False)
    g.play("Strike ♠8")
    g.play("target player_1")
    expect(g, 0, C.DK_TARGET)
    assert "target player_2" in g.legal_labels()


def test_jijiang_hk_no_two_cards_through_the_lords_luye_spear():
    """激将: with 芦叶枪 (丈八蛇矛) on the lord, a 臣 helper without a 杀 cannot give two hand
    cards: it is not even asked; the lord may still use the spear himself."""
    g = table({"hero": "yingzheng", "hand": [ANCHOR, "jink ♦2"], "equip": ["luye_spear"]}, {},
              {"hero": "yangyanzhao", "hand": ["pickpocket ♠3", "undermine ♠4"]}, {})
    assert "skill Rouse" in g.legal_labels()
    g.play("skill Rouse")
    g.play("target player_1")
    expect(g, 0, C.DK_PLAY)
    assert damage(g) == [] and len(g.hand(2)) == 2
    assert "Reed-Leaf Spear ♠Q" in g.legal_labels()


# =================================================================== 护主 of a 臣 lord (民 helpers)
def test_huzhu_min_helper_with_ruyi_judges_once_then_plays_a_jink():
    """护主: a 民 helper with 玉如意 (八卦阵) may judge once; black, it may still give a 闪 from its
    hand."""
    g = table({"hero": "yuefei"}, {"hero": "wusong", "hand": ["jink ♦2"], "equip": ["ruyi ♣2"]},
              {"hero": "yuji", "hand": ["jink ♦3"]}, {"hand": ["slash ♠7", ANCHOR]}, current=3,
              deck_top=["slash ♠8"])
    g.play("Strike ♠7")
    g.play("target player_0")
    expect(g, 0, C.DK_JINK)
    assert g.legal_labels() == ["pass", "skill Guard the Lord"]
    g.play("skill Guard the Lord")
    expect(g, 1, C.DK_JINK)                  # 虞姬 is 臣: never asked
    assert g.legal_labels() == ["pass", "Jade Ruyi ♣2", "Dodge ♦2"]
    g.play("Jade Ruyi ♣2")
    expect(g, 1, C.DK_JINK)                  # black ♠8: once only, now from the hand
    assert g.legal_labels() == ["pass", "Dodge ♦2"]
    g.play("Dodge ♦2")
    assert damage(g) == [] and g.hp(0) == 4
    assert "Dodge ♦2" in discard_names(g) and "Strike ♠8" in discard_names(g)


def test_huzhu_ruyi_red_judgement_is_the_jink():
    g = table({"hero": "yuefei"}, {"hero": "wusong", "hand": ["jink ♦2"], "equip": ["ruyi ♣2"]},
              {}, {"hand": ["slash ♠7", ANCHOR]}, current=3, deck_top=["medicine ♥3"])
    g.play("Strike ♠7")
    g.play("target player_0")
    g.play("skill Guard the Lord")
    g.play("Jade Ruyi ♣2")
    assert damage(g) == [] and hand_names(g, 1) == ["Dodge ♦2"]


def _bawang_on_chen_lord(lord_hand):
    g = table({"hero": "yuefei", "hand": lord_hand}, {"hero": "wusong", "hand": ["jink ♦2"]}, {},
              {"hero": "xiangyu", "hand": ["slash ♠7", ANCHOR]}, current=3)
    g.play("Strike ♠7")
    g.play("target player_0")
    expect(g, 0, C.DK_JINK)
    g.play("skill Guard the Lord")
    expect(g, 1, C.DK_JINK)
    g.play("Dodge ♦2")                       # the one 闪 the 民 give
    return g


def test_huzhu_against_bawang_one_given_jink_and_his_own():
    """项羽's 杀 on a 臣 lord using 护主: the 民 give one 闪 in all; the lord's own 闪 is the
    second: the 杀 is cancelled."""
    g = _bawang_on_chen_lord(["jink ♦3"])
    expect(g, 0, C.DK_JINK)                  # the second 闪
    assert g.legal_labels() == ["pass", "Dodge ♦3", "skill Guard the Lord"]
    g.play("skill Guard the Lord")                    # nobody has another
    expect(g, 0, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Dodge ♦3"]
    g.play("Dodge ♦3")
    assert damage(g) == []


def test_huzhu_against_bawang_one_given_jink_is_lost():
    """项羽's 杀, one 闪 from the 民 and none of his own: the lord takes 1 damage and the given 闪
    is discarded, not returned."""
    g = _bawang_on_chen_lord([])
    expect(g, 0, C.DK_JINK)
    assert g.legal_labels() == ["pass", "skill Guard the Lord"]
    g.play("pass")
    assert damage(g) == [(3, 0, 1)]
    assert "Dodge ♦2" in discard_names(g) and g.hand(1) == []


# ====================================================================== alias heroes
def test_chensheng_qiyi_takes_from_two_instead_of_drawing():
    """陈胜 起义 (= 突袭): instead of drawing, a random hand card from up to two others."""
    g = table({"hand": ["jink ♦2"]}, {"hero": "chensheng"}, {}, {"hand": ["slash ♠7"]},
              current=1, phase="draw", deck_top=["medicine ♥3", "medicine ♥4"])
    expect(g, 1, C.DK_SKILL_TARGET)
    assert g.legal_labels() == ["pass", "target player_3", "target player_0"]
    g.play("target player_0")
    g.play("target player_3")
    assert hand_names(g, 1) == ["Dodge ♦2", "Strike ♠7"]
    assert (1, content.SKILLS["qiyi"].id, 0) in event_args(g, C.EV_SKILL)


def test_liubowen_zhanbu_looks_at_five():
    """刘伯温 占卜 (= 观星 with 5): five cards, some to the bottom, the rest on top in his order."""
    top = ["slash ♠7", "slash ♠8", "slash ♠9", "jink ♦2", "jink ♦3", "medicine ♥3"]
    g = table({}, {"hero": "liubowen"}, {}, {}, current=1, phase="start", deck_top=top)
    expect(g, 1, C.DK_CONFIRM)
    g.play("confirm")
    expect(g, 1, C.DK_SKILL_CARD)
    assert g.legal_labels() == ["confirm", "Strike ♠7", "Strike ♠8", "Strike ♠9", "Dodge ♦2",
                                "Dodge ♦3"]
    g.play("Strike ♠7")                      # to the bottom
    g.play("confirm")
    for lab in ("Dodge ♦3", "Dodge ♦2", "Strike ♠9"):
        g.play(lab)
    # the last card goes on top by itself; then he draws the first two, player_2 the next two
    assert hand_names(g, 1) == ["Dodge ♦2", "Dodge ♦3"]
    assert hand_names(g, 2) == ["Strike ♠8", "Strike ♠9"]
    pile = [g.card_name(c) for c in g.draw_pile()]
    assert pile[0] == "Medicine ♥3" and pile[-1] == "Strike ♠7"


def test_liubowen_zhanbu_five_on_top_stay_in_its_frame():
    """占卜 with all five cards back on top: they go on in the order he chose them, and choosing
    the fifth writes nothing past his skill's frame (the frame record above the top of the stack
    is unchanged by that step, run alone, as it resumes his skill's frame)."""
    top = ["slash ♠7", "slash ♠8", "slash ♠9", "jink ♦2", "jink ♦3", "medicine ♥3"]
    g = table({}, {"hero": "liubowen"}, {}, {}, current=1, phase="start", deck_top=top,
              autoplay=False)
    g.play("confirm")                        # he uses it
    g.play("confirm")                        # none to the bottom
    order = ["Dodge ♦3", "Strike ♠9", "Dodge ♦2", "Strike ♠7"]
    for lab in order:
        g.play(lab)
    assert g.legal_labels() == ["Strike ♠8"]
    s = g.s
    o = C.FRAME_BASE + (int(s[C.H_FP]) - 1) * C.FRAME_SIZE
    assert s[o + C.F_KIND] == C.FR_SKILL and s[o + C.F_AS] == content.SKILLS["guanxing"].id
    above = s[o + C.FRAME_SIZE:o + 2 * C.FRAME_SIZE].copy()
    (last,) = g.legal_actions()
    s[C.H_ANSWER] = last
    registry.run_skill(s, o)
    assert np.array_equal(s[o + C.FRAME_SIZE:o + 2 * C.FRAME_SIZE], above)
    pile = [g.card_name(c) for c in g.draw_pile()]
    assert pile[:5] == order + ["Strike ♠8"] and pile[5] == "Medicine ♥3"


def test_liubowen_guiyin_no_slash_or_duel_with_empty_hand():
    """刘伯温 归隐 (= 空城): with no hand card he is no target of 杀 or 决斗."""
    g = table({"hand": ["slash ♠7", "duel ♠A", ANCHOR]}, {"hero": "liubowen"}, {},
              {"hand": ["jink ♦2"]}, autoplay=False)
    g.play("Strike ♠7")
    assert g.legal_labels() == ["target player_3"]
    g = table({"hand": ["duel ♠A", ANCHOR]}, {"hero": "liubowen", "hand": ["jink ♦3"]}, {}, {},
              autoplay=False)
    g.play("Duel ♠A")
    assert "target player_1" in g.legal_labels()


def test_yuefei_wumu_slash_and_jink_swap():
    """岳飞 武穆 (= 龙胆): a 杀 answers as a 闪; in the play phase a 闪 is used as a 杀."""
    g = table({"hand": ["slash ♠7", ANCHOR]}, {"hero": "yuefei", "hand": ["slash ♠8", "jink ♦2"]},
              {}, {})
    g.play("Strike ♠7")
    g.play("target player_1")
    assert g.legal_labels() == ["pass", "Strike ♠8", "Dodge ♦2"]
    g.play("Strike ♠8")
    assert damage(g) == []
    g = table({}, {"hero": "yuefei", "hand": ["jink ♦2", ANCHOR]}, {}, {}, current=1,
              autoplay=False)
    g.play("skill Martial Loyalty")
    assert g.legal_labels() == ["Dodge ♦2"]
    g.play("Dodge ♦2")
    g.play("target player_2")
    assert damage(g) == [(1, 2, 1)]


def test_yangyanzhao_tianlang_any_number_of_slashes():
    """杨延昭 天狼 (= 飞将/咆哮): no limit of one 杀 per play phase."""
    g = table({}, {"hero": "yangyanzhao", "hand": ["slash ♠7", "slash ♠8", "slash ♠9", ANCHOR]},
              {}, {}, current=1)
    for lab in ("Strike ♠7", "Strike ♠8", "Strike ♠9"):
        g.play(lab)
        g.play("target player_2")
    assert damage(g) == [(1, 2, 1)] * 3


def test_tantaiming_aojian_red_hand_or_equipment_as_slash():
    """澹台名 傲剑 (= 武圣): a red hand card or equipped card is a 杀."""
    g = table({"hand": ["duel ♠A", ANCHOR]},
              {"hero": "tantaiming", "hand": ["medicine ♥3"], "equip": ["offensive_horse ♥5"]},
              {}, {})
    g.play("Duel ♠A")
    g.play("target player_1")
    expect(g, 1, C.DK_SLASH)
    assert g.legal_labels() == ["pass", "Medicine ♥3", "Attack Horse ♥5"]
    g.play("Attack Horse ♥5")
    assert damage(g) == [(1, 0, 1)]          # player_0 has no 杀 left
    g = table({}, {"hero": "tantaiming", "hand": ["medicine ♥3", ANCHOR]}, {}, {}, current=1,
              autoplay=False)
    g.play("skill Proud Sword")
    g.play("Medicine ♥3")
    g.play("target player_2")
    assert damage(g) == [(1, 2, 1)]


# ====================================================================== the herokill draft
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


# ====================================================================== random play
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
