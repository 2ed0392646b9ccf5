"""灵仙 (朱燕; the classmates pack): scenario tests. The skill: "Once per play phase, you may
use any of your cards as the kind of the previous card you used this turn, if that was a basic
card or a non-delayed trick." It runs the code of 奸雄 (``jianxiong_hk``, skills.csv ``base``).

Tables: ``table`` is ``helpers.roles_table`` (seats with roles by position).
"""

from helpers import DILU as ANCHOR
from helpers import roles_table as table
from helpers import skill_events as own_skill_uses

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_lingxian_repeats_the_previous_card():
    """灵仙 (朱燕) = 奸雄 of 英雄杀: after 无中生有, another card of hers is used as 无中生有."""
    g = table({"hero": "zhuyan", "hand": ["ex_nihilo", "jink ♦2", ANCHOR]}, {}, {}, {},
              deck_top=["peach ♥3", "peach ♥4", "slash ♠7", "slash ♠8"])
    assert "skill Spirit Echo" not in g.legal_labels()
    g.play("Ex Nihilo ♥7")
    g.play("skill Spirit Echo")
    g.play("Jink ♦2")
    assert len(g.hand(0)) == 5
    assert own_skill_uses(g, SK.SK_LINGXIAN) == [(0, SK.SK_LINGXIAN, C.EV_SKILL_SILENT)]
    assert "skill Spirit Echo" not in g.legal_labels()          # once per turn
