"""Scenario tests for 英雄杀 (pack ``herokill``, seed 003): the 民 lord's 救援, the seed's
clarifications of the 君/臣 lord skills (激将 with 臣 helpers, 护主 with 民 helpers), the heroes
李世民, 勾践, 项羽, 武松, 鲁智深, 慕容, the alias heroes 陈胜, 刘伯温, 岳飞, 杨延昭, 澹台名, and the
herokill draft.

Every test rigs a table with ``heroes_env.scenario.build`` (deck ``herokill``), scripts each
decision by its label and checks one rule. Seats in a 4-player table: 0 lord, 1 rebel, 2 loyalist,
3 renegade unless a test says otherwise; without horses seats 1 and 3 are at distance 1 from seat
0, seat 2 at distance 2. The lord of a 4-player table gets no extra HP.
"""
import numpy as np
import pytest

from heroes_env import Config, Game
from heroes_env.engine import constants as C
from heroes_env.engine import content, invariants
from heroes_env.engine.skills.ids import (SK_BAWANG, SK_DIEHUN, SK_DILI, SK_JIJIANG_HK,
                                          SK_JIUYUAN_HK, SK_TUQIANG, SK_ZUIJIU)
from heroes_env.scenario import build
from helpers import damage, discard_names, event_args, expect, hand_names
from conftest import check_invariants

HK = "herokill"
# a black +1 horse: always usable in the play phase, no skill here converts it; keeps a player in
# its play phase
ANCHOR = "defensive_horse ♣5"
A = "Defence Horse ♣5"
ROLES = ("lord", "rebel", "loyalist", "renegade", "rebel", "rebel", "loyalist", "rebel")


def table(*ds, **kw):
    """build() a table of len(ds) seats on the herokill deck; roles by position."""
    seats = []
    for i, d in enumerate(ds):
        d = dict(d)
        d.setdefault("role", ROLES[i])
        seats.append(d)
    kw.setdefault("deck", HK)
    return build(seats, **kw)


def skill_events(g, sk):
    return [e for e in event_args(g, C.EV_SKILL) if e[1] == sk]


def heals(g):
    return event_args(g, C.EV_HEAL)


# ====================================================================== hero data
def test_new_herokill_heroes_hp_gender_faction_and_skills():
    """HP, gender and faction from herokill_heroes_sources.csv; every hero lists its faction's lord
    skill (君 激将, 民 救援), given only to the lord."""
    want = {"goujian": (29, 3, C.GENDER_MALE, C.KD_JUN, ["yinren", "tuqiang", "jijiang_hk"]),
            "xiangyu": (30, 4, C.GENDER_MALE, C.KD_JUN, ["bawang", "jijiang_hk"]),
            "lishimin": (31, 4, C.GENDER_MALE, C.KD_JUN, ["kongju", "jijiang_hk"]),
            "murong": (33, 4, C.GENDER_FEMALE, C.KD_JUN, ["diehun", "jijiang_hk"]),
            "wusong": (47, 4, C.GENDER_MALE, C.KD_MIN, ["zuijiu", "jiuyuan_hk"]),
            "luzhishen": (56, 4, C.GENDER_MALE, C.KD_MIN, ["dili", "kuangchan", "jiuyuan_hk"])}
    for key, (hid, hp, gender, kd, skills) in want.items():
        h = content.HEROES_BY_KEY[key]
        assert (h.id, h.hp, h.gender, h.kingdom, h.pack, h.lord_offer) == \
            (hid, hp, gender, kd, HK, False), key
        assert [content.SKILLS_BY_ID[s].key for s in h.skills] == skills
    sk = content.SKILLS
    assert (sk["jiuyuan_hk"].id, sk["jiuyuan_hk"].kind, sk["jiuyuan_hk"].family,
            sk["jiuyuan_hk"].param) == (90, "lord", "lord", C.KD_JUN)
    assert (sk["yinren"].base, sk["yinren"].param) == ("keji", 1)
    assert (sk["bawang"].base, sk["bawang"].param) == ("wushuang", 2)
    g = table({"hero": "wusong"}, {"hero": "luzhishen"}, {"hero": "goujian"}, {"hero": "murong"})
    assert g.skills(0) == ["zuijiu", "jiuyuan_hk"] and g.skills(1) == ["dili", "kuangchan"]
    assert g.skills(2) == ["yinren", "tuqiang"] and g.skills(3) == ["diehun"]


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


