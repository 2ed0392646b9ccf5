"""风情 (严丹丹; the classmates pack): scenario tests. The skill: "Once per play phase, another
character names a suit, then takes one of your hand cards at random and shows it; if the suit
differs, you deal it 1 damage." It runs the code of 反间 (``fanjian``, skills.csv ``base``) with
parameter 1.

Tables: ``table`` is ``helpers.roles_table`` (seats with roles by position).
"""

from helpers import DILU as ANCHOR
from helpers import damage, expect
from helpers import roles_table as table
from helpers import skill_events as own_skill_uses

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_fengqing_names_a_suit():
    """风情 (严丹丹) = 攻心: the target names a suit, takes a random hand card of hers; a wrong suit
    costs it 1 damage from her. Once per play phase."""
    g = table({"hero": "yandandan", "hand": ["peach ♥3", "slash ♣8", ANCHOR]}, {}, {}, {})
    mine = set(g.hand(0))
    g.play("skill Allure")
    g.play("target player_1")
    expect(g, 1, C.DK_SKILL_OPTION)
    assert sorted(g.legal_labels()) == ["club", "diamond", "heart", "spade"]
    g.play("club")
    taken = mine - set(g.hand(0))
    assert len(taken) == 1 and taken <= set(g.hand(1))
    took = g.card_name(taken.pop())
    assert damage(g) == ([] if "♣" in took else [(0, 1, 1)])
    assert own_skill_uses(g, SK.SK_FENGQING) == [(0, SK.SK_FENGQING, 1)]
