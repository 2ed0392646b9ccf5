"""回春 (扁鹊; the 英雄杀 pack): scenario tests. The skill: "Outside your turn, you may use a
red card, from your hand or your equipment, as a Medicine (Peach) on a dying character."

Tables: ``table`` is ``helpers.herokill_table4`` (four seats on the herokill deck, whose cards
have its names).
"""

import pytest
from helpers import HK_HEART_HORSE as ANCHOR
from helpers import damage, discard_names, equip_names, event_args, expect, hand_names
from helpers import herokill_table4 as table
from helpers import sorted_labels as labels

from heroes_env.engine import constants as C


def test_huichun_red_hand_or_equipment_card_as_medicine_for_another_dying():
    """回春: outside his turn 扁鹊 may use a red card, hand or equipment, as 药 on a dying character
    (black cards are not offered)."""
    g = table({"hand": ["Strike ♠7", ANCHOR]},
              {"hp": 1},
              {},
              {"hero": "bianque", "hand": ["Dodge ♦2", "Strike ♠8"], "equip": ["Attack Horse ♥5"]})
    g.play("Strike ♠7")
    g.play("target player_1")
    expect(g, 3, C.DK_PEACH)
    assert labels(g) == ["Attack Horse ♥5", "Dodge ♦2", "pass"]
    g.play("Attack Horse ♥5")
    assert g.alive(1) and g.hp(1) == 1
    assert equip_names(g, 3) == [] and "Attack Horse ♥5" in discard_names(g)
    horse = [c for c in g.zone_cards(C.Z_DISCARD) if g.card_name(c) == "Attack Horse ♥5"][0]
    assert (3, horse, 1) in event_args(g, C.EV_USE)
    assert event_args(g, C.EV_HEAL)[-1] == (1, 1, 3)
    expect(g, 0, C.DK_PLAY)


def test_huichun_saves_himself_when_dying_outside_his_turn():
    """回春 on his own dying in another's turn: asked in seat order from the current player, he uses
    a red hand card as 药 on himself."""
    g = table({"hand": ["Strike ♠7", ANCHOR]},
              {"hero": "bianque", "hp": 1, "hand": ["Strike ♥10", "Strike ♠8"]})
    g.play("Strike ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_PEACH)
    assert labels(g) == ["Strike ♥10", "pass"]
    g.play("Strike ♥10")
    assert g.alive(1) and g.hp(1) == 1 and hand_names(g, 1) == ["Strike ♠8"]
    assert damage(g) == [(0, 1, 1)]
    expect(g, 0, C.DK_PLAY)


@pytest.mark.parametrize("medicine", [False, True])
def test_huichun_not_in_his_own_turn(medicine):
    """回春 works only outside his turn: when someone is dying in his turn his red cards are not
    药 (a real 药 still is), and the play phase offers no 回春."""
    hand = ["Strike ♠7", "Dodge ♦2"] + (["Medicine ♥3"] if medicine else [])
    g = table({"hero": "bianque", "hand": hand, "equip": ["Attack Horse ♥5"]},
              {"hp": 1}, autoplay=False)
    assert "skill Spring Revival" not in g.legal_labels()
    assert labels(g) == sorted(["pass", "Strike ♠7", "skill Tend Wounds"])
    g.play("Strike ♠7")
    g.play("target player_1")
    if medicine:
        expect(g, 0, C.DK_PEACH)
        assert labels(g) == ["Medicine ♥3", "pass"]
        g.play("pass")
    assert not g.alive(1)
    expect(g, 0, C.DK_PLAY)


def test_huichun_not_for_himself_dying_in_his_own_turn():
    """回春 on his own dying in his own turn: not offered (his red hand and equipped cards are no
    药 then); the others are still asked for a real 药."""
    g = table({"hand": ["Strike ♠7"]},
              {"hero": "bianque", "hp": 1, "hand": ["Duel ♠A", "Dodge ♦2"],
               "equip": ["Attack Horse ♥5"]},
              {"hand": ["Medicine ♥3"]}, {}, current=1, autoplay=False)
    g.play("Duel ♠A")
    g.play("target player_0")
    expect(g, 0, C.DK_SLASH)
    g.play("Strike ♠7")
    expect(g, 2, C.DK_PEACH)                          # not player_1 himself, first in the order
    assert labels(g) == ["Medicine ♥3", "pass"]
    g.play("pass")
    assert not g.alive(1) and damage(g) == [(0, 1, 1)]
