"""The 英雄杀 (Hero Kill) deck: 106 cards under their own names, the effects of their standard
counterparts (docs/rules.md, Decks) except where the Hero Kill text differs (龙鳞刀 may also discard
judgement-area cards). The 英雄杀 rules lists the card texts."""
import collections

import pytest
from helpers import damage, expect, table4
from test_random_play import play_fully_checked

from heroes_env import Config, Game, cards
from heroes_env.engine import constants as C
from heroes_env.scenario import build

HK = cards.deck("herokill")


def test_deck_is_the_standard_deck_less_double_swords_and_nioh_shield():
    assert len(HK) == 106
    std = collections.Counter((c.kind, c.suit, c.rank) for c in cards.deck("standard"))
    hk = collections.Counter((c.kind, c.suit, c.rank) for c in HK)
    missing = std - hk
    assert sorted(k for k, _, _ in missing.elements()) == [C.K_DOUBLE_SWORDS, C.K_NIOH_SHIELD]
    assert not hk - std


@pytest.mark.parametrize("key, zh, kind", [("medicine", "药", C.K_PEACH),
                                           ("longlin_blade", "龙鳞刀", C.K_ICE_SWORD),
                                           ("prison", "画地为牢", C.K_INDULGENCE),
                                           ("beacon_fire", "烽火狼烟", C.K_SAVAGE),
                                           ("tiger_tally", "虎符", C.K_CROSSBOW),
                                           ("ruyi", "玉如意", C.K_EIGHT_DIAGRAM)])
def test_names_follow_the_deck(key, zh, kind):
    card = next(c for c in HK if c.key == key)
    assert card.name_zh == zh and card.kind == kind
    assert card.label("zh").startswith(zh)


def test_labels_and_logs_use_hero_kill_names():
    g = table4({"hand": ["medicine", "slash ♠7", "tiger_tally"], "hp": 3}, deck="herokill")
    assert g.legal_labels() == ["pass", "Strike ♠7", "Medicine ♥3", "Tiger Tally ♣A"]
    assert g.legal_labels("zh") == ["放弃", "杀 ♠7", "药 ♥3", "虎符 ♣A"]
    g.play("medicine")
    assert g.hp(0) == 4
    assert any("Medicine" in line for line in g.log_lines())


def _longlin(deck, blade):
    return table4({"hand": ["slash ♠7", "horse_plus"], "equip": [blade]},
                  {"hand": ["duel ♠A"], "judge": ["indulgence ♠6"]}, deck=deck)


def test_longlin_blade_may_discard_judgement_area_cards():
    """龙鳞刀 (the 英雄杀 rules): instead of the damage, discard two of the target's cards,
    judgement area included."""
    g = _longlin("herokill", "longlin_blade")
    g.play("slash ♠7")
    g.play("target player_1")
    expect(g, 0, C.DK_CONFIRM)
    g.play("confirm")
    expect(g, 0, C.DK_PICK)
    assert g.legal_labels() == ["Drawn Prison ♠6", "a hand card"]
    g.play("Drawn Prison ♠6")    # then the hand card, the only one left (auto-played)
    assert g.judgement_zone(1) == [] and g.hand(1) == []
    assert damage(g) == [] and g.hp(1) == 4


def test_standard_ice_sword_spares_the_judgement_area():
    g = _longlin("standard", "ice_sword")
    g.play("slash ♠7")
    g.play("target player_1")
    g.play("confirm")            # the only card it may take is the hand card (auto-played)
    assert g.hand(1) == [] and len(g.judgement_zone(1)) == 1 and damage(g) == []


def test_longlin_blade_offered_for_a_target_with_only_a_delayed_trick():
    g = table4({"hand": ["slash ♠7", "horse_plus"], "equip": ["longlin_blade"]},
               {"judge": ["indulgence ♠6"]}, deck="herokill")
    g.play("slash ♠7")
    g.play("target player_1")
    expect(g, 0, C.DK_CONFIRM)


@pytest.mark.parametrize("n, pack, seed", [(5, "none", 1), (8, "none", 2), (5, "standard", 3),
                                           (8, "standard", 4)])
def test_random_play_on_the_hero_kill_deck(n, pack, seed):
    kw = dict(pack=pack, hero_selection="random") if pack != "none" else {}
    cfg = Config(num_players=n, deck="herokill", **kw)
    g = Game.new(cfg, seed=seed)
    assert int(g.s[C.H_NCARDS]) == 106 and g.deck == HK
    play_fully_checked(cfg, 8000 + seed, all_illegal_every=20)


def test_scenarios_name_cards_by_either_name():
    g = build([{"role": "lord", "hand": ["药", "peach", "Medicine"]}, {"role": "rebel"},
               {"role": "loyalist"}, {"role": "renegade"}], deck="herokill")
    assert [HK[c].key for c in g.hand(0)] == ["medicine"] * 3
