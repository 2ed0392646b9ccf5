"""Scenario tests for the instant tricks and 无懈可击 (no-skill game).

Every test rigs a table with ``heroes_env.scenario.build``, scripts each decision by its label and
checks one rule. The tests follow the rules as ``docs/rules.md`` states them: the published rule
texts (here the card texts of the classmates pack rules) and, where they are silent or disagree,
the choices that page records (where every text is silent, the first-edition behaviour of the
established engines, QSanguosha and FreeKill).

Seats in a 4-player table: 0 lord, 1 rebel, 2 loyalist, 3 renegade unless a test says otherwise.
Without horses, seats 1 and 3 are at distance 1 from seat 0, seat 2 at distance 2.
"""
from helpers import damage, discard_names, names
from helpers import event_args as events
from helpers import table4 as table

from heroes_env import cards, labels
from heroes_env.engine import constants as C
from heroes_env.scenario import build

DECK = cards.deck("standard")
# a card that is always usable in the play phase (equipment) and changes nothing while in hand:
# it keeps the user in its play phase after the card under test has resolved
ANCHOR = "zhuahuangfeidian"







def test_duel_any_distance_not_self():
    """决斗 targets any other player, at any distance, never the user."""
    g = table(["duel", ANCHOR])
    g.play("duel")
    assert g.decision_kind == C.DK_TARGET
    assert g.legal_labels() == ["target player_1", "target player_2", "target player_3"]


def test_duel_target_plays_slash_first():
    """决斗: the target is asked for a 杀 first."""
    g = table(["duel", "slash ♠7", ANCHOR], ["slash ♠8"])
    g.play("duel")
    g.play("target player_1")
    assert g.decider == 1
    assert g.decision_kind == C.DK_SLASH
    assert g.legal_labels() == ["pass", "Slash ♠8"]


def test_duel_alternates_and_user_can_lose():
    """决斗: target and user alternate 杀; the user who runs out first takes 1 damage from the
    target."""
    g = table(["duel", "slash ♠7", ANCHOR], ["slash ♠8", "slash ♠9"])
    g.play("duel")
    g.play("target player_1")
    deciders = []
    while g.decision_kind == C.DK_SLASH:
        deciders.append(g.decider)
        g.play("slash")
    assert deciders == [1, 0, 1]           # target, user, target; then the user has none left
    assert damage(g) == [(1, 0, 1)]        # source = the winner (the target)
    assert g.hp(0) == 3 and g.hp(1) == 4
    assert discard_names(g) == sorted(["Duel ♠A", "Slash ♠7", "Slash ♠8", "Slash ♠9"])
    assert [e[0] for e in events(g, C.EV_RESPOND)] == [1, 0, 1]
    assert g.decider == 0 and g.decision_kind == C.DK_PLAY


def test_duel_target_declines_takes_damage_from_user():
    """决斗: a target who does not play 杀 (even holding one) takes 1 damage from the user."""
    g = table(["duel", ANCHOR], ["slash ♠8"])
    g.play("duel")
    g.play("target player_1")
    g.play("pass")
    assert damage(g) == [(0, 1, 1)]
    assert g.hp(1) == 3 and g.hp(0) == 4
    assert names(g, g.hand(1)) == ["Slash ♠8"]


def test_duel_target_without_slash_is_hit_at_once():
    """决斗: a target with no 杀 loses at once; the user's 杀 is not needed."""
    g = table(["duel", "slash ♠7", ANCHOR], ["jink"])
    g.play("duel")
    g.play("target player_1")
    assert damage(g) == [(0, 1, 1)]
    assert names(g, g.hand(0)) == sorted(["Slash ♠7", g.card_name(53)])


def test_duel_winning_target_is_the_killer():
    """决斗: the damage comes from the winner, so a winning target kills the user and gets the
    reward."""
    g = table({"hand": []}, {"hp": 1, "hand": ["duel", ANCHOR]}, {},
              {"hand": ["slash ♠8"]},
              current=1, deck_top=["jink ♦2", "jink ♦3", "jink ♦4", "ex_nihilo", "jink ♦5"])
    g.play("duel")
    g.play("target player_3")
    g.play("slash")                        # the renegade plays 杀; the rebel has none
    assert damage(g) == [(3, 1, 1)]
    assert events(g, C.EV_DEATH) == [(1, 3, C.ROLE_REBEL)]
    assert not g.alive(1)
    # rebel killed by the renegade: the renegade draws 3
    assert names(g, g.hand(3)) == sorted(["Jink ♦2", "Jink ♦3", "Jink ♦4"])
    assert g.decider == 2 and g.decision_kind == C.DK_PLAY      # the next turn has begun


