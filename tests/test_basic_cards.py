"""Scenario tests for the basic cards and the game flow of the no-skill identity game.

Each test rigs a table with the scenario builder, scripts every decision by label and asserts
the exact outcome. One rule per test; the docstring names it. The tests follow the rules as
``docs/rules.md`` states them: the published rule texts (here chiefly the classmates pack
rules) and, where they are silent or disagree, the choices that page records (where every text
is silent, the first-edition behaviour of the established engines, QSanguosha and FreeKill).
"""
import pytest
from helpers import events, expect, hand_names, names

import heroes_env
from heroes_env.engine import constants as C
from heroes_env.scenario import build

# ---------------------------------------------------------------- helpers



def between(g, first_kind, first_pred, stop_kind):
    """Events after the first `first_kind` event matching first_pred, up to the next stop_kind."""
    out, on = [], False
    for e in g.event_log:
        if not on:
            if e[0] == first_kind and first_pred(e):
                on = True
            continue
        if e[0] == stop_kind:
            break
        out.append(e)
    assert on, "the opening event never happened"
    return out


def role_visible(g, viewer, seat):
    """Does viewer's observation show seat's role?"""
    o = g.observe(viewer)
    rel = (seat - viewer) % g.num_players
    base = C.OBS_SEATS + rel * C.SEAT_OBS + C.OS_ROLE
    return o[base:base + C.NUM_ROLES].sum() > 0



FIVE = ["lord", "loyalist", "rebel", "renegade", "rebel"]


def seats5(**extra):
    """Five seats (lord, loyalist, rebel, renegade, rebel) with per-seat overrides {i: dict}."""
    return [dict({"role": r}, **extra.get(f"s{i}", {})) for i, r in enumerate(FIVE)]


# ================================================================ 杀
def test_slash_targets_only_others_within_range_1_without_weapon(invariants):
    """杀: without a weapon the attack range is 1: only the two neighbours, never oneself
    (as in the established engines)."""
    g = build(seats5(s0={"hand": ["slash ♠7"]}))
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass", "Slash ♠7"]
    g.play("Slash ♠7")
    expect(g, 0, C.DK_TARGET)
    assert g.legal_labels() == ["target player_1", "target player_4"]
    invariants(g)


def test_slash_not_offered_when_nobody_is_in_range(invariants):
    """杀: a target out of attack range cannot be chosen; with none in range 杀 is not usable
    (as in the established engines)."""
    g = build(seats5(s0={"hand": ["slash ♠7", "ex_nihilo ♥7"]},
                     s1={"equip": ["dilu"]}, s4={"equip": ["jueying"]}))
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass", "Ex Nihilo ♥7"]
    invariants(g)


def test_second_slash_not_offered_after_one_was_used(invariants):
    """杀: once per play phase; after one 杀 the others in hand are no longer offered (the
    classmates pack rules)."""
    g = build(seats5(s0={"hand": ["slash ♠7", "slash ♣2", "ex_nihilo ♥7"]}))
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 3
    assert g.legal_labels() == ["pass", "Ex Nihilo ♥7"]
    assert "Slash ♣2" in hand_names(g, 0)
    invariants(g)


def test_slashes_1_in_seat_description_means_limit_used(invariants):
    """杀: `slashes=1` means one 杀 was already used in this play phase, so none is offered."""
    g = build(seats5(s0={"hand": ["slash ♠7", "ex_nihilo ♥7"], "slashes": 1}))
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass", "Ex Nihilo ♥7"]
    invariants(g)


def test_slash_limit_resets_at_the_next_play_phase(invariants):
    """杀: the once-per-phase count resets when a play phase begins (docs/rules.md, Using cards)."""
    g = build(seats5(s0={"hand": ["slash ♠7"], "slashes": 1}), phase="draw",
              deck_top=["jink ♦2", "jink ♦3"])
    expect(g, 0, C.DK_PLAY)
    assert g.phase == C.PH_PLAY
    assert g.legal_labels() == ["pass", "Slash ♠7"]
    invariants(g)


def test_slash_hits_for_one_damage_when_not_dodged(invariants):
    """杀 hit: a target without 闪 is not asked and takes 1 damage from the user
    (docs/rules.md, Response windows)."""
    g = build(seats5(s0={"hand": ["slash ♠7", "ex_nihilo ♥7"]}))
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 3
    assert events(g, C.EV_DAMAGE) == [(C.EV_DAMAGE, 0, 1, 1)]
    assert names(g, g.zone_cards(C.Z_DISCARD)) == ["Slash ♠7"]
    invariants(g)


