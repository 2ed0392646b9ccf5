"""Game records (heroes_env.record): recorded by the AEC wrapper, the tournament and the batched
env, written as .json / .jsonl / a directory, re-simulated exactly, and a record that no longer
replays names the decision where it diverged."""
import json

import numpy as np
import pytest

import heroes_env
from heroes_env import Config, Game
from heroes_env.engine import constants as C
from heroes_env.record import (
    FORMAT,
    GameRecord,
    GameRecorder,
    RecordDivergedError,
    RecordError,
    RecordingEnv,
    VectorRecorder,
    from_actions,
    load_record,
    load_records,
    save_record,
)
from heroes_env.vector import VectorEnv


def random_games(env, seeds, rng_seed=0):
    rng = np.random.default_rng(rng_seed)
    finals = []
    for seed in seeds:
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            obs, r, term, trunc, info = env.last()
            a = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
            env.step(a)
        g = env.unwrapped.game
        hp = g.s[C.P_HP:C.P_HP + g.num_players].tolist()
        finals.append((g.result, g.round, g.rewards().tolist(), hp))
    return finals


def test_aec_wrapper_records_every_game_and_replays_it_exactly(tmp_path):
    path = tmp_path / "games.jsonl"
    e = RecordingEnv(heroes_env.env(num_players=5, pack="standard"), str(path),
                     meta={"who": "test"})
    finals = random_games(e, [11, 12, 13])
    recs = load_records(str(path))
    assert len(recs) == 3 == len(e.records)
    for rec, (result, rounds, rewards, hp) in zip(recs, finals, strict=True):
        d = rec.to_dict()
        assert d["format"] == FORMAT and d["version"] == heroes_env.__version__
        assert d["config"]["pack"] == "standard" and rec.meta == {"who": "test"}
        assert all(isinstance(x[2], str) and x[2] for x in rec.decisions)
        g = rec.replay()
        assert g.done and g.result == result and g.round == rounds == rec.rounds
        assert g.rewards().tolist() == rewards == rec.rewards
        assert g.s[C.P_HP:C.P_HP + g.num_players].tolist() == hp


def test_record_file_forms_round_trip(tmp_path):
    e = RecordingEnv(heroes_env.env(num_players=4), None)
    random_games(e, [5, 6])
    a, b = e.records
    save_record(a, str(tmp_path / "one.json"))
    assert load_record(str(tmp_path / "one.json")).to_dict() == a.to_dict()
    for r in (a, b):
        save_record(r, str(tmp_path / "many.jsonl"))
    loaded = load_records(str(tmp_path / "many.jsonl"))
    assert [r.to_dict() for r in loaded] == [a.to_dict(), b.to_dict()]
    assert load_record(str(tmp_path / "many.jsonl"), 1).to_dict() == b.to_dict()
    with pytest.raises(RecordError, match="holds 2 record"):
        load_record(str(tmp_path / "many.jsonl"), 2)
    # a fixed hero line-up survives JSON (tuple -> list -> tuple)
    cfg = Config(num_players=4, pack="standard",
                 hero_selection=["caocao", "liubei", "sunquan", "lvbu"])
    rec = GameRecorder(cfg, seed=1).record
    assert GameRecord.from_dict(json.loads(rec.to_json())).config == cfg


def test_a_game_stopped_early_is_kept_without_a_result(tmp_path):
    e = RecordingEnv(heroes_env.env(num_players=4), str(tmp_path / "g.jsonl"))
    e.reset(seed=3)
    for _ in range(5):
        obs = e.observe(e.agent_selection)
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    e.close()
    (rec,) = load_records(str(tmp_path / "g.jsonl"))
    assert rec.result is None and len(rec.decisions) == 5
    g = rec.replay()
    assert not g.done


def _recorded(seed=7, n=5):
    e = RecordingEnv(heroes_env.env(num_players=n, pack="standard"), None)
    random_games(e, [seed])
    return e.records[0]


def _legal_at(rec, k):
    """The legal actions of decision k (by replaying the first k decisions)."""
    g = rec.new_game()
    for _seat, a, _ in rec.decisions[:k]:
        g.step(a)
    return g.legal_actions()


def test_a_changed_action_names_the_decision_where_it_diverges():
    rec = _recorded()
    k = next(i for i in range(len(rec.decisions)) if len(_legal_at(rec, i)) > 1 and i > 3)
    seat, a, label = rec.decisions[k]
    other = next(x for x in _legal_at(rec, k) if x != a)
    rec.decisions[k] = [seat, other, label]
    with pytest.raises(RecordDivergedError, match=rf"decision {k} \(round \d+\).*player_{seat}.*"
                                                  rf"{label}.*now means"):
        rec.replay()


