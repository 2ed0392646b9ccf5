"""法家 (商鞅; the 英雄杀 pack): scenario tests. The skill: "After you take damage and survive,
you may take a card of the damage source: a random hand card or an equipped card of your
choice." It runs the code of 反馈 (``fankui``, skills.csv ``base``) with parameter 1.

Tables: ``table`` is ``helpers.table4_filled`` (four seats; living seats without a hero get
吕蒙).
"""

from helpers import SKILL_IDS as SK
from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import asked_by, expect, hand_names
from helpers import skill_events_by_key as skill_events
from helpers import table4_filled as table

from heroes_env.engine import constants as C


def test_fajia_takes_an_equipment_card_or_a_hand_card(invariants):
    g = table({"hero": "shangyang"}, {"hand": ["slash ♠7", ANCHOR], "equip": ["crossbow ♣A"]},
              current=1)
    g.play("Slash ♠7")
    g.play("target player_0")
    asked_by(g, 0, C.DK_SKILL_CARD, "fajia")
    assert g.legal_labels() == ["pass", "Crossbow ♣A", "a hand card"]
    g.play("Crossbow ♣A")
    assert hand_names(g, 0) == ["Crossbow ♣A"] and g.equipment(1) == []
    assert skill_events(g, "fajia") == [(0, SK["fajia"], 1)]
    expect(g, 1, C.DK_PLAY)
    g.play(ANCHOR_LABEL)
    invariants(g)
    g = table({"hero": "shangyang"}, {"hand": ["slash ♠7", "jink ♦2"]}, current=1)
    g.play("Slash ♠7")
    g.play("target player_0")
    asked_by(g, 0, C.DK_SKILL_CARD, "fajia")
    assert g.legal_labels() == ["pass", "a hand card"]
    g.play("a hand card")
    assert hand_names(g, 0) == ["Jink ♦2"]
    invariants(g)


def test_fajia_not_asked_when_the_source_has_nothing():
    g = table({"hero": "shangyang"}, {"hand": ["slash ♠7"]}, current=1)
    g.play("Slash ♠7")
    g.play("target player_0")
    assert skill_events(g) == [] and g.hp(0) == 2
