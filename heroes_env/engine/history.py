"""Public history: what every seat saw one seat do to another, kept in the game row.

The engine calls ``hist_add`` at its own event points (damage dealt, HP restored, a harmful card or
skill aimed, cards given, a 无懈可击 played; see ``HK_*`` in ``constants.py`` and
``docs/observation.md``). Each call bumps two saturating 6-bit counters for the ordered pair of
absolute seats (actor, receiver), packed with the pair's other kinds in one cell: one over the whole game (``HIST_GAME``) and one for the current
round (``HIST_RND``, cleared lazily: the first event of a new round clears it, and ``observe``
ignores it while ``HIST_RNDNO`` is not the current round), and writes the event into a ring of the
last ``HIST_WINDOW`` events (``HIST_EV``). ``observe_history`` encodes all of it for one viewer in
relative seat order. Only public facts enter: who did what to whom, which card kind, how much;
never which face-down cards.
"""

from .jit import njit

from .constants import (HC_FRIENDLY, HC_HOSTILE, HE_ACTOR_SHIFT, HE_AMOUNT_MAX, HE_AMOUNT_SHIFT,
                        HE_CARD_SHIFT, HE_KIND_SHIFT, HE_RECV_SHIFT, HIST_BITS, HIST_CELLS,
                        HIST_CNT, HIST_DIV, HIST_EV, HIST_EVENT_OBS, HIST_GAME, HIST_MAX, HIST_POS,
                        HIST_RND, HIST_RNDNO, HIST_WINDOW, HK_AIM, HK_PROTECT, H_NP, H_ROUND,
                        K_ARCHERY, K_COLLATERAL, K_DISMANTLE, K_DUEL, K_INDULGENCE, K_LIGHTNING,
                        K_NONE, K_NULLIFICATION, K_SAVAGE, K_SLASH, K_SNATCH, MAX_SEATS, MAX_SKILLS,
                        NUM_HC, NUM_HK, NUM_KINDS, OBS_HIST_EVENTS, OBS_HIST_GAME, OBS_HIST_ROUND,
                        OE_ACTOR, OE_AMOUNT, OE_CARD, OE_KIND, OE_RECV)
from .state import rel_seat, seat_after
from .content import SKILL_HIST
from .encode import count_values, put_count, put_value



@njit(cache=True)
def _bump(s, cell, sh, n):
    """Add n to the HIST_BITS-bit counter at bit sh of cell, saturating at HIST_MAX."""
    cur = (s[cell] >> sh) & HIST_MAX
    nv = cur + n
    if nv > HIST_MAX:
        nv = HIST_MAX
    s[cell] += (nv - cur) << sh


@njit(cache=True)
def hist_counter(s, base, kind, actor, recv):
    """The counter of kind for actor -> receiver (absolute seats) in the block at base
    (HIST_GAME or HIST_RND)."""
    return (s[base + actor * MAX_SEATS + recv] >> (HIST_BITS * kind)) & HIST_MAX


@njit(cache=True)
def hist_add(s, kind, actor, recv, ckind, n):
    """Record a public event: actor did n of kind (HK_*) to recv, with a card of kind ckind
    (K_NONE for a skill). Nothing is recorded without both seats or for n <= 0."""
    if actor < 0 or recv < 0 or n <= 0:
        return
    pair = actor * MAX_SEATS + recv
    sh = HIST_BITS * kind
    _bump(s, HIST_GAME + pair, sh, n)
    r = s[H_ROUND]
    if s[HIST_RNDNO] != r:
        for i in range(HIST_CELLS):
            s[HIST_RND + i] = 0
        s[HIST_RNDNO] = r
    _bump(s, HIST_RND + pair, sh, n)
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


# every counter's float32 value (count / HIST_DIV) for put_value, the hottest loop of
# observe_history
HIST_VALUES = count_values(HIST_DIV, HIST_MAX)


@njit(cache=True)
def _pair(v, out, o):
    """The NUM_HK counters packed in cell value v into out[o:o + NUM_HK] (/ HIST_DIV)."""
    for k in range(NUM_HK):
        put_value(out, o + k, (v >> (HIST_BITS * k)) & HIST_MAX, HIST_VALUES)


@njit(cache=True)
def _classes(w, out, o):
    """The current round's counters packed in cell value w as the two HC_* classes."""
    hostile = (w & HIST_MAX) + ((w >> HIST_BITS) & HIST_MAX)
    friendly = ((w >> (2 * HIST_BITS)) & HIST_MAX) + ((w >> (3 * HIST_BITS)) & HIST_MAX) \
        + ((w >> (4 * HIST_BITS)) & HIST_MAX)
    put_count(out, o + HC_HOSTILE, hostile, HIST_DIV)
    put_count(out, o + HC_FRIENDLY, friendly, HIST_DIV)


@njit(cache=True)
def observe_history(s, viewer, out):
    """Fill the OBS_HIST_* pieces of out (already zero) for viewer: public, so the same for every
    viewer up to the relative seat order. (Hot: every pair is written, an empty one as the zeros
    it already holds, so that no branch asks which pairs are empty: that is unpredictable.)"""
    n = s[HIST_CNT]
    if n == 0:
        return                             # nothing has happened yet
    npl = s[H_NP]
    rnd = s[HIST_RNDNO] == s[H_ROUND]      # else the round's counters are an old round's: 0
    for ra in range(npl):                  # relative seats, as observe's seat blocks walk them
        a = seat_after(s, viewer, ra)
        row = HIST_GAME + a * MAX_SEATS
        rrow = HIST_RND + a * MAX_SEATS
        for rb in range(npl):
            b = seat_after(s, viewer, rb)
            p = ra * MAX_SEATS + rb
            _pair(s[row + b], out, OBS_HIST_GAME + p * NUM_HK)
            _classes(s[rrow + b] if rnd else 0, out, OBS_HIST_ROUND + p * NUM_HC)
    q = s[HIST_POS]
    for j in range(n):                     # j = 0: the newest
        q = q - 1 if q > 0 else HIST_WINDOW - 1
        e = s[HIST_EV + q]
        kind = ((e >> HE_KIND_SHIFT) & 7) - 1
        if kind < 0:
            continue
        o = OBS_HIST_EVENTS + j * HIST_EVENT_OBS
        out[o + OE_KIND + kind] = 1.0
        ra = rel_seat(s, viewer, (e >> HE_ACTOR_SHIFT) & 15)
        rb = rel_seat(s, viewer, (e >> HE_RECV_SHIFT) & 15)
        ck = (e >> HE_CARD_SHIFT) & 31
        for i in range(4):
            out[o + OE_ACTOR + i] = (ra >> i) & 1
            out[o + OE_RECV + i] = (rb >> i) & 1
        for i in range(5):
            out[o + OE_CARD + i] = (ck >> i) & 1
        put_count(out, o + OE_AMOUNT, (e >> HE_AMOUNT_SHIFT) & 15, HIST_DIV)
