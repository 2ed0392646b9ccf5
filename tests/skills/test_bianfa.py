"""变法 (商鞅; the 英雄杀 pack): scenario tests. The skill: "Before any character's judgement
card takes effect, you may replace it with one of your hand or equipped cards; the replaced card
is discarded." It runs the code of 鬼才 (``guicai``, skills.csv ``base``) with parameter 1.

Tables: ``table`` is ``helpers.table4_filled`` (four seats; living seats without a hero get
吕蒙).
"""

from helpers import SKILL_IDS as SK
from helpers import asked_by, judged
from helpers import skill_events_by_key as skill_events
from helpers import table4_filled as table

from heroes_env.engine import constants as C


def test_bianfa_replaces_a_judgement_with_an_equipment_card(invariants):
    """变法 = 鬼才 that may also use an equipment card."""
    g = table({"hero": "shangyang", "hand": ["jink ♦2"], "equip": ["eight_diagram ♠2"]},
              {"judge": ["indulgence ♠6"]}, current=1, phase="start",
              deck_top=["slash ♠7", "jink ♦3", "jink ♦4"])
    asked_by(g, 0, C.DK_SKILL_CARD, "bianfa")
    assert g.legal_labels() == ["pass", "Eight Diagram ♠2", "Jink ♦2"]
    g.play("Eight Diagram ♠2")
    assert g.equipment(0) == []
    assert judged(g) == ["Slash ♠7", "Eight Diagram ♠2"]
    assert skill_events(g, "bianfa") == [(0, SK["bianfa"], 1)]
    invariants(g)


def test_guicai_still_only_hand_cards():
    g = table({"hero": "simayi", "hand": ["jink ♦2"], "equip": ["eight_diagram ♠2"]},
              {"judge": ["indulgence ♠6"]}, current=1, phase="start",
              deck_top=["slash ♠7", "jink ♦3", "jink ♦4"])
    asked_by(g, 0, C.DK_SKILL_CARD, "guicai")
    assert g.legal_labels() == ["pass", "Jink ♦2"]
