"""极致 (李小亮; the classmates pack): scenario tests. The skill: "Locked. Each time you use a
non-delayed trick, Nullification included, you draw a card." It runs the code of 集智
(``jizhi``, skills.csv ``base``) with parameter 1.

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import events, hand_names
from helpers import table4 as table

from heroes_env.engine import constants as C


def test_jizhi_cm_draws_on_a_non_delayed_trick_before_it_resolves(invariants):
    """极致: using a non-delayed trick he draws 1 at once, before it resolves."""
    g = table({"hero": "lixiaoliang", "hand": ["ex_nihilo ♥7", ANCHOR]},
              deck_top=["peach ♥3", "jink ♦2", "jink ♦3"], autoplay=False)
    g.play("Ex Nihilo ♥7")
    draws = [g.card_name(e[2]) for e in events(g, C.EV_DRAW)]
    assert draws == ["Peach ♥3", "Jink ♦2", "Jink ♦3"]
    invariants(g)


def test_jizhi_cm_not_for_delayed_tricks_nor_basic_cards():
    """极致: 乐不思蜀 / 闪电 (delayed) and basic cards draw nothing (集智 would for the delayed)."""
    g = table({"hero": "lixiaoliang", "hand": ["indulgence ♠6", "lightning ♠A", ANCHOR]},
              deck_top=["peach ♥3"], autoplay=False)
    g.play("Indulgence ♠6")
    g.play("target player_1")
    g.play("Lightning ♠A")
    assert events(g, C.EV_DRAW) == []
    g2 = table({"hero": "huangyueying", "hand": ["lightning ♠A", ANCHOR]}, deck_top=["peach ♥3"],
               autoplay=False)
    g2.play("Lightning ♠A")
    assert len(events(g2, C.EV_DRAW)) == 1


def test_jizhi_cm_draws_for_a_nullification():
    """极致: 无懈可击 is a non-delayed trick: he draws for it."""
    g = table({"hand": ["dismantlement ♠3", ANCHOR]},
              {"hero": "lixiaoliang", "hand": ["nullification ♠J", "jink ♦2"]},
              deck_top=["peach ♥3"], autoplay=False)
    g.play("Dismantlement ♠3")
    g.play("target player_1")
    g.play("Nullification ♠J")
    assert hand_names(g, 1) == ["Jink ♦2", "Peach ♥3"]
