"""Bad input gets a clear error that says what was wrong, and changes nothing.

Covers ``Game.step`` (illegal, out-of-range and non-int actions, stepping a finished game, the
wrong seat), ``raw_env.step`` / ``raw_env.step_as``, ``Config`` values, env keywords and malformed
scenarios (``heroes_env.scenario.ScenarioError``).
"""
import dataclasses
import re

import numpy as np
import pytest

import heroes_env
from heroes_env import Config, Game, IllegalActionError
from heroes_env.engine import constants as C
from heroes_env.scenario import ScenarioError, build


def _running_game(npl=5, seed=3, steps=25):
    """A game some decisions in, still running (seeded random play)."""
    g = Game.new(Config(num_players=npl), seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if g.done:
            break
        g.step(int(rng.choice(g.legal_actions())))
    assert not g.done
    return g


def _finished_game(npl=5, seed=7):
    g = Game.new(Config(num_players=npl), seed=seed)
    rng = np.random.default_rng(seed)
    while not g.done:
        g.step(int(rng.choice(g.legal_actions())))
    return g


def _assert_lists_legal(msg, g):
    """The message names every legal action, by number and by label."""
    for a in g.legal_actions():
        assert f"{a} ({g.action_to_str(a)})" in msg, (a, msg)


# ---------------------------------------------------------------- Game.step
def test_illegal_action_names_the_legal_ones_and_changes_nothing():
    g = _running_game()
    legal = g.legal_actions()
    bad = next(a for a in range(C.NUM_ACTIONS) if a not in legal)
    before = g.to_bytes()
    with pytest.raises(IllegalActionError) as ei:
        g.step(bad)
    msg = str(ei.value)
    assert f"action {bad}" in msg and "not legal" in msg
    assert g.describe_decision() in msg          # says which decision is pending
    _assert_lists_legal(msg, g)
    assert g.to_bytes() == before


def test_illegal_action_error_is_a_value_error():
    assert issubclass(IllegalActionError, ValueError)
    assert heroes_env.IllegalActionError is IllegalActionError


@pytest.mark.parametrize("bad", [-1, C.NUM_ACTIONS, C.NUM_ACTIONS + 7, 10**9, -(2**40)])
def test_out_of_range_action(bad):
    g = _running_game()
    before = g.to_bytes()
    with pytest.raises(IllegalActionError) as ei:
        g.step(bad)
    msg = str(ei.value)
    assert f"action {bad} (outside the action space) is not legal" in msg
    _assert_lists_legal(msg, g)
    assert g.to_bytes() == before


@pytest.mark.parametrize("bad", [1.0, 2.5, "0", None, True, False, np.float32(0), np.bool_(True),
                                 [0], np.array([0, 1]), np.array([0.0])])
def test_non_int_action(bad):
    g = _running_game()
    before = g.to_bytes()
    with pytest.raises(IllegalActionError) as ei:
        g.step(bad)
    msg = str(ei.value)
    assert f"an action is an int in 0..{C.NUM_ACTIONS - 1}" in msg
    assert repr(bad) in msg
    assert g.to_bytes() == before


@pytest.mark.parametrize("int_type", [int, np.int8, np.int32, np.int64, np.uint16])
def test_numpy_int_actions_are_accepted(int_type):
    g = _running_game()
    a = g.legal_actions()[-1]
    ref = g.clone()
    ref.step(a)
    g.step(int_type(a))
    assert g.to_bytes() == ref.to_bytes()


def test_step_after_game_over():
    g = _finished_game()
    assert g.done and g.decider == -1
    before = g.to_bytes()
    for a in (0, 1, C.A_CARD, C.NUM_ACTIONS - 1):
        with pytest.raises(IllegalActionError,
                           match=r"the game is over \(.+\); no action is legal"):
            g.step(a)
    with pytest.raises(IllegalActionError, match="the game is over"):
        g.play("pass")
    assert g.to_bytes() == before


def test_no_legal_actions_after_game_over():
    g = _finished_game()
    assert g.done
    assert g.legal_actions() == []
    assert g.legal_labels() == []


def test_mask_is_zero_after_game_over():
    g = _finished_game()
    assert not g.mask().any()


def test_step_for_the_wrong_seat():
    g = _running_game()
    d = g.decider
    a = g.legal_actions()[0]
    before = g.to_bytes()
    for other in range(g.num_players):
        if other == d:
            continue
        with pytest.raises(IllegalActionError) as ei:
            g.step(a, seat=other)
        msg = str(ei.value)
        assert f"player_{other} cannot act now" in msg
        assert f"player_{d} must decide" in msg
        assert g.to_bytes() == before
    g.step(a, seat=d)                  # the right seat is accepted
    assert g.to_bytes() != before


@pytest.mark.parametrize("seat", [5, 9, 10, -1])
def test_observe_bad_seat(seat):
    g = _running_game(npl=5)
    before = g.to_bytes()
    with pytest.raises((ValueError, IndexError), match=r"seat"):
        g.observe(seat)
    assert g.to_bytes() == before


def test_play_unknown_label():
    g = _running_game()
    before = g.to_bytes()
    with pytest.raises(ValueError, match="names no legal action; legal now"):
        g.play("teleport to player_9")
    assert g.to_bytes() == before


def test_from_bytes_rejects_wrong_size():
    g = _running_game()
    with pytest.raises(ValueError, match=r"state must be an int32 array of shape"):
        Game.from_bytes(g.config, g.to_bytes()[:-4])
    with pytest.raises(ValueError, match=r"state must be an int32 array of shape"):
        Game(g.config, g.s.astype(np.int64))


# ---------------------------------------------------------------- the AEC env
def _env_at_decision(seed=5, steps=10, wrapped=False):
    e = heroes_env.env(num_players=5) if wrapped else heroes_env.raw_env(num_players=5)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        obs, *_ = e.last()
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert not e.unwrapped.game.done
    return e


def test_env_step_illegal_changes_nothing():
    e = _env_at_decision()
    raw = e.unwrapped
    mask = e.observe(e.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    before = raw.game.to_bytes()
    sel = e.agent_selection
    with pytest.raises(IllegalActionError, match="not legal") as ei:
        e.step(bad)
    _assert_lists_legal(str(ei.value), raw.game)
    with pytest.raises(IllegalActionError, match="an action is an int"):
        e.step(None)                   # None is only for the dead step of a finished agent
    assert raw.game.to_bytes() == before
    assert e.agent_selection == sel
    assert not any(e.terminations.values())


def test_wrapped_env_out_of_bounds_action():
    """Refused by PettingZoo's bounds wrapper or by raw_env itself: either way it says so."""
    e = _env_at_decision(wrapped=True)
    before = e.unwrapped.game.to_bytes()
    for bad in (C.NUM_ACTIONS, -1):
        with pytest.raises((AssertionError, IllegalActionError), match="action space"):
            e.step(bad)
    assert e.unwrapped.game.to_bytes() == before


def test_step_as_wrong_agent():
    e = _env_at_decision()
    sel = e.agent_selection
    a = int(np.flatnonzero(e.observe(sel)["action_mask"])[0])
    before = e.game.to_bytes()
    for other in e.agents:
        if other == sel:
            continue
        with pytest.raises(IllegalActionError) as ei:
            e.step_as(other, a)
        assert f"{other} cannot act now: {sel} must decide" in str(ei.value)
    with pytest.raises(IllegalActionError,
                       match=r"unknown agent 'player_99'; agents: \['player_0'"):
        e.step_as("player_99", a)
    assert e.game.to_bytes() == before
    assert e.agent_selection == sel
    e.step_as(sel, a)
    assert e.game.to_bytes() != before


@pytest.mark.parametrize("kw, field", [
    (dict(render_mode="rgb_array"), "render_mode"),
    (dict(lang="fr"), "lang"),
    (dict(num_players=3), "num_players"),
])
def test_env_bad_keywords(kw, field):
    with pytest.raises(ValueError, match=field):
        heroes_env.raw_env(**kw)


# ---------------------------------------------------------------- Config
@pytest.mark.parametrize("kw, pattern", [
    (dict(num_players=3), r"num_players must be an int from 4 to 10, got 3"),
    (dict(num_players=11), r"num_players must be an int from 4 to 10, got 11"),
    (dict(num_players=0), r"num_players must be an int from 4 to 10, got 0"),
    (dict(num_players=5.0), r"num_players must be an int from 4 to 10, got 5\.0"),
    (dict(num_players="5"), r"num_players must be an int from 4 to 10, got '5'"),
    (dict(mode="3v3", num_players=5), r"mode '3v3' is played by exactly 6 players"),
    (dict(mode="battle_royale"), r"mode must be one of \['identity', '3v3'\], got 'battle_royale'"),
    (dict(pack="sp"),
     r"pack must be one of \['none', 'standard', 'herokill', 'classmates'\], got 'sp'"),
    (dict(pack="none", hero_selection="draft"), r"hero_selection needs a hero pack"),
    (dict(pack="standard", hero_selection="pick"),
     r"hero_selection must be one of \['draft', 'random'\]"),
    (dict(pack="standard", num_players=4, hero_selection=["caocao"]),
     r"one hero per seat: 4, got 1"),
    (dict(pack="standard", num_players=4, hero_selection=["caocao", "nobody", "lvbu", "zhenji"]),
     r"unknown hero 'nobody'"),
    (dict(pack="standard", num_players=4, hero_selection=["caocao", "caocao", "lvbu", "zhenji"]),
     r"distinct heroes"),
    (dict(deck="herokill_deluxe"),
     r"deck must be one of \['standard', 'standard_no_ex', 'herokill'\], got 'herokill_deluxe'"),
    (dict(max_rounds=0), r"max_rounds must be an int from 1 to 10000, got 0"),
    (dict(max_rounds=-3), r"max_rounds must be an int from 1 to 10000, got -3"),
    (dict(max_rounds=2.5), r"max_rounds must be an int from 1 to 10000, got 2\.5"),
])
def test_bad_config(kw, pattern):
    with pytest.raises(ValueError, match=pattern):
        Config(**kw)
    with pytest.raises(ValueError, match=pattern):      # the env reports the same
        heroes_env.raw_env(**kw)


def test_bool_max_rounds_is_refused():
    with pytest.raises(ValueError, match=r"max_rounds must be an int from 1 to 10000, got True"):
        Config(max_rounds=True)


def test_bad_preset():
    with pytest.raises(ValueError, match=r"unknown preset 'identity11'; available: \['identity5'"):
        Config.preset("identity11")
    assert Config.preset("identity8").num_players == 8


def test_config_is_frozen():
    cfg = Config()
    with pytest.raises(dataclasses.FrozenInstanceError):
        cfg.num_players = 9
    assert cfg.with_(num_players=9).num_players == 9 and cfg.num_players == 5


# ---------------------------------------------------------------- scenarios
def _seats(n=4, **overrides):
    seats = [{"role": "lord"}, {"role": "rebel"}, {"role": "loyalist"}, {"role": "renegade"}]
    seats += [{"role": "rebel"} for _ in range(n - 4)]
    for i, d in overrides.items():
        seats[int(i[1:])] = {**seats[int(i[1:])], **d}
    return seats


def test_valid_scenario_builds():
    """The base description of the error cases is itself valid (so each error is the change's)."""
    g = build(_seats(s1={"hand": ["slash ♠7", "jink"], "equip": ["halberd"]},
                     s3={"judge": ["indulgence"]}), deck_top=["peach ♥3"], current=1)
    assert not g.done and g.decider == 1
    hand = [g.card_name(c) for c in g.hand(1)]
    assert len(hand) == 2 and "Slash ♠7" in hand and any(h.startswith("Jink") for h in hand)
    assert [g.card_name(c) for c in g.equipment(1)] == ["Sky Halberd ♦Q"]
    assert [g.card_name(c) for c in g.judgement_zone(3)][0].startswith("Indulgence")
    assert g.card_name(g.draw_pile()[0]) == "Peach ♥3"


@pytest.mark.parametrize("kw, pattern", [
    (dict(seats=_seats(s1={"hand": ["excalibur"]})),
     r"seat 1 hand: no card is called 'excalibur'; kinds: \['slash'"),
    (dict(seats=_seats(s1={"hand": ["slash ♠A"]})),
     r"seat 1 hand: the deck has no 'slash ♠A'; copies: \["),
    (dict(seats=_seats(s1={"hand": ["chitu"]}, s2={"equip": ["chitu"]})),
     r"seat 2 equip: every 'chitu' is already placed"),
    (dict(seats=_seats(s1={"hand": [5]}, s2={"hand": [5]})),
     r"seat 2 hand: card 5 \(.+\) is placed twice"),
    (dict(seats=_seats(s1={"hand": ["slash ♠7"]}), deck_top=["slash ♠7"]),
     r"deck_top\[0\]: every 'slash ♠7' is already placed"),
    (dict(seats=_seats(s1={"hand": [500]})),
     r"seat 1 hand: card id 500 is not in the deck \(0\.\.107\)"),
    (dict(seats=_seats(s1={"hand": [1.5]})),
     r"seat 1 hand: a card is a name or an int id, got 1\.5"),
    (dict(seats=_seats(s1={"equip": ["halberd", "blade"]})),
     r"seat 1 equip: two cards for the weapon slot \(Sky Halberd ♦Q, Green Dragon Blade ♠5\)"),
    (dict(seats=_seats(s1={"equip": ["eight_diagram", "nioh_shield"]})),
     r"seat 1 equip: two cards for the armor slot"),
    (dict(seats=_seats(s1={"equip": ["peach"]})),
     r"seat 1 equip: Peach .+ is not equipment"),
    (dict(seats=_seats(s2={"judge": ["slash"]})),
     r"seat 2 judge: Slash .+ is not a delayed trick"),
    (dict(seats=_seats(s2={"judge": ["dismantlement"]})),
     r"seat 2 judge: Dismantlement .+ is not a delayed trick"),
    (dict(seats=_seats(s2={"judge": ["indulgence", "indulgence"]})),
     r"seat 2 judge: two indulgence in one judgement zone"),
    (dict(seats=_seats(s1={"hp": 5})),
     r"seat 1: hp must be an int from 1 to max_hp=4, got 5"),
    (dict(seats=_seats(s1={"hp": 3, "max_hp": 2})),
     r"seat 1: hp must be an int from 1 to max_hp=2, got 3"),
    (dict(seats=_seats(s1={"hp": 0})),
     r"seat 1: hp must be an int from 1 to max_hp=4, got 0"),
    (dict(seats=_seats(s1={"max_hp": 0})),
     r"seat 1: max_hp must be an int from 1 to 127, got 0"),
    (dict(seats=_seats(s0={"role": "rebel"})),
     r"exactly one seat must be the lord, got roles \['rebel', 'rebel', 'loyalist', 'renegade'\]"),
    (dict(seats=_seats(s2={"role": "lord"})),
     r"exactly one seat must be the lord, got roles \['lord', 'rebel', 'lord', 'renegade'\]"),
    (dict(seats=_seats(s2={"role": "emperor"})),
     r"seat 2: role must be one of \['lord', 'loyalist', 'rebel', 'renegade'\], got 'emperor'"),
    (dict(seats=_seats(s1={"handcards": ["slash"]})),
     r"seat 1: unknown keys \['handcards'\]; allowed: \['alive', 'equip'"),
    (dict(seats=_seats(), phase="lunch"),
     r"phase must be one of \['start', 'judge', 'draw', 'play', 'discard', 'finish'\], "
     r"got 'lunch'"),
    (dict(seats=_seats(), current=4),
     r"current must be a seat 0\.\.3, got 4"),
    (dict(seats=_seats(s1={"alive": False}), current=1),
     r"current seat 1 is dead"),
    (dict(seats=_seats(s0={"alive": False})),
     r"seat 0: the lord cannot start dead"),
    (dict(seats=_seats(s1={"alive": False, "hp": 0, "hand": ["slash"]})),
     r"seat 1: a dead seat holds no cards"),
    (dict(seats=_seats(s1={"gender": "x"})),
     r"seat 1: gender must be 'male', 'female' or None, got 'x'"),
    (dict(seats=_seats(s1={"slashes": -1})),
     r"seat 1: slashes must be an int from 0 to 255, got -1"),
    (dict(seats=[{"role": "lord"}, {}, {}]),
     r"seats must list 4 to 10 seat descriptions, got 3"),
    (dict(seats=_seats(11)),
     r"seats must list 4 to 10 seat descriptions, got 11"),
    (dict(seats=_seats()[:3] + ["rebel"]),
     r"seat 3: a seat is a dict, got 'rebel'"),
    (dict(seats=_seats(), deck="deluxe"),
     r"deck must be one of \['standard', 'standard_no_ex', 'herokill'\], got 'deluxe'"),
    (dict(seats=_seats(), max_rounds=0),
     r"max_rounds must be an int from 1 to 10000, got 0"),
])
def test_malformed_scenario(kw, pattern):
    with pytest.raises(ScenarioError, match=pattern):
        build(**kw)


def test_scenario_error_is_a_value_error():
    assert issubclass(ScenarioError, ValueError)
    with pytest.raises(ValueError):
        build(_seats(s1={"hand": ["excalibur"]}))


def test_scenario_no_ex_deck_has_no_ex_cards():
    """The 4 EX cards (寒冰剑 among them) are in the standard deck only; no_ex has ids 0..103."""
    with pytest.raises(ScenarioError, match=r"card id 104 is not in the deck \(0\.\.103\)"):
        build(_seats(s1={"hand": [104]}), deck="standard_no_ex")
    with pytest.raises(ScenarioError, match=r"seat 1 hand: no card is called 'ice_sword'"):
        build(_seats(s1={"hand": ["ice_sword"]}), deck="standard_no_ex")
    g = build(_seats(s1={"hand": ["ice_sword"]}), deck="standard", current=1)
    assert [g.deck[c].key for c in g.hand(1)] == ["ice_sword"]
    assert g.deck[g.hand(1)[0]].edition == "ex"


def test_scenario_errors_name_the_seat_of_a_later_seat():
    """The seat named is the seat that is wrong, not the first one."""
    with pytest.raises(ScenarioError) as ei:
        build(_seats(6, s5={"hand": ["excalibur"]}))
    assert re.match(r"seat 5 hand: ", str(ei.value))
