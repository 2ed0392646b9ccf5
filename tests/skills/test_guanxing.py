"""观星 (诸葛亮; the standard pack): scenario tests. The skill: "At the start of your turn you
may look at the top three cards of the deck, put any of them at the bottom one by one and the
rest back on top in any order."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

import numpy as np
from helpers import DILU as ANCHOR
from helpers import DILU_LABEL as A
from helpers import event_args, expect, hand_names, labels_of, names
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills.ids import SK_GUANXING

GX_TOP = ["peach ♥3", "slash ♠7", "jink ♦2", "ex_nihilo ♥7", "duel ♠A", "chitu"]

def guanxing_table(**kw):
    return table({"hero": "zhugeliang", "hand": [ANCHOR]}, {}, {}, {}, phase="start",
                 deck_top=GX_TOP, **kw)


def test_guanxing_asked_at_start_and_can_be_declined():
    """观星 is optional: asked at his start phase; declined, the draw phase draws the top two."""
    g = guanxing_table()
    expect(g, 0, C.DK_CONFIRM)
    assert g.s[C.H_DSKILL] == SK_GUANXING
    assert g.legal_labels() == ["pass", "confirm"]
    g.play("pass")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == sorted([A, "Peach ♥3", "Slash ♠7"])
    assert labels_of(g, g.draw_pile()[:2]) == ["Jink ♦2", "Ex Nihilo ♥7"]


def test_guanxing_looks_at_top_three_privately():
    """观星: he sees the top 3 (in his observation only); stage 0 offers each card or "confirm"."""
    g = guanxing_table()
    g.play("confirm")
    expect(g, 0, C.DK_SKILL_CARD)
    looked = sorted(g.zone_cards(C.Z_LOOK))
    assert names(g, looked) == sorted(["Peach ♥3", "Slash ♠7", "Jink ♦2"])
    assert g.legal_labels() == ["confirm", "Slash ♠7", "Peach ♥3", "Jink ♦2"]
    mine = g.observe(0)[C.OBS_LOOK:C.OBS_LOOK + C.MAX_CARDS]
    assert np.flatnonzero(mine).tolist() == looked
    for other in (1, 2, 3):
        assert not g.observe(other)[C.OBS_LOOK:C.OBS_LOOK + C.MAX_CARDS].any()


def test_guanxing_all_to_the_bottom():
    """观星: all three to the bottom (each pick under the others); he draws the 4th and 5th."""
    g = guanxing_table()
    g.play("confirm")
    g.play("Jink ♦2")
    assert g.legal_labels() == ["confirm", "Slash ♠7", "Peach ♥3"]
    g.play("Peach ♥3")
    g.play("Slash ♠7")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == sorted([A, "Ex Nihilo ♥7", "Duel ♠A"])
    assert labels_of(g, g.draw_pile()[:1]) == ["Chitu ♥5"]
    assert labels_of(g, g.draw_pile()[-3:]) == ["Jink ♦2", "Peach ♥3", "Slash ♠7"]
    assert g.zone_cards(C.Z_LOOK) == []


def test_guanxing_all_on_top_in_chosen_order():
    """观星: all three back on top in the chosen order (first pick = top); he draws the first two
    picks and the third stays on top."""
    g = guanxing_table()
    g.play("confirm")
    g.play("confirm")                      # nothing to the bottom
    expect(g, 0, C.DK_SKILL_CARD)
    assert g.legal_labels() == ["Slash ♠7", "Peach ♥3", "Jink ♦2"]     # no "confirm" now
    g.play("Jink ♦2")
    g.play("Slash ♠7")                     # the last one (Peach) goes third by itself
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == sorted([A, "Jink ♦2", "Slash ♠7"])
    assert labels_of(g, g.draw_pile()[:2]) == ["Peach ♥3", "Ex Nihilo ♥7"]


def test_guanxing_split_top_and_bottom():
    """观星: one card to the bottom, the other two on top in a chosen order."""
    g = guanxing_table()
    g.play("confirm")
    g.play("Peach ♥3")
    g.play("confirm")
    assert g.legal_labels() == ["Slash ♠7", "Jink ♦2"]
    g.play("Jink ♦2")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == sorted([A, "Jink ♦2", "Slash ♠7"])
    assert labels_of(g, g.draw_pile()[:1]) == ["Ex Nihilo ♥7"]
    assert labels_of(g, g.draw_pile()[-1:]) == ["Peach ♥3"]


def test_guanxing_before_the_judge_phase():
    """观星 comes at the start of the turn, before the judgement: the card he puts on top is the
    judgement of his 乐不思蜀 (a ♥: no effect), then he draws the next two."""
    g = table({"hero": "zhugeliang", "hand": [ANCHOR], "judge": ["indulgence ♠6"]}, {}, {}, {},
              phase="start", deck_top=GX_TOP)
    g.play("confirm")
    g.play("confirm")
    g.play("Peach ♥3")
    g.play("Jink ♦2")
    assert event_args(g, C.EV_JUDGE)[0][:2] == (0, 32)
    expect(g, 0, C.DK_PLAY)                # the play phase was not skipped
    assert hand_names(g, 0) == sorted([A, "Jink ♦2", "Slash ♠7"])
