"""古典美 (严丹丹; the classmates pack): scenario tests. The skill: "In your draw phase you may
draw one extra card." It runs the code of 英姿 (``yingzi``, skills.csv ``base``).

Tables: ``table`` is ``helpers.roles_table`` (seats with roles by position).
"""

from helpers import expect
from helpers import roles_table as table

from heroes_env.engine import constants as C


def test_gudianmei_draws_three():
    """古典美 (严丹丹) = 英姿: one more card in the draw phase (optional)."""
    g = table({}, {"hero": "yandandan"}, {}, {}, current=1, phase="draw")
    expect(g, 1, C.DK_CONFIRM)
    g.play("confirm")
    assert len(g.hand(1)) == 3
