"""龙胆 (赵云; the standard pack): scenario tests. The skill: "You may use or play a Slash from
your hand as a Jink, and a Jink as a Slash."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import DILU as ANCHOR
from helpers import DILU_LABEL as A
from helpers import damage, discard_names, event_args, expect, hand_names
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills.ids import SK_LONGDAN


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
