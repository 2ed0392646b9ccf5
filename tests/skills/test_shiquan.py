"""释权 (赵匡胤; the 英雄杀 pack): scenario tests. The skill: "You may use a black card, from
your hand or your equipment, as a Remove the Firewood (Dismantlement)." It runs the code of 奇袭
(``qixi``, skills.csv ``base``).

Tables: ``table`` is ``helpers.herokill_table4`` (four seats on the herokill deck, whose cards
have its names).
"""

from helpers import asked, discard_names, equip_names, expect, skill_events
from helpers import herokill_table4 as table
from helpers import sorted_labels as labels

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_shiquan_black_card_as_remove_the_firewood_at_any_distance(invariants):
    """释权 (= 奇袭): a black hand or equipped card may be used as 釜底抽薪 (= 过河拆桥, any
    distance): the target loses a card of the user's choice."""
    g = table({"hero": "zhaokuangyin", "hand": ["Strike ♠7", "Dodge ♦2"],
               "equip": ["Tiger Tally ♣A"]},
              {}, {"hand": ["Medicine ♥3"], "equip": ["Jade Ruyi ♠2"]}, {}, autoplay=False)
    g.play("skill Release Power")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_QIXI)
    assert labels(g) == ["Strike ♠7", "Tiger Tally ♣A"]
    g.play("Tiger Tally ♣A")
    expect(g, 0, C.DK_TARGET)
    assert int(g.s[C.DX_TARGET_KIND]) == C.K_DISMANTLE
    assert labels(g) == ["target player_2"]            # the only one with cards, at distance 2
    g.play("target player_2")
    expect(g, 0, C.DK_PICK)
    assert labels(g) == ["Jade Ruyi ♠2", "a hand card"]
    g.play("Jade Ruyi ♠2")
    assert equip_names(g, 2) == [] and equip_names(g, 0) == []
    assert discard_names(g) == ["Jade Ruyi ♠2", "Tiger Tally ♣A"]
    assert skill_events(g, SK.SK_SHIQUAN) == [(0, SK.SK_SHIQUAN, C.EV_SKILL_SILENT)]
    expect(g, 0, C.DK_PLAY)
    invariants(g)
