"""底力 (鲁智深; the 英雄杀 pack): scenario tests. The skill: "Locked. In your draw phase you
draw two cards plus one for each HP you have lost."

Tables: ``table`` is ``helpers.herokill_table`` (seats with roles by position, on the herokill
deck).
"""

from helpers import expect, skill_events
from helpers import herokill_table as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills.ids import SK_DILI


def test_dili_draws_two_plus_lost_hp():
    """底力 (locked): 鲁智深 draws 2 + his lost HP; at full HP 2."""
    g = table({}, {"hero": "luzhishen", "hp": 1}, {}, {}, current=1, phase="draw")
    expect(g, 1, C.DK_PLAY)
    assert len(g.hand(1)) == 5
    assert skill_events(g, SK_DILI) == [(1, SK_DILI, -1)]
    g = table({}, {"hero": "luzhishen"}, {}, {}, current=1, phase="draw")
    assert len(g.hand(1)) == 2 and skill_events(g, SK_DILI) == []
