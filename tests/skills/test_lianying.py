"""连营 (陆逊; the standard pack): scenario tests. The skill: "When you lose your last hand
card, you may draw a card."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import asked, damage, events, expect, hand_names, skill_events
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def lianying_dismantle(answer):
    g = table({"hand": ["dismantlement ♠3", ANCHOR]}, {"hero": "luxun", "hand": ["jink ♦2"]},
              deck_top=["peach ♥3"])
    g.play("Dismantlement ♠3")         # only target, "a hand card" only pick (autoplayed)
    assert g.hand(1) == []
    asked(g, 1, C.DK_CONFIRM, SK.SK_LIANYING)
    assert g.legal_labels() == ["pass", "confirm"]
    g.play(answer)
    return g


def test_lianying_last_hand_card_dismantled_draws_one():
    """连营: whenever his last hand card leaves his hand (here: 过河拆桥) he may draw 1
    (for any reason: docs/rules.md, Heroes (pack `standard`))."""
    g = lianying_dismantle("confirm")
    assert hand_names(g, 1) == ["Peach ♥3"]
    assert skill_events(g, SK.SK_LIANYING) == [(1, SK.SK_LIANYING, -1)]
    expect(g, 0, C.DK_PLAY)


def test_lianying_declined():
    """连营 is optional."""
    g = lianying_dismantle("pass")
    assert g.hand(1) == []
    assert g.card_name(g.draw_pile()[0]) == "Peach ♥3"
    expect(g, 0, C.DK_PLAY)


def test_lianying_not_while_cards_remain():
    """连营 needs the hand to be empty: losing one of two cards asks nothing."""
    g = table({"hand": ["dismantlement ♠3", ANCHOR]},
              {"hero": "luxun", "hand": ["jink ♦2", "jink ♦3"]})
    g.play("Dismantlement ♠3")         # only target, "a hand card" only pick (autoplayed)
    expect(g, 0, C.DK_PLAY)
    assert len(g.hand(1)) == 1


def test_lianying_last_jink_used_against_slash():
    """连营: using his last card in a response (闪 against 杀, out of his turn) also lets him
    draw."""
    g = table({"hand": ["slash ♠7", ANCHOR]}, {"hero": "luxun", "hand": ["jink ♦2"]},
              deck_top=["peach ♥3"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")
    asked(g, 1, C.DK_CONFIRM, SK.SK_LIANYING)
    g.play("confirm")
    assert damage(g) == [] and hand_names(g, 1) == ["Peach ♥3"]
    expect(g, 0, C.DK_PLAY)


def test_lianying_last_card_used_draws_before_its_effect():
    """连营: using his last card (无中生有) he draws at once, before the card takes effect."""
    g = table({"hero": "luxun", "hand": ["ex_nihilo ♥7"]},
              deck_top=["peach ♥3", "jink ♦2", "jink ♦3"], autoplay=False)
    g.play("Ex Nihilo ♥7")
    asked(g, 0, C.DK_CONFIRM, SK.SK_LIANYING)
    g.play("confirm")
    draws = [g.card_name(e[2]) for e in events(g, C.EV_DRAW)]
    assert draws == ["Peach ♥3", "Jink ♦2", "Jink ♦3"]


def test_lianying_last_slash_asked_after_target_choice_before_response():
    """连营 on using his last card as 杀: the target is chosen, then 连营, then the target answers
    (as in the established engines)."""
    g = table({"hero": "luxun", "hand": ["slash ♠7"]}, {"hand": ["jink ♦2"]},
              deck_top=["peach ♥3"])
    g.play("Slash ♠7")
    expect(g, 0, C.DK_TARGET)
    g.play("target player_1")
    asked(g, 0, C.DK_CONFIRM, SK.SK_LIANYING)
    g.play("confirm")
    expect(g, 1, C.DK_JINK)
    assert hand_names(g, 0) == ["Peach ♥3"]


def test_lianying_last_slash_with_halberd_still_gets_extra_targets():
    """方天画戟 + 连营: a 杀 that is his last hand card may take extra targets; 连营 comes only
    after (as in the established engines)."""
    g = table({"hero": "luxun", "hand": ["slash ♠7"], "equip": ["halberd"]}, [], [], [],
              deck_top=["peach ♥3"])
    g.play("Slash ♠7")
    expect(g, 0, C.DK_TARGET)
    g.play("target player_1")
    expect(g, 0, C.DK_TARGET)
    assert g.legal_labels() == ["confirm", "target player_2", "target player_3"]
