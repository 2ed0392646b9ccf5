"""知心 (崔晗; the classmates pack): scenario tests. The skill: "In your play phase you may use
a club hand card as a Snatch, with no distance limit." It runs the code of 神偷 (``shentou``,
skills.csv ``base``) with parameter 1.

Tables: ``table`` is ``helpers.roles_table`` (seats with roles by position).
"""

from helpers import DILU as ANCHOR
from helpers import expect, hand_names
from helpers import roles_table as table

from heroes_env.engine import constants as C


def test_zhixin_club_as_snatch_at_any_distance():
    """知心 (崔晗) = 神偷 with parameter 1: a ♣ hand card is used as 顺手牵羊 with no distance
    limit; a real 顺手牵羊 of hers keeps its distance 1."""
    g = table({"hero": "cuihan", "hand": ["slash ♣7", "snatch ♠3", ANCHOR]},
              {"hand": ["jink ♦2"]}, {"hand": ["peach ♥3"]}, {"hand": ["jink ♦3"]})
    g.play("skill Confidante")
    g.play("Slash ♣7")
    expect(g, 0, C.DK_TARGET)
    assert g.legal_labels() == ["target player_1", "target player_2", "target player_3"]
    g.play("target player_2")
    assert "Peach ♥3" in hand_names(g, 0) and int(g.s[C.H_NODIST]) == 0
    g.play("Snatch ♠3")
    expect(g, 0, C.DK_TARGET)
    assert g.legal_labels() == ["target player_1", "target player_3"]
