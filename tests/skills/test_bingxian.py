"""兵仙 (韩信; the 英雄杀 pack): scenario tests. The skill: "In your draw phase you may draw one
extra card." It runs the code of 英姿 (``yingzi``, skills.csv ``base``).

Tables: ``hk`` is ``helpers.table4_neutral`` (four seats; a neutral hero on every seat that
names none).
"""

from helpers import DILU as STOP
from helpers import asked, expect, hand_names, skill_events
from helpers import table4_neutral as hk

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_bingxian_draws_three():
    """兵仙 (= 英姿): in his draw phase he may draw three."""
    g = hk({"hero": "hanxin"}, [STOP], phase="draw",
           deck_top=["jink ♦2", "jink ♦3", "jink ♦4", "jink ♦5"])
    asked(g, 0, C.DK_CONFIRM, SK.SK_YINGZI)
    g.play("confirm")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == ["Jink ♦2", "Jink ♦3", "Jink ♦4"]
    assert skill_events(g, SK.SK_BINGXIAN) == [(0, SK.SK_BINGXIAN, -1)]
