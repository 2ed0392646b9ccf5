"""Nothing hidden leaks into an observation.

At decision points of random games, hidden information is changed on a clone (another seat's hand
card swapped with a draw-pile card, the draw pile permuted, two hidden roles swapped, a card only
one seat looks at swapped with a draw-pile card) and every observation that must not see it is
compared, the public history pieces included (and those must say the same to every seat); the seat
whose own hand or role changed must see the change (so the comparison can fail). A seat that is not
deciding gets no decision block and, in the env, an all-zero action mask.
"""
import numpy as np
import pytest
from conftest import check_invariants
from hypothesis import given, settings
from hypothesis import strategies as st

import heroes_env
from heroes_env import Config, Game
from heroes_env.engine import constants as C
from heroes_env.engine.state import move_card

DECISION_BLOCK = slice(C.OBS_DKIND, C.OBS_PHASE)     # kind, card kind, source, target, counters


def _deck(g):
    return [int(x) for x in g.s[C.D_ORDER:C.D_ORDER + g.s[C.H_NDECK]]]


def swap_in_place(g, seat, hand_card, deck_card):
    """Exchange a card of seat's hand with a draw-pile card, keeping the pile position."""
    s = g.s
    pos = _deck(g).index(deck_card)
    s[C.D_ORDER + pos] = hand_card
    s[C.C_LOC + hand_card] = C.Z_DECK
    s[C.C_LOC + deck_card] = C.Z_HAND + seat
    g.invalidate()


def swap_with_move_card(g, seat, hand_card, deck_card):
    """The same exchange through the engine's move_card (the hand card goes on top)."""
    move_card(g.s, deck_card, C.Z_PROC)
    move_card(g.s, hand_card, C.Z_DECK)
    move_card(g.s, deck_card, C.Z_HAND + seat)
    g.invalidate()


def swap_hidden_roles(g, rng, viewer):
    """A clone of g with two hidden roles of other living seats (not the viewer's) swapped, and
    the two seats: (clone, a, b); None if no two such roles differ."""
    n = g.num_players
    hidden = [i for i in range(n) if i != viewer and g.alive(i) and g.role(i) != C.ROLE_LORD
              and not g.s[C.P_REVEALED + i]]
    pairs = [(a, b) for a in hidden for b in hidden if a < b and g.role(a) != g.role(b)]
    if not pairs:
        return None
    a, b = pairs[int(rng.integers(len(pairs)))]
    h = g.clone()
    h.s[C.P_ROLE + a], h.s[C.P_ROLE + b] = g.role(b), g.role(a)
    h.invalidate()
    return h, a, b


def swap_looked_at(g, rng):
    """A clone of g with a card only one seat looks at (观星, 遗计...) exchanged with a draw-pile
    card: (clone, the looker, the card it now looks at); None if nobody looks at cards."""
    looking, deck = g.zone_cards(C.Z_LOOK), _deck(g)
    if not looking or not deck:
        return None
    h = g.clone()
    x, y = int(rng.choice(looking)), int(rng.choice(deck))
    h.s[C.D_ORDER + _deck(h).index(y)] = x
    h.s[C.C_LOC + x], h.s[C.C_LOC + y] = C.Z_DECK, C.Z_LOOK
    h.invalidate()
    return h, int(g.s[C.H_LOOKER]), y


def same(a, b, msg):
    """assert_array_equal, fast when equal (this runs tens of thousands of times)."""
    if not np.array_equal(a, b):
        np.testing.assert_array_equal(a, b, err_msg=msg)


def observations(g):
    return [g.observe(i) for i in range(g.num_players)]


def public_history(g, o, viewer):
    """The history pieces of viewer's observation o turned back into absolute seats (table
    positions read from the state): (counters [2, n, n, NUM_HK]: the game's, then the round's
    NUM_HC classes, events). What every seat saw
    happen is the same for every viewer, so this must not depend on the viewer."""
    n = g.num_players
    pos = [int(x) for x in g.s[C.P_POS:C.P_POS + n]]
    rel = [(pos[a] - pos[viewer]) % n for a in range(n)]
    seat_at = {r: a for a, r in enumerate(rel)}
    k = C.NUM_HK
    counters = np.zeros((2, n, n, k), np.float32)
    for off, piece, w in ((0, C.OBS_HIST_GAME, k), (1, C.OBS_HIST_ROUND, C.NUM_HC)):
        block = o[piece:piece + C.MAX_SEATS * C.MAX_SEATS * w].reshape(C.MAX_SEATS, C.MAX_SEATS, w)
        assert not block[n:].any() and not block[:, n:].any(), "history beyond the seats in play"
        for a in range(n):
            for b in range(n):
                counters[off, a, b, :w] = block[rel[a], rel[b]]
    events = []
    for j in range(C.HIST_WINDOW):
        e = o[C.OBS_HIST_EVENTS + j * C.HIST_EVENT_OBS:][:C.HIST_EVENT_OBS]
        ra = int(sum(int(x) << i for i, x in enumerate(e[C.OE_ACTOR:C.OE_ACTOR + 4])))
        rb = int(sum(int(x) << i for i, x in enumerate(e[C.OE_RECV:C.OE_RECV + 4])))
        if e[C.OE_KIND:C.OE_KIND + k].any():
            events.append((tuple(e[C.OE_KIND:C.OE_KIND + k]), seat_at[ra], seat_at[rb],
                           tuple(e[C.OE_CARD:])))
        else:
            assert not e.any()
    return counters, events


