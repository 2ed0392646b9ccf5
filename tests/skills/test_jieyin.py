"""结姻 (孙尚香; the standard pack): scenario tests. The skill: "Once per play phase, you may
discard two hand cards and choose a wounded male character; you and he each recover 1 HP."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import asked, discard_names, event_args, expect, skill_events
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_jieyin_heals_her_and_a_wounded_male(invariants):
    """结姻: once per play phase, choose a wounded male other character, discard exactly 2 hand
    cards: both recover 1 (the 三国杀 standard rules)."""
    g = table({"hero": "sunshangxiang", "hp": 2,
               "hand": ["slash ♠7", "jink ♦2", "jink ♦3", ANCHOR], "equip": ["dilu"]},
              {"hero": "ganning", "hp": 3}, {"hero": "diaochan", "hp": 2},
              {"hero": "xiahoudun", "hp": 3})
    g.play("skill Marriage")
    asked(g, 0, C.DK_SKILL_TARGET, SK.SK_JIEYIN)
    assert g.legal_labels() == ["target player_1", "target player_3"]   # not the wounded woman
    g.play("target player_1")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_JIEYIN)
    # hand cards only, exactly two: no confirm/pass
    assert g.legal_labels() == ["Slash ♠7", ANCHOR_LABEL, "Jink ♦2", "Jink ♦3"]
    g.play("Jink ♦2")
    assert g.legal_labels() == ["Slash ♠7", ANCHOR_LABEL, "Jink ♦3"]
    g.play("Slash ♠7")
    assert (g.hp(0), g.hp(1), g.hp(2), g.hp(3)) == (3, 4, 2, 3)
    assert discard_names(g) == ["Jink ♦2", "Slash ♠7"]
    assert sorted(e[:2] for e in event_args(g, C.EV_HEAL)) == [(0, 1), (1, 1)]
    assert skill_events(g, SK.SK_JIEYIN) == [(0, SK.SK_JIEYIN, 1)]
    # once per play phase (a wounded male and two hand cards remain)
    expect(g, 0, C.DK_PLAY)
    assert "skill Marriage" not in g.legal_labels()
    invariants(g)


def test_jieyin_at_full_hp_only_he_recovers():
    """结姻: 孙尚香 at full HP may still use it; only he recovers."""
    g = table({"hero": "sunshangxiang", "hand": ["jink ♦2", "jink ♦3", ANCHOR]},
              {"hero": "ganning", "hp": 2})
    g.play("skill Marriage")             # the only target (autoplayed)
    g.play("Jink ♦2")
    g.play("Jink ♦3")
    assert (g.hp(0), g.hp(1)) == (3, 3)
    assert [e[:2] for e in event_args(g, C.EV_HEAL)] == [(1, 1)]


def test_jieyin_not_offered_without_wounded_male_or_two_hand_cards():
    """结姻 needs a wounded male other character and two hand cards (equipment does not count)."""
    g = table({"hero": "sunshangxiang", "hp": 2, "hand": ["jink ♦2", "jink ♦3", ANCHOR]},
              {"hero": "ganning"}, {"hero": "daqiao", "hp": 2}, {"hero": "lvmeng"})
    assert g.legal_labels() == ["pass", ANCHOR_LABEL]
    g2 = table({"hero": "sunshangxiang", "hand": [ANCHOR], "equip": ["dilu"]},
               {"hero": "ganning", "hp": 2})
    assert g2.legal_labels() == ["pass", ANCHOR_LABEL]
