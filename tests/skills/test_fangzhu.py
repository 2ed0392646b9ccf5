"""放逐 (张云杰; the classmates pack): scenario tests. The skill: "You may use a black hand card
as a Collateral."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position). Some tests give a
rigged seat the skill through ``stand_in`` (its skill slot set directly); the one named for
张云杰 seats the hero himself.
"""

from helpers import DILU, asked, event_args, expect, hand_names, stand_in
from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_fangzhu_black_hand_card_as_collateral(invariants):
    """放逐: a black hand card is used as 借刀杀人; refused, the weapon goes to the user."""
    g = table({"hand": ["slash ♣2", "peach ♥3", ANCHOR]}, {"equip": ["crossbow ♣A"]}, [], [],
              autoplay=False)
    stand_in(g, 0, SK.SK_FANGZHU)
    assert "skill Exile" in g.legal_labels()
    g.play("skill Exile")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_FANGZHU)
    assert g.legal_labels() == ["Slash ♣2"]
    g.play("Slash ♣2")
    expect(g, 0, C.DK_TARGET)
    assert g.legal_labels() == ["target player_1"]
    g.play("target player_1")
    assert g.legal_labels() == ["target player_0", "target player_2"]
    g.play("target player_2")
    expect(g, 0, C.DK_PLAY)                  # seat 1 had no 杀 (asked nothing): weapon taken
    assert hand_names(g, 0) == sorted(["Crossbow ♣A", "Peach ♥3", ANCHOR_LABEL])
    assert event_args(g, C.EV_USE)[0] == (0, 58, 1)
    invariants(g)


def test_fangzhu_not_without_a_weapon_on_the_table():
    g = table({"hand": ["slash ♣2", ANCHOR]}, [], [], [], autoplay=False)
    stand_in(g, 0, SK.SK_FANGZHU)
    assert "skill Exile" not in g.legal_labels()


def test_zhangyunjie_fangzhu_black_hand_card_as_collateral():
    """放逐 (张云杰): a black hand card is used as 借刀杀人."""
    g = table({"hero": "zhangyunjie", "hand": ["slash ♣7", DILU]},
              {"equip": ["crossbow"]}, {}, {})
    g.play("skill Exile")
    g.play("Slash ♣7")          # the only wielder, player_1, is chosen unasked; now its victim
    expect(g, 0, C.DK_TARGET)
    assert g.legal_labels() == ["target player_0", "target player_2"]
    g.play("target player_2")  # player_1 has no 杀 to use: its weapon goes to 张云杰
    assert g.equipment(1) == [] and "Crossbow ♣A" in hand_names(g, 0)
