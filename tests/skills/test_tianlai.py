"""天籁 (孙婷婷; the classmates pack): scenario tests. The skill: "You may use a diamond card,
from your hand or your equipment, as an Indulgence." It runs the code of 国色 (``guose``,
skills.csv ``base``).

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import asked, skill_events
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_tianlai_diamond_card_as_indulgence(invariants):
    """天籁: in her play phase any ♦ card (hand or equipment) is used as 乐不思蜀."""
    g = table({"hero": "suntingting", "hand": ["jink ♦2", "slash ♠7", ANCHOR], "equip": ["zixing"]},
              autoplay=False)
    g.play("skill Heavenly Sound")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_GUOSE)
    assert g.legal_labels() == ["Jink ♦2", "Zixing ♦K"]
    g.play("Jink ♦2")
    g.play("target player_2")
    assert g.judgement_zone(2) == [83] and g.s[C.C_AS + 83] == C.K_INDULGENCE
    assert skill_events(g, SK.SK_TIANLAI) == [(0, SK.SK_TIANLAI, C.EV_SKILL_SILENT)]
    invariants(g)
