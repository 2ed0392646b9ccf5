"""英姿 (周瑜; the standard pack): scenario tests. The skill: "In your draw phase you may draw
one extra card."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import DILU as STOP
from helpers import asked, expect, hand_names, skill_events
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_yingzi_draws_three():
    """英姿: in his draw phase he may draw 3 instead of 2 (the 三国杀 standard rules)."""
    g = table({"hero": "zhouyu"}, [STOP], phase="draw",
              deck_top=["jink ♦2", "jink ♦3", "jink ♦4", "jink ♦5"])
    asked(g, 0, C.DK_CONFIRM, SK.SK_YINGZI)
    assert g.legal_labels() == ["pass", "confirm"]
    g.play("confirm")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == ["Jink ♦2", "Jink ♦3", "Jink ♦4"]
    assert skill_events(g, SK.SK_YINGZI) == [(0, SK.SK_YINGZI, -1)]


def test_yingzi_declined_draws_two():
    """英姿 is optional: declined, he draws the usual 2."""
    g = table({"hero": "zhouyu"}, [STOP], phase="draw",
              deck_top=["jink ♦2", "jink ♦3", "jink ♦4", "jink ♦5"])
    g.play("pass")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == ["Jink ♦2", "Jink ♦3"]
    assert skill_events(g, SK.SK_YINGZI) == []
