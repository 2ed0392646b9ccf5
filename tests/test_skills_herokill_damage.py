"""Scenario tests for 英雄杀 heroes (pack ``herokill``, the 英雄杀 rules texts near its end): 秦琼
(反击, 门神), 关羽 (朴刀), 李师师 (曼舞, 红妆), 李逵 (复仇 = 刚烈 with param), 商鞅 (变法 = 鬼才
with param, 法家 = 反馈 with param), 成吉思汗 (骑射 = 马术 with param, 强掠), and the aliases 集权
(嬴政) and 舍身 (虞姬). Rule choices: ``docs/rules.md`` "Hero Kill heroes".

Tables are rigged with ``heroes_env.scenario.build`` on the standard deck (the mechanics do not
depend on the deck's names). Seats: 0 lord, 1 rebel, 2 loyalist, 3 renegade; without horses or
weapons seats 1 and 3 are at distance 1 from seat 0, seat 2 at distance 2. Living seats without a
hero get 吕蒙 (克己 only acts in a discard phase no test reaches with cards to spare). Autoplay is
on: a decision with a single legal action is taken unasked.
"""
import numpy as np
import pytest
from helpers import damage, event_args, expect, hand_names, seats4

from heroes_env.config import Config
from heroes_env.engine import constants as C
from heroes_env.engine import content
from heroes_env.engine import invariants as inv
from heroes_env.engine.rules import seat_distance
from heroes_env.game import Game
from heroes_env.scenario import build

SK = {s.key: s.id for s in content.SKILLS.values()}
ANCHOR = "zhuahuangfeidian"          # ♥K +1 horse in hand: its holder keeps a DK_PLAY decision
ANCHOR_LABEL = "Zhuahuang Feidian ♥K"
FILL = "lvmeng"


def table(*hands_or_seats, **kw):
    seats = seats4(hands_or_seats)
    for d in seats:
        if d.get("alive", True):
            d.setdefault("hero", FILL)
    return build(seats, distinct_heroes=False, **kw)


def skill_events(g, skill=None):
    evs = event_args(g, C.EV_SKILL)
    return [e for e in evs if skill is None or e[1] == SK[skill]]


def judged(g):
    return [g.card_name(e[1]) for e in event_args(g, C.EV_JUDGE)]


def asked_by(g, seat, kind, skill):
    expect(g, seat, kind)
    assert int(g.s[C.H_DSKILL]) == content.SKILL_BASE[SK[skill]], g.describe_decision()
    assert g.describe_decision().startswith(f"player_{seat}: {content.SKILLS[skill].name_en}: ")


def expect_confirm(g, seat, skill):
    asked_by(g, seat, C.DK_CONFIRM, skill)
    assert g.legal_labels() == ["pass", "confirm"]


def marks(g, seat):
    return int(g.s[C.P_MARK + seat])


def seen_marks(g, viewer, seat):
    """The OS_MARK cells of seat in viewer's observation."""
    o = g.observe(viewer)
    rel = (seat - viewer) % g.num_players
    base = C.OBS_SEATS + rel * C.SEAT_OBS + C.OS_MARK
    return o[base:base + C.NUM_MARKS].tolist()


# ====================================================================== hero data
def test_herokill_hero_rows():
    """HP, gender, faction and skills from herokill_heroes_sources.csv, with the faction's lord
    skill last."""
    rows = {h.key: h for h in content.pack_heroes("herokill")}
    want = {"qinqiong": (46, 4, "chen", ["fanji", "menshen", "huzhu"]),
            "guanyu_hk": (43, 4, "chen", ["paodao", "huzhu"]),
            "lishishi": (53, 3, "min", ["manwu", "hongzhuang", "jiuyuan_hk"]),
            "likui": (57, 4, "min", ["fuchou", "jiuyuan_hk"]),
            "shangyang": (36, 3, "chen", ["bianfa", "fajia", "huzhu"]),
            "chengjisihan": (26, 4, "jun", ["qishe", "qianglue", "jijiang_hk"])}
    byid = {s.id: s.key for s in content.SKILLS.values()}
    for key, (hid, hp, kd, skills) in want.items():
        h = rows[key]
        kdid = {"jun": C.KD_JUN, "chen": C.KD_CHEN, "min": C.KD_MIN}[kd]
        assert (h.id, h.hp, h.kingdom) == (hid, hp, kdid), key
        assert [byid[i] for i in h.skills] == skills
    assert rows["lishishi"].gender == C.GENDER_FEMALE and rows["likui"].gender == C.GENDER_MALE
    assert rows["guanyu_hk"].name("zh") == "关羽" and rows["guanyu_hk"].name("en") == "Guan Yu"
    base = {k: content.SKILLS[k].base for k in ("fuchou", "bianfa", "fajia", "qishe")}
    assert base == {"fuchou": "ganglie", "bianfa": "guicai", "fajia": "fankui", "qishe": "mashu"}
    assert all(content.SKILLS[k].param == 1 for k in base)


