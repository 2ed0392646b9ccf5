"""The engine's public entry points: new game, step, rewards.

Single game: ``init_game`` then ``step`` on a row of ``STATE_SIZE`` int32 cells (from Python; in
compiled code ``setup_game`` then ``engine(s, OP_DEAL, ...)`` and ``engine(s, OP_STEP, ...)``).
The batch kernels (many rows in parallel) are in ``batch.py``.
"""
import numpy as np

from ..fast.jit import njit
from .constants import (
    C_INFO,
    C_LOC,
    D_ORDER,
    FAULT_NO_LEGAL_ACTION,
    FLAG_AUTOPLAY,
    G_DECK,
    G_DECKID,
    G_FLAGS,
    G_MAX_ROUNDS,
    G_MODE,
    G_NCARDS,
    G_NP,
    G_PACK,
    G_ROLES,
    H_ANSWER,
    H_CUR,
    H_DCARD,
    H_DECIDER,
    H_DECK,
    H_DONE,
    H_DRAFT,
    H_DSKOWNER,
    H_DSRC,
    H_DTGT,
    H_ERR,
    H_FLAGS,
    H_LOOKER,
    H_MAX_ROUNDS,
    H_MODE,
    H_NAUTO,
    H_NCARDS,
    H_NDEC,
    H_NDECK,
    H_NP,
    H_PACK,
    H_RESULT,
    H_RNG,
    H_ROUND,
    H_SEED,
    H_WINSEAT,
    MAX_CARDS,
    MAX_SEATS,
    MODE_3V3,
    NUM_ACTIONS,
    P_ALIVE,
    P_ARMOR,
    P_HERO,
    P_HP,
    P_MAXHP,
    P_MINUS,
    P_PLUS,
    P_REVEALED,
    P_ROLE,
    P_WEAPON,
    RES_DRAW,
    RES_LORD,
    RES_NONE,
    RES_REBEL,
    RES_RENEGADE,
    RES_TEAM0,
    RES_TEAM1,
    RES_TRUNCATED,
    ROLE_LORD,
    ROLE_LOYALIST,
    ROLE_REBEL,
    STATE_SIZE,
    TEAM_SIZE,
    Z_DECK,
    Z_VOID,
)
from .draft import setup_heroes
from .flow import advance
from .frames import push_draft, push_game
from .mask import legal_mask
from .mode3v3 import setup_3v3
from .state import clear_decision, deal_hands, end_game, rand_below, reset_positions

# what ``engine`` returns
ENGINE_OK = 0          # it ran
ERR_ILLEGAL = -1       # a step's action is not legal (the row unchanged)
ERR_NOT_RUNNING = -2   # a step on a game that is over or asks no decision (the row unchanged)


@njit(entry=True, cache=True)
def setup_game(s, spec, seed):
    """Fill row s with a fresh game before any card is dealt: config, deck (shuffled), seats, roles.

    spec is the game's configuration array (``G_*`` layout, built by ``heroes_env.config.spec``).
    Its role pool lists the roles, the lord first; seat 0 gets the lord, the other roles are
    shuffled. Returns nothing; the caller deals (``deal_and_start``) or rigs the game (scenario
    builder)."""
    npl = spec[G_NP]
    for i in range(STATE_SIZE):
        s[i] = 0
    s[H_NP] = npl
    s[H_MODE] = spec[G_MODE]
    s[H_PACK] = spec[G_PACK]
    s[H_DECK] = spec[G_DECKID]
    s[H_FLAGS] = spec[G_FLAGS]
    s[H_MAX_ROUNDS] = spec[G_MAX_ROUNDS]
    s[H_SEED] = seed
    s[H_RNG] = 0
    s[H_ROUND] = 1
    s[H_CUR] = 0
    s[H_DECIDER] = -1
    s[H_DCARD] = -1
    s[H_DSRC] = -1
    s[H_DTGT] = -1
    n = spec[G_NCARDS]
    s[H_NCARDS] = n
    for c in range(MAX_CARDS):
        s[C_INFO + c] = -1
        s[C_LOC + c] = Z_VOID
    for c in range(n):
        s[C_INFO + c] = spec[G_DECK + c]
        s[C_LOC + c] = Z_DECK
        s[D_ORDER + c] = c
    s[H_NDECK] = n
    for i in range(n - 1, 0, -1):
        j = rand_below(s, i + 1)
        t = s[D_ORDER + i]
        s[D_ORDER + i] = s[D_ORDER + j]
        s[D_ORDER + j] = t
    for seat in range(MAX_SEATS):
        for f in (P_WEAPON, P_ARMOR, P_PLUS, P_MINUS, P_HERO):
            s[f + seat] = -1
    reset_positions(s)              # every seat at its own place (迁都 may swap two)
    if s[H_MODE] == MODE_3V3:
        setup_3v3(s, spec)
        return
    roles = np.empty(npl, np.int32)
    for i in range(npl):
        roles[i] = spec[G_ROLES + i]
    for i in range(npl - 1, 1, -1):
        j = 1 + rand_below(s, i)
        t = roles[i]
        roles[i] = roles[j]
        roles[j] = t
    for seat in range(npl):
        s[P_ROLE + seat] = roles[seat]
        hp = 4
        if roles[seat] == ROLE_LORD and npl >= 5:
            hp = 5
        s[P_HP + seat] = hp
        s[P_MAXHP + seat] = hp
        s[P_ALIVE + seat] = 1
        s[P_REVEALED + seat] = 1 if roles[seat] == ROLE_LORD else 0
    s[H_LOOKER] = -1
    s[H_DSKOWNER] = -1
    setup_heroes(s, spec)


