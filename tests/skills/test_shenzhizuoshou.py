"""神之左手 (涂凯; the classmates pack): scenario tests. The skill: "After your discard phase
you may draw a card." It runs the code of 闭月 (``biyue``, skills.csv ``base``).

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import DILU as STOP
from helpers import asked, hand_names, skill_events
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_shenzhizuoshou_draws_one_at_the_end_of_his_turn(invariants):
    """神之左手 (= 闭月): after his discard phase he may draw 1."""
    g = table({"hero": "tukai"}, [STOP], phase="discard", deck_top=["peach ♥3"])
    asked(g, 0, C.DK_CONFIRM, SK.SK_BIYUE)
    g.play("confirm")
    assert hand_names(g, 0) == ["Peach ♥3"]
    assert skill_events(g, SK.SK_SHENZHIZUOSHOU) == [(0, SK.SK_SHENZHIZUOSHOU, -1)]
    invariants(g)