# ====================================================================== 秦琼 反击
def test_fanji_black_slash_back_can_be_dodged(invariants):
    """After a 杀 hurt 秦琼 he may at once use a 杀 on its user; a black one may be dodged."""
    g = table({"hero": "qinqiong", "hand": ["slash ♠8"]}, ["slash ♠7", ANCHOR, "jink ♦2"],
              current=1)
    g.play("Slash ♠7")
    g.play("target player_0")
    asked_by(g, 0, C.DK_SLASH, "fanji")
    assert g.legal_labels() == ["pass", "Slash ♠8"]
    assert g.hp(0) == 3
    g.play("Slash ♠8")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Jink ♦2"]
    g.play("Jink ♦2")
    assert damage(g) == [(1, 0, 1)]
    assert skill_events(g, "fanji") == [(0, SK["fanji"], 1)]
    expect(g, 1, C.DK_PLAY)
    assert g.s[C.P_SLASHES + 0] == 0           # not a play-phase 杀
    invariants(g)


def test_fanji_red_slash_cannot_be_dodged(invariants):
    """A red 反击 杀 cannot be dodged: no 闪 is asked although the user holds one."""
    g = table({"hero": "qinqiong", "hand": ["slash ♥10"]}, ["slash ♠7", ANCHOR, "jink ♦2"],
              current=1)
    g.play("Slash ♠7")
    g.play("target player_0")
    asked_by(g, 0, C.DK_SLASH, "fanji")
    g.play("Slash ♥10")
    assert damage(g) == [(1, 0, 1), (0, 1, 1)]
    assert hand_names(g, 1) == sorted(["Jink ♦2", ANCHOR_LABEL])
    expect(g, 1, C.DK_PLAY)
    invariants(g)


def test_fanji_may_be_declined_and_needs_slash_or_duel(invariants):
    """反击 is optional; damage of a 南蛮入侵 (not 杀/决斗) gives no 反击."""
    g = table({"hero": "qinqiong", "hand": ["slash ♥10"]},
              ["slash ♠7", "savage_assault ♠K", ANCHOR], current=1)
    g.play("Slash ♠7")
    g.play("target player_0")
    asked_by(g, 0, C.DK_SLASH, "fanji")
    g.play("pass")
    assert damage(g) == [(1, 0, 1)]
    expect(g, 1, C.DK_PLAY)
    g.play("Savage Assault ♠K")
    expect(g, 0, C.DK_SLASH)                   # the 南蛮入侵 asks him to play a 杀
    assert int(g.s[C.H_DSKILL]) == 0 and g.s[C.DX_PURPOSE] == C.PUR_SAVAGE
    g.play("pass")
    expect(g, 1, C.DK_PLAY)                    # hurt by 南蛮入侵: no 反击
    assert damage(g) == [(1, 0, 1), (1, 2, 1), (1, 3, 1), (1, 0, 1)]
    assert skill_events(g, "fanji") == []
    invariants(g)


def test_fanji_after_a_duel_needs_no_range(invariants):
    """反击 after losing a 决斗, on its user two seats away (no range check: the 杀 is aimed
    at the one who hurt him)."""
    g = table({"hand": ["duel ♠A", ANCHOR]}, {}, {"hero": "qinqiong", "hand": ["slash ♥10"]}, {},
              current=0)
    assert seat_distance(g.s, 2, 0) == 2
    g.play("Duel ♠A")
    g.play("target player_2")
    expect(g, 2, C.DK_SLASH)                    # the 决斗: he may play a 杀 (he keeps it)
    g.play("pass")
    assert damage(g) == [(0, 2, 1)]
    asked_by(g, 2, C.DK_SLASH, "fanji")
    g.play("Slash ♥10")
    assert damage(g) == [(0, 2, 1), (2, 0, 1)]
    expect(g, 0, C.DK_PLAY)
    invariants(g)


def test_fanji_chain_between_two_qinqiong(invariants):
    """Two 秦琼: each 反击 that hurts gives the other a 反击, until one has no 杀 or declines."""
    g = table({"hero": "qinqiong", "hand": ["slash ♥10", "slash ♥J"]},
              {"hero": "qinqiong", "hand": ["slash ♠7", "slash ♦6", ANCHOR]}, current=1)
    g.play("Slash ♠7")
    g.play("target player_0")
    asked_by(g, 0, C.DK_SLASH, "fanji")
    g.play("Slash ♥10")                        # red: hits seat 1
    asked_by(g, 1, C.DK_SLASH, "fanji")
    assert g.legal_labels() == ["pass", "Slash ♦6"]
    g.play("Slash ♦6")                         # red: hits seat 0
    asked_by(g, 0, C.DK_SLASH, "fanji")
    g.play("Slash ♥J")
    # seat 1 has no 杀 left: not asked
    assert damage(g) == [(1, 0, 1), (0, 1, 1), (1, 0, 1), (0, 1, 1)]
    assert (g.hp(0), g.hp(1)) == (2, 2)
    expect(g, 1, C.DK_PLAY)
    invariants(g)


