"""护驾 (曹操; the standard pack): scenario tests. The skill: "Lord skill. When you need a Jink,
you may ask the other Wei characters, in seat order, to provide one for you; the first Jink
given counts as yours."

Tables: ``table`` is ``helpers.table4_filled`` (four seats; living seats without a hero get
吕蒙).
"""

import pytest
from helpers import SKILL_IDS as SK
from helpers import ZHUAHUANG as ANCHOR
from helpers import damage, discard_names, event_args, expect, expect_confirm, hand_names, judged
from helpers import skill_events_by_key as skill_events
from helpers import table4_filled as table

from heroes_env.engine import constants as C


def test_hujia_wei_helper_plays_the_jink(invariants):
    """护驾: 曹操 (lord) asked for a 闪 may call on the 魏; the helper's 闪 counts as his."""
    g = table({"hero": "caocao"}, ["slash ♠7", ANCHOR], {"hero": "zhangliao", "hand": ["jink ♦2"]},
              current=1)
    g.play("Slash ♠7")
    g.play("target player_0")
    expect(g, 0, C.DK_JINK)
    assert g.legal_labels() == ["pass", "skill Escort"]
    g.play("skill Escort")
    expect(g, 2, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Jink ♦2"]
    g.play("Jink ♦2")
    expect(g, 1, C.DK_PLAY)
    assert g.hp(0) == 4 and damage(g) == []
    assert skill_events(g, "hujia") == [(0, SK["hujia"], -1)]
    assert g.hand(2) == []
    assert discard_names(g) == ["Jink ♦2", "Slash ♠7"]
    invariants(g)


def test_hujia_asks_helpers_in_seat_order_from_the_current_player(invariants):
    """护驾: the 魏 characters are asked one by one in seat order from the current player; the
    first who gives a 闪 ends it."""
    g = table({"hero": "caocao"}, {"hero": "zhenji", "hand": ["jink ♦3"]},
              {"hand": ["slash ♠7", ANCHOR], "equip": ["chitu"]},
              {"hero": "zhangliao", "hand": ["jink ♦2"]}, current=2)
    g.play("Slash ♠7")
    g.play("target player_0")
    g.play("skill Escort")
    expect(g, 3, C.DK_JINK)                  # from player_2 on: player_3 first
    assert g.legal_labels() == ["pass", "Jink ♦2"]
    g.play("pass")
    expect(g, 1, C.DK_JINK)                  # then player_1 (甄姬 may also use 倾国; she has 闪)
    assert g.legal_labels() == ["pass", "Jink ♦3"]
    g.play("Jink ♦3")
    expect(g, 2, C.DK_PLAY)
    assert g.hp(0) == 4
    assert hand_names(g, 3) == ["Jink ♦2"]
    invariants(g)


def test_hujia_nobody_helps_then_lord_asked_again_without_hujia(invariants):
    """护驾: if no 魏 character gives a 闪, 曹操 is asked again, without 护驾, and may still use
    his own 闪 (or be hit)."""
    g = table({"hero": "caocao", "hand": ["jink ♦4"]}, ["slash ♠7", ANCHOR],
              {"hero": "zhangliao", "hand": ["jink ♦2"]}, current=1)
    g.play("Slash ♠7")
    g.play("target player_0")
    expect(g, 0, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Jink ♦4", "skill Escort"]
    g.play("skill Escort")
    expect(g, 2, C.DK_JINK)
    g.play("pass")
    expect(g, 0, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Jink ♦4"]
    g.play("pass")
    assert damage(g) == [(1, 0, 1)]
    expect_confirm(g, 0, "jianxiong")
    assert hand_names(g, 2) == ["Jink ♦2"] and hand_names(g, 0) == ["Jink ♦4"]
    invariants(g)


@pytest.mark.parametrize("seat2, seat3", [
    ({"hero": "liubei", "hand": ["jink ♦2"]}, {"hero": "sunquan", "hand": ["jink ♦3"]}),
    ({"hero": "zhangliao", "alive": False}, {}),
], ids=["no_wei", "wei_dead"])
def test_hujia_not_offered_without_a_living_wei_helper(seat2, seat3, invariants):
    """护驾 is not offered when no other living 魏 character exists."""
    g = table({"hero": "caocao", "hand": ["jink ♦4"]}, ["slash ♠7", ANCHOR], seat2, seat3,
              current=1)
    g.play("Slash ♠7")
    g.play("target player_0")
    expect(g, 0, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Jink ♦4"]
    invariants(g)


def test_hujia_not_for_a_non_lord_caocao(invariants):
    """护驾 is a lord skill: a 曹操 who is not the lord does not have it."""
    g = table(["slash ♠7", ANCHOR], {"hero": "caocao", "hand": ["jink ♦4"]},
              {"hero": "zhangliao", "hand": ["jink ♦2"]})
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Jink ♦4"]
    invariants(g)


def test_hujia_helper_uses_eight_diagram(invariants):
    """护驾: a helper may give the 闪 with its 八卦阵 (red judgement)."""
    g = table({"hero": "caocao"}, ["slash ♠7", ANCHOR],
              {"hero": "zhangliao", "equip": ["eight_diagram ♠2"]}, current=1,
              deck_top=["peach ♥3"])
    g.play("Slash ♠7")
    g.play("target player_0")
    g.play("skill Escort")
    expect(g, 2, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Eight Diagram ♠2"]
    g.play("Eight Diagram ♠2")
    expect(g, 1, C.DK_PLAY)
    assert judged(g) == ["Peach ♥3"]
    assert event_args(g, C.EV_JUDGE)[0][0] == 2      # the helper judges
    assert g.hp(0) == 4 and damage(g) == []
    invariants(g)


def test_hujia_still_offered_after_his_own_eight_diagram_fails(invariants):
    """曹操 with 八卦阵: a black judgement leaves 护驾 available for the same 闪."""
    g = table({"hero": "caocao", "equip": ["eight_diagram ♠2"]}, ["slash ♠7", ANCHOR],
              {"hero": "zhangliao", "hand": ["jink ♦2"]}, current=1, deck_top=["slash ♣2"])
    g.play("Slash ♠7")
    g.play("target player_0")
    expect(g, 0, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Eight Diagram ♠2", "skill Escort"]
    g.play("Eight Diagram ♠2")
    expect(g, 0, C.DK_JINK)
    assert g.legal_labels() == ["pass", "skill Escort"]
    g.play("skill Escort")
    expect(g, 2, C.DK_JINK)
    g.play("Jink ♦2")
    expect(g, 1, C.DK_PLAY)
    assert damage(g) == []
    invariants(g)


def test_hujia_against_archery_attack(invariants):
    """护驾 also answers 万箭齐发 (a 闪 to play); the helper may first have defended himself."""
    g = table({"hero": "caocao"}, ["archery_attack", ANCHOR], {},
              {"hero": "zhangliao", "hand": ["jink ♦2", "jink ♦3"]}, current=1)
    g.play("Archery Attack ♥A")
    expect(g, 3, C.DK_JINK)                  # player_2 had nothing and was hit
    g.play("Jink ♦2")
    expect(g, 0, C.DK_JINK)
    assert g.legal_labels() == ["pass", "skill Escort"]
    g.play("skill Escort")
    expect(g, 3, C.DK_JINK)
    g.play("Jink ♦3")
    expect(g, 1, C.DK_PLAY)
    assert damage(g) == [(1, 2, 1)]
    invariants(g)


def test_hujia_twice_against_wushuang(invariants):
    """护驾 against 吕布's 杀 (two 闪 needed): each 闪 request may call on the 魏 again."""
    g = table({"hero": "caocao"}, {"hero": "lvbu", "hand": ["slash ♠7", ANCHOR]},
              {"hero": "zhangliao", "hand": ["jink ♦2", "jink ♦3"]}, current=1)
    g.play("Slash ♠7")
    g.play("target player_0")
    for jink in ("Jink ♦2", "Jink ♦3"):
        expect(g, 0, C.DK_JINK)
        assert g.legal_labels() == ["pass", "skill Escort"]
        g.play("skill Escort")
        expect(g, 2, C.DK_JINK)
        g.play(jink)
    expect(g, 1, C.DK_PLAY)
    assert damage(g) == [] and g.hand(2) == []
    invariants(g)


def test_hujia_helper_may_use_qingguo(invariants):
    """护驾: 甄姬 may give the 闪 with 倾国 (a black hand card)."""
    g = table({"hero": "caocao"}, ["slash ♠7", ANCHOR], {"hero": "zhenji", "hand": ["slash ♣2"]},
              current=1)
    g.play("Slash ♠7")
    g.play("target player_0")
    g.play("skill Escort")
    expect(g, 2, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Slash ♣2"]
    g.play("Slash ♣2")
    expect(g, 1, C.DK_PLAY)
    assert damage(g) == [] and g.hand(2) == []
    invariants(g)


def test_hujia_helper_eight_diagram_fails_then_hand_jink(invariants):
    """护驾: a helper whose 八卦阵 judges black may still give a 闪 from his hand."""
    g = table({"hero": "caocao"}, ["slash ♠7", ANCHOR],
              {"hero": "zhangliao", "hand": ["jink ♦2"], "equip": ["eight_diagram ♠2"]},
              current=1, deck_top=["slash ♣2"])
    g.play("Slash ♠7")
    g.play("target player_0")
    g.play("skill Escort")
    expect(g, 2, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Eight Diagram ♠2", "Jink ♦2"]
    g.play("Eight Diagram ♠2")
    expect(g, 2, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Jink ♦2"]
    g.play("Jink ♦2")
    expect(g, 1, C.DK_PLAY)
    assert damage(g) == []
    invariants(g)
