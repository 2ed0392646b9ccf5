"""Conventions users rely on: bounded observation spaces that hold every observation, the
registered env's metadata and ``action_masks`` through ``gymnasium.make``, one default pack
shown by every command's ``--help``, the shipped checkpoints by name; and the code's own: short
parameter names only from the glossary, named numbers in the engine's calls, no alias ``T``."""
import ast
import pathlib
import re

import gymnasium
import numpy as np
import pytest

import heroes_env
from heroes_env import Config
from heroes_env.config import DEFAULT_PACK
from heroes_env.engine import constants as C
from heroes_env.obs import OBS_DIVISOR, count_bounds, obs_box
from heroes_env.vector import VectorEnv
from heroes_env.wrappers import LearnerEnv, LearnerVectorEnv


# ------------------------------------------------------------------ observation bounds
def _within(space, x):
    x = np.asarray(x)
    return bool(np.all(x >= space.low) and np.all(x <= space.high))


@pytest.mark.parametrize("mode, players, pack, max_rounds", [
    ("identity", 5, "none", 100), ("identity", 8, "standard", 100),
    ("identity", 10, "herokill", 100), ("3v3", 6, "classmates", 100), ("identity", 5, "none", 2),
])
def test_every_observation_lies_in_its_space(mode, players, pack, max_rounds):
    cfg = Config(mode=mode, num_players=players, pack=pack, max_rounds=max_rounds)
    spaces = {dt: obs_box(np.dtype(dt), max_rounds) for dt in ("float32", "uint8")}
    envs = {dt: VectorEnv(16, config=cfg, obs_dtype=dt) for dt in spaces}
    steps = {dt: envs[dt].reset(seed=11) for dt in envs}
    lo, hi = count_bounds(max_rounds)
    seen_lo, seen_hi = np.zeros(C.OBS_SIZE), np.zeros(C.OBS_SIZE)
    for t in range(600):
        a = envs["float32"].random_actions()
        for dt, v in envs.items():
            if t % 25 == 0:
                obs = np.stack([v.observe(s) for s in range(players)])
            else:
                obs = steps[dt].obs
            assert _within(spaces[dt], obs), (dt, t)
            if dt == "float32":
                k = np.rint(obs * OBS_DIVISOR).reshape(-1, C.OBS_SIZE)
                seen_lo = np.minimum(seen_lo, k.min(axis=0))
                seen_hi = np.maximum(seen_hi, k.max(axis=0))
            steps[dt] = v.step(a)
    assert (seen_lo >= lo).all() and (seen_hi <= hi).all()
    # the bounds are the cells' own: a flag is at most 1, the round at most max_rounds
    assert seen_hi[C.OBS_MISC] <= max_rounds and hi[C.OBS_HAND] == 1


def test_spaces_refuse_what_lies_outside_the_bounds():
    space = obs_box(np.dtype(np.float32), 100)
    assert np.isfinite(space.low).all() and np.isfinite(space.high).all()
    e = heroes_env.env(num_players=5)
    e.reset(seed=0)
    obs = e.observe(e.agent_selection)["observation"]
    assert space.contains(obs)
    for cell, value in ((C.OBS_HAND, 2.0), (C.OBS_SEATS + C.OS_HANDN, -1.0),
                        (C.OBS_MISC, 1.01)):
        bad = obs.copy()
        bad[cell] = value
        assert not space.contains(bad), cell
    assert e.unwrapped.state_space.contains(e.unwrapped.state())
    byte = heroes_env.env(num_players=5, obs_dtype="uint8", max_rounds=50)
    byte.reset(seed=0)
    bspace = byte.observation_space("player_0")["observation"]
    assert bspace.contains(byte.observe("player_0")["observation"])
    assert bspace.high[C.OBS_MISC] == 50 and bspace.high[C.OBS_SEATS + C.OS_HP] == 255


def test_learner_spaces_are_bounded_too():
    e = LearnerEnv(num_players=5)
    obs, _ = e.reset(seed=0)
    assert e.observation_space.contains(obs) and np.isfinite(e.observation_space.high).all()
    v = LearnerVectorEnv(3, num_players=5, obs_dtype="uint8")
    obs, _ = v.reset(seed=0)
    assert v.observation_space.contains(obs) and v.observation_space.shape == (3, C.OBS_SIZE)
    assert v.single_observation_space.contains(obs[0])


# ------------------------------------------------------------------ the registered env
def test_render_fps_is_declared_where_the_env_renders():
    for env_cls in (heroes_env.raw_env, LearnerEnv):
        assert env_cls.metadata["render_modes"]
        assert env_cls.metadata["render_fps"] > 0


def test_action_masks_through_gymnasium_make():
    sb3_utils = pytest.importorskip("sb3_contrib.common.maskable.utils")
    for kw in ({}, {"max_episode_steps": 50, "pack": "standard"}):
        e = gymnasium.make(heroes_env.GYM_ID, **kw)
        e.reset(seed=4)
        mask = e.action_masks()
        assert mask.dtype == np.bool_ and mask.shape == (C.NUM_ACTIONS,) and mask.any()
        assert (sb3_utils.get_action_masks(e) == mask).all()
        assert (e.unwrapped.action_masks() == mask).all()
        e.step(int(np.flatnonzero(mask)[0]))
        assert (e.action_masks() == e.unwrapped.action_masks()).all()


