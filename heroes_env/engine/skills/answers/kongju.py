"""控局 (李世民, herokill): his hand limit is his max HP; while his hand is smaller than his max
HP he cannot be the target of 探囊取物 or 釜底抽薪 (顺手牵羊, 过河拆桥), while it is larger not of
画地为牢 (乐不思蜀). 慧致 (张培培, classmates) runs this code.
"""
from ....fast.jit import njit
from ...constants import (
    K_DISMANTLE,
    K_INDULGENCE,
    K_SNATCH,
    P_HANDN,
    P_MAXHP,
    Q_HAND_LIMIT,
    Q_UNTARGETABLE,
)

QUERIES = (Q_UNTARGETABLE, Q_HAND_LIMIT)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """The hand limit, or untargetable by a card of kind a, by his hand against his max HP."""
    if q == Q_HAND_LIMIT:
        return s[P_MAXHP + seat]
    if a == K_INDULGENCE:
        return 1 if s[P_HANDN + seat] > s[P_MAXHP + seat] else value
    if a == K_SNATCH or a == K_DISMANTLE:
        return 1 if s[P_HANDN + seat] < s[P_MAXHP + seat] else value
    return value
