"""交流 (米强; the classmates pack): scenario tests. The skill: "Locked. Outside your turn, each
time you use or play a Jink you draw a card." It runs the code of 图强 (``tuqiang``, skills.csv
``base``).

Tables: ``table`` is ``helpers.roles_table`` (seats with roles by position).
"""

from helpers import DILU as ANCHOR
from helpers import damage, hand_names
from helpers import roles_table as table


def test_jiaoliu_draws_after_a_jink_outside_his_turn():
    """交流 (米强) = 图强: each 闪 he uses outside his turn draws a card."""
    g = table({"hand": ["slash ♠7", ANCHOR]}, {"hero": "miqiang", "hand": ["jink ♦2"]}, {}, {},
              deck_top=["peach ♥3"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")
    assert hand_names(g, 1) == ["Peach ♥3"] and damage(g) == []
