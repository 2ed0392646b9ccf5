"""A state row from outside (``Game.from_bytes``, ``Game(config, state)``) is checked before any
compiled code touches it: every field's declared range (``constants.ROW_RANGES``, the live
frames' slots), the cards' zones, the config's shape and the structural invariants. A refused
state raises a ValueError naming the field, its value and its range. Crafted states that the
engine used to crash or hang on are refused; every state of real games is accepted; a state the
checks miss that would keep the frame machine running ends truncated instead of hanging."""
import os
import subprocess
import sys

import numpy as np
import pytest

from heroes_env import Config
from heroes_env.engine import constants as C
from heroes_env.engine.invariants import StateError, check_row
from heroes_env.game import Game


def _played(config, seed=1, steps=25):
    g = Game.new(config, seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if g.done:
            break
        la = g.legal_actions()
        g.step(la[rng.integers(len(la))])
    return g


def _crafted(g, cell, value):
    s = g.s.copy()
    s[cell] = value
    return s.tobytes()


@pytest.mark.parametrize("cell, value, pattern", [
    (C.H_FP, 10 ** 6, r"H_FP = 1000000 is outside its range 0\.\.40"),
    (C.H_NP, 100000, r"H_NP = 100000 is outside its range 4\.\.10"),
    (C.H_NP, 12, r"H_NP = 12 is outside its range 4\.\.10"),
    (C.H_NCARDS, 100000, r"H_NCARDS = 100000 is outside its range 0\.\.128"),
    (C.P_WEAPON + 1, 2 * 10 ** 9, r"P_WEAPON\[1\] = 2000000000 is outside its range -1\.\.107 "
                                  r"\(H_NCARDS - 1\)"),
    (C.C_LOC + 3, 10 ** 6, r"C_LOC\[3\] = 1000000 is outside its range 0\.\.49"),
    (C.FRAME_BASE + C.F_USER, 99, r"frame 0 F_USER = 99 is outside its range -1\.\.4"),
])
def test_crafted_fields_are_refused_naming_field_value_and_range(cell, value, pattern):
    """The reported crafted states (each crashed or corrupted the heap when stepped)."""
    g = _played(Config(num_players=5))
    with pytest.raises(StateError, match=pattern):
        Game.from_bytes(g.config, _crafted(g, cell, value))
    with pytest.raises(ValueError, match=pattern):
        Game(g.config, np.frombuffer(_crafted(g, cell, value), np.int32).copy())


def test_a_moved_seat_position_is_refused():
    """P_POS = -2 after a few moves of a 5-player herokill game made the next step loop for
    ever: the table positions must be a permutation."""
    g = _played(Config(num_players=5, pack="herokill", hero_selection="random"), steps=8)
    with pytest.raises(StateError, match=r"P_POS\[2\] = -2 is outside its range 0\.\.9"):
        Game.from_bytes(g.config, _crafted(g, C.P_POS + 2, -2))
    with pytest.raises(StateError, match=r"table positions .* not a permutation"):
        Game.from_bytes(g.config, _crafted(g, C.P_POS + 2, 3))


def test_a_state_under_another_config_is_refused():
    """A 10-player herokill state under a 4-player config used to load (cards mislabelled)."""
    g = _played(Config(num_players=10, pack="herokill", hero_selection="random"))
    with pytest.raises(ValueError, match=r"does not fit the config: its num_players is 10, the "
                                         r"config's 4"):
        Game.from_bytes(Config(num_players=4), g.to_bytes())
    with pytest.raises(ValueError, match=r"its deck is 1, the config's 0"):
        Game.from_bytes(Config(num_players=10, pack="herokill", deck="standard",
                               hero_selection="random"), g.to_bytes())


def test_the_cards_must_be_the_configs_deck():
    g = _played(Config(num_players=5))
    info = g.s[C.C_INFO + 7]
    with pytest.raises(StateError, match=r"C_INFO\[7\] = .* is not card 7 of the config's deck"):
        Game.from_bytes(g.config, _crafted(g, C.C_INFO + 7, info ^ 16))


def test_a_card_in_a_missing_seats_zone_is_refused():
    g = _played(Config(num_players=5))
    with pytest.raises(StateError, match=r"C_LOC\[0\] = 17 is no zone of a 5-player game"):
        Game.from_bytes(g.config, _crafted(g, C.C_LOC, C.Z_HAND + 7))


def test_broken_invariants_are_refused():
    g = _played(Config(num_players=5))
    with pytest.raises(StateError, match=r"breaks an invariant: a hand counter disagrees"):
        Game.from_bytes(g.config, _crafted(g, C.P_HANDN, int(g.s[C.P_HANDN]) + 1))


def test_wrong_sizes_and_types_are_refused():
    g = _played(Config(num_players=5))
    for data in (g.to_bytes()[:-1], g.to_bytes() + b"\0\0\0\0", b""):
        with pytest.raises(ValueError, match=r"state must be an int32 array of shape"):
            Game.from_bytes(g.config, data)
    with pytest.raises(ValueError, match=r"data must be bytes"):
        Game.from_bytes(g.config, "x" * len(g.to_bytes()))


CONFIGS = [Config(num_players=n) for n in (4, 7, 10)] + [
    Config(num_players=5, pack="standard"), Config(num_players=8, pack="standard",
                                                  hero_selection="random"),
    Config(num_players=5, pack="herokill"), Config(num_players=10, pack="herokill",
                                                   hero_selection="random"),
    Config(num_players=6, pack="classmates", hero_selection="random"),
    Config(mode="3v3"), Config(mode="3v3", pack="standard"), Config(num_players=5, autoplay=False)]


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_every_state_of_real_games_is_accepted(config):
    """No false refusal: every state of random games (draft, play, the end) loads, and plays on
    the same as the original."""
    rng = np.random.default_rng(7)
    for seed in range(3):
        g = Game.new(config, seed=seed)
        while True:
            back = Game.from_bytes(config, g.to_bytes())
            if g.done:
                break
            la = g.legal_actions()
            assert back.legal_actions() == la
            a = la[rng.integers(len(la))]
            g.step(a)
            back.step(a)
            assert back.to_bytes() == g.to_bytes()


def test_the_layout_declares_ranges_for_the_index_fields():
    """The fields compiled code indexes with carry a declared range in the layout."""
    ranged = {name for name, *_ in C.ROW_RANGES}
    for name in ("H_NP", "H_CUR", "H_DECIDER", "H_FP", "H_NCARDS", "H_NDECK", "H_DCARD",
                 "H_DSKILL", "C_LOC", "C_INFO", "D_ORDER", "P_WEAPON", "P_HERO", "P_SK0",
                 "P_POS", "P_AT", "P_HANDN", "OFFER_BASE", "HIST_POS"):
        assert name in ranged, name
    assert {name for name, *_ in C.FRAME_RANGES} >= {"F_KIND", "F_USER", "F_TGT", "F_CARD"}
    check_row(Game.new(Config(), seed=0).s)     # (a fresh game passes)


_FRAME_LOOP = r"""
import numpy as np
from heroes_env import Config
from heroes_env.engine import constants as C
from heroes_env.engine.flow import driver
from heroes_env.game import Game
g = Game.new(Config(num_players=5), seed=3)
s = g.s.copy()
s[C.H_FP] = 1                        # only the game frame, whose handler now never finishes:
s[C.H_DECIDER] = -1
driver.run_game = lambda s, o: None
driver.MAX_FRAME_RUNS = 1000
driver.advance(s)
print(int(s[C.H_DONE]), int(s[C.H_RESULT]) == C.RES_TRUNCATED, int(s[C.H_ERR]))
"""


def test_a_frame_that_never_finishes_ends_the_game_instead_of_hanging():
    """A frame that neither finishes nor asks (only a crafted state can make one): the frame
    machine gives up after MAX_FRAME_RUNS runs (truncated, H_ERR set) instead of looping for
    ever. (The engine as plain Python, with a handler that does nothing.)"""
    out = subprocess.run([sys.executable, "-c", _FRAME_LOOP], capture_output=True, text=True,
                         timeout=300, env={**os.environ, "NUMBA_DISABLE_JIT": "1"})
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split() == ["1", "True", "5"]


_SEAT_WALK = r"""
from heroes_env import Config
from heroes_env.engine import constants as C
from heroes_env.engine.rules import seat_distance
from heroes_env.game import Game
g = Game.new(Config(num_players=5), seed=3)
s = g.s.copy()
s[C.H_MOVED] = 1
s[C.P_POS + 2] = -2                  # a seat at no position of the table
print(seat_distance(s, 0, 2))
"""


@pytest.mark.slow
def test_a_seat_walk_ends_on_a_crafted_position():
    """The distance walk round the table stops after one lap even when the target sits at no
    position (P_POS = -2 used to make it loop for ever)."""
    out = subprocess.run([sys.executable, "-c", _SEAT_WALK], capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().lstrip("-").isdigit()


# ---------------------------------------------------------------- the pending decision
def _discarding():
    """A 4-player game (seed 2) after 60 random steps: seat 1 is asked to discard 2 cards by
    the top frame (frame 2, FR_DISCARD)."""
    g = _played(Config(num_players=4), seed=2, steps=60)
    assert (g.decider, g.decision_kind, int(g.s[C.H_DA])) == (1, C.DK_DISCARD, 2)
    return g


@pytest.mark.parametrize("cell, value, pattern", [
    (C.H_DKIND, C.DK_ORDER, r"H_DKIND = 18 \(DK_ORDER\) is not a decision the top frame "
                            r"\(frame 2, FR_DISCARD\) asks; it asks DK_DISCARD"),
    (C.H_DKIND, C.DK_PLAY, r"H_DKIND = 1 \(DK_PLAY\) is not a decision"),
    (C.H_DECIDER, 2, r"H_DECIDER = 2: the top frame \(frame 2, FR_DISCARD\) asks its F_USER "
                     r"seat 1 for DK_DISCARD"),
    (C.H_DA, 3, r"H_DA = 3: the top frame \(frame 2, FR_DISCARD\) posts its F_DIS_LEFT \(2\)"),
    (C.H_DSKILL, 3, r"H_DSKILL = 3, H_DSKOWNER = -1: .* for skill 0 of seat -1"),
    (C.H_DSKOWNER, 1, r"H_DSKILL = 0, H_DSKOWNER = 1"),
])
def test_a_pending_decision_its_frame_did_not_ask_is_refused(cell, value, pattern):
    """The frame machine answers the top frame: a decision it did not post (another kind, seat,
    count or skill) would be read as the one it did. H_DKIND = 18 here used to load, and one or
    two steps later broke card conservation while the game played on."""
    g = _discarding()
    with pytest.raises(StateError, match=pattern):
        Game.from_bytes(g.config, _crafted(g, cell, value))


_BROKEN_STEP = r"""
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (6 << 30, 6 << 30))
import numpy as np
from heroes_env import Config
from heroes_env.engine import constants as C, invariants
from heroes_env.game import Game, IllegalActionError
g = Game.new(Config(num_players=4), seed=2)
rng = np.random.default_rng(2)
for _ in range(60):
    la = g.legal_actions()
    g.step(la[rng.integers(len(la))])
s = g.s.copy()
s[C.H_DKIND] = C.DK_ORDER
invariants._check_decision = lambda v: None     # a state the load check misses
h = Game.from_bytes(g.config, s.tobytes()).clone()
steps = 0
while not h.done and steps < 50:
    h.step(h.legal_actions()[0])
    steps += 1
try:
    h.step(0)
    after = "played"
except IllegalActionError:
    after = "refused"
print(steps, int(h.s[C.H_ERR]) == C.FAULT_BROKEN_INVARIANT, h.truncated, after,
      invariants.violation(h.s) == invariants.V_ENGINE_ERROR)
"""


def test_a_step_that_breaks_an_invariant_ends_the_game_with_a_fault():
    """A state from outside that the load check misses, and that breaks an invariant once
    stepped, ends truncated with H_ERR = FAULT_BROKEN_INVARIANT at that step (its clones too)
    instead of playing on to a result. In a child process, under an address-space cap."""
    out = subprocess.run([sys.executable, "-c", _BROKEN_STEP], capture_output=True, text=True,
                         timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    steps, faulted, truncated, after, error = out.stdout.split()
    assert int(steps) <= 2 and (faulted, truncated, after, error) == ("True",) * 2 + (
        "refused", "True")


def test_games_of_the_engine_are_not_checked_on_every_step():
    """Only rows from outside pay for the check (``fault_if_broken``); the engine's own games
    keep their invariants (the test suite and benchmarks/soak.py check them)."""
    g = Game.new(Config(num_players=4), seed=2)
    assert not g._outside and not g.clone()._outside
    back = Game.from_bytes(g.config, g.to_bytes())
    assert back._outside and back.clone()._outside and back.resample(0, rng=1)._outside


def test_read_only_strided_and_memoryview_states():
    """A read-only or strided array is refused with a clear error (a game plays in its row);
    from_bytes takes any buffer of the right size, a strided memoryview included."""
    g = _played(Config(num_players=5))
    ro = g.s.copy()
    ro.flags.writeable = False
    with pytest.raises(ValueError, match=r"writeable, contiguous array .* got a read-only one"):
        Game(g.config, ro)
    wide = np.zeros(2 * C.STATE_SIZE, np.int32)
    wide[::2] = g.s
    with pytest.raises(ValueError, match=r"got a strided one; pass a copy"):
        Game(g.config, wide[::2])
    assert Game(g.config, wide[::2].copy()).to_bytes() == g.to_bytes()
    for data in (memoryview(wide)[::2], memoryview(g.s), memoryview(g.to_bytes()),
                 memoryview(ro)):
        assert Game.from_bytes(g.config, data).to_bytes() == g.to_bytes()
    with pytest.raises(ValueError, match=r"got 4"):
        Game.from_bytes(g.config, memoryview(wide)[:1])
