"""The tournament's batched engine: every seat played inside one compiled call per chunk."""
import pytest

from heroes_env.agents import tournament
from heroes_env.agents.tournament import TournamentConfig, TournamentError, run_tournament
from heroes_env.agents.tournament import batched as batched_engine
from heroes_env.agents.tournament.games import GamePlayer


def records(cfg, todo, threads=1):
    return {r["game"]: r for r in tournament.batched_records(cfg, todo, threads)}


@pytest.mark.parametrize("kw", [dict(players=5, pack="standard"), dict(players=8, pack="none"),
                                dict(mode="3v3", pack="herokill")])
def test_heuristic_games_are_those_of_the_game_engine(kw):
    # no random seat: the same deals, seeds and choices as the per-game Python path
    batched = TournamentConfig(agents=("heuristic",), games=6, seed=4, **kw)
    game = TournamentConfig(agents=("heuristic",), games=6, seed=4, engine="game", **kw)
    assert batched.engine == "batched" and game.engine == "game"
    player = GamePlayer(game)
    want = {i: player.play(i) for i in range(6)}
    assert records(batched, list(range(6))) == want


def test_a_game_depends_on_its_number_only(monkeypatch):
    cfg = TournamentConfig(agents=("heuristic", "random"), games=40, players=5, pack="standard",
                           seed=9)
    whole = records(cfg, list(range(40)))
    monkeypatch.setattr(batched_engine, "BATCH_GAMES", 7)
    parts = records(cfg, [3, 17, 39, 0], threads=2)
    assert all(parts[i] == whole[i] for i in parts)
    assert sorted({r["result"] for r in whole.values()}) != []
    # random seats are played (their choices differ from the heuristic's)
    heur = records(TournamentConfig(agents=("heuristic",), games=40, players=5,
                                    pack="standard", seed=9), list(range(40)))
    assert any(heur[i]["result"] != whole[i]["result"] or heur[i]["rounds"] != whole[i]["rounds"]
               for i in range(40))


def test_the_engine_is_chosen_and_named(tmp_path):
    assert TournamentConfig(agents=("heuristic", "random")).engine == "batched"
    by_path = ("heuristic", "heroes_env.agents.random_agent:RandomAgent")
    assert TournamentConfig(agents=by_path).engine == "game"
    with pytest.raises(TournamentError, match="--engine batched plays only"):
        TournamentConfig(agents=("heuristic", "x.pt"), engine="batched")
    with pytest.raises(TournamentError, match="engine must be one of"):
        TournamentConfig(agents=("heuristic",), engine="fast")
    with pytest.raises(TournamentError, match="add --engine game"):
        run_tournament(TournamentConfig(agents=("heuristic",), games=2),
                       record_dir=str(tmp_path / "rec"))
    # the engine is part of a games file's identity: a resume with the other one is refused
    path = str(tmp_path / "g.jsonl")
    run_tournament(TournamentConfig(agents=("heuristic", "random"), games=3), games_file=path)
    with pytest.raises(TournamentError):
        run_tournament(TournamentConfig(agents=("heuristic", "random"), games=4, engine="game"),
                       games_file=path, resume=True)


def test_cli_engine_flag(tmp_path, capsys):
    out = tmp_path / "t.json"
    assert tournament.main(["--agents", "heuristic", "random", "--games", "6", "--engine",
                            "batched", "--out", str(out), "--plot", "none", "--quiet", "--workers",
                            "1"]) == 0
    import json
    summary = json.loads(out.read_text())
    assert summary["config"]["engine"] == "batched"
    # --record needs every decision: on the command line "auto" picks the game engine then
    assert tournament.main(["--agents", "heuristic", "random", "--games", "2", "--out",
                            str(tmp_path / "r.json"), "--plot", "none", "--quiet", "--workers", "1",
                            "--record", str(tmp_path / "rec")]) == 0
    assert json.loads((tmp_path / "r.json").read_text())["config"]["engine"] == "game"
    assert len(list((tmp_path / "rec").iterdir())) == 2
