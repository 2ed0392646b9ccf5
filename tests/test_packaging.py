"""What an install gives: package metadata without exact pins, the package data a wheel must
carry, and the built wheel installed into a fresh virtual environment outside the checkout
(console script, env steps, the zoo's agents by name, where the compile cache goes).

The wheel tests need a built wheel: ``HEROES_ENV_WHEEL=path/to/heroes_env-*.whl`` (``.ci/run``
builds one with ``python -m build`` and sets it); without it they are skipped."""
import json
import os
import pathlib
import re
import subprocess
import sys
import tomllib
import zipfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
WHEEL = os.environ.get("HEROES_ENV_WHEEL")
needs_wheel = pytest.mark.skipif(not WHEEL, reason="HEROES_ENV_WHEEL names no built wheel "
                                                   "(.ci/run builds one)")


def _requirements():
    proj = PYPROJECT["project"]
    yield from proj["dependencies"]
    for reqs in proj["optional-dependencies"].values():
        yield from reqs


def test_package_metadata_has_ranges_not_pins():
    reqs = list(_requirements())
    assert reqs and not [r for r in reqs if "==" in r or "===" in r]
    # every third-party requirement has a lower bound (the extras name heroes_env itself)
    unbounded = [r for r in reqs if not r.startswith("heroes_env[") and ">=" not in r]
    assert not unbounded, unbounded


def test_dev_extra_has_the_linter_the_type_checker_and_every_tested_extra():
    dev = PYPROJECT["project"]["optional-dependencies"]["dev"]
    names = {re.split(r"[<>=\[]", r)[0] for r in dev}
    assert {"pytest", "ruff", "mypy", "build"} <= names
    extras = next(r for r in dev if r.startswith("heroes_env["))
    assert set(extras[len("heroes_env["):-1].split(",")) == {"train", "tournament", "ray",
                                                             "torchrl", "docs"}


def test_classifiers_name_only_the_tested_python():
    classifiers = PYPROJECT["project"]["classifiers"]
    versions = [c for c in classifiers if re.fullmatch(r"Programming Language :: Python :: 3\.\d+",
                                                       c)]
    assert versions == ["Programming Language :: Python :: 3.11"]
    assert PYPROJECT["project"]["requires-python"] == ">=3.11"


def test_lint_and_type_checks_are_configured_and_run_in_ci():
    tool = PYPROJECT["tool"]
    assert tool["ruff"]["line-length"] == 100 and tool["ruff"]["target-version"] == "py311"
    assert set("E F W I B UP".split()) <= set(tool["ruff"]["lint"]["select"])
    files = tool["mypy"]["files"]
    assert "heroes_env/agents/base.py" in files and all((ROOT / f).is_file() for f in files)
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert "ruff check ." in ci and "mypy" in ci
    hooks = (ROOT / ".pre-commit-config.yaml").read_text()
    assert "id: ruff" in hooks and "id: mypy" in hooks


def test_packages_are_every_folder_of_the_code_and_the_zoo():
    setup = PYPROJECT["tool"]["setuptools"]
    code = {".".join(p.parent.relative_to(ROOT).parts)
            for p in (ROOT / "heroes_env").rglob("__init__.py")}
    assert set(setup["packages"]) == code | {"heroes_env.zoo"}
    assert setup["package-dir"] == {"heroes_env.zoo": "agents"}


def _zoo_files():
    """The files of agents/ a wheel must carry: the index, and each agent's weights, card and
    evaluations."""
    index = json.loads((ROOT / "agents" / "index.json").read_text(encoding="utf-8"))
    files = {"index.json", "__init__.py"}
    for entry in index.values():
        files |= {entry["file"], entry["card"], *entry["evaluations"]}
    return index, files


def test_package_data_globs_cover_the_files_the_package_reads():
    data = PYPROJECT["tool"]["setuptools"]["package-data"]
    pkg = ROOT / "heroes_env"
    covered = {p for g in data["heroes_env"] for p in pkg.glob(g)}
    wanted = {pkg / "py.typed"} | set((pkg / "data").iterdir())
    assert wanted <= covered, sorted(str(p) for p in wanted - covered)
    zoo = ROOT / "agents"
    covered = {p.relative_to(zoo).as_posix() for g in data["heroes_env.zoo"] for p in zoo.glob(g)}
    index, files = _zoo_files()
    assert files - {"__init__.py"} <= covered, sorted(files - covered)
    # the weights the wheel carries are the index's, no other (the starting checkpoints of the
    # recipes stay in the repository)
    assert {f for f in covered if f.endswith(".pt")} == {e["file"] for e in index.values()}


# ------------------------------------------------------------------ the built wheel
@needs_wheel
def test_wheel_holds_the_package_data_and_no_top_level_agents():
    with zipfile.ZipFile(WHEEL) as z:
        names = set(z.namelist())
        weights = sum(i.file_size for i in z.infolist() if i.filename.endswith(".pt"))
    tops = {n.split("/")[0] for n in names}
    assert tops == {"heroes_env", next(t for t in tops if t.endswith(".dist-info"))}
    pkg = ROOT / "heroes_env"
    for p in [pkg / "py.typed", *(pkg / "data").iterdir()]:
        assert p.relative_to(ROOT).as_posix() in names
    index, files = _zoo_files()
    zoo = {n[len("heroes_env/zoo/"):] for n in names if n.startswith("heroes_env/zoo/")}
    assert zoo == files, (sorted(zoo - files), sorted(files - zoo))
    # the zoo's weights, about 4.3 MB an agent
    assert weights < 5_000_000 * len(index)


