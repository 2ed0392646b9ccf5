"""洛神 (甄姬; the standard pack): scenario tests. The skill: "At the start of your turn you may
judge: a black card goes to your hand and you may judge again; the first red card ends it."

Tables: ``table`` is ``helpers.table4_filled`` (four seats; living seats without a hero get
吕蒙).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import discard_names, expect, expect_confirm, hand_names, judged
from helpers import skill_events_by_key as skill_events
from helpers import table4_filled as table

from heroes_env.engine import constants as C


def test_luoshen_two_blacks_then_a_red(invariants):
    """洛神: judge; black → the card goes to her hand and she may judge again; red ends it and
    is discarded. Then she draws as usual."""
    g = table({"hero": "zhenji"}, current=0, phase="start",
              deck_top=["slash ♠7", "slash ♣2", "peach ♥3", "jink ♦2", ANCHOR])
    expect_confirm(g, 0, "luoshen")
    g.play("confirm")
    assert hand_names(g, 0) == ["Slash ♠7"]
    expect_confirm(g, 0, "luoshen")
    g.play("confirm")
    assert hand_names(g, 0) == ["Slash ♠7", "Slash ♣2"]
    expect_confirm(g, 0, "luoshen")
    g.play("confirm")
    expect(g, 0, C.DK_PLAY)
    assert judged(g) == ["Slash ♠7", "Slash ♣2", "Peach ♥3"]
    assert discard_names(g) == ["Peach ♥3"]
    assert hand_names(g, 0) == sorted(["Slash ♠7", "Slash ♣2", "Jink ♦2", ANCHOR_LABEL])
    assert len(skill_events(g, "luoshen")) == 3
    invariants(g)


def test_luoshen_is_optional(invariants):
    """洛神 declined: no judgement, the normal draw."""
    g = table({"hero": "zhenji"}, current=0, phase="start", deck_top=["slash ♠7", ANCHOR])
    expect_confirm(g, 0, "luoshen")
    g.play("pass")
    expect(g, 0, C.DK_PLAY)
    assert judged(g) == []
    assert hand_names(g, 0) == sorted(["Slash ♠7", ANCHOR_LABEL])
    invariants(g)


def test_luoshen_may_stop_after_a_black(invariants):
    """洛神: after a black she may stop; the next card is drawn normally."""
    g = table({"hero": "zhenji"}, current=0, phase="start",
              deck_top=["slash ♠7", "slash ♣2", ANCHOR])
    g.play("confirm")
    expect_confirm(g, 0, "luoshen")
    g.play("pass")
    expect(g, 0, C.DK_PLAY)
    assert judged(g) == ["Slash ♠7"]
    assert hand_names(g, 0) == sorted(["Slash ♠7", "Slash ♣2", ANCHOR_LABEL])
    invariants(g)
