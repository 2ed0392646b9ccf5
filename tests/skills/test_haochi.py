"""好吃为王 (廖晨昱; the classmates pack): scenario tests. The skill: "After you take damage and
survive, you may take the card that dealt it." It runs the code of 奸雄 (``jianxiong``,
skills.csv ``base``).

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import DILU as STOP
from helpers import asked, hand_names, hit, skill_events
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_haochi_takes_the_card_that_hurt_him(invariants):
    """好吃为王: he may take the card that dealt him damage."""
    g = table({"hero": "liaochenyu"}, ["slash ♠7", STOP], current=1, autoplay=False)
    hit(g, target="target player_0")
    asked(g, 0, C.DK_CONFIRM, SK.SK_JIANXIONG)
    g.play("confirm")
    assert hand_names(g, 0) == ["Slash ♠7"]
    assert skill_events(g, SK.SK_HAOCHI) == [(0, SK.SK_HAOCHI, -1)]
    invariants(g)
