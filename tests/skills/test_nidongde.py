"""你懂的 (邰泽启; the classmates pack): scenario tests. The skill: "Locked. While you have an
Ice Sword equipped, a club card used from a hand has no effect on you."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import DILU as STOP
from helpers import ZHUAHUANG as ANCHOR
from helpers import damage, discard_names, events, expect, hit, skill_events
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_nidongde_club_hand_cards_have_no_effect_with_ice_sword(invariants):
    """你懂的: wearing 寒冰剑, a ♣ 杀 from a hand has no effect on him (no 闪 asked, no damage);
    a ♠ 杀 does."""
    g = table({"hand": ["slash ♣2", "slash ♠7", ANCHOR], "equip": ["crossbow ♣A"]},
              {"hero": "taizeqi", "equip": ["ice_sword"]}, autoplay=False)
    hit(g, "Slash ♣2")
    expect(g, 0, C.DK_PLAY)
    assert damage(g) == [] and g.hp(1) == 4
    assert skill_events(g, SK.SK_NIDONGDE) == [(1, SK.SK_NIDONGDE, 0)]
    hit(g, "Slash ♠7")
    assert damage(g) == [(0, 1, 1)]
    invariants(g)


def test_nidongde_needs_the_ice_sword_and_covers_tricks():
    """你懂的: without 寒冰剑 a ♣ 杀 hits; with it a ♣ 南蛮入侵 skips him, not the others."""
    g = table({"hand": ["slash ♣2", ANCHOR]}, {"hero": "taizeqi", "equip": ["double_swords"]},
              autoplay=False)
    hit(g, "Slash ♣2")
    assert damage(g) == [(0, 1, 1)]
    g2 = table({"hand": ["savage_assault ♣7", ANCHOR]}, {"hero": "taizeqi", "equip": ["ice_sword"]},
               autoplay=False)
    g2.play("Savage Assault ♣7")
    expect(g2, 0, C.DK_PLAY)
    assert sorted(d[1] for d in damage(g2)) == [2, 3]


def test_nidongde_club_indulgence_does_not_resolve_on_him():
    """你懂的: a ♣ 乐不思蜀 in his judgement zone has no effect while he wears 寒冰剑: discarded
    without a judgement, his play phase is not skipped."""
    g = table({"hero": "taizeqi", "equip": ["ice_sword"], "judge": ["indulgence ♣6"]},
              [STOP], phase="judge", deck_top=["slash ♠7", "jink ♦2", "jink ♦3"], autoplay=False)
    expect(g, 0, C.DK_PLAY)
    assert events(g, C.EV_JUDGE) == [] and "Indulgence ♣6" in discard_names(g)
