"""玲珑 (杨晓怡; the classmates pack): scenario tests. The skill: "Each time you lose an
equipped card, you may draw two cards." It runs the code of 枭姬 (``xiaoji``, skills.csv
``base``).

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import asked, hand_names, skill_events
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_linglong_losing_equipment_draws_two(invariants):
    """玲珑: an equipped card of hers leaves: she may draw 2."""
    g = table({"hand": ["dismantlement ♠3", ANCHOR]}, {"hero": "yangxiaoyi", "equip": ["chitu"]},
              deck_top=["peach ♥3", "jink ♦2"], autoplay=False)
    g.play("Dismantlement ♠3")
    g.play("target player_1")
    g.play("Chitu ♥5")
    asked(g, 1, C.DK_CONFIRM, SK.SK_XIAOJI)
    g.play("confirm")
    assert hand_names(g, 1) == ["Jink ♦2", "Peach ♥3"]
    assert skill_events(g, SK.SK_LINGLONG) == [(1, SK.SK_LINGLONG, -1)]
    invariants(g)
