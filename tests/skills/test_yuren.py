"""驭人 (刘邦; the 英雄杀 pack): scenario tests. The skill: "Once per play phase, you may
discard any number of your cards (hand or equipment) and draw as many." It runs the code of 制衡
(``zhiheng``, skills.csv ``base``).

Tables: ``hk`` is ``helpers.table4_neutral`` (four seats; a neutral hero on every seat that
names none).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import asked, discard_names, expect, hand_names, skill_events
from helpers import table4_neutral as hk

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_yuren_discards_hand_and_equipment_then_draws_once_per_turn(invariants):
    """驭人 (= 制衡): discard any number of hand and equipment cards, draw as many; once per
    turn."""
    g = hk({"hero": "liubang", "hand": ["slash ♠7", ANCHOR], "equip": ["halberd"]},
           deck_top=["peach ♥3", "peach ♥4"])
    g.play("skill Managing Men")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_ZHIHENG)
    assert sorted(g.legal_labels()) == sorted(["Slash ♠7", ANCHOR_LABEL, "Sky Halberd ♦Q"])
    g.play("Sky Halberd ♦Q")
    g.play("Slash ♠7")
    g.play("confirm")
    assert discard_names(g) == ["Sky Halberd ♦Q", "Slash ♠7"]
    assert hand_names(g, 0) == sorted([ANCHOR_LABEL, "Peach ♥3", "Peach ♥4"])
    assert skill_events(g, SK.SK_YUREN) == [(0, SK.SK_YUREN, -1)]
    expect(g, 0, C.DK_PLAY)
    assert "skill Managing Men" not in g.legal_labels()
    invariants(g)
