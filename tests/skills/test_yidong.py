"""意动 (陆敏峰; the classmates pack): scenario tests. The skill: "Locked. Your distance to
others is reduced by 1 (stacking with a -1 horse), and you may equip both horses." It runs the
code of 马术 (``mashu``, skills.csv ``base``) with parameter 1.

Tables: ``table`` is ``helpers.roles_table`` (seats with roles by position).
"""

import pytest
from helpers import roles_table as table

from heroes_env.engine.rules import seat_distance


@pytest.mark.parametrize("hero", ["luminfeng", "chenmanyi"])
def test_yidong_and_xiagu_are_a_minus_one_horse(hero):
    """意动 (陆敏峰) / 侠骨 (陈满意): always as if riding a −1 horse: seat 2 of 4 is at distance 1;
    others' distance to him is unchanged."""
    g = table({"hero": hero}, {}, {}, {})
    assert seat_distance(g.s, 0, 2) == 1 and seat_distance(g.s, 2, 0) == 2
