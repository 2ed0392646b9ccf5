"""你懂的 (邰泽启, classmates): while he has 寒冰剑 equipped, a ♣ card used from a hand has no
effect on him.

"A card used from a hand" is a single physical card (``UF_FROM_HAND``), not a conversion.
"""
from ....fast.jit import njit
from ...constants import K_ICE_SWORD, P_WEAPON, Q_CARD_IMMUNE, SUIT_CLUB, UF_FROM_HAND
from ...state import card_kind, card_suit
from ..ids import SK_NIDONGDE

QUERIES = (Q_CARD_IMMUNE,)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """Card a (use flags b) is void on him: ♣, from a hand, while he wears 寒冰剑."""
    if a < 0 or (b & UF_FROM_HAND) == 0 or card_suit(s, a) != SUIT_CLUB:
        return value
    w = s[P_WEAPON + seat]
    return SK_NIDONGDE if w >= 0 and card_kind(s, w) == K_ICE_SWORD else value