def test_fanji_respects_target_prohibitions(invariants):
    """刘伯温 (归隐 = 空城) used his last hand card on the 决斗: 秦琼 may not 反击 him."""
    g = table({"hero": "qinqiong", "hand": ["slash ♥10"]},
              {"hero": "liubowen", "hand": ["duel ♠A"]}, current=1)
    g.play("Duel ♠A")
    g.play("target player_0")
    expect(g, 0, C.DK_SLASH)
    g.play("pass")                             # he keeps his 杀 and loses the 决斗
    assert damage(g) == [(1, 0, 1)]
    assert not (g.decider == 0 and int(g.s[C.H_DSKILL]) == SK["fanji"])   # not asked
    assert skill_events(g, "fanji") == []
    assert hand_names(g, 0) == ["Slash ♥10"]
    invariants(g)


# ====================================================================== 秦琼 门神
def _guard_table(**kw):
    """秦琼 (seat 0) at the end of his turn: guards someone."""
    return table({"hero": "qinqiong", "hand": ["jink ♦2"]}, ["slash ♠7", "duel ♠A", ANCHOR],
                 ["slash ♠8"], {}, current=0, phase="discard", **kw)


def test_menshen_guard_is_chosen_in_the_end_phase_and_is_public(invariants):
    g = _guard_table()
    asked_by(g, 0, C.DK_SKILL_TARGET, "menshen")
    assert g.legal_labels() == ["pass", "target player_1", "target player_2", "target player_3"]
    g.play("target player_2")
    assert marks(g, 2) == C.MK_MENSHEN and marks(g, 0) == C.MK_MENSHEN_ON
    assert marks(g, 1) == 0 and marks(g, 3) == 0
    assert seen_marks(g, 3, 2)[:2] == [1.0, 0.0] and seen_marks(g, 1, 0)[:2] == [0.0, 1.0]
    assert skill_events(g, "menshen") == [(0, SK["menshen"], 2)]
    expect(g, 1, C.DK_PLAY)
    invariants(g)


def test_menshen_may_be_declined(invariants):
    g = _guard_table()
    g.play("pass")
    assert [marks(g, i) for i in range(4)] == [0, 0, 0, 0]
    expect(g, 1, C.DK_PLAY)
    invariants(g)


def test_menshen_slash_goes_to_qinqiong_even_out_of_range(invariants):
    """A 杀 aimed at the guarded seat 3 is aimed at 秦琼 (seat 0) instead; he is two seats from
    seat 2 (out of its range) and still takes it: "视为对你打出" is no new choice of target."""
    g = _guard_table()
    g.play("target player_3")
    g.play(ANCHOR_LABEL)                       # seat 1 equips the +1 horse: out of seat 2's range
    g.play("pass")                             # seat 1 ends its play phase
    expect(g, 2, C.DK_PLAY)
    assert seat_distance(g.s, 2, 0) == 2
    g.play("Slash ♠8")                         # the only target in range, seat 3, is taken unasked
    expect(g, 0, C.DK_JINK)                    # 秦琼 is now the target
    assert event_args(g, C.EV_USE)[-1] == (2, 15, 0)
    g.play("pass")
    assert damage(g) == [(2, 0, 1)]
    assert skill_events(g, "menshen")[-1] == (0, SK["menshen"], 3)
    invariants(g)


def test_menshen_duel_goes_to_qinqiong(invariants):
    g = _guard_table()
    g.play("target player_2")
    g.play("Duel ♠A")
    g.play("target player_2")
    assert damage(g) == [(1, 0, 1)]            # 秦琼 has no 杀: he loses the 决斗
    assert g.hp(2) == 4
    invariants(g)


def test_menshen_lijian_duel_goes_to_qinqiong(invariants):
    """离间's 决斗 (no FR_USE) aimed at the guarded seat 2 goes to 秦琼 too."""
    g = table({"hero": "qinqiong"}, {"hero": "diaochan", "hand": ["slash ♠7", ANCHOR]}, {}, {},
              current=1)
    g.s[C.P_MARK + 2] |= C.MK_MENSHEN
    g.s[C.P_MARK + 0] |= C.MK_MENSHEN_ON
    g.play("skill Seed of Animosity")
    g.play("Slash ♠7")
    g.play("target player_3")                  # seat 3 uses the 决斗 ...
    g.play("target player_2")                  # ... on seat 2, so on 秦琼
    assert event_args(g, C.EV_USE) == [(3, -1, 0)]
    assert damage(g) == [(3, 0, 1)]
    assert skill_events(g, "menshen") == [(0, SK["menshen"], 2)]
    invariants(g)


