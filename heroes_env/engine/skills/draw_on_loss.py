"""A skill that answers losing cards with a draw (连营, 枭姬): the loss it answers is data
(skills.csv ``on_loss``: ``content.SKILL_LOSS``), so ``state._leave`` raises it (``P_PEND``)
without naming it, and ``registry.run_pending`` starts its frame as soon as the engine is between
two steps, before any pending decision; the owner may then draw."""
from ...fast.jit import njit
from ..constants import A_CONFIRM, F_PC, F_USER, H_ANSWER, PC_START
from ..state import alive, draw_cards, pop_frame
from .common import ask_confirm, skill_log

# the steps of its FR_SKILL frame (F_PC): asked; answered
LOSS_ASK, LOSS_ANSWER = PC_START, 1


@njit(cache=True)
def run_draw(s, o, sk, n):
    """The next step of skill sk's frame at o: its owner may draw n cards."""
    u = s[o + F_USER]
    if s[o + F_PC] == LOSS_ASK:
        if not alive(s, u):
            pop_frame(s, 0)
            return
        ask_confirm(s, o, LOSS_ANSWER)
        return
    if s[H_ANSWER] == A_CONFIRM:
        skill_log(s, u, sk, -1)
        draw_cards(s, u, n)
    pop_frame(s, 0)
