"""Public history: what every seat saw one seat do to another, kept in the game row.

The engine calls ``hist_add`` at its own event points (damage dealt, HP restored, a harmful card or
skill aimed, cards given, a 无懈可击 played; see ``HK_*`` in ``constants.py`` and
``docs/observation.md``). Each call bumps two saturating 7-bit counters for the ordered pair of
absolute seats (actor, receiver): one over the whole game (``HIST_GAME``) and one for the current
round (``HIST_RND``, cleared lazily: the first event of a new round clears it, and ``observe``
ignores it while ``HIST_RNDNO`` is not the current round), and writes the event into a ring of the
last ``HIST_WINDOW`` events (``HIST_EV``). ``observe_history`` encodes all of it for one viewer in
relative seat order. Only public facts enter: who did what to whom, which card kind, how much;
never which face-down cards.
"""
from .jit import njit

from .constants import *  # noqa: F401,F403
from .state import rel_seat
from .content import SKILL_HIST

HIST_PAIRS = MAX_SEATS * MAX_SEATS


@njit(cache=True)
def _bump(s, base, idx, n):
    """Add n to the 7-bit counter idx of the block at base, saturating at HIST_MAX."""
    cell = base + (idx >> 2)
    sh = (idx & 3) * 8
    cur = (s[cell] >> sh) & 0xFF
    nv = cur + n
    if nv > HIST_MAX:
        nv = HIST_MAX
    s[cell] += (nv - cur) << sh


@njit(cache=True)
def hist_counter(s, base, kind, actor, recv):
    """The counter of kind for actor -> receiver (absolute seats) in the block at base
    (HIST_GAME or HIST_RND)."""
    idx = kind * HIST_PAIRS + actor * MAX_SEATS + recv
    return (s[base + (idx >> 2)] >> ((idx & 3) * 8)) & 0xFF


@njit(cache=True)
def hist_add(s, kind, actor, recv, ckind, n):
    """Record a public event: actor did n of kind (HK_*) to recv, with a card of kind ckind
    (K_NONE for a skill). Nothing is recorded without both seats or for n <= 0."""
    if actor < 0 or recv < 0 or n <= 0:
        return
    idx = kind * HIST_PAIRS + actor * MAX_SEATS + recv
    _bump(s, HIST_GAME, idx, n)
    r = s[H_ROUND]
    if s[HIST_RNDNO] != r:
        for i in range(HIST_CELLS):
            s[HIST_RND + i] = 0
        s[HIST_RNDNO] = r
    _bump(s, HIST_RND, idx, n)
    if ckind < 0 or ckind >= NUM_KINDS:
        ckind = K_NONE
    amount = n if n < HE_AMOUNT_MAX else HE_AMOUNT_MAX
    p = s[HIST_POS]
    s[HIST_EV + p] = ((kind + 1) << HE_KIND_SHIFT) | (actor << HE_ACTOR_SHIFT) \
        | (recv << HE_RECV_SHIFT) | (ckind << HE_CARD_SHIFT) | (amount << HE_AMOUNT_SHIFT)
    s[HIST_POS] = p + 1 if p + 1 < HIST_WINDOW else 0
    if s[HIST_CNT] < HIST_WINDOW:
        s[HIST_CNT] += 1


@njit(cache=True)
def hist_skill(s, seat, sk, tgt):
    """seat's skill sk (its base id) was used on tgt: recorded if skills.csv marks the skill
    ``harm`` (HK_AIM) or ``protect`` (HK_PROTECT)."""
    if tgt < 0 or sk <= 0 or sk >= MAX_SKILLS:
        return
    h = SKILL_HIST[sk]
    if h != 0:
        hist_add(s, h - 1, seat, tgt, K_NONE, 1)


@njit(cache=True)
def aims_harm(k):
    """Card kinds whose use aims harm at their targets (counted as HK_AIM per target)."""
    return k == K_SLASH or k == K_DUEL or k == K_DISMANTLE or k == K_SNATCH \
        or k == K_INDULGENCE or k == K_COLLATERAL


@njit(cache=True)
def trick_harms(k):
    """Tricks that hurt the seat they take effect on (a 无懈可击 cancelling one protects it)."""
    return k == K_DUEL or k == K_DISMANTLE or k == K_SNATCH or k == K_SAVAGE \
        or k == K_ARCHERY or k == K_COLLATERAL or k == K_INDULGENCE or k == K_LIGHTNING


@njit(cache=True)
def hist_nullify(s, seat, tgt, k, count):
    """seat played a 无懈可击 in the chain of trick kind k on tgt, count 无懈可击 before it: an even
    count cancels the trick, an odd one restores it. Cancelling a harmful trick (or restoring a
    helpful one) protects tgt; the other two hurt it."""
    cancels = count % 2 == 0
    if cancels == trick_harms(k):
        hist_add(s, HK_PROTECT, seat, tgt, K_NULLIFICATION, 1)
    else:
        hist_add(s, HK_AIM, seat, tgt, K_NULLIFICATION, 1)


@njit(cache=True)
def _bits(out, o, v, nbits):
    for b in range(nbits):
        if (v >> b) & 1:
            out[o + b] = 1.0


@njit(cache=True)
def _counters(s, viewer, base, out, obase):
    """Decode one counter block into out[obase + (ra * MAX_SEATS + rb) * NUM_HK + kind]
    (ra, rb relative to viewer); out is already zero there. Empty cells are skipped."""
    for cell in range(HIST_CELLS):
        v = s[base + cell]
        if v == 0:
            continue
        for j in range(4):
            x = (v >> (8 * j)) & 0xFF
            if x == 0:
                continue
            idx = cell * 4 + j
            kind = idx // HIST_PAIRS
            p = idx - kind * HIST_PAIRS
            a = p // MAX_SEATS
            b = p - a * MAX_SEATS
            ra = rel_seat(s, viewer, a)
            rb = rel_seat(s, viewer, b)
            out[obase + (ra * MAX_SEATS + rb) * NUM_HK + kind] = x * HIST_SCALE


@njit(cache=True)
def observe_history(s, viewer, out):
    """Fill the OBS_HIST_* pieces of out (already zero) for viewer: public, so the same for every
    viewer up to the relative seat order."""
    _counters(s, viewer, HIST_GAME, out, OBS_HIST_GAME)
    if s[HIST_RNDNO] == s[H_ROUND]:
        _counters(s, viewer, HIST_RND, out, OBS_HIST_ROUND)
    n = s[HIST_CNT]
    p = s[HIST_POS]
    for j in range(n):                     # j = 0: the newest
        p = p - 1 if p > 0 else HIST_WINDOW - 1
        e = s[HIST_EV + p]
        o = OBS_HIST_EVENTS + j * HIST_EVENT_OBS
        kind = ((e >> HE_KIND_SHIFT) & 7) - 1
        if kind < 0:
            continue
        out[o + OE_KIND + kind] = 1.0
        _bits(out, o + OE_ACTOR, rel_seat(s, viewer, (e >> HE_ACTOR_SHIFT) & 15), 4)
        _bits(out, o + OE_RECV, rel_seat(s, viewer, (e >> HE_RECV_SHIFT) & 15), 4)
        _bits(out, o + OE_CARD, (e >> HE_CARD_SHIFT) & 31, 5)
        out[o + OE_AMOUNT] = ((e >> HE_AMOUNT_SHIFT) & 15) * HIST_SCALE
