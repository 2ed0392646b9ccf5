"""轻影 (赵飞燕; the 英雄杀 pack): scenario tests. The skill: "You may use or play a black hand
card as a Jink." It runs the code of 倾国 (``qingguo``, skills.csv ``base``).

Tables: ``table`` is ``helpers.herokill_table4`` (four seats on the herokill deck, whose cards
have its names).
"""

from helpers import HK_HEART_HORSE as ANCHOR
from helpers import damage, expect, hand_names
from helpers import herokill_table4 as table
from helpers import sorted_labels as labels

from heroes_env.engine import constants as C


def test_qingying_black_hand_card_as_dodge_used_and_played():
    """轻影 (= 倾国): a black hand card (not equipment, not red) is used as 闪 against 杀 and played
    as 闪 against 万箭齐发."""
    g = table({"hand": ["Strike ♠7", "Arrow Barrage ♥A", ANCHOR]},
              {"hero": "zhaofeiyan", "hand": ["Strike ♠8", "Strike ♣9", "Medicine ♥3"],
               "equip": ["Tiger Tally ♣A"]}, {}, {}, autoplay=False)
    g.play("Strike ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    assert labels(g) == ["Strike ♠8", "Strike ♣9", "pass"]
    g.play("Strike ♠8")
    assert damage(g) == []
    g.play("Arrow Barrage ♥A")
    expect(g, 1, C.DK_JINK)
    assert labels(g) == ["Strike ♣9", "pass"]
    g.play("Strike ♣9")
    assert damage(g) == [(0, 2, 1), (0, 3, 1)]
    assert hand_names(g, 1) == ["Medicine ♥3"]
