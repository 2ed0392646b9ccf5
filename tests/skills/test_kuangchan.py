"""狂禅 (鲁智深; the 英雄杀 pack): scenario tests. The skill: "Locked. As the lord you do not
get the extra max HP."

Tables: ``table`` is ``helpers.herokill_table`` (seats with roles by position, on the herokill
deck).
"""

from helpers import herokill_table as table

from heroes_env import Config, Game

HK = "herokill"


def test_kuangchan_lord_gets_no_hp_bonus_with_five_players():
    """狂禅: as lord of a 5-player game 鲁智深 keeps 4 max HP; 武松 as lord gets the usual +1."""
    g = table({"hero": "luzhishen"}, {}, {}, {}, {})
    assert (g.hp(0), g.max_hp(0)) == (4, 4)
    assert g.skills(0) == ["dili", "kuangchan", "jiuyuan_hk"]
    g = table({"hero": "wusong"}, {"hero": "luzhishen"}, {}, {}, {})
    assert (g.hp(0), g.max_hp(0)) == (5, 5) and g.max_hp(1) == 4
    g = Game.new(Config(num_players=5, pack=HK, hero_selection=[
        "luzhishen", "wusong", "xiangyu", "goujian", "murong"]), seed=1)
    assert g.max_hp(0) == 4 and g.max_hp(3) == 3
