"""柔情 (陈满意; the classmates pack): scenario tests. The skill: "After the targets of your
Slash are fixed, you may judge for each target: on red that target cannot dodge it."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position). Most tests give a
rigged seat the skill through ``stand_in`` (its skill slot set directly); the one naming 陈满意
seats the hero himself.
"""

from helpers import DILU, asked, damage, events, expect, hand_names, hit, skill_events, stand_in
from helpers import ZHUAHUANG as ANCHOR
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def rouqing_table(*more, deck_top=("peach ♥3",), **kw):
    g = table({"hand": ["slash ♠7", ANCHOR]}, {"hand": ["jink ♦2"]}, *more,
              deck_top=list(deck_top), autoplay=False, **kw)
    stand_in(g, 0, SK.SK_ROUQING)
    return g


def test_rouqing_red_judgement_the_slash_cannot_be_dodged(invariants):
    """柔情: once his 杀 has its target he may judge; red: the target is not asked for a 闪."""
    g = rouqing_table()
    hit(g)
    asked(g, 0, C.DK_CONFIRM, SK.SK_ROUQING)
    assert g.legal_labels() == ["pass", "confirm"]
    g.play("confirm")
    expect(g, 0, C.DK_PLAY)
    assert damage(g) == [(0, 1, 1)] and hand_names(g, 1) == ["Jink ♦2"]
    assert skill_events(g, SK.SK_ROUQING) == [(0, SK.SK_ROUQING, 1)]
    assert [e[2] for e in events(g, C.EV_JUDGE)] == [32]
    invariants(g)


def test_rouqing_black_judgement_or_declined_the_target_may_dodge():
    g = rouqing_table(deck_top=["slash ♠8"])
    hit(g)
    g.play("confirm")
    expect(g, 1, C.DK_JINK)
    g.play("Jink ♦2")
    assert damage(g) == []
    g2 = rouqing_table()
    hit(g2)
    g2.play("pass")
    expect(g2, 1, C.DK_JINK)
    assert events(g2, C.EV_JUDGE) == []


def test_rouqing_is_judged_per_target_of_a_halberd_slash():
    """柔情 with 方天画戟: each target is judged on its own; only the red ones cannot dodge."""
    g = table({"hand": ["slash ♠7"], "equip": ["halberd"]}, {"hand": ["jink ♦2"]}, [],
              {"hand": ["jink ♦3"]}, deck_top=["peach ♥3", "slash ♠8"], autoplay=False)
    stand_in(g, 0, SK.SK_ROUQING)
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("target player_3")
    g.play("confirm")
    asked(g, 0, C.DK_CONFIRM, SK.SK_ROUQING)
    g.play("confirm")                 # target 1: ♥3 red
    asked(g, 0, C.DK_CONFIRM, SK.SK_ROUQING)
    g.play("confirm")                 # target 3: ♠8 black
    expect(g, 3, C.DK_JINK)           # seat 1 was never asked
    g.play("Jink ♦3")
    assert damage(g) == [(0, 1, 1)]
    assert hand_names(g, 1) == ["Jink ♦2"]


def test_rouqing_comes_after_the_target_passed_it_on():
    """柔情 is judged for the final target: after 迷离/流离 moved the 杀."""
    g = rouqing_table({"hand": ["jink ♦3"]}, deck_top=["peach ♥3"])
    g.s[C.P_SK0 + 1] = SK.SK_MILI_CM
    g.invalidate()
    hit(g)
    asked(g, 1, C.DK_SKILL_CARD, SK.SK_LIULI)
    g.play("Jink ♦2")
    g.play("target player_2")
    asked(g, 0, C.DK_CONFIRM, SK.SK_ROUQING)
    assert int(g.s[C.H_DTGT]) == 2
    g.play("confirm")
    assert damage(g) == [(0, 2, 1)] and hand_names(g, 2) == ["Jink ♦3"]


def test_rouqing_red_judgement_makes_the_slash_undodgeable():
    """柔情 (陈满意): after his 杀 names a target he may judge; red → no 闪 is asked."""
    g = table({"hero": "chenmanyi", "hand": ["slash ♠7", DILU]}, {"hand": ["jink ♦2"]}, {}, {},
              deck_top=["peach ♥3"])
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 0, C.DK_CONFIRM)
    g.play("confirm")
    assert damage(g) == [(0, 1, 1)] and hand_names(g, 1) == ["Jink ♦2"]
