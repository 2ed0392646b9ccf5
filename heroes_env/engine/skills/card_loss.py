"""Skills that answer losing cards: 连营 (the last hand card left: draw 1) and 枭姬 (an equipped
card left: draw 2, once per card). The loss each answers is data (skills.csv ``on_loss``:
``content.SKILL_LOSS``), so ``state._leave`` raises them (``P_PEND``) without naming them;
``registry.run_pending`` asks them as soon as the engine is between two steps, before any pending
decision."""
from ...fast.jit import njit
from ..constants import A_CONFIRM, F_PC, F_USER, H_ANSWER
from ..frames import PC_START
from ..rules import alive
from ..state import draw_cards, pop_frame
from .common import ask_confirm, skill_log
from .ids import SK_LIANYING, SK_XIAOJI

SKILLS = (SK_LIANYING, SK_XIAOJI)
TIMINGS = ()


@njit(cache=True)
def mask(s, out, d, sk, stage):
    return 0


# the steps of its FR_SKILL frame (its F_PC): asked; answered
LOSS_ASK, LOSS_ANSWER = PC_START, 1


@njit(cache=True)
def run(s, o, sk):
    u = s[o + F_USER]
    if s[o + F_PC] == LOSS_ASK:
        if not alive(s, u):
            pop_frame(s, 0)
            return
        ask_confirm(s, o, LOSS_ANSWER)
        return
    if s[H_ANSWER] == A_CONFIRM:
        skill_log(s, u, sk, -1)
        draw_cards(s, u, 1 if sk == SK_LIANYING else 2)
    pop_frame(s, 0)
