"""青囊 (华佗; the standard pack): scenario tests. The skill: "In your play phase, while you are
wounded, you may discard a card (hand or equipment) to recover 1 HP, any number of times."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import asked, discard_names, everyone_a_hero, expect
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_qingnang_discard_any_own_card_to_recover_unlimited(invariants):
    """青囊 (the 三国杀 standard rules): in the play phase discard a hand or equipment card to
    recover 1; any number of times while wounded."""
    g = table(*everyone_a_hero(
        {"hero": "huatuo", "hp": 1, "hand": ["slash ♠7", ANCHOR], "equip": ["chitu"]}))
    g.play("skill Green Satchel")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_QINGNANG)
    assert g.legal_labels() == ["Slash ♠7", "Chitu ♥5", ANCHOR_LABEL]
    g.play("Chitu ♥5")
    assert g.hp(0) == 2
    expect(g, 0, C.DK_PLAY)
    g.play("skill Green Satchel")
    g.play("Slash ♠7")
    assert g.hp(0) == 3
    # at full HP it is no longer offered
    assert g.legal_labels() == ["pass", ANCHOR_LABEL]
    assert discard_names(g) == ["Chitu ♥5", "Slash ♠7"]
    invariants(g)
