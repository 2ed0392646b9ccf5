"""护主 (商鞅, 虞姬, 刘伯温, 岳飞 ...; the 英雄杀 pack): scenario tests. The skill: "Lord skill.
When you need a Jink, you may ask the other Min characters, in seat order, to provide one for
you; the first Jink given counts as yours." It runs the code of 护驾 (``hujia``, skills.csv
``base``) with parameter min.

Tables: ``table`` is ``helpers.herokill_table`` (seats with roles by position, on the herokill
deck).
"""

from helpers import HK_HORSE as ANCHOR
from helpers import damage, discard_names, expect, hand_names
from helpers import herokill_table as table

from heroes_env.engine import constants as C


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
