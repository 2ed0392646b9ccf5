"""斯达舒 (廖晨昱; the classmates pack): scenario tests. The skill: "Lord skill. When you need a
Jink, you may ask the other Wei characters, in seat order, to provide one for you; the first
Jink given counts as yours." It runs the code of 护驾 (``hujia``, skills.csv ``base``) with
parameter wei.

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import DILU as STOP
from helpers import damage, expect, hit, skill_events
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_sidashu_lord_calls_wei_helpers_for_a_jink(invariants):
    """斯达舒 (lord): asked for a 闪 he may call on the 魏 characters (杨晓怡 here) in turn."""
    g = table({"hero": "liaochenyu"}, ["slash ♠7", STOP],
              {"hero": "yangxiaoyi", "hand": ["jink ♦2"]},
              {"hero": "tukai", "hand": ["jink ♦3"]}, current=1)
    hit(g, target="target player_0")
    expect(g, 0, C.DK_JINK)
    assert g.legal_labels() == ["pass", "skill Stomach Relief"]
    g.play("skill Stomach Relief")
    expect(g, 2, C.DK_JINK)                  # 涂凯 (群) is never asked
    g.play("Jink ♦2")
    assert damage(g) == [] and g.hand(3) == [85]
    assert skill_events(g, SK.SK_SIDASHU) == [(0, SK.SK_SIDASHU, -1)]
    invariants(g)


def test_sidashu_only_for_the_lord():
    g = table({"hero": "yangxiaoyi"}, {"hero": "liaochenyu"}, {"hero": "wangyujie"})
    assert g.skills(1) == ["haochi"]
