"""归隐 (刘伯温; the 英雄杀 pack): scenario tests. The skill: "Locked. While you have no hand
cards, you cannot be the target of a Slash or a Duel." It runs the code of 空城 (``kongcheng``,
skills.csv ``base``).

Tables: ``table`` is ``helpers.herokill_table`` (seats with roles by position, on the herokill
deck).
"""

from helpers import HK_HORSE as ANCHOR
from helpers import herokill_table as table


def test_liubowen_guiyin_no_slash_or_duel_with_empty_hand():
    """刘伯温 归隐 (= 空城): with no hand card he is no target of 杀 or 决斗."""
    g = table({"hand": ["slash ♠7", "duel ♠A", ANCHOR]}, {"hero": "liubowen"}, {},
              {"hand": ["jink ♦2"]}, autoplay=False)
    g.play("Strike ♠7")
    assert g.legal_labels() == ["target player_3"]
    g = table({"hand": ["duel ♠A", ANCHOR]}, {"hero": "liubowen", "hand": ["jink ♦3"]}, {}, {},
              autoplay=False)
    g.play("Duel ♠A")
    assert "target player_1" in g.legal_labels()
