"""易装 (花木兰; the 英雄杀 pack): scenario tests. The skill: "In your play phase you may
discard two hand cards and choose a dead male hero: you lose all your skills, gain his, and your
max HP becomes his hero's."

Tables: ``hk`` is ``helpers.table4_neutral`` (four seats; a neutral hero on every seat that
names none).
"""

import pytest
from helpers import ZHUAHUANG as ANCHOR
from helpers import asked, discard_names, expect, mark, seen_marks, skill_events
from helpers import table4_neutral as hk

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_yizhuang_not_offered_without_dead_male_hero():
    """易装 needs a dead male hero of this game (a dead female does not count) and two hand
    cards."""
    g = hk({"hero": "zhangfei", "role": "lord"}, {},
           {"hero": "huamulan", "hand": ["jink ♦2", ANCHOR]},
           {"hero": "diaochan", "alive": False}, current=2, autoplay=False)
    expect(g, 2, C.DK_PLAY)
    assert "skill Disguise" not in g.legal_labels()
    g = hk({}, {}, {"hero": "huamulan", "hand": [ANCHOR]}, {"hero": "zhouyu", "alive": False},
           current=2, autoplay=False)
    assert "skill Disguise" not in g.legal_labels()          # one hand card only


def test_yizhuang_takes_dead_male_skills_and_max_hp(invariants):
    """易装: discard two hand cards, choose a dead male hero: she loses all her skills (迷离, 易装,
    护主) and gets his; max HP his; his once-per-phase skills usable at once."""
    g = hk({}, {},
           {"hero": "huamulan", "hp": 2, "hand": ["jink ♦2", "slash ♠7", ANCHOR, "peach ♥3"]},
           {"hero": "lvbu", "alive": False}, current=2, autoplay=False)
    assert g.skills(2) == ["mili", "yizhuang"]
    g.play("skill Disguise")
    asked(g, 2, C.DK_SKILL_CARD, SK.SK_YIZHUANG)
    assert len(g.legal_labels()) == 4
    g.play("Jink ♦2")
    g.play("Slash ♠7")
    asked(g, 2, C.DK_SKILL_TARGET, SK.SK_YIZHUANG)
    assert g.legal_labels() == ["target player_3"]
    g.play("target player_3")
    assert discard_names(g) == ["Jink ♦2", "Slash ♠7"]
    assert g.skills(2) == ["wushuang"]
    assert (g.hp(2), g.max_hp(2)) == (2, 4)
    assert mark(g, 2) == C.MK_YIZHUANG
    assert seen_marks(g, 0, 2)[4] == 1.0
    assert g.hero(2).key == "huamulan"
    assert skill_events(g, SK.SK_YIZHUANG) == [(2, SK.SK_YIZHUANG, 3)]
    expect(g, 2, C.DK_PLAY)
    assert "skill Disguise" not in g.legal_labels()
    invariants(g)


def test_yizhuang_hp_above_new_max_is_cut_and_new_skill_usable_same_phase():
    """易装: HP above the new max is cut to it; a taken once-per-phase skill (反间) counts as unused
    in this phase."""
    g = hk({}, {}, {"hero": "huamulan", "max_hp": 5, "hp": 5,
                    "hand": ["jink ♦2", "slash ♠7", "peach ♥3"]},
           {"hero": "zhouyu", "alive": False}, current=2)
    g.play("skill Disguise")
    g.play("Jink ♦2")
    g.play("Slash ♠7")                        # the dead 周瑜 is chosen automatically
    assert g.skills(2) == ["yingzi", "fanjian"]
    assert (g.hp(2), g.max_hp(2)) == (3, 3)
    assert "skill Sow Dissension" in g.legal_labels()
    g.play("skill Sow Dissension")
    asked(g, 2, C.DK_SKILL_TARGET, SK.SK_FANJIAN)


@pytest.mark.parametrize("lord", [True, False])
def test_yizhuang_lord_skills_only_as_lord(lord):
    """易装: his lord skills only if she is the lord (then her max HP is his +1 with five or more
    players)."""
    seats = [{"hero": "zhangfei"}, {"hero": "zhangfei"}, {"hero": "xuchu"},
             {"hero": "xuchu"}, {"hero": "caocao", "alive": False, "role": "rebel"}]
    me = 0 if lord else 2
    roles = ["lord", "rebel", "loyalist", "renegade", "rebel"]
    for i, d in enumerate(seats):
        d["role"] = roles[i]
    seats[me] = {"hero": "huamulan", "role": roles[me], "hand": ["jink ♦2", "slash ♠7", ANCHOR]}
    from heroes_env.scenario import build
    g = build(seats, current=me, distinct_heroes=False)
    assert g.max_hp(me) == (4 if lord else 3)
    g.play("skill Disguise")
    g.play("Jink ♦2")
    g.play("Slash ♠7")
    assert g.skills(me) == (["jianxiong", "hujia"] if lord else ["jianxiong"])
    assert g.max_hp(me) == (5 if lord else 4)
