"""红颜劫 (邰泽启, classmates): locked (不屈): as his dying starts, for every point of HP below 1
the top card of the draw pile is set face up on his hero; while their ranks all differ he does
not die.

It is a rule of the dying procedure, not a frame of its own: ``dying_starts`` (asked by
``registry.dying_held_off``). The cards are not a judgement (no retrial). The pile's rules (it
keeps him alive, each HP recovered takes a card off) are ``common.pile_*``, which the dying
procedure, every recovery and the invariants share.
"""
from ....fast.jit import njit
from ...constants import EV_REVEAL, P_HP, Z_PILE
from ...state import has_skill, log_event, move_card, top_card
from ..common import pile_count, pile_holds, skill_log
from ..ids import SK_HONGYANJIE


@njit(cache=True, inline="always")
def dying_starts(s, victim):
    """For every point of HP below 1 not yet matched, the top card of the draw pile goes face up
    onto victim's hero. True if he does not die (every rank differs); else he is dying as usual, and
    each HP recovered takes a card off again (``common.pile_trim``)."""
    if s[P_HP + victim] >= 1 or not has_skill(s, victim, SK_HONGYANJIE):
        return False
    need = 1 - s[P_HP + victim] - pile_count(s, victim)
    if need > 0:
        skill_log(s, victim, SK_HONGYANJIE, -1)
    for _ in range(need):
        c = top_card(s)
        if c < 0:
            return False
        move_card(s, c, Z_PILE + victim)
        log_event(s, EV_REVEAL, victim, c, 0)
    return pile_holds(s, victim)
