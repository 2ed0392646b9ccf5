"""The AEC environment under its versioned name, as PettingZoo's own environments are imported::

    from heroes_env import sanguosha_v0
    env = sanguosha_v0.env(num_players=5, pack="standard")
    raw = sanguosha_v0.raw_env(num_players=5)

The same objects as ``heroes_env.env`` / ``heroes_env.raw_env`` (``heroes_env/env.py``); the
version changes when a change makes old results incomparable.
"""
from .env import IllegalActionError, env, raw_env

__all__ = ["env", "raw_env", "IllegalActionError"]
