"""离间 (貂蝉; the standard pack): scenario tests. The skill: "Once per play phase, you may
discard a card and choose two male characters: the first uses a Duel on the second, and it
cannot be cancelled by Nullification."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import asked, damage, event_args, expect
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_lijian_duel_between_two_males_cannot_be_nullified(invariants):
    """离间: discard a card (hand or equipment), choose the male who uses a 决斗 and the male it is
    used on; nobody may answer it with 无懈可击
    (the first-edition text; docs/rules.md, Heroes (pack `standard`))."""
    g = table({"hero": "diaochan", "hand": ["slash ♠7", ANCHOR], "equip": ["dilu"]},
              {"hero": "ganning", "hand": ["nullification ♠J"]},
              {"hero": "lvmeng", "hand": ["slash ♠9", "nullification ♣Q"]},
              {"hero": "zhenji", "hand": ["nullification ♣K"]})
    g.play("skill Seed of Animosity")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_LIJIAN)
    assert g.legal_labels() == ["Slash ♠7", ANCHOR_LABEL, "Dilu ♣5"]
    g.play("Dilu ♣5")
    asked(g, 0, C.DK_SKILL_TARGET, SK.SK_LIJIAN)
    assert g.legal_labels() == ["target player_1", "target player_2"]   # males only
    g.play("target player_1")            # 甘宁 uses the 决斗 on the other male (autoplayed)
    assert event_args(g, C.EV_USE) == [(1, -1, 2)]
    expect(g, 2, C.DK_SLASH)             # no 无懈可击 window: the target plays first
    g.play("Slash ♠9")
    assert damage(g) == [(2, 1, 1)]      # 甘宁 has no 杀: the winner deals the damage
    assert [e for e in g.event_log if e[0] == C.EV_NULLIFIED] == []
    assert len(g.hand(1)) == 1 and len(g.hand(3)) == 1
    # once per play phase
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass", "Slash ♠7", ANCHOR_LABEL]
    invariants(g)


def test_lijian_kongcheng_may_use_the_duel_but_not_receive_it():
    """离间: 诸葛亮 with no hand card cannot be the 决斗's target (空城), but may be the one who
    uses it (as in the established engines)."""
    kw = dict(autoplay=False)
    seats = ({"hero": "diaochan", "hand": ["slash ♠7"]}, {"hero": "zhugeliang"},
             {"hero": "ganning"}, {"hero": "lvmeng"})
    g = table(*seats, **kw)
    g.play("skill Seed of Animosity")
    g.play("Slash ♠7")
    assert g.legal_labels() == ["target player_1", "target player_2", "target player_3"]
    g.play("target player_2")
    assert g.legal_labels() == ["target player_3"]
    g2 = table(*seats, **kw)
    g2.play("skill Seed of Animosity")
    g2.play("Slash ♠7")
    g2.play("target player_1")
    assert g2.legal_labels() == ["target player_2", "target player_3"]


def test_lijian_not_offered_without_two_other_males_or_a_card():
    """离间 needs two male characters other than 貂蝉 (and a card to discard)."""
    g = table({"hero": "diaochan", "hand": ["slash ♠7", ANCHOR]},
              {"hero": "ganning"}, {"hero": "daqiao"}, {"hero": "zhenji"})
    assert "skill Seed of Animosity" not in g.legal_labels()
    g2 = table({"hero": "diaochan"}, {"hero": "ganning"}, {"hero": "lvmeng"}, {}, autoplay=False)
    assert g2.legal_labels() == ["pass"]
