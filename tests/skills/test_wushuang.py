"""无双 (吕布; the standard pack): scenario tests. The skill: "Locked. A target needs two Jinks
to dodge your Slash, and in a Duel with you your opponent must play two Slashes each time."

无双 in 决斗: the rule texts are silent, so the established engines (QSanguosha, FreeKill)
decide (docs/rules.md, Heroes (pack `standard`)): in a 决斗 吕布 used or one used on him, the
other side plays **two** 杀 each time, asked one after the other; a single 杀 then none loses.
Helpers (激将), converted 杀 (丈八蛇矛, 龙胆) each give one of the two.

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

import pytest
from helpers import ZHUAHUANG as ANCHOR
from helpers import damage, discard_names, events, expect, hand_names
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine import content


def test_wushuang_needs_two_jinks():
    """无双: his 杀 needs two 闪, asked one after the other (the 三国杀 standard rules,
    as in the established engines)."""
    g = table({"hero": "lvbu", "hand": ["slash ♠7", ANCHOR]}, ["jink ♦2", "jink ♦3"])
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Jink ♦2", "Jink ♦3"]
    g.play("Jink ♦2")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Jink ♦3"]
    g.play("Jink ♦3")
    assert damage(g) == [] and g.hand(1) == []
    expect(g, 0, C.DK_PLAY)


def test_wushuang_one_jink_is_not_enough():
    """无双: a single 闪 does not dodge his 杀."""
    g = table({"hero": "lvbu", "hand": ["slash ♠7", ANCHOR]}, ["jink ♦2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")
    assert damage(g) == [(0, 1, 1)]
    assert "Jink ♦2" in discard_names(g)


def test_wushuang_eight_diagram_then_hand_jink():
    """无双 vs 八卦阵: the armour may be tried for each 闪; a red judgement plus a hand 闪 dodge
    (docs/rules.md, Heroes (pack `standard`))."""
    g = table({"hero": "lvbu", "hand": ["slash ♠7", ANCHOR]},
              {"hand": ["jink ♦2"], "equip": ["eight_diagram ♠2"]}, deck_top=["peach ♥3"])
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Eight Diagram ♠2", "Jink ♦2"]
    g.play("Eight Diagram ♠2")           # judges ♥3: red, one 闪
    expect(g, 1, C.DK_JINK)
    # tried again for the second
    assert g.legal_labels() == ["pass", "Eight Diagram ♠2", "Jink ♦2"]
    g.play("Jink ♦2")
    assert damage(g) == []
    assert [e[1] for e in events(g, C.EV_RESPOND)] == [1, 1]
    expect(g, 0, C.DK_PLAY)


def test_wushuang_eight_diagram_red_then_nothing_is_a_hit():
    """无双 vs 八卦阵: one red judgement is one 闪; a black second judgement and no 闪 in hand:
    hit."""
    g = table({"hero": "lvbu", "hand": ["slash ♠7", ANCHOR]},
              {"equip": ["eight_diagram ♠2"]}, deck_top=["peach ♥3", "slash ♠8"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Eight Diagram ♠2")          # ♥3: red
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Eight Diagram ♠2"]
    g.play("Eight Diagram ♠2")          # ♠8: black, and no 闪 to fall back on
    assert [g.card_name(e[2]) for e in events(g, C.EV_JUDGE)] == ["Peach ♥3", "Slash ♠8"]
    assert damage(g) == [(0, 1, 1)]
    expect(g, 0, C.DK_PLAY)


def test_every_wushuang_skill_has_parameter_two():
    """The parameter is the number of 闪 / 杀 owed: 无双 and every skill running its code."""
    runs = {k: s.param for k, s in content.SKILLS.items()
            if k == "wushuang" or s.base == "wushuang"}
    assert runs == {"wushuang": 2, "bawang": 2, "weiwu": 2}


def test_lvbu_duel_target_plays_two_slashes_each_time():
    """吕布 uses 决斗: his target plays two 杀 per round, 吕布 one; one of two is a loss."""
    g = table({}, {"hero": "lvbu", "hand": ["duel ♠A", "slash ♠10", ANCHOR]},
              {"hand": ["slash ♠7", "slash ♠8", "slash ♠9"]}, {}, current=1)
    g.play("Duel ♠A")
    g.play("target player_2")
    expect(g, 2, C.DK_SLASH)
    g.play("Slash ♠7")
    expect(g, 2, C.DK_SLASH)            # the second 杀 of the same round
    g.play("Slash ♠8")
    expect(g, 1, C.DK_SLASH)
    g.play("Slash ♠10")
    expect(g, 2, C.DK_SLASH)
    g.play("Slash ♠9")                  # one of two: not enough
    assert damage(g) == [(1, 2, 1)]
    assert g.hand(2) == []


def test_lvbu_duel_target_with_one_slash_loses():
    """A 决斗 used by 吕布 with one 杀 in hand: one 杀 does not answer 吕布, so the target loses."""
    g = table({}, {"hero": "lvbu", "hand": ["duel ♠A", ANCHOR]},
              {"hand": ["slash ♠7"]}, {}, current=1)
    g.play("Duel ♠A")
    g.play("target player_2")
    g.play("Slash ♠7")
    assert damage(g) == [(1, 2, 1)]


def test_duel_used_on_lvbu_user_plays_two():
    """A 决斗 used on 吕布: he answers with one 杀, the user owes two each time."""
    g = table({}, {"hero": "lvbu", "hand": ["slash ♠10", "slash ♣10"]},
              {"hand": ["duel ♠A", "slash ♠7", ANCHOR]}, {}, current=2)
    g.play("Duel ♠A")
    g.play("target player_1")
    expect(g, 1, C.DK_SLASH)
    g.play("Slash ♠10")
    expect(g, 2, C.DK_SLASH)
    g.play("Slash ♠7")
    assert damage(g) == [(1, 2, 1)]     # no second 杀: 吕布 wins
    assert hand_names(g, 1) == ["Slash ♣10"]


def test_duel_used_on_lvbu_user_with_two_slashes_goes_on():
    """Two 杀 from the user answer 吕布's one; then 吕布 owes one again."""
    g = table({}, {"hero": "lvbu", "hand": ["slash ♠10"]},
              {"hand": ["duel ♠A", "slash ♠7", "slash ♠8", ANCHOR]}, {}, current=2)
    g.play("Duel ♠A")
    g.play("target player_1")
    g.play("Slash ♠10")
    g.play("Slash ♠7")
    expect(g, 2, C.DK_SLASH)
    g.play("Slash ♠8")                  # 吕布 holds no 杀 now: he loses without being asked
    assert damage(g) == [(2, 1, 1)]


