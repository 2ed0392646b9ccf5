"""The agent zoo: one folder per shipped agent (weights, model card, evaluations, curves).

Data, not code: ``heroes_env.agents.trained`` reads ``index.json`` and loads ``trained:NAME``
from here. A wheel installs this folder as ``heroes_env.zoo`` (``pyproject.toml``)."""