# ---------------------------------------------------------------- running the frame machine
# One compiled function runs the frame machine for every entry point. (Numba links a callee's
# code into each compiled caller and optimises it again there: with start / step / autoplay / ...
# as separate compiled functions, the whole engine was optimised once per wrapper, which doubled
# the cold compile. The wrappers below are plain Python; compiled callers use ``engine``.)
OP_START = 0         # run a set-up (or rigged) game to its next decision
OP_DEAL = 1          # deal the opening hands (or start the hero draft), push the game frame, run
OP_STEP = 2          # answer the pending decision with a (checked against the mask, put in buf)
OP_STEP_TRUSTED = 3  # the same, buf already holding the pending decision's mask


@njit(entry=True, cache=True)
def engine(s, operation, a, buf):
    """Run the game in row s: operation is one of the OP_* above. Returns ENGINE_OK, or ERR_* (s
    unchanged).

    Then, with the game's autoplay flag, decisions with exactly one legal action are answered
    unasked; on return buf holds the mask of the pending decision (autoplay on) or is stale. A
    decision with no legal action (a crafted state's) ends the game truncated, H_ERR
    FAULT_NO_LEGAL_ACTION."""
    if operation == OP_DEAL:
        push_game(s)
        if s[H_DRAFT] != 0:
            push_draft(s)     # deals once heroes are chosen
        else:
            deal_hands(s)
    elif operation == OP_STEP or operation == OP_STEP_TRUSTED:
        if s[H_DONE] != 0 or s[H_DECIDER] < 0:
            return ERR_NOT_RUNNING
        if a < 0 or a >= NUM_ACTIONS:
            return ERR_ILLEGAL
        if operation == OP_STEP:
            legal_mask(s, buf)
        if buf[a] == 0:
            return ERR_ILLEGAL
        s[H_ANSWER] = a
        clear_decision(s)
        s[H_NDEC] += 1
    advance(s)
    if (s[H_FLAGS] & FLAG_AUTOPLAY) == 0:
        return ENGINE_OK
    while s[H_DONE] == 0 and s[H_DECIDER] >= 0:
        n = legal_mask(s, buf)
        if n != 1:
            if n == 0:          # no legal action: only a crafted state gets here; end it
                s[H_ERR] = FAULT_NO_LEGAL_ACTION
                end_game(s, RES_TRUNCATED, -1)
            break
        for i in range(NUM_ACTIONS):
            if buf[i] != 0:
                s[H_ANSWER] = i
                break
        s[H_NAUTO] += 1
        clear_decision(s)
        s[H_NDEC] += 1
        advance(s)
    return ENGINE_OK


def start(s, buf):
    """Run a set-up game to its first decision."""
    engine(s, OP_START, 0, buf)


def deal_and_start(s, buf):
    """Deal 4 cards to every seat (from the lord on; after the hero draft if there is one), push
    the game frame, run to a decision."""
    engine(s, OP_DEAL, 0, buf)


def init_game(s, spec, seed, buf):
    """A new game of the given spec and seed in row s, run to its first decision. (Compiled code
    calls ``setup_game`` then ``engine(s, OP_DEAL, 0, buf)``.)"""
    setup_game(s, spec, seed)
    engine(s, OP_DEAL, 0, buf)


def step(s, a, buf):
    """Answer the pending decision with action a. Returns ENGINE_OK, or ERR_* and leaves s
    unchanged.

    On success with autoplay on, buf holds the legal mask of the new pending decision."""
    return engine(s, OP_STEP, a, buf)


def step_trusting(s, a, buf, buf_is_current):
    """step(), skipping the mask computation when the caller knows buf is the current mask."""
    return engine(s, OP_STEP_TRUSTED if buf_is_current else OP_STEP, a, buf)


@njit(entry=True, cache=True)
def rewards(s, out):
    """Team result per seat: +1 win, -1 loss, 0 draw / truncated / still running."""
    npl = s[H_NP]
    for i in range(out.shape[0]):
        out[i] = 0.0
    res = s[H_RESULT]
    if s[H_DONE] == 0 or res == RES_DRAW or res == RES_TRUNCATED or res == RES_NONE:
        return
    for i in range(npl):
        r = s[P_ROLE + i]
        win = False
        if res == RES_LORD:
            win = r == ROLE_LORD or r == ROLE_LOYALIST
        elif res == RES_REBEL:
            win = r == ROLE_REBEL
        elif res == RES_RENEGADE:
            win = i == s[H_WINSEAT]
        elif res == RES_TEAM0 or res == RES_TEAM1:
            win = i // TEAM_SIZE == res - RES_TEAM0
        out[i] = 1.0 if win else -1.0
