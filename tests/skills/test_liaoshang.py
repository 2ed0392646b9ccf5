"""疗伤 (扁鹊; the 英雄杀 pack): scenario tests. The skill: "Once per play phase, you may
discard a hand card to let a wounded character, yourself included, recover 1 HP." It runs the
code of 青囊 (``qingnang``, skills.csv ``base``) with parameter 1.

Tables: ``table`` is ``helpers.herokill_table4`` (four seats on the herokill deck, whose cards
have its names).
"""

from helpers import HK_HEART_HORSE as ANCHOR
from helpers import asked, discard_names, event_args, expect, skill_events
from helpers import herokill_table4 as table
from helpers import sorted_labels as labels

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_liaoshang_hand_card_heals_any_wounded_character_once_per_phase(invariants):
    """疗伤 (= 青囊 with parameter 1): discard one hand card (not equipment), one wounded character
    at any distance recovers 1; once per play phase."""
    g = table({"hero": "bianque", "hand": ["Strike ♠7", "Dodge ♦2"], "equip": [ANCHOR]},
              {}, {"hp": 2}, {}, autoplay=False)
    g.play("skill Tend Wounds")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_QINGNANG)
    assert labels(g) == ["Dodge ♦2", "Strike ♠7"]
    g.play("Strike ♠7")
    asked(g, 0, C.DK_SKILL_TARGET, SK.SK_QINGNANG)
    assert labels(g) == ["target player_2"]            # he and the others are unhurt
    g.play("target player_2")
    assert g.hp(2) == 3 and discard_names(g) == ["Strike ♠7"]
    assert event_args(g, C.EV_HEAL) == [(2, 1, 0)]
    assert skill_events(g, SK.SK_LIAOSHANG) == [(0, SK.SK_LIAOSHANG, 2)]
    expect(g, 0, C.DK_PLAY)
    assert "skill Tend Wounds" not in g.legal_labels()     # player_2 is still wounded
    invariants(g)


def test_liaoshang_heals_himself_and_needs_a_hand_card_and_a_wounded_character():
    """疗伤 may heal 扁鹊 himself; it is not offered without a hand card (equipment does not
    count) or without a wounded character."""
    g = table({"hero": "bianque", "hp": 2, "hand": ["Dodge ♦2", ANCHOR]}, {"hp": 3},
              autoplay=False)
    g.play("skill Tend Wounds")
    g.play("Dodge ♦2")
    assert labels(g) == ["target player_0", "target player_1"]
    g.play("target player_0")
    assert g.hp(0) == 3
    g = table({"hero": "bianque", "hp": 2, "equip": [ANCHOR]}, autoplay=False)
    assert labels(g) == ["pass"]
    g = table({"hero": "bianque", "hand": ["Dodge ♦2"]}, autoplay=False)
    assert labels(g) == ["pass"]
