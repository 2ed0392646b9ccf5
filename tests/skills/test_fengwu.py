"""凤舞九天 (赵嘉琪; the classmates pack): scenario tests. The skill: "Locked. Each time you
damage another character at distance 1 or less, you recover 1 HP per point dealt."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import damage, event_args, hit, skill_events
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_fengwu_damage_within_distance_one_heals_her(invariants):
    """凤舞九天: she deals 1 damage to a character at distance 1: she recovers 1."""
    g = table({"hero": "zhaojiaqi", "hp": 2, "hand": ["slash ♠7", ANCHOR]}, autoplay=False)
    hit(g)
    assert damage(g) == [(0, 1, 1)] and g.hp(0) == 3
    assert skill_events(g, SK.SK_FENGWU) == [(0, SK.SK_FENGWU, 1)]
    invariants(g)


def test_fengwu_not_beyond_distance_one_nor_at_full_hp():
    """凤舞九天: a target at distance 2 (her weapon reaches) gives nothing; at full HP nothing to
    recover."""
    g = table({"hero": "zhaojiaqi", "hp": 2, "hand": ["slash ♠7", ANCHOR],
               "equip": ["qinggang_sword"]},
              autoplay=False)
    hit(g, target="target player_2")
    assert damage(g) == [(0, 2, 1)] and g.hp(0) == 2
    g2 = table({"hero": "zhaojiaqi", "hand": ["slash ♠7", ANCHOR]}, autoplay=False)
    hit(g2)
    assert g2.hp(0) == 4 and event_args(g2, C.EV_HEAL) == []
    assert skill_events(g2, SK.SK_FENGWU) == []


def test_fengwu_two_damage_in_a_duel_heals_per_point():
    """凤舞九天: the damage of a 决斗 she wins counts too (any damage she deals), 1 HP per point."""
    g = table({"hero": "zhaojiaqi", "hp": 1, "hand": ["duel", ANCHOR]}, autoplay=False)
    g.play("Duel ♠A")
    g.play("target player_1")
    assert damage(g) == [(0, 1, 1)] and g.hp(0) == 2
