"""雕琢 (钟雨岑; the classmates pack): scenario tests. The skill: "You may use a black hand card
as a Nullification."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import discard_names, event_args, expect, hand_names, skill_events
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_diaozhuo_black_hand_card_as_nullification(invariants):
    """雕琢: any black hand card may be used as 无懈可击; the trick is cancelled for its target."""
    g = table({"hand": ["dismantlement ♠3", ANCHOR]},
              {"hero": "zhongyucen", "hand": ["slash ♣2", "peach ♥3"]}, autoplay=False)
    g.play("Dismantlement ♠3")
    g.play("target player_1")
    expect(g, 1, C.DK_NULLIFY)
    assert g.legal_labels() == ["pass", "Slash ♣2"]          # red 桃 not offered
    g.play("Slash ♣2")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 1) == ["Peach ♥3"]
    assert discard_names(g) == ["Dismantlement ♠3", "Slash ♣2"]
    assert event_args(g, C.EV_NULLIFIED) == [(1, 5, 0)]
    assert skill_events(g, SK.SK_DIAOZHUO) == [(1, SK.SK_DIAOZHUO, C.EV_SKILL_SILENT)]
    invariants(g)


def test_diaozhuo_offered_to_her_for_anyone_and_only_with_black_hand_cards():
    """雕琢: she may nullify a trick on someone else too; red cards or equipment do not count."""
    g = table({"hand": ["dismantlement ♠3", ANCHOR]}, ["jink ♦2"],
              {"hero": "zhongyucen", "hand": ["slash ♣2"]}, autoplay=False)
    g.play("Dismantlement ♠3")
    g.play("target player_1")
    expect(g, 2, C.DK_NULLIFY)
    g2 = table({"hand": ["dismantlement ♠3", ANCHOR]}, ["jink ♦2"],
               {"hero": "zhongyucen", "hand": ["peach ♥3"], "equip": ["eight_diagram ♠2"]},
               autoplay=False)
    g2.play("Dismantlement ♠3")
    g2.play("target player_1")
    expect(g2, 0, C.DK_PICK)          # nobody could nullify: straight to the pick
