"""空城 (诸葛亮; the standard pack): scenario tests. The skill: "Locked. While you have no hand
cards, you cannot be the target of a Slash or a Duel."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import DILU as ANCHOR
from helpers import DILU_LABEL as A
from helpers import damage, event_args, expect
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills.ids import SK_LIULI


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
    """空城 is checked only when choosing targets (as in the established engines): a 决斗 on
    诸葛亮 goes on after he plays his last card, and he loses it."""
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
