"""急救 (华佗; the standard pack): scenario tests. The skill: "Whenever damage is about to be
dealt to any character, you may discard a red card (hand or equipment) to prevent 1 point of it,
and again while damage remains."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import asked, damage, discard_names, equip_names, events, expect, skill_events
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_jijiu_prevents_all_damage_of_a_slash():
    """急救: before damage to anyone, 华佗 may discard a red card (hand or equipment) per point to
    prevent it: no damage, no dying (the 三国杀 standard rules)."""
    g = table({"hand": ["slash ♠7", ANCHOR]}, {"hp": 1},
              {"hero": "huatuo", "hand": ["jink ♦2", "slash ♠8"], "equip": ["chitu"]})
    g.play("Slash ♠7")
    g.play("target player_1")          # seat 1 has no 闪: not asked
    asked(g, 2, C.DK_SKILL_CARD, SK.SK_JIJIU)
    assert g.legal_labels() == ["pass", "Chitu ♥5", "Jink ♦2"]         # red cards only
    g.play("Chitu ♥5")
    expect(g, 0, C.DK_PLAY)            # nothing left to prevent: not asked again
    assert damage(g) == [] and events(g, C.EV_DYING) == []
    assert g.hp(1) == 1
    assert equip_names(g, 2) == [] and "Chitu ♥5" in discard_names(g)
    assert skill_events(g, SK.SK_JIJIU) == [(2, SK.SK_JIJIU, 1)]


def test_jijiu_prevention_is_not_logged_as_ice_sword():
    """The readable log names 急救's prevention correctly (it is not a 寒冰剑)."""
    g = table({"hand": ["slash ♠7", ANCHOR]}, {}, {"hero": "huatuo", "hand": ["jink ♦2"]})
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")
    lines = g.log_lines()
    assert any("player_2 uses First Aid" in line for line in lines)
    assert not any("Ice Sword" in line for line in lines), lines


def test_jijiu_partial_prevention_asked_again_while_damage_remains():
    """急救: one point per red card, asked again while damage remains; here 1 of 闪电's 3 points on
    himself, in his own turn."""
    g = table({"hero": "huatuo", "hand": ["jink ♦2", "peach ♥3", "slash ♠7"],
               "judge": ["lightning ♠A"]},
              phase="judge", deck_top=["slash ♠8", "jink ♦3", "jink ♦4"])
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_JIJIU)
    assert g.legal_labels() == ["pass", "Peach ♥3", "Jink ♦2"]
    g.play("Jink ♦2")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_JIJIU)
    assert g.legal_labels() == ["pass", "Peach ♥3"]
    g.play("pass")
    assert damage(g) == [(-1, 0, 2)]
    assert g.hp(0) == 1
    expect(g, 0, C.DK_PLAY)


def test_jijiu_not_asked_without_a_red_card():
    """急救 needs a red card: with only black cards 华佗 is not asked."""
    g = table({"hand": ["slash ♠7", ANCHOR]}, {},
              {"hero": "huatuo", "hand": ["slash ♠8"], "equip": ["dilu"]})
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 0, C.DK_PLAY)
    assert damage(g) == [(0, 1, 1)]


def test_jijiu_does_not_prevent_hp_loss():
    """急救 prevents damage only: 苦肉's HP loss is not damage and 华佗 is not asked."""
    g = table({"hero": "huanggai", "hand": [ANCHOR]}, {},
              {"hero": "huatuo", "hand": ["jink ♦2"]})
    g.play("skill Self Injury")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(0) == 3 and len(g.hand(2)) == 1
