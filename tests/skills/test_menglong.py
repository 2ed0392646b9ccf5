"""朦胧 (钟雨岑; the classmates pack): scenario tests. The skill: "Locked. While you wear no
armour, when you need a Jink you may judge as with an Eight Diagram: on red it counts as your
Jink."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import damage, events, expect, hand_names, skill_events
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_menglong_counts_as_eight_diagram_red_dodges(invariants):
    """朦胧: with no armour, when asked for 闪 she may judge as with 八卦阵; red: a 闪."""
    g = table({"hand": ["slash ♠7", ANCHOR]}, {"hero": "zhongyucen", "hand": ["jink ♦2"]},
              deck_top=["peach ♥3"], autoplay=False)
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Jink ♦2", "skill Haze"]
    g.play("skill Haze")
    expect(g, 0, C.DK_PLAY)
    assert damage(g) == [] and hand_names(g, 1) == ["Jink ♦2"]
    assert skill_events(g, SK.SK_MENGLONG) == [(1, SK.SK_MENGLONG, -1)]
    assert [e[2] for e in events(g, C.EV_JUDGE)] == [32]          # 桃 ♥3 judged
    invariants(g)


def test_menglong_black_judgement_then_hand_jink_still_allowed():
    """朦胧: black: she may still use a 闪 from her hand (not judge again)."""
    g = table({"hand": ["slash ♠7", ANCHOR]}, {"hero": "zhongyucen", "hand": ["jink ♦2"]},
              deck_top=["slash ♠8"], autoplay=False)
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("skill Haze")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Jink ♦2"]
    g.play("pass")
    assert damage(g) == [(0, 1, 1)]


def test_menglong_not_with_armour_or_against_qinggang():
    """朦胧: not while she wears armour (her real armour answers), nor when 青釭剑 ignores
    armour."""
    g = table({"hand": ["slash ♥10", ANCHOR]},
              {"hero": "zhongyucen", "hand": ["jink ♦2"], "equip": ["nioh_shield"]}, autoplay=False)
    g.play("Slash ♥10")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Jink ♦2"]
    g2 = table({"hand": ["slash ♠7", ANCHOR], "equip": ["qinggang_sword"]},
               {"hero": "zhongyucen", "hand": ["jink ♦2"]}, autoplay=False)
    g2.play("Slash ♠7")
    g2.play("target player_1")
    assert g2.legal_labels() == ["pass", "Jink ♦2"]


def test_menglong_answers_archery_with_an_empty_hand():
    """朦胧 also answers a 闪 to be played (万箭齐发), even with no card in hand."""
    g = table({"hand": ["archery_attack", ANCHOR]}, {"hero": "zhongyucen"},
              deck_top=["jink ♥2"], autoplay=False)
    g.play("Archery Attack ♥A")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "skill Haze"]
    g.play("skill Haze")
    assert (1, 1, 1) not in damage(g) and g.hp(1) == 3
