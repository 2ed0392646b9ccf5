"""天狼 (杨延昭; the 英雄杀 pack): scenario tests. The skill: "Locked. In your play phase you
may use any number of Slashes." It runs the code of 飞将 (``feijiang``, skills.csv ``base``).

Tables: ``table`` is ``helpers.herokill_table`` (seats with roles by position, on the herokill
deck).
"""

from helpers import HK_HORSE as ANCHOR
from helpers import damage
from helpers import herokill_table as table


def test_yangyanzhao_tianlang_any_number_of_slashes():
    """杨延昭 天狼 (= 飞将/咆哮): no limit of one 杀 per play phase."""
    g = table({}, {"hero": "yangyanzhao", "hand": ["slash ♠7", "slash ♠8", "slash ♠9", ANCHOR]},
              {}, {}, current=1)
    for lab in ("Strike ♠7", "Strike ♠8", "Strike ♠9"):
        g.play(lab)
        g.play("target player_2")
    assert damage(g) == [(1, 2, 1)] * 3
