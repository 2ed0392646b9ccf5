"""飞贼 (时迁; the 英雄杀 pack): scenario tests. The skill: "Locked. Your tricks have no
distance limit." It runs the code of 奇才 (``qicai``, skills.csv ``base``).

Tables: ``table`` is ``helpers.herokill_table4`` (four seats on the herokill deck, whose cards
have its names).
"""

from helpers import herokill_table4 as table
from helpers import sorted_labels as labels


def test_feizei_real_pickpocket_ignores_distance():
    """飞贼 (= 奇才): his own 探囊取物 has no distance limit either."""
    g = table({"hero": "shiqian", "hand": ["Pickpocket ♦3"]},
              {}, {"hand": ["Dodge ♦3"]}, {}, autoplay=False)
    g.play("Pickpocket ♦3")
    assert labels(g) == ["target player_2"]