# ====================================================================== 过河拆桥
def test_dismantlement_any_distance():
    """过河拆桥 has no distance limit (a +1 horse two seats away is still a target)."""
    g = table(["dismantlement", ANCHOR], ["jink"], {"equip": ["jueying"]}, ["jink"])
    g.play("dismantlement")
    assert g.legal_labels() == ["target player_1", "target player_2", "target player_3"]


def test_dismantlement_needs_a_card_to_remove():
    """过河拆桥 cannot target a player with no card in hand, equipment or judgement zone."""
    g = table(["dismantlement", ANCHOR], [], {"judge": ["indulgence"]}, [], autoplay=False)
    g.play("dismantlement")
    assert g.legal_labels() == ["target player_2"]


def test_dismantlement_equipment_by_id():
    """过河拆桥: the user names an equipment card by id and it is discarded."""
    g = table(["dismantlement", ANCHOR],
              {"hand": ["jink"], "equip": ["eight_diagram ♠2", "halberd"]},
              [], ["jink ♦3"])
    g.play("dismantlement")
    g.play("target player_1")
    assert g.decision_kind == C.DK_PICK and g.decider == 0
    assert g.legal_labels() == ["Eight Diagram ♠2", "Sky Halberd ♦Q", "a hand card"]
    g.play("Eight Diagram ♠2")
    assert names(g, g.equipment(1)) == ["Sky Halberd ♦Q"]
    assert "Eight Diagram ♠2" in discard_names(g)
    assert len(g.hand(1)) == 1


def test_dismantlement_judgement_card():
    """过河拆桥 may discard a card from the target's judgement zone."""
    g = table(["dismantlement", ANCHOR], {"hand": ["jink ♦2"], "judge": ["indulgence ♠6"]},
              [], ["jink ♦3"])
    g.play("dismantlement")
    g.play("target player_1")
    assert g.legal_labels() == ["Indulgence ♠6", "a hand card"]
    g.play("Indulgence ♠6")
    assert g.judgement_zone(1) == []
    assert names(g, g.hand(1)) == ["Jink ♦2"]
    assert discard_names(g) == sorted(["Dismantlement ♠3", "Indulgence ♠6"])


def test_dismantlement_hand_card_is_blind_and_random():
    """过河拆桥 on hand cards: the user may only choose "a hand card", which is drawn at random."""
    g = table(["dismantlement", ANCHOR], {"hand": ["jink ♦2", "peach ♥3"], "equip": ["chitu"]},
              [], ["jink ♦3"])
    g.play("dismantlement")
    g.play("target player_1")
    labels = g.legal_labels()
    assert labels == ["Chitu ♥5", "a hand card"]     # hand cards are not offered by id
    before = set(g.hand(1))
    g.play("a hand card")
    after = set(g.hand(1))
    assert len(after) == 1 and after < before
    gone = (before - after).pop()
    assert gone in g.zone_cards(C.Z_DISCARD)
    assert names(g, g.equipment(1)) == ["Chitu ♥5"]


# ====================================================================== 顺手牵羊
def test_snatch_distance_one_only():
    """顺手牵羊 reaches only players at distance 1."""
    g = table(["snatch", ANCHOR], ["jink"], ["jink"], ["jink"])
    g.play("snatch")
    assert g.legal_labels() == ["target player_1", "target player_3"]


def test_snatch_plus_horse_counts():
    """顺手牵羊: a +1 horse on the target puts it out of reach."""
    g = table(["snatch", ANCHOR], {"hand": ["jink"], "equip": ["dilu"]}, ["jink"], ["jink"],
              autoplay=False)
    g.play("snatch")
    assert g.legal_labels() == ["target player_3"]


def test_snatch_minus_horse_counts():
    """顺手牵羊: the user's -1 horse brings a player at distance 2 within reach."""
    g = table({"hand": ["snatch", ANCHOR], "equip": ["chitu"]}, ["jink"], ["jink"], ["jink"])
    g.play("snatch")
    assert g.legal_labels() == ["target player_1", "target player_2", "target player_3"]


