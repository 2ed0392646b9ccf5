"""救援 (孙权; the standard pack): scenario tests. The skill: "Lord skill. Other Wu characters
may use a Peach on you during their own turns while you are wounded."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import DILU as STOP
from helpers import event_args, expect
from helpers import table4 as table

from heroes_env.engine import constants as C


def test_jiuyuan_wu_character_may_peach_wounded_lord_sunquan_in_own_turn():
    """救援: in his own turn another 吴 character's 桃 may target the wounded lord 孙权 instead of
    himself (the rule text; docs/rules.md, Heroes (pack `standard`))."""
    g = table({"hero": "sunquan", "hp": 2},
              {"hero": "ganning", "hp": 3, "hand": ["peach ♥3", STOP]}, current=1)
    expect(g, 1, C.DK_PLAY)
    g.play("Peach ♥3")
    expect(g, 1, C.DK_TARGET)
    assert sorted(g.legal_labels()) == ["target player_0", "target player_1"]
    g.play("target player_0")
    assert (g.hp(0), g.hp(1)) == (3, 3)
    assert event_args(g, C.EV_HEAL) == [(0, 1, 1)]
    expect(g, 1, C.DK_PLAY)


def test_jiuyuan_full_hp_wu_character_can_only_target_sunquan():
    """救援: a 吴 character at full HP may still use 桃, on the wounded 孙权 only."""
    g = table({"hero": "sunquan", "hp": 3},
              {"hero": "lvmeng", "hand": ["peach ♥3"]}, current=1, autoplay=False)
    assert g.legal_labels() == ["pass", "Peach ♥3"]
    g.play("Peach ♥3")
    expect(g, 1, C.DK_TARGET)
    assert g.legal_labels() == ["target player_0"]
    g.play("target player_0")
    assert (g.hp(0), g.hp(1)) == (4, 4)


def test_jiuyuan_not_for_a_character_of_another_kingdom():
    """救援 is for 吴 characters only: a 魏 character's 桃 heals only himself, and is not usable at
    full HP."""
    g = table({"hero": "sunquan", "hp": 2},
              {"hero": "xiahoudun", "hp": 3, "hand": ["peach ♥3", STOP]}, current=1)
    g.play("Peach ♥3")
    expect(g, 1, C.DK_PLAY)          # no target choice: it healed him
    assert (g.hp(0), g.hp(1)) == (2, 4)
    g2 = table({"hero": "sunquan", "hp": 2},
               {"hero": "xiahoudun", "hand": ["peach ♥3", STOP]}, current=1)
    assert g2.legal_labels() == ["pass", "Dilu ♣5"]


def test_jiuyuan_only_when_sunquan_is_the_lord():
    """救援 is a lord skill: 孙权 as a rebel cannot receive another 吴 character's 桃 (lord skills
    only as the lord: docs/rules.md, Heroes (pack `standard`))."""
    g = table({"hero": "ganning", "hand": ["peach ♥3", STOP]},
              {"hero": "sunquan", "hp": 2})
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass", "Dilu ♣5"]


def test_jiuyuan_not_offered_on_unwounded_sunquan():
    """救援: a wounded 吴 character's 桃 needs no target choice while 孙权 is at full HP."""
    g = table({"hero": "sunquan"},
              {"hero": "ganning", "hp": 3, "hand": ["peach ♥3", STOP]}, current=1)
    g.play("Peach ♥3")
    expect(g, 1, C.DK_PLAY)
    assert (g.hp(0), g.hp(1)) == (4, 4)
