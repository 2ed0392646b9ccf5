"""What PettingZoo / Gymnasium / SB3 users rely on: actions as policies return them,
the versioned module, the gymnasium registration and ``check_env``, the learner env's
``illegal_action`` option, ``info["decision"]`` alike everywhere."""
import warnings

import gymnasium
import numpy as np
import pytest

import heroes_env
from heroes_env import NUM_ACTIONS, OBS_SIZE, IllegalActionError, labels
from heroes_env.engine import constants as C
from heroes_env.vector import VectorEnv
from heroes_env.wrappers import ILLEGAL_ACTION, LearnerEnv, LearnerVectorEnv


def _aec(seed=0, **kw):
    e = heroes_env.env(**kw)
    e.reset(seed=seed)
    return e


def _legal(e):
    return int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0])


# ------------------------------------------------------------------ actions (items 3, 4)
@pytest.mark.parametrize("wrap", [np.int64, np.int32, np.uint8, lambda a: np.array(a),
                                  lambda a: np.array([a]), lambda a: np.array([[a]], np.int16)])
def test_aec_accepts_numpy_integers_and_size_one_arrays(wrap):
    """What SB3's ``model.predict(obs)[0]`` returns (a 0-d int64 array) is a legal action."""
    a, b = _aec(), _aec()
    x = _legal(a)
    a.step(x)
    b.step(wrap(x))
    assert a.agent_selection == b.agent_selection
    assert (a.unwrapped.game.s == b.unwrapped.game.s).all()


class Index:
    """Anything with __index__ is an int for operator.index."""

    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v


def test_aec_accepts_what_operator_index_accepts():
    e = _aec()
    e.step(Index(_legal(e)))


@pytest.mark.parametrize("bad", [1.0, np.float64(1), True, np.bool_(False), np.array([1, 2]),
                                 np.array(1.0), "1", None, [1]])
def test_aec_refuses_floats_bools_and_other_shapes(bad):
    e = _aec()
    before = e.unwrapped.game.s.copy()
    with pytest.raises(IllegalActionError, match=r"an action is an int in 0\.\.187"):
        e.step(bad)
    assert (e.unwrapped.game.s == before).all()


@pytest.mark.parametrize("big", [10**20, -10**20, 2**63, -1, NUM_ACTIONS])
def test_aec_huge_action_is_an_illegal_action_error(big):
    """Not an OverflowError from the compiled call."""
    e = _aec()
    with pytest.raises(IllegalActionError, match="not legal"):
        e.step(big)
    with pytest.raises(IllegalActionError, match="not legal"):
        e.unwrapped.game.step(big)


def test_learner_env_huge_action():
    e = LearnerEnv()
    e.reset(seed=0)
    with pytest.raises(IllegalActionError):
        e.step(10**20)
    e.step(np.array([int(np.flatnonzero(e.action_masks())[0])]))


# ------------------------------------------------------------------ versioned module (item 6)
def test_sanguosha_v0_module():
    from heroes_env import sanguosha_v0
    e = sanguosha_v0.env(num_players=6)
    e.reset(seed=1)
    assert e.metadata["name"] == "sanguosha_v0" and len(e.possible_agents) == 6
    assert isinstance(sanguosha_v0.raw_env(), heroes_env.raw_env)
    assert sanguosha_v0.env is heroes_env.env


# ------------------------------------------------------------------ gymnasium (item 7)
def test_registered_on_import():
    assert heroes_env.GYM_ID == "heroes_env/Sanguosha-v0"
    e = gymnasium.make("heroes_env/Sanguosha-v0", num_players=5, pack="herokill")
    assert e.unwrapped.config == heroes_env.Config(num_players=5, pack="herokill")
    assert e.unwrapped.illegal_action == "lose"
    obs, info = e.reset(seed=3)
    assert obs.shape == (OBS_SIZE,) and obs.dtype == np.float32
    e = gymnasium.make("heroes_env/Sanguosha-v0", illegal_action="raise")
    assert e.unwrapped.illegal_action == "raise"