def test_snatch_target_with_only_a_judgement_card():
    """顺手牵羊 may target a player whose only card lies in its judgement zone."""
    g = table(["snatch", ANCHOR], {"judge": ["indulgence ♠6"]}, ["jink"], [], autoplay=False)
    g.play("snatch")
    assert g.legal_labels() == ["target player_1"]


def test_snatch_takes_equipment_into_users_hand():
    """顺手牵羊: the chosen card goes into the user's hand."""
    g = table(["snatch", ANCHOR], {"equip": ["halberd"], "hand": ["jink"]}, [], ["jink ♦3"])
    g.play("snatch")
    g.play("target player_1")
    g.play("Sky Halberd ♦Q")
    assert g.equipment(1) == []
    assert "Sky Halberd ♦Q" in names(g, g.hand(0))
    assert [(a, b, labels.ev_unpack(c)) for kind, a, b, c in g.event_log
            if kind == C.EV_GAIN] == [(0, 103, (1, C.K_SNATCH))]     # from player_1, by 顺手牵羊
    assert discard_names(g) == ["Snatch ♠3"]


def test_snatch_takes_judgement_card():
    """顺手牵羊 may take a delayed trick from the target's judgement zone."""
    g = table(["snatch", ANCHOR], {"hand": ["jink ♦2"], "judge": ["lightning ♠A"]}, [], ["jink ♦3"])
    g.play("snatch")
    g.play("target player_1")
    assert g.legal_labels() == ["Lightning ♠A", "a hand card"]
    g.play("Lightning ♠A")
    assert g.judgement_zone(1) == []
    assert names(g, g.hand(0)) == sorted([g.card_name(53), "Lightning ♠A"])
    assert names(g, g.hand(1)) == ["Jink ♦2"]


def test_snatch_hand_card_random():
    """顺手牵羊 on hand cards takes one at random into the user's hand."""
    g = table(["snatch", ANCHOR], {"hand": ["jink ♦2", "peach ♥3"], "equip": ["chitu"]}, [],
              ["jink ♦3"])
    g.play("snatch")
    g.play("target player_1")
    assert g.legal_labels() == ["Chitu ♥5", "a hand card"]
    before = set(g.hand(1))
    g.play("a hand card")
    assert names(g, g.equipment(1)) == ["Chitu ♥5"]
    taken = before - set(g.hand(1))
    assert len(taken) == 1 and taken.pop() in g.hand(0)


# ====================================================================== 南蛮入侵
def test_savage_assault_order_from_users_next():
    """南蛮入侵 hits every other player in seat order starting after the user."""
    g = table(["slash ♠8"], ["savage_assault", ANCHOR], ["slash ♠9"], ["slash ♠10"], current=1)
    g.play("savage_assault")
    order = []
    while g.decision_kind == C.DK_SLASH:
        order.append(g.decider)
        g.play("pass")
    assert order == [2, 3, 0]
    assert damage(g) == [(1, 2, 1), (1, 3, 1), (1, 0, 1)]
    assert g.decider == 1 and g.decision_kind == C.DK_PLAY


def test_savage_assault_slash_avoids_damage():
    """南蛮入侵: a target that plays a 杀 takes no damage; one without takes 1 from the user."""
    g = table(["savage_assault", ANCHOR], ["slash ♠8"], ["jink"], [])
    g.play("savage_assault")
    assert g.decider == 1 and g.legal_labels() == ["pass", "Slash ♠8"]
    g.play("Slash ♠8")
    assert damage(g) == [(0, 2, 1), (0, 3, 1)]
    assert [g.hp(i) for i in range(4)] == [4, 4, 3, 3]
    assert events(g, C.EV_RESPOND) == [(1, 15, -1)]
    assert "Slash ♠8" in discard_names(g)


def test_savage_assault_jink_does_not_help():
    """南蛮入侵 asks for 杀, not 闪."""
    g = table(["savage_assault", ANCHOR], ["jink"], [], [])
    g.play("savage_assault")
    assert damage(g) == [(0, 1, 1), (0, 2, 1), (0, 3, 1)]


