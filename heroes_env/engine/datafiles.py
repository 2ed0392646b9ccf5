"""The package's data files (``heroes_env/data/*.csv``): one reader for every module that loads
content (``content.py``). ``heroes_env.fast.jit`` keys the compile cache by these files."""
import csv
from importlib import resources


def rows(name: str) -> list[dict[str, str]]:
    """The rows of ``heroes_env/data/<name>`` as dicts keyed by its header."""
    with resources.files("heroes_env").joinpath("data", name).open(encoding="utf-8") as f:
        return list(csv.DictReader(f))
