"""Sanguosha (三国杀) and Hero Kill (英雄杀) for reinforcement learning.

The package holds the PettingZoo AEC env ``sanguosha_v0`` (``env``, ``raw_env``; also importable
as ``heroes_env.sanguosha_v0``), the one configuration of a game (``Config``, ``PRESETS``), the
engine-level game (``Game``, ``IllegalActionError``), rigged games (``build_scenario``), the
heroes' and skills' data (``hero_info``, ``skill_info``) and the observation's constants and
decoding (``NUM_ACTIONS``, ``OBS_SIZE``, ``obs_to_float32``). Importing it registers the
single-learner Gymnasium env ``GYM_ID`` = ``"heroes_env/Sanguosha-v0"``. Batched play is in
``heroes_env.vector``, learner wrappers in ``heroes_env.wrappers``, agents in
``heroes_env.agents``.

Examples:
    ```python
    import gymnasium
    import heroes_env
    from heroes_env import sanguosha_v0

    env = heroes_env.env(num_players=5)           # the PettingZoo AEC env "sanguosha_v0"
    env = sanguosha_v0.env(num_players=5)         # the same, by its versioned name
    learner = gymnasium.make("heroes_env/Sanguosha-v0", num_players=5)   # one learning seat
    game = heroes_env.Game.new(heroes_env.Config(num_players=8), seed=1)  # engine level
    print(heroes_env.hero_info("liubei").describe("zh"))   # HP, kingdom and skills' texts
    ```
"""
from . import sanguosha_v0
from .config import PRESETS, Config
from .engine.constants import NUM_ACTIONS, OBS_SIZE
from .env import env, raw_env
from .game import Game, IllegalActionError
from .heroes import HeroInfo, SkillInfo, hero_info, skill_info
from .obs import OBS_DIVISOR, OBS_SCALE, STATE_DIVISOR, STATE_SCALE, obs_to_float32
from .scenario import Scenario, ScenarioError
from .scenario import build as build_scenario

# gymnasium.make("heroes_env/Sanguosha-v0", **kw): heroes_env.wrappers.LearnerEnv(**kw); a
# forfeit for an illegal action unless illegal_action= says otherwise (check_env samples
# unmasked actions); action_masks() reachable on what make returns (wrappers.ActionMasks)
GYM_ID = "heroes_env/Sanguosha-v0"


def _register():
    from gymnasium.envs.registration import WrapperSpec, register, registry
    if GYM_ID not in registry:
        masks = WrapperSpec("ActionMasks", "heroes_env.wrappers:ActionMasks", {})
        register(id=GYM_ID, entry_point="heroes_env.wrappers:LearnerEnv",
                 kwargs={"illegal_action": "lose"}, additional_wrappers=(masks,))


_register()

__all__ = ["env", "raw_env", "Config", "PRESETS", "Game", "IllegalActionError", "build_scenario",
           "Scenario", "ScenarioError", "NUM_ACTIONS", "OBS_SIZE", "OBS_DIVISOR", "OBS_SCALE",
           "STATE_DIVISOR", "STATE_SCALE",
           "obs_to_float32", "sanguosha_v0", "GYM_ID", "hero_info", "skill_info", "HeroInfo",
           "SkillInfo"]
__version__ = "0.2.0"
