"""The scenario builder's checks and reach: ``round`` within
1..max_rounds, a pre-filled discard pile, ``phase="finish"`` running the end-of-turn skills."""
import pytest
from helpers import asked, discard_names, expect, hand_names
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine import invariants as inv
from heroes_env.engine.skills import ids as SK
from heroes_env.scenario import ScenarioError, build


@pytest.mark.parametrize("rnd, max_rounds", [(500, None), (0, None), (-5, None), (11, 10),
                                             (True, None), (1.0, None)])
def test_round_outside_one_to_max_rounds_is_refused(rnd, max_rounds):
    kw = {} if max_rounds is None else {"max_rounds": max_rounds}
    with pytest.raises(ScenarioError, match=r"round must be an int from 1 to max_rounds="
                                            rf"{max_rounds or 100}, got {rnd!r}"):
        table({}, {}, {}, {}, round=rnd, **kw)


@pytest.mark.parametrize("rnd", [1, 10])
def test_round_within_bounds_keeps_the_invariants(rnd, invariants):
    g = table({}, {}, {}, {}, round=rnd, max_rounds=10)
    assert g.round == rnd
    assert inv.violation(g.s) == inv.OK
    invariants(g)


def test_discard_pile_prefilled(invariants):
    """discard= places cards in the discard pile (not in the draw pile)."""
    g = table({"hand": ["zhuahuangfeidian"]}, {}, {}, {}, discard=["slash ♠7", "peach ♥3"])
    assert sorted(discard_names(g)) == ["Peach ♥3", "Slash ♠7"]
    assert not set(g.draw_pile()) & set(g.zone_cards(C.Z_DISCARD))
    invariants(g)


def test_discard_cards_are_checked_like_any_other():
    with pytest.raises(ScenarioError, match=r"discard\[1\]: every 'slash ♠7' is already placed"):
        table({"hand": ["slash ♠7"]}, {}, {}, {}, discard=["peach ♥3", "slash ♠7"])
    with pytest.raises(ScenarioError, match="discard must list cards"):
        table({}, {}, {}, {}, discard="slash")


def test_phase_finish_runs_biyue():
    """闭月 (after the discard phase) is asked when a scenario starts at phase "finish"."""
    g = table({"hero": "diaochan", "hand": ["jink ♦2"]}, ["dilu"], phase="finish",
              deck_top=["peach ♥3"])
    asked(g, 0, C.DK_CONFIRM, SK.SK_BIYUE)
    g.play("confirm")
    assert hand_names(g, 0) == ["Jink ♦2", "Peach ♥3"]
    expect(g, 1, C.DK_PLAY)


def test_phase_finish_runs_menshen():
    """门神 (end of 秦琼's turn) is asked at phase "finish" too."""
    g = build([{"role": "lord", "hero": "qinqiong"},
               {"role": "rebel", "hand": ["defensive_horse ♣5"]},
               {"role": "loyalist"}, {"role": "renegade"}], phase="finish", deck="herokill")
    expect(g, 0, C.DK_SKILL_TARGET)
    g.play("target player_2")
    assert int(g.s[C.P_MARK + 2]) == C.MK_MENSHEN
    expect(g, 1, C.DK_PLAY)


def test_the_docstring_says_what_cannot_be_rigged():
    import heroes_env.scenario as sc
    assert "cannot rig" in sc.__doc__ and "3v3" in sc.__doc__ and "draft" in sc.__doc__


def test_a_scenario_is_a_description_built_on_demand():
    """``Scenario`` holds the description; ``build(seats, ...)`` is ``Scenario(...).build()``, and
    the same description builds the same game every time."""
    from heroes_env.scenario import Scenario
    seats = [{"hand": ["slash ♠7"]}, {"role": "rebel", "hp": 2}, {"role": "loyalist"},
             {"role": "renegade"}]
    sc = Scenario(seats, deck_top=["peach ♥3"], current=0, seed=4)
    a, b, c = sc.build(), sc.build(), build(seats, deck_top=["peach ♥3"], current=0, seed=4)
    assert (a.s == b.s).all() and (a.s == c.s).all()
    assert hand_names(a, 0) == ["Slash ♠7"] and a.hp(1) == 2


def test_an_unknown_scenario_field_names_the_fields():
    with pytest.raises(ScenarioError, match=r"unknown scenario field\(s\) \['curent'\]; the fields "
                                            r"are \['seats', 'deck_top', 'current'"):
        build([{}, {}, {}, {}], curent=1)
