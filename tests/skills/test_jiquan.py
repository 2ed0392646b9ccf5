"""集权 (嬴政; the 英雄杀 pack): scenario tests. The skill: "After you take damage and survive,
you may take the card that dealt it." It runs the code of 奸雄 (``jianxiong``, skills.csv
``base``).

Tables: ``table`` is ``helpers.table4_filled`` (four seats; living seats without a hero get
吕蒙).
"""

from helpers import SKILL_IDS as SK
from helpers import ZHUAHUANG as ANCHOR
from helpers import expect, hand_names
from helpers import expect_confirm_by_base as expect_confirm
from helpers import skill_events_by_key as skill_events
from helpers import table4_filled as table

from heroes_env.engine import constants as C


def test_jiquan_yingzheng_takes_the_card_that_hurt_him(invariants):
    g = table({"hero": "yingzheng"}, ["slash ♠7", ANCHOR], current=1)
    g.play("Slash ♠7")
    g.play("target player_0")
    expect_confirm(g, 0, "jiquan")
    g.play("confirm")
    assert hand_names(g, 0) == ["Slash ♠7"]
    assert skill_events(g, "jiquan") == [(0, SK["jiquan"], -1)]
    expect(g, 1, C.DK_PLAY)
    invariants(g)