def test_jink_dodges_slash(invariants):
    """闪 answering 杀: the target is asked, uses 闪, takes no damage; both cards are discarded."""
    g = build(seats5(s0={"hand": ["slash ♠7", "ex_nihilo ♥7"]}, s1={"hand": ["jink ♦2"]}))
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Jink ♦2"]
    g.play("Jink ♦2")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 4
    assert events(g, C.EV_DAMAGE) == []
    assert names(g, g.zone_cards(C.Z_DISCARD)) == ["Jink ♦2", "Slash ♠7"]
    invariants(g)


def test_target_may_decline_to_jink_and_is_hit(invariants):
    """闪 is optional: a target holding 闪 who passes takes the damage and keeps the 闪."""
    g = build(seats5(s0={"hand": ["slash ♠7", "ex_nihilo ♥7"]}, s1={"hand": ["jink ♦2"]}))
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("pass")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 3
    assert hand_names(g, 1) == ["Jink ♦2"]
    invariants(g)


def test_slash_played_in_duel_does_not_count_toward_the_limit(invariants):
    """杀 limit: only 杀 used as play actions count; a 杀 played in 决斗 leaves the phase's 杀
    available (docs/rules.md, Using cards)."""
    g = build(seats5(s0={"hand": ["duel ♠A", "slash ♠7", "slash ♠8", "ex_nihilo ♥7"]},
                     s1={"hand": ["slash ♣2"]}))
    g.play("Duel ♠A")
    g.play("target player_1")
    expect(g, 1, C.DK_SLASH)
    g.play("Slash ♣2")
    expect(g, 0, C.DK_SLASH)
    assert g.legal_labels() == ["pass", "Slash ♠7", "Slash ♠8"]
    g.play("Slash ♠7")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 3
    assert "Slash ♠8" in g.legal_labels()
    invariants(g)


# ================================================================ 桃
def test_peach_not_usable_at_full_hp(invariants):
    """桃: in the play phase it cannot be used without lost HP (the classmates pack rules)."""
    g = build(seats5(s0={"hand": ["peach ♥3", "ex_nihilo ♥7"]}))
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass", "Ex Nihilo ♥7"]
    invariants(g)


def test_peach_heals_one_and_never_above_max(invariants):
    """桃 in the play phase heals 1; at max HP a further 桃 is no longer usable (the classmates pack
    rules)."""
    g = build(seats5(s0={"hp": 4, "hand": ["peach ♥3", "peach ♥4", "ex_nihilo ♥7"]}))
    assert g.max_hp(0) == 5
    assert g.legal_labels() == ["pass", "Peach ♥3", "Peach ♥4", "Ex Nihilo ♥7"]
    g.play("Peach ♥3")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(0) == 5
    assert events(g, C.EV_HEAL) == [(C.EV_HEAL, 0, 1, 0)]
    assert g.legal_labels() == ["pass", "Ex Nihilo ♥7"]
    assert "Peach ♥4" in hand_names(g, 0)
    invariants(g)


def test_peach_not_usable_when_answering_a_slash(invariants):
    """桃 is used in one's own play phase (or on a dying character), not as an answer to 杀."""
    g = build(seats5(s0={"hand": ["slash ♠7", "ex_nihilo ♥7"]},
                     s1={"hp": 2, "hand": ["peach ♥3", "jink ♦2"]}))
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Jink ♦2"]
    invariants(g)


# ================================================================ dying
def _dying_table():
    """Seat 2 (rebel, current) kills seat 1 (loyalist, 1 HP); peaches at seats 0, 1, 2, 3."""
    return build(seats5(s0={"hand": ["peach ♥3"]},
                        s1={"hp": 1, "hand": ["peach ♥4"]},
                        s2={"hand": ["slash ♠7", "peach ♥6", "ex_nihilo ♥7"]},
                        s3={"hand": ["peach ♥7"]}),
                 current=2)


