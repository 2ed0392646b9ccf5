"""The trained policies shipped in the package, by name: ``make_agent("trained:<name>")``.

    make_agent("trained:none5")        # the best checkpoint for 5 players, pack "none"
    make_agent("trained:standard5")    # the best for 5 players, pack "standard"

``heroes_env/checkpoints/index.json`` lists them (name -> file, pack, players, what it is); the
files are ``.pt`` checkpoints of ``heroes_env.agents.torch_policy`` (the same as
``training/checkpoints/``, which links to them), so a wheel install plays them without the
repository. Loading needs torch (``pip install "heroes_env[train]"``). Keywords are the ``.pt``
loader's (``deterministic``, ``torch_threads``, ``prior_gain``, ``prior_agent``).
"""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from .base import Agent, AgentSpecError, register_scheme

__all__ = ["SCHEME", "shipped_checkpoints", "shipped_path"]

SCHEME = "trained"


@lru_cache(maxsize=1)
def shipped_checkpoints() -> dict[str, dict]:
    """name -> {"file", "pack", "num_players", "about"} of every shipped checkpoint."""
    text = resources.files("heroes_env").joinpath("checkpoints", "index.json").read_text("utf-8")
    return json.loads(text)


def shipped_path(name: str) -> str:
    """The file of the shipped checkpoint ``name``; AgentSpecError naming the shipped ones."""
    index = shipped_checkpoints()
    if name not in index:
        names = ", ".join(f"'{SCHEME}:{n}'" for n in sorted(index))
        raise AgentSpecError(f"no shipped checkpoint named {name!r}; shipped: {names}")
    path = resources.files("heroes_env").joinpath("checkpoints", index[name]["file"])
    return str(path)        # pip unpacks a wheel: the package's files are files


def _load_trained(name: str, seed: int | None = None, **kwargs) -> Agent:
    from .torch_policy import TorchPolicyAgent
    kwargs.setdefault("name", f"{SCHEME}:{name}")
    return TorchPolicyAgent(shipped_path(name), seed=seed, **kwargs)


register_scheme(SCHEME, _load_trained)
