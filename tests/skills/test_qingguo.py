"""倾国 (甄姬; the standard pack): scenario tests. The skill: "You may use or play a black hand
card as a Jink."

Tables: ``table`` is ``helpers.table4_filled`` (four seats; living seats without a hero get
吕蒙).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import damage, discard_names, expect, hand_names, names
from helpers import table4_filled as table

from heroes_env.engine import constants as C


def test_qingguo_black_hand_card_as_jink(invariants):
    """倾国: any black hand card can be used as 闪; red non-闪 cards cannot."""
    g = table(["slash ♠7", ANCHOR],
              {"hero": "zhenji", "hand": ["slash ♣2", "peach ♥3", "jink ♦2", "crossbow ♣A"]})
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Crossbow ♣A", "Slash ♣2", "Jink ♦2"]
    g.play("Slash ♣2")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 3 and damage(g) == []
    assert discard_names(g) == ["Slash ♠7", "Slash ♣2"]
    assert hand_names(g, 1) == ["Crossbow ♣A", "Jink ♦2", "Peach ♥3"]
    invariants(g)


def test_qingguo_not_with_equipment(invariants):
    """倾国 takes hand cards only: a black equipped card is no 闪."""
    g = table(["slash ♠7", ANCHOR],
              {"hero": "zhenji", "hand": ["peach ♥3"], "equip": ["crossbow ♣A", "dayuan ♠K"]},
              autoplay=False)
    g.play("Slash ♠7")
    g.play("target player_1")
    # she cannot answer at all, so (even with autoplay off) no 闪 is asked: the 杀 hits
    expect(g, 0, C.DK_PLAY)
    assert damage(g) == [(0, 1, 1)]
    assert names(g, g.equipment(1)) == ["Crossbow ♣A", "Dayuan ♠K"]
    invariants(g)


def test_qingguo_against_archery_attack(invariants):
    """倾国 also gives the 闪 played against 万箭齐发."""
    g = table(["archery_attack", ANCHOR], {"hero": "zhenji", "hand": ["slash ♣2"]}, {}, {})
    g.play("Archery Attack ♥A")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Slash ♣2"]
    g.play("Slash ♣2")
    assert g.hp(1) == 3
    expect(g, 0, C.DK_PLAY)
    assert damage(g) == [(0, 2, 1), (0, 3, 1)]
    invariants(g)


def test_qingguo_is_not_a_play_phase_action(invariants):
    """倾国 only answers a request for 闪: in her play phase it offers nothing."""
    g = table({"hero": "zhenji", "hand": ["jink ♦2", "slash ♣2", ANCHOR]})
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass", ANCHOR_LABEL, "Slash ♣2"]
    invariants(g)
