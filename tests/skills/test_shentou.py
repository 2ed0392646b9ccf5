"""神偷 (时迁; the 英雄杀 pack): scenario tests. The skill: "In your play phase you may use a
club hand card as a Pickpocket (Snatch)."

Tables: ``table`` is ``helpers.herokill_table4`` (four seats on the herokill deck, whose cards
have its names).
"""

from helpers import HK_HEART_HORSE as ANCHOR
from helpers import asked, discard_names, expect, hand_names, skill_events
from helpers import herokill_table4 as table
from helpers import sorted_labels as labels

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def drop_skill(g, seat, slot):
    """Take one skill off a seat (a hero with 神偷 but not 飞贼 does not exist)."""
    g.s[C.P_SK0 + slot * C.MAX_SEATS + seat] = 0
    g.invalidate()


def test_shentou_club_hand_card_as_pickpocket_at_any_distance_with_feizei(invariants):
    """神偷: a ♣ hand card (not ♣ equipment, not ♠) may be used as 探囊取物 (= 顺手牵羊); with 飞贼
    (= 奇才) it reaches a character at distance 2 (and one behind a 防御马)."""
    g = table({"hero": "shiqian", "hand": ["Strike ♣2", "Strike ♠7", "Dodge ♦2"],
               "equip": ["Defence Horse ♣5"]},
              {"hand": ["Medicine ♥3"], "equip": [ANCHOR]}, {"hand": ["Dodge ♦3"]}, {},
              autoplay=False)
    assert "skill Master Thief" in g.legal_labels()
    g.play("skill Master Thief")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_SHENTOU)
    assert labels(g) == ["Strike ♣2"]
    g.play("Strike ♣2")
    expect(g, 0, C.DK_TARGET)
    assert int(g.s[C.DX_TARGET_KIND]) == C.K_SNATCH
    assert labels(g) == ["target player_1", "target player_2"]     # player_3 has no card
    g.play("target player_2")
    expect(g, 0, C.DK_PICK)
    g.play("a hand card")
    assert hand_names(g, 0) == ["Dodge ♦2", "Dodge ♦3", "Strike ♠7"]
    assert hand_names(g, 2) == [] and discard_names(g) == ["Strike ♣2"]
    assert skill_events(g, SK.SK_SHENTOU) == [(0, SK.SK_SHENTOU, C.EV_SKILL_SILENT)]
    expect(g, 0, C.DK_PLAY)
    invariants(g)


def test_shentou_without_feizei_keeps_the_distance_of_one():
    """神偷 alone (飞贼 taken off): its 探囊取物 reaches only characters at distance 1, so a target
    behind a 防御马 or at distance 2 is not offered; with nobody in reach the skill is not
    offered."""
    g = table({"hero": "shiqian", "hand": ["Strike ♣2", "Pickpocket ♦3"]},
              {"hand": ["Medicine ♥3"], "equip": [ANCHOR]}, {"hand": ["Dodge ♦3"]},
              {"hand": ["Dodge ♦4"]}, autoplay=False)
    drop_skill(g, 0, 0)
    g.play("skill Master Thief")
    g.play("Strike ♣2")
    assert labels(g) == ["target player_3"]
    g = table({"hero": "shiqian", "hand": ["Strike ♣2", "Pickpocket ♦3"]},
              {"hand": ["Medicine ♥3"], "equip": [ANCHOR]}, {"hand": ["Dodge ♦3"]}, {},
              autoplay=False)
    assert labels(g) == ["Pickpocket ♦3", "Strike ♣2", "pass", "skill Master Thief"]
    drop_skill(g, 0, 0)
    assert labels(g) == ["Strike ♣2", "pass"]          # (a 杀 on player_3 stays possible)
