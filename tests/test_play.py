"""python -m heroes_env.play driven by scripted input: whole games to the end screen, bad input
(the same question again, nothing changes), labels, quitting, the end of the input, the seat's
view only, colours only on a terminal, and the record it writes."""
import io
import re
import subprocess
import sys

import pytest

from heroes_env import Config, labels
from heroes_env.play import Console, Session, main
from heroes_env.record import load_record

ANSI = re.compile(r"\x1b\[[0-9;]*m")
PROMPT = re.compile(r"your choice \[1-(\d+)\]: ")


def run(lines, argv=(), **kw):
    out = io.StringIO()
    code = main(list(argv), stdin=io.StringIO("".join(x + "\n" for x in lines)), stdout=out, **kw)
    return code, out.getvalue()


BASE = ["--pack", "none", "--players", "5", "--seed", "4", "--seat", "2",
        "--opponents", "heuristic"]


def test_a_whole_game_to_the_end_screen(tmp_path):
    path = tmp_path / "g.json"
    code, text = run(["1"] * 3000, BASE + ["--record", str(path)])
    assert code == 0
    assert "you are player_2" in text and "result: " in text
    assert "-- every seat --" in text and "your reward: " in text
    for seat in range(5):
        assert re.search(rf"  player_{seat}.*: (lord|loyalist|rebel|renegade)", text)
    assert "1. pass" in text or " 1. " in text
    assert not ANSI.search(text)                 # not a terminal: plain text
    rec = load_record(str(path))
    g = rec.replay()
    assert g.done and rec.result == labels.RESULT_NAMES["en"][g.result]
    assert rec.meta["human_seat"] == 2
    assert f"record written to {path}" in text
    assert f"your reward: {g.rewards()[2]:+.0f}" in text


def test_heroes_and_labels_in_chinese(tmp_path):
    # the standard pack: the draft is the first decision; answers by label where they exist
    answers = ["2"] + ["放弃", "1", "pass", "闪"] * 800
    code, text = run(answers, ["--pack", "standard", "--seed", "8", "--seat", "1", "--lang", "zh",
                               "--record", str(tmp_path / "z.json")])
    assert code == 0
    assert "你是 1号位" in text and "选择武将" in text and "结果：" in text and "你的收益" in text
    rec = load_record(str(tmp_path / "z.json"))
    assert rec.replay().done


def test_bad_input_asks_the_same_question_and_changes_nothing(tmp_path):
    good = ["1"] * 3000
    bad = ["xyz", "0", "999", "h", "l", "t", ""] + good
    code, text = run(bad, BASE + ["--record", str(tmp_path / "bad.json")])
    assert code == 0
    assert "not a legal choice: 'xyz'" in text and "not a legal choice: '0'" in text
    assert "not a legal choice: '999'" in text and "not a legal choice: ''" not in text
    assert "Answer with the number of a legal action" in text and "-- recent log --" in text
    prompts = PROMPT.findall(text)
    assert len(set(prompts[:8])) == 1           # the same question eight times
    run(good, BASE + ["--record", str(tmp_path / "good.json")])
    assert (load_record(str(tmp_path / "bad.json")).decisions
            == load_record(str(tmp_path / "good.json")).decisions)


def test_quit_and_end_of_input_stop_with_status_zero(tmp_path):
    code, text = run(["q"], BASE + ["--record", str(tmp_path / "q.json")])
    assert code == 0 and "you quit" in text and "result:" not in text
    rec = load_record(str(tmp_path / "q.json"))
    assert rec.result is None and not rec.replay().done
    code, text = run(["1", "1"], BASE)
    assert code == 0 and "end of input: the game stops here" in text


def test_the_seat_sees_only_its_own_draws():
    code, text = run(["1"] * 3000, BASE)
    others = [s for s in range(5) if s != 2]
    assert re.search(r"player_2 draws \w", text) and "player_2 draws a card" not in text
    for s in others:
        assert not re.search(rf"player_{s} draws (?!a card)", text), f"player_{s}'s draw shown"
    assert any(f"player_{s} draws a card" in text for s in others)
    code, text = run(["1"] * 3000, BASE + ["--reveal"])
    assert any(re.search(rf"player_{s} draws (?!a card)", text) for s in others)


def test_colours_only_on_a_terminal():
    cfg = Config(num_players=4)
    out = io.StringIO()
    Session(cfg, 0, ["random"], seed=1, console=Console(io.StringIO("q\n"), out, color=True)).run()
    assert ANSI.search(out.getvalue())
    out = io.StringIO()
    Session(cfg, 0, ["random"], seed=1, console=Console(io.StringIO("q\n"), out)).run()
    assert not ANSI.search(out.getvalue())


@pytest.mark.parametrize("argv, message", [
    (["--seat", "7", "--players", "5"], "--seat must be 0 to 4"),
    (["--seat", "x"], "--seat must be a number"),
    (["--opponents", "nobody"], "unknown agent 'nobody'"),
    (["--players", "3"], "--players: expected an int from 4 to 10, got '3'"),
])
def test_bad_options_are_named(argv, message, capsys):
    with pytest.raises(SystemExit):
        main(argv, stdin=io.StringIO(""), stdout=io.StringIO())
    assert message in capsys.readouterr().err


@pytest.mark.slow
def test_piped_input_from_the_command_line(tmp_path):
    p = subprocess.run([sys.executable, "-m", "heroes_env.play", *BASE], input="1\n" * 3000,
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    assert "your reward" in p.stdout and not ANSI.search(p.stdout)
    p = subprocess.run([sys.executable, "-m", "heroes_env.play", *BASE], input="",
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0 and "end of input" in p.stdout


def test_help_names_the_trained_agents_by_spec(capsys):
    """--help names the zoo's agents by their specs, not by a path in a checkout."""
    from heroes_env.agents.trained import shipped_checkpoints
    from heroes_env.play import main
    with pytest.raises(SystemExit):
        main(["--help"])
    text = " ".join(capsys.readouterr().out.split())
    for name in shipped_checkpoints():
        assert f"trained:{name}" in text
    assert "checkpoints/" not in text and ".pt" not in text
