"""裸衣 (许褚; the standard pack): scenario tests. The skill: "Locked. While you have no weapon
equipped, a Slash you use in your play phase deals 2 damage." 裸衣 is locked and needs no weapon
(the rule text; docs/rules.md, Heroes (pack `standard`)).

Tables: ``table`` is ``helpers.table4_filled`` (four seats; living seats without a hero get
吕蒙).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import damage, expect, hand_names
from helpers import skill_events_by_key as skill_events
from helpers import table4_filled as table

from heroes_env.engine import constants as C


def test_luoyi_slash_deals_two_without_a_weapon(invariants):
    """裸衣: without a weapon, 许褚's 杀 in his play phase deals 2 damage."""
    g = table({"hero": "xuchu", "hand": ["slash ♠7", ANCHOR]})
    g.play("Slash ♠7")
    g.play("target player_1")
    assert damage(g) == [(0, 1, 2)] and g.hp(1) == 2
    invariants(g)


def test_luoyi_is_locked_and_costs_no_draw(invariants):
    """裸衣 (the 三国杀 standard rules; docs/rules.md, Heroes (pack `standard`)) is locked:
    nothing is asked in the draw phase and 许褚 draws his two cards."""
    g = table({"hero": "xuchu"}, current=0, phase="draw",
              deck_top=["slash ♠7", ANCHOR, "jink ♦2"])
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == sorted(["Slash ♠7", ANCHOR_LABEL])
    assert skill_events(g) == []
    g.play("Slash ♠7")
    g.play("target player_1")
    assert damage(g) == [(0, 1, 2)]
    invariants(g)


def test_luoyi_not_with_a_weapon(invariants):
    """裸衣: with a weapon equipped his 杀 deals the normal 1."""
    g = table({"hero": "xuchu", "hand": ["slash ♠7", ANCHOR], "equip": ["qinggang_sword"]})
    g.play("Slash ♠7")
    g.play("target player_1")
    assert damage(g) == [(0, 1, 1)] and g.hp(1) == 3
    invariants(g)


def test_luoyi_not_for_duel(invariants):
    """裸衣 does not raise 决斗 damage (the 三国杀 standard rules: "不包括決鬥")."""
    g = table({"hero": "xuchu", "hand": ["duel ♠A", ANCHOR]})
    g.play("Duel ♠A")
    g.play("target player_1")
    assert damage(g) == [(0, 1, 1)] and g.hp(1) == 3
    invariants(g)
