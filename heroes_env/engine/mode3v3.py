"""The 3v3 mode (the classmates pack rules' "3V3競技模式"): seating, the hero draft, the turn order,
death.

Seating: team 0 holds seats 0-2, team 1 seats 3-5; each team's commander (主将, ``ROLE_COMMANDER``)
sits in its middle seat (1 and 4), between his two guards (副将, ``ROLE_GUARD``). Every role and
team is public. Commanders get +1 max HP and nobody has lord skills.

At set-up each commander rolls a die (1-6, again on a tie; ``EV_ROLL``). ``H_SIDE`` holds the
side that will choose to act first or second: the side that picked heroes second, or (no draft)
the higher roll.

Draft (``FR_DRAFT`` in mode 3v3, ``run_draft_3v3``): a pool of 12 random heroes of the pack (the
whole pack rounded down to an even number if it has fewer), public. The higher roll's commander
chooses to pick first or second (``DK_ORDER``, ``PUR_PICK_ORDER``). The commanders pick for their
teams in the order 1-2-2-2-2-2-1 (``DK_HERO``; ``A_HERO + j`` takes the j-th free hero of the
pool in id order, which is the j-th hero marked in the decider's ``OBS_OFFER``). Then each
commander, the first picker first, assigns three of his team's heroes: to himself, to his
lower-seat guard, to his higher-seat guard (``DK_HERO`` with ``H_DTGT`` = the seat; ``A_HERO + j``
= the j-th unassigned hero of his team). Assignments are seen by the own team only until all six
are made; then they are revealed together and the cards are dealt.

Turn order (``FR_GAME`` in mode 3v3, ``run_game_3v3``): the chooser decides to act first or second
(``DK_ORDER``, ``PUR_ACT_ORDER``). Sides then alternate blocks. On its block a side's commander
chooses who acts (``DK_WHO_ACTS``, ``A_TARGET`` + relative seat): himself (one turn), or one of
his living guards who has not acted in this round: that guard's turn, then the other guard's if he
is alive and has not acted either. In the game's first block only the commander may act. When the
side to move has nobody left to act, the other side moves again; when every living player has
acted the round ends and the side that did not act last starts the next one.
"""
import numpy as np

from ..fast.jit import njit
from .constants import (
    A_HERO,
    A_OPTION,
    A_TARGET,
    COMMANDER_OFFSET,
    DK_HERO,
    DK_ORDER,
    DK_WHO_ACTS,
    DX_HERO_ASSIGN,
    DX_HERO_OFFERED,
    EV_HERO,
    EV_ORDER,
    EV_PICK,
    EV_ROLL,
    EV_TURN,
    F_PC,
    G_FIXED,
    G_HEROSEL,
    G_PACK,
    G_ROLES,
    H_ACTED,
    H_ANSWER,
    H_BLOCK,
    H_CUR,
    H_DECIDER,
    H_DKIND,
    H_DRAFT,
    H_DSKOWNER,
    H_HEROES,
    H_LOOKER,
    H_MAX_ROUNDS,
    H_MODE,
    H_NP,
    H_ROUND,
    H_SIDE,
    H_TURNS,
    HS_FIXED,
    HS_NONE,
    HS_RANDOM,
    MAX_OFFER,
    MAX_SEATS,
    MODE_3V3,
    OFFER_BASE,
    OPT_FIRST,
    OPT_SECOND,
    P_ALIVE,
    P_HERO,
    P_HP,
    P_MAXHP,
    P_REVEALED,
    P_ROLE,
    PUR_ACT_ORDER,
    PUR_PICK_ORDER,
    RES_TEAM0,
    RES_TEAM1,
    RES_TRUNCATED,
    ROLE_COMMANDER,
    TEAM_SIZE,
)
from .draft import assign_hero, pack_pool, shuffle_tail
from .frames import F_D3_ASSIGNED, F_D3_FIRST, F_D3_PICKS, push_turn
from .state import (
    bury,
    deal_hands,
    draw_cards,
    end_game,
    log_event,
    pop_frame,
    post_decision,
    rand_below,
    rel_seat,
    seat_after,
)

POOL_SIZE = 12
POOL_BASE = OFFER_BASE                  # POOL_SIZE hero ids (increasing; -1 unused)
POOL_OWNER = OFFER_BASE + POOL_SIZE     # per pool slot: -1 free, 0/1 held by a team, 2 + seat
                                        # assigned
assert 2 * POOL_SIZE <= MAX_SEATS * MAX_OFFER


@njit(entry=True, cache=True)
def team_of(seat):
    return seat // TEAM_SIZE


@njit(cache=True)
def commander_of(team):
    return team * TEAM_SIZE + COMMANDER_OFFSET