def test_menshen_not_for_qinqiong_own_slash():
    """秦琼's own 杀 on the guarded seat stays on it."""
    g = table({"hero": "qinqiong", "hand": ["slash ♠7", ANCHOR]}, {}, {}, {}, current=0)
    g.s[C.P_MARK + 1] |= C.MK_MENSHEN
    g.s[C.P_MARK + 0] |= C.MK_MENSHEN_ON
    g.play("Slash ♠7")
    g.play("target player_1")
    assert damage(g) == [(0, 1, 1)]


def test_menshen_ends_at_his_next_turn_start(invariants):
    g = table({"hero": "qinqiong"}, {}, {}, {"hand": ["slash ♠7", ANCHOR]}, current=3,
              deck_top=["jink ♦2", "chitu"])
    g.s[C.P_MARK + 2] |= C.MK_MENSHEN
    g.s[C.P_MARK + 0] |= C.MK_MENSHEN_ON
    g.play("pass")                             # seat 3 ends its turn; 秦琼's starts
    expect(g, 0, C.DK_PLAY)
    assert [marks(g, i) for i in range(4)] == [0, 0, 0, 0]
    invariants(g)


def test_menshen_ends_when_qinqiong_dies(invariants):
    """秦琼 dies: the guard ends, the marks go, and 杀 at the formerly guarded seat hit it."""
    g = table({"role": "rebel", "hero": "qinqiong", "hp": 1}, {"role": "lord", "hand":
              ["slash ♠7", "slash ♠8"], "equip": ["crossbow"]}, {"role": "loyalist"},
              {"role": "renegade"}, current=1)
    g.s[C.P_MARK + 2] |= C.MK_MENSHEN
    g.s[C.P_MARK + 0] |= C.MK_MENSHEN_ON
    g.play("Slash ♠7")
    g.play("target player_0")
    assert not g.s[C.P_ALIVE + 0]
    assert [marks(g, i) for i in range(4)] == [0, 0, 0, 0]
    expect(g, 1, C.DK_PLAY)
    g.play("Slash ♠8")
    g.play("target player_2")
    assert damage(g)[-1] == (1, 2, 1)
    invariants(g)


# ====================================================================== 关羽 朴刀
def test_paodao_follows_a_slash_while_it_hurts(invariants):
    """Outside his turn, after someone's 杀 hurt seat 2, 关羽 (seat 0) may use 杀 after 杀 on
    seat 2 while each hurts; the first dodged one ends it. No range needed (seat 2 is 2 away)."""
    g = table({"hero": "guanyu_hk", "hand": ["slash ♠8", "slash ♠9", "slash ♠10"]},
              ["slash ♠7", ANCHOR], ["jink ♦2"], current=1)
    g.play("Slash ♠7")
    g.play("target player_2")
    expect(g, 2, C.DK_JINK)
    g.play("pass")
    asked_by(g, 0, C.DK_SLASH, "paodao")
    assert g.legal_labels() == ["pass", "Slash ♠8", "Slash ♠9", "Slash ♠10"]
    g.play("Slash ♠8")
    expect(g, 2, C.DK_JINK)
    g.play("pass")                             # hurt: he may go on
    asked_by(g, 0, C.DK_SLASH, "paodao")
    g.play("Slash ♠9")
    expect(g, 2, C.DK_JINK)
    g.play("Jink ♦2")                          # dodged: no more 朴刀
    expect(g, 1, C.DK_PLAY)
    assert damage(g) == [(1, 2, 1), (0, 2, 1)]
    assert hand_names(g, 0) == ["Slash ♠10"]
    assert [e[2] for e in skill_events(g, "paodao")] == [2, 2]
    invariants(g)


def test_paodao_not_in_his_turn_nor_after_other_damage(invariants):
    g = table({"hero": "guanyu_hk", "hand": ["slash ♠7", "slash ♠8", ANCHOR]}, {}, {}, {},
              current=0)
    g.play("Slash ♠7")
    g.play("target player_1")
    assert damage(g) == [(0, 1, 1)]
    expect(g, 0, C.DK_PLAY)                    # his own turn (and his own 杀): nothing
    # in his turn another's 杀 (借刀杀人 makes seat 1 use it on seat 2): still nothing
    g = table({"hero": "guanyu_hk", "hand": ["collateral ♣Q", "slash ♠8", ANCHOR]},
              {"hand": ["slash ♠7"], "equip": ["crossbow ♣A"]}, {}, {}, current=0)
    g.play("Collateral ♣Q")                    # seat 1, the only one with a weapon, unasked
    g.play("target player_2")
    expect(g, 1, C.DK_SLASH)
    g.play("Slash ♠7")
    assert damage(g) == [(1, 2, 1)]
    expect(g, 0, C.DK_PLAY)
    g = table({"hero": "guanyu_hk", "hand": ["slash ♠8"]}, ["duel ♠A", ANCHOR], {}, current=1)
    g.play("Duel ♠A")
    g.play("target player_2")
    assert damage(g) == [(1, 2, 1)]
    expect(g, 1, C.DK_PLAY)                    # 决斗 damage: no 朴刀
    assert skill_events(g) == []
    invariants(g)


