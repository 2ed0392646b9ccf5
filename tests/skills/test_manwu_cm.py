"""曼舞 (付亚琴; the classmates pack): scenario tests. The skill: "At the start of your turn you
may judge: a black card goes to your hand and you may judge again; the first red card ends it."
It runs the code of 洛神 (``luoshen``, skills.csv ``base``).

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import asked, discard_names, expect, hand_names, skill_events
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_manwu_cm_judges_keeps_blacks_until_red(invariants):
    """曼舞 (= 洛神): at her start, judge; a black card goes to her hand and she may go on."""
    g = table({"hero": "fuyaqin"}, phase="start",
              deck_top=["slash ♠7", "peach ♥3", "jink ♦2", ANCHOR])
    asked(g, 0, C.DK_CONFIRM, SK.SK_LUOSHEN)
    g.play("confirm")
    asked(g, 0, C.DK_CONFIRM, SK.SK_LUOSHEN)
    g.play("confirm")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == sorted(["Slash ♠7", "Jink ♦2", ANCHOR_LABEL])
    assert discard_names(g) == ["Peach ♥3"]
    assert skill_events(g, SK.SK_MANWU_CM) == [(0, SK.SK_MANWU_CM, -1)] * 2
    invariants(g)