def test_savage_assault_skips_dead_players():
    """南蛮入侵 targets living players only."""
    g = table(["savage_assault", ANCHOR], [], {"alive": False}, [])
    g.play("savage_assault")
    assert damage(g) == [(0, 1, 1), (0, 3, 1)]


def test_savage_assault_kill_is_credited_to_the_user():
    """南蛮入侵 damage comes from its user: killing a rebel pays the user 3 cards."""
    g = table(["savage_assault", ANCHOR], {"hp": 1}, [], [],
              deck_top=["jink ♦2", "jink ♦3", "jink ♦4"])
    g.play("savage_assault")
    assert events(g, C.EV_DEATH) == [(1, 0, C.ROLE_REBEL)]
    assert names(g, g.hand(0)) == sorted([g.card_name(53), "Jink ♦2", "Jink ♦3", "Jink ♦4"])
    assert damage(g) == [(0, 1, 1), (0, 2, 1), (0, 3, 1)]


# ====================================================================== 万箭齐发
def test_archery_attack_needs_jink():
    """万箭齐发: each other player plays a 闪 or takes 1 damage from the user (杀 does not help)."""
    g = table(["archery_attack", ANCHOR], ["jink ♦2"], ["slash"], ["jink ♦3"])
    g.play("archery_attack")
    assert g.decider == 1 and g.decision_kind == C.DK_JINK
    assert g.legal_labels() == ["pass", "Jink ♦2"]
    g.play("Jink ♦2")
    assert g.decider == 3
    g.play("pass")
    assert damage(g) == [(0, 2, 1), (0, 3, 1)]
    assert [g.hp(i) for i in range(4)] == [4, 4, 3, 3]


def test_archery_attack_eight_diagram_red():
    """万箭齐发: 八卦阵 may be tried; a red judgement counts as the 闪."""
    g = table(["archery_attack", ANCHOR], {"hand": ["jink ♦2"], "equip": ["eight_diagram ♠2"]},
              [], [], deck_top=["peach ♥3"])
    g.play("archery_attack")
    assert g.legal_labels() == ["pass", "Eight Diagram ♠2", "Jink ♦2"]
    g.play("Eight Diagram ♠2")
    assert events(g, C.EV_JUDGE)[0][:2] == (1, 32)
    assert g.hp(1) == 4
    assert names(g, g.hand(1)) == ["Jink ♦2"]            # the hand 闪 was not needed
    assert damage(g) == [(0, 2, 1), (0, 3, 1)]


def test_archery_attack_eight_diagram_black_then_hand_jink():
    """万箭齐发: after a black 八卦阵 judgement the target may still play a 闪 from hand."""
    g = table(["archery_attack", ANCHOR], {"hand": ["jink ♦2"], "equip": ["eight_diagram ♠2"]},
              [], [], deck_top=["slash ♠7"])
    g.play("archery_attack")
    g.play("Eight Diagram ♠2")
    assert g.decider == 1 and g.decision_kind == C.DK_JINK
    assert g.legal_labels() == ["pass", "Jink ♦2"]       # 八卦阵 only once
    g.play("Jink ♦2")
    assert g.hp(1) == 4
    assert damage(g) == [(0, 2, 1), (0, 3, 1)]


def test_archery_attack_eight_diagram_black_no_jink():
    """万箭齐发: a black 八卦阵 judgement and no 闪 in hand: 1 damage."""
    g = table(["archery_attack", ANCHOR], {"equip": ["eight_diagram ♠2"]}, [], [],
              deck_top=["slash ♠7"])
    g.play("archery_attack")
    g.play("Eight Diagram ♠2")
    assert damage(g) == [(0, 1, 1), (0, 2, 1), (0, 3, 1)]


# ====================================================================== 无中生有
def test_ex_nihilo_draws_two():
    """无中生有: the user draws the top 2 cards."""
    g = table(["ex_nihilo", ANCHOR], deck_top=["peach ♥3", "slash ♠7", "jink ♦2"])
    g.play("ex_nihilo")
    assert names(g, g.hand(0)) == sorted([g.card_name(53), "Peach ♥3", "Slash ♠7"])
    assert names(g, g.draw_pile()[:1]) == ["Jink ♦2"]
    assert discard_names(g) == ["Ex Nihilo ♥7"]