def test_dying_peach_asked_from_current_player_in_seat_order(invariants):
    """Dying: 桃 is asked of every living holder in seat order from the current player, the dying
    one at his own place (docs/rules.md, Response windows)."""
    g = _dying_table()
    g.play("Slash ♠7")
    g.play("target player_1")
    asked = []
    while not g.done and g.decision_kind == C.DK_PEACH:
        asked.append(g.decider)
        assert g.legal_labels()[0] == "pass" and len(g.legal_labels()) == 2
        g.play("pass")
    assert asked == [2, 3, 0, 1]
    assert not g.alive(1)
    assert events(g, C.EV_DYING) == [(C.EV_DYING, 1, 0, 0)]
    expect(g, 2, C.DK_PLAY)
    invariants(g)


def test_dying_player_can_rescue_himself(invariants):
    """Dying: the dying character may use his own 桃 when his turn in the order comes
    (docs/rules.md, Response windows)."""
    g = _dying_table()
    g.play("Slash ♠7")
    g.play("target player_1")
    for seat in (2, 3, 0):
        expect(g, seat, C.DK_PEACH)
        g.play("pass")
    expect(g, 1, C.DK_PEACH)
    g.play("Peach ♥4")
    assert g.alive(1) and g.hp(1) == 1
    assert hand_names(g, 1) == []
    expect(g, 2, C.DK_PLAY)
    invariants(g)


def test_dying_at_minus_one_needs_two_peaches_from_one_player(invariants):
    """Dying: at HP -1 two 桃 are needed; the asked player is asked again after each 桃 (the
    classmates pack rules; docs/rules.md, Response windows)."""
    g = build(seats5(s0={"hp": 2, "judge": ["lightning ♠A"]},
                     s1={"hand": ["peach ♥3", "peach ♥4"]}),
              current=0, phase="judge", deck_top=["slash ♠8"])
    # 闪电 hits on ♠8: 3 damage without source, HP 2 -> -1
    assert events(g, C.EV_DAMAGE) == [(C.EV_DAMAGE, -1, 0, 3)]
    expect(g, 1, C.DK_PEACH)
    assert g.hp(0) == -1
    g.play("Peach ♥3")
    expect(g, 1, C.DK_PEACH)
    assert g.hp(0) == 0
    g.play("Peach ♥4")
    assert g.alive(0) and g.hp(0) == 1
    assert not g.done
    invariants(g)


def test_asked_player_is_asked_until_he_declines_then_the_next(invariants):
    """Dying: one player is asked repeatedly until he declines, then the next in seat order
    (docs/rules.md, Response windows)."""
    g = build(seats5(s0={"hp": 2, "judge": ["lightning ♠A"]},
                     s1={"hand": ["peach ♥3", "peach ♥4"]},
                     s2={"hand": ["peach ♥6"]}),
              current=0, phase="judge", deck_top=["slash ♠8"])
    expect(g, 1, C.DK_PEACH)
    g.play("Peach ♥3")
    expect(g, 1, C.DK_PEACH)
    g.play("pass")
    expect(g, 2, C.DK_PEACH)
    g.play("Peach ♥6")
    assert g.alive(0) and g.hp(0) == 1
    assert hand_names(g, 1) == ["Peach ♥4"]
    invariants(g)


def test_dying_player_dies_when_nobody_has_a_peach(invariants):
    """Dying: with no 桃 anywhere nobody is asked and the character dies
    (docs/rules.md, Response windows)."""
    g = build(seats5(s0={"hand": ["slash ♠7", "ex_nihilo ♥7"]}, s1={"role": "renegade", "hp": 1},
                     s3={"role": "loyalist"}))
    g.play("Slash ♠7")
    g.play("target player_1")
    assert not g.alive(1)
    assert events(g, C.EV_DYING) == [(C.EV_DYING, 1, 0, 0)]
    assert events(g, C.EV_DEATH) == [(C.EV_DEATH, 1, 0, C.ROLE_RENEGADE)]
    expect(g, 0, C.DK_PLAY)
    invariants(g)


# ================================================================ death
def test_death_reveals_the_role(invariants):
    """Death: the dead character's role is revealed to everyone
    (docs/rules.md, Death, victory, end)."""
    g = build(seats5(s1={"hp": 1}, s2={"hand": ["slash ♠7", "ex_nihilo ♥7"]}), current=2)
    assert not role_visible(g, 3, 1)
    g.play("Slash ♠7")
    g.play("target player_1")
    assert not g.alive(1)
    assert events(g, C.EV_DEATH) == [(C.EV_DEATH, 1, 2, C.ROLE_LOYALIST)]
    assert role_visible(g, 3, 1) and role_visible(g, 4, 1)
    assert not role_visible(g, 3, 4)      # a living rebel stays hidden
    invariants(g)


