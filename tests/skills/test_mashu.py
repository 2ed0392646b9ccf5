"""马术 (马超; the standard pack): scenario tests. The skill: "Locked. Your distance to others
is reduced by 1 and others' distance to you increased by 1. You may equip only one horse: a
horse of the other kind replaces the one you have."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import DILU as ANCHOR
from helpers import DILU_LABEL as A
from helpers import discard_names, equip_names, seats
from helpers import table4 as table

from heroes_env.scenario import build


def test_mashu_distance_both_ways():
    """马术: his distance to others -1 (he reaches player_2), others' distance to him +1 (his
    neighbour cannot 杀 him without a weapon)."""
    g = table({"hero": "machao", "hand": ["slash ♠7", ANCHOR]}, {"hand": ["slash ♠8", "jueying"]},
              {}, {})
    g.play("Slash ♠7")
    assert g.legal_labels() == ["target player_1", "target player_2", "target player_3"]
    # player_1's other neighbour rides a +1 horse: 马超 would be its only target, and is not one
    h = table({"hero": "machao"}, {"hand": ["slash ♠8", ANCHOR]}, {"equip": ["jueying"]}, {},
              current=1, autoplay=False)
    assert h.legal_labels() == ["pass", A]


def test_mashu_stacks_with_his_minus_horse():
    """马术 + his own -1 horse: distance -2 (six seats: the opposite seat is at distance 1)."""
    g = build(seats({"hero": "machao", "hand": ["snatch", ANCHOR], "equip": ["chitu"]},
                    {"hand": ["jink"]}, {"hand": ["jink"]}, {"hand": ["jink"]}, {"hand": ["jink"]},
                    {"hand": ["jink"]}))
    g.play("snatch")
    assert g.legal_labels() == ["target player_1", "target player_2", "target player_3",
                                "target player_4", "target player_5"]


def test_mashu_stacks_with_his_plus_horse():
    """马术 + his own +1 horse: others' distance to him +2 (a range-2 weapon next to him falls
    short, a range-3 one reaches)."""
    g = build(seats({"hero": "machao", "equip": ["zhuahuangfeidian"]},
                    {"hand": ["slash ♠7", ANCHOR], "equip": ["double_swords"]},
                    {}, {}, {}, {}), current=1)
    g.play("Slash ♠7")
    assert g.legal_labels() == ["target player_2", "target player_3", "target player_5"]
    h = build(seats({"hero": "machao", "equip": ["zhuahuangfeidian"]},
                    {"hand": ["slash ♠7", ANCHOR], "equip": ["blade"]},
                    {}, {}, {}, {}), current=1)
    h.play("Slash ♠7")
    assert "target player_0" in h.legal_labels()


def test_mashu_others_minus_horse_offsets_it():
    """马术 vs another's -1 horse: 1 - 1 + 1 = 1, the neighbour reaches him again."""
    g = table({"hero": "machao"}, {"hand": ["slash ♠8", ANCHOR], "equip": ["chitu"]}, {}, {},
              current=1)
    g.play("Slash ♠8")
    assert g.legal_labels() == ["target player_2", "target player_3", "target player_0"]


def test_mashu_vs_others_plus_horse():
    """马术 vs others' +1 horses: his neighbour with one is at 1 + 1 - 1 = 1, player_2 with one at
    2 + 1 - 1 = 2 (out of reach without a weapon)."""
    g = table({"hero": "machao", "hand": ["slash ♠7", ANCHOR]}, {"equip": ["jueying"]},
              {"equip": ["zhuahuangfeidian"]}, {})
    g.play("Slash ♠7")
    assert g.legal_labels() == ["target player_1", "target player_3"]


def test_mashu_only_one_horse():
    """马术: he may equip only one horse; a horse of the other kind replaces the one he has."""
    g = table({"hero": "machao", "hand": ["dilu", "zixing", "jueying"],
               "equip": ["chitu"]}, {}, {}, {})
    g.play("Dilu ♣5")
    assert equip_names(g, 0) == ["Dilu ♣5"]
    assert "Chitu ♥5" in discard_names(g)
    g.play("Zixing ♦K")
    assert equip_names(g, 0) == ["Zixing ♦K"]
    assert "Dilu ♣5" in discard_names(g)