def test_check_env_passes_on_the_registered_env():
    from gymnasium.utils.env_checker import check_env
    e = gymnasium.make("heroes_env/Sanguosha-v0", num_players=5)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        check_env(e.unwrapped)
    # none: the observation Box is bounded cell by cell, render_fps is declared
    assert [str(x.message) for x in w] == []


def test_plain_learner_env_keeps_raising():
    e = LearnerEnv()
    assert e.illegal_action == "raise"
    e.reset(seed=0)
    bad = int(np.flatnonzero(~e.action_masks())[0])
    with pytest.raises(IllegalActionError, match="legal:"):
        e.step(bad)


def test_illegal_action_lose_forfeits_the_game_then_reset_starts_the_next():
    e = LearnerEnv(illegal_action="lose")
    obs, info = e.reset(seed=5)
    bad = int(np.flatnonzero(~e.action_masks())[0])
    obs2, r, term, trunc, info = e.step(bad)
    assert (r, term, trunc, info["illegal_action"]) == (-1.0, True, False, bad)
    assert (obs2 == obs).all()
    with pytest.raises(RuntimeError, match="reset"):
        e.step(int(np.flatnonzero(e.action_masks())[0]))
    e.reset()                                # the next seed's game, as after any game
    assert int(e._d.core.user_seed[0]) == 6
    e.step(int(np.flatnonzero(e.action_masks())[0]))
    with pytest.raises(ValueError, match="an action is an int"):
        e.step(1.5)                          # a non-integer raises whatever the option


def test_illegal_action_option_is_checked_and_documented():
    with pytest.raises(ValueError, match=r"illegal_action must be one of \['raise', 'lose'\]"):
        LearnerEnv(illegal_action="ignore")
    assert set(ILLEGAL_ACTION) == {"raise", "lose"}
    doc = ((LearnerEnv.__doc__ or "") + (LearnerEnv.__init__.__doc__ or "")
           + heroes_env.wrappers.__doc__)
    assert "illegal_action" in doc and '"lose"' in doc


# ------------------------------------------------------------------ info["decision"] (item 11)
def test_info_decision_is_the_dk_code_everywhere():
    cfg = heroes_env.Config(num_players=5)
    e = heroes_env.env(config=cfg)
    e.reset(seed=2)
    info = e.infos[e.agent_selection]
    g = e.unwrapped.game
    assert info["decision"] == g.decision_kind and type(info["decision"]) is int
    assert info["decision"] == C.DK_PLAY and labels.DECISION_NAMES["en"][C.DK_PLAY] == "play"
    le = LearnerEnv(config=cfg)
    _, linfo = le.reset(seed=2)
    assert type(linfo["decision"]) is int and linfo["decision"] == le.game().decision_kind
    v = VectorEnv(3, config=cfg)
    r = v.reset(seed=2)
    assert [int(x) for x in r.info["decision"]] == [v.game(i).decision_kind for i in range(3)]
    lv = LearnerVectorEnv(3, config=cfg)
    _, infos = lv.reset(seed=2)
    assert infos["decision"].dtype == np.int64
    S = lv._d.core.S
    assert infos["decision"].tolist() == S[:, C.H_DKIND].tolist()


# ------------------------------------------------------------------ command line (item 10)
@pytest.mark.parametrize("n", [0, -3])
def test_vector_env_num_envs_bound_reads_well(n):
    with pytest.raises(ValueError, match=rf"num_envs must be an int >= 1, got {n}$"):
        VectorEnv(n)
    with pytest.raises(ValueError, match=rf"num_envs must be an int >= 1, got {n}$"):
        LearnerVectorEnv(n)