# ====================================================================== 桃园结义
def test_god_salvation_heals_every_wounded_from_user_on():
    """桃园结义: every wounded living player heals 1, in seat order from the user; the full are
    skipped."""
    g = table({"hp": 3}, {"hp": 2, "hand": ["god_salvation", ANCHOR]}, {"hp": 4},
              {"hp": 1}, current=1)
    g.play("god_salvation")
    assert [e[0] for e in events(g, C.EV_HEAL)] == [1, 3, 0]
    assert [g.hp(i) for i in range(4)] == [4, 3, 4, 2]


def test_god_salvation_unwounded_player_has_no_nullify_window():
    """桃园结义: no 无懈可击 window for an unwounded target (docs/rules.md, Using cards)."""
    g = table(["god_salvation", ANCHOR], {"hp": 2}, {}, ["nullification"])
    g.play("god_salvation")
    # only one window: for player_1, the only wounded player
    assert g.decision_kind == C.DK_NULLIFY and g.decider == 3
    assert g.s[C.H_DTGT] == 1
    g.play("pass")
    assert g.decider == 0 and g.decision_kind == C.DK_PLAY
    assert g.hp(1) == 3


# ====================================================================== 五谷丰登
def test_amazing_grace_reveals_one_card_per_living_player():
    """五谷丰登 reveals as many cards as there are living players."""
    g = table(["amazing_grace", "nullification"], {}, {"alive": False}, {},
              deck_top=["peach ♥3", "jink ♦2", "slash ♠7", "ex_nihilo ♥7"])
    g.play("amazing_grace")
    # stopped at the user's own 无懈 window, after the reveal
    assert g.decision_kind == C.DK_NULLIFY
    assert names(g, g.zone_cards(C.Z_AG)) == sorted(["Peach ♥3", "Jink ♦2", "Slash ♠7"])
    assert names(g, g.draw_pile()[:1]) == ["Ex Nihilo ♥7"]


def test_amazing_grace_each_picks_in_order_from_user():
    """五谷丰登: each player in seat order from the user picks one of the remaining revealed
    cards."""
    g = table([], ["amazing_grace", ANCHOR], [], [], current=1,
              deck_top=["peach ♥3", "jink ♦2", "slash ♠7", "ex_nihilo ♥7"])
    g.play("amazing_grace")
    assert g.decider == 1 and g.decision_kind == C.DK_AG
    assert g.legal_labels() == ["Slash ♠7", "Peach ♥3", "Ex Nihilo ♥7", "Jink ♦2"]
    g.play("Peach ♥3")
    assert g.decider == 2
    g.play("Ex Nihilo ♥7")
    assert g.decider == 3
    assert g.legal_labels() == ["Slash ♠7", "Jink ♦2"]
    g.play("Jink ♦2")
    # the last card goes to the last picker (player_0) by itself
    assert names(g, g.hand(0)) == ["Slash ♠7"]
    assert names(g, g.hand(1)) == sorted([g.card_name(53), "Peach ♥3"])
    assert names(g, g.hand(2)) == ["Ex Nihilo ♥7"]
    assert names(g, g.hand(3)) == ["Jink ♦2"]
    assert g.zone_cards(C.Z_AG) == []
    assert g.decider == 1 and g.decision_kind == C.DK_PLAY


def test_amazing_grace_nullified_picker_takes_nothing_leftover_discarded(invariants):
    """五谷丰登: a nullified player takes no card; the leftover cards are discarded at the end."""
    g = table(["amazing_grace", ANCHOR], [], [], ["nullification ♠J"],
              deck_top=["peach ♥3", "jink ♦2", "slash ♠7", "ex_nihilo ♥7"])
    g.play("amazing_grace")
    assert g.decider == 3 and g.decision_kind == C.DK_NULLIFY and g.s[C.H_DTGT] == 0
    g.play("pass")                          # window for player_0
    g.play("Peach ♥3")                      # player_0 picks
    assert g.decider == 3 and g.s[C.H_DTGT] == 1
    g.play("Nullification ♠J")              # player_1 gets nothing
    assert g.decider == 2 and g.decision_kind == C.DK_AG
    g.play("Jink ♦2")
    assert g.decider == 3 and g.decision_kind == C.DK_AG
    g.play("Slash ♠7")
    assert g.hand(1) == []
    assert events(g, C.EV_NULLIFIED) == [(1, 31, 0)]
    assert "Ex Nihilo ♥7" in discard_names(g)
    assert g.zone_cards(C.Z_AG) == []
    assert discard_names(g) == sorted(["Amazing Grace ♥3", "Ex Nihilo ♥7", "Nullification ♠J"])
    invariants(g)


