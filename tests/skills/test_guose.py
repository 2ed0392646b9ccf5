"""国色 (大乔; the standard pack): scenario tests. The skill: "You may use a diamond card, from
your hand or your equipment, as an Indulgence."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import DILU as STOP
from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import asked, discard_names, equip_names, event_args, everyone_a_hero, expect, names
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_guose_diamond_hand_or_equipment_card_as_indulgence(invariants):
    """国色: any ♦ card, hand or equipment, is used as 乐不思蜀; 陆逊 (谦逊) and a player who
    already has one are not targets."""
    g = table(*everyone_a_hero(
        {"hero": "daqiao", "hand": ["jink ♦2", "slash ♠7", "peach ♥3"], "equip": ["zixing"]},
        {"hero": "luxun"}, [], {"judge": ["indulgence ♠6"]}), autoplay=False)
    g.play("skill National Beauty")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_GUOSE)
    assert g.legal_labels() == ["Jink ♦2", "Zixing ♦K"]
    g.play("Zixing ♦K")
    expect(g, 0, C.DK_TARGET)
    assert g.legal_labels() == ["target player_2"]
    g.play("target player_2")
    zixing = [c for c in g.judgement_zone(2)]
    assert names(g, zixing) == ["Zixing ♦K"]
    assert int(g.s[C.C_AS + zixing[0]]) == C.K_INDULGENCE
    assert equip_names(g, 0) == []
    assert event_args(g, C.EV_USE) == [(0, zixing[0], 2)]
    invariants(g)


def test_guose_card_is_judged_as_indulgence():
    """国色's card acts as 乐不思蜀: judged in the target's judge phase, not ♥ → play phase
    skipped; then discarded."""
    g = table({"hero": "daqiao", "hand": ["jink ♦2"]}, [], [STOP], [],
              deck_top=["slash ♠8", "jink ♦7", "jink ♦8"])
    g.play("skill National Beauty")             # the only ♦ card (autoplayed)
    g.play("target player_1")
    expect(g, 2, C.DK_PLAY)         # seat 0 had nothing left; seat 1's play phase was skipped
    assert (1, C.PH_PLAY, 0) in event_args(g, C.EV_SKIP)
    assert g.judgement_zone(1) == []
    assert "Jink ♦2" in discard_names(g)


def test_guose_not_offered_when_only_luxun_or_indulged_players_remain():
    """国色 is not offered without a legal 乐不思蜀 target (陆逊's 谦逊, an 乐不思蜀 already in
    place)."""
    g = table({"hero": "daqiao", "hand": ["jink ♦2", "indulgence ♥6", ANCHOR]},
              {"hero": "luxun"}, {"judge": ["indulgence ♠6"]}, {"judge": ["indulgence ♣6"]})
    assert g.legal_labels() == ["pass", ANCHOR_LABEL]
