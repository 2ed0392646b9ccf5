"""The standard pack's heroes as data: HP, skills and lord skills of the 魏 and 蜀 heroes (the
三国杀 standard rules). Each skill's scenario tests are in ``tests/skills/test_<key>.py``.
"""

from helpers import table4_filled as table


def test_wei_heroes_hp_and_skills(invariants):
    """HP and skills of the seven 魏 heroes (as the established engines give them); lord skills
    only for the lord."""
    g = table({"hero": "caocao"}, {"hero": "simayi"}, {"hero": "guojia"}, {"hero": "zhenji"})
    assert [g.hp(i) for i in range(4)] == [4, 3, 3, 3]
    assert g.skills(0) == ["jianxiong", "hujia"]
    assert g.skills(1) == ["fankui", "guicai"]
    assert g.skills(2) == ["tiandu", "yiji"]
    assert g.skills(3) == ["qingguo", "luoshen"]
    g = table({"hero": "xuchu"}, {"hero": "caocao"}, {"hero": "xiahoudun"}, {"hero": "zhangliao"})
    assert [g.hp(i) for i in range(4)] == [4, 4, 4, 4]        # 4 players: no lord bonus
    assert g.skills(1) == ["jianxiong"]                       # a non-lord 曹操 has no 护驾
    assert g.skills(0) == ["luoyi"] and g.skills(2) == ["ganglie"] and g.skills(3) == ["tuxi"]
    invariants(g)


def test_shu_heroes_hp_and_skills():
    """The 三国杀 standard rules: HP from the hero card; the 4-player lord gets no +1; 激将 only
    for the lord;
    马超 has only 马术 in the seed; 黄月英 3 HP."""
    g = table({"hero": "liubei"}, {"hero": "zhugeliang"},
              {"hero": "machao"}, {"hero": "huangyueying"})
    assert g.skills(0) == ["rende", "jijiang"]
    assert g.skills(1) == ["guanxing", "kongcheng"]
    assert g.skills(2) == ["mashu"]
    assert g.skills(3) == ["jizhi", "qicai"]
    assert [g.hp(i) for i in range(4)] == [4, 3, 4, 3]
    assert [g.max_hp(i) for i in range(4)] == [4, 3, 4, 3]
