"""Files and command lines: the record readers take regular files of a bounded size only (a FIFO
or a device named like a record is refused, not waited on or read without end); the fine-tuning
exporter survives records whose fields have other types; what a file says is printed with its
control characters escaped; the console scripts turn bad options and paths into one ``error:``
line and exit status 2; the text view refuses a vector that is no observation."""
import json
import os
import resource
import subprocess
import sys

import numpy as np
import pytest

from heroes_env import Config
from heroes_env.agents import llm_data
from heroes_env.agents.random_agent import RandomAgent
from heroes_env.agents.tournament import main as tournament_main
from heroes_env.engine import constants as C
from heroes_env.play import main as play_main
from heroes_env.record import MAX_FILE_BYTES, GameRecorder, RecordError, load_records
from heroes_env.replay import main as replay_main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _child(args, cap=3 << 30, limit=120):
    """A console script in a child process under a time limit and an address-space cap."""
    def limits():
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    env = {**os.environ, "PYTHONPATH": ROOT + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True,
                          timeout=limit, env=env, preexec_fn=limits, stdin=subprocess.DEVNULL)


def _record(seed=1):
    rec = GameRecorder(Config(num_players=4, pack="standard", max_rounds=1), seed=seed)
    agent, g = RandomAgent(seed=seed), rec.game
    while not g.done:
        obs, mask = g.observe_with_mask(g.decider)
        rec.step(agent.act(obs, mask))
    return rec.record.to_dict()


# ---------------------------------------------------------------- regular files, bounded
@pytest.mark.parametrize("tool", [["heroes_env.replay"], ["heroes_env.agents.llm_data"]])
@pytest.mark.slow
def test_a_fifo_or_a_device_is_refused_at_once(tool, tmp_path):
    fifo = tmp_path / "x.json"
    os.mkfifo(fifo)
    for path in (str(fifo), "/dev/zero"):
        extra = [str(tmp_path / "out.jsonl")] if tool[0].endswith("llm_data") else []
        p = _child(tool + [path] + extra, limit=60)
        assert p.returncode == 2, p.stderr[-2000:]
        assert "not a regular file" in p.stderr and "Traceback" not in p.stderr
        assert len(p.stderr.strip().splitlines()) == 1


def test_a_record_file_over_the_cap_is_refused_unread(tmp_path):
    big = tmp_path / "big.json"
    with open(big, "wb") as f:                 # sparse: no disk space used
        f.truncate(MAX_FILE_BYTES + 1)
    with pytest.raises(RecordError, match=rf"over the limit of {MAX_FILE_BYTES}"):
        load_records(str(big))
    folder = tmp_path / "recs"
    (folder / "sub.json").mkdir(parents=True)  # a folder named like a record is not read
    (folder / "a.json").write_text(json.dumps(_record()))
    assert len(load_records(str(folder))) == 1


# ---------------------------------------------------------------- llm_data on odd records
def _write_records(tmp_path, edit, name="r.json"):
    d = _record()
    d["transcripts"] = [{"decision": k, "seat": d["decisions"][k][0], "prompt": "p",
                         "replies": ["1"], "fallback": False} for k in range(len(d["decisions"]))]
    edit(d)
    path = tmp_path / name
    path.write_text(json.dumps(d))
    return str(path)


@pytest.mark.parametrize("case", ["replies_dict", "replies_int", "replies_empty", "prompt_list",
                                  "string_rewards", "list_agents"])
def test_llm_data_takes_fields_of_other_types(tmp_path, case):
    edits = {
        "replies_dict": lambda d: [t.update(replies={"a": 1}) for t in d["transcripts"]],
        "replies_int": lambda d: [t.update(replies=7) for t in d["transcripts"]],
        "replies_empty": lambda d: [t.update(replies={}) for t in d["transcripts"]],
        "prompt_list": lambda d: [t.update(prompt=[1]) for t in d["transcripts"]],
        "string_rewards": lambda d: d.update(rewards=[str(r) for r in d["rewards"]]),
        "list_agents": lambda d: d.update(meta={"agents": {"0": ["a"], "1": {"b": 2}}}),
    }
    path = _write_records(tmp_path, edits[case])
    out = tmp_path / "out.jsonl"
    for flags in (["--transcripts"], ["--winners"], ["--agent", "human", "random"]):
        assert llm_data.main([path, str(out), *flags]) == 0, (case, flags)
        for row in map(json.loads, out.read_text(encoding="utf-8").splitlines()):
            assert all(isinstance(m["content"], str) for m in row["messages"])