# ====================================================================== 借刀杀人
def test_collateral_target_needs_weapon_and_someone_in_range():
    """借刀杀人: A must have a weapon and someone within its attack range."""
    # player_1 holds a 连弩 (range 1) but both neighbours ride +1 horses: nobody in range
    g = table({"hand": ["collateral", ANCHOR], "equip": ["dilu"]},
              {"equip": ["crossbow ♣A"]},
              {"equip": ["jueying"]},
              {"equip": ["halberd"]}, autoplay=False)
    g.play("collateral")
    assert g.legal_labels() == ["target player_3"]


def test_collateral_victim_must_be_in_As_range_and_may_be_user():
    """借刀杀人: B is any player in A's attack range other than A, the user included."""
    g = table(["collateral", ANCHOR], {"equip": ["crossbow ♣A"]}, {"equip": ["jueying"]}, [],
              autoplay=False)
    g.play("collateral")
    g.play("target player_1")
    assert g.decision_kind == C.DK_TARGET
    assert g.legal_labels() == ["target player_0"]      # player_2 is at distance 2 (+1 horse)


def test_collateral_A_slashes_B():
    """借刀杀人: A uses a 杀 on B; A keeps the weapon."""
    g = table(["collateral", ANCHOR], {"hand": ["slash ♠8"], "equip": ["halberd"]}, [],
              {"equip": ["blade"]})
    g.play("collateral")
    g.play("target player_1")
    g.play("target player_3")
    assert g.decider == 1 and g.decision_kind == C.DK_SLASH
    assert g.legal_labels() == ["pass", "Slash ♠8"]
    g.play("Slash ♠8")
    assert damage(g) == [(1, 3, 1)]
    assert names(g, g.equipment(1)) == ["Sky Halberd ♦Q"]
    assert (1, 15, 3) in events(g, C.EV_USE)


def test_collateral_A_declines_user_takes_weapon():
    """借刀杀人: if A does not use a 杀 on B, the user takes A's weapon into hand."""
    g = table(["collateral", ANCHOR], {"hand": ["slash ♠8"], "equip": ["halberd"]}, [],
              {"equip": ["blade"]})
    g.play("collateral")
    g.play("target player_1")
    g.play("target player_3")
    g.play("pass")
    assert g.equipment(1) == []
    assert "Sky Halberd ♦Q" in names(g, g.hand(0))
    assert names(g, g.hand(1)) == ["Slash ♠8"]
    assert damage(g) == []


def test_collateral_A_without_slash_loses_weapon():
    """借刀杀人: A with no 杀 cannot comply and the weapon goes to the user at once."""
    g = table(["collateral", ANCHOR], {"hand": ["jink"], "equip": ["halberd"]}, [],
              {"equip": ["blade"]})
    g.play("collateral")
    g.play("target player_1")
    g.play("target player_3")
    assert g.equipment(1) == []
    assert "Sky Halberd ♦Q" in names(g, g.hand(0))
    assert g.decider == 0 and g.decision_kind == C.DK_PLAY


def test_collateral_B_may_be_the_user():
    """借刀杀人: the user may name itself as B and take A's 杀."""
    g = table(["collateral", ANCHOR], {"hand": ["slash ♠8"], "equip": ["halberd"]}, [],
              {"equip": ["blade"]})
    g.play("collateral")
    g.play("target player_1")
    g.play("target player_0")
    g.play("Slash ♠8")
    assert damage(g) == [(1, 0, 1)]
    assert g.hp(0) == 3


def test_collateral_slash_does_not_count_towards_any_limit():
    """借刀杀人: A's 杀 is not a play action: no 杀 count for A, and the user may still use its own
    杀."""
    g = table(["collateral", "slash ♠7"], {"hand": ["slash ♠8"], "equip": ["halberd"]}, [],
              {"equip": ["blade"]})
    g.play("collateral")
    g.play("target player_1")
    g.play("target player_3")
    g.play("Slash ♠8")
    assert int(g.s[C.P_SLASHES + 1]) == 0
    assert int(g.s[C.P_SLASHES + 0]) == 0
    assert "Slash ♠7" in g.legal_labels()


