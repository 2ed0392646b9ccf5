"""The Ray backend of the tournaments: the same games as the local run, resumable, agent files
shipped to the workers. Needs the "ray" extra (skipped without it); one local Ray instance of
2 CPUs for the module, shut down at the end."""
import json
import os

import pytest

ray = pytest.importorskip("ray")

from helpers import game_lines, strip_run  # noqa: E402

from heroes_env.agents import tournament  # noqa: E402
from heroes_env.agents.tournament import TournamentConfig, TournamentError, run_tournament  # noqa: E402

# a Ray cluster started and stopped per test: the full run's
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def ray_instance():
    started = tournament.ray_init(None, 2)
    yield
    if started:
        ray.shutdown()




def test_workers_import_the_package_from_the_folder_that_holds_it():
    """ray_init puts this folder on the workers' PYTHONPATH: heroes_env must be in it."""
    import heroes_env
    from heroes_env.agents.tournament.ray_backend import _package_root
    root = _package_root()
    assert os.path.samefile(os.path.join(root, "heroes_env", "__init__.py"), heroes_env.__file__)


def agent_file(tmp_path, name="heur.json"):
    path = tmp_path / name
    path.write_text(json.dumps({"agent": "heuristic"}))
    return str(path)


def test_ray_gives_the_local_games_and_resumes(ray_instance, tmp_path):
    cfg = TournamentConfig(agents=("random", agent_file(tmp_path)), games=30, players=5,
                           pack="standard", seed=11)
    local = run_tournament(cfg, workers=1, games_file=str(tmp_path / "local.jsonl"))
    remote = run_tournament(cfg, workers=2, games_file=str(tmp_path / "ray.jsonl"), backend="ray")
    assert remote["run"]["backend"] == "ray" and remote["run"]["played_now"] == 30
    assert strip_run(remote) == strip_run(local)
    assert game_lines(tmp_path / "ray.jsonl") == game_lines(tmp_path / "local.jsonl")
    # an interrupted Ray run resumed on Ray: only the missing games are played
    cut = tmp_path / "cut.jsonl"
    lines = (tmp_path / "ray.jsonl").read_text().splitlines(keepends=True)
    cut.write_text("".join(lines[:12]) + lines[12][:30])
    resumed = run_tournament(cfg, workers=2, games_file=str(cut), resume=True, backend="ray")
    assert resumed["run"]["played_now"] == 19
    assert strip_run(resumed) == strip_run(local)
    assert game_lines(cut) == game_lines(tmp_path / "local.jsonl")


def test_ray_records_are_the_local_records(ray_instance, tmp_path):
    """--record under Ray: the tasks send the decisions back and this process writes the files,
    the same files as a local run writes; the games file holds no decisions."""
    cfg = TournamentConfig(agents=("heuristic", "random"), games=6, players=5, pack="standard",
                           seed=3, engine="game")
    run_tournament(cfg, workers=1, record_dir=str(tmp_path / "local"))
    run_tournament(cfg, workers=2, games_file=str(tmp_path / "ray.jsonl"), backend="ray",
                   record_dir=str(tmp_path / "ray"))
    names = sorted(p.name for p in (tmp_path / "local").iterdir())
    assert len(names) == 6 and names == sorted(p.name for p in (tmp_path / "ray").iterdir())
    for name in names:
        assert (tmp_path / "ray" / name).read_text() == (tmp_path / "local" / name).read_text()
    assert all(tournament.DECISIONS_KEY not in r for r in game_lines(tmp_path / "ray.jsonl")[1])


def test_agent_files_travel_with_the_tasks(tmp_path):
    """A worker rebuilds a file agent from the shipped bytes: the original file may be gone."""
    inner = tmp_path / "inner.json"
    inner.write_text(json.dumps({"agent": "heuristic"}))
    outer = tmp_path / "outer.json"                     # a json agent naming another file
    outer.write_text(json.dumps({"agent": str(inner), "kwargs": {}}))
    cfg = TournamentConfig(agents=(str(outer), "random"), games=6, players=5, seed=2)
    want = tournament.play_chunk(cfg, list(range(6)))
    shipped = tournament.ship_agents(cfg)
    assert set(shipped) == {str(outer)}
    assert set(shipped[str(outer)]) == {"outer.json", "inner_inner.json"}
    os.remove(outer)
    os.remove(inner)
    local = tournament.unship_agents(cfg, shipped, str(tmp_path / "worker"))
    assert local.labels == cfg.labels and os.path.isfile(local.agents[0])
    assert tournament.play_chunk(cfg, list(range(6)), shipped) == want
    assert [r["seats"][0] for r in want[:2]] == ["outer.json", "random"]


def test_cli_ray_backend(ray_instance, tmp_path, capsys):
    out = tmp_path / "r.json"
    assert tournament.main(["--agents", "heuristic", "random", "--games", "8", "--seed", "1",
                            "--backend", "ray", "--out", str(out), "--quiet", "--plot",
                            "none"]) == 0
    s = json.loads(out.read_text())
    assert s["games"] == 8 and s["run"]["backend"] == "ray"
    assert "heuristic" in capsys.readouterr().out


@pytest.mark.parametrize("kwargs,message", [
    ({"backend": "dask"}, "backend must be one of ['local', 'ray'], got 'dask'"),
    ({"address": "auto"}, "an address ('auto') is for --backend ray only"),
])
def test_bad_backend_is_named(kwargs, message):
    cfg = TournamentConfig(agents=("random",), games=2)
    with pytest.raises(TournamentError, match=message.replace("[", r"\[").replace("(", r"\(")
                       .replace(")", r"\)")):
        run_tournament(cfg, **kwargs)
