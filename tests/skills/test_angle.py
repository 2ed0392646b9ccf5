"""Angle (杨晓怡; the classmates pack): scenario tests. The skill: "Once per play phase, you may
discard two hand cards and choose a wounded male character; you and he each recover 1 HP." It
runs the code of 结姻 (``jieyin``, skills.csv ``base``).

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import asked, skill_events
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_angle_two_hand_cards_heal_her_and_a_wounded_man(invariants):
    """Angle: discard two hand cards, choose a wounded male: both recover 1 (she need not be
    hurt)."""
    g = table({"hero": "yangxiaoyi", "hp": 2, "hand": ["jink ♦2", "jink ♦3", ANCHOR]},
              {"hero": "tukai", "hp": 1}, {"hero": "fuyaqin", "hp": 1}, autoplay=False)
    g.play("skill Angel")
    asked(g, 0, C.DK_SKILL_TARGET, SK.SK_JIEYIN)
    assert g.legal_labels() == ["target player_1"]                  # the wounded woman is not
    g.play("target player_1")
    g.play("Jink ♦2")
    g.play("Jink ♦3")
    assert (g.hp(0), g.hp(1)) == (3, 2)
    assert skill_events(g, SK.SK_ANGLE) == [(0, SK.SK_ANGLE, 1)]
    invariants(g)