# ------------------------------------------------------------------ one default pack
def _help(main, capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    return " ".join(capsys.readouterr().out.split())


def test_one_default_pack_everywhere(capsys):
    from heroes_env import demo, play, replay
    from heroes_env.agents import tournament
    from heroes_env.agents.tournament.cli import _parser as tournament_parser
    assert Config().pack == DEFAULT_PACK
    assert heroes_env.env().unwrapped.config.pack == DEFAULT_PACK
    assert VectorEnv(1).config.pack == DEFAULT_PACK
    assert demo.game_config().pack == DEFAULT_PACK
    assert play.parse_args([])[1].pack == DEFAULT_PACK
    assert tournament_parser().parse_args(["--agents", "random"]).pack == DEFAULT_PACK
    for main in (demo.main, play.main, tournament.main):
        assert f"(default: {DEFAULT_PACK})" in _help(main, capsys)
    text = _help(tournament.main, capsys)
    assert "--games GAMES (default: 1000)" in text and "--seed SEED (default: 0)" in text
    assert "--lang {en,zh} (default: en)" in _help(replay.main, capsys)


# ------------------------------------------------------------------ the zoo's agents
def test_zoo_agents_load_by_name_and_play_legal_actions():
    pytest.importorskip("torch")
    from heroes_env.agents import AgentSpecError, make_agent
    from heroes_env.agents.trained import shipped_checkpoints
    index = shipped_checkpoints()
    assert set(index) == {"none5", "standard5", "herokill5", "classmates5", "standard8"}
    for name, entry in index.items():
        agent = make_agent(f"trained:{name}", seed=0)
        assert agent.name == f"trained:{name}"
        e = heroes_env.env(num_players=entry["num_players"], pack=entry["pack"])
        e.reset(seed=2)
        for _ in range(20):
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                break
            a = agent.act(obs["observation"], obs["action_mask"], slot=e.agent_selection)
            assert obs["action_mask"][a] == 1
            e.step(a)
    with pytest.raises(AgentSpecError, match="'trained:classmates5', 'trained:herokill5', "
                                             "'trained:none5', 'trained:standard5', "
                                             "'trained:standard8'"):
        make_agent("trained:standard9")


# ------------------------------------------------------------------ short names
# A one- or two-letter parameter name of a function in heroes_env/engine or heroes_env/agents is
# a convention of the glossary (docs/architecture.md, "Short names"), used the same way
# everywhere; any other parameter is a word. The engine functions whose calls name their numeric
# arguments:
NAMED_NUMBERS = ("push_damage", "push_effect", "push_skill", "fire", "ask", "post_skill_decision",
                 "has_slash_target", "post_decision", "push_frame", "become_frame", "query",
                 "notify")
_ROOT = pathlib.Path(__file__).resolve().parent.parent


def _glossary():
    text = (_ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("## Short names", 1)[1].split("\n## ", 1)[0]
    names = set()
    for line in section.splitlines():
        if line.startswith("| `"):
            names.update(re.findall(r"`([^`]+)`", line.split("|")[1]))
    return names


def _sources(*folders):
    for folder in folders:
        for path in sorted((_ROOT / folder).rglob("*.py")):
            yield path, ast.parse(path.read_text(encoding="utf-8"))


def _short_parameters():
    """{name: [where]} of every one- or two-letter parameter in the engine and the agents."""
    found = {}
    for path, tree in _sources("heroes_env/engine", "heroes_env/agents"):
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                a = node.args
                for arg in (a.posonlyargs + a.args + a.kwonlyargs
                            + [x for x in (a.vararg, a.kwarg) if x is not None]):
                    if len(arg.arg) <= 2:
                        found.setdefault(arg.arg, []).append(
                            f"{path.relative_to(_ROOT)}:{node.lineno}")
    return found


def test_short_parameter_names_are_in_the_glossary():
    glossary = _glossary()
    assert {"s", "o", "d", "sk", "lo", "hi", "a", "b", "da", "db", "dc"} <= glossary
    found = _short_parameters()
    unknown = {n: w[:3] for n, w in found.items() if n not in glossary}
    assert not unknown, f"short parameter names that are not conventions: {unknown}"


def test_module_alias_T_is_not_used():
    """``T`` meant tournament, traits or text depending on the file: each module has one name."""
    uses = []
    for path, tree in _sources("heroes_env", "tests", "training", "benchmarks"):
        for node in ast.walk(tree):
            if isinstance(node, ast.alias) and node.asname == "T":
                uses.append(f"{path.relative_to(_ROOT)}: import {node.name} as T")
            elif isinstance(node, ast.Name) and node.id == "T" and isinstance(node.ctx, ast.Store):
                uses.append(f"{path.relative_to(_ROOT)}:{node.lineno}: T =")
    assert not uses


def _bare_number(node):
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        node = node.operand
    return isinstance(node, ast.Constant) and type(node.value) in (int, float)


def test_engine_calls_name_their_numbers():
    """``push_damage(s, u, t, c, k, card2=-1, amount=1, flags=0)``, not ``(..., -1, 1, 0)``."""
    bare = []
    for path, tree in _sources("heroes_env/engine"):
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                func = node.func
                name = getattr(func, "id", None) or getattr(func, "attr", None)
                if name in NAMED_NUMBERS and any(_bare_number(a) for a in node.args[1:]):
                    bare.append(f"{path.relative_to(_ROOT)}:{node.lineno}: {ast.unparse(node)}")
    assert not bare, "\n".join(bare)
