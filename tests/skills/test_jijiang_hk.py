"""激将 (嬴政, 成吉思汗, 刘邦, 赵匡胤 ...; the 英雄杀 pack): scenario tests. The skill: "Lord
skill. When you need a Slash, you may ask the Chen characters, in seat order, to provide one;
you are its user and the damage source. Used in your play phase you first choose a target in
your attack range; if nobody helps you may try another target (each target once per phase)." It
runs the code of 激将 (``jijiang``, skills.csv ``base``) with parameter chen.

Tables: ``table`` is ``helpers.herokill_table`` (seats with roles by position, on the herokill
deck).
"""

import pytest
from helpers import HK_HORSE as ANCHOR
from helpers import HK_HORSE_LABEL as A
from helpers import damage, discard_names, event_args, expect, hand_names, skill_events
from helpers import herokill_table as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills.ids import SK_JIJIANG_HK


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
