"""卓茂 (邵帅; the classmates pack): scenario tests. The skill: "Locked. With more than 2 HP
your distance to others is reduced by 1; with 2 HP or less others' distance to you is increased
by 1."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import table4 as table


def test_zhuomao_distance_by_hp():
    """卓茂: with more than 2 HP his distance to others is -1; with 2 or less, others' distance
    to him is +1 (never both)."""
    from heroes_env.engine.rules import seat_distance
    g = table({"hero": "shaoshuai"}, [], [], [], autoplay=False)          # 4 HP
    assert [seat_distance(g.s, 0, t) for t in (1, 2, 3)] == [1, 1, 1]
    assert [seat_distance(g.s, t, 0) for t in (1, 2, 3)] == [1, 2, 1]
    for hp in (2, 1):
        g = table({"hero": "shaoshuai", "hp": hp}, [], [], [], autoplay=False)
        assert [seat_distance(g.s, 0, t) for t in (1, 2, 3)] == [1, 2, 1]
        assert [seat_distance(g.s, t, 0) for t in (1, 2, 3)] == [2, 3, 2]
    g = table({"hero": "shaoshuai", "hp": 3}, [], [], [], autoplay=False)
    assert seat_distance(g.s, 0, 2) == 1 and seat_distance(g.s, 1, 0) == 1


def test_zhuomao_at_two_hp_out_of_slash_range():
    """卓茂: at 2 HP a neighbour without a weapon cannot 杀 him."""
    g = table({"hero": "shaoshuai", "hp": 2}, ["slash ♠7", ANCHOR], current=1, autoplay=False)
    g.play("Slash ♠7")
    assert g.legal_labels() == ["target player_2"]
