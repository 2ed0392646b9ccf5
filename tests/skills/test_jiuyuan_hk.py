"""救援 (武松, 宋江, 西施, 扁鹊 ...; the 英雄杀 pack): scenario tests. The skill: "Lord skill.
While you are dying, a Medicine (Peach) used on you by a Jun character heals 1 extra HP."

Tables: ``table`` is ``helpers.herokill_table`` (seats with roles by position, on the herokill
deck).
"""

from helpers import HK_HORSE as ANCHOR
from helpers import event_args, expect, skill_events
from helpers import herokill_table as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills.ids import SK_JIUYUAN_HK


def heals(g):
    return event_args(g, C.EV_HEAL)


def _rescue_table(helper, helper_hand=("medicine ♥3",)):
    """Lord 武松 (1 HP) is hit by player_3's 杀 and is dying; helper (seat 3) holds 药."""
    return table({"hero": "wusong", "hp": 1}, {}, {},
                 {"hero": helper, "hand": ["slash ♠7", *helper_hand, ANCHOR]}, current=3)


def _kill_lord(g):
    g.play("Strike ♠7")
    g.play("target player_0")
    expect(g, 3, C.DK_PEACH)


def _kill_lord_self(g):
    g.play("Strike ♠7")
    g.play("target player_0")
    expect(g, 0, C.DK_PEACH)


def test_jiuyuan_hk_jun_medicine_heals_two_while_dying():
    """救援: a 君 character's 药 on the dying 民 lord heals 1 extra: from 0 HP to 2."""
    g = _rescue_table("lishimin")
    _kill_lord(g)
    assert g.hp(0) == 0
    g.play("Medicine ♥3")
    assert g.hp(0) == 2 and g.alive(0)
    assert heals(g) == [(0, 2, 3)]
    assert skill_events(g, SK_JIUYUAN_HK) == [(0, SK_JIUYUAN_HK, 3)]
    expect(g, 3, C.DK_PLAY)


def test_jiuyuan_hk_no_extra_from_a_chen_character_or_from_himself():
    """救援: a 臣 character's 药 heals only 1; so does the lord's own 药 (he is 民)."""
    g = _rescue_table("yuefei")
    _kill_lord(g)
    g.play("Medicine ♥3")
    assert g.hp(0) == 1 and heals(g) == [(0, 1, 3)]
    assert skill_events(g, SK_JIUYUAN_HK) == []
    g = table({"hero": "wusong", "hp": 1, "hand": ["medicine ♥4"]}, {}, {},
              {"hero": "lishimin", "hand": ["slash ♠7", ANCHOR]}, current=3)
    _kill_lord_self(g)
    g.play("Medicine ♥4")
    assert g.hp(0) == 1 and heals(g) == [(0, 1, 0)]


def test_jiuyuan_hk_only_for_the_lord_and_never_above_max_hp():
    """救援 is a lord skill: a non-lord 武松 gets 1 from a 君's 药. The extra point never goes
    above the lord's max HP."""
    g = table({"hero": "lishimin", "hand": ["medicine ♥3"]}, {"hero": "wusong", "hp": 1},
              {"hand": ["slash ♠7", ANCHOR]}, {}, current=2)
    g.play("Strike ♠7")
    g.play("target player_1")
    expect(g, 0, C.DK_PEACH)
    g.play("Medicine ♥3")
    assert g.hp(1) == 1 and heals(g) == [(1, 1, 0)]
    # max HP cap: lord 武松 with max HP 1 (rigged) healed by a 君 goes to 1, not 2
    g = table({"hero": "wusong", "hp": 1, "max_hp": 1}, {}, {},
              {"hero": "xiangyu", "hand": ["slash ♠7", "medicine ♥3", ANCHOR]}, current=3)
    g.play("Strike ♠7")
    g.play("target player_0")
    expect(g, 3, C.DK_PEACH)
    g.play("Medicine ♥3")
    assert g.hp(0) == 1 and heals(g) == [(0, 1, 3)]


def test_jiuyuan_hk_extra_only_while_dying():
    """救援 only changes 药 used on the dying lord: outside dying, a 君's 药 is his own (and
    heals only himself, by 1)."""
    g = table({"hero": "wusong", "hp": 2}, {}, {},
              {"hero": "lishimin", "hp": 2, "hand": ["medicine ♥3", ANCHOR]}, current=3)
    assert "Medicine ♥3" in g.legal_labels()
    g.play("Medicine ♥3")
    assert g.hp(3) == 3 and g.hp(0) == 2 and heals(g) == [(3, 1, 3)]
    assert skill_events(g, SK_JIUYUAN_HK) == []
