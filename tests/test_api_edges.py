"""The API's edges: Config bounds every field when it is made, Game's seat accessors check their
seat, the scenario builder refuses contradictions and wrong types with ScenarioError and ends an
already-won rigged table as the rules say, calls before reset say to call reset first, and the
RLlib env refuses actions that are not integers."""
import numpy as np
import pytest

import heroes_env
from heroes_env import Config, Game
from heroes_env.engine import constants as C
from heroes_env.game import IllegalActionError
from heroes_env.scenario import ScenarioError, build


@pytest.mark.parametrize("kw, words", [
    (dict(max_rounds=2 ** 31), "max_rounds must be an int from 1 to 10000, got 2147483648"),
    (dict(max_rounds=10 ** 30), "max_rounds must be an int from 1 to 10000"),
    (dict(num_players=True), "num_players must be an int from 4 to 10"),
    (dict(autoplay=1), "autoplay must be True or False"),
    (dict(pack=["standard"]), "pack must be one of"),
])
def test_config_bounds_every_field(kw, words):
    with pytest.raises(ValueError, match=words):
        Config(**kw)


@pytest.mark.parametrize("name", ["hp", "max_hp", "alive", "role", "hand", "equipment",
                                  "judgement_zone", "hero_pile", "hero", "skills"])
@pytest.mark.parametrize("seat", [99, -3, 5, True, 1.0, "0"])
def test_seat_accessors_check_their_seat(name, seat):
    g = Game.new(Config(num_players=5), seed=1)
    with pytest.raises(ValueError, match=r"seat must be an int from 0 to 4"):
        getattr(g, name)(seat)
    getattr(g, name)(np.int64(4))


def _seats(**seat1):
    return [{"role": "lord"}, {"role": "rebel", **seat1}, {"role": "loyalist"},
            {"role": "renegade"}]


@pytest.mark.parametrize("kw, words", [
    (dict(seats=_seats(hp=True)), r"seat 1: hp must be an int from 1 to max_hp=4, got True"),
    (dict(seats=_seats(max_hp=True)), r"seat 1: max_hp must be an int from 1 to 127, got True"),
    (dict(seats=_seats(hp=10 ** 30)), r"seat 1: hp must be an int"),
    (dict(seats=_seats(max_hp=10 ** 30)), r"seat 1: max_hp must be an int from 1 to 127"),
    (dict(seats=_seats(max_hp=200, hp=200)), r"max_hp must be an int from 1 to 127, got 200"),
    (dict(seats=_seats(hp=2.0)), r"seat 1: hp must be an int"),
    (dict(seats=_seats(slashes=True)), r"seat 1: slashes must be an int from 0 to 255"),
    (dict(seats=_seats(slashes=10 ** 30)), r"seat 1: slashes must be an int from 0 to 255"),
    (dict(seats=_seats(alive="no")), r"seat 1: alive must be True or False, got 'no'"),
    (dict(seats=_seats(alive=0)), r"seat 1: alive must be True or False, got 0"),
    (dict(seats=[{"role": "lord", "hero": "caocao"}, {"role": "rebel", "hero": "caocao"},
                 {"role": "loyalist"}, {"role": "renegade"}]),
     r"seat 1: caocao is already seat 0's hero"),
    (dict(seats=_seats(), current=True), r"current must be a seat 0\.\.3, got True"),
    (dict(seats=_seats(), round=10 ** 30), r"round must be an int from 1 to max_rounds"),
])
def test_the_scenario_builder_refuses_contradictions_and_wrong_types(kw, words):
    with pytest.raises(ScenarioError, match=words):
        build(**kw)


def test_an_already_won_rigged_table_ends_as_the_rules_say():
    """Every seat but the lord (and a loyalist) dead: the lord's side has won; the game used to
    run to the round cap and end truncated."""
    g = build([{"role": "lord"}, {"role": "rebel", "alive": False, "hp": 0},
               {"role": "loyalist"}, {"role": "renegade", "alive": False, "hp": 0}])
    assert g.done and g.result == C.RES_LORD
    assert list(g.rewards()) == [1.0, -1.0, 1.0, -1.0]
    g = build([{"role": "lord"}, {"role": "rebel", "alive": False, "hp": 0},
               {"role": "loyalist"}, {"role": "renegade"}])
    assert not g.done


def test_calls_before_reset_say_to_call_reset_first():
    e = heroes_env.env(num_players=5)
    for call in (lambda: e.unwrapped.state(), lambda: e.unwrapped.observe("player_0"),
                 lambda: e.unwrapped.step(0), lambda: e.unwrapped.action_to_str(0)):
        with pytest.raises(RuntimeError, match=r"call reset\(\) first"):
            call()
    e.reset(seed=1)
    assert e.unwrapped.state().shape[0] > 0


def test_the_rllib_env_refuses_actions_that_are_not_integers():
    pytest.importorskip("ray.rllib")
    from heroes_env.rllib_env import HeroesMultiAgentEnv
    env = HeroesMultiAgentEnv({"num_players": 5})
    with pytest.raises(RuntimeError, match=r"call reset\(\) first"):
        env.step({"player_0": 0})
    obs, _ = env.reset(seed=3)
    (agent, o), = obs.items()
    legal = np.flatnonzero(o["action_mask"])
    before = env.game.to_bytes()
    for bad in (str(legal[0]), float(legal[0]) + 0.7, float(legal[0]), True, None):
        with pytest.raises(IllegalActionError):
            env.step({agent: bad})
        assert env.game.to_bytes() == before
    env.step({agent: np.int64(legal[0])})
