"""Scenario tests for the skills of the 蜀 heroes (pack ``standard``).

Every test rigs a table with ``heroes_env.scenario.build`` (``"hero": ...`` per seat), scripts each
decision by its label and checks one rule. Rule sources: the 三国杀 standard rules (hero texts at
its end),
/work/shared/rules/DECISIONS.md §4.1 (binding where the seed differs from later versions) and
TRUSTED_ENGINES.md §3 (蜀) and §5 (edge cases).

Seats in a 4-player table: 0 lord, 1 rebel, 2 loyalist, 3 renegade unless a test says otherwise.
Without horses or 马术, seats 1 and 3 are at distance 1 from seat 0, seat 2 at distance 2. The lord
of a 4-player table gets no extra HP.
"""
import numpy as np
from helpers import damage, discard_names, equip_names, event_args, expect, hand_names, names
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills.ids import (
    SK_GUANXING,
    SK_JIJIANG,
    SK_LIULI,
    SK_LONGDAN,
    SK_RENDE,
    SK_WUSHENG,
)
from heroes_env.scenario import build

# a card that is always usable in the play phase and changes nothing while in hand (a black +1
# horse: 武圣 cannot turn it into a 杀): it keeps the player in its play phase
ANCHOR = "dilu"
A = "Dilu ♣5"


def labels_of(g, cards):
    return [g.card_name(c) for c in cards]


def seats(*ds, roles=("lord", "rebel", "loyalist", "renegade", "rebel", "rebel", "loyalist",
                       "rebel")):
    """Seat dicts for build(), roles filled in by position."""
    out = []
    for i, d in enumerate(ds):
        d = dict(d)
        d.setdefault("role", roles[i])
        out.append(d)
    return out


# ====================================================================== heroes
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


def test_non_lord_liubei_has_no_jijiang_and_five_player_lord_bonus():
    """激将 is a lord skill: a non-lord 刘备 lacks it. With 5 players the lord gets +1 max HP."""
    g = build(seats({"hero": "guanyu"}, {"hero": "liubei"}, {}, {}, {}))
    assert g.skills(1) == ["rende"]
    assert g.hp(0) == 5 and g.max_hp(0) == 5
    assert g.hp(1) == 4


# ====================================================================== 仁德
def test_rende_gives_chosen_cards_to_one_living_player():
    """仁德: choose another living player, then give hand cards one by one; "confirm" only after
    the first card; the cards land in the receiver's hand."""
    g = table({"hero": "liubei", "hand": ["jink ♦2", "slash ♠7", "peach ♥3"],
               "equip": ["zhuahuangfeidian"]}, {}, {}, {"alive": False})
    assert "skill Benevolence" in g.legal_labels()
    g.play("skill Benevolence")
    expect(g, 0, C.DK_SKILL_TARGET)
    assert g.s[C.H_DSKILL] == SK_RENDE
    assert g.legal_labels() == ["target player_1", "target player_2"]   # not himself, not the dead
    g.play("target player_2")
    expect(g, 0, C.DK_SKILL_CARD)
    # hand cards only (not the equipped horse); no "confirm" before the first card
    assert g.legal_labels() == ["Slash ♠7", "Peach ♥3", "Jink ♦2"]
    g.play("Jink ♦2")
    assert g.legal_labels() == ["confirm", "Slash ♠7", "Peach ♥3"]
    g.play("Slash ♠7")
    g.play("confirm")
    assert hand_names(g, 2) == ["Jink ♦2", "Slash ♠7"]
    assert hand_names(g, 0) == ["Peach ♥3"]
    assert event_args(g, C.EV_GIVE) == [(0, 83, 2), (0, 14, 2)]
    assert (0, SK_RENDE, 2) in event_args(g, C.EV_SKILL)
    expect(g, 0, C.DK_PLAY)


def test_rende_heals_on_second_and_fourth_card_across_activations():
    """仁德: every second card given in one play phase (2nd, 4th, ...) heals 刘备 1, counted across
    several activations and receivers."""
    g = table({"hero": "liubei", "hp": 1,
               "hand": ["jink ♦2", "jink ♦3", "jink ♦4", "jink ♦5", "jink ♦6"]})
    g.play("skill Benevolence")
    g.play("target player_1")
    g.play("Jink ♦2")                      # 1st
    g.play("confirm")
    assert g.hp(0) == 1
    g.play("skill Benevolence")
    g.play("target player_2")
    g.play("Jink ♦3")                      # 2nd: heal
    assert g.hp(0) == 2
    g.play("Jink ♦4")                      # 3rd
    assert g.hp(0) == 2
    g.play("confirm")
    g.play("skill Benevolence")
    g.play("target player_3")
    g.play("Jink ♦5")                      # 4th: heal
    assert g.hp(0) == 3
    g.play("confirm")
    assert event_args(g, C.EV_HEAL) == [(0, 1, 0), (0, 1, 0)]
    assert [len(g.hand(i)) for i in range(4)] == [1, 1, 2, 1]
    expect(g, 0, C.DK_PLAY)


def test_rende_heal_never_above_max_hp():
    """仁德 heals only a wounded 刘备, never above max HP: the 2nd card heals him to full, the 4th
    heals nothing."""
    g = table({"hero": "liubei", "hp": 3,
               "hand": ["jink ♦2", "jink ♦3", "jink ♦4", "jink ♦5", ANCHOR]})
    g.play("skill Benevolence")
    g.play("target player_1")
    for c in ("Jink ♦2", "Jink ♦3", "Jink ♦4", "Jink ♦5"):
        g.play(c)
    g.play("confirm")
    assert g.hp(0) == 4 and g.max_hp(0) == 4
    assert event_args(g, C.EV_HEAL) == [(0, 1, 0)]          # only the 2nd card healed


def test_rende_ends_by_itself_with_the_last_card():
    """仁德 with the last hand card given ends without "confirm"; with no hand card it is not
    offered."""
    g = table({"hero": "liubei", "hand": ["jink ♦2"]}, autoplay=False)
    assert g.legal_labels() == ["pass", "skill Benevolence"]
    g.play("skill Benevolence")
    g.play("target player_3")
    g.play("Jink ♦2")
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass"]
    assert hand_names(g, 3) == ["Jink ♦2"]


