"""Scenario tests for distance, horses, weapons and armour in the no-skill identity game.

Each test rigs a table with the scenario builder, scripts every decision by label and asserts
the exact outcome. One rule per test; the docstring names it. The tests follow the rules as
``docs/rules.md`` states them: the published rule texts (here chiefly the classmates pack
rules' equipment table) and, where they are silent or disagree, the choices that page records
(where every text is silent, the first-edition behaviour of the established engines,
QSanguosha and FreeKill).
"""
import pytest
from helpers import damage, discard_names, equip_names, events, expect, hand_names, names

from heroes_env.engine import constants as C
from heroes_env.engine.rules import seat_distance
from heroes_env.scenario import build

# ---------------------------------------------------------------- helpers







ROLES = ["lord", "loyalist", "rebel", "renegade", "rebel"]


def table(n=5, **extra):
    """n seats (lord first, then the five-player roles, rebels beyond) with overrides s<i>=dict."""
    roles = (ROLES + ["rebel"] * 10)[:n]
    return [dict({"role": r}, **extra.get(f"s{i}", {})) for i, r in enumerate(roles)]


KEEP = "ex_nihilo ♥7"     # a card that keeps the user's play decision open after the 杀


def slash_targets(g, slash="Slash ♠7"):
    expect(g, 0, C.DK_PLAY)
    g.play(slash)
    expect(g, 0, C.DK_TARGET)
    return g.legal_labels()


# ================================================================ distance and horses
def test_distance_counts_only_living_players(invariants):
    """Distance: dead seats leave the circle, so the seat beyond a dead neighbour is at distance 1
    (as in the established engines)."""
    g = build(table(5, s0={"hand": ["slash ♠7", KEEP]}, s1={"alive": False, "hp": 0}))
    assert slash_targets(g) == ["target player_2", "target player_4"]
    invariants(g)


def test_distance_formula_over_living_seats_with_horses():
    """Distance = min(clockwise, counter-clockwise) over living seats, -1 own -1 horse, +1 target's
    +1 horse, at least 1 (as in the established engines)."""
    g = build(table(7, s2={"alive": False, "hp": 0}, s3={"alive": False, "hp": 0},
                    s0={"equip": ["chitu"]}, s4={"equip": ["dilu"]}))
    s = g.s
    assert seat_distance(s, 0, 0) == 0
    assert seat_distance(s, 1, 5) == 2          # living circle 0 1 4 5 6: 1 -> 4 -> 5
    assert seat_distance(s, 5, 1) == 2
    assert seat_distance(s, 6, 1) == 2
    assert seat_distance(s, 1, 4) == 2          # 1 step, +1 for seat 4's +1 horse
    assert seat_distance(s, 4, 1) == 1          # a +1 horse does not change one's own distance
    assert seat_distance(s, 0, 1) == 1          # -1 horse, but never below 1
    assert seat_distance(s, 0, 5) == 1          # 2 steps - 1
    assert seat_distance(s, 0, 4) == 2          # 2 steps - 1 + 1
    assert seat_distance(s, 5, 0) == 2          # the -1 horse only helps its owner


def test_minus_horse_reaches_distance_two_with_range_one(invariants):
    """-1 horse: one's distance to others is 1 less, so range 1 reaches seats two steps away (the
    classmates pack rules)."""
    g = build(table(5, s0={"hand": ["slash ♠7", KEEP], "equip": ["chitu"]}))
    assert slash_targets(g) == ["target player_1", "target player_2", "target player_3",
                                "target player_4"]
    invariants(g)


def test_plus_horse_on_target_pushes_it_out_of_range(invariants):
    """+1 horse: others' distance to its owner is 1 more, taking him out of a range-2 weapon's reach
    (the classmates pack rules)."""
    g = build(table(5, s0={"hand": ["slash ♠7", KEEP], "equip": ["qinggang_sword"]},
                    s2={"equip": ["dilu"]}))
    assert slash_targets(g) == ["target player_1", "target player_3", "target player_4"]
    invariants(g)


@pytest.mark.parametrize("weapon,rng", [
    ("crossbow", 1), ("double_swords", 2), ("qinggang_sword", 2), ("ice_sword", 2),
    ("blade", 3), ("spear", 3), ("axe", 3), ("halberd", 4), ("kylin_bow", 5)])
