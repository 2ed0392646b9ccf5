"""Classmates heroes whose skills run 英雄杀 or standard code (the classmates pack rules' tables;
DECISIONS §4 "same
mechanics across packs are one implementation with parameters").

Two kinds of test:
- **Twins**: a classmates hero and a hero of another pack with the same HP, gender and mechanics
  play the same random game (same seed, same line-up otherwise, same action choices); every
  decision, mask and outcome must agree. The lord is 吕布 (no lord skill), so kingdoms matter to no
  rule in these games.
- **Scenarios** for the heroes with no twin, each rigged and scripted like the other skill tests.
"""
import numpy as np
import pytest
from helpers import damage, event_args, expect, hand_names

from heroes_env import Config, Game
from heroes_env.engine import constants as C
from heroes_env.engine import content
from heroes_env.engine.rules import seat_distance
from heroes_env.engine.skills import ids as SK
from heroes_env.scenario import build

ROLES = ("lord", "rebel", "loyalist", "renegade", "rebel")
ANCHOR = "dilu"           # a black +1 horse: always usable, no skill here converts it


def table(*ds, **kw):
    seats = []
    for i, d in enumerate(ds):
        d = dict(d)
        d.setdefault("role", ROLES[i])
        seats.append(d)
    return build(seats, **kw)


def own_skill_uses(g, sk):
    return [e for e in event_args(g, C.EV_SKILL) if e[1] == sk]


# ---------------------------------------------------------------- twins
TWINS = [("lvlongsheng", "luzhishen"),      # 大表哥 = 底力
         ("xuwen", "xiangyu"),              # 威武 = 霸王 (无双 with two 杀 in 决斗)
         ("zhongbaolin", "songjiang"),      # 神般存在 = 疏财 (仁德, one heal a phase)
         ("heyifei", "lishishi"),           # 绝版 = 曼舞, 天香 = 红妆
         ("zhangruiming", "bianque"),       # 恋空 = 回春, 佛心 = 疗伤
         ("guli", "murong"),                # 西域 = 蝶魂
         ("wanglijun", "wuzetian")]         # 烂漫 = 迁都, 倔强 = 女权


def _play(line_up, seed, steps=4000):
    """A random game on a fixed line-up; returns its trace (decider, kind, mask, action)."""
    g = Game.new(Config(num_players=5, pack="classmates", hero_selection=line_up), seed=seed)
    rng = np.random.default_rng(seed)
    trace = []
    for _ in range(steps):
        if g.done:
            break
        legal = g.legal_actions()
        a = int(rng.choice(legal))
        trace.append((g.decider, g.decision_kind, tuple(legal), a))
        g.step(a)
    hp = [g.hp(i) for i in range(5)]
    return trace, (g.done, g.result, hp)


def mechanics(h):
    """(base id, parameter) of a hero's skills outside the lord's seat (lord skills and 狂禅, which
    acts only for a lord, left out)."""
    return [(int(content.SKILL_BASE[s]), int(content.SKILL_PARAM[s])) for s in h.skills
            if content.SKILLS_BY_ID[s].kind != "lord" and s != SK.SK_KUANGCHAN]


@pytest.mark.parametrize("mine, twin", TWINS)
def test_twins_play_identical_games(mine, twin):
    a, b = content.HEROES_BY_KEY[mine], content.HEROES_BY_KEY[twin]
    assert (a.hp, a.gender) == (b.hp, b.gender)
    assert mechanics(a) == mechanics(b)
    others = ["lvbu", "zhaoyun", "daqiao", "zhouyu"]
    used = 0
    for seed in range(12):
        for seat in (1, 3):
            line = list(others)
            line.insert(seat, mine)
            ta, ra = _play(line, seed)
            line[seat] = twin
            tb, rb = _play(line, seed)
            assert ta == tb and ra == rb, (seed, seat)
            used += sum(1 for d, k, *_ in ta if d == seat and k != C.DK_PLAY)
    assert used > 0


