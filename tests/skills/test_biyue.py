"""闭月 (貂蝉; the standard pack): scenario tests. The skill: "After your discard phase you may
draw a card."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import DILU as STOP
from helpers import asked, expect, hand_names, index_of
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_biyue_draws_one_after_discard_phase():
    """闭月: after her discard phase she may draw 1 (the 三国杀 standard rules:
    "弃牌阶段结束后")."""
    g = table({"hero": "diaochan", "hp": 1, "hand": ["jink ♦2", "jink ♦3"]}, [STOP],
              phase="discard", deck_top=["peach ♥3"])
    expect(g, 0, C.DK_DISCARD)
    g.play("Jink ♦2")
    asked(g, 0, C.DK_CONFIRM, SK.SK_BIYUE)
    assert g.legal_labels() == ["pass", "confirm"]
    g.play("confirm")
    assert hand_names(g, 0) == ["Jink ♦3", "Peach ♥3"]
    assert index_of(g, lambda e: e[0] == C.EV_DISCARD) < index_of(g, lambda e: e[0] == C.EV_DRAW)
    expect(g, 1, C.DK_PLAY)


def test_biyue_asked_even_with_nothing_to_discard_and_declinable():
    """闭月 comes after every discard phase, even one without discards; it is optional."""
    g = table({"hero": "diaochan", "hand": ["jink ♦2"]}, [STOP], phase="discard",
              deck_top=["peach ♥3"])
    asked(g, 0, C.DK_CONFIRM, SK.SK_BIYUE)
    g.play("pass")
    assert hand_names(g, 0) == ["Jink ♦2"]
    expect(g, 1, C.DK_PLAY)
