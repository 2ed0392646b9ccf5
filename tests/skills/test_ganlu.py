"""甘露 (崔晗; the classmates pack): scenario tests. The skill: "In your play phase you may use
a Peach as a God Salvation."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position). Some tests give a
rigged seat the skill through ``stand_in`` (its skill slot set directly); the one named for 崔晗
seats the hero herself.
"""

from helpers import DILU, asked, discard_names, events, expect, stand_in
from helpers import ZHUAHUANG as ANCHOR
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_ganlu_peach_as_god_salvation(invariants):
    """甘露: her 桃 may be used as 桃园结义: every wounded character recovers 1."""
    g = table({"hp": 3, "hand": ["peach ♥3", ANCHOR]}, {"hp": 2}, [], {"hp": 1}, autoplay=False)
    stand_in(g, 0, SK.SK_GANLU)
    g.play("skill Sweet Dew")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_GANLU)
    assert g.legal_labels() == ["Peach ♥3"]
    g.play("Peach ♥3")
    expect(g, 0, C.DK_PLAY)
    assert [g.hp(i) for i in range(4)] == [4, 3, 4, 2]
    assert discard_names(g) == ["Peach ♥3"]
    invariants(g)


def test_ganlu_peach_still_a_peach():
    g = table({"hp": 3, "hand": ["peach ♥3", ANCHOR]}, autoplay=False)
    stand_in(g, 0, SK.SK_GANLU)
    g.play("Peach ♥3")
    assert g.hp(0) == 4 and events(g, C.EV_SKILL) == []


def test_cuihan_ganlu_peach_as_god_salvation():
    """甘露 (崔晗): her 桃 is used as 桃园结义: every wounded character recovers 1."""
    g = table({"hero": "cuihan", "hp": 2, "hand": ["peach ♥3", DILU]}, {"hp": 3}, {}, {"hp": 1})
    g.play("skill Sweet Dew")
    assert [g.hp(i) for i in range(4)] == [3, 4, 4, 2]