def test_rende_count_starts_again_in_the_next_play_phase():
    """仁德 (DECISIONS §4.1): the cards are counted per play phase; one card in each of two turns
    heals nothing."""
    g = table({"hero": "liubei", "hp": 2, "hand": ["jink ♦2", "jink ♦3"]}, {"hp": 4}, {}, {},
              deck_top=["dilu", "jueying", "zhuahuangfeidian", "chitu",
                        "zixing", "dayuan", "eight_diagram ♠2", "eight_diagram ♣2",
                        "nioh_shield", "crossbow ♣A"])
    g.play("skill Benevolence")
    g.play("target player_1")
    g.play("Jink ♦2")
    g.play("confirm")
    g.play("pass")                         # end of 刘备's play phase
    # the others' turns: they draw two equipment cards each and end their play phase
    while not (g.current == 0 and g.phase == C.PH_PLAY):
        assert g.decision_kind == C.DK_PLAY, g.describe_decision()
        g.play("pass")
    assert g.hp(0) == 2
    g.play("skill Benevolence")
    g.play("target player_1")
    g.play("Jink ♦3")
    assert g.hp(0) == 2
    assert event_args(g, C.EV_HEAL) == []


# ====================================================================== 激将 (responses)
def test_jijiang_savage_assault_helper_gives_the_slash():
    """激将: asked for a 杀 by 南蛮入侵, 刘备 (holding none) may call on 激将; a 蜀 character who
    plays a 杀 plays it for him: he takes no damage."""
    g = table({"hero": "liubei"}, {"hero": "zhangfei", "hand": ["slash ♠8"]}, {},
              {"hand": ["savage_assault", ANCHOR]}, current=3)
    g.play("savage_assault")
    expect(g, 0, C.DK_SLASH)
    assert g.legal_labels() == ["pass", "skill Rouse"]
    g.play("skill Rouse")
    expect(g, 1, C.DK_SLASH)
    assert g.legal_labels() == ["pass", "Slash ♠8"]
    g.play("Slash ♠8")
    # 张飞 has no 杀 left for his own 南蛮入侵 answer
    assert damage(g) == [(3, 1, 1), (3, 2, 1)]
    assert g.hp(0) == 4
    assert (0, SK_JIJIANG, -1) in event_args(g, C.EV_SKILL)
    assert (1, 15, -1) in event_args(g, C.EV_RESPOND)
    assert "Slash ♠8" in discard_names(g)
    expect(g, 3, C.DK_PLAY)


def test_jijiang_asks_shu_in_seat_order_then_lord_again_without_it():
    """激将: every other living 蜀 character is asked in seat order from the current player (not
    the 魏 one); if nobody gives a 杀, 刘备 is asked again, now without 激将."""
    g = build(seats({"hero": "liubei", "hand": ["slash ♠7"]},
                    {"hero": "zhaoyun", "hand": ["slash ♠8"]},
                    {"hero": "caocao", "hand": ["slash ♠9"]},
                    {"hand": ["savage_assault", ANCHOR]},
                    {"hero": "machao", "hand": ["slash ♠10"]}), current=3)
    g.play("savage_assault")
    expect(g, 4, C.DK_SLASH)               # 南蛮入侵: player_4 first
    g.play("pass")
    expect(g, 0, C.DK_SLASH)
    assert g.legal_labels() == ["pass", "Slash ♠7", "skill Rouse"]
    g.play("skill Rouse")
    asked = []
    while g.decider != 0:
        assert g.decision_kind == C.DK_SLASH
        asked.append(g.decider)
        g.play("pass")
    assert asked == [4, 1]                 # from the current player (3): 4, then 1; 曹操 is 魏
    expect(g, 0, C.DK_SLASH)
    assert g.legal_labels() == ["pass", "Slash ♠7"]
    g.play("Slash ♠7")
    assert g.hp(0) == 5
    assert (0, 3, 1) not in damage(g)


def test_jijiang_in_duel_helper_uses_wusheng():
    """激将 in a 决斗 (刘备 the target): 关羽 answers with a red card through 武圣; the duel goes
    on with its user, who has no 杀 and takes the damage from 刘备."""
    g = table({"hero": "liubei"}, {"hero": "guanyu", "hand": ["peach ♥3"]}, {},
              {"hand": ["duel", ANCHOR]}, current=3)
    g.play("duel")
    g.play("target player_0")
    expect(g, 0, C.DK_SLASH)
    assert g.legal_labels() == ["pass", "skill Rouse"]
    g.play("skill Rouse")
    expect(g, 1, C.DK_SLASH)
    assert g.legal_labels() == ["pass", "Peach ♥3"]
    g.play("Peach ♥3")
    assert damage(g) == [(0, 3, 1)]
    assert g.hp(0) == 4
    assert g.hand(1) == []
    assert "Peach ♥3" in discard_names(g)


def test_jijiang_as_duel_user_helpers_from_current_player():
    """激将 when 刘备 is the user of a 决斗: asked from the current player (himself) on, 蜀 only;
    the helper's 杀 answers for him and the target, out of 杀, loses to him."""
    g = table({"hero": "liubei", "hand": ["duel", ANCHOR]}, {"hand": ["slash ♠8"]},
              {"hero": "machao", "hand": ["slash ♠9"]}, {"hero": "guanyu", "hand": ["slash ♠10"]})
    g.play("duel")
    g.play("target player_1")
    g.play("Slash ♠8")
    expect(g, 0, C.DK_SLASH)
    assert g.legal_labels() == ["pass", "skill Rouse"]
    g.play("skill Rouse")
    expect(g, 2, C.DK_SLASH)
    g.play("pass")
    expect(g, 3, C.DK_SLASH)
    assert g.legal_labels() == ["pass", "Slash ♠10"]
    g.play("Slash ♠10")
    assert damage(g) == [(0, 1, 1)]
    assert hand_names(g, 2) == ["Slash ♠9"] and g.hand(3) == []
    expect(g, 0, C.DK_PLAY)


