"""heroes_env: Sanguosha (三国杀) / Hero Kill (英雄杀) for reinforcement learning.

    import heroes_env
    e = heroes_env.env(num_players=5)          # PettingZoo AEC env "sanguosha_v0"
    from heroes_env import sanguosha_v0        # the same, by its versioned name
    gymnasium.make("heroes_env/Sanguosha-v0", num_players=5)   # the single-learner env
    g = heroes_env.Game.new(heroes_env.Config(num_players=8), seed=1)   # engine-level handle
    heroes_env.hero_info("liubei").describe("zh")   # a hero's HP, kingdom and skills' texts
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
