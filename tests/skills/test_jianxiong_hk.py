"""奸雄 (曹操; the 英雄杀 pack): scenario tests. The skill: "Once per play phase, you may use
any of your cards as the kind of the previous card you used this turn, if that was a basic card
or a non-delayed trick."

Tables: ``hk`` is ``helpers.table4_neutral`` (four seats; a neutral hero on every seat that
names none).
"""

import pytest
from helpers import DILU as STOP
from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import asked, damage, discard_names, equip_names, expect, hand_names, skill_events
from helpers import table4_neutral as hk

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_jianxiong_hk_not_offered_before_any_card_used():
    """奸雄 (英雄杀): with no previous card used in this turn there is nothing to copy."""
    g = hk({"hero": "caocao_hk", "hand": ["jink ♦2", ANCHOR]}, autoplay=False)
    assert g.skills(0) == ["jianxiong_hk", "jijiang_hk"]
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass", ANCHOR_LABEL]


def test_jianxiong_hk_equipment_card_as_previous_ex_nihilo(invariants):
    """奸雄: once per turn, a hand or equipment card is used as the previous card he used
    (无中生有)."""
    g = hk({"hero": "caocao_hk", "hand": ["ex_nihilo", "jink ♦2"], "equip": ["dilu"]},
           deck_top=["peach ♥3", "peach ♥4", "slash ♠7", "slash ♠8"])
    assert "skill Treacherous Hero" not in g.legal_labels()
    g.play("Ex Nihilo ♥7")
    assert int(g.s[C.H_LASTKIND]) == C.K_EX_NIHILO
    assert "skill Treacherous Hero" in g.legal_labels()
    g.play("skill Treacherous Hero")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_JIANXIONG_HK)
    assert sorted(g.legal_labels()) == sorted(["Jink ♦2", "Peach ♥3", "Peach ♥4", "Dilu ♣5"])
    g.play("Dilu ♣5")
    assert equip_names(g, 0) == []
    assert hand_names(g, 0) == sorted(["Jink ♦2", "Peach ♥3", "Peach ♥4", "Slash ♠7", "Slash ♠8"])
    assert skill_events(g, SK.SK_JIANXIONG_HK) == [(0, SK.SK_JIANXIONG_HK, C.EV_SKILL_SILENT)]
    expect(g, 0, C.DK_PLAY)
    assert "skill Treacherous Hero" not in g.legal_labels()      # once per turn
    invariants(g)


def test_jianxiong_hk_copies_a_duel_with_target_choice():
    """奸雄: a copied 决斗 is used like one (targets chosen, 无懈 window, damage)."""
    g = hk({"hero": "caocao_hk", "hand": ["duel ♠A", "jink ♦2", ANCHOR]}, {}, {}, {})
    g.play("Duel ♠A")
    g.play("target player_1")
    assert damage(g) == [(0, 1, 1)]
    g.play("skill Treacherous Hero")
    g.play("Jink ♦2")
    expect(g, 0, C.DK_TARGET)
    assert g.legal_labels() == ["target player_1", "target player_2", "target player_3"]
    g.play("target player_2")
    assert damage(g) == [(0, 1, 1), (0, 2, 1)]


def test_jianxiong_hk_previous_slash_not_when_slash_limit_reached():
    """奸雄: copying a 杀 counts as a 杀 used: not offered once the play phase's 杀 is used (offered
    with 诸葛连弩)."""
    g = hk({"hero": "caocao_hk", "hand": ["slash ♠7", "jink ♦2", ANCHOR]})
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 0, C.DK_PLAY)
    assert int(g.s[C.H_LASTKIND]) == C.K_SLASH
    assert "skill Treacherous Hero" not in g.legal_labels()
    g = hk({"hero": "caocao_hk", "hand": ["slash ♠7", "jink ♦2"], "equip": ["crossbow"]})
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("skill Treacherous Hero")
    # the crossbow itself would leave: as a 杀 it is then over the limit, so only the jink
    expect(g, 0, C.DK_TARGET)
    assert damage(g) == [(0, 1, 1)]
    assert discard_names(g) == ["Slash ♠7"] and g.hand(0) == []


def test_jianxiong_hk_equipped_horse_not_offered_when_its_leaving_breaks_the_use():
    """奸雄: a card is offered only if its use as the copied kind has a target once it has left: a
    -1 horse copied as 顺手牵羊 no longer shortens the distance."""
    g = hk({"hero": "caocao_hk", "hand": ["snatch ♠3", "jink ♦2", ANCHOR], "equip": ["chitu"]},
           {"hand": ["peach ♥3"]}, {"hand": ["peach ♥4"]})
    g.play("Snatch ♠3")
    g.play("target player_1")         # seat 2 is at distance 1 with the horse
    expect(g, 0, C.DK_PLAY)
    g.play("skill Treacherous Hero")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_JIANXIONG_HK)
    assert sorted(g.legal_labels()) == sorted(["Jink ♦2", ANCHOR_LABEL, "Peach ♥3"])
    g.play("Jink ♦2")                  # the only target (seat 2) and its only card: automatic
    assert hand_names(g, 0) == sorted([ANCHOR_LABEL, "Peach ♥3", "Peach ♥4"])


def test_jianxiong_hk_copied_peach_only_when_wounded():
    """奸雄: a copied 桃 is offered only while he is wounded."""
    g = hk({"hero": "caocao_hk", "hp": 2, "hand": ["peach ♥3", "jink ♦2", ANCHOR]})
    g.play("Peach ♥3")
    assert g.hp(0) == 3
    g.play("skill Treacherous Hero")
    g.play("Jink ♦2")
    assert g.hp(0) == 4
    g = hk({"hero": "caocao_hk", "hp": 3, "hand": ["peach ♥3", "jink ♦2", ANCHOR]})
    g.play("Peach ♥3")
    expect(g, 0, C.DK_PLAY)
    assert "skill Treacherous Hero" not in g.legal_labels()


@pytest.mark.parametrize("first, label", [("dilu", "Dilu ♣5"), ("indulgence ♠6", "Indulgence ♠6")])
def test_jianxiong_hk_not_after_equipment_or_delayed_trick(first, label):
    """奸雄: an equipment card or a delayed trick as the previous card cannot be copied."""
    g = hk({"hero": "caocao_hk", "hand": [first, "jink ♦2", ANCHOR]})
    g.play(label)
    if g.decision_kind == C.DK_TARGET:
        g.play("target player_1")
    expect(g, 0, C.DK_PLAY)
    assert "skill Treacherous Hero" not in g.legal_labels()


def test_jianxiong_hk_previous_card_forgotten_next_turn():
    """奸雄: only cards used in this turn count (H_LASTKIND is cleared when a turn ends)."""
    g = hk({"hero": "caocao_hk", "hand": ["ex_nihilo", "jink ♦2"]}, {"hand": [STOP]},
           deck_top=["slash ♠7", "slash ♠8"])
    g.play("Ex Nihilo ♥7")
    g.play("pass")
    # discard phase: 3 cards, 4 HP: none; seat 1's turn
    expect(g, 1, C.DK_PLAY)
    assert int(g.s[C.H_LASTKIND]) == C.K_NONE
