"""奸雄 (曹操; the standard pack): scenario tests. The skill: "After you take damage and
survive, you may take the card that dealt it."

Tables: ``table`` is ``helpers.table4_filled`` (four seats; living seats without a hero get
吕蒙).
"""

from helpers import CHITU as ANCHOR2
from helpers import SKILL_IDS as SK
from helpers import ZHUAHUANG as ANCHOR
from helpers import (
    damage,
    discard_names,
    event_args,
    expect,
    expect_confirm,
    hand_names,
    no_skill_asked,
)
from helpers import skill_events_by_key as skill_events
from helpers import table4_filled as table

from heroes_env.engine import constants as C


def test_jianxiong_takes_the_slash_that_hit(invariants):
    """奸雄: after taking damage 曹操 may take the 杀 that dealt it."""
    g = table({"hero": "caocao"}, ["slash ♠7", ANCHOR], current=1)
    g.play("Slash ♠7")
    g.play("target player_0")               # no 闪 and no 魏 helper: the 杀 hits unasked
    expect_confirm(g, 0, "jianxiong")
    assert g.hp(0) == 3
    g.play("confirm")
    assert hand_names(g, 0) == ["Slash ♠7"]
    assert skill_events(g, "jianxiong") == [(0, SK["jianxiong"], -1)]
    assert event_args(g, C.EV_GAIN) == [(0, 14, -1)]
    assert discard_names(g) == []
    expect(g, 1, C.DK_PLAY)
    invariants(g)


def test_jianxiong_is_optional(invariants):
    """奸雄 may be declined: the 杀 goes to the discard pile as usual."""
    g = table({"hero": "caocao"}, ["slash ♠7", ANCHOR], current=1)
    g.play("Slash ♠7")
    g.play("target player_0")
    expect_confirm(g, 0, "jianxiong")
    g.play("pass")
    assert g.hand(0) == []
    assert discard_names(g) == ["Slash ♠7"]
    assert skill_events(g) == []
    expect(g, 1, C.DK_PLAY)
    invariants(g)


def test_jianxiong_takes_savage_assault_while_it_still_resolves(invariants):
    """奸雄 takes a 南蛮入侵 from the table in the middle of the AOE; the AOE goes on for the
    players after him, and the card stays in his hand afterwards."""
    g = table({}, ["savage_assault ♠7", ANCHOR], {"hero": "caocao"}, ["slash ♣2"], current=1)
    g.play("Savage Assault ♠7")
    # targets from the user on: player_2 (曹操, no 杀) is hit first
    expect_confirm(g, 2, "jianxiong")
    g.play("confirm")
    assert hand_names(g, 2) == ["Savage Assault ♠7"]
    expect(g, 3, C.DK_SLASH)                 # the AOE continues
    assert g.legal_labels() == ["pass", "Slash ♣2"]
    g.play("pass")
    expect(g, 1, C.DK_PLAY)
    assert damage(g) == [(1, 2, 1), (1, 3, 1), (1, 0, 1)]
    assert hand_names(g, 2) == ["Savage Assault ♠7"]
    assert "Savage Assault ♠7" not in discard_names(g)
    invariants(g)


def test_jianxiong_takes_the_duel_not_the_slashes_played_in_it(invariants):
    """奸雄 after losing a 决斗: he takes the 决斗, not the 杀 played during it (the 三国杀 standard
    rules)."""
    g = table({"hero": "caocao", "hand": ["slash ♣2"]}, ["duel ♠A", "slash ♣3", ANCHOR], current=1)
    g.play("Duel ♠A")
    g.play("target player_0")
    expect(g, 0, C.DK_SLASH)
    g.play("Slash ♣2")
    expect(g, 1, C.DK_SLASH)
    g.play("Slash ♣3")                     # 曹操 has no 杀 left: he loses
    expect_confirm(g, 0, "jianxiong")
    assert damage(g) == [(1, 0, 1)]
    g.play("confirm")
    assert hand_names(g, 0) == ["Duel ♠A"]
    assert discard_names(g) == ["Slash ♣2", "Slash ♣3"]
    expect(g, 1, C.DK_PLAY)
    invariants(g)


def test_jianxiong_takes_the_lightning_card(invariants):
    """奸雄 works on 闪电 damage (no source, but a card): 曹操 takes the 闪电 itself
    (as in the established engines)."""
    g = table({"hero": "caocao", "judge": ["lightning ♠A"]}, current=0, phase="start",
              deck_top=["slash ♠7", "jink ♦2", "jink ♦3"])
    expect_confirm(g, 0, "jianxiong")
    assert damage(g) == [(-1, 0, 3)] and g.hp(0) == 1
    g.play("confirm")
    assert event_args(g, C.EV_GAIN) == [(0, 1, -1)]
    assert discard_names(g) == ["Slash ♠7"]          # the judgement card
    expect(g, 0, C.DK_PLAY)                          # then he draws as usual
    assert hand_names(g, 0) == ["Jink ♦2", "Jink ♦3", "Lightning ♠A"]
    invariants(g)


def test_jianxiong_not_offered_for_damage_without_a_card(invariants):
    """奸雄 needs a card that dealt the damage: 反间's damage has none, so nothing is asked."""
    g = table({"hero": "caocao"}, {"hero": "zhouyu", "hand": [ANCHOR, ANCHOR2]}, current=1)
    g.play("skill Sow Dissension")
    g.play("target player_0")
    expect(g, 0, C.DK_SKILL_OPTION)
    g.play("black")                          # both of 周瑜's cards are red: 1 damage
    assert damage(g) == [(1, 0, 1)]
    expect(g, 1, C.DK_PLAY)
    no_skill_asked(g, "jianxiong")
    assert len(g.hand(0)) == 1               # only the card 反间 gave him
    invariants(g)


def test_jianxiong_takes_both_cards_of_a_spear_slash(invariants):
    """奸雄 takes the cards that stood in for the 杀 (the 三国杀 standard rules: "代替这些牌的牌"):
    both hand cards
    of a 丈八蛇矛 杀."""
    g = table({"hero": "caocao"}, {"hand": ["jink ♦2", "peach ♥3", ANCHOR], "equip": ["spear"]},
              current=1)
    g.play("Serpent Spear ♠Q")
    g.play("Jink ♦2")
    g.play("Peach ♥3")
    g.play("target player_0")
    expect_confirm(g, 0, "jianxiong")
    g.play("confirm")
    assert hand_names(g, 0) == ["Jink ♦2", "Peach ♥3"]
    assert discard_names(g) == []
    expect(g, 1, C.DK_PLAY)
    invariants(g)