def test_death_discards_hand_equipment_and_judgement_cards(invariants):
    """Death: all the victim's hand, equipment and judgement-zone cards go to the discard pile
    (docs/rules.md, Death, victory, end)."""
    g = build(seats5(s1={"hp": 1, "hand": ["duel ♠A", "ex_nihilo ♥8"], "equip": ["crossbow ♣A"],
                         "judge": ["indulgence ♠6"]},
                     s2={"hand": ["slash ♠7", "ex_nihilo ♥7"]}), current=2)
    g.play("Slash ♠7")
    g.play("target player_1")
    assert not g.alive(1)
    assert g.hand(1) == [] and g.equipment(1) == [] and g.judgement_zone(1) == []
    assert names(g, g.zone_cards(C.Z_DISCARD)) == sorted(
        ["Duel ♠A", "Ex Nihilo ♥8", "Crossbow ♣A", "Indulgence ♠6", "Slash ♠7"])
    invariants(g)


def test_killing_a_rebel_draws_three(invariants):
    """Death reward: whoever kills a rebel draws 3 cards from the top of the deck (the classmates
    pack rules)."""
    g = build(seats5(s0={"hand": ["slash ♠7", "ex_nihilo ♥7"]}, s4={"hp": 1}),
              deck_top=["peach ♥3", "jink ♦2", "duel ♠A", "jink ♦3"])
    g.play("Slash ♠7")
    g.play("target player_4")
    assert not g.alive(4)
    assert hand_names(g, 0) == sorted(["Ex Nihilo ♥7", "Peach ♥3", "Jink ♦2", "Duel ♠A"])
    assert g.card_name(g.draw_pile()[0]) == "Jink ♦3"
    expect(g, 0, C.DK_PLAY)
    invariants(g)


def test_rebel_killing_a_rebel_also_draws_three(invariants):
    """Death reward: a rebel who kills a fellow rebel still draws 3 (the classmates pack rules
    "任何一種身份"; docs/rules.md, Death, victory, end)."""
    g = build(seats5(s3={"role": "rebel", "hp": 1},
                     s2={"role": "renegade"},
                     s4={"hand": ["slash ♠7", "ex_nihilo ♥7"]}),
              current=4, deck_top=["peach ♥3", "jink ♦2", "duel ♠A"])
    g.play("Slash ♠7")
    g.play("target player_3")
    assert not g.alive(3)
    assert hand_names(g, 4) == sorted(["Ex Nihilo ♥7", "Peach ♥3", "Jink ♦2", "Duel ♠A"])
    invariants(g)


def test_lord_killing_loyalist_discards_hand_and_equipment_not_judgement(invariants):
    """Death penalty: a lord who kills a loyalist discards all hand and equipment cards, not his
    judgement zone (docs/rules.md, Death, victory, end)."""
    g = build(seats5(s0={"hand": ["slash ♠7", "jink ♦2", "duel ♠A"],
                         "equip": ["crossbow ♣A", "dilu ♣5"], "judge": ["indulgence ♠6"]},
                     s1={"hp": 1},
                     s2={"hand": ["slash ♣3"]}))   # stops the game at seat 2's play phase
    g.play("Slash ♠7")
    g.play("target player_1")
    assert not g.alive(1)
    assert g.hand(0) == [] and g.equipment(0) == []
    assert names(g, g.judgement_zone(0)) == ["Indulgence ♠6"]
    after = between(g, C.EV_DEATH, lambda e: e[1] == 1, C.EV_TURN)
    # the penalty discards, then the used 杀 leaves the table when it finishes
    assert sorted(g.card_name(e[2]) for e in after if e[0] == C.EV_DISCARD and e[1] == 0) == \
        sorted(["Jink ♦2", "Duel ♠A", "Crossbow ♣A", "Dilu ♣5", "Slash ♠7"])
    invariants(g)


