"""复仇 (李逵; the 英雄杀 pack): scenario tests. The skill: "After you take damage and survive,
you may make the damage source judge: unless it is a heart, it chooses to lose 1 HP or discard
two hand cards (with fewer than two, it loses the HP)." It runs the code of 刚烈 (``ganglie``,
skills.csv ``base``) with parameter 1.

Tables: ``table`` is ``helpers.table4_filled`` (four seats; living seats without a hero get
吕蒙).
"""

import pytest
from helpers import SKILL_IDS as SK
from helpers import ZHUAHUANG as ANCHOR
from helpers import asked_by, expect
from helpers import expect_confirm_by_base as expect_confirm
from helpers import skill_events_by_key as skill_events
from helpers import table4_filled as table

from heroes_env.engine import constants as C


@pytest.mark.parametrize("judge, hurt", [("jink ♦2", True), ("slash ♣2", True),
                                         ("peach ♥3", False)])
def test_fuchou_hurts_unless_heart(invariants, judge, hurt):
    """复仇 = 刚烈 whose judgement hurts the source unless it is ♥ (a ♦ also hurts)."""
    g = table({"hero": "likui"}, ["slash ♠7", "jink ♦3", ANCHOR], current=1, deck_top=[judge])
    g.play("Slash ♠7")
    g.play("target player_0")
    expect_confirm(g, 0, "fuchou")
    g.play("confirm")
    assert skill_events(g, "fuchou") == [(0, SK["fuchou"], 1)]
    if hurt:
        asked_by(g, 1, C.DK_SKILL_OPTION, "fuchou")
        assert g.legal_labels() == ["lose 1 HP", "discard two hand cards"]
        g.play("lose 1 HP")
        assert g.hp(1) == 3
    else:
        assert g.hp(1) == 4
    expect(g, 1, C.DK_PLAY)
    invariants(g)


def test_ganglie_still_needs_black():
    """刚烈 itself is unchanged: a ♦ judgement does nothing."""
    g = table({"hero": "xiahoudun"}, ["slash ♠7", "jink ♦3", ANCHOR], current=1,
              deck_top=["jink ♦2"])
    g.play("Slash ♠7")
    g.play("target player_0")
    g.play("confirm")
    expect(g, 1, C.DK_PLAY)
    assert g.hp(1) == 4