def test_llm_data_unwritable_output_is_one_error_line(tmp_path, capsys):
    path = _write_records(tmp_path, lambda d: None)
    assert llm_data.main([path, str(tmp_path / "no" / "such" / "dir" / "o.jsonl")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1


# ---------------------------------------------------------------- printed from a file
def test_control_characters_from_a_record_are_escaped(tmp_path, capsys):
    def edit(d):
        d["version"] = "\x1b[2J\x1b]0;owned\x07"
        seat, action, label = d["decisions"][3]
        d["decisions"][3] = [seat, action, label + " (edited)"]
    path = _write_records(tmp_path, edit)
    assert replay_main([path]) == 2
    err = capsys.readouterr().err
    assert "diverged" in err and "\x1b" not in err and "\x07" not in err
    assert "\\x1b[2J" in err and len(err.strip().splitlines()) == 1


# ---------------------------------------------------------------- console scripts
PLAY = ["--pack", "none", "--players", "5", "--seat", "0"]


def _one_error(capsys, *words):
    err = capsys.readouterr().err
    assert "Traceback" not in err and "error:" in err.splitlines()[-1]
    for w in words:
        assert w in err, (w, err)


def test_play_bad_seed_record_path_and_opponent(tmp_path, capsys):
    with pytest.raises(SystemExit) as ei:
        play_main(PLAY + ["--seed", "-1"])
    assert ei.value.code == 2
    _one_error(capsys, "--seed", "expected an int >= 0")
    (tmp_path / "file").write_text("x")
    with pytest.raises(SystemExit) as ei:
        play_main(PLAY + ["--seed", "1", "--record", str(tmp_path / "file" / "g.json")])
    assert ei.value.code == 2
    _one_error(capsys, "--record", "cannot write the record there")
    with pytest.raises(SystemExit) as ei:
        play_main(PLAY + ["--seed", "1", "--opponents", "os:system"])
    assert ei.value.code == 2
    _one_error(capsys, "'os:system'", "cannot be called")


def test_tournament_bad_out_and_junk_to_resume(tmp_path, capsys):
    base = ["--agents", "random", "random", "--games", "2", "--quiet", "--plot", "none"]
    for out in (str(tmp_path / "no" / "t.json"), str(tmp_path)):
        with pytest.raises(SystemExit) as ei:
            tournament_main(base + ["--out", out])
        assert ei.value.code == 2
        _one_error(capsys, "--out")
    out = str(tmp_path / "t.json")
    assert tournament_main(base + ["--out", out]) == 0
    games = tmp_path / "t.games.jsonl"
    lines = games.read_text().splitlines()
    for junk in ["7", "[1, 2]", '{"header": 3}', '{"game": 0}', '{"game": "x", "seats": 1}',
                 json.dumps({**json.loads(lines[1]), "rewards": ["a", "b", "c", "d", "e"]}),
                 json.dumps({**json.loads(lines[1]), "seats": ["evil"] * 5}),
                 "[" * 100_000]:
        games.write_text("\n".join(lines[:1] + [junk] + lines[1:]) + "\n")
        capsys.readouterr()
        code = None
        try:
            code = tournament_main(base + ["--out", out, "--resume"])
        except SystemExit as e:
            code = e.code
            _one_error(capsys, "cannot resume", "line 2")
        # a line that is not JSON (torn, or nested past the parser) is dropped, as before
        assert code == (0 if junk.startswith("[[") else 2), junk


@pytest.mark.slow
def test_tournament_too_many_games_for_memory_is_one_error_line(tmp_path):
    p = _child(["heroes_env.agents.tournament", "--agents", "random", "random", "--games",
                "100000000", "--quiet", "--plot", "none", "--out", str(tmp_path / "t.json")],
               cap=int(2.5 * (1 << 30)))
    assert p.returncode == 2, p.stderr[-2000:]
    assert "not enough memory" in p.stderr and "Traceback" not in p.stderr
    assert not (tmp_path / "t.games.jsonl").exists()


# ---------------------------------------------------------------- the text view
def test_the_text_view_refuses_a_vector_that_is_no_observation():
    from heroes_env import text as obs_text
    zero = np.zeros(C.OBS_SIZE, np.float32)
    for f in (obs_text.choices, obs_text.describe):
        with pytest.raises(ValueError, match=r"not an observation of a game: .*0 players"):
            f(zero, np.ones(C.NUM_ACTIONS, np.int8))
