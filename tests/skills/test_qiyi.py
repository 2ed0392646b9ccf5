"""起义 (陈胜; the 英雄杀 pack): scenario tests. The skill: "In your draw phase you may skip
drawing and instead take a random hand card from each of one or two other characters." It runs
the code of 突袭 (``tuxi``, skills.csv ``base``).

Tables: ``table`` is ``helpers.herokill_table`` (seats with roles by position, on the herokill
deck).
"""

from helpers import event_args, expect, hand_names
from helpers import herokill_table as table

from heroes_env.engine import constants as C
from heroes_env.engine import content


def test_chensheng_qiyi_takes_from_two_instead_of_drawing():
    """陈胜 起义 (= 突袭): instead of drawing, a random hand card from up to two others."""
    g = table({"hand": ["jink ♦2"]}, {"hero": "chensheng"}, {}, {"hand": ["slash ♠7"]},
              current=1, phase="draw", deck_top=["medicine ♥3", "medicine ♥4"])
    expect(g, 1, C.DK_SKILL_TARGET)
    assert g.legal_labels() == ["pass", "target player_3", "target player_0"]
    g.play("target player_0")
    g.play("target player_3")
    assert hand_names(g, 1) == ["Dodge ♦2", "Strike ♠7"]
    assert (1, content.SKILLS["qiyi"].id, 0) in event_args(g, C.EV_SKILL)
