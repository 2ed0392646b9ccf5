"""集智 (黄月英; the standard pack): scenario tests. The skill: "Locked. Each time you use a
trick, Nullification and delayed tricks included, you draw a card."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import DILU as ANCHOR
from helpers import DILU_LABEL as A
from helpers import damage, event_args, expect, hand_names, labels_of, names
from helpers import table4 as table

from heroes_env.engine import constants as C


def test_jizhi_ex_nihilo_draws_three_in_all():
    """集智: after using 无中生有 she draws 1 more: 3 cards in all."""
    g = table({"hero": "huangyueying", "hand": ["ex_nihilo", ANCHOR]},
              deck_top=["peach ♥3", "slash ♠7", "jink ♦2", "duel ♠A"])
    g.play("ex_nihilo")
    assert hand_names(g, 0) == sorted([A, "Peach ♥3", "Slash ♠7", "Jink ♦2"])
    assert labels_of(g, g.draw_pile()[:1]) == ["Duel ♠A"]
    assert len(event_args(g, C.EV_DRAW)) == 3


def test_jizhi_nullification_in_a_chain():
    """集智 after each 无懈可击 she uses, in a chain: she draws a 无懈可击, answers the counter with
    it and draws again (three 无懈可击: the 决斗 is cancelled)."""
    g = table({"hand": ["duel", ANCHOR]}, {"hero": "huangyueying", "hand": ["nullification ♠J"]},
              {"hand": ["slash ♠7"]}, {"hand": ["nullification ♣K"]},
              deck_top=["nullification ♣Q", "jink ♦2"])
    g.play("duel")
    g.play("target player_2")
    expect(g, 1, C.DK_NULLIFY)
    g.play("Nullification ♠J")
    assert hand_names(g, 1) == ["Nullification ♣Q"]
    expect(g, 1, C.DK_NULLIFY)             # next link, from the current player
    g.play("pass")
    expect(g, 3, C.DK_NULLIFY)
    g.play("Nullification ♣K")
    expect(g, 1, C.DK_NULLIFY)
    g.play("Nullification ♣Q")
    assert hand_names(g, 1) == ["Jink ♦2"]
    assert event_args(g, C.EV_NULLIFIED) == [(2, 0, 0)]
    assert damage(g) == []
    expect(g, 0, C.DK_PLAY)


def test_jizhi_draws_even_when_her_trick_is_nullified():
    """集智 rewards using the trick: she draws even though the target nullifies her 决斗."""
    g = table({"hero": "huangyueying", "hand": ["duel", ANCHOR]}, {"hand": ["nullification ♠J"]},
              {}, {}, deck_top=["peach ♥3"])
    g.play("duel")
    g.play("target player_1")
    g.play("Nullification ♠J")
    assert damage(g) == []
    assert hand_names(g, 0) == sorted([A, "Peach ♥3"])


def test_jizhi_after_delayed_tricks():
    """集智 counts delayed tricks too: 乐不思蜀 and 闪电 each draw 1."""
    g = table({"hero": "huangyueying", "hand": ["indulgence ♠6", "lightning ♠A", ANCHOR]},
              deck_top=["peach ♥3", "jink ♦2"])
    g.play("Indulgence ♠6")
    g.play("target player_2")
    assert hand_names(g, 0) == sorted([A, "Lightning ♠A", "Peach ♥3"])
    g.play("Lightning ♠A")
    assert hand_names(g, 0) == sorted([A, "Peach ♥3", "Jink ♦2"])
    assert names(g, g.judgement_zone(2)) == ["Indulgence ♠6"]
    assert names(g, g.judgement_zone(0)) == ["Lightning ♠A"]


def test_jizhi_not_after_basic_or_equipment():
    """集智 is for tricks only: a 杀 or an equipment card draws nothing."""
    g = table({"hero": "huangyueying", "hand": ["slash ♠7", "chitu", ANCHOR]},
              deck_top=["peach ♥3"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Chitu ♥5")
    assert event_args(g, C.EV_DRAW) == []
    assert hand_names(g, 0) == [A]
