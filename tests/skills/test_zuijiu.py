"""醉酒 (武松; the 英雄杀 pack): scenario tests. The skill: "In your draw phase you may draw
only one card; if you do, this turn your Slashes deal 2 damage, and so does a Duel you used when
you win it."

Tables: ``table`` is ``helpers.herokill_table`` (seats with roles by position, on the herokill
deck).
"""

from helpers import HK_HORSE as ANCHOR
from helpers import HK_HORSE_LABEL as A
from helpers import damage, expect, hand_names, skill_events
from helpers import herokill_table as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills.ids import SK_ZUIJIU


def _drunk(confirm, hand, **kw):
    g = table({}, {"hero": "wusong", "hand": hand}, *kw.pop("others", ({}, {})), current=1,
              phase="draw", deck_top=["jink ♦2", "jink ♦3", "jink ♦4"], **kw)
    expect(g, 1, C.DK_CONFIRM)
    g.play("confirm" if confirm else "pass")
    return g


def test_zuijiu_draw_one_then_slash_deals_two():
    """醉酒: drawing only one card, his 杀 deals 2 damage this turn; the mark is public (OS_MARK
    bit 5) and gone once his turn is over."""
    g = _drunk(True, ["slash ♠7", ANCHOR])
    assert hand_names(g, 1) == [A, "Dodge ♦2", "Strike ♠7"]
    assert int(g.s[C.P_MARK + 1]) == C.MK_ZUIJIU
    assert g.observe(0)[C.OBS_SEATS + 1 * C.SEAT_OBS + C.OS_MARK + 5] == 1
    assert skill_events(g, SK_ZUIJIU) == [(1, SK_ZUIJIU, -1)]
    g.play("Strike ♠7")
    g.play("target player_2")
    assert damage(g) == [(1, 2, 2)] and g.hp(2) == 2
    g.play("pass")
    assert g.current != 1 and int(g.s[C.P_MARK + 1]) == 0


def test_zuijiu_declined_draws_two_and_deals_one():
    g = _drunk(False, ["slash ♠7", ANCHOR])
    assert hand_names(g, 1) == [A, "Dodge ♦2", "Dodge ♦3", "Strike ♠7"]
    assert int(g.s[C.P_MARK + 1]) == 0
    g.play("Strike ♠7")
    g.play("target player_2")
    assert damage(g) == [(1, 2, 1)]


def test_zuijiu_duel_deals_two_only_when_he_wins():
    """醉酒: a 决斗 he used deals 2 when he wins; losing it he takes the usual 1."""
    g = _drunk(True, ["duel ♠A", ANCHOR])
    g.play("Duel ♠A")
    g.play("target player_2")
    assert damage(g) == [(1, 2, 2)]
    g = _drunk(True, ["duel ♠A", ANCHOR], others=({"hand": ["slash ♠7"]}, {}))
    g.play("Duel ♠A")
    g.play("target player_2")
    g.play("Strike ♠7")
    assert damage(g) == [(2, 1, 1)]


def test_zuijiu_duel_against_bawang():
    """醉酒 against 霸王: 武松's 决斗 on 项羽 asks him two 杀 per turn; with one he loses and takes
    1 from 项羽; if 项羽 has no 杀, 武松 wins and deals 2."""
    g = _drunk(True, ["duel ♠A", "slash ♠8", ANCHOR],
               others=({"hero": "xiangyu", "hand": ["slash ♠7"]}, {}))
    g.play("Duel ♠A")
    g.play("target player_2")
    g.play("Strike ♠7")
    expect(g, 1, C.DK_SLASH)
    g.play("Strike ♠8")
    assert damage(g) == [(2, 1, 1)]
    g = _drunk(True, ["duel ♠A", ANCHOR], others=({"hero": "xiangyu"}, {}))
    g.play("Duel ♠A")
    g.play("target player_2")
    assert damage(g) == [(1, 2, 2)]


def test_zuijiu_slash_dodged_by_two_jinks_of_a_bawang_style_target_is_no_damage():
    """醉酒 changes the damage, not the dodge: a 杀 of 武松 is still cancelled by one 闪 (he has no
    无双), so nothing is dealt."""
    g = _drunk(True, ["slash ♠7", ANCHOR], others=({"hand": ["jink ♦5"]}, {}))
    g.play("Strike ♠7")
    g.play("target player_2")
    g.play("Dodge ♦5")
    assert damage(g) == []
