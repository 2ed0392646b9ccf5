"""楚楚 (陈圆圆; the 英雄杀 pack): scenario tests. The skill: "At the end of your turn, after
your discard phase, you may draw a card." It runs the code of 闭月 (``biyue``, skills.csv
``base``).

Tables: ``table`` is ``helpers.herokill_table4`` (four seats on the herokill deck, whose cards
have its names).
"""

import pytest
from helpers import asked, expect, hand_names, skill_events
from helpers import herokill_table4 as table
from helpers import sorted_labels as labels

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


@pytest.mark.parametrize("answer", ["confirm", "pass"])
def test_chuchu_may_draw_one_at_the_end_of_her_turn(answer):
    """楚楚 (= 闭月): after her discard phase, at the end of the turn, she may draw one card."""
    g = table({"hero": "chenyuanyuan", "hand": ["Dodge ♦2"]},
              deck_top=["Medicine ♥3", "Strike ♠8", "Strike ♠9"], autoplay=False)
    g.play("pass")
    asked(g, 0, C.DK_CONFIRM, SK.SK_BIYUE)
    assert g.phase == C.PH_DISCARD and labels(g) == ["confirm", "pass"]
    g.play(answer)
    if answer == "confirm":
        assert hand_names(g, 0) == ["Dodge ♦2", "Medicine ♥3"]
        assert skill_events(g, SK.SK_CHUCHU) == [(0, SK.SK_CHUCHU, -1)]
        assert hand_names(g, 1) == ["Strike ♠8", "Strike ♠9"]
    else:
        assert hand_names(g, 0) == ["Dodge ♦2"]
        assert hand_names(g, 1) == ["Medicine ♥3", "Strike ♠8"]
    expect(g, 1, C.DK_PLAY)
