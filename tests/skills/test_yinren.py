"""隐忍 (勾践; the 英雄杀 pack): scenario tests. The skill: "Locked. If you used no Slash in
your play phase, you skip your discard phase." It runs the code of 克己 (``keji``, skills.csv
``base``) with parameter 1.

Tables: ``table`` is ``helpers.herokill_table`` (seats with roles by position, on the herokill
deck).
"""

from helpers import HK_HORSE as ANCHOR
from helpers import damage, expect
from helpers import herokill_table as table

from heroes_env.engine import constants as C


def test_yinren_played_slash_in_a_duel_does_not_count():
    """隐忍: only a 杀 he *used* on others in his play phase counts. 勾践 who only played a 杀
    answering his own 决斗 skips the discard phase (克己 of 吕蒙 would not)."""
    hand = ["duel ♠A", "slash ♠7", ANCHOR, "jink ♦2", "jink ♦3", "jink ♦4"]
    for hero, skips in (("goujian", True), ("lvmeng", False)):
        g = table({}, {"hero": hero, "hp": 3, "max_hp": 3, "hand": hand},
                  {"hand": ["slash ♠8"]}, {}, current=1)
        g.play("Duel ♠A")
        g.play("target player_2")
        g.play("Strike ♠8")
        expect(g, 1, C.DK_SLASH)
        g.play("Strike ♠7")
        assert damage(g) == [(1, 2, 1)]
        expect(g, 1, C.DK_PLAY)
        g.play("pass")
        if skips:
            assert len(g.hand(1)) == 4 and g.current == 2, hero
        else:
            expect(g, 1, C.DK_DISCARD)


def test_yinren_used_slash_counts():
    """隐忍: a 杀 used on another player in his play phase: the discard phase comes as usual."""
    g = table({}, {"hero": "goujian", "hand": ["slash ♠7", ANCHOR, "jink ♦2", "jink ♦3",
                                                "jink ♦4"]}, {}, {}, current=1)
    g.play("Strike ♠7")
    g.play("target player_2")
    g.play("pass")
    expect(g, 1, C.DK_DISCARD)
    g = table({}, {"hero": "goujian", "hand": [ANCHOR, "jink ♦2", "jink ♦3", "jink ♦4", "jink ♦5"]},
              {}, {}, current=1)
    g.play("pass")
    assert len(g.hand(1)) == 5 and g.current == 2
