"""萝莉 (付亚琴; the classmates pack): scenario tests. The skill: "You may use or play a black
hand card as a Jink." It runs the code of 倾国 (``qingguo``, skills.csv ``base``).

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import damage, expect, hand_names, hit
from helpers import table4 as table

from heroes_env.engine import constants as C


def test_luoli_black_hand_card_as_jink(invariants):
    """萝莉: a black hand card is used (or played) as 闪."""
    g = table({"hand": ["slash ♠7", ANCHOR]}, {"hero": "fuyaqin", "hand": ["slash ♣2", "peach ♥3"]},
              autoplay=False)
    hit(g)
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Slash ♣2"]
    g.play("Slash ♣2")
    assert damage(g) == [] and hand_names(g, 1) == ["Peach ♥3"]
    invariants(g)