def test_jijiang_not_offered_for_collateral_or_jink():
    """激将 is for a 杀 asked by 决斗/南蛮入侵 only: not for 借刀杀人's 杀, not for a 闪."""
    g = table({"hero": "liubei", "hand": ["slash ♠7", "jink ♦2"], "equip": ["halberd"]},
              {"hero": "guanyu", "hand": ["slash ♠8", "peach ♥3"]}, {},
              {"hand": ["collateral", "archery_attack", ANCHOR]}, current=3)
    g.play("collateral")                   # player_0 is the only holder of a weapon: chosen alone
    g.play("target player_1")
    expect(g, 0, C.DK_SLASH)
    assert g.legal_labels() == ["pass", "Slash ♠7"]
    g.play("pass")
    assert "Sky Halberd ♦Q" in hand_names(g, 3)
    g.play("archery_attack")
    expect(g, 0, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Jink ♦2"]


def test_jijiang_not_offered_for_blade_follow_up():
    """激将 is not offered for 青龙偃月刀's follow-up 杀 (a 杀 he uses, not one asked of him)."""
    g = table({"hero": "liubei", "hand": ["slash ♠7", "slash ♠8", ANCHOR], "equip": ["blade"]},
              {"hand": ["jink ♦2"]}, {"hero": "zhangfei", "hand": ["slash ♠9"]}, {})
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")
    expect(g, 0, C.DK_SLASH)
    assert g.legal_labels() == ["pass", "Slash ♠8"]


def test_jijiang_needs_a_living_shu_character():
    """激将 is not offered when no other 蜀 character lives: 刘备 with no 杀 is simply hit."""
    g = table({"hero": "liubei"}, {"hero": "guanyu", "alive": False}, {"hero": "lvbu"},
              {"hand": ["savage_assault", ANCHOR]}, current=3)
    g.play("savage_assault")
    assert damage(g) == [(3, 0, 1), (3, 2, 1)]
    expect(g, 3, C.DK_PLAY)


# ====================================================================== 激将 (play phase)
def test_jijiang_play_phase_helper_slash_is_his_own_slash():
    """激将 in the play phase: choose a legal 杀 target, a 蜀 character gives a 杀, 刘备 uses it
    (damage from him) and it counts as his one 杀 of the phase."""
    g = table({"hero": "liubei", "hand": ["slash ♠7", ANCHOR]}, {}, {"hero": "zhangfei",
              "hand": ["slash ♠8"]}, {})
    assert g.legal_labels() == ["pass", "Slash ♠7", A, "skill Benevolence", "skill Rouse"]
    g.play("skill Rouse")
    expect(g, 0, C.DK_SKILL_TARGET)
    assert g.legal_labels() == ["target player_1", "target player_3"]     # his attack range
    g.play("target player_1")
    expect(g, 2, C.DK_SLASH)
    assert g.legal_labels() == ["pass", "Slash ♠8"]
    g.play("Slash ♠8")
    assert damage(g) == [(0, 1, 1)]
    assert (0, 15, 1) in event_args(g, C.EV_USE)
    assert g.hand(2) == []
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass", A, "skill Benevolence"]      # no second 杀, no second 激将
    assert int(g.s[C.P_SLASHES + 0]) == 1


def test_jijiang_play_phase_nobody_helps_not_again_this_phase():
    """激将 in the play phase: if no 蜀 character gives a 杀, no 杀 is used, his own 杀 stays
    usable, and 激将 cannot be used again in this play phase."""
    g = table({"hero": "liubei", "hand": ["slash ♠7", ANCHOR]}, {"hero": "guanyu",
              "hand": ["peach ♥3"]}, {"hero": "zhaoyun", "hand": ["jink ♦2"]}, {})
    g.play("skill Rouse")
    g.play("target player_3")
    asked = []
    while g.decider != 0:
        asked.append(g.decider)
        g.play("pass")
    assert asked == [1, 2]
    assert damage(g) == []
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass", "Slash ♠7", A, "skill Benevolence"]
    assert int(g.s[C.P_SLASHES + 0]) == 0


def test_jijiang_play_phase_spent_when_no_shu_holds_a_slash():
    """激将 in the play phase with no 杀 among the 蜀: nobody can give one; 激将 is spent for the
    phase, his own 杀 is still usable."""
    g = table({"hero": "liubei", "hand": ["slash ♠7", ANCHOR]}, {},
              {"hero": "zhangfei", "hand": ["jink ♦2"]}, {})
    g.play("skill Rouse")
    g.play("target player_1")
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass", "Slash ♠7", A, "skill Benevolence"]
    assert damage(g) == [] and hand_names(g, 2) == ["Jink ♦2"]


def test_jijiang_play_phase_helper_uses_longdan():
    """激将 in the play phase: 赵云 provides the 杀 with a 闪 through 龙胆."""
    g = table({"hero": "liubei", "hand": [ANCHOR]}, {}, {"hero": "zhaoyun", "hand": ["jink ♦2"]},
              {"hand": ["jink ♦3"]})
    g.play("skill Rouse")
    g.play("target player_3")
    expect(g, 2, C.DK_SLASH)
    assert g.legal_labels() == ["pass", "Jink ♦2"]
    g.play("Jink ♦2")
    expect(g, 3, C.DK_JINK)                # the target answers 刘备's 杀
    g.play("pass")
    assert damage(g) == [(0, 3, 1)]
    assert "Jink ♦2" in discard_names(g)


def test_jijiang_play_phase_not_after_his_slash():
    """激将 in the play phase is a 杀 use: not offered once he has used his 杀."""
    g = table({"hero": "liubei", "hand": ["slash ♠7", ANCHOR]}, {}, {"hero": "zhangfei",
              "hand": ["slash ♠8"]}, {})
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass", A, "skill Benevolence"]


# ====================================================================== 武圣
def test_wusheng_play_phase_any_red_card_hand_or_equipment():
    """武圣 in the play phase: "skill Warrior Saint" offers every red card, hand or equipment (a 桃
    at full HP included), never a black one; the 杀 counts towards the limit."""
    g = table({"hero": "guanyu", "hand": ["peach ♥3", "jink ♦2", "duel ♠A", ANCHOR],
               "equip": ["zhuahuangfeidian", "eight_diagram ♠2"]}, {}, {}, {})
    assert "skill Warrior Saint" in g.legal_labels()
    g.play("skill Warrior Saint")
    expect(g, 0, C.DK_SKILL_CARD)
    assert g.s[C.H_DSKILL] == SK_WUSHENG
    assert g.legal_labels() == ["Peach ♥3", "Zhuahuang Feidian ♥K", "Jink ♦2"]
    g.play("Peach ♥3")
    expect(g, 0, C.DK_TARGET)
    assert g.legal_labels() == ["target player_1", "target player_3"]
    g.play("target player_3")
    assert damage(g) == [(0, 3, 1)]
    assert (0, 32, 3) in event_args(g, C.EV_USE)
    expect(g, 0, C.DK_PLAY)
    assert "skill Warrior Saint" not in g.legal_labels()


def test_wusheng_red_weapon_as_slash_has_range_without_it():
    """武圣 with the equipped red weapon as the 杀: the range is computed without it (a target at
    distance 2 is not offered, while a hand card keeps the weapon's range)."""
    g = table({"hero": "guanyu", "hand": ["jink ♦2", ANCHOR], "equip": ["halberd"]}, {}, {}, {})
    g.play("skill Warrior Saint")
    assert g.legal_labels() == ["Jink ♦2", "Sky Halberd ♦Q"]
    h = g.clone()
    g.play("Sky Halberd ♦Q")
    expect(g, 0, C.DK_TARGET)
    assert g.legal_labels() == ["target player_1", "target player_3"]
    h.play("Jink ♦2")
    assert h.legal_labels() == ["target player_1", "target player_2", "target player_3"]


def test_wusheng_red_minus_horse_as_slash_distance_without_it():
    """武圣 with the equipped red -1 horse as the 杀: distance is computed without it."""
    g = table({"hero": "guanyu", "hand": ["jink ♦2", ANCHOR], "equip": ["chitu"]}, {}, {}, {})
    g.play("skill Warrior Saint")
    assert g.legal_labels() == ["Chitu ♥5", "Jink ♦2"]
    h = g.clone()
    g.play("Chitu ♥5")
    assert g.legal_labels() == ["target player_1", "target player_3"]
    h.play("Jink ♦2")
    assert h.legal_labels() == ["target player_1", "target player_2", "target player_3"]


def test_wusheng_weapon_not_offered_when_nobody_in_range_without_it():
    """武圣: the red weapon is not offered when, without it, nobody is in range."""
    g = table({"hero": "guanyu", "hand": ["jink ♦2", "peach ♥3", ANCHOR], "equip": ["kylin_bow"]},
              {"equip": ["jueying"]}, {}, {"equip": ["zhuahuangfeidian"]})
    g.play("skill Warrior Saint")
    assert g.legal_labels() == ["Peach ♥3", "Jink ♦2"]
    g.play("Jink ♦2")
    assert g.legal_labels() == ["target player_1", "target player_2", "target player_3"]


def test_wusheng_crossbow_itself_as_slash_keeps_the_limit():
    """武圣 with the equipped red 诸葛连弩 as the 杀: the crossbow is gone, so the one-杀 limit
    applies to that 杀 (TRUSTED_ENGINES §2.4, §5.9): after a 杀 this phase only hand cards may be
    turned into further 杀."""
    g = table({"hero": "guanyu", "hand": ["slash ♠7", "jink ♦2", "peach ♥3", ANCHOR],
               "equip": ["crossbow ♦A"]}, {}, {}, {})
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("skill Warrior Saint")
    expect(g, 0, C.DK_SKILL_CARD)
    assert g.legal_labels() == ["Peach ♥3", "Jink ♦2"]


def test_wusheng_crossbow_as_first_slash_is_allowed():
    """武圣: the equipped red 诸葛连弩 may be the first 杀 of the phase; afterwards the limit
    holds."""
    g = table({"hero": "guanyu", "hand": ["jink ♦2", ANCHOR], "equip": ["crossbow ♦A"]},
              {}, {}, {})
    g.play("skill Warrior Saint")
    assert g.legal_labels() == ["Crossbow ♦A", "Jink ♦2"]
    g.play("Crossbow ♦A")
    g.play("target player_1")
    assert damage(g) == [(0, 1, 1)]
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass", A]


def test_wusheng_weapon_as_collateral_slash_needs_range_without_it():
    """借刀杀人 on 关羽 (方天画戟, range 4) naming a victim at distance 2: his 杀 must be legal and
    in range (TRUSTED_ENGINES §2.14); made of the weapon itself, the range is 1 (§2.4, §5.10), so
    the weapon is not offered, a red hand card is."""
    g = table({"hand": ["collateral", ANCHOR]},
              {"hero": "guanyu", "hand": ["jink ♦2"], "equip": ["halberd"]}, {}, {})
    g.play("collateral")                   # player_1, the only holder of a weapon, chosen alone
    g.play("target player_3")
    expect(g, 1, C.DK_SLASH)
    assert g.legal_labels() == ["pass", "Jink ♦2"]


def test_wusheng_in_duel_with_an_equipment_card():
    """武圣 answers a 决斗 with a red equipment card (chosen directly); black cards are no 杀."""
    g = table({"hand": ["duel", ANCHOR]},
              {"hero": "guanyu", "hand": ["eight_diagram ♣2"],
               "equip": ["chitu", "eight_diagram ♠2"]}, {}, {})
    g.play("duel")
    g.play("target player_1")
    expect(g, 1, C.DK_SLASH)
    assert g.legal_labels() == ["pass", "Chitu ♥5"]
    g.play("Chitu ♥5")
    assert equip_names(g, 1) == ["Eight Diagram ♠2"]
    assert "Chitu ♥5" in discard_names(g)
    assert (1, 35, -1) in event_args(g, C.EV_RESPOND)
    assert damage(g) == [(1, 0, 1)]        # the user has no 杀: 关羽 wins


def test_wusheng_answers_savage_assault_with_red_hand_card():
    """武圣 answers 南蛮入侵 with any red hand card."""
    g = table({"hand": ["savage_assault", ANCHOR]},
              {"hero": "guanyu", "hand": ["peach ♥3", "slash ♣2", "duel ♠A"]}, {}, {})
    g.play("savage_assault")
    expect(g, 1, C.DK_SLASH)
    assert g.legal_labels() == ["pass", "Peach ♥3", "Slash ♣2"]
    g.play("Peach ♥3")
    assert (0, 1, 1) not in damage(g)
    assert hand_names(g, 1) == ["Duel ♠A", "Slash ♣2"]


def test_wusheng_makes_no_jink():
    """武圣 turns red cards into 杀 only: against 万箭齐发 关羽 with red non-闪 cards is hit."""
    g = table({"hand": ["archery_attack", ANCHOR]},
              {"hero": "guanyu", "hand": ["peach ♥3", "slash ♥10"]}, {}, {})
    g.play("archery_attack")
    assert damage(g) == [(0, 1, 1), (0, 2, 1), (0, 3, 1)]
    assert hand_names(g, 1) == ["Peach ♥3", "Slash ♥10"]


# ====================================================================== 飞将
def test_feijiang_three_slashes_in_one_play_phase():
    """飞将 (=咆哮): any number of 杀 in the play phase."""
    g = table({"hero": "zhangfei", "hand": ["slash ♠7", "slash ♠8", "slash ♠9", ANCHOR]},
              {}, {}, {})
    for card in ("Slash ♠7", "Slash ♠8", "Slash ♠9"):
        expect(g, 0, C.DK_PLAY)
        assert card in g.legal_labels()
        g.play(card)
        g.play("target player_1")
    assert damage(g) == [(0, 1, 1)] * 3
    assert g.hp(1) == 1
    assert int(g.s[C.P_SLASHES + 0]) == 3
    expect(g, 0, C.DK_PLAY)


def test_without_feijiang_second_slash_not_offered():
    """Control: another 蜀 hero without 飞将 (赵云) gets one 杀 per play phase."""
    g = table({"hero": "zhaoyun", "hand": ["slash ♠7", "slash ♠8", ANCHOR]}, {}, {}, {})
    g.play("Slash ♠7")
    g.play("target player_1")
    assert g.legal_labels() == ["pass", A]


# ====================================================================== 观星
GX_TOP = ["peach ♥3", "slash ♠7", "jink ♦2", "ex_nihilo ♥7", "duel ♠A", "chitu"]


def guanxing_table(**kw):
    return table({"hero": "zhugeliang", "hand": [ANCHOR]}, {}, {}, {}, phase="start",
                 deck_top=GX_TOP, **kw)


def test_guanxing_asked_at_start_and_can_be_declined():
    """观星 is optional: asked at his start phase; declined, the draw phase draws the top two."""
    g = guanxing_table()
    expect(g, 0, C.DK_CONFIRM)
    assert g.s[C.H_DSKILL] == SK_GUANXING
    assert g.legal_labels() == ["pass", "confirm"]
    g.play("pass")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == sorted([A, "Peach ♥3", "Slash ♠7"])
    assert labels_of(g, g.draw_pile()[:2]) == ["Jink ♦2", "Ex Nihilo ♥7"]


def test_guanxing_looks_at_top_three_privately():
    """观星: he sees the top 3 (in his observation only); stage 0 offers each card or "confirm"."""
    g = guanxing_table()
    g.play("confirm")
    expect(g, 0, C.DK_SKILL_CARD)
    looked = sorted(g.zone_cards(C.Z_LOOK))
    assert names(g, looked) == sorted(["Peach ♥3", "Slash ♠7", "Jink ♦2"])
    assert g.legal_labels() == ["confirm", "Slash ♠7", "Peach ♥3", "Jink ♦2"]
    mine = g.observe(0)[C.OBS_LOOK:C.OBS_LOOK + C.MAX_CARDS]
    assert np.flatnonzero(mine).tolist() == looked
    for other in (1, 2, 3):
        assert not g.observe(other)[C.OBS_LOOK:C.OBS_LOOK + C.MAX_CARDS].any()


def test_guanxing_all_to_the_bottom():
    """观星: all three to the bottom (each pick under the others); he draws the 4th and 5th."""
    g = guanxing_table()
    g.play("confirm")
    g.play("Jink ♦2")
    assert g.legal_labels() == ["confirm", "Slash ♠7", "Peach ♥3"]
    g.play("Peach ♥3")
    g.play("Slash ♠7")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == sorted([A, "Ex Nihilo ♥7", "Duel ♠A"])
    assert labels_of(g, g.draw_pile()[:1]) == ["Chitu ♥5"]
    assert labels_of(g, g.draw_pile()[-3:]) == ["Jink ♦2", "Peach ♥3", "Slash ♠7"]
    assert g.zone_cards(C.Z_LOOK) == []


def test_guanxing_all_on_top_in_chosen_order():
    """观星: all three back on top in the chosen order (first pick = top); he draws the first two
    picks and the third stays on top."""
    g = guanxing_table()
    g.play("confirm")
    g.play("confirm")                      # nothing to the bottom
    expect(g, 0, C.DK_SKILL_CARD)
    assert g.legal_labels() == ["Slash ♠7", "Peach ♥3", "Jink ♦2"]     # no "confirm" now
    g.play("Jink ♦2")
    g.play("Slash ♠7")                     # the last one (Peach) goes third by itself
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == sorted([A, "Jink ♦2", "Slash ♠7"])
    assert labels_of(g, g.draw_pile()[:2]) == ["Peach ♥3", "Ex Nihilo ♥7"]


def test_guanxing_split_top_and_bottom():
    """观星: one card to the bottom, the other two on top in a chosen order."""
    g = guanxing_table()
    g.play("confirm")
    g.play("Peach ♥3")
    g.play("confirm")
    assert g.legal_labels() == ["Slash ♠7", "Jink ♦2"]
    g.play("Jink ♦2")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == sorted([A, "Jink ♦2", "Slash ♠7"])
    assert labels_of(g, g.draw_pile()[:1]) == ["Ex Nihilo ♥7"]
    assert labels_of(g, g.draw_pile()[-1:]) == ["Peach ♥3"]


def test_guanxing_before_the_judge_phase():
    """观星 comes at the start of the turn, before the judgement: the card he puts on top is the
    judgement of his 乐不思蜀 (a ♥: no effect), then he draws the next two."""
    g = table({"hero": "zhugeliang", "hand": [ANCHOR], "judge": ["indulgence ♠6"]}, {}, {}, {},
              phase="start", deck_top=GX_TOP)
    g.play("confirm")
    g.play("confirm")
    g.play("Peach ♥3")
    g.play("Jink ♦2")
    assert event_args(g, C.EV_JUDGE)[0][:2] == (0, 32)
    expect(g, 0, C.DK_PLAY)                # the play phase was not skipped
    assert hand_names(g, 0) == sorted([A, "Jink ♦2", "Slash ♠7"])


# ====================================================================== 空城
def test_kongcheng_empty_hand_not_target_of_slash_or_duel():
    """空城: with no hand cards 诸葛亮 cannot be chosen for 杀 or 决斗 (equipment does not
    count)."""
    g = table({"hand": ["slash ♠7", "duel", ANCHOR], "equip": ["qinggang_sword"]},
              {"hero": "zhugeliang", "equip": ["eight_diagram ♠2"]}, {}, {})
    h = g.clone()
    g.play("Slash ♠7")
    assert g.legal_labels() == ["target player_2", "target player_3"]
    h.play("Duel ♠A")
    assert h.legal_labels() == ["target player_2", "target player_3"]


def test_kongcheng_slash_not_usable_when_he_is_the_only_one_in_range():
    """空城: a 杀 whose only target in range is an empty-handed 诸葛亮 is not usable at all."""
    g = table({"hand": ["slash ♠7", ANCHOR]}, {"hero": "zhugeliang"}, {},
              {"equip": ["jueying"]}, autoplay=False)
    assert g.legal_labels() == ["pass", A]


def test_kongcheng_still_hit_by_savage_assault():
    """空城 protects only from being chosen for 杀/决斗: 南蛮入侵 still hits him."""
    g = table({"hand": ["savage_assault", ANCHOR]}, {"hero": "zhugeliang"}, {}, {})
    g.play("savage_assault")
    assert damage(g) == [(0, 1, 1), (0, 2, 1), (0, 3, 1)]
    assert g.hp(1) == 2


def test_kongcheng_collateral_victim_choice_respects_it():
    """空城: 借刀杀人's victim choice skips an empty-handed 诸葛亮 in the holder's range; a holder
    whose only possible victim he is cannot be chosen at all."""
    g = table({"hand": ["collateral", ANCHOR]}, {}, {"hero": "zhugeliang"},
              {"equip": ["qinggang_sword"]})
    g.play("collateral")                   # player_3, the only holder of a weapon, chosen alone
    expect(g, 0, C.DK_TARGET)
    assert int(g.s[C.DX_TARGET_FIRST]) == 3
    assert g.legal_labels() == ["target player_0", "target player_1"]
    # player_3's 连弩 reaches only player_2 (诸葛亮, empty hand) and player_0 (+1 horse: no)
    h = table({"hand": ["collateral", ANCHOR], "equip": ["jueying"]}, {}, {"hero": "zhugeliang"},
              {"equip": ["crossbow ♣A"]}, autoplay=False)
    assert h.legal_labels() == ["pass", A]


def test_kongcheng_own_last_card_collateral_cannot_make_him_the_victim():
    """空城 with 借刀杀人 as his last hand card: once it is used his hand is empty, so he is no
    legal victim; if he would be the only one, 借刀杀人 is not offered at all (found by random play:
    the target choice had no legal action)."""
    g = table({"hero": "zhugeliang", "hand": ["collateral"]},
              {"equip": ["crossbow ♣A"]}, {"alive": False}, {"alive": False}, autoplay=False)
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass"]
    # with a second card in hand he keeps one, and may be named the victim
    g = table({"hero": "zhugeliang", "hand": ["collateral", "jink"]},
              {"equip": ["crossbow ♣A"]}, {"alive": False}, {"alive": False}, autoplay=False)
    g.play("collateral")
    g.play("target player_1")
    assert g.legal_labels() == ["target player_0"]


def test_kongcheng_targetable_again_once_he_holds_a_card():
    """空城 holds only while his hand is empty: after 仁德 gives him a card, 刘备's 杀 may target
    him."""
    g = table({"hero": "liubei", "hand": ["slash ♠7", "jink ♦2", ANCHOR],
               "equip": ["qinggang_sword"]}, {"hero": "zhugeliang"}, {}, {})
    h = g.clone()
    h.play("Slash ♠7")
    assert h.legal_labels() == ["target player_2", "target player_3"]
    g.play("skill Benevolence")
    g.play("target player_1")
    g.play("Jink ♦2")
    g.play("confirm")
    g.play("Slash ♠7")
    assert g.legal_labels() == ["target player_1", "target player_2", "target player_3"]
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    g.play("Jink ♦2")
    assert damage(g) == []


def test_kongcheng_duel_already_targeted_goes_on_after_his_last_card():
    """空城 is checked only when choosing targets (TRUSTED_ENGINES §5.16): a 决斗 on 诸葛亮 goes on
    after he plays his last card, and he loses it."""
    g = table({"hand": ["duel", "slash ♠7", ANCHOR]}, {"hero": "zhugeliang", "hand": ["slash ♠8"]},
              {}, {})
    g.play("duel")
    g.play("target player_1")
    g.play("Slash ♠8")
    expect(g, 0, C.DK_SLASH)
    g.play("Slash ♠7")
    assert damage(g) == [(0, 1, 1)]
    assert g.hp(1) == 2


def test_kongcheng_no_blade_follow_up_after_his_last_card():
    """空城: after 诸葛亮 dodges with his last hand card, 青龙偃月刀's follow-up 杀 (a new 杀 on
    him) is not offered."""
    g = table({"hand": ["slash ♠7", "slash ♠8", ANCHOR], "equip": ["blade"]},
              {"hero": "zhugeliang", "hand": ["jink ♦2"]}, {}, {})
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass", A]
    assert damage(g) == []


def test_kongcheng_not_a_liuli_target():
    """空城: 流离 cannot pass a 杀 on to an empty-handed 诸葛亮 (he would be chosen as its target);
    with a card in hand he can be."""
    g = table({"hand": ["slash ♠7", ANCHOR]}, {"hero": "daqiao", "hand": ["jink ♦2", "peach ♥3"]},
              {"hero": "zhugeliang"}, {})
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)                # no 流离 prompt: nobody to pass it to
    h = table({"hand": ["slash ♠7", ANCHOR]}, {"hero": "daqiao", "hand": ["jink ♦2", "peach ♥3"]},
              {"hero": "zhugeliang", "hand": ["jink ♦3"]}, {})
    h.play("Slash ♠7")
    h.play("target player_1")
    expect(h, 1, C.DK_SKILL_CARD)
    h.play("Peach ♥3")                     # the only new target, player_2, is chosen alone
    expect(h, 2, C.DK_JINK)
    assert (1, SK_LIULI, 2) in event_args(h, C.EV_SKILL)


