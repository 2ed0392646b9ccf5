"""One home for the game's defaults: every constructor takes Config's keywords
(or ``config=``) and leaves what is not given to ``Config``, so ``pack="herokill"`` plays the
herokill deck everywhere: the AEC env, the vector and learner envs, the SB3 adapter, the demo, the
tournament and the training scripts."""
import inspect
import os
import sys

import pytest

import heroes_env
from heroes_env import Config, demo
from heroes_env.config import DEFAULTS, PACKS, make_config
from heroes_env.vector import VectorEnv
from heroes_env.wrappers import LearnerEnv, LearnerVectorEnv

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from heroes_env.agents.tournament import TournamentConfig  # noqa: E402
from heroes_env.agents.tournament.cli import _parser  # noqa: E402

CONSTRUCTORS = {
    "env": lambda **kw: heroes_env.env(**kw).unwrapped.config,
    "raw_env": lambda **kw: heroes_env.raw_env(**kw).config,
    "VectorEnv": lambda **kw: VectorEnv(1, **kw).config,
    "LearnerEnv": lambda **kw: LearnerEnv(**kw).config,
    "LearnerVectorEnv": lambda **kw: LearnerVectorEnv(1, **kw).config,
    "demo": lambda **kw: demo.game_config(**kw),
}


@pytest.mark.parametrize("pack", PACKS)
@pytest.mark.parametrize("name", list(CONSTRUCTORS))
def test_every_constructor_builds_configs_config(name, pack):
    c = CONSTRUCTORS[name](pack=pack)
    assert c == Config(pack=pack)
    if pack == "herokill":
        assert c.deck == "herokill"


def test_herokill_through_the_aec_env_plays_the_herokill_deck():
    """env(pack="herokill") plays the 英雄杀 deck, not the 108-card standard one."""
    e = heroes_env.env(pack="herokill")
    e.reset(seed=0)
    assert e.unwrapped.config.deck == "herokill"
    assert e.unwrapped.game.config.spec()[heroes_env.engine.constants.G_NCARDS] == 106


@pytest.mark.parametrize("name", list(CONSTRUCTORS))
def test_every_keyword_reaches_config(name):
    kw = dict(num_players=6, mode="3v3", pack="standard", deck="standard_no_ex", max_rounds=7,
              autoplay=False, hero_selection="random")
    assert set(kw) == set(DEFAULTS)
    assert CONSTRUCTORS[name](**kw) == Config(**kw)


@pytest.mark.parametrize("name", [n for n in CONSTRUCTORS if n != "demo"])
def test_config_keyword_and_its_errors(name):
    c = Config(num_players=7, pack="classmates")
    assert CONSTRUCTORS[name](config=c) is c
    with pytest.raises(TypeError, match="not both"):
        CONSTRUCTORS[name](config=c, pack="none")
    with pytest.raises(TypeError, match=r"unexpected keyword.*\['decks'\].*Config's keywords"):
        CONSTRUCTORS[name](decks="standard")


def test_no_constructor_repeats_a_default():
    """No constructor signature names one of Config's keywords: their defaults live in Config."""
    from heroes_env.wrappers import sb3_vec_env
    for f in (heroes_env.raw_env.__init__, VectorEnv.__init__, LearnerEnv.__init__,
              LearnerVectorEnv.__init__, sb3_vec_env):
        assert not set(inspect.signature(f).parameters) & set(DEFAULTS), f


def test_make_config_refuses_what_is_not_a_config():
    with pytest.raises(TypeError, match="must be a heroes_env.Config"):
        make_config({"pack": "herokill"})


@pytest.mark.parametrize("pack", PACKS)
def test_tournament_agrees(pack):
    cfg = TournamentConfig(agents=("random",), pack=pack)
    assert cfg.game_config() == Config(pack=pack)
    args = _parser().parse_args(["--agents", "random", "--pack", pack])
    cfg = TournamentConfig(agents=tuple(args.agents), players=args.players, pack=args.pack,
                           deck=args.deck, hero_selection=args.hero_selection,
                           max_rounds=args.max_rounds, autoplay=not args.no_autoplay,
                           mode=args.mode)
    assert cfg.game_config() == Config(pack=pack)


@pytest.mark.parametrize("pack", PACKS)
def test_demo_play_agrees(pack):
    out = []
    s = demo.play(pack=pack, out=out.append, show_decisions=False, max_rounds=1)
    assert s["config"] == Config(pack=pack, max_rounds=1)


@pytest.mark.parametrize("pack", PACKS)
@pytest.mark.parametrize("script", ["maskable_ppo", "selfplay_ppo"])
def test_training_scripts_agree(script, pack):
    import importlib

    from training.common import game_config, parse_args
    mod = importlib.import_module(f"training.{script}")
    args = parse_args(mod.Args, ["--pack", pack])
    assert game_config(args) == Config(pack=pack)
    # its evaluation runs the tournament with the same players and pack
    cfg = TournamentConfig(agents=("random",), players=args.num_players, pack=args.pack,
                           max_rounds=args.max_rounds)
    assert cfg.game_config() == game_config(args)


def test_sb3_vec_env_agrees():
    pytest.importorskip("stable_baselines3")
    from heroes_env.wrappers import sb3_vec_env
    for pack in PACKS:
        assert sb3_vec_env(1, pack=pack).venv.config == Config(pack=pack)


@pytest.mark.parametrize("pack", PACKS)
def test_demo_command_line_agrees(pack, monkeypatch):
    seen = []
    monkeypatch.setattr(demo, "play", lambda players, seed, lang, show, max_rounds, **kw:
                        seen.append(demo.game_config(kw["pack"], num_players=players,
                                                     max_rounds=max_rounds, mode=kw["mode"],
                                                     deck=kw["deck"])))
    demo.main(["--pack", pack])
    assert seen == [Config(pack=pack)]


@pytest.mark.parametrize("pack", PACKS)
def test_play_command_line_agrees(pack, monkeypatch):
    from heroes_env import play
    seen = []

    class Stop(Exception):
        pass

    def session(config, *args, **kw):
        seen.append(config)
        raise Stop

    monkeypatch.setattr(play, "Session", session)
    with pytest.raises(Stop):
        play.main(["--pack", pack, "--opponents", "random"])
    assert seen == [Config(pack=pack)]


def test_demo_bad_option_is_a_usage_error(capsys):
    with pytest.raises(SystemExit):
        demo.main(["--mode", "3v3", "--players", "5"])
    assert "3v3" in capsys.readouterr().err
