"""Two hand cards discarded one by one, then a character chosen: the steps 迁都 and 易装 share
(stages 0 and 1 ask the cards, the decision's extra value counting those still to choose; stage
2 the character).
"""
from ...fast.jit import njit
from ..constants import A_CARD, DK_SKILL_CARD, DK_SKILL_TARGET, PC_START
from ..state import discard_card
from .common import ask, rel_target

# the steps of the skill's FR_SKILL frame (F_PC): the first card asked; discarded (the second
# asked); discarded (the character asked); the character chosen
TWO_ASK, TWO_CARD1, TWO_CARD2, TWO_TARGET = PC_START, 1, 2, 3


@njit(cache=True)
def two_cards_then_target(s, o, u, pc, a):
    """The next step for u's skill frame at o, at step pc with answer a: the seat chosen at the
    last step, -1 while still asking."""
    if pc == TWO_ASK:
        ask(s, o, u, DK_SKILL_CARD, stage=0, flags=0, extra=2, next_pc=TWO_CARD1)
    elif pc == TWO_CARD1:
        discard_card(s, a - A_CARD, u)
        ask(s, o, u, DK_SKILL_CARD, stage=1, flags=0, extra=1, next_pc=TWO_CARD2)
    elif pc == TWO_CARD2:
        discard_card(s, a - A_CARD, u)
        ask(s, o, u, DK_SKILL_TARGET, stage=2, flags=0, extra=0, next_pc=TWO_TARGET)
    else:
        return rel_target(s, u, a)
    return -1
