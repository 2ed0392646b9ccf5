"""红妆 (李师师, herokill): ♠ counts as ♥ in her judgements and for her skills' cards (曼舞's).
天香 (贺怡菲, classmates) runs this code.
"""
from ....fast.jit import njit
from ...constants import Q_JUDGE_SUIT, SUIT_HEART, SUIT_SPADE

QUERIES = (Q_JUDGE_SUIT,)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """♠ is ♥."""
    return SUIT_HEART if value == SUIT_SPADE else value
