"""武穆 (岳飞; the 英雄杀 pack): scenario tests. The skill: "You may use or play a Slash from
your hand as a Jink, and a Jink as a Slash." It runs the code of 龙胆 (``longdan``, skills.csv
``base``).

Tables: ``table`` is ``helpers.herokill_table`` (seats with roles by position, on the herokill
deck).
"""

from helpers import HK_HORSE as ANCHOR
from helpers import damage
from helpers import herokill_table as table


def test_yuefei_wumu_slash_and_jink_swap():
    """岳飞 武穆 (= 龙胆): a 杀 answers as a 闪; in the play phase a 闪 is used as a 杀."""
    g = table({"hand": ["slash ♠7", ANCHOR]}, {"hero": "yuefei", "hand": ["slash ♠8", "jink ♦2"]},
              {}, {})
    g.play("Strike ♠7")
    g.play("target player_1")
    assert g.legal_labels() == ["pass", "Strike ♠8", "Dodge ♦2"]
    g.play("Strike ♠8")
    assert damage(g) == []
    g = table({}, {"hero": "yuefei", "hand": ["jink ♦2", ANCHOR]}, {}, {}, current=1,
              autoplay=False)
    g.play("skill Martial Loyalty")
    assert g.legal_labels() == ["Dodge ♦2"]
    g.play("Dodge ♦2")
    g.play("target player_2")
    assert damage(g) == [(1, 2, 1)]
