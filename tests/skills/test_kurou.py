"""苦肉 (黄盖; the standard pack): scenario tests. The skill: "In your play phase, any number of
times, you may lose 1 HP and then draw two cards."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import DILU as STOP
from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import damage, event_args, everyone_a_hero, expect, hand_names, index_of, skill_events
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_kurou_loses_hp_without_source_then_draws_two_unlimited(invariants):
    """苦肉: lose 1 HP (not damage, no source), then draw 2; usable any number of times (the 三国杀
    standard rules)."""
    g = table(*everyone_a_hero({"hero": "huanggai", "hand": [ANCHOR]}),
              deck_top=["jink ♦2", "jink ♦3", "jink ♦4", "jink ♦5"])
    g.play("skill Self Injury")
    assert g.hp(0) == 3
    assert hand_names(g, 0) == sorted([ANCHOR_LABEL, "Jink ♦2", "Jink ♦3"])
    assert event_args(g, C.EV_LOSE_HP) == [(0, 1, 0)]
    assert damage(g) == []
    expect(g, 0, C.DK_PLAY)
    g.play("skill Self Injury")
    assert g.hp(0) == 2 and len(g.hand(0)) == 5
    assert skill_events(g, SK.SK_KUROU) == [(0, SK.SK_KUROU, -1)] * 2
    invariants(g)


def test_kurou_into_dying_rescued_then_still_draws():
    """苦肉 at 1 HP: the dying procedure runs first (others may 桃 him); rescued, he still draws 2
    (as in the established engines)."""
    g = table({"hero": "huanggai", "hp": 1, "hand": [ANCHOR]}, ["peach ♥3"],
              deck_top=["jink ♦2", "jink ♦3"])
    g.play("skill Self Injury")
    expect(g, 1, C.DK_PEACH)
    assert len(g.hand(0)) == 1                  # nothing drawn yet
    g.play("Peach ♥3")
    assert g.hp(0) == 1
    assert hand_names(g, 0) == sorted([ANCHOR_LABEL, "Jink ♦2", "Jink ♦3"])
    heal = index_of(g, lambda e: e[0] == C.EV_HEAL)
    first_draw = index_of(g, lambda e: e[0] == C.EV_DRAW)
    assert index_of(g, lambda e: e[0] == C.EV_DYING) < heal < first_draw
    expect(g, 0, C.DK_PLAY)


def test_kurou_into_death_no_draw_no_killer_game_goes_on():
    """苦肉 killing himself: no draw, no killer (no reward for anyone), the game goes on if
    undecided (as in the established engines)."""
    g = table({}, {"hero": "huanggai", "hp": 1, "hand": [ANCHOR]}, [STOP], ["peach ♥3"],
              current=1, deck_top=["jink ♦2", "jink ♦3"])
    g.play("skill Self Injury")
    expect(g, 3, C.DK_PEACH)
    g.play("pass")
    assert not g.alive(1) and not g.done
    assert event_args(g, C.EV_DEATH) == [(1, -1, C.ROLE_REBEL)]
    # the two top cards were not drawn by 黄盖: seat 2 draws them in its own turn
    expect(g, 2, C.DK_PLAY)
    assert hand_names(g, 2) == sorted(["Dilu ♣5", "Jink ♦2", "Jink ♦3"])
    assert [e for e in g.event_log if e[0] == C.EV_DRAW and e[1] == 1] == []


def test_kurou_lord_dies_rebels_win():
    """苦肉 killing the lord ends the game at once: rebels win (the 三国杀 standard rules;
    docs/rules.md, Death, victory, end)."""
    g = table({"hero": "huanggai", "hp": 1, "hand": [ANCHOR]})
    g.play("skill Self Injury")
    assert g.done and g.result == C.RES_REBEL
    assert [e for e in g.event_log if e[0] == C.EV_DRAW] == []
