"""制衡 (孙权; the standard pack): scenario tests. The skill: "Once per play phase, you may
discard any number of your cards (hand or equipment) and draw as many."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import DILU as STOP
from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import (
    asked,
    discard_names,
    equip_names,
    everyone_a_hero,
    expect,
    hand_names,
    skill_events,
)
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_zhiheng_discards_hand_and_equipment_then_draws_as_many(invariants):
    """制衡: once per play phase, discard any number (≥1) of own cards, hand or equipment, then draw
    that many (the 三国杀 standard rules, as in the established engines)."""
    g = table(*everyone_a_hero(
        {"hero": "sunquan", "hand": ["slash ♠7", "jink ♦2", ANCHOR], "equip": ["halberd"]}),
        deck_top=["peach ♥3", "peach ♥4"])
    assert "skill Balance of Power" in g.legal_labels()
    g.play("skill Balance of Power")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_ZHIHENG)
    # at least one card: no "confirm" before the first
    assert g.legal_labels() == ["Slash ♠7", ANCHOR_LABEL, "Jink ♦2", "Sky Halberd ♦Q"]
    g.play("Sky Halberd ♦Q")
    assert g.legal_labels() == ["confirm", "Slash ♠7", ANCHOR_LABEL, "Jink ♦2"]
    g.play("Slash ♠7")
    assert g.legal_labels() == ["confirm", ANCHOR_LABEL, "Jink ♦2"]
    g.play("confirm")
    assert discard_names(g) == ["Sky Halberd ♦Q", "Slash ♠7"]
    assert equip_names(g, 0) == []
    assert hand_names(g, 0) == sorted(["Jink ♦2", ANCHOR_LABEL, "Peach ♥3", "Peach ♥4"])
    assert skill_events(g, SK.SK_ZHIHENG) == [(0, SK.SK_ZHIHENG, -1)]
    # the two discards come before the two draws
    kinds = [e[0] for e in g.event_log if e[0] in (C.EV_DISCARD, C.EV_DRAW)]
    assert kinds == [C.EV_DISCARD, C.EV_DISCARD, C.EV_DRAW, C.EV_DRAW]
    # once per play phase: not offered again
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass", ANCHOR_LABEL]
    invariants(g)


def test_zhiheng_last_card_discarded_draws_at_once():
    """制衡: once every own card is discarded the choice ends and he draws as many at once."""
    g = table({"hero": "sunquan", "hand": ["slash ♠7"]}, deck_top=[STOP, "jink ♦2"])
    g.play("skill Balance of Power")           # the only card (autoplayed)
    expect(g, 0, C.DK_PLAY)
    assert discard_names(g) == ["Slash ♠7"]
    assert hand_names(g, 0) == ["Dilu ♣5"]
    assert g.legal_labels() == ["pass", "Dilu ♣5"]


def test_zhiheng_not_offered_without_own_cards():
    """制衡 needs at least one card in hand or equipment (judgement-zone cards are not his to
    discard)."""
    g = table({"hero": "sunquan", "judge": ["lightning"]}, autoplay=False)
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass"]