def test_weapon_sets_attack_range(weapon, rng, invariants):
    """Attack range = the equipped weapon's range (the classmates pack rules weapon table)."""
    g = build(table(10, s0={"hand": ["slash ♠7", KEEP], "equip": [weapon]}))
    want = [f"target player_{t}" for t in range(1, 10) if min(t, 10 - t) <= rng]
    assert slash_targets(g) == want
    invariants(g)


# ================================================================ 诸葛连弩
def test_crossbow_allows_any_number_of_slashes(invariants):
    """诸葛连弩: any number of 杀 in the play phase (the classmates pack rules)."""
    g = build(table(5, s0={"hand": ["slash ♠7", "slash ♠8", "slash ♣2", KEEP],
                           "equip": ["crossbow"], "slashes": 1}))
    for n, card in enumerate(["Slash ♠7", "Slash ♠8", "Slash ♣2"], start=1):
        expect(g, 0, C.DK_PLAY)
        assert card in g.legal_labels()
        g.play(card)
        g.play("target player_1")
        assert g.hp(1) == 4 - n
    expect(g, 0, C.DK_PLAY)
    invariants(g)


# ================================================================ 雌雄双股剑
def _dswords(target_hand, user_gender="male", target_gender="female"):
    return build(table(5, s0={"hand": ["slash ♠7", KEEP], "equip": ["double_swords"],
                              "gender": user_gender},
                       s1={"hand": target_hand, "gender": target_gender}),
                 deck_top=["peach ♥3", "jink ♦3"])


