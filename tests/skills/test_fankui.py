"""反馈 (司马懿; the standard pack): scenario tests. The skill: "After you take damage and
survive, you may take a random hand card of the damage source." 反馈 takes a random *hand* card
(the rule text; docs/rules.md, Heroes (pack `standard`)).

Tables: ``table`` is ``helpers.table4_filled`` (four seats; living seats without a hero get
吕蒙).
"""

from helpers import CHITU as ANCHOR2
from helpers import SKILL_IDS as SK
from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import damage, event_args, expect, expect_confirm, hand_names, names, no_skill_asked
from helpers import skill_events_by_key as skill_events
from helpers import table4_filled as table

from heroes_env.engine import constants as C


def test_fankui_takes_a_random_hand_card_of_the_source(invariants):
    """反馈: after damage 司马懿 may take one random hand card of the source."""
    g = table(["slash ♠7", ANCHOR, ANCHOR2], {"hero": "simayi"})
    g.play("Slash ♠7")
    g.play("target player_1")
    expect_confirm(g, 1, "fankui")
    assert g.hp(1) == 2
    g.play("confirm")
    assert len(g.hand(1)) == 1 and len(g.hand(0)) == 1
    assert names(g, g.hand(0) + g.hand(1)) == ["Chitu ♥5", ANCHOR_LABEL]
    assert skill_events(g, "fankui") == [(1, SK["fankui"], 0)]
    assert event_args(g, C.EV_GAIN) == [(1, g.hand(1)[0], 0)]
    expect(g, 0, C.DK_PLAY)
    invariants(g)


def test_fankui_is_optional(invariants):
    """反馈 may be declined: nothing changes hands."""
    g = table(["slash ♠7", ANCHOR, ANCHOR2], {"hero": "simayi"})
    g.play("Slash ♠7")
    g.play("target player_1")
    expect_confirm(g, 1, "fankui")
    g.play("pass")
    assert g.hand(1) == [] and len(g.hand(0)) == 2
    assert skill_events(g) == []
    invariants(g)


def test_fankui_not_offered_when_the_source_has_no_hand_card(invariants):
    """反馈 takes a hand card only (the rule text): a source with only equipment gives nothing."""
    g = table({"hand": ["slash ♠7"], "equip": ["chitu"]}, {"hero": "simayi"},
              deck_top=[ANCHOR, "jink ♦2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    # 反馈 is not asked; player_0 has nothing left to do, so player_1's turn comes
    expect(g, 1, C.DK_PLAY)
    no_skill_asked(g, "fankui")
    assert damage(g) == [(0, 1, 1)]
    assert hand_names(g, 1) == ["Jink ♦2", ANCHOR_LABEL]
    assert names(g, g.equipment(0)) == ["Chitu ♥5"]
    invariants(g)


def test_fankui_once_per_damage_event(invariants):
    """反馈 (original): once per damage, even for 2 points (许褚's 裸衣 杀)."""
    g = table({"hero": "xuchu", "hand": ["slash ♠7", ANCHOR, ANCHOR2, "jink ♦2"]},
              {"hero": "simayi"})
    g.play("Slash ♠7")
    g.play("target player_1")
    assert damage(g) == [(0, 1, 2)]
    expect_confirm(g, 1, "fankui")
    g.play("confirm")
    expect(g, 0, C.DK_PLAY)
    assert len(g.hand(1)) == 1 and len(g.hand(0)) == 2
    invariants(g)
