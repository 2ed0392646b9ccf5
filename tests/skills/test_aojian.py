"""傲剑 (澹台名; the 英雄杀 pack): scenario tests. The skill: "You may use or play a red card,
from your hand or your equipment, as a Slash." It runs the code of 武圣 (``wusheng``, skills.csv
``base``).

Tables: ``table`` is ``helpers.herokill_table`` (seats with roles by position, on the herokill
deck).
"""

from helpers import HK_HORSE as ANCHOR
from helpers import damage, expect
from helpers import herokill_table as table

from heroes_env.engine import constants as C


def test_tantaiming_aojian_red_hand_or_equipment_as_slash():
    """澹台名 傲剑 (= 武圣): a red hand card or equipped card is a 杀."""
    g = table({"hand": ["duel ♠A", ANCHOR]},
              {"hero": "tantaiming", "hand": ["medicine ♥3"], "equip": ["offensive_horse ♥5"]},
              {}, {})
    g.play("Duel ♠A")
    g.play("target player_1")
    expect(g, 1, C.DK_SLASH)
    assert g.legal_labels() == ["pass", "Medicine ♥3", "Attack Horse ♥5"]
    g.play("Attack Horse ♥5")
    assert damage(g) == [(1, 0, 1)]          # player_0 has no 杀 left
    g = table({}, {"hero": "tantaiming", "hand": ["medicine ♥3", ANCHOR]}, {}, {}, current=1,
              autoplay=False)
    g.play("skill Proud Sword")
    g.play("Medicine ♥3")
    g.play("target player_2")
    assert damage(g) == [(1, 2, 1)]
