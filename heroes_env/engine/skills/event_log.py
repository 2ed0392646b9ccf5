"""What the event log (the ring of the latest events, ``state.log_event``) says happened: a
skill that acts again while its last act hurt someone (朴刀) asks it."""
from ...fast.jit import njit
from ..constants import EV_BASE, EV_DAMAGE, EV_RING, EV_SIZE, H_NEV


@njit(cache=True)
def damaged_since(s, start, src, t):
    """Did src deal damage to t since event number start (the events still in the ring)?"""
    end = s[H_NEV]
    i = start
    if end - i > EV_RING:
        i = end - EV_RING
    while i < end:
        e = EV_BASE + (i % EV_RING) * EV_SIZE
        if s[e] == EV_DAMAGE and s[e + 1] == src and s[e + 2] == t:
            return True
        i += 1
    return False
