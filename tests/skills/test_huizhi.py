"""慧致 (张培培; the classmates pack): scenario tests. The skill: "Locked. Your hand limit is
your max HP. While your hand is smaller than your max HP you cannot be targeted by Snatch or
Dismantlement; while it is larger, not by Indulgence." It runs the code of 控局 (``kongju``,
skills.csv ``base``).

Tables: ``table`` is ``helpers.roles_table`` (seats with roles by position).
"""

from helpers import roles_table as table


def test_huizhi_hand_limit_is_max_hp():
    """慧致 (张培培) = 控局: keeps as many cards as her max HP in the discard phase."""
    hand = ["peach ♥3", "peach ♥4", "jink ♦2", "jink ♦3"]
    g = table({}, {"hero": "zhangpeipei", "hp": 2, "hand": hand}, {}, {}, current=1)
    g.play("pass")
    assert len(g.hand(1)) == 4
