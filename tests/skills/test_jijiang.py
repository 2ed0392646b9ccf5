"""激将 (刘备; the standard pack): scenario tests. The skill: "Lord skill. When you need a
Slash, you may ask the other Shu characters, in seat order, to provide one for you. Used in your
play phase you choose the target first; if nobody helps, you cannot try again that phase."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import DILU as ANCHOR
from helpers import DILU_LABEL as A
from helpers import damage, discard_names, event_args, expect, hand_names, seats
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills.ids import SK_JIJIANG
from heroes_env.scenario import build


def test_non_lord_liubei_has_no_jijiang_and_five_player_lord_bonus():
    """激将 is a lord skill: a non-lord 刘备 lacks it. With 5 players the lord gets +1 max HP."""
    g = build(seats({"hero": "guanyu"}, {"hero": "liubei"}, {}, {}, {}))
    assert g.skills(1) == ["rende"]
    assert g.hp(0) == 5 and g.max_hp(0) == 5
    assert g.hp(1) == 4


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