def test_paodao_stops_when_target_dies_or_declined(invariants):
    g = table({"hero": "guanyu_hk", "hand": ["slash ♠8", "slash ♠9"]}, ["slash ♠7", ANCHOR],
              {"hp": 2}, {}, current=1)
    g.play("Slash ♠7")
    g.play("target player_2")
    asked_by(g, 0, C.DK_SLASH, "paodao")
    g.play("Slash ♠8")                         # seat 2 dies (no 桃): nobody to follow
    assert not g.s[C.P_ALIVE + 2]
    expect(g, 1, C.DK_PLAY)
    g = table({"hero": "guanyu_hk", "hand": ["slash ♠8"]}, ["slash ♠7", ANCHOR], {}, {},
              current=1)
    g.play("Slash ♠7")
    g.play("target player_2")
    asked_by(g, 0, C.DK_SLASH, "paodao")
    g.play("pass")
    expect(g, 1, C.DK_PLAY)
    assert damage(g) == [(1, 2, 1)]
    invariants(g)


def test_paodao_stops_when_manwu_passes_the_damage_on(invariants):
    """朴刀 goes on only while its 杀 damages the target: 李师师 passes the damage to seat 3, so
    关羽's 杀 did not damage her and 朴刀 ends."""
    g = table({"hero": "guanyu_hk", "hand": ["slash ♠8", "slash ♠9"]}, ["slash ♠7", ANCHOR],
              {"hero": "lishishi", "hand": ["peach ♥3"]}, {}, current=1,
              deck_top=["jink ♦3", "jink ♦4"])
    g.play("Slash ♠7")
    g.play("target player_2")
    asked_by(g, 2, C.DK_SKILL_CARD, "manwu")
    g.play("pass")                             # she takes the first one
    asked_by(g, 0, C.DK_SLASH, "paodao")
    g.play("Slash ♠8")
    asked_by(g, 2, C.DK_SKILL_CARD, "manwu")
    g.play("Peach ♥3")
    g.play("target player_3")
    assert damage(g) == [(1, 2, 1), (0, 3, 1)]
    assert hand_names(g, 3) == ["Jink ♦3"]
    expect(g, 1, C.DK_PLAY)                    # no further 朴刀 杀 (he still holds ♠9)
    assert hand_names(g, 0) == ["Slash ♠9"]
    invariants(g)


# ====================================================================== 李师师 曼舞 红妆
def test_manwu_passes_the_damage_and_the_target_draws(invariants):
    """曼舞: before a 杀's damage to her she discards a ♥ (or, by 红妆, ♠) hand card; the damage
    goes to another character, who then draws its lost HP."""
    g = table({"hero": "lishishi", "hand": ["peach ♥3", "jink ♦2", "slash ♣2", "dismantlement ♠3"]},
              ["slash ♠7", ANCHOR], {"hp": 3}, current=1,
              deck_top=["jink ♦3", "jink ♦4", "slash ♠8"])
    g.play("Slash ♠7")
    g.play("target player_0")
    expect(g, 0, C.DK_JINK)
    g.play("pass")
    asked_by(g, 0, C.DK_SKILL_CARD, "manwu")
    assert g.legal_labels() == ["pass", "Dismantlement ♠3", "Peach ♥3"]
    g.play("Dismantlement ♠3")
    asked_by(g, 0, C.DK_SKILL_TARGET, "manwu")
    assert g.legal_labels() == ["target player_1", "target player_2", "target player_3"]
    g.play("target player_2")
    assert g.hp(0) == 3 and g.hp(2) == 2
    assert damage(g) == [(1, 2, 1)]
    assert hand_names(g, 2) == ["Jink ♦3", "Jink ♦4"]     # lost 2 HP: draws 2
    assert skill_events(g, "manwu") == [(0, SK["manwu"], 2)]
    expect(g, 1, C.DK_PLAY)
    invariants(g)


def test_manwu_target_dies_draws_nothing(invariants):
    g = table({"hero": "lishishi", "hand": ["peach ♥3"]}, ["slash ♠7", ANCHOR],
              {"hp": 1}, current=1, deck_top=["jink ♦3"])
    g.play("Slash ♠7")
    g.play("target player_0")
    asked_by(g, 0, C.DK_SKILL_CARD, "manwu")
    assert g.legal_labels() == ["pass", "Peach ♥3"]
    g.play("Peach ♥3")
    g.play("target player_2")
    assert not g.s[C.P_ALIVE + 2]              # the loyalist dies (nobody has a 桃 now)
    assert g.hp(0) == 3
    assert g.s[C.H_NDECK] >= 1
    assert g.card_name(int(g.s[C.D_ORDER + g.s[C.H_NDECK] - 1])) == "Jink ♦3"
    expect(g, 1, C.DK_PLAY)
    invariants(g)