# ====================================================================== 龙胆
def test_longdan_slash_card_answers_a_slash():
    """龙胆: a 杀 card used as 闪 against a 杀."""
    g = table({"hand": ["slash ♠7", ANCHOR]}, {"hero": "zhaoyun", "hand": ["slash ♠8", "peach ♥3"]},
              {}, {})
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Slash ♠8"]
    g.play("Slash ♠8")
    assert damage(g) == []
    assert (1, 15, -1) in event_args(g, C.EV_RESPOND)
    assert hand_names(g, 1) == ["Peach ♥3"]
    assert "Slash ♠8" in discard_names(g)


def test_longdan_jink_as_slash_in_play_phase_counts_towards_limit():
    """龙胆 in the play phase: "skill Dragon Heart" offers his 闪 (only), used as a 杀; it is his
    one 杀."""
    g = table({"hero": "zhaoyun", "hand": ["jink ♦2", "jink ♦3", "slash ♠7", ANCHOR]}, {}, {}, {})
    assert g.legal_labels() == ["pass", "Slash ♠7", A, "skill Dragon Heart"]
    g.play("skill Dragon Heart")
    expect(g, 0, C.DK_SKILL_CARD)
    assert g.s[C.H_DSKILL] == SK_LONGDAN
    assert g.legal_labels() == ["Jink ♦2", "Jink ♦3"]
    g.play("Jink ♦2")
    assert g.legal_labels() == ["target player_1", "target player_3"]
    g.play("target player_1")
    assert damage(g) == [(0, 1, 1)]
    assert (0, 83, 1) in event_args(g, C.EV_USE)
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass", A]


