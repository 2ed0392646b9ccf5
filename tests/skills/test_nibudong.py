"""你不懂 (高映海; the classmates pack): scenario tests. The skill: "Locked. While you have no
hand cards, you cannot be the target of a Slash or a Duel." It runs the code of 空城
(``kongcheng``, skills.csv ``base``).

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import table4 as table


def test_nibudong_empty_hand_no_slash_or_duel_target():
    """你不懂: with no hand cards he cannot be chosen for 杀 or 决斗; with one he can."""
    g = table({"hand": ["slash ♠7", "duel", ANCHOR]}, {"hero": "gaoyinghai"}, [], [],
              autoplay=False)
    g.play("Slash ♠7")
    assert g.legal_labels() == ["target player_3"]
    g2 = table({"hand": ["slash ♠7", "duel"]}, {"hero": "gaoyinghai", "hand": ["jink ♦2"]},
               autoplay=False)
    g2.play("Duel ♠A")
    assert "target player_1" in g2.legal_labels()
