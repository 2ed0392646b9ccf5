"""傲世 (高映海; the classmates pack): scenario tests. The skill: "At the start of your turn you
may look at the top X cards of the deck (X = living characters, at most 5), put any of them at
the bottom one by one and the rest back on top in any order." It runs the code of 观星
(``guanxing``, skills.csv ``base``) with parameter 0.

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import asked, expect, hand_names, names, skill_events
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK

TOP7 = ["slash ♠7", "jink ♦2", "peach ♥3", "duel ♠A", "ex_nihilo ♥7", "chitu", "dismantlement ♠3"]


def test_aoshi_looks_at_as_many_cards_as_living_players(invariants):
    """傲世: X = living characters (4 here); one dead seat makes it 3."""
    g = table({"hero": "gaoyinghai"}, [], [], [], phase="start", deck_top=list(TOP7))
    asked(g, 0, C.DK_CONFIRM, SK.SK_GUANXING)
    g.play("confirm")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_GUANXING)
    assert names(g, g.zone_cards(C.Z_LOOK)) == sorted(["Slash ♠7", "Jink ♦2", "Peach ♥3",
                                                       "Duel ♠A"])
    assert skill_events(g, SK.SK_AOSHI) == [(0, SK.SK_AOSHI, -1)]
    invariants(g)
    g2 = table({"hero": "gaoyinghai"}, [], {"alive": False, "hp": 0, "role": "loyalist"}, [],
               phase="start", deck_top=list(TOP7))
    g2.play("confirm")
    assert len(g2.zone_cards(C.Z_LOOK)) == 3


def test_aoshi_at_most_five(invariants):
    """傲世: with 7 living characters he still looks at 5 only; he may put them back in any
    order."""
    seats = [{"hero": "gaoyinghai", "role": "lord"}] + [{"role": r} for r in
             ("rebel", "rebel", "rebel", "loyalist", "loyalist", "renegade")]
    from heroes_env.scenario import build
    g = build(seats, phase="start", deck_top=list(TOP7))
    g.play("confirm")
    looked = g.zone_cards(C.Z_LOOK)
    assert len(looked) == 5
    invariants(g)
    g.play("Ex Nihilo ♥7")                # to the bottom
    g.play("confirm")                     # the rest on top, in this order:
    for lab in ("Duel ♠A", "Peach ♥3", "Slash ♠7"):
        g.play(lab)                       # (the last one, 闪 ♦2, goes by itself)
    # the draw phase draws the first two chosen
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == ["Duel ♠A", "Peach ♥3"]
    assert [g.card_name(c) for c in g.draw_pile()[:3]] == ["Slash ♠7", "Jink ♦2", "Chitu ♥5"]
    assert g.card_name(g.draw_pile()[-1]) == "Ex Nihilo ♥7"
    invariants(g)
