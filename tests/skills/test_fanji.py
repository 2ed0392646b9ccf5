"""反击 (秦琼; the 英雄杀 pack): scenario tests. The skill: "After a Slash or a Duel damages you
and you survive, you may at once use a Slash on the damage source (no range needed, not counted
against your limit); a red one cannot be dodged."

Tables: ``table`` is ``helpers.table4_filled`` (four seats; living seats without a hero get
吕蒙).
"""

from helpers import SKILL_IDS as SK
from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import asked_by, damage, expect, hand_names
from helpers import skill_events_by_key as skill_events
from helpers import table4_filled as table

from heroes_env.engine import constants as C
from heroes_env.engine.rules import seat_distance


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
