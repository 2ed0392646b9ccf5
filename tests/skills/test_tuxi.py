"""突袭 (张辽; the standard pack): scenario tests. The skill: "In your draw phase you may skip
drawing and instead take a random hand card from each of one or two other characters."

Tables: ``table`` is ``helpers.table4_filled`` (four seats; living seats without a hero get
吕蒙).
"""

from helpers import SKILL_IDS as SK
from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import event_args, expect, expect_skill, hand_names, names
from helpers import skill_events_by_key as skill_events
from helpers import table4_filled as table

from heroes_env.engine import constants as C


def tuxi_table(h1, h2, h3, **kw):
    return table({"hero": "zhangliao", "hand": [ANCHOR]}, h1, h2, h3, current=0, phase="draw",
                 deck_top=["peach ♥3", "peach ♥4"], **kw)


def test_tuxi_takes_one_card_from_each_of_two_players_instead_of_drawing(invariants):
    """突袭: instead of drawing, take one random hand card from each of one or two others."""
    g = tuxi_table(["jink ♦2"], ["jink ♦3"], ["jink ♦4"])
    expect_skill(g, 0, C.DK_SKILL_TARGET, "tuxi",
                 ["pass", "target player_1", "target player_2", "target player_3"])
    g.play("target player_3")
    expect_skill(g, 0, C.DK_SKILL_TARGET, "tuxi",
                 ["confirm", "target player_1", "target player_2"])
    g.play("target player_1")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == sorted(["Jink ♦2", "Jink ♦4", ANCHOR_LABEL])
    assert g.hand(1) == [] and g.hand(3) == [] and hand_names(g, 2) == ["Jink ♦3"]
    assert names(g, g.draw_pile()[:2]) == ["Peach ♥3", "Peach ♥4"]     # nothing drawn
    assert event_args(g, C.EV_DRAW) == []
    assert skill_events(g, "tuxi") == [(0, SK["tuxi"], 3)]
    invariants(g)


def test_tuxi_one_player_then_confirm(invariants):
    """突袭 may stop after one player: one card taken, still nothing drawn."""
    g = tuxi_table(["jink ♦2"], ["jink ♦3"], ["jink ♦4"])
    g.play("target player_2")
    g.play("confirm")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == sorted(["Jink ♦3", ANCHOR_LABEL])
    assert event_args(g, C.EV_DRAW) == []
    invariants(g)


def test_tuxi_is_optional(invariants):
    """突袭 declined: the normal draw of two."""
    g = tuxi_table(["jink ♦2"], ["jink ♦3"], ["jink ♦4"])
    g.play("pass")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == sorted(["Peach ♥3", "Peach ♥4", ANCHOR_LABEL])
    assert skill_events(g) == []
    invariants(g)


def test_tuxi_only_one_other_player_with_cards(invariants):
    """突袭 with one other player holding cards: he is the only choice and no second is asked."""
    g = tuxi_table([], {"equip": ["dilu"]}, ["jink ♦4"])
    expect_skill(g, 0, C.DK_SKILL_TARGET, "tuxi", ["pass", "target player_3"])
    g.play("target player_3")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == sorted(["Jink ♦4", ANCHOR_LABEL])
    assert event_args(g, C.EV_DRAW) == []
    invariants(g)


def test_tuxi_not_offered_when_nobody_has_hand_cards(invariants):
    """突袭 needs another player with hand cards: otherwise he simply draws two."""
    g = tuxi_table([], {"equip": ["dilu"]}, [])
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == sorted(["Peach ♥3", "Peach ♥4", ANCHOR_LABEL])
    assert skill_events(g) == []
    invariants(g)