def test_longdan_jink_card_answers_savage_assault():
    """龙胆: a 闪 card played as 杀 against 南蛮入侵."""
    g = table({"hand": ["savage_assault", ANCHOR]}, {"hero": "zhaoyun", "hand": ["jink ♦2"]},
              {}, {})
    g.play("savage_assault")
    expect(g, 1, C.DK_SLASH)
    assert g.legal_labels() == ["pass", "Jink ♦2"]
    g.play("Jink ♦2")
    assert damage(g) == [(0, 2, 1), (0, 3, 1)]


def test_longdan_slash_card_answers_archery_attack():
    """龙胆: a 杀 card played as 闪 against 万箭齐发."""
    g = table({"hand": ["archery_attack", ANCHOR]}, {"hero": "zhaoyun", "hand": ["slash ♠8"]},
              {}, {})
    g.play("archery_attack")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Slash ♠8"]
    g.play("Slash ♠8")
    assert damage(g) == [(0, 2, 1), (0, 3, 1)]


def test_longdan_jink_answers_duel():
    """龙胆 in a 决斗: 赵云 alternates 闪 cards as 杀 and wins."""
    g = table({"hand": ["duel", "slash ♠7", ANCHOR]},
              {"hero": "zhaoyun", "hand": ["jink ♦2", "jink ♦3"]}, {}, {})
    g.play("duel")
    g.play("target player_1")
    g.play("Jink ♦2")
    g.play("Slash ♠7")
    g.play("Jink ♦3")
    assert damage(g) == [(1, 0, 1)]


