"""Shared fixtures and helpers for the test suite."""
import numpy as np
import pytest

from heroes_env.engine import constants as C


def check_invariants(g):
    """Card conservation, HP bounds, dead seats empty, exact hand counters: raises AssertionError."""
    s = g.s
    n = int(s[C.H_NCARDS])
    locs = s[C.C_LOC:C.C_LOC + n]
    assert (locs != C.Z_VOID).all(), "a card of the deck is in no zone"
    npl = int(s[C.H_NP])
    pos = [int(x) for x in s[C.P_POS:C.P_POS + npl]]
    assert sorted(pos) == list(range(npl)), "table positions are not a permutation of the seats"
    assert all(int(s[C.P_AT + pos[i]]) == i for i in range(npl)), "P_AT is not the inverse of P_POS"
    assert s[C.H_MOVED] or pos == list(range(npl)), "seats moved without H_MOVED"
    assert (s[C.C_LOC + n:C.C_LOC + C.MAX_CARDS] == C.Z_VOID).all()
    assert int((locs == C.Z_DECK).sum()) == int(s[C.H_NDECK])
    pile = sorted(int(x) for x in s[C.D_ORDER:C.D_ORDER + s[C.H_NDECK]])
    assert pile == sorted(np.flatnonzero(locs == C.Z_DECK).tolist()), "draw pile array and zones disagree"
    if not g.done:
        assert int(((locs == C.Z_PROC) | (locs == C.Z_AG)).sum()) <= 16
    for seat in range(g.num_players):
        assert int((locs == C.Z_HAND + seat).sum()) == int(s[C.P_HANDN + seat])
        assert s[C.P_HP + seat] <= s[C.P_MAXHP + seat]
        for f in (C.P_WEAPON, C.P_ARMOR, C.P_PLUS, C.P_MINUS):
            c = int(s[f + seat])
            if c >= 0:
                assert locs[c] == C.Z_EQUIP + seat
        assert int((locs == C.Z_EQUIP + seat).sum()) == sum(
            1 for f in (C.P_WEAPON, C.P_ARMOR, C.P_PLUS, C.P_MINUS) if s[f + seat] >= 0)
        if not s[C.P_ALIVE + seat] and not g.done:
            for z in (C.Z_HAND, C.Z_EQUIP, C.Z_JUDGE, C.Z_PILE):
                assert int((locs == z + seat).sum()) == 0, f"dead seat {seat} holds cards"
        if s[C.P_ALIVE + seat] and not g.done:
            assert s[C.P_HP + seat] >= 1 or _dying(s, seat) or _buqu(s, seat), \
                f"seat {seat} at 0 HP, not dying"
            if s[C.H_PACK] != C.PACK_NONE and not s[C.H_DRAFT]:    # (scenarios may mix)
                assert s[C.P_HERO + seat] >= 0, f"seat {seat} has no hero"
    look = int((locs == C.Z_LOOK).sum())
    assert look <= 5 and (look == 0 or s[C.H_LOOKER] >= 0), "private cards without a looker"
    if not g.done:
        assert s[C.H_PEND] == 0 or s[C.H_HOLD], "a card-loss trigger waits while a decision is asked"
    assert s[C.H_ERR] == 0


def _buqu(s, seat):
    """不屈 (红颜劫) keeps seat alive below 1 HP: 1 - HP cards on its hero, all ranks different."""
    z = C.Z_PILE + seat
    ranks = [int(s[C.C_INFO + c]) & 15 for c in range(int(s[C.H_NCARDS])) if s[C.C_LOC + c] == z]
    return len(ranks) == 1 - int(s[C.P_HP + seat]) and len(set(ranks)) == len(ranks)


def _dying(s, seat):
    frames = [C.FRAME_BASE + i * C.FRAME_SIZE for i in range(int(s[C.H_FP]))]
    return any(s[o + C.F_KIND] == C.FR_DYING and s[o + C.F_TGT] == seat for o in frames)


@pytest.fixture
def invariants():
    return check_invariants