# run in the fresh environment, outside the checkout
WHEEL_SCRIPT = r"""
import json, os, pathlib, sys
import numpy as np
import heroes_env
from heroes_env.agents import make_agent, AgentSpecError
from heroes_env.agents.trained import shipped_checkpoints, shipped_path, zoo_dir
from heroes_env.fast import jit
out = {"file": heroes_env.__file__, "cache": jit.CACHE_DIR}
e = heroes_env.env(num_players=5)
e.reset(seed=1)
for _ in range(30):
    obs, rew, term, trunc, info = e.last()
    if term or trunc:
        break
    e.step(int(np.flatnonzero(obs["action_mask"])[0]))
out["masks"] = int(e.observe(e.agent_selection)["action_mask"].sum())
out["shipped"] = {n: os.path.getsize(shipped_path(n)) for n in shipped_checkpoints()}
out["zoo"] = str(zoo_dir())
try:
    import torch  # noqa: F401
    out["loaded"] = {n: make_agent("trained:" + n, seed=0).net.arch["obs_size"]
                     for n in shipped_checkpoints()}
    from heroes_env.agents.belief import default_path
    out["belief"] = [default_path(),
                     make_agent("search:roles=belief").reader.net.arch["seat_inputs"]]
except ImportError:
    out["loaded"] = out["belief"] = None
try:
    make_agent("trained:nope")
except AgentSpecError as err:
    out["unknown"] = str(err)
print(json.dumps(out))
"""


@needs_wheel
def test_wheel_installs_and_plays_outside_the_checkout(tmp_path):
    import gymnasium
    import numba
    import numpy
    import pettingzoo
    venv = tmp_path / "venv"
    home = tmp_path / "home"
    home.mkdir()
    # pip keeps its own cache; the new HOME is where the compile cache must go
    pip_cache = subprocess.run([sys.executable, "-m", "pip", "cache", "dir"], capture_output=True,
                               text=True).stdout.strip()
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "NUMBA_CACHE_DIR", "XDG_CACHE_HOME", "VIRTUAL_ENV")}
    env["HOME"] = str(home)
    if pip_cache:
        env["PIP_CACHE_DIR"] = pip_cache
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = str(venv / "bin" / "python")
    # the dependencies at the versions of the running environment (pip's cache has them), then
    # the wheel
    pins = [f"numpy=={numpy.__version__}", f"numba=={numba.__version__}",
            f"gymnasium=={gymnasium.__version__}", f"pettingzoo=={pettingzoo.__version__}"]
    subprocess.run([py, "-m", "pip", "install", "--quiet", *pins], check=True, env=env,
                   cwd=tmp_path)
    subprocess.run([py, "-m", "pip", "install", "--quiet", WHEEL], check=True, env=env,
                   cwd=tmp_path)
    # torch (the train extra, large) from the running environment: its folder at the end of the
    # venv's path, behind the venv's own packages (a .pth there runs no other .pth)
    torch = pytest.importorskip("torch")
    site = next((venv / "lib").glob("python3*/site-packages"))
    (site / "zz_torch_from_host.pth").write_text(str(pathlib.Path(torch.__file__).parents[1])
                                                 + "\n")
    demo = subprocess.run([str(venv / "bin" / "heroes-demo"), "--seed", "1", "--quiet-decisions"],
                          env=env, cwd=tmp_path, capture_output=True, text=True, timeout=900)
    assert demo.returncode == 0, demo.stderr
    assert "rewards:" in demo.stdout
    run = subprocess.run([py, "-c", WHEEL_SCRIPT], env=env, cwd=tmp_path, capture_output=True,
                         text=True, timeout=900)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout.strip().splitlines()[-1])
    assert pathlib.Path(out["file"]).is_relative_to(site)
    assert out["masks"] > 0
    # trained:NAME loads every agent of the zoo from the installed package heroes_env.zoo
    assert pathlib.Path(out["zoo"]) == site / "heroes_env" / "zoo"
    assert set(out["shipped"]) == {"none5", "standard5", "herokill5", "classmates5",
                                  "standard8"}
    assert all(size > 1_000_000 for size in out["shipped"].values())
    assert out["loaded"] is not None and set(out["loaded"]) == set(out["shipped"])
    # the search's belief model is package data: the installed package reads it
    assert pathlib.Path(out["belief"][0]) == site / "heroes_env" / "data" / "belief.pt"
    assert out["belief"][1] > 0
    site = venv / "lib"
    assert all(f"'trained:{n}'" in out["unknown"] for n in out["shipped"])
    # the compile cache lies in the user's cache directory, never in site-packages
    cache = pathlib.Path(out["cache"])
    assert cache.is_relative_to(home / ".cache" / "heroes_env")
    assert list(cache.rglob("*.nbi"))
    assert not list(site.rglob("*.nbi")) and not list(site.rglob("*.nbc"))