# ====================================================================== 马术
def test_mashu_distance_both_ways():
    """马术: his distance to others -1 (he reaches player_2), others' distance to him +1 (his
    neighbour cannot 杀 him without a weapon)."""
    g = table({"hero": "machao", "hand": ["slash ♠7", ANCHOR]}, {"hand": ["slash ♠8", "jueying"]},
              {}, {})
    g.play("Slash ♠7")
    assert g.legal_labels() == ["target player_1", "target player_2", "target player_3"]
    # player_1's other neighbour rides a +1 horse: 马超 would be its only target, and is not one
    h = table({"hero": "machao"}, {"hand": ["slash ♠8", ANCHOR]}, {"equip": ["jueying"]}, {},
              current=1, autoplay=False)
    assert h.legal_labels() == ["pass", A]


def test_mashu_stacks_with_his_minus_horse():
    """马术 + his own -1 horse: distance -2 (six seats: the opposite seat is at distance 1)."""
    g = build(seats({"hero": "machao", "hand": ["snatch", ANCHOR], "equip": ["chitu"]},
                    {"hand": ["jink"]}, {"hand": ["jink"]}, {"hand": ["jink"]}, {"hand": ["jink"]},
                    {"hand": ["jink"]}))
    g.play("snatch")
    assert g.legal_labels() == ["target player_1", "target player_2", "target player_3",
                                "target player_4", "target player_5"]


