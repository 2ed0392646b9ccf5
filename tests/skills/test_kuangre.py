"""狂热 (陆敏峰; the classmates pack): scenario tests. The skill: "In your draw phase you may
skip drawing and instead take a random hand card from each of one or two other characters." It
runs the code of 突袭 (``tuxi``, skills.csv ``base``).

Tables: ``table`` is ``helpers.roles_table`` (seats with roles by position).
"""

from helpers import expect, hand_names
from helpers import roles_table as table

from heroes_env.engine import constants as C


def test_kuangre_takes_instead_of_drawing():
    """狂热 (陆敏峰) = 突袭: give up the draw and take a hand card from up to two others."""
    g = table({}, {"hero": "luminfeng"}, {"hand": ["peach ♥3"]}, {"hand": ["jink ♦2"]},
              current=1, phase="draw")
    expect(g, 1, C.DK_SKILL_TARGET)
    g.play("target player_2")
    g.play("target player_3")
    assert hand_names(g, 1) == sorted(["Peach ♥3", "Jink ♦2"])
