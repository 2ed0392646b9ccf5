"""Public history: what every seat saw one seat do to another, kept in the game row.

The engine calls ``hist_add`` at its own event points (damage dealt, HP restored, a harmful card or
skill aimed, cards given, a 无懈可击 played; see ``HK_*`` in ``constants.py`` and
``docs/observation.md``). Each call bumps two saturating one-byte counters for the ordered pair of
absolute seats (actor, receiver): the kind's over the whole game (``HIST_GAME``) and the kind's
class (``HC_*``) for the current round (``HIST_RND``, cleared lazily: the first event of a new
round clears it, and ``observe`` ignores it while ``HIST_RNDNO`` is not the current round), and
writes the event into a ring of the last ``HIST_WINDOW`` events (``HIST_EV``). The counters are
laid out as the observation shows them, so ``observe_history`` copies a seat's counters in
relative seat order (two runs of bytes per seat) instead of unpacking them. Only public facts
enter: who did what to whom, which card kind, how much; never which face-down cards.
"""
import numpy as np

from ..fast.intrinsics import load_u64, store_u64
from ..fast.jit import njit
from .constants import (
    H_MOVED,
    H_NP,
    H_ROUND,
    HC_FRIENDLY,
    HC_HOSTILE,
    HE_ACTOR_SHIFT,
    HE_AMOUNT_MAX,
    HE_AMOUNT_SHIFT,
    HE_CARD_SHIFT,
    HE_KIND_SHIFT,
    HE_RECV_SHIFT,
    HIST_CNT,
    HIST_DIV,
    HIST_EV,
    HIST_EVENT_OBS,
    HIST_GAME,
    HIST_MAX,
    HIST_POS,
    HIST_RND,
    HIST_RND_BYTES,
    HIST_RNDNO,
    HIST_WINDOW,
    HK_AIM,
    HK_DAMAGE,
    HK_PROTECT,
    K_ARCHERY,
    K_COLLATERAL,
    K_DISMANTLE,
    K_DUEL,
    K_INDULGENCE,
    K_LIGHTNING,
    K_NONE,
    K_NULLIFICATION,
    K_SAVAGE,
    K_SLASH,
    K_SNATCH,
    MAX_SEATS,
    MAX_SKILLS,
    NUM_HC,
    NUM_HK,
    NUM_KINDS,
    OBS_HIST_EVENTS,
    OBS_HIST_GAME,
    OBS_HIST_ROUND,
    OE_ACTOR,
    OE_AMOUNT,
    OE_CARD,
    OE_KIND,
    OE_RECV,
)
from .content import SKILL_HIST
from .encode import byte_obs, put_count
from .state import rel_seat, row_bytes, seat_after


@njit(cache=True)
def _bump(counters, i, n):
    """Add n to the one-byte counter counters[i], saturating at HIST_MAX."""
    nv = counters[i] + n
    counters[i] = nv if nv < HIST_MAX else HIST_MAX


@njit(cache=True)
def hist_class(kind):
    """The class (HC_*) the current round counts kind (HK_*) in."""
    return HC_HOSTILE if kind == HK_DAMAGE or kind == HK_AIM else HC_FRIENDLY


@njit(cache=True)
def hist_counter(s, base, kind, actor, recv):
    """A counter of actor -> receiver (absolute seats): of kind (HK_*) over the game (base =
    HIST_GAME), or of class kind (HC_*) in the round HIST_RNDNO (base = HIST_RND)."""
    width = NUM_HK if base == HIST_GAME else NUM_HC
    return row_bytes(s)[4 * base + (actor * MAX_SEATS + recv) * width + kind]


@njit(cache=True)
def hist_add(s, kind, actor, recv, ckind, n):
    """Record a public event: actor did n of kind (HK_*) to recv, with a card of kind ckind
    (K_NONE for a skill). Nothing is recorded without both seats or for n <= 0."""
    if actor < 0 or recv < 0 or n <= 0:
        return
    pair = actor * MAX_SEATS + recv
    counters = row_bytes(s)
    _bump(counters, 4 * HIST_GAME + pair * NUM_HK + kind, n)
    round_no = s[H_ROUND]
    if s[HIST_RNDNO] != round_no:
        for i in range(HIST_RND, HIST_RND + HIST_RND_BYTES // 4):
            s[i] = 0
        s[HIST_RNDNO] = round_no
    _bump(counters, 4 * HIST_RND + pair * NUM_HC + hist_class(kind), n)
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
def observe_history(s, viewer, out):
    """Fill the OBS_HIST_* pieces of out (already zero) for viewer: public, so the same for every
    viewer up to the relative seat order."""
    n = s[HIST_CNT]
    if n == 0:
        return                             # nothing has happened yet
    npl = s[H_NP]
    rnd = s[HIST_RNDNO] == s[H_ROUND]      # else the round's counters are an old round's: 0
    b = row_bytes(s)
    same = s[H_MOVED] == 0                 # relative order = seat order (no 迁都 swap)
    for ra in range(npl):                  # relative seats, as observe's seat blocks walk them
        a = seat_after(s, viewer, ra)
        # the actor's counters (the game's by kind, then the round's by class) for each receiver
        # in relative order: the receivers from the viewer on, then those before it (two runs of
        # bytes), or pair by pair after 迁都 (runs of one pair). Written out here, not in a
        # helper (an array handed to an inlined helper costs reference counts), with unsigned
        # indices (no wraparound test between a run and its vectorisation)
        for piece in range(2 if rnd else 1):
            w = NUM_HK if piece == 0 else NUM_HC
            src = (4 * HIST_GAME if piece == 0 else 4 * HIST_RND) + a * MAX_SEATS * w
            dst = (OBS_HIST_GAME if piece == 0 else OBS_HIST_ROUND) + ra * MAX_SEATS * w
            for run in range(2 if same else npl):
                if same:                   # receivers viewer..npl-1, then 0..viewer-1
                    first = viewer if run == 0 else 0
                    count = npl - viewer if run == 0 else viewer
                    at = 0 if run == 0 else npl - viewer
                else:                      # receiver rb = run, one pair
                    first, count, at = seat_after(s, viewer, run), 1, run
                i = np.uint64(src + first * w)
                o = np.uint64(dst + at * w)
                nbytes = count * w
                if byte_obs(out) and nbytes >= 8:    # 8 bytes at a time, the last 8 overlapping
                    for k in range(0, nbytes - 8, 8):
                        store_u64(out, o + k, load_u64(b, i + k))
                    store_u64(out, o + nbytes - 8, load_u64(b, i + nbytes - 8))
                elif byte_obs(out):
                    for t in range(np.uint64(nbytes)):
                        out[o + t] = b[i + t]
                else:
                    for t in range(np.uint64(nbytes)):
                        out[o + t] = np.float32(b[i + t]) / np.float32(HIST_DIV)
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
