"""朴刀 (关羽; the 英雄杀 pack): scenario tests. The skill: "Outside your turn, after someone
else's Slash damages a living character, you may use a Slash on that character (no range
needed), and again after each of your Slashes that damages it."

Tables: ``table`` is ``helpers.table4_filled`` (four seats; living seats without a hero get
吕蒙).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import asked_by, damage, expect, hand_names
from helpers import skill_events_by_key as skill_events
from helpers import table4_filled as table

from heroes_env.engine import constants as C


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
