"""底蕴 (王晓平; the classmates pack): scenario tests. The skill: "When you lose your last hand
card, you may draw a card." It runs the code of 连营 (``lianying``, skills.csv ``base``).

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import asked, damage, hand_names, hit, skill_events
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_diyun_last_hand_card_lost_draws_one(invariants):
    """底蕴: when his last hand card leaves his hand he may draw 1."""
    g = table({"hand": ["slash ♠7", ANCHOR]}, {"hero": "wangxiaoping", "hand": ["jink ♦2"]},
              deck_top=["peach ♥3"], autoplay=False)
    hit(g)
    g.play("Jink ♦2")
    asked(g, 1, C.DK_CONFIRM, SK.SK_LIANYING)
    g.play("confirm")
    assert hand_names(g, 1) == ["Peach ♥3"] and damage(g) == []
    assert skill_events(g, SK.SK_DIYUN) == [(1, SK.SK_DIYUN, -1)]
    invariants(g)
