"""Agents for heroes_env: one interface (observation, mask -> action) for the AEC env, the
wrappers, the vector API and the tournaments.

``make_agent`` makes one from a spec: ``"random"``, ``"heuristic"``, ``"trained:none5"`` (the
agent zoo), ``"search:worlds=8"`` (search by simulation), ``"llm:MODEL@BASE_URL"`` (a
chat-completions model), an import path ``"package.module:Class"`` or a checkpoint file.
``python -m heroes_env.agents.tournament --help`` runs games between agents and rates them.

Examples:
    ```python
    from heroes_env import Config, Game
    from heroes_env.agents import make_agent

    agent = make_agent("heuristic", seed=0)
    agent.reset()                                   # before each game
    game = Game.new(Config(num_players=5), seed=1)
    obs, mask = game.observe_with_mask(game.decider)
    game.step(agent.act(obs, mask))
    ```
"""
from .base import (
    Agent,
    AgentSpecError,
    Worlds,
    act_at_table,
    available_agents,
    make_agent,
    register_agent,
    register_checkpoint_loader,
    register_scheme,
    table_worlds,
)
from .heuristic import HeuristicAgent
from .random_agent import RandomAgent

# isort: off
# importing these modules registers their loaders and schemes, in this order
from . import torch_policy  # noqa: F401  (the .pt/.zip loaders; torch loads lazily)
from .llm import ChatSettings, LLMAgent, LLMError  # (the "llm:MODEL@BASE_URL" scheme)
from . import trained  # noqa: F401  ("trained:<name>", the shipped checkpoints)
from .search import SearchAgent, SearchError, SearchSettings  # ("search:KEY=VALUE,...")
# isort: on

__all__ = ["Agent", "AgentSpecError", "RandomAgent", "HeuristicAgent", "LLMAgent", "ChatSettings",
           "LLMError",
           "make_agent",
           "register_agent", "register_checkpoint_loader", "register_scheme",
           "SearchAgent", "SearchSettings", "SearchError", "Worlds", "act_at_table", "table_worlds",
           "available_agents"]