@pytest.mark.parametrize("argv0, module, want", [
    ("/usr/bin/heroes-demo", "heroes_env.demo", "heroes-demo"),
    ("C:\\venv\\Scripts\\heroes-tournament.exe".replace("\\", "/"), "heroes_env.agents.tournament",
     "heroes-tournament"),
    ("/src/heroes_env/demo.py", "heroes_env.demo", "python -m heroes_env.demo"),
    ("/src/heroes_env/agents/tournament/__main__.py", "heroes_env.agents.tournament",
     "python -m heroes_env.agents.tournament"),
])
def test_usage_names_the_command_that_was_run(argv0, module, want, monkeypatch):
    from heroes_env import cli
    monkeypatch.setattr("sys.argv", [argv0])
    assert cli.prog(module) == want


def test_tournament_usage_error_names_the_console_script(monkeypatch, capsys):
    from heroes_env.agents import tournament
    monkeypatch.setattr("sys.argv", ["/venv/bin/heroes-tournament"])
    with pytest.raises(SystemExit):
        tournament.main(["--agents", "random", "--pack", "nope"])
    err = capsys.readouterr().err
    assert err.startswith("usage: heroes-tournament") and "heroes-tournament: error" in err


def test_demo_usage_error_names_the_console_script(monkeypatch, capsys):
    from heroes_env import demo
    monkeypatch.setattr("sys.argv", ["/venv/bin/heroes-demo"])
    with pytest.raises(SystemExit):
        demo.main(["--players", "3"])
    assert "heroes-demo: error: argument --players: expected an int from 4" in \
        capsys.readouterr().err


def test_install_hint_fits_the_install(monkeypatch):
    from heroes_env import cli
    assert cli.from_checkout()            # the suite runs from a checkout
    assert cli.install_hint("train") == 'pip install -e ".[train]"'
    monkeypatch.setattr(cli, "from_checkout", lambda: False)
    assert cli.install_hint("train") == 'pip install "heroes_env[train]"'


def test_console_scripts_are_declared_and_in_the_readme():
    import pathlib
    import tomllib
    root = pathlib.Path(__file__).resolve().parents[1]
    scripts = tomllib.loads((root / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"heroes-demo": "heroes_env.demo:main",
                       "heroes-tournament": "heroes_env.agents.tournament:main",
                       "heroes-play": "heroes_env.play:main",
                       "heroes-replay": "heroes_env.replay:main"}
    from heroes_env import cli
    assert {f"{m}:main" for m in cli.SCRIPTS} == set(scripts.values())
    readme = (root / "README.md").read_text()
    assert all(name in readme for name in scripts)


# ------------------------------------------------------------------ packaging (item 8)
def _root():
    import pathlib
    return pathlib.Path(__file__).resolve().parents[1]


def test_licence_and_project_metadata():
    import tomllib
    root = _root()
    assert (root / "LICENSE").read_text().startswith("MIT License")
    proj = tomllib.loads((root / "pyproject.toml").read_text())["project"]
    assert proj["license"] == "MIT" and proj["license-files"] == ["LICENSE"]
    assert proj["authors"] and not any(".example" in u for u in proj.get("urls", {}).values())
    assert "Programming Language :: Python :: 3" in proj["classifiers"]
    assert not any(c.startswith("License ::") for c in proj["classifiers"])   # PEP 639


def test_train_extra_has_a_torch_range_not_a_pin():
    import tomllib
    proj = tomllib.loads((_root() / "pyproject.toml").read_text())["project"]
    torch = [r for r in proj["optional-dependencies"]["train"] if r.startswith("torch")]
    assert torch == ["torch>=2.3,<3"]


def test_ci_installs_torch_first_and_runs_the_readme_test_command():
    import re
    ci = (_root() / ".ci" / "run").read_text()
    lines = [ln.replace("--quiet ", "") for ln in ci.splitlines()]
    torch_at = lines.index('pip install "torch==2.13.0"')
    assert torch_at < lines.index('pip install -e ".[dev]"') < lines.index("python -m pytest -q")
    readme = (_root() / "README.md").read_text()
    block = re.findall(r"```bash\n(.*?)```", readme, re.S)[1].strip()
    assert [c.strip() for c in block.split("&&")] == [
        'pip install "torch==2.13.0"', 'pip install -e ".[dev]"', "python -m pytest -q"]
    assert "download.pytorch.org/whl/cpu" in readme