def test_manwu_declined_and_not_without_heart(invariants):
    g = table({"hero": "lishishi", "hand": ["slash ♣2"]}, ["slash ♠7", "slash ♠8", ANCHOR],
              current=1, deck_top=["jink ♦3"])
    g.play("Slash ♠7")
    g.play("target player_0")
    assert damage(g) == [(1, 0, 1)]             # no ♥/♠ hand card: not asked
    expect(g, 1, C.DK_PLAY)
    invariants(g)


def test_hongzhuang_spade_judgement_counts_as_heart(invariants):
    """红妆: her ♠ judgement card counts as ♥: 乐不思蜀 fails and 闪电 (♠2-9) does not strike."""
    g = table({"hero": "lishishi", "judge": ["indulgence ♠6", "lightning ♠A"]}, current=0,
              phase="start", deck_top=["slash ♠7", "slash ♠8", "jink ♦2", "chitu"])
    expect(g, 0, C.DK_PLAY)                    # she plays: the 乐不思蜀 judged ♠8 = ♥
    assert judged(g) == ["Slash ♠7", "Slash ♠8"]
    assert damage(g) == []                     # 闪电 judged ♠7 = ♥7: no strike
    assert g.hp(0) == 3
    g2 = table({"judge": ["indulgence ♠6"]}, current=0, phase="start",
               deck_top=["slash ♠7", "jink ♦2", "chitu"])
    expect(g2, 1, C.DK_PLAY)                   # without 红妆 the ♠ judgement skips the play phase
    invariants(g)


def test_hongzhuang_eight_diagram_and_ganglie_judged_by_her(invariants):
    """红妆 in her other judgements: a ♠ 八卦阵 judgement dodges; a ♠ 刚烈 judgement spares her."""
    g = table({"hero": "lishishi", "equip": ["eight_diagram ♠2"]}, ["slash ♠7", ANCHOR],
              current=1, deck_top=["slash ♠8"])
    g.play("Slash ♠7")
    g.play("target player_0")
    expect(g, 0, C.DK_JINK)
    g.play("Eight Diagram ♠2")
    assert judged(g) == ["Slash ♠8"] and damage(g) == [] and g.hp(0) == 3
    expect(g, 1, C.DK_PLAY)
    g = table({"hero": "xiahoudun"}, {"hero": "lishishi", "hand": ["slash ♠7", ANCHOR, "jink ♦2",
              "jink ♦3"]}, current=1, deck_top=["slash ♠8"])
    g.play("Slash ♠7")
    g.play("target player_0")
    expect_confirm(g, 0, "ganglie")
    g.play("confirm")
    assert judged(g) == ["Slash ♠8"]
    expect(g, 1, C.DK_PLAY)                    # ♠8 counts as ♥8: 刚烈 fails
    assert g.hp(1) == 3 and len(g.hand(1)) == 3
    invariants(g)


# ====================================================================== 李逵 复仇
@pytest.mark.parametrize("judge, hurt", [("jink ♦2", True), ("slash ♣2", True),
                                         ("peach ♥3", False)])
def test_fuchou_hurts_unless_heart(invariants, judge, hurt):
    """复仇 = 刚烈 whose judgement hurts the source unless it is ♥ (a ♦ also hurts)."""
    g = table({"hero": "likui"}, ["slash ♠7", "jink ♦3", ANCHOR], current=1, deck_top=[judge])
    g.play("Slash ♠7")
    g.play("target player_0")
    expect_confirm(g, 0, "fuchou")
    g.play("confirm")
    assert skill_events(g, "fuchou") == [(0, SK["fuchou"], 1)]
    if hurt:
        asked_by(g, 1, C.DK_SKILL_OPTION, "fuchou")
        assert g.legal_labels() == ["lose 1 HP", "discard two hand cards"]
        g.play("lose 1 HP")
        assert g.hp(1) == 3
    else:
        assert g.hp(1) == 4
    expect(g, 1, C.DK_PLAY)
    invariants(g)


def test_ganglie_still_needs_black():
    """刚烈 itself is unchanged: a ♦ judgement does nothing."""
    g = table({"hero": "xiahoudun"}, ["slash ♠7", "jink ♦3", ANCHOR], current=1,
              deck_top=["jink ♦2"])
    g.play("Slash ♠7")
    g.play("target player_0")
    g.play("confirm")
    expect(g, 1, C.DK_PLAY)
    assert g.hp(1) == 4


# ====================================================================== 商鞅 变法 法家
def test_bianfa_replaces_a_judgement_with_an_equipment_card(invariants):
    """变法 = 鬼才 that may also use an equipment card."""
    g = table({"hero": "shangyang", "hand": ["jink ♦2"], "equip": ["eight_diagram ♠2"]},
              {"judge": ["indulgence ♠6"]}, current=1, phase="start",
              deck_top=["slash ♠7", "jink ♦3", "jink ♦4"])
    asked_by(g, 0, C.DK_SKILL_CARD, "bianfa")
    assert g.legal_labels() == ["pass", "Eight Diagram ♠2", "Jink ♦2"]
    g.play("Eight Diagram ♠2")
    assert g.equipment(0) == []
    assert judged(g) == ["Slash ♠7", "Eight Diagram ♠2"]
    assert skill_events(g, "bianfa") == [(0, SK["bianfa"], 1)]
    invariants(g)


