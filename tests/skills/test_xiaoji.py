"""枭姬 (孙尚香; the standard pack): scenario tests. The skill: "Each time you lose an equipped
card, you may draw two cards."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import DILU as STOP
from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import (
    asked,
    discard_names,
    equip_names,
    event_args,
    everyone_a_hero,
    expect,
    hand_names,
    skill_events,
)
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_xiaoji_replaced_weapon_draws_two(invariants):
    """枭姬: equipping a new weapon over the old one makes the old one leave her equipment: she may
    draw 2 (for any reason: docs/rules.md, Heroes (pack `standard`))."""
    g = table(*everyone_a_hero(
        {"hero": "sunshangxiang", "hand": ["halberd", ANCHOR], "equip": ["qinggang_sword"]}),
        deck_top=["jink ♦2", "jink ♦3"])
    g.play("Sky Halberd ♦Q")
    asked(g, 0, C.DK_CONFIRM, SK.SK_XIAOJI)
    assert g.legal_labels() == ["pass", "confirm"]
    g.play("confirm")
    assert equip_names(g, 0) == ["Sky Halberd ♦Q"]
    assert discard_names(g) == ["Qinggang Sword ♠6"]
    assert hand_names(g, 0) == sorted([ANCHOR_LABEL, "Jink ♦2", "Jink ♦3"])
    assert skill_events(g, SK.SK_XIAOJI) == [(0, SK.SK_XIAOJI, -1)]
    expect(g, 0, C.DK_PLAY)
    invariants(g)


def test_xiaoji_declined():
    """枭姬 is optional."""
    g = table({"hero": "sunshangxiang", "hand": ["halberd", ANCHOR], "equip": ["qinggang_sword"]})
    g.play("Sky Halberd ♦Q")
    g.play("pass")
    assert hand_names(g, 0) == [ANCHOR_LABEL]
    expect(g, 0, C.DK_PLAY)


def test_xiaoji_equipment_dismantled_by_another():
    """枭姬: an equipped card dismantled by someone else (out of her turn) also lets her draw 2."""
    g = table({"hand": ["dismantlement ♠3", ANCHOR]},
              {"hero": "sunshangxiang", "equip": ["eight_diagram ♠2"]},
              deck_top=["jink ♦2", "jink ♦3"])
    g.play("Dismantlement ♠3")         # only target, only the armour to pick (autoplayed)
    asked(g, 1, C.DK_CONFIRM, SK.SK_XIAOJI)
    g.play("confirm")
    assert equip_names(g, 1) == []
    assert hand_names(g, 1) == ["Jink ♦2", "Jink ♦3"]
    expect(g, 0, C.DK_PLAY)


def test_xiaoji_once_per_equipped_card_lost():
    """枭姬: once per card: the lord who kills a loyalist discards two equipped cards and may draw
    2 twice (docs/rules.md, Heroes (pack `standard`))."""
    g = table({"hero": "sunshangxiang", "hand": ["slash ♠7"],
               "equip": ["qinggang_sword", "eight_diagram ♠2"]},
              [STOP], {"hp": 1}, [], deck_top=["jink ♦2", "jink ♦3", "jink ♦4", "jink ♦5"])
    g.play("Slash ♠7")
    g.play("target player_2")          # range 2 with the sword; no 闪, no 桃: the loyalist dies
    assert event_args(g, C.EV_DEATH) == [(2, 0, C.ROLE_LOYALIST)]
    assert equip_names(g, 0) == []
    asked(g, 0, C.DK_CONFIRM, SK.SK_XIAOJI)
    g.play("confirm")
    asked(g, 0, C.DK_CONFIRM, SK.SK_XIAOJI)
    g.play("confirm")
    assert hand_names(g, 0) == ["Jink ♦2", "Jink ♦3", "Jink ♦4", "Jink ♦5"]
    assert len(skill_events(g, SK.SK_XIAOJI)) == 2
