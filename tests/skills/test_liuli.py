"""流离 (大乔; the standard pack): scenario tests. The skill: "When you become the target of a
Slash, you may discard a card to pass the Slash on to another character in your attack range,
other than its user."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import asked, damage, discard_names, expect, skill_events
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def liuli_table(s1, s2=None, s3=None, **kw):
    """Seat 0 slashes 大乔 (seat 1)."""
    return table({"hand": ["slash ♠7"]}, dict({"hero": "daqiao"}, **s1), s2 or {}, s3 or {}, **kw)


def test_liuli_passes_slash_to_player_in_her_range():
    """流离: 大乔 discards a card (hand or equipment) and passes the 杀 to someone in HER attack
    range other than its user; the user's own range does not matter (the 三国杀 standard rules,
    as in the established engines)."""
    g = liuli_table({"hand": ["jink ♦2"], "equip": ["qinggang_sword"]}, {"hp": 3})
    g.play("Slash ♠7")
    g.play("target player_1")
    asked(g, 1, C.DK_SKILL_CARD, SK.SK_LIULI)
    assert g.legal_labels() == ["pass", "Qinggang Sword ♠6", "Jink ♦2"]
    g.play("Jink ♦2")
    asked(g, 1, C.DK_SKILL_TARGET, SK.SK_LIULI)
    assert g.legal_labels() == ["target player_2", "target player_3"]     # not the user
    g.play("target player_2")            # distance 2 from the user, whose range is 1
    assert damage(g) == [(0, 2, 1)]
    assert (g.hp(1), g.hp(2)) == (3, 2)
    assert discard_names(g) == ["Jink ♦2", "Slash ♠7"]
    assert skill_events(g, SK.SK_LIULI) == [(1, SK.SK_LIULI, 2)]


def test_liuli_range_is_counted_after_the_discard():
    """流离: discarding her weapon shrinks her range before the new target is chosen
    (docs/rules.md, Heroes (pack `standard`))."""
    g = liuli_table({"hand": ["jink ♦2"], "equip": ["qinggang_sword"]}, autoplay=False)
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Qinggang Sword ♠6")
    asked(g, 1, C.DK_SKILL_TARGET, SK.SK_LIULI)
    assert g.legal_labels() == ["target player_2"]


def test_liuli_minus_horse_discarded_is_not_counted():
    """流离: a discarded −1 horse no longer shortens her distances."""
    g = liuli_table({"hand": ["jink ♦2"], "equip": ["dayuan"]}, autoplay=False)
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")
    assert g.legal_labels() == ["target player_2", "target player_3"]
    g2 = liuli_table({"hand": ["jink ♦2"], "equip": ["dayuan"]}, autoplay=False)
    g2.play("Slash ♠7")
    g2.play("target player_1")
    g2.play("Dayuan ♠K")
    assert g2.legal_labels() == ["target player_2"]


def test_liuli_declined_she_must_answer_herself():
    """流离 is optional: "pass" and the 杀 stays on her."""
    g = liuli_table({"hand": ["jink ♦2"], "equip": ["qinggang_sword"]})
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("pass")
    expect(g, 1, C.DK_JINK)
    g.play("pass")
    assert damage(g) == [(0, 1, 1)]
    assert skill_events(g, SK.SK_LIULI) == []


def test_liuli_not_to_kongcheng_zhugeliang_without_hand():
    """流离: 诸葛亮 with no hand card cannot become the 杀's target (空城); a card whose discard
    leaves nobody else is not offered."""
    g = liuli_table({"hand": ["jink ♦2"], "equip": ["qinggang_sword"]}, {"hero": "zhugeliang"},
                    autoplay=False)
    g.play("Slash ♠7")
    g.play("target player_1")
    asked(g, 1, C.DK_SKILL_CARD, SK.SK_LIULI)
    # without the sword only 诸葛亮 would be in range: the sword cannot pay for 流离
    assert g.legal_labels() == ["pass", "Jink ♦2"]
    g.play("Jink ♦2")
    assert g.legal_labels() == ["target player_3"]


def test_liuli_not_asked_when_only_kongcheng_is_in_range():
    """流离 is not offered when nobody can receive the 杀: she answers it herself."""
    g = liuli_table({"hand": ["jink ♦2"]}, {"hero": "zhugeliang"})
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    assert skill_events(g, SK.SK_LIULI) == []


def test_liuli_to_kongcheng_zhugeliang_with_a_hand_card():
    """流离: 诸葛亮 holding a hand card is a legal new target; he must answer the 杀."""
    g = liuli_table({"hand": ["jink ♦2"]}, {"hero": "zhugeliang", "hand": ["jink ♦3"]})
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")                 # the only target left (autoplayed): 诸葛亮
    expect(g, 2, C.DK_JINK)
    g.play("Jink ♦3")
    assert damage(g) == [] and g.hand(2) == []
    assert skill_events(g, SK.SK_LIULI) == [(1, SK.SK_LIULI, 2)]


def test_liuli_passed_slash_of_lvbu_still_needs_two_jinks():
    """流离 + 无双: the passed 杀 is still 吕布's, so its new target needs two 闪."""
    g = table({"hero": "lvbu", "hand": ["slash ♠7", ANCHOR]},
              {"hero": "daqiao", "hand": ["jink ♦2"]},
              ["jink ♦3"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")                 # the only other seat in her range: seat 2 (autoplayed)
    expect(g, 2, C.DK_JINK)
    g.play("Jink ♦3")
    assert damage(g) == [(0, 2, 1)]


def test_liuli_not_for_a_duel():
    """流离 answers only 杀, not 决斗 (the 三国杀 standard rules "不包括决斗时")."""
    g = table({"hand": ["duel ♠A"]}, {"hero": "daqiao", "hand": ["jink ♦2", "slash ♠8"]})
    g.play("Duel ♠A")
    g.play("target player_1")
    expect(g, 1, C.DK_SLASH)
    assert skill_events(g, SK.SK_LIULI) == []