def test_other_divergences_are_named():
    rec = _recorded()
    seat, a, label = rec.decisions[2]
    bad = GameRecord.from_dict(rec.to_dict())
    bad.decisions[2] = [(seat + 1) % 5, a, label]
    with pytest.raises(RecordDivergedError, match=rf"decision 2 .*player_{seat} decides"):
        bad.replay()
    bad = GameRecord.from_dict(rec.to_dict())
    bad.decisions[2] = [seat, a, "Slash ♠A"] if label != "Slash ♠A" else [seat, a, "pass"]
    with pytest.raises(RecordDivergedError, match="decision 2 .*now means"):
        bad.replay()
    bad = GameRecord.from_dict(rec.to_dict())
    illegal = next(x for x in range(C.NUM_ACTIONS) if x not in _legal_at(rec, 2))
    bad.decisions[2] = [seat, illegal, label]
    with pytest.raises(RecordDivergedError, match="decision 2 .*not legal.*legal: "):
        bad.replay()
    bad = GameRecord.from_dict(rec.to_dict())
    bad.decisions.append([0, 0, "pass"])
    with pytest.raises(RecordDivergedError,
                       match=f"decision {len(rec.decisions)} .*the game is over"):
        bad.replay()
    bad = GameRecord.from_dict(rec.to_dict())
    bad.result = "draw" if rec.result != "draw" else "rebels win"
    with pytest.raises(RecordDivergedError, match="at the end"):
        bad.replay()
    bad = GameRecord.from_dict(rec.to_dict())
    bad.engine_seed += 1            # another deal: the first decisions no longer fit
    with pytest.raises(RecordDivergedError, match="decision "):
        bad.replay()


@pytest.mark.parametrize("text, message", [
    ("not json", "is not JSON"),
    ('{"format": "other"}', "is not a game record"),
    ('{"format": "heroes_env.record/1"}', r"lacks \['config', 'engine_seed', 'decisions'\]"),
    ('{"format": "heroes_env.record/1", "config": {}, "engine_seed": 1, "decisions": [[1, 2]]}',
     r"decision 0 must be \[seat, action, label\]"),
    ('{"format": "heroes_env.record/1", "config": {"players": 5}, "engine_seed": 1, '
     '"decisions": []}',
     "is not a Config"),
])
def test_malformed_records_are_named(tmp_path, text, message):
    p = tmp_path / "r.json"
    p.write_text(text)
    with pytest.raises(RecordError, match=message):
        load_records(str(p))


def test_recorder_refuses_illegal_actions_and_records_nothing():
    rec = GameRecorder(Config(num_players=4), seed=2)
    bad = next(a for a in range(C.NUM_ACTIONS) if a not in rec.game.legal_actions())
    with pytest.raises(heroes_env.IllegalActionError):
        rec.step(bad)
    assert rec.record.decisions == []


@pytest.mark.slow
def test_tournament_records_every_game(tmp_path):
    from heroes_env.agents import tournament
    d = tmp_path / "rec"
    cfg = tournament.TournamentConfig(agents=("heuristic", "random"), games=3, pack="standard",
                                      seed=4, engine="game")
    summary = tournament.run_tournament(cfg, workers=1, record_dir=str(d))
    recs = load_records(str(d))
    assert len(recs) == 3 and sorted(p.name for p in d.iterdir()) == [
        "game_000000.json", "game_000001.json", "game_000002.json"]
    for i, rec in enumerate(recs):
        assert rec.meta["game"] == i and len(rec.meta["seats"]) == 5
        g = rec.replay()
        assert g.done
    assert sum(len(r.decisions) for r in recs) == round(summary["mean_decisions"] * 3)
    # the command line option
    assert tournament.main(["--agents", "random", "--games", "2", "--players", "4", "--out",
                            str(tmp_path / "t.json"), "--quiet", "--plot", "none", "--workers", "2",
                            "--record", str(tmp_path / "cli")]) == 0
    assert len(load_records(str(tmp_path / "cli"))) == 2


def test_vector_recorder_records_the_batched_games(tmp_path):
    venv = VectorEnv(8, num_players=5)
    rec = VectorRecorder(venv, str(tmp_path / "vec.jsonl"), rows=[1, 6], max_games=3)
    r = rec.reset(seed=21)
    ended = 0
    while not rec.done:
        r = rec.step(venv.random_actions())
        ended += int((r.terminated | r.truncated)[[1, 6]].sum())
    recs = load_records(str(tmp_path / "vec.jsonl"))
    assert len(recs) == 3 and ended >= 3
    for x in recs:
        assert x.meta["row"] in (1, 6)
        # the same game as the AEC env with that seed plays
        g = Game.new(Config(num_players=5), seed=x.seed)
        for seat, a, label in x.decisions:
            assert g.decider == seat and g.action_to_str(a) == label
            g.step(a)
        assert g.done and x.replay().result == g.result
    with pytest.raises(ValueError, match="rows must be game indices 0..7"):
        VectorRecorder(venv, None, rows=[8])


def test_from_actions_builds_labels_and_result():
    g = Game.new(Config(num_players=4), seed=9)
    acts = []
    rng = np.random.default_rng(1)
    while not g.done:
        a = int(rng.choice(g.legal_actions()))
        acts.append(a)
        g.step(a)
    rec = from_actions(Config(num_players=4), 9, acts)
    assert rec.result == heroes_env.labels.RESULT_NAMES["en"][g.result]
    assert [d[1] for d in rec.decisions] == acts
    with pytest.raises(RecordError, match="the game is over after"):
        from_actions(Config(num_players=4), 9, acts + [0])