# ---------------------------------------------------------------- scenarios
def test_lingxian_repeats_the_previous_card():
    """灵仙 (朱燕) = 奸雄 of 英雄杀: after 无中生有, another card of hers is used as 无中生有."""
    g = table({"hero": "zhuyan", "hand": ["ex_nihilo", "jink ♦2", ANCHOR]}, {}, {}, {},
              deck_top=["peach ♥3", "peach ♥4", "slash ♠7", "slash ♠8"])
    assert "skill Spirit Echo" not in g.legal_labels()
    g.play("Ex Nihilo ♥7")
    g.play("skill Spirit Echo")
    g.play("Jink ♦2")
    assert len(g.hand(0)) == 5 and own_skill_uses(g, SK.SK_LINGXIAN) == [(0, SK.SK_LINGXIAN, -1)]
    assert "skill Spirit Echo" not in g.legal_labels()          # once per turn


@pytest.mark.parametrize("hero", ["luminfeng", "chenmanyi"])
def test_yidong_and_xiagu_are_a_minus_one_horse(hero):
    """意动 (陆敏峰) / 侠骨 (陈满意): always as if riding a −1 horse: seat 2 of 4 is at distance 1;
    others' distance to him is unchanged."""
    g = table({"hero": hero}, {}, {}, {})
    assert seat_distance(g.s, 0, 2) == 1 and seat_distance(g.s, 2, 0) == 2


def test_kuangre_takes_instead_of_drawing():
    """狂热 (陆敏峰) = 突袭: give up the draw and take a hand card from up to two others."""
    g = table({}, {"hero": "luminfeng"}, {"hand": ["peach ♥3"]}, {"hand": ["jink ♦2"]},
              current=1, phase="draw")
    expect(g, 1, C.DK_SKILL_TARGET)
    g.play("target player_2")
    g.play("target player_3")
    assert hand_names(g, 1) == sorted(["Peach ♥3", "Jink ♦2"])


def test_rouqing_red_judgement_makes_the_slash_undodgeable():
    """柔情 (陈满意): after his 杀 names a target he may judge; red → no 闪 is asked."""
    g = table({"hero": "chenmanyi", "hand": ["slash ♠7", ANCHOR]}, {"hand": ["jink ♦2"]}, {}, {},
              deck_top=["peach ♥3"])
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 0, C.DK_CONFIRM)
    g.play("confirm")
    assert damage(g) == [(0, 1, 1)] and hand_names(g, 1) == ["Jink ♦2"]


