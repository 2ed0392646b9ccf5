"""曼舞 (李师师; the 英雄杀 pack): scenario tests. The skill: "When damage is about to be dealt
to you, you may discard a heart hand card and choose another character: the damage goes to it
instead; afterwards, if it is alive, it draws as many cards as its lost HP."

Tables: ``table`` is ``helpers.table4_filled`` (four seats; living seats without a hero get
吕蒙).
"""

from helpers import SKILL_IDS as SK
from helpers import ZHUAHUANG as ANCHOR
from helpers import asked_by, damage, expect, hand_names
from helpers import skill_events_by_key as skill_events
from helpers import table4_filled as table

from heroes_env.engine import constants as C


def test_manwu_passes_the_damage_and_the_target_draws(invariants):
    """曼舞: before a 杀's damage to her she discards a ♥ (or, by 红妆, ♠) hand card; the damage
    goes to another character, who then draws its lost HP."""
    g = table({"hero": "lishishi", "hand": ["peach ♥3", "jink ♦2", "slash ♣2", "dismantlement ♠3"]},
              ["slash ♠7", ANCHOR], {"hp": 3}, current=1,
              deck_top=["jink ♦3", "jink ♦4", "slash ♠8"])
    g.play("Slash ♠7")
    g.play("target player_0")
    expect(g, 0, C.DK_JINK)
    g.play("pass")
    asked_by(g, 0, C.DK_SKILL_CARD, "manwu")
    assert g.legal_labels() == ["pass", "Dismantlement ♠3", "Peach ♥3"]
    g.play("Dismantlement ♠3")
    asked_by(g, 0, C.DK_SKILL_TARGET, "manwu")
    assert g.legal_labels() == ["target player_1", "target player_2", "target player_3"]
    g.play("target player_2")
    assert g.hp(0) == 3 and g.hp(2) == 2
    assert damage(g) == [(1, 2, 1)]
    assert hand_names(g, 2) == ["Jink ♦3", "Jink ♦4"]     # lost 2 HP: draws 2
    assert skill_events(g, "manwu") == [(0, SK["manwu"], 2)]
    expect(g, 1, C.DK_PLAY)
    invariants(g)


def test_manwu_target_dies_draws_nothing(invariants):
    g = table({"hero": "lishishi", "hand": ["peach ♥3"]}, ["slash ♠7", ANCHOR],
              {"hp": 1}, current=1, deck_top=["jink ♦3"])
    g.play("Slash ♠7")
    g.play("target player_0")
    asked_by(g, 0, C.DK_SKILL_CARD, "manwu")
    assert g.legal_labels() == ["pass", "Peach ♥3"]
    g.play("Peach ♥3")
    g.play("target player_2")
    assert not g.s[C.P_ALIVE + 2]              # the loyalist dies (nobody has a 桃 now)
    assert g.hp(0) == 3
    assert g.s[C.H_NDECK] >= 1
    assert g.card_name(int(g.s[C.D_ORDER + g.s[C.H_NDECK] - 1])) == "Jink ♦3"
    expect(g, 1, C.DK_PLAY)
    invariants(g)


def test_manwu_declined_and_not_without_heart(invariants):
    g = table({"hero": "lishishi", "hand": ["slash ♣2"]}, ["slash ♠7", "slash ♠8", ANCHOR],
              current=1, deck_top=["jink ♦3"])
    g.play("Slash ♠7")
    g.play("target player_0")
    assert damage(g) == [(1, 0, 1)]             # no ♥/♠ hand card: not asked
    expect(g, 1, C.DK_PLAY)
    invariants(g)
