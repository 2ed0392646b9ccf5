"""heroes_env: Sanguosha (三国杀) / Hero Kill (英雄杀) for reinforcement learning.

    import heroes_env
    e = heroes_env.env(num_players=5)          # PettingZoo AEC env "sanguosha_v0"
    g = heroes_env.Game.new(heroes_env.Config(num_players=8), seed=1)   # engine-level handle
"""
from .config import Config, PRESETS
from .engine.constants import NUM_ACTIONS, OBS_SIZE
from .env import env, raw_env
from .game import Game, IllegalActionError
from .scenario import ScenarioError, build as build_scenario

__all__ = ["env", "raw_env", "Config", "PRESETS", "Game", "IllegalActionError", "build_scenario",
           "ScenarioError", "NUM_ACTIONS", "OBS_SIZE"]
__version__ = "0.1.0"
