"""玉步 (赵飞燕; the 英雄杀 pack): scenario tests. The skill: "At the start of your draw phase,
before drawing, you may judge: a black card goes to your hand and you may judge again; the first
red card ends it." It runs the code of 洛神 (``luoshen``, skills.csv ``base``) with parameter 1.

Tables: ``table`` is ``helpers.herokill_table4`` (four seats on the herokill deck, whose cards
have its names).
"""

import pytest
from helpers import HK_HEART_HORSE as ANCHOR
from helpers import asked, discard_names, expect, hand_names, skill_events
from helpers import herokill_table4 as table
from helpers import sorted_labels as labels

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


@pytest.mark.parametrize("hero", ["zhaofeiyan", "zhenji"])
def test_yubu_judges_before_the_draw_phase_not_at_the_start(hero, invariants):
    """玉步 (= 洛神 with parameter 1): "摸牌阶段前" — after the judge phase, before drawing (洛神:
    at the start of the turn). Black judgement cards go to her hand; she may go on until a red."""
    g = table({}, {}, {}, {"hero": hero, "judge": ["Drawn Prison ♠6"], "hand": [ANCHOR]},
              current=3, phase="start",
              deck_top=["Medicine ♥3", "Strike ♠8", "Dodge ♦2", "Strike ♠9", "Strike ♠10"],
              autoplay=False)
    if hero == "zhenji":
        asked(g, 3, C.DK_CONFIRM, SK.SK_LUOSHEN)
        assert g.phase == C.PH_START
        g.play("pass")
        expect(g, 3, C.DK_PLAY)                        # not asked again before the draw
        assert hand_names(g, 3) == sorted([ANCHOR, "Strike ♠8", "Dodge ♦2"])
        return
    asked(g, 3, C.DK_CONFIRM, SK.SK_LUOSHEN)
    assert g.phase == C.PH_DRAW
    assert "Medicine ♥3" in discard_names(g)           # 画地为牢 was judged first (♥: no effect)
    assert labels(g) == ["confirm", "pass"]
    g.play("confirm")
    asked(g, 3, C.DK_CONFIRM, SK.SK_LUOSHEN)
    assert hand_names(g, 3) == sorted([ANCHOR, "Strike ♠8"])
    g.play("confirm")
    expect(g, 3, C.DK_PLAY)                           # ♦2 red: over; then she drew two
    assert hand_names(g, 3) == sorted([ANCHOR, "Strike ♠8", "Strike ♠9", "Strike ♠10"])
    assert "Dodge ♦2" in discard_names(g)
    assert skill_events(g, SK.SK_YUBU) == [(3, SK.SK_YUBU, -1)] * 2
    invariants(g)
