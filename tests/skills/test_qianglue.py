"""强掠 (成吉思汗; the 英雄杀 pack): scenario tests. The skill: "When a Slash you used is
dodged, you may judge if the target has cards: on black you take a random hand card or an
equipped card of your choice from it."

Tables: ``table`` is ``helpers.table4_filled`` (four seats; living seats without a hero get
吕蒙).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import asked_by, expect, hand_names, judged
from helpers import expect_confirm_by_base as expect_confirm
from helpers import skill_events_by_key as skill_events
from helpers import table4_filled as table

from heroes_env.engine import constants as C


def test_qianglue_takes_a_card_of_the_dodging_target(invariants):
    g = table({"hero": "chengjisihan", "hand": ["slash ♠7", ANCHOR]},
              {"hand": ["jink ♦2", "peach ♥3"], "equip": ["crossbow ♣A"]},
              current=0, deck_top=["slash ♣2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")
    expect_confirm(g, 0, "qianglue")
    g.play("confirm")
    asked_by(g, 0, C.DK_SKILL_CARD, "qianglue")
    assert g.legal_labels() == ["pass", "Crossbow ♣A", "a hand card"]
    g.play("Crossbow ♣A")
    assert hand_names(g, 0) == sorted([ANCHOR_LABEL, "Crossbow ♣A"])
    assert judged(g) == ["Slash ♣2"]
    expect(g, 0, C.DK_PLAY)
    invariants(g)


def test_qianglue_red_judgement_takes_nothing(invariants):
    g = table({"hero": "chengjisihan", "hand": ["slash ♠7", ANCHOR]},
              {"hand": ["jink ♦2", "peach ♥3"]}, current=0, deck_top=["jink ♦3"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")
    g.play("confirm")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 1) == ["Peach ♥3"]
    invariants(g)


def test_qianglue_empty_handed_target(invariants):
    """The target used its last hand card on the 闪: only its equipment may be taken; with
    nothing left at all, 强掠 is not offered."""
    g = table({"hero": "chengjisihan", "hand": ["slash ♠7", ANCHOR]},
              {"hand": ["jink ♦2"], "equip": ["chitu"]}, current=0, deck_top=["slash ♣2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")
    g.play("confirm")
    asked_by(g, 0, C.DK_SKILL_CARD, "qianglue")
    assert g.legal_labels() == ["pass", "Chitu ♥5"]
    g.play("Chitu ♥5")
    invariants(g)
    g = table({"hero": "chengjisihan", "hand": ["slash ♠7", ANCHOR]}, {"hand": ["jink ♦2"]},
              current=0, deck_top=["slash ♣2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")
    expect(g, 0, C.DK_PLAY)
    assert skill_events(g) == [] and judged(g) == []
    invariants(g)
