"""Heroes for the seats: the draft (agent decisions), random assignment, or a fixed line-up.

Draft (docs/rules.md, Heroes (pack `standard`)): the lord (seat 0) chooses from five offered
heroes (the pack's lord heroes, e.g. 曹操/刘备/孙权, then random ones) and his choice is shown to
all; then every other seat chooses from three (two with ten players) drawn from the rest, each
seeing only its own offer; the choices are revealed together when all are made. Then the cards
are dealt. Hero data comes from ``content.HERO_TAB``. A seat's offer is kept in increasing hero
id: ``A_HERO + j`` picks the j-th hero marked in its observation's ``OBS_OFFER`` cells. A lord
gets +1 max HP with five or more players, and lord skills only as lord.
"""
import numpy as np

from ..fast.jit import njit
from .constants import (
    A_HERO,
    DK_HERO,
    EV_HERO,
    F_PC,
    G_FIXED,
    G_HEROSEL,
    G_PACK,
    H_ANSWER,
    H_DRAFT,
    H_HEROES,
    H_NP,
    H_PACK,
    HR_GENDER,
    HR_HP,
    HR_KINGDOM,
    HR_LORD_OFFER,
    HR_PACK,
    HR_SK,
    HS_FIXED,
    HS_NONE,
    HS_RANDOM,
    MAX_OFFER,
    MAX_SEATS,
    MAX_SKILL_SLOTS,
    OFFER_BASE,
    P_GENDER,
    P_HERO,
    P_HP,
    P_KINGDOM,
    P_MAXHP,
    P_ROLE,
    P_SK0,
    Q_LORD_HP_BONUS,
    ROLE_COMMANDER,
    ROLE_LORD,
)
from .content import HERO_TAB, LORD_SKILL
from .frames import F_DRAFT_SEAT
from .skills.queries import query
from .state import deal_hands, log_event, pop_frame, post_decision, rand_below

NUM_HERO_ROWS = HERO_TAB.shape[0]


@njit(entry=True, cache=True)
def assign_hero(s, seat, hero):
    """Give seat the hero: HP, gender, kingdom and skills (lord skills only for the lord; a 3v3
    commander gets +1 max HP and no lord skills)."""
    lord = s[P_ROLE + seat] == ROLE_LORD
    s[P_HERO + seat] = hero
    s[P_GENDER + seat] = HERO_TAB[hero, HR_GENDER]
    s[P_KINGDOM + seat] = HERO_TAB[hero, HR_KINGDOM]
    set_hero_skills(s, seat, hero)
    s[H_HEROES] = 1
    hp = HERO_TAB[hero, HR_HP]
    if lord and s[H_NP] >= 5:
        hp += query(s, Q_LORD_HP_BONUS, seat, value=1, a=0, b=0)     # 狂禅: none
    elif s[P_ROLE + seat] == ROLE_COMMANDER:
        hp += 1                           # 3v3 commander
    s[P_HP + seat] = hp
    s[P_MAXHP + seat] = hp


@njit(cache=True)
def set_hero_skills(s, seat, hero):
    """seat's skill slots become the hero's skills (lord skills only if seat is the lord); also what
    易装 does with a dead hero's skills."""
    lord = s[P_ROLE + seat] == ROLE_LORD
    k = 0
    for i in range(MAX_SKILL_SLOTS):
        s[P_SK0 + i * MAX_SEATS + seat] = 0
    for i in range(MAX_SKILL_SLOTS):
        sk = HERO_TAB[hero, HR_SK + i]
        if sk != 0 and (lord or LORD_SKILL[sk] == 0):
            s[P_SK0 + k * MAX_SEATS + seat] = sk
            k += 1


@njit(cache=True)
def pack_pool(pack, exclude):
    """Hero ids of a pack (id order), without hero exclude."""
    n = 0
    for h in range(NUM_HERO_ROWS):
        if HERO_TAB[h, HR_PACK] == pack and HERO_TAB[h, HR_HP] > 0 and h != exclude:
            n += 1
    out = np.empty(n, np.int64)
    n = 0
    for h in range(NUM_HERO_ROWS):
        if HERO_TAB[h, HR_PACK] == pack and HERO_TAB[h, HR_HP] > 0 and h != exclude:
            out[n] = h
            n += 1
    return out


@njit(cache=True)
def shuffle_tail(s, items, start):
    """Shuffle items[start:] in place with the game's generator."""
    for i in range(items.shape[0] - 1, start, -1):
        j = start + rand_below(s, i - start + 1)
        held = items[i]
        items[i] = items[j]
        items[j] = held


@njit(cache=True)
def sort_offer(s, seat):
    """A seat's offer in increasing hero id, so offer index j (A_HERO + j) is the j-th offered hero
    of the observation's OBS_OFFER cells (empty slots, -1, last)."""
    o = OFFER_BASE + seat * MAX_OFFER
    for i in range(MAX_OFFER):
        for j in range(MAX_OFFER - 1 - i):
            a = s[o + j]
            b = s[o + j + 1]
            if (a < 0 and b >= 0) or (b >= 0 and a > b):
                s[o + j] = b
                s[o + j + 1] = a


