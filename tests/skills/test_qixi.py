"""奇袭 (甘宁; the standard pack): scenario tests. The skill: "You may use a black card, from
your hand or your equipment, as a Dismantlement."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import (
    asked,
    discard_names,
    equip_names,
    event_args,
    everyone_a_hero,
    expect,
    skill_events,
)
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_qixi_black_hand_or_equipment_card_as_dismantlement(invariants):
    """奇袭: any black card, hand or equipment, is used as 过河拆桥 (docs/rules.md,
    Heroes (pack `standard`))."""
    g = table(*everyone_a_hero(
        {"hero": "ganning", "hand": ["slash ♠7", "jink ♦2"], "equip": ["eight_diagram ♠2"]},
        ["peach ♥3"], [], {"equip": ["chitu"]}))
    g.play("skill Surprise Raid")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_QIXI)
    assert g.legal_labels() == ["Eight Diagram ♠2", "Slash ♠7"]      # black only, armour included
    g.play("Eight Diagram ♠2")
    expect(g, 0, C.DK_TARGET)
    assert g.legal_labels() == ["target player_1", "target player_3"]  # seat 2 has no card
    g.play("target player_3")
    # only the 赤兔 can be picked (autoplayed)
    assert equip_names(g, 3) == [] and equip_names(g, 0) == []
    assert discard_names(g) == ["Chitu ♥5", "Eight Diagram ♠2"]
    assert event_args(g, C.EV_USE) == [(0, 3, 3)]        # card 3 = 八卦阵 ♠2, used on seat 3
    assert skill_events(g, SK.SK_QIXI) == [(0, SK.SK_QIXI, C.EV_SKILL_SILENT)]
    # no use limit: the black 杀 can still be used as 过河拆桥
    expect(g, 0, C.DK_PLAY)
    assert "skill Surprise Raid" in g.legal_labels()
    invariants(g)


def test_qixi_not_offered_without_black_card_or_target():
    """奇袭 is offered only with a black card and someone whose card can be dismantled."""
    g = table({"hero": "ganning", "hand": ["jink ♦2", ANCHOR], "equip": ["chitu"]}, ["peach ♥3"])
    assert g.legal_labels() == ["pass", ANCHOR_LABEL]
    g2 = table({"hero": "ganning", "hand": ["slash ♣2", ANCHOR]}, [], [], [])
    assert "skill Surprise Raid" not in g2.legal_labels()
