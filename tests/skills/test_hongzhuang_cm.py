"""红妆 (李小亮; the classmates pack): scenario tests. The skill: "Locked. Your tricks have no
distance limit." It runs the code of 奇才 (``qicai``, skills.csv ``base``).

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import table4 as table


def test_hongzhuang_cm_snatch_at_any_distance():
    """红妆 (= 奇才): his tricks have no distance limit (顺手牵羊 on seat 2, at distance 2)."""
    g = table({"hero": "lixiaoliang", "hand": ["snatch ♠3", ANCHOR]}, [], ["jink ♦2"], [],
              autoplay=False)
    g.play("Snatch ♠3")
    assert g.legal_labels() == ["target player_2"]