def test_collateral_nullified_A_keeps_weapon():
    """借刀杀人 nullified for A: A is not asked for a 杀 and keeps the weapon."""
    g = table(["collateral", ANCHOR], {"hand": ["slash ♠8", "nullification ♠J"],
                                       "equip": ["halberd"]}, [], {"equip": ["blade"]})
    g.play("collateral")
    g.play("target player_1")
    g.play("target player_3")
    assert g.decider == 1 and g.decision_kind == C.DK_NULLIFY
    g.play("Nullification ♠J")
    assert g.decider == 0 and g.decision_kind == C.DK_PLAY
    assert names(g, g.equipment(1)) == ["Sky Halberd ♦Q"]
    assert names(g, g.hand(1)) == ["Slash ♠8"]
    assert damage(g) == []


# ====================================================================== 无懈可击
def test_nullification_is_not_a_play_phase_action():
    """无懈可击 can only answer a trick; it cannot be used on its own in the play phase."""
    g = table(["nullification ♠J", ANCHOR], autoplay=False)
    assert g.legal_labels() == ["pass", g.card_name(53)]


def test_nullification_of_ex_nihilo_draws_nothing():
    """无懈可击 works on a trick aimed at its own user (无中生有): no cards drawn."""
    g = table(["ex_nihilo", ANCHOR], ["nullification ♠J"], deck_top=["peach ♥3", "slash ♠7"])
    g.play("ex_nihilo")
    assert g.decider == 1 and g.s[C.H_DTGT] == 0
    g.play("Nullification ♠J")
    assert events(g, C.EV_DRAW) == []
    assert names(g, g.hand(0)) == [g.card_name(53)]

def test_nullification_cancels_the_trick_for_its_target():
    """无懈可击 played by the target cancels the trick's effect on it."""
    g = table(["duel", ANCHOR], ["nullification ♠J"])
    g.play("duel")
    g.play("target player_1")
    assert g.decider == 1 and g.decision_kind == C.DK_NULLIFY
    assert g.legal_labels() == ["pass", "Nullification ♠J"]
    g.play("Nullification ♠J")
    assert damage(g) == []
    assert events(g, C.EV_NULLIFIED) == [(1, 0, 0)]
    assert discard_names(g) == sorted(["Duel ♠A", "Nullification ♠J"])
    assert g.decider == 0 and g.decision_kind == C.DK_PLAY


def test_nullification_offered_in_seat_order_from_current_player():
    """无懈可击 is offered to every holder, user and target included, in seat order from the
    current player."""
    g = table(["dismantlement", "nullification ♠J", ANCHOR], ["nullification ♣Q"],
              {"hand": ["nullification ♣K", "jink ♦2"], "equip": ["chitu"]},
              ["nullification ♦Q"], current=0)
    g.play("dismantlement")
    g.play("target player_2")
    asked = []
    while g.decision_kind == C.DK_NULLIFY:
        asked.append(g.decider)
        g.play("pass")
    assert asked == [0, 1, 2, 3]
    assert g.decision_kind == C.DK_PICK


def test_nullification_order_starts_at_current_player_not_user_seat_zero():
    """无懈可击 order starts with the current player (here player_2, the user)."""
    g = table(["nullification ♠J"], ["nullification ♣Q"], ["dismantlement", ANCHOR],
              ["nullification ♦Q", "jink"], current=2)
    g.play("dismantlement")
    g.play("target player_3")
    asked = []
    while g.decision_kind == C.DK_NULLIFY:
        asked.append(g.decider)
        g.play("pass")
    assert asked == [3, 0, 1]


