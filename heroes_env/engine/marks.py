"""Marking legal actions: the helpers every decision's mask uses (``legal_mask`` dispatches to the
mask beside the frame that posted the decision; ``out`` is the int8 action mask)."""
from .jit import njit

from .constants import A_CARD, C_LOC, H_NCARDS, K_NONE, Z_HAND
from .state import card_kind


@njit(cache=True)
def mark(out, a):
    """Action a is legal; returns 1 (masks count what they mark)."""
    out[a] = 1
    return 1


@njit(cache=True)
def mark_hand(s, seat, kind, out):
    """Mark seat's hand cards of a kind (K_NONE: every hand card); returns how many."""
    n = 0
    z = Z_HAND + seat
    for c in range(s[H_NCARDS]):
        if s[C_LOC + c] == z and (kind == K_NONE or card_kind(s, c) == kind):
            n += mark(out, A_CARD + c)
    return n
