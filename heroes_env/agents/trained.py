"""The agents of the zoo, by name: ``make_agent("trained:<name>")``.

    make_agent("trained:none5")        # 5 players, pack "none"
    make_agent("trained:standard5")    # 5 players, pack "standard"
    make_agent("trained:herokill5")    # 5 players, the 英雄杀 pack (in training, below the bar)
    make_agent("trained:classmates5")  # 5 players, pack "classmates" (in training, below the bar)
    make_agent("trained:standard8")    # 8 players, pack "standard" (in training, below the bar)

The zoo is the repository's top-level ``agents/`` folder: one folder per agent with its ``.pt``
checkpoint (``heroes_env.agents.torch_policy``), its model card and its evaluations, and
``agents/index.json`` listing them (name -> file, pack, players, status, what it is, card,
evaluation files). A wheel installs the folder as the package ``heroes_env.zoo``, so an
installed package plays them without the repository; a checkout reads ``agents/`` itself.
Loading needs torch (``pip install "heroes_env[train]"``). Keywords are the ``.pt`` loader's
(``deterministic``, ``torch_threads``, ``prior_gain``, ``prior_agent``).
"""
from __future__ import annotations

import json
import pathlib
from functools import lru_cache
from importlib import resources

from .base import Agent, AgentSpecError, register_scheme

__all__ = ["SCHEME", "shipped_checkpoints", "shipped_path", "zoo_dir"]

SCHEME = "trained"
INDEX = "index.json"


@lru_cache(maxsize=1)
def zoo_dir() -> pathlib.Path:
    """The zoo's folder: the installed ``heroes_env.zoo`` package, else the checkout's
    ``agents/`` beside the ``heroes_env`` package."""
    try:
        root = resources.files("heroes_env.zoo")
        if root.joinpath(INDEX).is_file():
            return pathlib.Path(str(root))   # pip unpacks a wheel: the package's files are files
    except ModuleNotFoundError:
        pass
    checkout = pathlib.Path(__file__).resolve().parents[2] / "agents"
    if (checkout / INDEX).is_file():
        return checkout
    raise AgentSpecError("the agent zoo is missing: neither the package heroes_env.zoo nor "
                         f"{checkout} holds {INDEX}")


@lru_cache(maxsize=1)
def shipped_checkpoints() -> dict[str, dict]:
    """name -> {"file", "pack", "num_players", "status", "about", "card", "evaluations"} of
    every agent of the zoo (paths relative to the zoo's folder)."""
    return json.loads((zoo_dir() / INDEX).read_text("utf-8"))


def shipped_path(name: str) -> str:
    """The checkpoint file of the zoo's agent ``name``; AgentSpecError naming the zoo's agents."""
    index = shipped_checkpoints()
    if name not in index:
        names = ", ".join(f"'{SCHEME}:{n}'" for n in sorted(index))
        raise AgentSpecError(f"no agent named {name!r} in the zoo; the zoo's agents: {names}")
    return str(zoo_dir() / index[name]["file"])


def _load_trained(name: str, seed: int | None = None, **kwargs) -> Agent:
    from .torch_policy import TorchPolicyAgent
    kwargs.setdefault("name", f"{SCHEME}:{name}")
    return TorchPolicyAgent(shipped_path(name), seed=seed, **kwargs)


register_scheme(SCHEME, _load_trained)
