"""魅惑 (西施; the 英雄杀 pack): scenario tests. The skill: "You may use a diamond card, from
your hand or your equipment, as a Drawn Prison (Indulgence)." It runs the code of 国色
(``guose``, skills.csv ``base``).

Tables: ``table`` is ``helpers.herokill_table4`` (four seats on the herokill deck, whose cards
have its names).
"""

from helpers import asked, expect, skill_events
from helpers import herokill_table4 as table
from helpers import sorted_labels as labels

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_meihuo_diamond_card_as_drawn_prison(invariants):
    """魅惑 (= 国色): a ♦ hand or equipped card may be used as 画地为牢 (= 乐不思蜀) on another
    character at any distance."""
    g = table({"hero": "xishi", "hand": ["Dodge ♦2", "Strike ♠7"], "equip": ["Attack Horse ♦K"]},
              {}, {}, {"judge": ["Drawn Prison ♠6"]}, autoplay=False)
    g.play("skill Enchantment")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_GUOSE)
    assert labels(g) == ["Attack Horse ♦K", "Dodge ♦2"]
    g.play("Attack Horse ♦K")
    expect(g, 0, C.DK_TARGET)
    assert labels(g) == ["target player_1", "target player_2"]     # player_3 already has one
    g.play("target player_2")
    c = [x for x in g.judgement_zone(2)]
    assert len(c) == 1 and g.card_name(c[0]) == "Attack Horse ♦K"
    assert g.s[C.C_AS + c[0]] == C.K_INDULGENCE
    assert skill_events(g, SK.SK_MEIHUO) == [(0, SK.SK_MEIHUO, C.EV_SKILL_SILENT)]
    invariants(g)
