"""放着姐来 (张云杰; the classmates pack): scenario tests. The skill: "In your play phase you
may use an equipped card as a Savage Assault." It runs the code of 烽火 (``fenghuo``, skills.csv
``base``).

Tables: ``table`` is ``helpers.roles_table`` (seats with roles by position).
"""

from helpers import DILU as ANCHOR
from helpers import damage
from helpers import roles_table as table


def test_fangzhejielai_equipment_as_savage_assault():
    """放着姐来 (张云杰) = 烽火: an equipped card is used as 南蛮入侵."""
    g = table({"hero": "zhangyunjie", "hand": [ANCHOR], "equip": ["qinggang_sword"]}, {}, {}, {})
    g.play("skill Leave It to Me")               # its only equipped card: chosen unasked
    assert g.equipment(0) == [] and sorted(d[1] for d in damage(g)) == [1, 2, 3]
