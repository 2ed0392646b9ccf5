"""正太 (涂凯; the classmates pack): scenario tests. The skill: "Once per play phase, you may
discard a card and choose two female characters: the first uses a Duel on the second, and it
cannot be cancelled by Nullification." It runs the code of 离间 (``lijian``, skills.csv
``base``) with parameter 2.

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import asked, damage, hand_names, skill_events
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_zhengtai_two_women_duel(invariants):
    """正太: discard a card, choose two female characters; the first uses a 决斗 on the second,
    and it cannot be nullified. Men are not offered."""
    g = table({"hero": "tukai", "hand": ["jink ♦2", ANCHOR]},
              {"hero": "fuyaqin", "hand": ["nullification ♠J"]},
              {"hero": "liaochenyu"}, {"hero": "zhaojiaqi"}, autoplay=False)
    g.play("skill Shota")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_LIJIAN)
    g.play("Jink ♦2")
    asked(g, 0, C.DK_SKILL_TARGET, SK.SK_LIJIAN)
    assert g.legal_labels() == ["target player_1", "target player_3"]
    g.play("target player_3")
    assert g.legal_labels() == ["target player_1"]
    g.play("target player_1")
    # 付亚琴 has no 杀 (her 萝莉 makes 闪 only): she takes the damage; no 无懈可击 asked
    assert damage(g) == [(3, 1, 1)]
    assert hand_names(g, 1) == ["Nullification ♠J"]
    assert skill_events(g, SK.SK_ZHENGTAI) == [(0, SK.SK_ZHENGTAI, -1)]
    invariants(g)


def test_zhengtai_needs_two_women_and_lijian_still_men():
    g = table({"hero": "tukai", "hand": ["jink ♦2", ANCHOR]}, {"hero": "fuyaqin"},
              {"hero": "liaochenyu"}, {"hero": "shaoshuai"}, autoplay=False)
    assert "skill Shota" not in g.legal_labels()
    g2 = table({"hero": "diaochan", "hand": ["jink ♦2", ANCHOR]}, {"hero": "fuyaqin"},
               {"hero": "liaochenyu"}, {"hero": "shaoshuai"}, autoplay=False)
    g2.play("skill Seed of Animosity")
    g2.play("Jink ♦2")
    assert g2.legal_labels() == ["target player_2", "target player_3"]