def test_killing_a_loyalist_as_non_lord_or_a_renegade_pays_nothing(invariants):
    """Death: killing a renegade (or a loyalist when not the lord) neither draws nor discards
    (docs/rules.md, Death, victory, end)."""
    g = build(seats5(s0={"hand": ["slash ♠7", "ex_nihilo ♥7"]}, s1={"role": "renegade", "hp": 1},
                     s3={"role": "loyalist"}),
              deck_top=["peach ♥3"])
    g.play("Slash ♠7")
    g.play("target player_1")
    assert not g.alive(1)
    assert hand_names(g, 0) == ["Ex Nihilo ♥7"]
    assert g.card_name(g.draw_pile()[0]) == "Peach ♥3"
    invariants(g)


def test_no_reward_when_the_damage_has_no_source(invariants):
    """Death reward needs a living source: a rebel killed by 闪电 pays nobody
    (docs/rules.md, Death, victory, end)."""
    g = build(seats5(s3={"role": "rebel", "hp": 3, "judge": ["lightning ♠A"]},
                     s2={"role": "renegade"}),
              current=3, phase="judge", deck_top=["slash ♠8"])
    assert not g.alive(3)
    assert events(g, C.EV_DEATH)[0] == (C.EV_DEATH, 3, -1, C.ROLE_REBEL)
    after = between(g, C.EV_DEATH, lambda e: e[1] == 3, C.EV_TURN)
    assert [e for e in after if e[0] == C.EV_DRAW] == []
    # the next turn is seat 4's
    assert [e[1] for e in events(g, C.EV_TURN)][:1] == [4]
    invariants(g)


# ================================================================ victory and rewards
def test_lord_and_loyalists_win_when_rebels_and_renegades_are_dead(invariants):
    """Victory: the last rebel/renegade dies -> lord and loyalists (dead ones too) win; rewards
    +1/-1 per seat (docs/rules.md, Death, victory, end)."""
    g = build([{"role": "lord", "hand": ["slash ♠7", "ex_nihilo ♥7"]}, {"role": "loyalist"},
               {"role": "rebel", "alive": False, "hp": 0}, {"role": "renegade", "hp": 1},
               {"role": "loyalist", "alive": False, "hp": 0}])
    g.play("Slash ♠7")
    g.play("target player_3")
    assert g.done and g.result == C.RES_LORD
    assert g.decider == -1
    assert g.rewards().tolist() == [1.0, 1.0, -1.0, -1.0, 1.0]
    assert events(g, C.EV_GAME_OVER) == [(C.EV_GAME_OVER, C.RES_LORD, -1, 0)]
    invariants(g)


def test_game_goes_on_while_a_renegade_lives(invariants):
    """Victory: with the last rebel dead but the renegade alive the game continues
    (docs/rules.md, Death, victory, end)."""
    g = build([{"role": "lord", "hand": ["slash ♠7", "ex_nihilo ♥7"]}, {"role": "rebel", "hp": 1},
               {"role": "loyalist"}, {"role": "renegade"}])
    g.play("Slash ♠7")
    g.play("target player_1")
    assert not g.alive(1)
    expect(g, 0, C.DK_PLAY)
    assert g.rewards().tolist() == [0.0, 0.0, 0.0, 0.0]
    invariants(g)


def test_rebels_win_when_lord_dies_while_a_rebel_lives(invariants):
    """Victory: the lord dies while a rebel lives -> rebels win (the classmates pack rules)."""
    g = build(seats5(s0={"hp": 1}, s4={"hand": ["slash ♠7", "ex_nihilo ♥7"]}), current=4)
    g.play("Slash ♠7")
    g.play("target player_0")
    assert g.done and g.result == C.RES_REBEL
    assert g.rewards().tolist() == [-1.0, -1.0, 1.0, -1.0, 1.0]
    invariants(g)


def test_rebels_win_when_lord_dies_even_with_all_rebels_dead(invariants):
    """Victory: renegade kills the lord while a loyalist lives -> rebels win although all are dead
    (docs/rules.md, Death, victory, end)."""
    g = build([{"role": "lord", "hp": 1}, {"role": "loyalist"},
               {"role": "rebel", "alive": False, "hp": 0},
               {"role": "renegade", "hand": ["slash ♠7", "ex_nihilo ♥7"]}], current=3)
    g.play("Slash ♠7")
    g.play("target player_0")
    assert g.done and g.result == C.RES_REBEL
    assert g.rewards().tolist() == [-1.0, -1.0, 1.0, -1.0]
    invariants(g)