def test_jiaoliu_draws_after_a_jink_outside_his_turn():
    """交流 (米强) = 图强: each 闪 he uses outside his turn draws a card."""
    g = table({"hand": ["slash ♠7", ANCHOR]}, {"hero": "miqiang", "hand": ["jink ♦2"]}, {}, {},
              deck_top=["peach ♥3"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")
    assert hand_names(g, 1) == ["Peach ♥3"] and damage(g) == []


def test_qianligu_skips_discard_without_a_slash():
    """潜力股 (米强) = 克己: no 杀 used or played in his play phase → no discard phase."""
    hand = ["peach ♥3", "peach ♥4", "jink ♦2", "jink ♦3", "jink ♦4"]
    g = table({}, {"hero": "miqiang", "hp": 2, "hand": hand}, {}, {}, current=1)
    g.play("pass")
    assert len(g.hand(1)) == 5


def test_gudianmei_draws_three():
    """古典美 (严丹丹) = 英姿: one more card in the draw phase (optional)."""
    g = table({}, {"hero": "yandandan"}, {}, {}, current=1, phase="draw")
    expect(g, 1, C.DK_CONFIRM)
    g.play("confirm")
    assert len(g.hand(1)) == 3


def test_fengqing_names_a_suit():
    """风情 (严丹丹) = 攻心: the target names a suit, takes a random hand card of hers; a wrong suit
    costs it 1 damage from her. Once per play phase."""
    g = table({"hero": "yandandan", "hand": ["peach ♥3", "slash ♣8", ANCHOR]}, {}, {}, {})
    mine = set(g.hand(0))
    g.play("skill Allure")
    g.play("target player_1")
    expect(g, 1, C.DK_SKILL_OPTION)
    assert sorted(g.legal_labels()) == ["club", "diamond", "heart", "spade"]
    g.play("club")
    taken = mine - set(g.hand(0))
    assert len(taken) == 1 and taken <= set(g.hand(1))
    took = g.card_name(taken.pop())
    assert damage(g) == ([] if "♣" in took else [(0, 1, 1)])
    assert own_skill_uses(g, SK.SK_FENGQING) == [(0, SK.SK_FENGQING, 1)]


def test_shenbian_may_take_an_equipment_card():
    """神辩 (安同乐) = 法家: after damage, a random hand card or one equipment card of the
    source."""
    g = table({"hand": ["slash ♠7", ANCHOR], "equip": ["qinggang_sword"]},
              {"hero": "antongle"}, {}, {})
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_SKILL_CARD)
    eq = [x for x in g.legal_labels() if "Qinggang" in x]
    assert len(eq) == 1
    g.play(eq[0])
    assert len(g.equipment(0)) == 0 and len(g.hand(1)) == 1


def test_huizhi_hand_limit_is_max_hp():
    """慧致 (张培培) = 控局: keeps as many cards as her max HP in the discard phase."""
    hand = ["peach ♥3", "peach ♥4", "jink ♦2", "jink ♦3"]
    g = table({}, {"hero": "zhangpeipei", "hp": 2, "hand": hand}, {}, {}, current=1)
    g.play("pass")
    assert len(g.hand(1)) == 4


def test_fangzhejielai_equipment_as_savage_assault():
    """放着姐来 (张云杰) = 烽火: an equipped card is used as 南蛮入侵."""
    g = table({"hero": "zhangyunjie", "hand": [ANCHOR], "equip": ["qinggang_sword"]}, {}, {}, {})
    g.play("skill Leave It to Me")               # its only equipped card: chosen unasked
    assert g.equipment(0) == [] and sorted(d[1] for d in damage(g)) == [1, 2, 3]


def test_fangzhu_black_hand_card_as_collateral():
    """放逐 (张云杰): a black hand card is used as 借刀杀人."""
    g = table({"hero": "zhangyunjie", "hand": ["slash ♣7", ANCHOR]},
              {"equip": ["crossbow"]}, {}, {})
    g.play("skill Exile")
    g.play("Slash ♣7")          # the only wielder, player_1, is chosen unasked; now its victim
    expect(g, 0, C.DK_TARGET)
    assert g.legal_labels() == ["target player_0", "target player_2"]
    g.play("target player_2")  # player_1 has no 杀 to use: its weapon goes to 张云杰
    assert g.equipment(1) == [] and "Crossbow ♣A" in hand_names(g, 0)


def test_zhixin_club_as_snatch_at_any_distance():
    """知心 (崔晗) = 神偷 with parameter 1: a ♣ hand card is used as 顺手牵羊 with no distance
    limit; a real 顺手牵羊 of hers keeps its distance 1."""
    g = table({"hero": "cuihan", "hand": ["slash ♣7", "snatch ♠3", ANCHOR]},
              {"hand": ["jink ♦2"]}, {"hand": ["peach ♥3"]}, {"hand": ["jink ♦3"]})
    g.play("skill Confidante")
    g.play("Slash ♣7")
    expect(g, 0, C.DK_TARGET)
    assert g.legal_labels() == ["target player_1", "target player_2", "target player_3"]
    g.play("target player_2")
    assert "Peach ♥3" in hand_names(g, 0) and int(g.s[C.H_NODIST]) == 0
    g.play("Snatch ♠3")
    expect(g, 0, C.DK_TARGET)
    assert g.legal_labels() == ["target player_1", "target player_3"]


def test_ganlu_peach_as_god_salvation():
    """甘露 (崔晗): her 桃 is used as 桃园结义: every wounded character recovers 1."""
    g = table({"hero": "cuihan", "hp": 2, "hand": ["peach ♥3", ANCHOR]}, {"hp": 3}, {}, {"hp": 1})
    g.play("skill Sweet Dew")
    assert [g.hp(i) for i in range(4)] == [3, 4, 4, 2]
