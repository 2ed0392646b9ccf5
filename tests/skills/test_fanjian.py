"""反间 (周瑜; the standard pack): scenario tests. The skill: "Once per play phase, another
character names a colour, then takes one of your hand cards at random and shows it; if the
colour differs, you deal it 1 damage."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

import pytest
from helpers import DILU as STOP
from helpers import asked, damage, event_args, expect, skill_events
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


@pytest.mark.parametrize("card,named,hit", [
    ("slash ♠7", "red", True), ("slash ♠7", "black", False),
    ("peach ♥3", "black", True), ("peach ♥3", "red", False)])
def test_fanjian_target_names_colour_takes_card_damaged_if_wrong(card, named, hit):
    """反间: the target names a colour and takes a random hand card of 周瑜 (shown); wrong colour:
    1 damage from 周瑜, no card (docs/rules.md, Heroes (pack `standard`))."""
    g = table({"hero": "zhouyu", "hand": [card]}, [STOP])
    c = g.hand(0)[0]
    g.play("skill Sow Dissension")
    asked(g, 0, C.DK_SKILL_TARGET, SK.SK_FANJIAN)
    assert g.legal_labels() == ["target player_1", "target player_2", "target player_3"]
    g.play("target player_2")
    asked(g, 2, C.DK_SKILL_OPTION, SK.SK_FANJIAN)      # the target decides
    assert g.legal_labels() == ["red", "black"]
    g.play(named)
    assert g.hand(2) == [c] and g.hand(0) == []
    assert event_args(g, C.EV_REVEAL) == [(0, c, 0)]
    assert damage(g) == ([(0, 2, 1)] if hit else [])
    assert g.hp(2) == (3 if hit else 4)
    assert skill_events(g, SK.SK_FANJIAN) == [(0, SK.SK_FANJIAN, 2)]


def test_fanjian_once_per_play_phase():
    """反间: once per play phase."""
    g = table({"hero": "zhouyu", "hand": ["slash ♠7", "slash ♠8"]})
    g.play("skill Sow Dissension")
    g.play("target player_1")
    g.play("black")
    expect(g, 0, C.DK_PLAY)
    assert len(g.hand(0)) == 1 and damage(g) == []
    assert "skill Sow Dissension" not in g.legal_labels()
    assert len(g.legal_labels()) == 2           # pass, the remaining 杀


def test_fanjian_needs_a_hand_card():
    """反间 needs a hand card of 周瑜 (equipment does not count)."""
    g = table({"hero": "zhouyu", "equip": ["dilu"]}, autoplay=False)
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass"]