@njit(cache=True)
def same_team(s, a, b):
    """Are seats a and b known teammates (3v3 only; every team is public there)?"""
    return s[H_MODE] == MODE_3V3 and a // TEAM_SIZE == b // TEAM_SIZE


@njit(cache=True)
def team_seat(team, i):
    """Seat of member i of a team: 0 = the commander, 1 = the lower-seat guard, 2 = the other."""
    if i == 0:
        return commander_of(team)
    if i == 1:
        return team * TEAM_SIZE
    return team * TEAM_SIZE + 2


# ---------------------------------------------------------------- set-up
@njit(cache=True)
def setup_3v3(s, spec):
    """Roles, HP and heroes of a 3v3 game (set-up, after the deck is shuffled); the rolls."""
    npl = s[H_NP]
    for seat in range(npl):
        r = spec[G_ROLES + seat]
        s[P_ROLE + seat] = r
        hp = 5 if r == ROLE_COMMANDER else 4
        s[P_HP + seat] = hp
        s[P_MAXHP + seat] = hp
        s[P_ALIVE + seat] = 1
        s[P_REVEALED + seat] = 1
    s[H_LOOKER] = -1
    s[H_DSKOWNER] = -1
    for i in range(MAX_SEATS * MAX_OFFER):
        s[OFFER_BASE + i] = -1
    a = 0
    b = 0
    while a == b:
        a = 1 + rand_below(s, 6)
        b = 1 + rand_below(s, 6)
    log_event(s, EV_ROLL, commander_of(0), a, 0)
    log_event(s, EV_ROLL, commander_of(1), b, 0)
    s[H_SIDE] = 0 if a > b else 1
    s[H_CUR] = commander_of(s[H_SIDE])
    s[H_BLOCK] = 0
    s[H_ACTED] = 0
    hs = spec[G_HEROSEL]
    pack = spec[G_PACK]
    if hs == HS_NONE:
        return
    s[H_HEROES] = 1
    if hs == HS_FIXED:
        for seat in range(npl):
            assign_hero(s, seat, spec[G_FIXED + seat])
    elif hs == HS_RANDOM:
        pool = pack_pool(pack, -1)
        shuffle_tail(s, pool, 0)
        for seat in range(npl):
            assign_hero(s, seat, pool[seat])
    else:
        s[H_DRAFT] = 1
        pool = pack_pool(pack, -1)
        shuffle_tail(s, pool, 0)
        k = pool.shape[0]
        if k > POOL_SIZE:
            k = POOL_SIZE
        k -= k % 2
        chosen = np.sort(pool[:k])
        for j in range(k):
            s[POOL_BASE + j] = chosen[j]


# ---------------------------------------------------------------- the draft
@njit(cache=True)
def pool_count(s):
    n = 0
    for j in range(POOL_SIZE):
        if s[POOL_BASE + j] >= 0:
            n += 1
    return n


