"""遗计 (郭嘉; the standard pack): scenario tests. The skill: "After you take damage and
survive, for each point you may look at the top two cards of the deck and give each to any
living character, yourself included."

Tables: ``table`` is ``helpers.table4_filled`` (four seats; living seats without a hero get
吕蒙).
"""

from helpers import SKILL_IDS as SK
from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import damage, event_args, expect, expect_confirm, expect_skill, hand_names
from helpers import skill_events_by_key as skill_events
from helpers import table4_filled as table

from heroes_env.engine import constants as C


def test_yiji_looks_at_two_cards_and_gives_each(invariants):
    """遗计: for a point of damage, look at the top two cards and give each to any living player,
    himself included."""
    g = table(["slash ♠7", ANCHOR], {"hero": "guojia"}, deck_top=["peach ♥3", "jink ♦2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    expect_confirm(g, 1, "yiji")
    g.play("confirm")
    everyone = ["target player_1", "target player_2", "target player_3", "target player_0"]
    expect_skill(g, 1, C.DK_SKILL_TARGET, "yiji", everyone)
    assert int(g.s[C.H_DCARD]) == 32         # Peach ♥3 is given first
    # he looks at the two cards privately
    assert sorted(g.zone_cards(C.Z_LOOK)) == [32, 83]
    assert g.observe(1)[C.OBS_LOOK + 32] == 1 and g.observe(1)[C.OBS_LOOK + 83] == 1
    assert g.observe(2)[C.OBS_LOOK + 32] == 0 and g.observe(0)[C.OBS_LOOK + 83] == 0
    g.play("target player_2")
    expect_skill(g, 1, C.DK_SKILL_TARGET, "yiji", everyone)
    assert int(g.s[C.H_DCARD]) == 83
    g.play("target player_1")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 2) == ["Peach ♥3"] and hand_names(g, 1) == ["Jink ♦2"]
    assert event_args(g, C.EV_GIVE) == [(1, 32, 2), (1, 83, 1)]
    assert skill_events(g, "yiji") == [(1, SK["yiji"], -1)]
    assert g.zone_cards(C.Z_LOOK) == []
    invariants(g)


def test_yiji_both_cards_to_one_player(invariants):
    """遗计: both cards may go to the same player."""
    g = table(["slash ♠7", ANCHOR], {"hero": "guojia"}, deck_top=["peach ♥3", "jink ♦2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("confirm")
    g.play("target player_3")
    g.play("target player_3")
    assert hand_names(g, 3) == ["Jink ♦2", "Peach ♥3"]
    assert g.hand(1) == []
    invariants(g)


def test_yiji_is_optional(invariants):
    """遗计 declined: the draw pile is untouched."""
    g = table(["slash ♠7", ANCHOR], {"hero": "guojia"}, deck_top=["peach ♥3", "jink ♦2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    expect_confirm(g, 1, "yiji")
    g.play("pass")
    expect(g, 0, C.DK_PLAY)
    assert [g.card_name(c) for c in g.draw_pile()[:2]] == ["Peach ♥3", "Jink ♦2"]
    assert g.hand(1) == []
    invariants(g)


def test_yiji_once_per_point_of_damage(invariants):
    """遗计 fires once per point: 2 damage (裸衣) → two rounds of two cards."""
    g = table({"hero": "xuchu", "hand": ["slash ♠7", ANCHOR]}, {"hero": "guojia"},
              deck_top=["peach ♥3", "jink ♦2", "jink ♦3", "jink ♦4"])
    g.play("Slash ♠7")
    g.play("target player_1")
    assert damage(g) == [(0, 1, 2)] and g.hp(1) == 1
    for _ in range(2):
        expect_confirm(g, 1, "yiji")
        g.play("confirm")
        g.play("target player_1")
        g.play("target player_1")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 1) == ["Jink ♦2", "Jink ♦3", "Jink ♦4", "Peach ♥3"]
    assert len(skill_events(g, "yiji")) == 2
    invariants(g)


def test_yiji_after_being_saved_from_dying_fires_for_every_point(invariants):
    """遗计 after dying: 郭嘉 at 1 HP takes 2 damage, is saved with two 桃, then 遗计 fires twice
    (dying is resolved inside the damage, before the after-damage skills)."""
    g = table({"hero": "xuchu", "hand": ["slash ♠7", ANCHOR]}, {"hero": "guojia", "hp": 1},
              ["peach ♥4", "peach ♥6"],
              deck_top=["jink ♦2", "jink ♦3", "jink ♦4", "jink ♦5"])
    g.play("Slash ♠7")
    g.play("target player_1")
    assert g.hp(1) == -1
    expect(g, 2, C.DK_PEACH)
    g.play("Peach ♥4")
    expect(g, 2, C.DK_PEACH)
    g.play("Peach ♥6")
    assert g.hp(1) == 1
    for _ in range(2):
        expect_confirm(g, 1, "yiji")
        g.play("confirm")
        g.play("target player_2")
        g.play("target player_1")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 1) == ["Jink ♦3", "Jink ♦5"]
    assert hand_names(g, 2) == ["Jink ♦2", "Jink ♦4"]
    invariants(g)


def test_yiji_gives_only_to_living_players(invariants):
    """遗计: a dead player cannot be given a card."""
    g = table(["slash ♠7", ANCHOR], {"hero": "guojia"}, {}, {"alive": False},
              deck_top=["peach ♥3", "jink ♦2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("confirm")
    expect_skill(g, 1, C.DK_SKILL_TARGET, "yiji",
                 ["target player_1", "target player_2", "target player_0"])
    invariants(g)


def test_yiji_not_when_he_dies(invariants):
    """遗计 needs 郭嘉 to survive: unsaved, he dies and nothing is asked."""
    g = table(["slash ♠7", ANCHOR], {"hero": "guojia", "hp": 1},
              deck_top=["jink ♦2", "jink ♦3", "jink ♦4"])
    g.play("Slash ♠7")
    g.play("target player_1")
    assert event_args(g, C.EV_DEATH) == [(1, 0, C.ROLE_REBEL)]
    expect(g, 0, C.DK_PLAY)
    assert skill_events(g) == []
    # the killer's 3-card reward comes off the top: 遗计 looked at nothing
    assert hand_names(g, 0) == sorted(["Jink ♦2", "Jink ♦3", "Jink ♦4", ANCHOR_LABEL])
    invariants(g)
