"""骑射 (成吉思汗; the 英雄杀 pack): scenario tests. The skill: "Locked. Your distance to others
is reduced by 1 (stacking with a -1 horse), and you may equip both horses." It runs the code of
马术 (``mashu``, skills.csv ``base``) with parameter 1.

Tables: ``table`` is ``helpers.table4_filled`` (four seats; living seats without a hero get
吕蒙).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import table4_filled as table

from heroes_env.engine.rules import seat_distance


def test_qishe_is_a_minus_one_horse_only():
    g = table({"hero": "chengjisihan", "hand": [ANCHOR, "chitu"]}, {}, {}, {})
    assert seat_distance(g.s, 0, 2) == 1       # 2 - 1
    assert seat_distance(g.s, 2, 0) == 2       # no +1 for the others
    g.play(ANCHOR_LABEL)
    g.play("Chitu ♥5")
    assert sorted(g.equipment(0)) == [35, 53]  # both horses: no one-horse limit
    g = table({"hero": "machao"}, {}, {}, {})
    assert seat_distance(g.s, 2, 0) == 3       # 马术 keeps its +1