@njit(cache=True)
def pick_team(first, pick):
    """The team making pick number pick (0-based) when team first picks first: 1-2-2-...-2-1."""
    return first if ((pick + 1) // 2) % 2 == 0 else 1 - first


@njit(cache=True)
def visible_choices(s, viewer, out, base):
    """Mark (out[base + hero id]) the heroes of the 3v3 draft viewer sees (DK_HERO actions name
    the j-th of them): the free pool (public) while the pick order is chosen and picks run; the
    own team's unassigned heroes while its commander assigns (nothing to the other team)."""
    assigning = s[H_DKIND] == DK_HERO and s[DX_HERO_ASSIGN] == 1
    if assigning and team_of(viewer) != team_of(s[H_DECIDER]):
        return
    want = team_of(viewer) if assigning else -1
    for i in range(POOL_SIZE):
        if s[POOL_BASE + i] >= 0 and s[POOL_OWNER + i] == want:
            out[base + s[POOL_BASE + i]] = 1.0


@njit(cache=True)
def count_choices(s, team, assigning):
    want = team if assigning else -1
    n = 0
    for i in range(POOL_SIZE):
        if s[POOL_BASE + i] >= 0 and s[POOL_OWNER + i] == want:
            n += 1
    return n


# the step at which ask_order's answer comes (FR_DRAFT and FR_GAME in mode 3v3)
ORDER_ANSWER = 1  # first or second chosen


@njit(cache=True)
def ask_order(s, o, purpose):
    """The commander of side H_SIDE chooses first or second (to pick heroes, or to act); the
    answer comes at pc 1 (``ordered_side``)."""
    s[o + F_PC] = ORDER_ANSWER
    post_decision(s, commander_of(s[H_SIDE]), DK_ORDER, card=-1, src=-1, tgt=-1,
                  da=0, db=purpose, dc=0)


@njit(cache=True)
def ordered_side(s, purpose):
    """The side that goes first after ``ask_order``'s answer (logged as EV_ORDER)."""
    chooser = s[H_SIDE]
    first = chooser if s[H_ANSWER] == A_OPTION + OPT_FIRST else 1 - chooser
    log_event(s, EV_ORDER, commander_of(chooser), purpose, 1 if first == chooser else 2)
    return first


# FR_DRAFT steps in mode 3v3 (DRAFT3_ORDERED = ORDER_ANSWER)
DRAFT3_ORDER = 0     # the pick order is asked
DRAFT3_ORDERED = ORDER_ANSWER  # it is chosen
DRAFT3_PICK = 2      # the next pick is asked
DRAFT3_PICKED = 3    # a hero picked
DRAFT3_ASSIGN = 4    # the next assignment is asked (all made: deal)
DRAFT3_ASSIGNED = 5  # a hero assigned to a seat


@njit(cache=True)
def run_draft_3v3(s, o):
    """FR_DRAFT in mode 3v3 (slots: frames.F_D3_*): the pick order, the picks, the assignments."""
    while True:
        pc = s[o + F_PC]
        if pc == DRAFT3_ORDER:
            ask_order(s, o, PUR_PICK_ORDER)
            return
        if pc == DRAFT3_ORDERED:
            first = ordered_side(s, PUR_PICK_ORDER)
            s[o + F_D3_FIRST] = first
            s[o + F_D3_PICKS] = 0
            s[o + F_D3_ASSIGNED] = 0
            s[o + F_PC] = DRAFT3_PICK
        elif pc == DRAFT3_PICK:
            k = s[o + F_D3_PICKS]
            if k < pool_count(s):
                team = pick_team(s[o + F_D3_FIRST], k)
                s[o + F_PC] = DRAFT3_PICKED
                post_decision(s, commander_of(team), DK_HERO, card=-1, src=-1, tgt=-1,
                              da=count_choices(s, team, False), db=0, dc=k)
                return
            s[o + F_PC] = DRAFT3_ASSIGN
        elif pc == DRAFT3_PICKED:
            team = pick_team(s[o + F_D3_FIRST], s[o + F_D3_PICKS])
            d = commander_of(team)
            want = -1
            j = s[H_ANSWER] - A_HERO
            for i in range(POOL_SIZE):
                if s[POOL_BASE + i] >= 0 and s[POOL_OWNER + i] == want:
                    if j == 0:
                        s[POOL_OWNER + i] = team
                        log_event(s, EV_PICK, d, s[POOL_BASE + i], 0)
                        break
                    j -= 1
            s[o + F_D3_PICKS] += 1
            s[o + F_PC] = DRAFT3_PICK
        elif pc == DRAFT3_ASSIGN:
            m = s[o + F_D3_ASSIGNED]
            if m < 2 * TEAM_SIZE:
                team = s[o + F_D3_FIRST] if m < TEAM_SIZE else 1 - s[o + F_D3_FIRST]
                seat = team_seat(team, m % TEAM_SIZE)
                s[o + F_PC] = DRAFT3_ASSIGNED
                post_decision(s, commander_of(team), DK_HERO, card=-1, src=-1, tgt=seat,
                              da=count_choices(s, team, True), db=1, dc=m % TEAM_SIZE)
                return
            # every seat has its hero: reveal them together, clear the pool, deal
            s[H_DRAFT] = 0
            for seat in range(s[H_NP]):
                assign_hero(s, seat, s[P_HERO + seat])
                log_event(s, EV_HERO, seat, s[P_HERO + seat], 0)
            for i in range(MAX_SEATS * MAX_OFFER):
                s[OFFER_BASE + i] = -1
            s[H_SIDE] = 1 - s[o + F_D3_FIRST]     # who picked second chooses who acts first
            deal_hands(s)
            pop_frame(s, 0)
            return
        else:
            m = s[o + F_D3_ASSIGNED]
            team = s[o + F_D3_FIRST] if m < TEAM_SIZE else 1 - s[o + F_D3_FIRST]
            seat = team_seat(team, m % TEAM_SIZE)
            j = s[H_ANSWER] - A_HERO
            for i in range(POOL_SIZE):
                if s[POOL_BASE + i] >= 0 and s[POOL_OWNER + i] == team:
                    if j == 0:
                        s[POOL_OWNER + i] = 2 + seat
                        s[P_HERO + seat] = s[POOL_BASE + i]    # seen by the own team only
                        break
                    j -= 1
            s[o + F_D3_ASSIGNED] = m + 1
            s[o + F_PC] = DRAFT3_ASSIGN


@njit(cache=True)
def hero_mask_3v3(s, d, out):
    """DK_HERO of 3v3 (posted by the draft): A_HERO + j for each of the DX_HERO_OFFERED choices."""
    for j in range(s[DX_HERO_OFFERED]):
        out[A_HERO + j] = 1
    return max(s[DX_HERO_OFFERED], 0)


@njit(cache=True)
def order_mask(s, d, out):
    """DK_ORDER (posted by ``ask_order``): first or second."""
    out[A_OPTION + OPT_FIRST] = 1
    out[A_OPTION + OPT_SECOND] = 1
    return 2


# ---------------------------------------------------------------- turn order
@njit(cache=True)
def can_act(s, seat):
    return s[P_ALIVE + seat] == 1 and ((s[H_ACTED] >> seat) & 1) == 0


@njit(cache=True)
def side_can_act(s, team):
    for i in range(TEAM_SIZE):
        if can_act(s, team * TEAM_SIZE + i):
            return True
    return False


@njit(cache=True)
def who_acts_mask(s, d, out):
    """DK_WHO_ACTS for commander d: A_TARGET + relative seat of each member of his team who may
    start the block (in the game's first block only himself)."""
    n = 0
    team = team_of(d)
    for i in range(TEAM_SIZE):
        seat = team * TEAM_SIZE + i
        if can_act(s, seat) and (s[H_TURNS] > 0 or seat == d):
            out[A_TARGET + rel_seat(s, d, seat)] = 1
            n += 1
    return n


# FR_GAME steps in mode 3v3 (GAME3_ORDERED = ORDER_ANSWER)
GAME3_ORDER = 0       # who acts first is asked
GAME3_ORDERED = ORDER_ANSWER  # it is chosen
GAME3_WHO = 2         # the side's commander chooses who acts
GAME3_CHOSEN = 3      # he chose
GAME3_TURN = 4        # start that seat's turn
GAME3_AFTER_TURN = 5  # the block goes on, or the next side / round


@njit(cache=True)
def run_game_3v3(s, o):
    """FR_GAME in mode 3v3 (the turn order): pc 0/1 act-first choice, 2/3 who acts, 4 start a
    turn, 5 after a turn (the block goes on, or the next side / round)."""
    while True:
        pc = s[o + F_PC]
        if pc == GAME3_ORDER:
            ask_order(s, o, PUR_ACT_ORDER)
            return
        if pc == GAME3_ORDERED:
            first = ordered_side(s, PUR_ACT_ORDER)
            s[H_SIDE] = first
            s[H_ACTED] = 0
            s[o + F_PC] = GAME3_WHO
        elif pc == GAME3_WHO:
            s[o + F_PC] = GAME3_CHOSEN
            post_decision(s, commander_of(s[H_SIDE]), DK_WHO_ACTS, card=-1, src=-1, tgt=-1,
                          da=0, db=0, dc=0)
            return
        elif pc == GAME3_CHOSEN:
            d = commander_of(s[H_SIDE])
            seat = seat_after(s, d, s[H_ANSWER] - A_TARGET)
            s[H_BLOCK] = 0 if seat == d else 1
            s[H_CUR] = seat
            s[o + F_PC] = GAME3_TURN
        elif pc == GAME3_TURN:
            s[o + F_PC] = GAME3_AFTER_TURN
            s[H_ACTED] |= 1 << s[H_CUR]
            s[H_TURNS] += 1
            log_event(s, EV_TURN, s[H_CUR], s[H_ROUND], 0)
            push_turn(s, s[H_CUR])
            return
        else:
            side = s[H_SIDE]
            if s[H_BLOCK] == 1:                 # the guards' block: the other guard follows
                for i in range(1, TEAM_SIZE):
                    g = team_seat(side, i)
                    if can_act(s, g):
                        s[H_CUR] = g
                        s[o + F_PC] = GAME3_TURN
                        break
                if s[o + F_PC] == GAME3_TURN:
                    continue
            s[H_BLOCK] = 0
            if side_can_act(s, 1 - side):
                s[H_SIDE] = 1 - side
            elif not side_can_act(s, side):     # everyone living has acted: a new round
                s[H_ROUND] += 1
                if s[H_ROUND] > s[H_MAX_ROUNDS]:
                    end_game(s, RES_TRUNCATED, -1)
                    return
                s[H_ACTED] = 0
                s[H_SIDE] = 1 - side
            s[o + F_PC] = GAME3_WHO


# ---------------------------------------------------------------- death
@njit(cache=True)
def death_3v3(s, victim, killer):
    """After the victim is marked dead: a dead commander ends the game (his side loses); else the
    victim's cards are discarded and a living killer draws 2, whoever the victim was."""
    if s[P_ROLE + victim] == ROLE_COMMANDER:
        end_game(s, RES_TEAM1 if team_of(victim) == 0 else RES_TEAM0,
                 commander_of(1 - team_of(victim)))
        return
    bury(s, victim)
    if killer >= 0 and killer != victim and s[P_ALIVE + killer] == 1:
        draw_cards(s, killer, 2)