@njit(cache=True)
def lord_offer(s, pack):
    """The lord's five: the pack's lord heroes first, then random others (written to his offer).
    Heroes that may never be the lord (``lord_offer`` -1: 吕龙生) are left out."""
    full = pack_pool(pack, -1)
    m = 0
    for i in range(full.shape[0]):
        if HERO_TAB[full[i], HR_LORD_OFFER] >= 0:
            full[m] = full[i]
            m += 1
    pool = full[:m]
    k = 0
    for i in range(pool.shape[0]):             # lord heroes to the front, in id order
        if HERO_TAB[pool[i], HR_LORD_OFFER] == 1:
            t = pool[k]
            pool[k] = pool[i]
            pool[i] = t
            k += 1
    if k > MAX_OFFER:
        k = MAX_OFFER
    shuffle_tail(s, pool, k)
    for j in range(MAX_OFFER):
        s[OFFER_BASE + j] = pool[j] if j < pool.shape[0] else -1
    sort_offer(s, 0)


@njit(cache=True)
def deal_offers(s, pack, lord_hero):
    """Three heroes (two with ten players) for every other seat, from the rest of the pack."""
    pool = pack_pool(pack, lord_hero)
    shuffle_tail(s, pool, 0)
    npl = s[H_NP]
    k = 2 if npl >= 10 else 3
    p = 0
    for seat in range(1, npl):
        for j in range(MAX_OFFER):
            v = -1
            if j < k and p < pool.shape[0]:
                v = pool[p]
                p += 1
            s[OFFER_BASE + seat * MAX_OFFER + j] = v
        sort_offer(s, seat)


@njit(cache=True)
def setup_heroes(s, spec):
    """Heroes at set-up, by the spec's selection mode (the draft only prepares the lord's offer)."""
    mode = spec[G_HEROSEL]
    pack = spec[G_PACK]
    npl = s[H_NP]
    for seat in range(MAX_SEATS):
        for j in range(MAX_OFFER):
            s[OFFER_BASE + seat * MAX_OFFER + j] = -1
    if mode == HS_NONE:
        return
    s[H_HEROES] = 1
    if mode == HS_FIXED:
        for seat in range(npl):
            assign_hero(s, seat, spec[G_FIXED + seat])
    elif mode == HS_RANDOM:
        lord_offer(s, pack)
        h0 = s[OFFER_BASE + rand_below(s, offered(s, 0))]
        assign_hero(s, 0, h0)
        deal_offers(s, pack, h0)
        for seat in range(1, npl):
            assign_hero(s, seat, s[OFFER_BASE + seat * MAX_OFFER])
        for seat in range(MAX_SEATS):
            for j in range(MAX_OFFER):
                s[OFFER_BASE + seat * MAX_OFFER + j] = -1
    else:
        s[H_DRAFT] = 1
        lord_offer(s, pack)


@njit(cache=True)
def offered(s, seat):
    n = 0
    for j in range(MAX_OFFER):
        if s[OFFER_BASE + seat * MAX_OFFER + j] >= 0:
            n += 1
    return n


# FR_DRAFT steps (identity mode)
DRAFT_ASK = 0     # ask the next seat
DRAFT_ANSWER = 1  # its hero chosen


@njit(cache=True)
def run_draft(s, o):
    """FR_DRAFT: F_DRAFT_SEAT = the seat choosing next (0 = the lord)."""
    pc = s[o + F_PC]
    npl = s[H_NP]
    if pc == DRAFT_ANSWER:
        seat = s[o + F_DRAFT_SEAT]
        h = s[OFFER_BASE + seat * MAX_OFFER + s[H_ANSWER] - A_HERO]
        if seat == 0:
            assign_hero(s, 0, h)
            log_event(s, EV_HERO, 0, h, 0)
            deal_offers(s, s[H_PACK], h)
        else:
            s[P_HERO + seat] = h            # hidden until every seat has chosen
        s[o + F_DRAFT_SEAT] = seat + 1
    seat = s[o + F_DRAFT_SEAT]
    if seat < npl:
        s[o + F_PC] = DRAFT_ANSWER
        post_decision(s, seat, DK_HERO, card=-1, src=-1, tgt=-1, da=offered(s, seat), db=0, dc=0)
        return
    # every seat has chosen: reveal, clear the offers, deal the cards
    s[H_DRAFT] = 0
    for seat in range(1, npl):
        assign_hero(s, seat, s[P_HERO + seat])
        log_event(s, EV_HERO, seat, s[P_HERO + seat], 0)
    for i in range(MAX_SEATS * MAX_OFFER):
        s[OFFER_BASE + i] = -1
    deal_hands(s)
    pop_frame(s, 0)


@njit(cache=True)
def hero_mask(s, d, out):
    """DK_HERO of identity mode (posted by FR_DRAFT): A_HERO + j for each hero offered to d."""
    n = 0
    for j in range(MAX_OFFER):
        if s[OFFER_BASE + d * MAX_OFFER + j] >= 0:
            out[A_HERO + j] = 1
            n += 1
    return n