def test_guicai_still_only_hand_cards():
    g = table({"hero": "simayi", "hand": ["jink ♦2"], "equip": ["eight_diagram ♠2"]},
              {"judge": ["indulgence ♠6"]}, current=1, phase="start",
              deck_top=["slash ♠7", "jink ♦3", "jink ♦4"])
    asked_by(g, 0, C.DK_SKILL_CARD, "guicai")
    assert g.legal_labels() == ["pass", "Jink ♦2"]


def test_fajia_takes_an_equipment_card_or_a_hand_card(invariants):
    g = table({"hero": "shangyang"}, {"hand": ["slash ♠7", ANCHOR], "equip": ["crossbow ♣A"]},
              current=1)
    g.play("Slash ♠7")
    g.play("target player_0")
    asked_by(g, 0, C.DK_SKILL_CARD, "fajia")
    assert g.legal_labels() == ["pass", "Crossbow ♣A", "a hand card"]
    g.play("Crossbow ♣A")
    assert hand_names(g, 0) == ["Crossbow ♣A"] and g.equipment(1) == []
    assert skill_events(g, "fajia") == [(0, SK["fajia"], 1)]
    expect(g, 1, C.DK_PLAY)
    g.play(ANCHOR_LABEL)
    invariants(g)
    g = table({"hero": "shangyang"}, {"hand": ["slash ♠7", "jink ♦2"]}, current=1)
    g.play("Slash ♠7")
    g.play("target player_0")
    asked_by(g, 0, C.DK_SKILL_CARD, "fajia")
    assert g.legal_labels() == ["pass", "a hand card"]
    g.play("a hand card")
    assert hand_names(g, 0) == ["Jink ♦2"]
    invariants(g)


def test_fajia_not_asked_when_the_source_has_nothing():
    g = table({"hero": "shangyang"}, {"hand": ["slash ♠7"]}, current=1)
    g.play("Slash ♠7")
    g.play("target player_0")
    assert skill_events(g) == [] and g.hp(0) == 2


# ====================================================================== 成吉思汗 骑射 强掠
def test_qishe_is_a_minus_one_horse_only():
    g = table({"hero": "chengjisihan", "hand": [ANCHOR, "chitu"]}, {}, {}, {})
    assert seat_distance(g.s, 0, 2) == 1       # 2 - 1
    assert seat_distance(g.s, 2, 0) == 2       # no +1 for the others
    g.play(ANCHOR_LABEL)
    g.play("Chitu ♥5")
    assert sorted(g.equipment(0)) == [35, 53]  # both horses: no one-horse limit
    g = table({"hero": "machao"}, {}, {}, {})
    assert seat_distance(g.s, 2, 0) == 3       # 马术 keeps its +1


