"""蝶魂 (慕容; the 英雄杀 pack): scenario tests. The skill: "Locked. A trick with several
targets (Archery Attack, Beacon Fire, Recuperation, Bountiful Harvest) skips you, and you draw a
card instead."

Tables: ``table`` is ``helpers.herokill_table`` (seats with roles by position, on the herokill
deck).
"""

import pytest
from helpers import HK_HORSE as ANCHOR
from helpers import damage, discard_names, expect, hand_names, skill_events
from helpers import herokill_table as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills.ids import SK_DIEHUN


@pytest.mark.parametrize("card, label", [("archery_attack ♥A", "Arrow Barrage ♥A"),
                                         ("beacon_fire ♠7", "Beacon Fire ♠7")])
def test_diehun_skipped_by_aoe_and_draws(card, label):
    """蝶魂: 万箭齐发 / 烽火狼烟 (several targets) skip 慕容, who draws a card; the others are
    asked."""
    g = table({"hand": [card, ANCHOR]}, {}, {"hero": "murong"}, {}, deck_top=["slash ♠8"])
    g.play(label)
    assert damage(g) == [(0, 1, 1), (0, 3, 1)]
    assert hand_names(g, 2) == ["Strike ♠8"] and g.hp(2) == 4
    assert skill_events(g, SK_DIEHUN) == [(2, SK_DIEHUN, -1)]


def test_diehun_recuperate_and_harvest_count_as_several_targets():
    """蝶魂: 休养生息 (everyone) skips her (no heal, a card instead); 五谷丰登 shows one card fewer
    and she draws from the pile instead of choosing."""
    g = table({"hand": ["recuperate ♥A", ANCHOR], "hp": 3}, {}, {"hero": "murong", "hp": 2}, {},
              deck_top=["slash ♠8"])
    g.play("Recuperation ♥A")
    assert g.hp(0) == 4 and g.hp(2) == 2 and hand_names(g, 2) == ["Strike ♠8"]
    g = table({"hand": ["harvest ♥3", ANCHOR]}, {}, {"hero": "murong"}, {},
              deck_top=["slash ♠7", "slash ♠8", "slash ♠9", "jink ♦2"])
    g.play("Bountiful Harvest ♥3")
    expect(g, 0, C.DK_AG)
    assert g.legal_labels() == ["Strike ♠7", "Strike ♠8", "Strike ♠9"]
    g.play("Strike ♠7")
    g.play("Strike ♠8")                  # player_1; player_2 (慕容) is skipped
    assert hand_names(g, 2) == ["Dodge ♦2"]
    assert hand_names(g, 3) == ["Strike ♠9"]          # the last card, its only choice
    assert discard_names(g) == ["Bountiful Harvest ♥3"]


def test_diehun_not_for_single_targets():
    """蝶魂 needs several targets: a 决斗 on her is answered as usual, and so is 万箭齐发 when she
    is its only target (two players left)."""
    g = table({"hand": ["duel ♠A", ANCHOR]}, {"hero": "murong", "hand": ["slash ♠7"]}, {}, {})
    g.play("Duel ♠A")
    g.play("target player_1")
    expect(g, 1, C.DK_SLASH)
    g = table({"hand": ["archery_attack ♥A", ANCHOR]}, {"hero": "murong", "hand": ["jink ♦2"]},
              {"alive": False, "role": "rebel"}, {"alive": False})
    g.play("Arrow Barrage ♥A")
    expect(g, 1, C.DK_JINK)
    assert skill_events(g, SK_DIEHUN) == []
