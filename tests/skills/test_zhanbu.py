"""占卜 (刘伯温; the 英雄杀 pack): scenario tests. The skill: "At the start of your turn you may
look at the top five cards of the deck, put any of them at the bottom one by one and the rest
back on top in any order." It runs the code of 观星 (``guanxing``, skills.csv ``base``) with
parameter 5.

Tables: ``table`` is ``helpers.herokill_table`` (seats with roles by position, on the herokill
deck).
"""

import numpy as np
from helpers import expect, hand_names
from helpers import herokill_table as table

from heroes_env.engine import constants as C
from heroes_env.engine import content
from heroes_env.engine.skills import registry


def test_liubowen_zhanbu_looks_at_five():
    """刘伯温 占卜 (= 观星 with 5): five cards, some to the bottom, the rest on top in his order."""
    top = ["slash ♠7", "slash ♠8", "slash ♠9", "jink ♦2", "jink ♦3", "medicine ♥3"]
    g = table({}, {"hero": "liubowen"}, {}, {}, current=1, phase="start", deck_top=top)
    expect(g, 1, C.DK_CONFIRM)
    g.play("confirm")
    expect(g, 1, C.DK_SKILL_CARD)
    assert g.legal_labels() == ["confirm", "Strike ♠7", "Strike ♠8", "Strike ♠9", "Dodge ♦2",
                                "Dodge ♦3"]
    g.play("Strike ♠7")                      # to the bottom
    g.play("confirm")
    for lab in ("Dodge ♦3", "Dodge ♦2", "Strike ♠9"):
        g.play(lab)
    # the last card goes on top by itself; then he draws the first two, player_2 the next two
    assert hand_names(g, 1) == ["Dodge ♦2", "Dodge ♦3"]
    assert hand_names(g, 2) == ["Strike ♠8", "Strike ♠9"]
    pile = [g.card_name(c) for c in g.draw_pile()]
    assert pile[0] == "Medicine ♥3" and pile[-1] == "Strike ♠7"


def test_liubowen_zhanbu_five_on_top_stay_in_its_frame():
    """占卜 with all five cards back on top: they go on in the order he chose them, and choosing
    the fifth writes nothing past his skill's frame (the frame record above the top of the stack
    is unchanged by that step, run alone, as it resumes his skill's frame)."""
    top = ["slash ♠7", "slash ♠8", "slash ♠9", "jink ♦2", "jink ♦3", "medicine ♥3"]
    g = table({}, {"hero": "liubowen"}, {}, {}, current=1, phase="start", deck_top=top,
              autoplay=False)
    g.play("confirm")                        # he uses it
    g.play("confirm")                        # none to the bottom
    order = ["Dodge ♦3", "Strike ♠9", "Dodge ♦2", "Strike ♠7"]
    for lab in order:
        g.play(lab)
    assert g.legal_labels() == ["Strike ♠8"]
    s = g.s
    o = C.FRAME_BASE + (int(s[C.H_FP]) - 1) * C.FRAME_SIZE
    assert s[o + C.F_KIND] == C.FR_SKILL and s[o + C.F_AS] == content.SKILLS["guanxing"].id
    above = s[o + C.FRAME_SIZE:o + 2 * C.FRAME_SIZE].copy()
    (last,) = g.legal_actions()
    s[C.H_ANSWER] = last
    registry.run_skill(s, o)
    assert np.array_equal(s[o + C.FRAME_SIZE:o + 2 * C.FRAME_SIZE], above)
    pile = [g.card_name(c) for c in g.draw_pile()]
    assert pile[:5] == order + ["Strike ♠8"] and pile[5] == "Medicine ♥3"