def test_mashu_stacks_with_his_plus_horse():
    """马术 + his own +1 horse: others' distance to him +2 (a range-2 weapon next to him falls
    short, a range-3 one reaches)."""
    g = build(seats({"hero": "machao", "equip": ["zhuahuangfeidian"]},
                    {"hand": ["slash ♠7", ANCHOR], "equip": ["double_swords"]},
                    {}, {}, {}, {}), current=1)
    g.play("Slash ♠7")
    assert g.legal_labels() == ["target player_2", "target player_3", "target player_5"]
    h = build(seats({"hero": "machao", "equip": ["zhuahuangfeidian"]},
                    {"hand": ["slash ♠7", ANCHOR], "equip": ["blade"]},
                    {}, {}, {}, {}), current=1)
    h.play("Slash ♠7")
    assert "target player_0" in h.legal_labels()


def test_mashu_others_minus_horse_offsets_it():
    """马术 vs another's -1 horse: 1 - 1 + 1 = 1, the neighbour reaches him again."""
    g = table({"hero": "machao"}, {"hand": ["slash ♠8", ANCHOR], "equip": ["chitu"]}, {}, {},
              current=1)
    g.play("Slash ♠8")
    assert g.legal_labels() == ["target player_2", "target player_3", "target player_0"]


def test_mashu_vs_others_plus_horse():
    """马术 vs others' +1 horses: his neighbour with one is at 1 + 1 - 1 = 1, player_2 with one at
    2 + 1 - 1 = 2 (out of reach without a weapon)."""
    g = table({"hero": "machao", "hand": ["slash ♠7", ANCHOR]}, {"equip": ["jueying"]},
              {"equip": ["zhuahuangfeidian"]}, {})
    g.play("Slash ♠7")
    assert g.legal_labels() == ["target player_1", "target player_3"]


