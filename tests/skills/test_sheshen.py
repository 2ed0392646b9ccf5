"""舍身 (虞姬; the 英雄杀 pack): scenario tests. The skill: "After you take damage and survive,
for each point you may look at the top two cards of the deck and give each to any living
character, yourself included." It runs the code of 遗计 (``yiji``, skills.csv ``base``).

Tables: ``table`` is ``helpers.table4_filled`` (four seats; living seats without a hero get
吕蒙).
"""

from helpers import SKILL_IDS as SK
from helpers import ZHUAHUANG as ANCHOR
from helpers import asked_by, expect, hand_names
from helpers import expect_confirm_by_base as expect_confirm
from helpers import skill_events_by_key as skill_events
from helpers import table4_filled as table

from heroes_env.engine import constants as C


def test_sheshen_yuji_gives_two_cards_per_point(invariants):
    g = table({"hero": "yuji"}, ["slash ♠7", ANCHOR], current=1, deck_top=["jink ♦2", "peach ♥3"])
    g.play("Slash ♠7")
    g.play("target player_0")
    expect_confirm(g, 0, "sheshen")
    g.play("confirm")
    asked_by(g, 0, C.DK_SKILL_TARGET, "sheshen")
    g.play("target player_2")
    asked_by(g, 0, C.DK_SKILL_TARGET, "sheshen")
    g.play("target player_0")
    assert sorted(hand_names(g, 0) + hand_names(g, 2)) == ["Jink ♦2", "Peach ♥3"]
    assert len(g.hand(0)) == 1 and len(g.hand(2)) == 1
    assert skill_events(g, "sheshen") == [(0, SK["sheshen"], -1)]
    expect(g, 1, C.DK_PLAY)
    invariants(g)
