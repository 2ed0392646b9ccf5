"""TorchRL's PettingZooWrapper around the AEC env, called as its users call it first
(``docs/torchrl.md``): masked random rollouts run to the end of games, with either grouping."""
import numpy as np
import pytest

import heroes_env
from heroes_env.engine import constants as C

torch = pytest.importorskip("torch")
torchrl_envs = pytest.importorskip("torchrl.envs")
from torchrl.envs.utils import MarlGroupMapType  # noqa: E402

PettingZooWrapper = torchrl_envs.PettingZooWrapper
# TorchRL warns that it was tested with another PettingZoo than the one installed
pytestmark = pytest.mark.filterwarnings("ignore:PettingZoo in TorchRL is tested:UserWarning")


def _rollout(group_map=None, seed=0, **env_kw):
    e = PettingZooWrapper(env=heroes_env.env(**env_kw), use_mask=True, categorical_actions=True,
                          group_map=group_map)
    torch.manual_seed(seed)
    e.set_seed(seed)
    td = e.rollout(20_000, break_when_any_done=True)
    return e, td


def _per_seat(e, td, key):
    """td's key per step and seat: (T, n), seats in player order, whatever the grouping."""
    cols = []
    for group, agents in e.group_map.items():
        v = td.get((group, *key) if isinstance(key, tuple) else (group, key))
        cols.append(v.reshape(v.shape[0], len(agents), -1))
    return torch.cat(cols, dim=1)


@pytest.mark.parametrize("group_map", [None, MarlGroupMapType.ALL_IN_ONE_GROUP],
                         ids=["one_group_per_seat", "all_in_one_group"])
def test_masked_rollout_plays_a_game_to_its_end(group_map):
    e, td = _rollout(group_map, seed=3, num_players=5)
    n = 5
    assert sorted(a for agents in e.group_map.values() for a in agents) == \
        [f"player_{i}" for i in range(n)]
    done = td["next", "done"].flatten()
    assert done[-1] and not done[:-1].any()            # one game, played to its end
    acting = _per_seat(e, td, "mask").squeeze(-1)      # (T, n): the seat that decides
    assert (acting.sum(dim=1) == 1).all()
    masks = _per_seat(e, td, "action_mask")            # (T, n, NUM_ACTIONS)
    actions = _per_seat(e, td, "action").squeeze(-1)   # (T, n)
    seat = acting.float().argmax(dim=1)
    t = torch.arange(len(seat))
    # the acting seat's action was legal in its mask (the env would have raised otherwise)
    assert masks[t, seat, actions[t, seat]].all()
    game = e._env.unwrapped.game
    assert game.done
    rewards = _per_seat(e, td["next"], "reward").reshape(-1, n)
    np.testing.assert_array_equal(rewards[-1].numpy(), game.rewards())
    assert (rewards[:-1] == 0).all()
    result = _per_seat(e, td["next"], ("info", "result")).reshape(-1, n)
    assert (result[-1] == game.result).all() and game.result != C.RES_NONE
    assert (result[:-1] == C.RES_NONE).all()
    decision = _per_seat(e, td, ("info", "decision")).reshape(-1, n)
    assert (decision[acting] != C.DK_NONE).all() and (decision[~acting] == C.DK_NONE).all()


def test_byte_observations_and_a_hero_pack():
    e, td = _rollout(MarlGroupMapType.ALL_IN_ONE_GROUP, seed=1, num_players=5,
                     pack="standard", obs_dtype="uint8")
    assert td["agents", "observation", "observation"].dtype == torch.uint8
    assert td["next", "done"].flatten()[-1]
    assert e._env.unwrapped.game.done