def test_double_swords_target_discards_a_hand_card(invariants):
    """雌雄双股剑: vs the other gender the user may make the target discard a hand card (the
    classmates pack rules)."""
    g = _dswords(["duel ♠A", "jink ♦2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 0, C.DK_CONFIRM)
    g.play("confirm")
    expect(g, 1, C.DK_DSWORDS)
    assert g.legal_labels() == ["pass", "Duel ♠A", "Jink ♦2"]
    g.play("Duel ♠A")
    expect(g, 1, C.DK_JINK)          # then the 杀 resolves as usual
    assert hand_names(g, 0) == ["Ex Nihilo ♥7"]
    assert "Duel ♠A" in discard_names(g)
    invariants(g)


def test_double_swords_target_may_let_the_user_draw(invariants):
    """雌雄双股剑: the target may instead let the user draw one card (the classmates pack rules)."""
    g = _dswords(["duel ♠A", "jink ♦2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("confirm")
    expect(g, 1, C.DK_DSWORDS)
    g.play("pass")
    expect(g, 1, C.DK_JINK)
    assert hand_names(g, 0) == ["Ex Nihilo ♥7", "Peach ♥3"]
    assert hand_names(g, 1) == ["Duel ♠A", "Jink ♦2"]
    invariants(g)


def test_double_swords_target_without_hand_lets_user_draw(invariants):
    """雌雄双股剑: a target with no hand card is not asked; the user draws
    (docs/rules.md, Using cards)."""
    g = _dswords([])
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 0, C.DK_CONFIRM)
    g.play("confirm")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == ["Ex Nihilo ♥7", "Peach ♥3"]
    assert g.hp(1) == 3
    invariants(g)


def test_double_swords_user_may_decline(invariants):
    """雌雄双股剑 is optional: declining asks nothing of the target (the classmates pack rules
    "可以")."""
    g = _dswords(["duel ♠A", "jink ♦2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("pass")
    expect(g, 1, C.DK_JINK)
    assert hand_names(g, 0) == ["Ex Nihilo ♥7"]
    assert hand_names(g, 1) == ["Duel ♠A", "Jink ♦2"]
    invariants(g)


@pytest.mark.parametrize("ug,tg", [("male", "male"), ("female", "female"), ("male", None),
                                   (None, "female"), (None, None)])
def test_double_swords_needs_opposite_genders(ug, tg, invariants):
    """雌雄双股剑 only works on a target of the other gender (the classmates pack rules "異性")."""
    g = _dswords(["duel ♠A", "jink ♦2"], ug, tg)
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    assert hand_names(g, 0) == ["Ex Nihilo ♥7"]
    invariants(g)


# ================================================================ 青釭剑
def test_qinggang_ignores_eight_diagram(invariants):
    """青釭剑: the target's 八卦阵 cannot be used against this 杀 (docs/rules.md, Using cards)."""
    g = build(table(5, s0={"hand": ["slash ♠7", KEEP], "equip": ["qinggang_sword"]},
                    s1={"hand": ["jink ♦2"], "equip": ["eight_diagram"]}),
              deck_top=["peach ♥3"])
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Jink ♦2"]
    g.play("pass")
    assert g.hp(1) == 3
    assert events(g, C.EV_JUDGE) == []
    invariants(g)


def test_qinggang_ignores_nioh_shield(invariants):
    """青釭剑: a black 杀 hits through 仁王盾 (as in the established engines)."""
    g = build(table(5, s0={"hand": ["slash ♠7", KEEP], "equip": ["qinggang_sword"]},
                    s1={"equip": ["nioh_shield"]}))
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 3
    assert events(g, C.EV_ARMOR) == []
    invariants(g)


def test_qinggang_ignores_armour_only_for_that_slash(invariants):
    """青釭剑 ignores armour only for its 杀: a later 万箭齐发 meets the 八卦阵 again
    (as in the established engines)."""
    g = build(table(5, s0={"hand": ["slash ♠7", "archery_attack", KEEP],
                           "equip": ["qinggang_sword"]},
                    s1={"equip": ["eight_diagram"]}),
              deck_top=["peach ♥3"])
    g.play("Slash ♠7")
    g.play("target player_1")
    assert g.hp(1) == 3
    g.play("Archery Attack ♥A")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Eight Diagram ♠2"]
    g.play("Eight Diagram ♠2")
    assert g.hp(1) == 3
    invariants(g)


# ================================================================ 寒冰剑
def test_ice_sword_prevents_damage_and_discards_two_cards_one_at_a_time(invariants):
    """寒冰剑: instead of the damage, discard two hand/equipment cards of the target, one after the
    other (docs/rules.md, Using cards)."""
    g = build(table(5, s0={"hand": ["slash ♠7", KEEP], "equip": ["ice_sword"]},
                    s1={"hand": ["duel ♠A", "snatch ♠3"], "equip": ["crossbow ♣A", "dilu"]}))
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 0, C.DK_CONFIRM)
    g.play("confirm")
    expect(g, 0, C.DK_PICK)
    assert g.legal_labels() == ["Crossbow ♣A", "Dilu ♣5", "a hand card"]
    g.play("Crossbow ♣A")
    expect(g, 0, C.DK_PICK)
    assert g.legal_labels() == ["Dilu ♣5", "a hand card"]
    g.play("Dilu ♣5")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 4
    assert damage(g) == []
    assert events(g, C.EV_PREVENT) and events(g, C.EV_PREVENT)[0][1:3] == (0, 1)
    assert g.equipment(1) == [] and hand_names(g, 1) == ["Duel ♠A", "Snatch ♠3"]
    assert {"Crossbow ♣A", "Dilu ♣5"} <= set(discard_names(g))
    invariants(g)


def test_ice_sword_prevention_means_no_dying(invariants):
    """寒冰剑: the damage is prevented entirely, so a 1-HP target does not enter dying
    (as in the established engines)."""
    g = build(table(5, s0={"hand": ["slash ♠7", KEEP], "equip": ["ice_sword"]},
                    s1={"hp": 1, "hand": ["duel ♠A"], "equip": ["crossbow ♣A"]}))
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("confirm")
    g.play("a hand card")
    # one card left (the crossbow): the second discard takes it
    expect(g, 0, C.DK_PLAY)
    assert g.alive(1) and g.hp(1) == 1
    assert events(g, C.EV_DYING) == []
    assert g.hand(1) == [] and g.equipment(1) == []
    invariants(g)


def test_ice_sword_not_offered_when_target_has_no_hand_or_equipment(invariants):
    """寒冰剑 needs a card in the target's hand or equipment; judgement-zone cards do not count (the
    classmates pack rules, as in the established engines)."""
    g = build(table(5, s0={"hand": ["slash ♠7", KEEP], "equip": ["ice_sword"]},
                    s1={"judge": ["indulgence ♠6"]}))
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 3
    assert damage(g) == [(0, 1, 1)]
    assert names(g, g.judgement_zone(1)) == ["Indulgence ♠6"]
    invariants(g)


def test_ice_sword_may_be_declined(invariants):
    """寒冰剑 is optional: declining lets the damage happen (the classmates pack rules "可以")."""
    g = build(table(5, s0={"hand": ["slash ♠7", KEEP], "equip": ["ice_sword"]},
                    s1={"hand": ["duel ♠A"]}))
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("pass")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 3
    assert hand_names(g, 1) == ["Duel ♠A"]
    invariants(g)


def test_ice_sword_does_not_act_on_duel_damage(invariants):
    """寒冰剑 acts on damage of a 杀 the user uses, not on 决斗 damage (the classmates pack rules
    "使用【殺】造成傷害")."""
    g = build(table(5, s0={"hand": ["duel ♠A", KEEP], "equip": ["ice_sword"]},
                    s1={"equip": ["dilu"]}))
    g.play("Duel ♠A")
    g.play("target player_1")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 3
    assert events(g, C.EV_PREVENT) == []
    assert equip_names(g, 1) == ["Dilu ♣5"]
    invariants(g)


# ================================================================ 青龙偃月刀
def _blade(target_hand, user_hand=("slash ♠7", "slash ♠8", KEEP)):
    return build(table(5, s0={"hand": list(user_hand), "equip": ["blade"]},
                       s1={"hand": target_hand}))


def test_blade_long_chain_of_follow_ups_keeps_the_stack_flat(invariants):
    """青龙偃月刀: a chain of 14 follow-up 杀 all dodged, then one hits; each follow-up adds one
    frame at most, so even every 杀 of the deck in one chain fits the frame stack (no engine
    error)."""
    slashes = ["slash ♠7", "slash ♠8", "slash ♠8", "slash ♠9", "slash ♠9", "slash ♠10",
               "slash ♠10", "slash ♣2", "slash ♣3", "slash ♣4", "slash ♣5", "slash ♣6",
               "slash ♣7", "slash ♣8", "slash ♣8"]
    jinks = ["jink ♦2", "jink ♦2", "jink ♦3", "jink ♦4", "jink ♦5", "jink ♦6", "jink ♦7",
             "jink ♦8", "jink ♦9", "jink ♦10", "jink ♦J", "jink ♦J", "jink ♥2", "jink ♥2"]
    g = _blade(jinks, user_hand=slashes + [KEEP])
    depths = []
    g.play("Slash ♠7")
    g.play("target player_1")
    for _i in range(len(jinks)):
        expect(g, 1, C.DK_JINK)
        depths.append(int(g.s[C.H_FP]))
        g.play("jink")
        expect(g, 0, C.DK_SLASH)
        g.play("slash")
    assert g.hp(1) == 3                                   # the 15th 杀 found no 闪
    assert g.s[C.H_ERR] == 0
    assert depths[-1] - depths[0] <= len(jinks) - 1      # one frame per follow-up at most
    assert depths[-1] + 30 - len(jinks) + 4 <= C.MAX_FRAMES   # 30 杀 in the deck would still fit
    expect(g, 0, C.DK_PLAY)
    invariants(g)


def test_blade_follow_up_slash_on_same_target_after_dodge(invariants):
    """青龙偃月刀: when the 杀 is dodged the user may at once use another 杀 on the same target (the
    classmates pack rules)."""
    g = _blade(["jink ♦2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")
    expect(g, 0, C.DK_SLASH)
    assert g.legal_labels() == ["pass", "Slash ♠8"]
    g.play("Slash ♠8")            # no target choice: it is the same target
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 3
    assert [(e[1], e[3]) for e in events(g, C.EV_USE)] == [(0, 1), (0, 1)]
    invariants(g)


def test_blade_follow_up_does_not_count_toward_the_limit(invariants):
    """青龙偃月刀: the follow-up 杀 is offered although the limit is used, and is not counted
    (docs/rules.md, Using cards)."""
    g = _blade(["jink ♦2"], ("slash ♠7", "slash ♠8", "slash ♣2", KEEP))
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")
    assert int(g.s[C.P_SLASHES + 0]) == 1
    g.play("Slash ♠8")
    assert g.hp(1) == 3
    assert int(g.s[C.P_SLASHES + 0]) == 1
    expect(g, 0, C.DK_PLAY)
    assert "Slash ♣2" not in g.legal_labels()
    invariants(g)


def test_blade_follow_up_repeats_after_each_dodge(invariants):
    """青龙偃月刀: the follow-up can repeat until a 杀 lands or the user stops (the classmates pack
    rules)."""
    g = _blade(["jink ♦2", "jink ♦3"], ("slash ♠7", "slash ♠8", "slash ♣2", KEEP))
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")
    g.play("Slash ♠8")
    expect(g, 1, C.DK_JINK)
    g.play("Jink ♦3")
    expect(g, 0, C.DK_SLASH)
    g.play("Slash ♣2")
    assert g.hp(1) == 3
    invariants(g)


def test_blade_follow_up_may_be_declined(invariants):
    """青龙偃月刀 is optional: passing ends the 杀 with no damage."""
    g = _blade(["jink ♦2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")
    g.play("pass")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 4
    assert "Slash ♠8" in hand_names(g, 0)
    invariants(g)


# ================================================================ 丈八蛇矛
def test_spear_two_hand_cards_as_slash_in_play_phase(invariants):
    """丈八蛇矛: two hand cards can be used as a 杀 in the play phase; it counts as the phase's 杀
    (the classmates pack rules)."""
    g = build(table(5, s0={"hand": ["jink ♦2", "peach ♥3", "slash ♠7", KEEP], "equip": ["spear"]}))
    assert "Serpent Spear ♠Q" in g.legal_labels()
    g.play("Serpent Spear ♠Q")
    expect(g, 0, C.DK_SELECT)
    assert sorted(g.legal_labels()) == hand_names(g, 0)
    g.play("Jink ♦2")
    expect(g, 0, C.DK_SELECT)
    g.play("Peach ♥3")
    expect(g, 0, C.DK_TARGET)
    g.play("target player_1")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 3
    assert hand_names(g, 0) == ["Ex Nihilo ♥7", "Slash ♠7"]
    assert {"Jink ♦2", "Peach ♥3"} <= set(discard_names(g))
    assert g.legal_labels() == ["pass", "Ex Nihilo ♥7"]      # the one 杀 of the phase is used
    invariants(g)


def test_spear_answers_savage_assault(invariants):
    """丈八蛇矛: two hand cards can be played as the 杀 demanded by 南蛮入侵 (the classmates pack
    rules "打出")."""
    g = build(table(5, s2={"hand": ["savage_assault ♠7", KEEP]},
                    s3={"hand": ["jink ♦2", "peach ♥3"], "equip": ["spear"]}), current=2)
    g.play("Savage Assault ♠7")
    expect(g, 3, C.DK_SLASH)
    assert g.legal_labels() == ["pass", "Serpent Spear ♠Q"]
    g.play("Serpent Spear ♠Q")
    expect(g, 3, C.DK_SELECT)
    g.play("Jink ♦2")              # the last hand card is then the only choice
    expect(g, 2, C.DK_PLAY)
    assert g.hp(3) == 4 and g.hand(3) == []
    assert [e[2] for e in events(g, C.EV_DAMAGE)] == [4, 0, 1]
    invariants(g)


def test_spear_answers_duel(invariants):
    """丈八蛇矛: two hand cards can be played as a 杀 in 决斗 (the classmates pack rules "打出")."""
    g = build(table(5, s0={"hand": ["jink ♦2", "peach ♥3"], "equip": ["spear"]},
                    s1={"hand": ["duel ♠A", KEEP]}), current=1)
    g.play("Duel ♠A")
    g.play("target player_0")
    expect(g, 0, C.DK_SLASH)
    g.play("Serpent Spear ♠Q")
    g.play("Jink ♦2")
    expect(g, 1, C.DK_PLAY)
    assert g.hp(0) == 5 and g.hp(1) == 3
    assert damage(g) == [(0, 1, 1)]
    invariants(g)


@pytest.mark.parametrize("second, hp, stopped", [
    ("jink ♦2", 3, 0),       # red + black: a colourless 杀, 仁王盾 does not stop it
    ("snatch ♠3", 4, 1),     # black + black: a black 杀, stopped
], ids=["red_and_black_passes", "two_black_stopped"])
def test_spear_slash_colour_decides_nioh_shield(invariants, second, hp, stopped):
    """丈八蛇矛: the 杀's colour comes from its two cards; one red + one black is colourless and
    passes 仁王盾, two black cards make a black 杀 that 仁王盾 stops
    (docs/rules.md, Using cards)."""
    g = build(table(5, s0={"hand": [second, "duel ♠A", KEEP], "equip": ["spear"]},
                    s1={"equip": ["nioh_shield"]}))
    g.play("Serpent Spear ♠Q")
    g.play(second)
    g.play("Duel ♠A")
    g.play("target player_1")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == hp
    assert len(events(g, C.EV_ARMOR)) == stopped
    invariants(g)


def test_spear_uses_hand_cards_only(invariants):
    """丈八蛇矛 converts hand cards only: equipment (the spear, a -1 horse) is never offered
    (docs/rules.md, Using cards)."""
    g = build(table(5, s0={"hand": ["jink ♦2", "duel ♠A", KEEP], "equip": ["spear", "chitu"]}))
    g.play("Serpent Spear ♠Q")
    expect(g, 0, C.DK_SELECT)
    assert sorted(g.legal_labels()) == ["Duel ♠A", "Ex Nihilo ♥7", "Jink ♦2"]
    invariants(g)


# ================================================================ 贯石斧
def test_axe_discards_two_other_cards_to_hit_after_dodge(invariants):
    """贯石斧: after a dodge the user may discard two cards other than the axe so the 杀 hits
    anyway (docs/rules.md, Using cards)."""
    g = build(table(5, s0={"hand": ["slash ♠7", "jink ♦3", KEEP], "equip": ["axe", "chitu"]},
                    s1={"hand": ["jink ♦2"]}))
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")
    expect(g, 0, C.DK_CONFIRM)
    g.play("confirm")
    expect(g, 0, C.DK_SELECT)
    assert sorted(g.legal_labels()) == ["Chitu ♥5", "Ex Nihilo ♥7", "Jink ♦3"]
    g.play("Chitu ♥5")
    expect(g, 0, C.DK_SELECT)
    assert sorted(g.legal_labels()) == ["Ex Nihilo ♥7", "Jink ♦3"]
    g.play("Jink ♦3")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 3
    assert equip_names(g, 0) == ["Stone Axe ♦5"]
    assert hand_names(g, 0) == ["Ex Nihilo ♥7"]
    invariants(g)


def test_axe_not_offered_without_two_other_cards(invariants):
    """贯石斧: with fewer than two cards besides the axe the ability is not offered
    (docs/rules.md, Using cards)."""
    g = build(table(5, s0={"hand": ["slash ♠7", KEEP], "equip": ["axe"]},
                    s1={"hand": ["jink ♦2"]}))
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 4
    invariants(g)


def test_axe_may_be_declined(invariants):
    """贯石斧 is optional: passing keeps the cards and the 杀 stays dodged."""
    g = build(table(5, s0={"hand": ["slash ♠7", "jink ♦3", KEEP], "equip": ["axe"]},
                    s1={"hand": ["jink ♦2"]}))
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")
    g.play("pass")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 4
    assert hand_names(g, 0) == ["Ex Nihilo ♥7", "Jink ♦3"]
    invariants(g)


# ================================================================ 方天画戟
def test_halberd_no_extra_targets_unless_slash_is_last_hand_card(invariants):
    """方天画戟: extra targets only when the 杀 is the last hand card (the classmates pack rules;
    docs/rules.md, Using cards)."""
    g = build(table(5, s0={"hand": ["slash ♠7", KEEP], "equip": ["halberd"]},
                    s1={"hand": ["jink ♦2"]}))
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    invariants(g)


def test_halberd_up_to_three_targets_each_in_range(invariants):
    """方天画戟: the last-card 杀 may have up to three targets in all, each within range 4 (the
    classmates pack rules; docs/rules.md, Using cards)."""
    g = build(table(10, s0={"hand": ["slash ♠7"], "equip": ["halberd"]}))
    in_range = [f"target player_{t}" for t in (1, 2, 3, 4, 6, 7, 8, 9)]
    assert slash_targets(g) == in_range
    g.play("target player_1")
    expect(g, 0, C.DK_TARGET)
    assert g.legal_labels() == ["confirm"] + [x for x in in_range if x != "target player_1"]
    g.play("target player_9")
    expect(g, 0, C.DK_TARGET)
    assert g.legal_labels() == ["confirm"] + [x for x in in_range
                                              if x not in ("target player_1", "target player_9")]
    g.play("target player_2")
    # three targets: no further choice, the 杀 resolves on all of them
    assert sorted(t for _, t, _ in damage(g)) == [1, 2, 9]
    assert [g.hp(t) for t in (1, 2, 9)] == [3, 3, 3]
    assert int(g.s[C.P_SLASHES + 0]) == 1
    invariants(g)


def test_halberd_confirm_ends_target_choice_early(invariants):
    """方天画戟: the extra targets are optional; CONFIRM keeps the targets chosen so far."""
    g = build(table(5, s0={"hand": ["slash ♠7"], "equip": ["halberd"]}))
    g.play("Slash ♠7")
    g.play("target player_2")
    expect(g, 0, C.DK_TARGET)
    g.play("confirm")
    assert damage(g) == [(0, 2, 1)]
    invariants(g)


def test_halberd_targets_resolve_in_action_order(invariants):
    """方天画戟: the targets resolve in action order from the current player, whatever the choice
    order (the classmates pack rules "按照行動順序結算", as in the established engines)."""
    g = build(table(5, s0={"hand": ["slash ♠7"], "equip": ["halberd"]},
                    s1={"hand": ["jink ♦2"]}, s3={"hand": ["jink ♦3"]}))
    g.play("Slash ♠7")
    g.play("target player_3")
    g.play("target player_1")
    g.play("confirm")
    expect(g, 1, C.DK_JINK)
    g.play("pass")
    expect(g, 3, C.DK_JINK)
    g.play("pass")
    assert [t for _, t, _ in damage(g)] == [1, 3]
    invariants(g)


# ================================================================ 麒麟弓
def test_kylin_bow_discards_a_horse_and_damage_still_happens(invariants):
    """麒麟弓: when the 杀 deals damage the user may discard one of the target's horses; the damage
    stands (the classmates pack rules)."""
    g = build(table(5, s0={"hand": ["slash ♠7", KEEP], "equip": ["kylin_bow"]},
                    s1={"equip": ["dilu", "zixing"]}))
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 0, C.DK_KYLIN)
    assert g.legal_labels() == ["pass", "Dilu ♣5", "Zixing ♦K"]
    g.play("Dilu ♣5")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 3
    assert equip_names(g, 1) == ["Zixing ♦K"]
    assert "Dilu ♣5" in discard_names(g)
    invariants(g)


def test_kylin_bow_not_asked_when_target_has_no_horse(invariants):
    """麒麟弓 only concerns horses: a target without one is simply damaged."""
    g = build(table(5, s0={"hand": ["slash ♠7", KEEP], "equip": ["kylin_bow"]},
                    s1={"equip": ["crossbow ♣A"]}))
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 3
    assert equip_names(g, 1) == ["Crossbow ♣A"]
    invariants(g)


def test_kylin_bow_may_be_declined(invariants):
    """麒麟弓 is optional: passing keeps the horse; the damage happens."""
    g = build(table(5, s0={"hand": ["slash ♠7", KEEP], "equip": ["kylin_bow"]},
                    s1={"equip": ["dilu"]}))
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("pass")
    assert g.hp(1) == 3
    assert equip_names(g, 1) == ["Dilu ♣5"]
    invariants(g)


def test_kylin_bow_does_not_act_on_duel_damage(invariants):
    """麒麟弓 acts on damage of a 杀 the user uses, not on 决斗 damage (the classmates pack rules
    "使用【殺】對目標角色造成傷害")."""
    g = build(table(5, s0={"hand": ["duel ♠A", KEEP], "equip": ["kylin_bow"]},
                    s1={"equip": ["dilu"]}))
    g.play("Duel ♠A")
    g.play("target player_1")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 3
    assert equip_names(g, 1) == ["Dilu ♣5"]
    invariants(g)


# ================================================================ 八卦阵
def test_eight_diagram_red_judgement_counts_as_jink(invariants):
    """八卦阵: judge; red counts as using a 闪 (the classmates pack rules)."""
    g = build(table(5, s0={"hand": ["slash ♠7", KEEP]}, s1={"equip": ["eight_diagram"]}),
              deck_top=["peach ♥3"])
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Eight Diagram ♠2"]
    g.play("Eight Diagram ♠2")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 4
    assert [g.card_name(e[2]) for e in events(g, C.EV_JUDGE)] == ["Peach ♥3"]
    assert "Peach ♥3" in discard_names(g)
    invariants(g)


def test_eight_diagram_black_judgement_then_hand_jink(invariants):
    """八卦阵: on black the character may still use a 闪 from hand (the classmates pack rules)."""
    g = build(table(5, s0={"hand": ["slash ♠7", KEEP]},
                    s1={"hand": ["jink ♦2"], "equip": ["eight_diagram"]}),
              deck_top=["slash ♣2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Eight Diagram ♠2", "Jink ♦2"]
    g.play("Eight Diagram ♠2")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Jink ♦2"]        # only one judgement per 闪 asked
    g.play("Jink ♦2")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 4
    invariants(g)


def test_eight_diagram_black_judgement_without_hand_jink_is_hit(invariants):
    """八卦阵: black and no 闪 in hand -> the 杀 hits."""
    g = build(table(5, s0={"hand": ["slash ♠7", KEEP]}, s1={"equip": ["eight_diagram"]}),
              deck_top=["slash ♣2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Eight Diagram ♠2")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 3
    invariants(g)


def test_eight_diagram_works_against_archery_attack(invariants):
    """八卦阵 also gives the 闪 played against 万箭齐发 (the classmates pack rules
    "使用（或打出）")."""
    g = build(table(5, s0={"hand": ["archery_attack", KEEP]}, s2={"equip": ["eight_diagram"]}),
              deck_top=["jink ♦5"])
    g.play("Archery Attack ♥A")
    expect(g, 2, C.DK_JINK)
    g.play("Eight Diagram ♠2")
    expect(g, 0, C.DK_PLAY)
    assert [g.hp(t) for t in (1, 2, 3, 4)] == [3, 4, 3, 3]
    invariants(g)


# ================================================================ 仁王盾
def test_nioh_shield_black_slash_has_no_effect(invariants):
    """仁王盾: a black 杀 has no effect: no 闪 asked, no damage (the classmates pack rules)."""
    g = build(table(5, s0={"hand": ["slash ♣2", KEEP]},
                    s1={"hand": ["jink ♦2"], "equip": ["nioh_shield"]}))
    g.play("Slash ♣2")
    g.play("target player_1")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 4
    assert hand_names(g, 1) == ["Jink ♦2"]
    invariants(g)


def test_nioh_shield_red_slash_works(invariants):
    """仁王盾 stops only black 杀: a red 杀 asks for 闪 and hits as usual
    (as in the established engines)."""
    g = build(table(5, s0={"hand": ["slash ♥10", KEEP]},
                    s1={"hand": ["jink ♦2"], "equip": ["nioh_shield"]}))
    g.play("Slash ♥10")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    g.play("pass")
    assert g.hp(1) == 3
    invariants(g)


# ================================================================ equipping
def test_new_weapon_replaces_old_one_which_is_discarded(invariants):
    """Equipping: a second weapon takes the same slot and the old one goes to the discard pile
    (as in the established engines)."""
    g = build(table(5, s0={"hand": ["qinggang_sword", KEEP], "equip": ["crossbow ♣A"]}))
    g.play("Qinggang Sword ♠6")
    expect(g, 0, C.DK_PLAY)
    assert equip_names(g, 0) == ["Qinggang Sword ♠6"]
    assert int(g.s[C.P_WEAPON + 0]) == g.equipment(0)[0]
    assert discard_names(g) == ["Crossbow ♣A"]
    invariants(g)


def test_armour_replaces_armour(invariants):
    """Equipping: one armour at a time; the new one replaces the old (the classmates pack rules)."""
    g = build(table(5, s0={"hand": ["nioh_shield", KEEP], "equip": ["eight_diagram ♠2"]}))
    g.play("Nioh Shield ♣2")
    assert equip_names(g, 0) == ["Nioh Shield ♣2"]
    assert discard_names(g) == ["Eight Diagram ♠2"]
    invariants(g)


def test_one_horse_of_each_kind(invariants):
    """Equipping: a +1 and a -1 horse fit together; a second -1 horse replaces the first (the
    classmates pack rules)."""
    g = build(table(5, s0={"hand": ["zixing", "jueying", KEEP], "equip": ["chitu", "blade"]}))
    g.play("Jueying ♠5")       # +1 horse: a free slot
    assert equip_names(g, 0) == ["Chitu ♥5", "Green Dragon Blade ♠5", "Jueying ♠5"]
    assert discard_names(g) == []
    g.play("Zixing ♦K")        # -1 horse: replaces 赤兔
    assert equip_names(g, 0) == ["Green Dragon Blade ♠5", "Jueying ♠5", "Zixing ♦K"]
    assert discard_names(g) == ["Chitu ♥5"]
    invariants(g)
