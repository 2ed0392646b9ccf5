"""红颜劫 (邰泽启; the classmates pack): scenario tests. The skill: "Locked. When your HP falls
below 1, for each point below 1 the top card of the deck is set face up on your hero; while
their ranks all differ you do not die and nobody is asked for a Peach, otherwise you are dying
as usual. Each HP you recover removes one of them."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import DILU as STOP
from helpers import ZHUAHUANG as ANCHOR
from helpers import discard_names, event_args, expect, hand_names, hit, names, skill_events
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine import invariants
from heroes_env.engine.skills import ids as SK


def buqu_table(hp=1, pile_top=("jink ♦2",), **kw):
    return table({"hand": ["slash ♠7", "slash ♠8", ANCHOR], "equip": ["crossbow ♣A"]},
                 {"hero": "taizeqi", "hp": hp}, deck_top=list(pile_top), autoplay=False, **kw)


def invariants_ok(g):
    return invariants.violation(g.s) == invariants.OK


def test_hongyanjie_at_zero_hp_a_card_on_the_hero_keeps_him_alive(invariants):
    """红颜劫: HP 1 → 0: the top card is turned face up onto his hero; a new rank: he lives at 0
    HP, nobody is asked for 桃. The pile is public (OBS_PUBLIC) and cards stay conserved."""
    g = buqu_table(pile_top=["jink ♦2"])
    hit(g)
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 0 and g.s[C.P_ALIVE + 1] == 1
    assert names(g, g.hero_pile(1)) == ["Jink ♦2"]
    assert event_args(g, C.EV_DYING) == [(1, 0, 0)]
    assert (1, 83, 0) in event_args(g, C.EV_REVEAL)
    assert skill_events(g, SK.SK_HONGYANJIE) == [(1, SK.SK_HONGYANJIE, -1)]
    for viewer in range(4):
        assert g.observe(viewer)[C.OBS_PUBLIC + 83] == 1
    invariants(g)
    assert invariants_ok(g)


def test_hongyanjie_each_point_below_zero_adds_a_card_same_rank_means_dying(invariants):
    """红颜劫: at 0 HP, 1 more damage: a second card; same rank as one on the hero: he is dying;
    nobody saves him: he dies and the cards on his hero go to the discard pile."""
    g = buqu_table(pile_top=["jink ♦2", "jink ♥2"])
    hit(g)
    hit(g, "Slash ♠8")
    assert names(g, g.hero_pile(1)) == []
    assert g.s[C.P_ALIVE + 1] == 0
    assert "Jink ♦2" in discard_names(g) and "Jink ♥2" in discard_names(g)
    invariants(g)


def test_hongyanjie_two_points_below_one_two_cards_of_different_ranks(invariants):
    """红颜劫: -1 HP = two cards on the hero; both ranks differ: he lives, no 桃 asked of anyone."""
    g = table({"hand": ["slash ♠7", "slash ♠8", ANCHOR], "equip": ["crossbow ♣A"]},
              {"hero": "taizeqi", "hp": 1}, ["peach ♥3"],
              deck_top=["jink ♦2", "slash ♥J"], autoplay=False)
    hit(g)                                   # 0 HP: ♦2
    hit(g, "Slash ♠8")                       # -1 HP: ♥J (a new rank)
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == -1 and names(g, g.hero_pile(1)) == ["Jink ♦2", "Slash ♥J"]
    assert hand_names(g, 2) == ["Peach ♥3"]
    invariants(g)
    assert invariants_ok(g)


def test_hongyanjie_peach_while_dying(invariants):
    """红颜劫: dying (a rank repeats): a 桃 takes the repeated card off and he lives; the 桃 asks
    stop."""
    g = buqu_table(hp=1, pile_top=["jink ♦2", "jink ♥2"])
    g.s[C.P_HP + 1] = 1
    hit(g)
    # give seat 2 a 桃 now (rigged) and deal the second blow
    from heroes_env.engine.state import move_card
    peach = 32
    move_card(g.s, peach, C.Z_HAND + 2)
    g.invalidate()
    hit(g, "Slash ♠8")
    expect(g, 2, C.DK_PEACH)
    g.play("Peach ♥3")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 0 and g.s[C.P_ALIVE + 1] == 1
    assert names(g, g.hero_pile(1)) == ["Jink ♦2"]
    assert "Jink ♥2" in discard_names(g)
    invariants(g)
    assert invariants_ok(g)


def test_hongyanjie_recovering_to_one_hp_takes_the_last_card_off(invariants):
    """红颜劫: each HP recovered takes a card off; at 1 HP none is left (his own 桃 in his turn)."""
    g = table({"hero": "taizeqi", "hp": 1, "hand": ["peach ♥3", "peach ♥4", ANCHOR]},
              {"hand": ["duel ♣A"]}, [], [], deck_top=["jink ♦2", "slash ♥J"], autoplay=False)
    # he is hit twice by rigging: lose 2 HP through two duels is long; set the state directly
    from heroes_env.engine.state import move_card, top_card
    for _ in range(2):
        c = top_card(g.s)
        move_card(g.s, c, C.Z_PILE + 0)
    g.s[C.P_HP + 0] = -1
    g.invalidate()
    assert invariants_ok(g)
    g.play("Peach ♥3")
    assert g.hp(0) == 0 and names(g, g.hero_pile(0)) == ["Jink ♦2"]      # the latest went
    g.play("Peach ♥4")
    assert g.hp(0) == 1 and g.hero_pile(0) == []
    assert discard_names(g) == sorted(["Jink ♦2", "Slash ♥J", "Peach ♥3", "Peach ♥4"])
    invariants(g)


def test_hongyanjie_three_points_at_once_and_the_peach_removes_the_repeated_rank(invariants):
    """红颜劫: 闪电 (3 damage) at 1 HP: three cards at once; ♦2 ♥2 ♥J repeat the rank 2: dying.
    A 桃 takes off the repeated ♥2 (not the latest card): ♦2 ♥J differ, he lives at -1 HP."""
    g = table({"hero": "taizeqi", "hp": 1, "judge": ["lightning ♠A"]}, ["peach ♥3"], [STOP],
              phase="judge", deck_top=["slash ♠8", "jink ♦2", "jink ♥2", "slash ♥J"],
              autoplay=False)
    expect(g, 1, C.DK_PEACH)
    assert names(g, g.hero_pile(0)) == ["Jink ♥2", "Jink ♦2", "Slash ♥J"]
    assert invariants_ok(g)
    g.play("Peach ♥3")
    assert g.hp(0) == -1 and g.s[C.P_ALIVE + 0] == 1
    assert [g.card_name(c) for c in g.hero_pile(0)] == ["Jink ♦2", "Slash ♥J"]
    assert "Jink ♥2" in discard_names(g)
    invariants(g)
    assert invariants_ok(g)
