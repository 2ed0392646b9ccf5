"""武圣 (关羽; the standard pack): scenario tests. The skill: "You may use or play a red card,
from your hand or your equipment, as a Slash."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import DILU as ANCHOR
from helpers import DILU_LABEL as A
from helpers import damage, discard_names, equip_names, event_args, expect, hand_names
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills.ids import SK_WUSHENG


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
    applies to that 杀 (as in the established engines): after a 杀 this phase only hand cards
    may be turned into further 杀."""
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
    in range (docs/rules.md, Using cards); made of the weapon itself, the range is 1 (equipment
    used as the card does not count for range), so the weapon is not offered, a red hand card
    is."""
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
