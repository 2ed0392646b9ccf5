"""刚烈 (夏侯惇; the standard pack): scenario tests. The skill: "After you take damage and
survive, you may make the damage source judge: on black it chooses to lose 1 HP or discard two
hand cards (with fewer than two, it loses the HP)." 刚烈 is judged by the source and only
*black* hurts it, with "lose 1 HP" or "discard two hand cards" (the rule text;
docs/rules.md, Heroes (pack `standard`)).

Tables: ``table`` is ``helpers.table4_filled`` (four seats; living seats without a hero get
吕蒙).
"""

import pytest
from helpers import SKILL_IDS as SK
from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import (
    damage,
    discard_names,
    event_args,
    expect,
    expect_confirm,
    expect_skill,
    hand_names,
    judged,
)
from helpers import skill_events_by_key as skill_events
from helpers import table4_filled as table

from heroes_env.engine import constants as C


def ganglie_table(attacker_hand, deck_top):
    return table({"hand": attacker_hand}, {"hero": "xiahoudun"}, deck_top=deck_top)


def test_ganglie_black_source_chooses_to_lose_hp(invariants):
    """刚烈: the source judges; black → it chooses; "lose 1 HP" is HP loss, not damage."""
    g = ganglie_table(["slash ♠7", ANCHOR, "jink ♦2", "jink ♦3"], ["slash ♣2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    expect_confirm(g, 1, "ganglie")
    g.play("confirm")
    assert event_args(g, C.EV_JUDGE)[0][:2] == (0, 58)     # the source judges ♣2
    expect_skill(g, 0, C.DK_SKILL_OPTION, "ganglie", ["lose 1 HP", "discard two hand cards"])
    g.play("lose 1 HP")
    assert g.hp(0) == 3
    assert event_args(g, C.EV_LOSE_HP) == [(0, 1, 0)]
    assert damage(g) == [(0, 1, 1)]                 # no damage to the source
    assert len(g.hand(0)) == 3
    assert skill_events(g, "ganglie") == [(1, SK["ganglie"], 0)]
    expect(g, 0, C.DK_PLAY)
    invariants(g)


def test_ganglie_black_source_discards_two_hand_cards(invariants):
    """刚烈: the source may instead discard two hand cards (not equipment), one at a time."""
    g = table({"hand": ["slash ♠7", ANCHOR, "jink ♦2", "jink ♦3"], "equip": ["dayuan"]},
              {"hero": "xiahoudun"}, deck_top=["slash ♣2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("confirm")
    g.play("discard two hand cards")
    expect(g, 0, C.DK_SELECT)
    assert g.legal_labels() == [ANCHOR_LABEL, "Jink ♦2", "Jink ♦3"]
    g.play("Jink ♦2")
    expect(g, 0, C.DK_SELECT)
    assert g.legal_labels() == [ANCHOR_LABEL, "Jink ♦3"]
    g.play("Jink ♦3")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(0) == 4
    assert hand_names(g, 0) == [ANCHOR_LABEL]
    assert discard_names(g) == ["Jink ♦2", "Jink ♦3", "Slash ♠7", "Slash ♣2"]
    invariants(g)


@pytest.mark.parametrize("judge", ["peach ♥3", "jink ♦2"])
def test_ganglie_red_does_nothing(judge, invariants):
    """刚烈 (the 三国杀 standard rules): only black hurts the source; ♥ and ♦ do nothing."""
    g = ganglie_table(["slash ♠7", ANCHOR, "jink ♦3", "jink ♦4"], [judge])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("confirm")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(0) == 4 and len(g.hand(0)) == 3
    assert event_args(g, C.EV_LOSE_HP) == []
    invariants(g)


def test_ganglie_source_with_fewer_than_two_hand_cards_loses_hp(invariants):
    """刚烈: a source with fewer than two hand cards has no choice: it loses 1 HP."""
    g = ganglie_table(["slash ♠7", ANCHOR], ["slash ♣2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("confirm")
    expect(g, 0, C.DK_PLAY)                  # no option was asked
    assert g.hp(0) == 3
    assert event_args(g, C.EV_LOSE_HP) == [(0, 1, 0)]
    assert hand_names(g, 0) == [ANCHOR_LABEL]
    invariants(g)


def test_ganglie_is_optional(invariants):
    """刚烈 may be declined: no judgement."""
    g = ganglie_table(["slash ♠7", ANCHOR, "jink ♦2", "jink ♦3"], ["slash ♣2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    expect_confirm(g, 1, "ganglie")
    g.play("pass")
    expect(g, 0, C.DK_PLAY)
    assert judged(g) == [] and g.hp(0) == 4
    invariants(g)


def test_ganglie_once_per_damage_event(invariants):
    """刚烈 (original): one judgement per damage, even for 2 points (裸衣)."""
    g = table({"hero": "xuchu", "hand": ["slash ♠7", ANCHOR, "jink ♦2", "jink ♦3"]},
              {"hero": "xiahoudun"}, deck_top=["slash ♣2", "slash ♣3"])
    g.play("Slash ♠7")
    g.play("target player_1")
    assert damage(g) == [(0, 1, 2)]
    expect_confirm(g, 1, "ganglie")
    g.play("confirm")
    g.play("lose 1 HP")
    expect(g, 0, C.DK_PLAY)
    assert judged(g) == ["Slash ♣2"] and g.hp(0) == 3
    invariants(g)


def test_ganglie_judgement_of_guojia_source_can_be_taken_by_tiandu(invariants):
    """刚烈 is judged by the source: a 郭嘉 source may take that judgement card with 天妒, and
    then still has to choose (the card now in his hand counts for the discard)."""
    g = table({"hero": "guojia", "hand": ["slash ♠7", ANCHOR, "jink ♦2"]}, {"hero": "xiahoudun"},
              deck_top=["slash ♣2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("confirm")                        # 刚烈
    expect_confirm(g, 0, "tiandu")
    g.play("confirm")
    expect_skill(g, 0, C.DK_SKILL_OPTION, "ganglie", ["lose 1 HP", "discard two hand cards"])
    g.play("discard two hand cards")
    assert g.legal_labels() == [ANCHOR_LABEL, "Slash ♣2", "Jink ♦2"]
    g.play("Slash ♣2")
    g.play("Jink ♦2")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == [ANCHOR_LABEL] and g.hp(0) == 3
    invariants(g)


def test_ganglie_not_offered_for_lightning(invariants):
    """刚烈 needs a source: 闪电's damage has none."""
    g = table({}, {"hero": "xiahoudun", "judge": ["lightning ♠A"]}, current=1, phase="start",
              deck_top=["slash ♠7", ANCHOR, "jink ♦2"])
    expect(g, 1, C.DK_PLAY)
    assert damage(g) == [(-1, 1, 3)] and g.hp(1) == 1
    assert skill_events(g) == []
    invariants(g)


def test_ganglie_against_savage_assault(invariants):
    """刚烈 works against AOE damage (the 三国杀 standard rules names 南蛮入侵); the AOE then goes
    on."""
    g = table(["savage_assault ♠7", ANCHOR, "jink ♦2", "jink ♦3"], {"hero": "xiahoudun"},
              {}, ["slash ♣3"], deck_top=["slash ♣2"])
    g.play("Savage Assault ♠7")
    expect_confirm(g, 1, "ganglie")
    g.play("confirm")
    g.play("lose 1 HP")
    expect(g, 3, C.DK_SLASH)
    g.play("Slash ♣3")
    expect(g, 0, C.DK_PLAY)
    assert damage(g) == [(0, 1, 1), (0, 2, 1)]
    assert g.hp(0) == 3
    invariants(g)


def test_ganglie_hp_loss_kill_pays_no_reward(invariants):
    """刚烈's HP loss has no source: a rebel who dies of it pays no 3-card reward to 夏侯惇."""
    g = table({}, {"hp": 1, "hand": ["slash ♠7"]}, {"hero": "xiahoudun"}, {}, current=1,
              deck_top=["slash ♣2", ANCHOR, "jink ♦2", "jink ♦3", "jink ♦4", "jink ♦5"])
    g.play("Slash ♠7")
    g.play("target player_2")
    expect_confirm(g, 2, "ganglie")
    g.play("confirm")          # ♣2: the rebel has no hand card left: loses 1 HP and dies
    assert event_args(g, C.EV_DEATH) == [(1, -1, C.ROLE_REBEL)]
    expect(g, 2, C.DK_PLAY)                  # 夏侯惇's own turn: he drew 2, no reward before
    assert hand_names(g, 2) == sorted([ANCHOR_LABEL, "Jink ♦2"])
    invariants(g)
