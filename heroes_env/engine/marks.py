"""Marking legal actions: the helpers every decision's mask uses (``legal_mask`` dispatches to the
mask beside the frame that posted the decision; ``out`` is the int8 action mask)."""
from ..fast.jit import njit
from .constants import A_CARD, C_LOC, H_NCARDS, K_NONE, Z_EQUIP, Z_HAND
from .rules import converting_skill, makes_kind
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


@njit(cache=True)
def mark_converted(s, out, seat, kind):
    """Mark seat's cards (hand or equipment, not yet marked) that a skill of his turns into kind in
    a response (``rules.converting_skill``); returns how many."""
    n = 0
    if not makes_kind(s, seat, kind):
        return 0
    for c in range(s[H_NCARDS]):
        z = s[C_LOC + c]
        if (z == Z_HAND + seat or z == Z_EQUIP + seat) and out[A_CARD + c] == 0 \
                and converting_skill(s, seat, c, kind) != 0:
            n += mark(out, A_CARD + c)
    return n