# ====================================================================== 救援 (民 lord)
def _rescue_table(helper, helper_hand=("medicine ♥3",)):
    """Lord 武松 (1 HP) is hit by player_3's 杀 and is dying; helper (seat 3) holds 药."""
    return table({"hero": "wusong", "hp": 1}, {}, {},
                 {"hero": helper, "hand": ["slash ♠7", *helper_hand, ANCHOR]}, current=3)


def _kill_lord(g):
    g.play("Strike ♠7")
    g.play("target player_0")
    expect(g, 3, C.DK_PEACH)


def test_jiuyuan_hk_jun_medicine_heals_two_while_dying():
    """救援: a 君 character's 药 on the dying 民 lord heals 1 extra: from 0 HP to 2."""
    g = _rescue_table("lishimin")
    _kill_lord(g)
    assert g.hp(0) == 0
    g.play("Medicine ♥3")
    assert g.hp(0) == 2 and g.alive(0)
    assert heals(g) == [(0, 2, 3)]
    assert skill_events(g, SK_JIUYUAN_HK) == [(0, SK_JIUYUAN_HK, 3)]
    expect(g, 3, C.DK_PLAY)


def test_jiuyuan_hk_no_extra_from_a_chen_character_or_from_himself():
    """救援: a 臣 character's 药 heals only 1; so does the lord's own 药 (he is 民)."""
    g = _rescue_table("yuefei")
    _kill_lord(g)
    g.play("Medicine ♥3")
    assert g.hp(0) == 1 and heals(g) == [(0, 1, 3)]
    assert skill_events(g, SK_JIUYUAN_HK) == []
    g = table({"hero": "wusong", "hp": 1, "hand": ["medicine ♥4"]}, {}, {},
              {"hero": "lishimin", "hand": ["slash ♠7", ANCHOR]}, current=3)
    _kill_lord_self(g)
    g.play("Medicine ♥4")
    assert g.hp(0) == 1 and heals(g) == [(0, 1, 0)]


def _kill_lord_self(g):
    g.play("Strike ♠7")
    g.play("target player_0")
    expect(g, 0, C.DK_PEACH)


def test_jiuyuan_hk_only_for_the_lord_and_never_above_max_hp():
    """救援 is a lord skill: a non-lord 武松 gets 1 from a 君's 药. The extra point never goes
    above the lord's max HP."""
    g = table({"hero": "lishimin", "hand": ["medicine ♥3"]}, {"hero": "wusong", "hp": 1},
              {"hand": ["slash ♠7", ANCHOR]}, {}, current=2)
    g.play("Strike ♠7")
    g.play("target player_1")
    expect(g, 0, C.DK_PEACH)
    g.play("Medicine ♥3")
    assert g.hp(1) == 1 and heals(g) == [(1, 1, 0)]
    # max HP cap: lord 武松 with max HP 1 (rigged) healed by a 君 goes to 1, not 2
    g = table({"hero": "wusong", "hp": 1, "max_hp": 1}, {}, {},
              {"hero": "xiangyu", "hand": ["slash ♠7", "medicine ♥3", ANCHOR]}, current=3)
    g.play("Strike ♠7")
    g.play("target player_0")
    expect(g, 3, C.DK_PEACH)
    g.play("Medicine ♥3")
    assert g.hp(0) == 1 and heals(g) == [(0, 1, 3)]


def test_jiuyuan_hk_extra_only_while_dying():
    """救援 only changes 药 used on the dying lord: outside dying, a 君's 药 is his own (and
    heals only himself, by 1)."""
    g = table({"hero": "wusong", "hp": 2}, {}, {},
              {"hero": "lishimin", "hp": 2, "hand": ["medicine ♥3", ANCHOR]}, current=3)
    assert "Medicine ♥3" in g.legal_labels()
    g.play("Medicine ♥3")
    assert g.hp(3) == 3 and g.hp(0) == 2 and heals(g) == [(3, 1, 3)]
    assert skill_events(g, SK_JIUYUAN_HK) == []
