"""霸王 (项羽; the 英雄杀 pack): scenario tests. The skill: "Locked. A target needs two Jinks to
dodge your Slash, and in a Duel with you your opponent must play two Slashes each time." It runs
the code of 无双 (``wushuang``, skills.csv ``base``) with parameter 2.

Tables: ``table`` is ``helpers.herokill_table`` (seats with roles by position, on the herokill
deck).
"""

from helpers import HK_HORSE as ANCHOR
from helpers import damage, expect, hand_names
from helpers import herokill_table as table

from heroes_env.engine import constants as C


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
    """吕布's 无双 (parameter 2, like 霸王): his 决斗 opponent plays two 杀 each time (the
    established engines' reading: docs/rules.md, Heroes (pack `standard`)); one 杀 alone loses."""
    g = table({}, {"hero": "lvbu", "hand": ["duel ♠A", ANCHOR]},
              {"hand": ["slash ♠7", "slash ♠8"]}, {}, current=1)
    g.play("Duel ♠A")
    g.play("target player_2")
    g.play("Strike ♠7")
    expect(g, 2, C.DK_SLASH)
    g.play("pass")
    assert damage(g) == [(1, 2, 1)]
    assert hand_names(g, 2) == ["Strike ♠8"]
