"""大米 (米强; the classmates pack): scenario tests. The skill: "Lord skill, locked. Another Wu
character who, while dying, uses a Peach on himself recovers 1 extra HP."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position). The tests give a rigged
seat the skill through ``stand_in`` (its skill slot set directly) instead of seating its hero.
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import event_args, expect, hit, stand_in
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def dami_table(hero1):
    g = table({"hand": ["slash ♠7", ANCHOR]}, {"hero": hero1, "hp": 1, "hand": ["peach ♥3"]},
              {"hand": ["peach ♥4"]}, autoplay=False)
    stand_in(g, 0, SK.SK_DAMI)
    return g


def test_dami_wu_character_dying_uses_a_peach_recovers_two(invariants):
    """大米 (lord, locked): another 吴 character who, dying, uses a 桃 recovers 1 extra."""
    g = dami_table("zhaojiaqi")
    hit(g)
    expect(g, 1, C.DK_PEACH)
    g.play("Peach ♥3")
    assert g.hp(1) == 2
    assert event_args(g, C.EV_HEAL) == [(1, 2, 1)]
    invariants(g)


def test_dami_not_for_other_kingdoms_or_someone_elses_peach():
    g = dami_table("tukai")                  # 群
    hit(g)
    g.play("Peach ♥3")
    assert g.hp(1) == 1
    g2 = dami_table("zhaojiaqi")
    hit(g2)
    g2.play("pass")                          # she does not use hers: seat 2's 桃 heals 1
    expect(g2, 2, C.DK_PEACH)
    g2.play("Peach ♥4")
    assert g2.hp(1) == 1