def test_mashu_only_one_horse():
    """马术: he may equip only one horse; a horse of the other kind replaces the one he has."""
    g = table({"hero": "machao", "hand": ["dilu", "zixing", "jueying"],
               "equip": ["chitu"]}, {}, {}, {})
    g.play("Dilu ♣5")
    assert equip_names(g, 0) == ["Dilu ♣5"]
    assert "Chitu ♥5" in discard_names(g)
    g.play("Zixing ♦K")
    assert equip_names(g, 0) == ["Zixing ♦K"]
    assert "Dilu ♣5" in discard_names(g)


# ====================================================================== 集智
def test_jizhi_ex_nihilo_draws_three_in_all():
    """集智: after using 无中生有 she draws 1 more: 3 cards in all."""
    g = table({"hero": "huangyueying", "hand": ["ex_nihilo", ANCHOR]},
              deck_top=["peach ♥3", "slash ♠7", "jink ♦2", "duel ♠A"])
    g.play("ex_nihilo")
    assert hand_names(g, 0) == sorted([A, "Peach ♥3", "Slash ♠7", "Jink ♦2"])
    assert labels_of(g, g.draw_pile()[:1]) == ["Duel ♠A"]
    assert len(event_args(g, C.EV_DRAW)) == 3


def test_jizhi_nullification_in_a_chain():
    """集智 after each 无懈可击 she uses, in a chain: she draws a 无懈可击, answers the counter with
    it and draws again (three 无懈可击: the 决斗 is cancelled)."""
    g = table({"hand": ["duel", ANCHOR]}, {"hero": "huangyueying", "hand": ["nullification ♠J"]},
              {"hand": ["slash ♠7"]}, {"hand": ["nullification ♣K"]},
              deck_top=["nullification ♣Q", "jink ♦2"])
    g.play("duel")
    g.play("target player_2")
    expect(g, 1, C.DK_NULLIFY)
    g.play("Nullification ♠J")
    assert hand_names(g, 1) == ["Nullification ♣Q"]
    expect(g, 1, C.DK_NULLIFY)             # next link, from the current player
    g.play("pass")
    expect(g, 3, C.DK_NULLIFY)
    g.play("Nullification ♣K")
    expect(g, 1, C.DK_NULLIFY)
    g.play("Nullification ♣Q")
    assert hand_names(g, 1) == ["Jink ♦2"]
    assert event_args(g, C.EV_NULLIFIED) == [(2, 0, 0)]
    assert damage(g) == []
    expect(g, 0, C.DK_PLAY)


def test_jizhi_draws_even_when_her_trick_is_nullified():
    """集智 rewards using the trick: she draws even though the target nullifies her 决斗."""
    g = table({"hero": "huangyueying", "hand": ["duel", ANCHOR]}, {"hand": ["nullification ♠J"]},
              {}, {}, deck_top=["peach ♥3"])
    g.play("duel")
    g.play("target player_1")
    g.play("Nullification ♠J")
    assert damage(g) == []
    assert hand_names(g, 0) == sorted([A, "Peach ♥3"])


def test_jizhi_after_delayed_tricks():
    """集智 counts delayed tricks too: 乐不思蜀 and 闪电 each draw 1."""
    g = table({"hero": "huangyueying", "hand": ["indulgence ♠6", "lightning ♠A", ANCHOR]},
              deck_top=["peach ♥3", "jink ♦2"])
    g.play("Indulgence ♠6")
    g.play("target player_2")
    assert hand_names(g, 0) == sorted([A, "Lightning ♠A", "Peach ♥3"])
    g.play("Lightning ♠A")
    assert hand_names(g, 0) == sorted([A, "Peach ♥3", "Jink ♦2"])
    assert names(g, g.judgement_zone(2)) == ["Indulgence ♠6"]
    assert names(g, g.judgement_zone(0)) == ["Lightning ♠A"]


def test_jizhi_not_after_basic_or_equipment():
    """集智 is for tricks only: a 杀 or an equipment card draws nothing."""
    g = table({"hero": "huangyueying", "hand": ["slash ♠7", "chitu", ANCHOR]},
              deck_top=["peach ♥3"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Chitu ♥5")
    assert event_args(g, C.EV_DRAW) == []
    assert hand_names(g, 0) == [A]


# ====================================================================== 奇才
def test_qicai_snatch_at_any_distance():
    """奇才: her 顺手牵羊 ignores distance (player_2 at 2, a +1 horse at 2); 集智 draws after it."""
    g = table({"hero": "huangyueying", "hand": ["snatch", ANCHOR]},
              {"equip": ["jueying"]}, {"hand": ["jink ♦3"]}, {"hand": ["jink ♦4"]},
              deck_top=["peach ♥3"])
    g.play("snatch")
    assert g.legal_labels() == ["target player_1", "target player_2", "target player_3"]
    g.play("target player_2")              # its only card, a hand card, is taken
    assert hand_names(g, 0) == sorted([A, "Jink ♦3", "Peach ♥3"])
    assert g.hand(2) == []


def test_snatch_distance_limit_without_qicai():
    """Control: without 奇才 (another 蜀 hero) 顺手牵羊 reaches only distance 1."""
    g = table({"hero": "zhaoyun", "hand": ["snatch", ANCHOR]},
              {"hand": ["jink ♦5"]}, {"hand": ["jink ♦3"]}, {"hand": ["jink ♦4"]})
    g.play("snatch")
    assert g.legal_labels() == ["target player_1", "target player_3"]