def check_history_is_public(g, obs):
    """Every seat's history pieces say the same thing about the same absolute seats."""
    c0, e0 = public_history(g, obs[0], 0)
    for i in range(1, g.num_players):
        ci, ei = public_history(g, obs[i], i)
        same(ci, c0, f"seat {i}'s history counters differ from seat 0's")
        assert ei == e0, f"seat {i}'s recent events differ from seat 0's"


def check_hidden_info(g, rng):
    """All the manipulations at one decision point of g (g itself is not changed)."""
    n = g.num_players
    viewer = g.decider
    before = g.to_bytes()
    obs = observations(g)
    mask = g.mask()
    deck = _deck(g)
    checked = 0

    # the decision block: the decider's only
    assert obs[viewer][C.OBS_DKIND:C.OBS_DKIND + C.NUM_DECISION_KINDS].sum() == 1
    for i in range(n):
        if i != viewer:
            assert not obs[i][DECISION_BLOCK].any(), f"seat {i} sees {viewer}'s decision"

    # 0. the public history is the same for everyone (up to the relative seat order)
    check_history_is_public(g, obs)

    # 1. another seat's hand card <-> a draw-pile card: only that seat's view changes
    for j in range(n):
        hand = g.hand(j)
        if not hand or not deck:
            continue
        x = int(rng.choice(hand))
        y = int(rng.choice(deck))
        for how in (swap_in_place, swap_with_move_card):
            h = g.clone()
            how(h, j, x, y)
            check_invariants(h)
            assert h.hand(j) != g.hand(j) and len(h.hand(j)) == len(g.hand(j))
            for i in range(n):
                o = h.observe(i)
                if i == j:
                    assert not np.array_equal(o, obs[i]), "a seat does not see its own hand"
                    assert o[C.OBS_HAND + y] == 1 and o[C.OBS_HAND + x] == 0
                else:
                    same(o, obs[i], f"seat {i} sees seat {j}'s hand ({how.__name__}, "
                                    f"{g.describe_decision()})")
            if j != viewer:
                same(h.mask(), mask, f"the mask depends on seat {j}'s hand")
            checked += 1

    # 2. the draw pile permuted: nobody's view changes
    if len(deck) >= 2:
        h = g.clone()
        perm = rng.permutation(deck).astype(np.int32)
        if not np.array_equal(perm, deck):
            h.s[C.D_ORDER:C.D_ORDER + len(deck)] = perm
            h.invalidate()
            check_invariants(h)
            assert _deck(h) != deck
            for i in range(n):
                same(h.observe(i), obs[i], f"seat {i} sees the pile")
            same(h.mask(), mask, "the mask depends on the pile order")
            checked += 1

    # 3. two hidden roles of other seats swapped: the viewer's view does not change
    swapped = swap_hidden_roles(g, rng, viewer)
    if swapped is not None:
        h, a, b = swapped
        check_invariants(h)
        for i in range(n):
            o = h.observe(i)
            if i in (a, b):
                assert not np.array_equal(o, obs[i]), "a seat does not see its own role"
            else:
                same(o, obs[i], f"seat {i} sees the roles of seats {a} and {b}")
        same(h.mask(), mask, "the mask depends on hidden roles")
        assert not np.array_equal(h.state_vector(), g.state_vector())   # the critic sees it
        checked += 1

    # 4. a card only the looker sees (观星, 遗计...) <-> a draw-pile card: only the looker's view
    #    may change
    swapped = swap_looked_at(g, rng)
    if swapped is not None:
        h, looker, y = swapped
        for i in range(n):
            if i != looker:
                same(h.observe(i), obs[i], f"seat {i} sees the cards seat {looker} looks at")
        if looker >= 0:
            assert h.observe(looker)[C.OBS_LOOK + y] == 1
        checked += 1

    # 5. the viewer's own hand changes: its observation must change
    own = g.hand(viewer)
    if own and deck:
        h = g.clone()
        x, y = int(rng.choice(own)), int(rng.choice(deck))
        swap_in_place(h, viewer, x, y)
        check_invariants(h)
        o = h.observe(viewer)
        assert not np.array_equal(o, obs[viewer])
        changed = np.flatnonzero(o != obs[viewer]).tolist()
        assert changed == sorted([C.OBS_HAND + x, C.OBS_HAND + y])
        checked += 1

    assert g.to_bytes() == before
    return checked


