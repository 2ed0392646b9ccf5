"""Every input path a person types into: terminal play never crashes on what it reads and writes
its record however it stops; every numeric option of the console scripts has a ranged type; the
replay command turns any malformed record into one ``error:`` line and exit 2; the replay page
embeds its data so that no string of a record can break out of it; the demo counts its rounds."""
import io
import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from heroes_env import Config
from heroes_env.play import Console, Session
from heroes_env.play import main as play_main
from heroes_env.record import load_record

BASE = ["--pack", "none", "--players", "5", "--seed", "4", "--seat", "2",
        "--opponents", "heuristic"]


def play(lines, argv=(), stdin=None):
    out = io.StringIO()
    code = play_main(list(argv), stdin=stdin or io.StringIO("".join(x + "\n" for x in lines)),
                     stdout=out)
    return code, out.getvalue()


@pytest.mark.parametrize("line", ["²", "٣", "１", "9" * 5000, "\x00\x1b[2J\x07", "1e3", "-1",
                                  "0", " ", "\u202e1", "🂡", "slash ♠" * 300])
def test_terminal_play_survives_any_line(line, tmp_path):
    path = tmp_path / "g.json"
    code, text = play([line, "q"], BASE + ["--record", str(path)])
    assert code == 0 and "your choice" in text and "Traceback" not in text
    assert load_record(str(path)).decisions is not None


@settings(max_examples=50, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(text=st.text(max_size=40))
def test_ask_answers_a_legal_action_or_asks_again(text):
    s = Session(Config(num_players=5), 0, ["random"], seed=3,
                console=Console(io.StringIO(text + "\nq\n"), io.StringIO()))
    while s.g.decider != 0:
        s.agent_step()
    legal = s.g.legal_actions()
    a = s.ask(legal)
    assert a is None or a in legal


class _Interrupt(io.StringIO):
    def readline(self, *a):
        raise KeyboardInterrupt


class _Boom(Exception):
    pass


@pytest.mark.parametrize("how", ["end", "quit", "eof", "ctrl-c", "error"])
def test_the_record_is_written_however_play_stops(how, tmp_path, monkeypatch):
    path = tmp_path / "g.json"
    argv = BASE + ["--record", str(path)]
    if how == "end":
        code, text = play(["1"] * 3000, argv)
    elif how == "quit":
        code, text = play(["1", "q"], argv)
    elif how == "eof":
        code, text = play(["1"], argv)
    elif how == "ctrl-c":
        code, text = play([], argv, stdin=_Interrupt())
    else:
        def boom(self):
            raise _Boom("an agent failed")
        monkeypatch.setattr(Session, "agent_step", boom)
        with pytest.raises(_Boom):
            play(["1"] * 10, argv)
        code = 0
    assert code == 0
    rec = load_record(str(path))
    assert rec.meta["human_seat"] == 2
    rec.replay()
    if how == "end":
        assert rec.result is not None


@pytest.mark.parametrize("module, argv, words", [
    ("play", ["--web", "70000"], "expected an int from 0 to 65535, got '70000'"),
    ("play", ["--max-rounds", "1e20"], "expected an int from 1 to 10000, got '1e20'"),
    ("play", ["--max-rounds", "0"], "expected an int from 1 to 10000"),
    ("play", ["--players", "11"], "expected an int from 4 to 10"),
    ("play", ["--seed", "9" * 5000], "expected an int >= 0, got"),
    ("demo", ["--players", "²"], "expected an int from 4 to 10"),
    ("demo", ["--max-rounds", "-1"], "expected an int from 1 to 10000"),
    ("replay", ["x.json", "--seat", "12"], "expected an int from 0 to 9"),
    ("replay", ["x.json", "--game", "1.5"], "expected an int, got '1.5'"),
    ("tournament", ["--agents", "random", "--games", "0"], "expected an int from 1 to"),
    ("tournament", ["--agents", "random", "--workers", "-2"], "expected an int from 1 to 1024"),
    ("tournament", ["--agents", "random", "--max-rounds", "1e20"], "expected an int from 1"),
])
def test_numeric_options_are_ranged(module, argv, words, capsys):
    import importlib
    mod = importlib.import_module({"play": "heroes_env.play", "demo": "heroes_env.demo",
                                   "replay": "heroes_env.replay",
                                   "tournament": "heroes_env.agents.tournament"}[module])
    with pytest.raises(SystemExit) as e:
        mod.main(argv)
    assert e.value.code == 2
    assert words in capsys.readouterr().err


def _record(**kw):
    rec = {"format": "heroes_env.record/1", "version": "0", "seed": 1, "engine_seed": 5,
           "config": {"num_players": 4, "max_rounds": 2}, "decisions": [], "result": None}
    rec.update(kw)
    return json.dumps(rec).encode()


@pytest.mark.parametrize("body", [
    _record(config={"num_players": 3}), _record(engine_seed="abc"), _record(engine_seed=[1]),
    _record(engine_seed=1e30), _record(engine_seed=1.9), _record(engine_seed=True),
    _record(engine_seed=1 << 40), _record(decisions=5), _record(decisions=[[0, True, "x"]]),
    _record(config=[1]), _record(meta=[1]), _record(seed="x"), b"[" * 100000,
    b"\xff\xfe\x00not utf-8", b"", b"{", _record(format="other"),
    _record(decisions=[[0, 99999, "x"]]),
])
def test_the_replay_command_turns_every_malformed_record_into_one_error_line(body, tmp_path,
                                                                             capsys):
    from heroes_env.replay import main
    path = tmp_path / "r.json"
    path.write_bytes(body)
    assert main([str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1, err


@pytest.mark.parametrize("text", ["<!--<script>", "</script><script>alert(1)</script>",
                                  "a\u2028b\u2029c", "]]>&amp;<b>"])
def test_no_string_of_a_record_breaks_out_of_the_replay_page(text, tmp_path):
    from heroes_env.record import GameRecorder
    from heroes_env.replay import embed_json, page_data, render_page
    g = GameRecorder(Config(num_players=4, max_rounds=1), seed=1, meta={"note": text})
    while not g.game.done:
        g.step(g.game.legal_actions()[0])
    data = page_data(g.record)
    data["title"] = {"en": text, "zh": text}
    blob = embed_json(data)
    assert not re.search("[<>&\u2028\u2029]", blob)
    assert json.loads(blob) == json.loads(json.dumps(data))
    page = render_page(data)
    template = render_page({**data, "meta": {}, "title": {"en": "t", "zh": "t"}})
    assert page.count("<script") == template.count("<script")
    assert page.count("<!--") == template.count("<!--")


def test_the_demo_counts_the_rounds_it_played(capsys):
    from heroes_env.demo import main
    main(["--pack", "none", "--max-rounds", "1", "--seed", "1", "--quiet-decisions"])
    out = capsys.readouterr().out
    assert "result: truncated after 1 rounds" in out, out[-300:]
