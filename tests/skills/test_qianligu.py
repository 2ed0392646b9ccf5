"""潜力股 (米强; the classmates pack): scenario tests. The skill: "Locked. If you neither used
nor played a Slash in your play phase, you skip your discard phase." It runs the code of 克己
(``keji``, skills.csv ``base``).

Tables: ``table`` is ``helpers.roles_table`` (seats with roles by position).
"""

from helpers import roles_table as table


def test_qianligu_skips_discard_without_a_slash():
    """潜力股 (米强) = 克己: no 杀 used or played in his play phase → no discard phase."""
    hand = ["peach ♥3", "peach ♥4", "jink ♦2", "jink ♦3", "jink ♦4"]
    g = table({}, {"hero": "miqiang", "hp": 2, "hand": hand}, {}, {}, current=1)
    g.play("pass")
    assert len(g.hand(1)) == 5
