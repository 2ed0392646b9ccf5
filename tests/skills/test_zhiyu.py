"""治愈 (褒姒; the 英雄杀 pack): scenario tests. The skill: "Once per play phase, you may
discard two hand cards and choose a wounded male character; you and he each recover 1 HP." It
runs the code of 结姻 (``jieyin``, skills.csv ``base``).

Tables: ``table`` is ``helpers.herokill_table4`` (four seats on the herokill deck, whose cards
have its names).
"""

from helpers import HK_HEART_HORSE as ANCHOR
from helpers import asked, discard_names, expect, skill_events
from helpers import herokill_table4 as table
from helpers import sorted_labels as labels

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_zhiyu_two_hand_cards_heal_her_and_a_wounded_male(invariants):
    """治愈 (= 结姻): discard two hand cards, choose a wounded male; both recover 1; once a
    phase."""
    g = table({"hero": "baosi", "hp": 2, "hand": ["Strike ♠7", "Dodge ♦2", "Strike ♠8"],
               "equip": [ANCHOR]},
              {"gender": "male", "hp": 3}, {"gender": "female", "hp": 3}, {"gender": "male"},
              autoplay=False)
    g.play("skill Healing Bond")
    asked(g, 0, C.DK_SKILL_TARGET, SK.SK_JIEYIN)
    assert labels(g) == ["target player_1"]
    g.play("target player_1")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_JIEYIN)
    assert labels(g) == ["Dodge ♦2", "Strike ♠7", "Strike ♠8"]
    g.play("Strike ♠7")
    g.play("Dodge ♦2")
    assert (g.hp(0), g.hp(1)) == (3, 4)
    assert discard_names(g) == ["Dodge ♦2", "Strike ♠7"]
    assert skill_events(g, SK.SK_ZHIYU) == [(0, SK.SK_ZHIYU, 1)]
    expect(g, 0, C.DK_PLAY)
    assert "skill Healing Bond" not in g.legal_labels()
    invariants(g)