def test_renegade_wins_only_as_sole_survivor(invariants):
    """Victory: the renegade wins alone when he kills the lord as the last other survivor
    (docs/rules.md, Death, victory, end)."""
    g = build([{"role": "lord", "hp": 1}, {"role": "loyalist", "alive": False, "hp": 0},
               {"role": "rebel", "alive": False, "hp": 0},
               {"role": "renegade", "hand": ["slash ♠7", "ex_nihilo ♥7"]}], current=3)
    g.play("Slash ♠7")
    assert g.alive(3)
    # only the lord is a legal target: the target is chosen automatically
    assert g.done and g.result == C.RES_RENEGADE
    assert int(g.s[C.H_WINSEAT]) == 3
    assert g.rewards().tolist() == [-1.0, -1.0, -1.0, 1.0]
    invariants(g)


def test_two_renegades_alive_when_the_lord_dies_means_rebels_win(invariants):
    """Victory: with two renegades alive when the lord dies, neither is sole survivor -> rebels win
    (the classmates pack rules)."""
    g = build([{"role": "lord", "hp": 1}, {"role": "renegade"},
               {"role": "rebel", "alive": False, "hp": 0},
               {"role": "renegade", "hand": ["slash ♠7", "ex_nihilo ♥7"]}], current=3)
    g.play("Slash ♠7")
    g.play("target player_0")
    assert g.done and g.result == C.RES_REBEL
    assert g.rewards().tolist() == [-1.0, -1.0, 1.0, -1.0]
    invariants(g)


def test_only_the_surviving_renegade_wins_with_two_renegades(invariants):
    """Victory: of two renegades only the sole survivor wins; the dead one loses
    (docs/rules.md, Death, victory, end)."""
    g = build([{"role": "lord", "hp": 1}, {"role": "renegade", "alive": False, "hp": 0},
               {"role": "rebel", "alive": False, "hp": 0},
               {"role": "renegade", "hand": ["slash ♠7", "ex_nihilo ♥7"]}], current=3)
    g.play("Slash ♠7")
    assert g.done and g.result == C.RES_RENEGADE
    assert g.rewards().tolist() == [-1.0, -1.0, -1.0, 1.0]
    invariants(g)


def test_game_ends_at_once_mid_savage_assault(invariants):
    """Victory is checked at the death: a kill inside 南蛮入侵 ends the game before later targets
    (docs/rules.md, Death, victory, end)."""
    g = build([{"role": "lord", "hp": 1}, {"role": "loyalist"},
               {"role": "rebel", "hand": ["savage_assault ♠7", "ex_nihilo ♥7"]},
               {"role": "renegade"}], current=2)
    g.play("Savage Assault ♠7")
    # targets in order 3, 0, 1: seat 3 is hit, seat 0 (lord) dies, seat 1 is never reached
    assert g.done and g.result == C.RES_REBEL
    assert g.hp(3) == 3 and g.hp(1) == 4
    assert [(e[1], e[2]) for e in events(g, C.EV_DAMAGE)] == [(2, 3), (2, 0)]
    assert g.rewards().tolist() == [-1.0, -1.0, 1.0, -1.0]
    invariants(g)


def test_no_kill_reward_when_the_kill_ends_the_game(invariants):
    """Victory before rewards: killing the last rebel ends the game and no 3 cards are drawn
    (docs/rules.md, Death, victory, end)."""
    g = build([{"role": "lord", "hand": ["slash ♠7", "ex_nihilo ♥7"]}, {"role": "rebel", "hp": 1},
               {"role": "loyalist"}, {"role": "renegade", "alive": False, "hp": 0}],
              deck_top=["peach ♥3"])
    g.play("Slash ♠7")
    g.play("target player_1")
    assert g.done and g.result == C.RES_LORD
    assert hand_names(g, 0) == ["Ex Nihilo ♥7"]
    assert g.card_name(g.draw_pile()[0]) == "Peach ♥3"
    assert g.rewards().tolist() == [1.0, -1.0, 1.0, -1.0]
    invariants(g)


