"""疏财 (宋江; the 英雄杀 pack): scenario tests. The skill: "In your play phase you may give any
number of hand cards to other characters; the second card given in that phase heals you 1 HP (at
most 1 per phase)." It runs the code of 仁德 (``rende``, skills.csv ``base``) with parameter 1.

Tables: ``table`` is ``helpers.herokill_table4`` (four seats on the herokill deck, whose cards
have its names).
"""

import pytest
from helpers import HK_HEART_HORSE as ANCHOR
from helpers import asked, event_args, expect, hand_names, skill_events
from helpers import herokill_table4 as table
from helpers import sorted_labels as labels

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


@pytest.mark.parametrize("hero, healed", [("songjiang", 1), ("liubei", 2)])
def test_shucai_four_cards_heal_only_one(hero, healed, invariants):
    """疏财 (= 仁德 with parameter 1): giving two or more hand cards heals 1, and at most 1 a play
    phase: four cards heal 1 (仁德, the 三国杀 standard rules: every second card heals, so 2)."""
    g = table({"hero": hero, "hp": 1,
               "hand": ["Dodge ♦2", "Dodge ♦3", "Dodge ♦4", "Dodge ♦5", ANCHOR]})
    assert "skill " + ("Generosity" if hero == "songjiang" else "Benevolence") in g.legal_labels()
    g.play(g.legal_labels()[-1])
    asked(g, 0, C.DK_SKILL_TARGET, SK.SK_RENDE)
    assert labels(g) == ["target player_1", "target player_2", "target player_3"]
    g.play("target player_1")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_RENDE)
    assert labels(g) == sorted(["Dodge ♦2", "Dodge ♦3", "Dodge ♦4", "Dodge ♦5", ANCHOR])
    g.play("Dodge ♦2")
    assert g.hp(0) == 1
    assert labels(g) == sorted(["confirm", "Dodge ♦3", "Dodge ♦4", "Dodge ♦5", ANCHOR])
    g.play("Dodge ♦3")
    assert g.hp(0) == 2
    g.play("Dodge ♦4")
    g.play("Dodge ♦5")
    assert g.hp(0) == 1 + healed
    g.play("confirm")
    assert hand_names(g, 1) == ["Dodge ♦2", "Dodge ♦3", "Dodge ♦4", "Dodge ♦5"]
    assert event_args(g, C.EV_HEAL) == [(0, 1, 0)] * healed
    own = SK.SK_SHUCAI if hero == "songjiang" else SK.SK_RENDE
    assert skill_events(g, own) == [(0, own, 1)]
    expect(g, 0, C.DK_PLAY)
    invariants(g)


def test_shucai_counts_cards_across_activations_and_receivers():
    """疏财: the cards given in one play phase count together (one to each of two players heals 1);
    later gifts in that phase heal nothing more."""
    g = table({"hero": "songjiang", "hp": 2,
               "hand": ["Dodge ♦2", "Dodge ♦3", "Dodge ♦4", "Dodge ♦5", ANCHOR]})
    g.play("skill Generosity")
    g.play("target player_1")
    g.play("Dodge ♦2")
    g.play("confirm")
    assert g.hp(0) == 2
    g.play("skill Generosity")
    g.play("target player_2")
    g.play("Dodge ♦3")                    # the second card: heals 1
    assert g.hp(0) == 3
    g.play("confirm")
    g.play("skill Generosity")
    g.play("target player_3")
    g.play("Dodge ♦4")
    g.play("Dodge ♦5")                    # the fourth: nothing
    g.play("confirm")
    assert g.hp(0) == 3
    assert [len(g.hand(i)) for i in range(4)] == [1, 1, 1, 2]
    assert event_args(g, C.EV_HEAL) == [(0, 1, 0)]
