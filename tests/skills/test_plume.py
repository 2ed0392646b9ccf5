"""Plume (王玉洁; the classmates pack): scenario tests. The skill: "After you take damage and
survive, for each point you may look at the top two cards of the deck and give each to any
living character, yourself included." It runs the code of 遗计 (``yiji``, skills.csv ``base``).

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import asked, hand_names, hit, skill_events
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_plume_per_point_draws_two_and_gives_each(invariants):
    """Plume (= 遗计): per point of damage, look at two cards and give each to anyone."""
    g = table(["slash ♠7", ANCHOR], {"hero": "wangyujie"}, deck_top=["peach ♥3", "jink ♦2"],
              autoplay=False)
    hit(g)
    asked(g, 1, C.DK_CONFIRM, SK.SK_YIJI)
    g.play("confirm")
    asked(g, 1, C.DK_SKILL_TARGET, SK.SK_YIJI)
    g.play("target player_3")
    g.play("target player_1")
    assert hand_names(g, 3) == ["Peach ♥3"] and hand_names(g, 1) == ["Jink ♦2"]
    assert skill_events(g, SK.SK_PLUME) == [(1, SK.SK_PLUME, -1)]
    invariants(g)
