"""控局 (李世民; the 英雄杀 pack): scenario tests. The skill: "Locked. Your hand limit is your
max HP. While your hand is smaller than your max HP you cannot be targeted by Pickpocket or
Remove the Firewood; while it is larger, not by Drawn Prison."

Tables: ``table`` is ``helpers.herokill_table`` (seats with roles by position, on the herokill
deck).
"""

from helpers import HK_HORSE as ANCHOR
from helpers import expect
from helpers import herokill_table as table

from heroes_env.engine import constants as C


def test_kongju_hand_limit_is_max_hp_four_cards_two_hp():
    """控局: 李世民 with 2 HP (max 4) keeps 4 hand cards in his discard phase; with 5 he discards
    one (down to his max HP, not his HP)."""
    hand = ["jink ♦2", "jink ♦3", "jink ♦4", "jink ♦5"]
    g = table({}, {"hero": "lishimin", "hp": 2, "hand": hand}, {}, {}, current=1, phase="discard")
    assert len(g.hand(1)) == 4 and g.current == 2
    g = table({}, {"hero": "lishimin", "hp": 2, "hand": hand + ["jink ♦6"]}, {}, {}, current=1,
              phase="discard")
    expect(g, 1, C.DK_DISCARD)
    g.play("Dodge ♦6")
    assert len(g.hand(1)) == 4 and g.current == 2
    # the same table without 控局 keeps only 2 (his HP)
    g = table({}, {"hero": "xiangyu", "hp": 2, "hand": hand}, {}, {}, current=1, phase="discard")
    expect(g, 1, C.DK_DISCARD)


def test_kongju_no_pickpocket_or_undermine_while_hand_below_max_hp():
    """控局: while 李世民's hand is smaller than his max HP he cannot be targeted by 探囊取物 or
    釜底抽薪; with a hand of his max HP he can."""
    three = ["jink ♦2", "jink ♦3", "jink ♦4"]
    g = table({"hero": "lishimin", "hand": three},
              {"hand": ["pickpocket ♠3", "undermine ♠4", ANCHOR]},
              {"hand": ["slash ♠7"]}, {}, current=1, autoplay=False)
    g.play("Pickpocket ♠3")
    assert g.legal_labels() == ["target player_2"]
    g = table({"hero": "lishimin", "hand": three}, {"hand": ["undermine ♠4", ANCHOR]},
              {"hand": ["slash ♠7"]}, {}, current=1, autoplay=False)
    g.play("Remove the Firewood ♠4")
    assert g.legal_labels() == ["target player_2"]
    g = table({"hero": "lishimin", "hand": three + ["jink ♦5"]},
              {"hand": ["pickpocket ♠3", "undermine ♠4", ANCHOR]}, {"hand": ["slash ♠7"]}, {},
              current=1, autoplay=False)
    g.play("Pickpocket ♠3")
    assert g.legal_labels() == ["target player_2", "target player_0"]
    g.play("target player_0")
    g.play("a hand card")
    g.play("Remove the Firewood ♠4")           # now 3 cards: not a target any more
    assert g.legal_labels() == ["target player_2"]


def test_kongju_no_prison_while_hand_above_max_hp():
    """控局: while 李世民's hand is larger than his max HP he cannot be targeted by 画地为牢; with
    a hand of his max HP (or fewer) he can."""
    four = ["jink ♦2", "jink ♦3", "jink ♦4", "jink ♦5"]
    g = table({"hero": "lishimin", "hand": four + ["jink ♦6"]}, {"hand": ["prison ♣6", ANCHOR]},
              {}, {}, current=1)
    g.play("Drawn Prison ♣6")
    assert "target player_0" not in g.legal_labels() and "target player_2" in g.legal_labels()
    g = table({"hero": "lishimin", "hand": four}, {"hand": ["prison ♣6", ANCHOR]}, {}, {},
              current=1)
    g.play("Drawn Prison ♣6")
    assert "target player_0" in g.legal_labels()
