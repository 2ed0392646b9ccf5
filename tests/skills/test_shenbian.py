"""神辩 (安同乐; the classmates pack): scenario tests. The skill: "After you take damage and
survive, you may take a card of the damage source: a random hand card or an equipped card of
your choice." It runs the code of 反馈 (``fankui``, skills.csv ``base``) with parameter 1.

Tables: ``table`` is ``helpers.roles_table`` (seats with roles by position).
"""

from helpers import DILU as ANCHOR
from helpers import expect
from helpers import roles_table as table

from heroes_env.engine import constants as C


def test_shenbian_may_take_an_equipment_card():
    """神辩 (安同乐) = 法家: after damage, a random hand card or one equipment card of the
    source."""
    g = table({"hand": ["slash ♠7", ANCHOR], "equip": ["qinggang_sword"]},
              {"hero": "antongle"}, {}, {})
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_SKILL_CARD)
    eq = [x for x in g.legal_labels() if "Qinggang" in x]
    assert len(eq) == 1
    g.play(eq[0])
    assert len(g.equipment(0)) == 0 and len(g.hand(1)) == 1
