"""攻心 (韩信; the 英雄杀 pack): scenario tests. The skill: "Once per play phase, another
character names a suit, then takes one of your hand cards at random and shows it; if the suit
differs, you deal it 1 damage." It runs the code of 反间 (``fanjian``, skills.csv ``base``) with
parameter 1.

Tables: ``hk`` is ``helpers.table4_neutral`` (four seats; a neutral hero on every seat that
names none).
"""

import pytest
from helpers import DILU as STOP
from helpers import asked, damage, event_args, expect, skill_events
from helpers import table4_neutral as hk

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


@pytest.mark.parametrize("card, named, hit", [
    ("slash ♠7", "spade", False), ("slash ♠7", "club", True),
    ("peach ♥3", "heart", False), ("peach ♥3", "diamond", True)])
def test_gongxin_target_names_suit_takes_card_damaged_if_wrong(card, named, hit):
    """攻心 (= 反间 with a suit): the target names a suit, turns up one of his hand cards at random,
    takes it; another suit: 1 damage from 韩信."""
    g = hk({"hero": "hanxin", "hand": [card]}, [STOP])
    c = g.hand(0)[0]
    g.play("skill Heart Attack")
    asked(g, 0, C.DK_SKILL_TARGET, SK.SK_FANJIAN)
    g.play("target player_2")
    asked(g, 2, C.DK_SKILL_OPTION, SK.SK_FANJIAN)
    assert g.legal_labels() == ["spade", "heart", "club", "diamond"]
    g.play(named)
    assert g.hand(2) == [c] and g.hand(0) == []
    assert event_args(g, C.EV_REVEAL) == [(0, c, 0)]
    assert damage(g) == ([(0, 2, 1)] if hit else [])
    assert skill_events(g, SK.SK_GONGXIN) == [(0, SK.SK_GONGXIN, 2)]


def test_gongxin_once_per_play_phase_and_fanjian_keeps_colours():
    """攻心: once per play phase (like 反间); 周瑜's 反间 still names a colour."""
    g = hk({"hero": "hanxin", "hand": ["slash ♠7", "slash ♠8"]})
    g.play("skill Heart Attack")
    g.play("target player_1")
    g.play("spade")
    expect(g, 0, C.DK_PLAY)
    assert "skill Heart Attack" not in g.legal_labels()
    g = hk({"hero": "zhouyu", "hand": ["slash ♠7"]})
    g.play("skill Sow Dissension")
    g.play("target player_1")
    assert g.legal_labels() == ["red", "black"]
