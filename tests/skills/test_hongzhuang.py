"""红妆 (李师师; the 英雄杀 pack): scenario tests. The skill: "Locked. Your spade cards count as
hearts for your own skills and in your judgements."

Tables: ``table`` is ``helpers.table4_filled`` (four seats; living seats without a hero get
吕蒙).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import damage, expect, judged
from helpers import expect_confirm_by_base as expect_confirm
from helpers import table4_filled as table

from heroes_env.engine import constants as C


def test_hongzhuang_spade_judgement_counts_as_heart(invariants):
    """红妆: her ♠ judgement card counts as ♥: 乐不思蜀 fails and 闪电 (♠2-9) does not strike."""
    g = table({"hero": "lishishi", "judge": ["indulgence ♠6", "lightning ♠A"]}, current=0,
              phase="start", deck_top=["slash ♠7", "slash ♠8", "jink ♦2", "chitu"])
    expect(g, 0, C.DK_PLAY)                    # she plays: the 乐不思蜀 judged ♠8 = ♥
    assert judged(g) == ["Slash ♠7", "Slash ♠8"]
    assert damage(g) == []                     # 闪电 judged ♠7 = ♥7: no strike
    assert g.hp(0) == 3
    g2 = table({"judge": ["indulgence ♠6"]}, current=0, phase="start",
               deck_top=["slash ♠7", "jink ♦2", "chitu"])
    expect(g2, 1, C.DK_PLAY)                   # without 红妆 the ♠ judgement skips the play phase
    invariants(g)


def test_hongzhuang_eight_diagram_and_ganglie_judged_by_her(invariants):
    """红妆 in her other judgements: a ♠ 八卦阵 judgement dodges; a ♠ 刚烈 judgement spares her."""
    g = table({"hero": "lishishi", "equip": ["eight_diagram ♠2"]}, ["slash ♠7", ANCHOR],
              current=1, deck_top=["slash ♠8"])
    g.play("Slash ♠7")
    g.play("target player_0")
    expect(g, 0, C.DK_JINK)
    g.play("Eight Diagram ♠2")
    assert judged(g) == ["Slash ♠8"] and damage(g) == [] and g.hp(0) == 3
    expect(g, 1, C.DK_PLAY)
    g = table({"hero": "xiahoudun"}, {"hero": "lishishi", "hand": ["slash ♠7", ANCHOR, "jink ♦2",
              "jink ♦3"]}, current=1, deck_top=["slash ♠8"])
    g.play("Slash ♠7")
    g.play("target player_0")
    expect_confirm(g, 0, "ganglie")
    g.play("confirm")
    assert judged(g) == ["Slash ♠8"]
    expect(g, 1, C.DK_PLAY)                    # ♠8 counts as ♥8: 刚烈 fails
    assert g.hp(1) == 3 and len(g.hand(1)) == 3
    invariants(g)