@settings(max_examples=16, deadline=None, derandomize=True)
@given(n=st.sampled_from([4, 5, 6, 8, 10]), seed=st.integers(0, 2**31 - 1),
       every=st.integers(1, 5))
@pytest.mark.slow
def test_hidden_information_does_not_leak(n, seed, every):
    assert play_checking_hidden_info(Config(num_players=n), seed, every) > 0


def play_checking_hidden_info(config, seed, every, check=None):
    """A random game, the leak checks (``check(g, rng)``, default ``check_hidden_info``) every
    `every` decisions. Returns the checks made."""
    rng = np.random.default_rng(seed)
    g = Game.new(config, seed=seed)
    check = check or check_hidden_info
    step = checked = 0
    while not g.done:
        if step % every == 0:
            checked += check(g, rng)
        g.step(int(rng.choice(g.legal_actions())))
        step += 1
    return checked


@pytest.mark.parametrize("pack,mode", [(p, m) for m in ("identity", "3v3")
                                       for p in ("none", "standard", "herokill", "classmates")])
def test_hidden_information_with_history_every_pack_and_mode(pack, mode):
    """The leak checks (the public history included) in every pack and both modes, in a game
    long enough for damage, healing, aims and 无懈可击 to have entered the history."""
    cfg = Config(num_players=6 if mode == "3v3" else 5, pack=pack, mode=mode, max_rounds=12)
    rng = np.random.default_rng(3)
    g = Game.new(cfg, seed=21)
    step = checked = 0
    while not g.done:
        if step % 3 == 0:
            checked += check_hidden_info(g, rng)
        g.step(int(rng.choice(g.legal_actions())))
        step += 1
    assert checked > 0
    assert g.s[C.HIST_GAME:C.HIST_RND].any(), "nothing entered the history"


def test_every_decision_kind_is_covered():
    """The leak check runs at every kind of decision random play reaches (not just DK_PLAY)."""
    kinds = set()
    rng = np.random.default_rng(0)
    for seed in range(12):
        g = Game.new(Config(num_players=8), seed=seed)
        while not g.done:
            if g.decision_kind not in kinds:
                kinds.add(g.decision_kind)
                check_hidden_info(g, rng)
            g.step(int(rng.choice(g.legal_actions())))
    want = {C.DK_PLAY, C.DK_TARGET, C.DK_JINK, C.DK_SLASH, C.DK_PEACH, C.DK_NULLIFY,
            C.DK_DISCARD, C.DK_PICK, C.DK_AG}
    assert want <= kinds, want - kinds


def _check_role_visibility(g):
    n = g.num_players
    for viewer in range(n):
        o = g.observe(viewer)
        for r in range(n):
            seat = (viewer + r) % n
            block = o[C.OBS_SEATS + r * C.SEAT_OBS + C.OS_ROLE:][:C.NUM_ROLES]
            if seat == viewer or seat == 0 or not g.alive(seat):
                assert block.tolist() == np.eye(C.NUM_ROLES)[g.role(seat)].tolist(), (viewer, seat)
            else:
                assert not block.any(), f"seat {viewer} sees the role of living seat {seat}"


def test_roles_seen_are_own_lord_and_the_dead():
    """Everyone sees its own role, the lord's and the roles of the dead; no other role."""
    rng = np.random.default_rng(5)
    deaths = 0
    for seed in range(4):
        g = Game.new(Config(num_players=8), seed=seed)
        while not g.done:
            _check_role_visibility(g)
            g.step(int(rng.choice(g.legal_actions())))
        deaths += sum(not g.alive(i) for i in range(8))
    assert deaths > 0


def test_non_deciding_seats_in_the_env():
    e = heroes_env.raw_env(num_players=6)
    e.reset(seed=9)
    rng = np.random.default_rng(9)
    for _ in range(200):
        if e.game.done:
            break
        sel = e.agent_selection
        for agent in e.agents:
            o = e.observe(agent)
            if agent == sel:
                assert o["action_mask"].any()
                assert o["observation"][C.OBS_DKIND:C.OBS_DKIND + C.NUM_DECISION_KINDS].sum() == 1
            else:
                assert not o["action_mask"].any(), f"{agent} has a mask but is not selected"
                assert not o["observation"][DECISION_BLOCK].any(), f"{agent} sees the decision"
        obs, *_ = e.last()
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
