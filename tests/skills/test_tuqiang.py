"""图强 (勾践; the 英雄杀 pack): scenario tests. The skill: "Locked. Outside your turn, each
time you use or play a Jink you draw a card."

Tables: ``table`` is ``helpers.herokill_table`` (seats with roles by position, on the herokill
deck).
"""

from helpers import HK_HORSE as ANCHOR
from helpers import HK_HORSE_LABEL as A
from helpers import damage, expect, hand_names, skill_events
from helpers import herokill_table as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills.ids import SK_TUQIANG


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
