"""奇才 (黄月英; the standard pack): scenario tests. The skill: "Locked. Your tricks have no
distance limit."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import DILU as ANCHOR
from helpers import DILU_LABEL as A
from helpers import hand_names
from helpers import table4 as table


def test_qicai_snatch_at_any_distance():
    """奇才: her 顺手牵羊 ignores distance (player_2 at 2, a +1 horse at 2); 集智 draws after it."""
    g = table({"hero": "huangyueying", "hand": ["snatch", ANCHOR]},
              {"equip": ["jueying"]}, {"hand": ["jink ♦3"]}, {"hand": ["jink ♦4"]},
              deck_top=["peach ♥3"])
    g.play("snatch")
    assert g.legal_labels() == ["target player_1", "target player_2", "target player_3"]
    g.play("target player_2")              # its only card, a hand card, is taken
    assert hand_names(g, 0) == sorted([A, "Jink ♦3", "Peach ♥3"])
    assert g.hand(2) == []


def test_snatch_distance_limit_without_qicai():
    """Control: without 奇才 (another 蜀 hero) 顺手牵羊 reaches only distance 1."""
    g = table({"hero": "zhaoyun", "hand": ["snatch", ANCHOR]},
              {"hand": ["jink ♦5"]}, {"hand": ["jink ♦3"]}, {"hand": ["jink ♦4"]})
    g.play("snatch")
    assert g.legal_labels() == ["target player_1", "target player_3"]