def test_qianglue_takes_a_card_of_the_dodging_target(invariants):
    g = table({"hero": "chengjisihan", "hand": ["slash ♠7", ANCHOR]},
              {"hand": ["jink ♦2", "peach ♥3"], "equip": ["crossbow ♣A"]},
              current=0, deck_top=["slash ♣2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")
    expect_confirm(g, 0, "qianglue")
    g.play("confirm")
    asked_by(g, 0, C.DK_SKILL_CARD, "qianglue")
    assert g.legal_labels() == ["pass", "Crossbow ♣A", "a hand card"]
    g.play("Crossbow ♣A")
    assert hand_names(g, 0) == sorted([ANCHOR_LABEL, "Crossbow ♣A"])
    assert judged(g) == ["Slash ♣2"]
    expect(g, 0, C.DK_PLAY)
    invariants(g)


def test_qianglue_red_judgement_takes_nothing(invariants):
    g = table({"hero": "chengjisihan", "hand": ["slash ♠7", ANCHOR]},
              {"hand": ["jink ♦2", "peach ♥3"]}, current=0, deck_top=["jink ♦3"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")
    g.play("confirm")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 1) == ["Peach ♥3"]
    invariants(g)


def test_qianglue_empty_handed_target(invariants):
    """The target used its last hand card on the 闪: only its equipment may be taken; with
    nothing left at all, 强掠 is not offered."""
    g = table({"hero": "chengjisihan", "hand": ["slash ♠7", ANCHOR]},
              {"hand": ["jink ♦2"], "equip": ["chitu"]}, current=0, deck_top=["slash ♣2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")
    g.play("confirm")
    asked_by(g, 0, C.DK_SKILL_CARD, "qianglue")
    assert g.legal_labels() == ["pass", "Chitu ♥5"]
    g.play("Chitu ♥5")
    invariants(g)
    g = table({"hero": "chengjisihan", "hand": ["slash ♠7", ANCHOR]}, {"hand": ["jink ♦2"]},
              current=0, deck_top=["slash ♣2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")
    expect(g, 0, C.DK_PLAY)
    assert skill_events(g) == [] and judged(g) == []
    invariants(g)


# ====================================================================== aliases 集权 舍身
def test_jiquan_yingzheng_takes_the_card_that_hurt_him(invariants):
    g = table({"hero": "yingzheng"}, ["slash ♠7", ANCHOR], current=1)
    g.play("Slash ♠7")
    g.play("target player_0")
    expect_confirm(g, 0, "jiquan")
    g.play("confirm")
    assert hand_names(g, 0) == ["Slash ♠7"]
    assert skill_events(g, "jiquan") == [(0, SK["jiquan"], -1)]
    expect(g, 1, C.DK_PLAY)
    invariants(g)


def test_sheshen_yuji_gives_two_cards_per_point(invariants):
    g = table({"hero": "yuji"}, ["slash ♠7", ANCHOR], current=1, deck_top=["jink ♦2", "peach ♥3"])
    g.play("Slash ♠7")
    g.play("target player_0")
    expect_confirm(g, 0, "sheshen")
    g.play("confirm")
    asked_by(g, 0, C.DK_SKILL_TARGET, "sheshen")
    g.play("target player_2")
    asked_by(g, 0, C.DK_SKILL_TARGET, "sheshen")
    g.play("target player_0")
    assert sorted(hand_names(g, 0) + hand_names(g, 2)) == ["Jink ♦2", "Peach ♥3"]
    assert len(g.hand(0)) == 1 and len(g.hand(2)) == 1
    assert skill_events(g, "sheshen") == [(0, SK["sheshen"], -1)]
    expect(g, 1, C.DK_PLAY)
    invariants(g)


# ====================================================================== random play
MINE = ["qinqiong", "guanyu_hk", "lishishi", "likui", "shangyang", "chengjisihan"]


@pytest.mark.parametrize("lineup, games", [
    (MINE[:5], 200),
    (["chengjisihan", "qinqiong", "yingzheng", "yuji", "lishishi"], 200),
    (MINE + ["yingzheng", "yuji"], 100)])
def test_compiled_invariants_herokill_lineups(lineup, games):
    """Random legal play with these heroes (fixed line-ups, roles dealt at random), every step
    checked in compiled code. (Line-ups, not hero_selection="random": 刘伯温's 占卜 looks at 5
    cards, which invariant 18 of the base commit still caps at 3.)"""
    n = len(lineup)
    cfg = Config(num_players=n, pack="herokill", hero_selection=lineup)
    seeds = (np.arange(games, dtype=np.int64) * 7919 + 900 + n).astype(np.int32)
    out = np.zeros((games, 4), np.int64)
    inv.play_checked(seeds, cfg.spec(), 900 + n, out)
    bad = np.flatnonzero(out[:, 3])
    assert bad.size == 0, [f"seed {seeds[i]}: {inv.VIOLATIONS.get(int(out[i, 3]))} at decision "
                           f"{out[i, 2]}" for i in bad[:5]]
    results = np.bincount(out[:, 0], minlength=6)
    assert results[C.RES_LORD] + results[C.RES_REBEL] + results[C.RES_RENEGADE] > games // 2


@pytest.mark.parametrize("lineup, seed", [(MINE[:5], 1), (MINE[3:] + ["yingzheng", "yuji"], 2)])
def test_full_checks_herokill_lineups(lineup, seed):
    """Every step checked: exact masks (each legal action accepted, illegal ones refused),
    clones and serialisation, invariants."""
    from test_random_play import play_fully_checked
    cfg = Config(num_players=len(lineup), pack="herokill", hero_selection=lineup)
    assert play_fully_checked(cfg, 8800 + seed, all_illegal_every=12) > 10


def test_hidden_information_herokill_lineup():
    from test_hidden_info import play_checking_hidden_info
    cfg = Config(num_players=6, pack="herokill", hero_selection=MINE)
    assert play_checking_hidden_info(cfg, 7, 2) > 0


def test_random_play_asks_every_skill_of_these_heroes():
    """Random games reach a decision of every optional skill here (locked ones act silently)."""
    asked = set()
    rng = np.random.default_rng(0)
    base = {content.SKILL_BASE[SK[k]]: k for k in ("menshen", "bianfa", "fuchou", "fajia", "paodao",
                                                   "manwu", "fanji", "qianglue")}
    for seed in range(40):
        g = Game.new(Config(num_players=6, pack="herokill", hero_selection=MINE), seed=seed)
        while not g.done:
            sk = int(g.s[C.H_DSKILL])
            if sk in base:
                asked.add(base[sk])
            g.step(int(rng.choice(g.legal_actions())))
    assert asked == set(base.values())