def test_nullification_chain_of_three_cancels(invariants):
    """无懈可击 chain: 3 played (odd) cancels; each link restarts from the current player."""
    g = table(["dismantlement", "nullification ♠J", ANCHOR], ["nullification ♣Q"],
              ["nullification ♣K", "jink ♦2"], ["nullification ♦Q"])
    g.play("dismantlement")
    g.play("target player_2")
    seq = []
    # link 1: player_0 passes, player_1 passes, player_2 (target) plays
    for expect, label in [(0, "pass"), (1, "pass"), (2, "Nullification ♣K"),
                          # link 2: from the current player again: player_0 (user) plays
                          (0, "Nullification ♠J"),
                          # link 3: player_0 has none left; player_1 plays
                          (1, "Nullification ♣Q"),
                          # link 4: only player_3 still holds one; passes
                          (3, "pass")]:
        assert g.decision_kind == C.DK_NULLIFY
        seq.append(g.decider)
        assert g.decider == expect, seq
        g.play(label)
    assert g.decider == 0 and g.decision_kind == C.DK_PLAY
    assert names(g, g.hand(2)) == ["Jink ♦2"]          # nothing was dismantled
    assert events(g, C.EV_NULLIFIED) == [(2, 5, 0)]
    assert names(g, g.hand(3)) == ["Nullification ♦Q"]
    invariants(g)


def test_nullification_chain_of_two_restores_the_effect():
    """无懈可击 chain: 2 played (even) cancel each other and the trick takes effect."""
    g = table(["dismantlement", "nullification ♠J", ANCHOR], ["jink ♦3"],
              {"hand": ["nullification ♣K", "jink ♦2"], "equip": ["chitu"]}, [])
    g.play("dismantlement")
    g.play("target player_2")
    assert g.decider == 0
    g.play("pass")
    assert g.decider == 2
    g.play("Nullification ♣K")
    assert g.decider == 0                  # new link, from the current player
    g.play("Nullification ♠J")
    # player_2 has no 无懈 left, nobody else holds one: the dismantlement resolves
    assert g.decision_kind == C.DK_PICK and g.decider == 0
    g.play("Chitu ♥5")
    assert g.equipment(2) == []
    assert "Chitu ♥5" in discard_names(g)
    assert events(g, C.EV_NULLIFIED) == []


def test_nullification_each_player_once_per_link():
    """无懈可击: a player who passed is not asked again in the same link, but is in the next."""
    g = table(["duel", ANCHOR], ["nullification ♠J", "nullification ♣Q"], [],
              ["nullification ♣K"])
    g.play("duel")
    g.play("target player_1")
    assert g.decider == 1
    g.play("pass")
    assert g.decider == 3
    g.play("Nullification ♣K")             # a third party cancels the duel for player_1
    assert g.decider == 1                  # next link: player_1 may answer
    g.play("pass")
    # player_3 has no 无懈 left; the link ends, the duel stays cancelled
    assert g.decider == 0 and g.decision_kind == C.DK_PLAY
    assert events(g, C.EV_NULLIFIED) == [(1, 0, 0)]
    assert damage(g) == []


def test_nullification_per_target_of_aoe():
    """无懈可击 against 南蛮入侵 protects only the one target; the others are still hit."""
    g = table(["savage_assault", ANCHOR], [], ["nullification ♠J"], [])
    g.play("savage_assault")
    assert g.decider == 2 and g.s[C.H_DTGT] == 1
    g.play("pass")                          # window for player_1
    assert g.decider == 2 and g.s[C.H_DTGT] == 2
    g.play("Nullification ♠J")              # player_2 protects itself
    assert damage(g) == [(0, 1, 1), (0, 3, 1)]
    assert [g.hp(i) for i in range(4)] == [4, 3, 4, 3]
    assert events(g, C.EV_NULLIFIED) == [(2, 13, 0)]


# ====================================================================== game end inside an AOE
def test_game_ends_mid_aoe_when_lord_dies(invariants):
    """A lord killed by an AOE ends the game at once; later targets are untouched
    (docs/rules.md, Death, victory, end)."""
    g = build([{"role": "lord", "hp": 1}, {"role": "loyalist", "hand": ["slash ♠8"]},
               {"role": "rebel", "hand": ["savage_assault", ANCHOR]}, {"role": "renegade"}],
              current=2)
    g.play("savage_assault")
    assert g.done and g.result == C.RES_REBEL
    assert damage(g) == [(2, 3, 1), (2, 0, 1)]
    assert g.hp(1) == 4 and names(g, g.hand(1)) == ["Slash ♠8"]
    assert list(g.rewards()) == [-1, -1, 1, -1]
    invariants(g)
