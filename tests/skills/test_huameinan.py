"""花美男 (王晓平; the classmates pack): scenario tests. The skill: "Locked. You cannot be the
target of a Snatch or an Indulgence." It runs the code of 谦逊 (``qianxun``, skills.csv
``base``).

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import table4 as table


def test_huameinan_no_snatch_or_indulgence_target():
    """花美男: he cannot be chosen for 顺手牵羊 or 乐不思蜀 (but for 过河拆桥)."""
    g = table({"hand": ["snatch ♠3", "indulgence ♠6", "dismantlement ♠4", ANCHOR]},
              {"hero": "wangxiaoping", "hand": ["jink ♦2"]}, [], ["peach ♥3"], autoplay=False)
    g.play("Snatch ♠3")
    assert g.legal_labels() == ["target player_3"]
    g2 = table({"hand": ["indulgence ♠6", ANCHOR]}, {"hero": "wangxiaoping"}, autoplay=False)
    g2.play("Indulgence ♠6")
    assert "target player_1" not in g2.legal_labels()
    g3 = table({"hand": ["dismantlement ♠4", ANCHOR]},
               {"hero": "wangxiaoping", "hand": ["jink ♦2"]},
               autoplay=False)
    g3.play("Dismantlement ♠4")
    assert g3.legal_labels() == ["target player_1"]