def test_jijiang_gives_both_slashes_against_lvbu():
    """激将: 刘备, target of 吕布's 决斗, calls on 激将 for each of the two 杀; 张飞 gives both."""
    g = table({"hero": "liubei"}, {"hero": "lvbu", "hand": ["duel ♠A", ANCHOR]},
              {"hero": "zhangfei", "hand": ["slash ♠8", "slash ♠9"]}, {}, current=1)
    g.play("Duel ♠A")
    g.play("target player_0")
    for card in ("Slash ♠8", "Slash ♠9"):
        expect(g, 0, C.DK_SLASH)
        assert g.legal_labels() == ["pass", "skill Rouse"]
        g.play("skill Rouse")
        expect(g, 2, C.DK_SLASH)
        g.play(card)
    assert damage(g) == [(0, 1, 1)]     # 吕布 holds no 杀: he loses, unasked
    assert {"Slash ♠8", "Slash ♠9"} <= set(discard_names(g))


def test_jijiang_one_slash_is_not_enough_against_lvbu():
    """激将 gives one of the two 杀; without the second 刘备 loses the 决斗."""
    g = table({"hero": "liubei"}, {"hero": "lvbu", "hand": ["duel ♠A", ANCHOR]},
              {"hero": "zhangfei", "hand": ["slash ♠8"]}, {}, current=1)
    g.play("Duel ♠A")
    g.play("target player_0")
    g.play("skill Rouse")
    g.play("Slash ♠8")
    expect(g, 0, C.DK_SLASH)            # the second 杀
    g.play("pass")
    assert damage(g) == [(1, 0, 1)]


def test_serpent_spear_twice_in_a_duel_on_lvbu():
    """丈八蛇矛: the user of a 决斗 on 吕布 plays two hand cards as each of his two 杀."""
    g = table({}, {"hero": "lvbu", "hand": ["slash ♠10"]},
              {"hand": ["duel ♠A", "jink ♦2", "jink ♦3", "peach ♥3", "peach ♥4", ANCHOR],
               "equip": ["spear"]}, {}, current=2)
    g.play("Duel ♠A")
    g.play("target player_1")
    g.play("Slash ♠10")
    for first, second in (("Jink ♦2", "Jink ♦3"), ("Peach ♥3", "Peach ♥4")):
        expect(g, 2, C.DK_SLASH)
        g.play("Serpent Spear ♠Q")
        g.play(first)
        g.play(second)
    assert damage(g) == [(2, 1, 1)]     # 吕布 holds no 杀: he loses, unasked


def test_longdan_two_jinks_as_slashes_against_lvbu():
    """龙胆: 赵云, target of 吕布's 决斗, plays two 闪 as his two 杀."""
    g = table({}, {"hero": "lvbu", "hand": ["duel ♠A", ANCHOR]},
              {"hero": "zhaoyun", "hand": ["jink ♦2", "jink ♦3"]}, {}, current=1)
    g.play("Duel ♠A")
    g.play("target player_2")
    expect(g, 2, C.DK_SLASH)
    assert g.legal_labels() == ["pass", "Jink ♦2", "Jink ♦3"]
    g.play("Jink ♦2")
    expect(g, 2, C.DK_SLASH)
    g.play("Jink ♦3")
    assert damage(g) == [(2, 1, 1)]     # 吕布 holds no 杀: he loses, unasked


@pytest.mark.parametrize("hero", ["lvbu", "xuwen"])
def test_wushuang_and_weiwu_alike(hero):
    """威武 (classmates) runs 无双's code with its parameter: the same two 杀."""
    g = table({}, {"hero": hero, "hand": ["duel ♠A", "slash ♠10", ANCHOR]},
              {"hand": ["slash ♠7", "slash ♠8"]}, {}, current=1)
    g.play("Duel ♠A")
    g.play("target player_2")
    g.play("Slash ♠7")
    expect(g, 2, C.DK_SLASH)
    g.play("Slash ♠8")
    expect(g, 1, C.DK_SLASH)
    g.play("pass")
    assert damage(g) == [(2, 1, 1)]
