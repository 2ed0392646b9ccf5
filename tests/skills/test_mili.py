"""迷离 (花木兰; the 英雄杀 pack): scenario tests. The skill: "Each time you lose an equipped
card, you may draw two cards." It runs the code of 枭姬 (``xiaoji``, skills.csv ``base``).

Tables: ``hk`` is ``helpers.table4_neutral`` (four seats; a neutral hero on every seat that
names none).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import asked, hand_names, skill_events
from helpers import table4_neutral as hk

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_mili_lost_equipment_draws_two():
    """迷离 (= 枭姬): when a card leaves her equipment she may draw two."""
    g = hk({"hero": "huamulan", "hand": ["halberd", ANCHOR], "equip": ["qinggang_sword"]},
           current=0, deck_top=["jink ♦2", "jink ♦3"])
    g.play("Sky Halberd ♦Q")
    asked(g, 0, C.DK_CONFIRM, SK.SK_XIAOJI)
    g.play("confirm")
    assert hand_names(g, 0) == sorted([ANCHOR_LABEL, "Jink ♦2", "Jink ♦3"])
    assert skill_events(g, SK.SK_MILI) == [(0, SK.SK_MILI, -1)]