def test_current_player_killed_in_his_play_phase_ends_his_turn(invariants):
    """Death of the current player ends his turn; a 决斗 kill is paid to the winner
    (docs/rules.md, Setup and turns; Death, victory, end)."""
    g = build(seats5(s0={"hand": ["slash ♠7"]},
                     s2={"hp": 1, "hand": ["duel ♠A", "ex_nihilo ♥7"]},
                     s3={"hand": ["slash ♣2"]}),     # stops the game at seat 3's play phase
              current=2, deck_top=["peach ♥3", "jink ♦2", "duel ♣A"])
    g.play("Duel ♠A")
    g.play("target player_0")
    expect(g, 0, C.DK_SLASH)
    g.play("Slash ♠7")
    assert not g.alive(2)
    assert events(g, C.EV_DEATH) == [(C.EV_DEATH, 2, 0, C.ROLE_REBEL)]
    assert hand_names(g, 0) == sorted(["Peach ♥3", "Jink ♦2", "Duel ♣A"])
    assert [e[1] for e in events(g, C.EV_TURN)] == [3]
    expect(g, 3, C.DK_PLAY)
    invariants(g)


# ================================================================ phases
def test_discard_phase_discards_down_to_hp_one_card_per_decision(invariants):
    """Discard phase: hand above HP -> discard the excess, one hand card per decision, never
    equipment (docs/rules.md, Setup and turns)."""
    hand = ["slash ♠7", "jink ♦2", "peach ♥3", "duel ♠A", "ex_nihilo ♥7"]
    g = build(seats5(s0={"hp": 2, "hand": hand, "equip": ["crossbow ♣A", "chitu"]}),
              phase="discard")
    for left in (5, 4, 3):
        expect(g, 0, C.DK_DISCARD)
        assert len(g.hand(0)) == left
        assert sorted(g.legal_labels()) == names(g, g.hand(0))
        assert "pass" not in g.legal_labels()
        g.play(g.legal_labels()[0])
    assert len(g.hand(0)) == 2
    assert names(g, g.equipment(0)) == ["Chitu ♥5", "Crossbow ♣A"]
    assert len([e for e in events(g, C.EV_DISCARD) if e[1] == 0]) == 3
    invariants(g)


def test_no_discard_when_hand_size_equals_hp(invariants):
    """Discard phase: the hand limit is the current HP; at the limit nothing is discarded
    (docs/rules.md, Setup and turns)."""
    g = build(seats5(s0={"hp": 3, "hand": ["slash ♠7", "jink ♦2", "peach ♥3"]},
                     s1={"hand": ["slash ♣2"]}),
              phase="discard")
    assert [e for e in events(g, C.EV_DISCARD) if e[1] == 0] == []
    assert len(g.hand(0)) == 3
    assert [e[1] for e in events(g, C.EV_TURN)][:1] == [1]
    invariants(g)


def test_draw_phase_draws_two_from_the_top(invariants):
    """Draw phase: the current player draws the top 2 cards, then plays (the classmates pack
    rules)."""
    g = build(seats5(), phase="draw", deck_top=["slash ♠7", "peach ♥3", "jink ♦2"])
    expect(g, 0, C.DK_PLAY)
    assert g.phase == C.PH_PLAY
    assert hand_names(g, 0) == ["Peach ♥3", "Slash ♠7"]
    assert g.card_name(g.draw_pile()[0]) == "Jink ♦2"
    invariants(g)


def test_turn_order_skips_dead_seats(invariants):
    """Turn order: turns go in seat order over living players only
    (docs/rules.md, Setup and turns)."""
    g = build(seats5(s0={"hand": ["ex_nihilo ♥7"]}, s1={"alive": False, "hp": 0},
                     s2={"hand": ["slash ♣2"]}))
    n_turns = len(events(g, C.EV_TURN))
    g.play("pass")
    assert [e[1] for e in events(g, C.EV_TURN)][n_turns:] == [2]
    expect(g, 2, C.DK_PLAY)
    assert g.current == 2
    invariants(g)


@pytest.mark.parametrize("n", range(4, 11))
def test_lord_hp_is_five_only_with_five_or_more_players(n):
    """Setup: no-skill characters have 4 HP; the lord 5 only with 5+ players
    (docs/rules.md, Setup and turns)."""
    g = heroes_env.Game.new(heroes_env.Config(num_players=n), seed=7)
    assert g.role(0) == C.ROLE_LORD
    assert g.max_hp(0) == (5 if n >= 5 else 4)
    assert g.hp(0) == g.max_hp(0)
    for seat in range(1, n):
        assert g.max_hp(seat) == 4 and g.hp(seat) == 4
