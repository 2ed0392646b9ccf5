"""Tournaments: deterministic across worker counts, resumable, documented JSON, clear errors."""
import json

import pytest
from helpers import game_lines, strip_run

from heroes_env.agents import tournament
from heroes_env.agents.ratings import EloRatings, wilson
from heroes_env.agents.tournament import TournamentConfig, TournamentError, run_tournament


def test_same_seed_same_results_whatever_the_workers(tmp_path):
    cfg = TournamentConfig(agents=("heuristic", "random"), games=24, players=5, pack="standard",
                           seed=7)
    one = run_tournament(cfg, workers=1, games_file=str(tmp_path / "a.jsonl"))
    two = run_tournament(cfg, workers=2, games_file=str(tmp_path / "b.jsonl"))
    assert strip_run(one) == strip_run(two)
    assert game_lines(tmp_path / "a.jsonl") == game_lines(tmp_path / "b.jsonl")
    other = run_tournament(TournamentConfig(agents=("heuristic", "random"), games=24, players=5,
                                            pack="standard", seed=8), workers=1)
    assert strip_run(other) != strip_run(one)


def test_resume_after_interruption(tmp_path):
    cfg = TournamentConfig(agents=("heuristic", "random"), games=20, players=6, seed=3)
    full = run_tournament(cfg, workers=1, games_file=str(tmp_path / "full.jsonl"))
    # an interrupted run: some games written, the last line torn mid-write
    path = tmp_path / "cut.jsonl"
    lines = (tmp_path / "full.jsonl").read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:9]) + lines[9][:25])
    with pytest.raises(TournamentError, match="--resume"):
        run_tournament(cfg, workers=1, games_file=str(path))
    resumed = run_tournament(cfg, workers=2, games_file=str(path), resume=True)
    assert resumed["run"]["played_now"] == 12           # 8 were kept, the torn one replayed
    assert strip_run(resumed) == strip_run(full)
    assert game_lines(path) == game_lines(tmp_path / "full.jsonl")
    # more games: only the new ones are played
    more = TournamentConfig(agents=("heuristic", "random"), games=26, players=6, seed=3)
    grown = run_tournament(more, workers=1, games_file=str(path), resume=True)
    assert grown["run"]["played_now"] == 6 and grown["games"] == 26
    # another tournament's file is refused
    with pytest.raises(TournamentError, match=r"another tournament \(players: file 6 vs now 5"):
        run_tournament(TournamentConfig(agents=("heuristic", "random"), games=20, players=5,
                                        seed=3), games_file=str(path), resume=True)


def test_cli_json_fields_and_plot(tmp_path, capsys):
    out = tmp_path / "res.json"
    code = tournament.main(["--agents", "heuristic", "random", "--games", "12", "--players", "5",
                            "--pack", "none", "--seed", "0", "--workers", "1", "--out", str(out),
                            "--quiet"])
    assert code == 0
    printed = capsys.readouterr().out
    assert "heuristic" in printed and "renegade" in printed and "Wilson" in printed
    s = json.loads(out.read_text())
    assert set(s) >= {"format", "config", "games", "results", "rating_system", "agents",
                      "mean_rounds", "mean_decisions", "run"}
    assert s["games"] == 12 and sum(s["results"].values()) == 12
    assert s["config"]["agents"] == ["heuristic", "random"] and s["config"]["seating"] == "rotate"
    for label in ("heuristic", "random"):
        a = s["agents"][label]
        assert set(a) >= {"spec", "seat_games", "wins", "win_rate", "ci95", "rating", "roles",
                          "heroes"}
        assert set(a["roles"]) == {"lord", "loyalist", "rebel", "renegade"}
        for r in a["roles"].values():
            assert set(r) == {"games", "wins", "win_rate", "ci95"}
    assert s["agents"]["heuristic"]["seat_games"] + s["agents"]["random"]["seat_games"] == 60
    assert (tmp_path / "res.games.jsonl").exists()
    try:
        import matplotlib  # noqa: F401
        has_plot = True
    except ImportError:          # the plot is optional (extra "tournament")
        has_plot = False
    assert (tmp_path / "res.png").exists() == has_plot


def test_rotation_gives_every_agent_every_seat_and_role():
    cfg = TournamentConfig(agents=("heuristic", "random", "heuristic"), games=60, players=5)
    assert cfg.labels == ("heuristic", "random", "heuristic#2")
    s = run_tournament(cfg, workers=1, rating="elo")
    assert s["rating_system"].startswith("elo")
    for a in s["agents"].values():
        assert all(r["games"] > 0 for r in a["roles"].values())
        assert a["roles"]["lord"]["games"] == 20
    seats = [tournament.seating(cfg, i) for i in range(3)]
    assert [x[0] for x in seats] == [0, 1, 2]


@pytest.mark.parametrize("argv,message", [
    (["--agents", "heurstic", "random"], "unknown agent 'heurstic'"),
    (["--agents", "heuristic", "random", "--seating", "fixed"],
     "--seating fixed needs one agent per seat: 5 agents for 5 players, got 2"),
    (["--agents"] + ["random"] * 6, "5 players seat at most 5 agents, got 6"),
    (["--agents", "random", "--players", "11"], "--players: expected an int from 4 to 10"),
    (["--agents", "random", "--pack", "sp"], "pack must be one of"),
    (["--agents", "random", "--seating", "snake"], "seating must be one of"),
    (["--agents", "random", "--games", "0"], "--games: expected an int from 1 to"),
    (["--agents", "random", "--workers", "0"], "--workers: expected an int from 1 to 1024"),
    (["--agents", "random", "--rating", "glicko"], "--rating must be auto, openskill or elo"),
])
def test_bad_input_is_named(argv, message, tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        tournament.main(argv + ["--out", str(tmp_path / "x.json"), "--quiet"])
    assert e.value.code == 2
    assert message in capsys.readouterr().err


def test_wilson_and_elo():
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(5, 10)
    assert abs(lo - 0.2366) < 1e-3 and abs(hi - 0.7634) < 1e-3
    lo, hi = wilson(0, 50)
    assert abs(lo) < 1e-12 and 0.06 < hi < 0.08
    elo = EloRatings(["a", "b"])
    elo.rate([["a", "a"], ["b", "b"], ["b"]], [1, 2, 2])
    t = elo.table()
    assert t["a"]["elo"] > 1500 > t["b"]["elo"]
