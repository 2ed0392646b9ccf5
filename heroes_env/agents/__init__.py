"""Agents for heroes_env: one interface (observation, mask -> action) for the AEC env, the
wrappers, the vector API and the tournaments.

    from heroes_env.agents import make_agent
    agent = make_agent("heuristic", seed=0)   # "random", "trained:none5", "package.module:Class",
                                               # a checkpoint file, "llm:MODEL@BASE_URL" (a
                                               # chat-completions model)
    agent.reset()                              # before each game
    action = agent.act(obs, mask)

``python -m heroes_env.agents.tournament --help`` runs games between agents and rates them.
"""
from .base import (Agent, AgentSpecError, available_agents, make_agent, register_agent,
                   register_checkpoint_loader, register_scheme)
from .heuristic import HeuristicAgent
from .random_agent import RandomAgent
from . import torch_policy  # noqa: F401,E402  (registers the .pt/.zip loaders; torch loads lazily)
from .llm import LLMAgent, LLMError  # noqa: E402  (registers the "llm:MODEL@BASE_URL" scheme)
from . import trained  # noqa: F401,E402  (registers "trained:<name>", the shipped checkpoints)

__all__ = ["Agent", "AgentSpecError", "RandomAgent", "HeuristicAgent", "LLMAgent", "LLMError",
           "make_agent",
           "register_agent", "register_checkpoint_loader", "register_scheme",
           "available_agents"]
