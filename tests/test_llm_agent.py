"""LLMAgent against a local chat-completions server with scripted replies (no model needed):
good numbers, labels, explanations with a final answer, malformed replies, unreadable bodies,
500s, 429s, slow replies past the timeout; full games in every pack and mode, tournaments with
two LLM seats whose records hold the transcripts, the replay page showing them, the fine-tuning
JSONL. ``HEROES_ENV_LLM_URL`` (and ``HEROES_ENV_LLM_MODEL``) set: one real game against that
model.
"""
import http.server
import json
import os
import re
import threading
import time

import numpy as np
import pytest

from heroes_env import Config, Game
from heroes_env.agents import AgentSpecError, ChatSettings, LLMAgent, LLMError, make_agent
from heroes_env.agents.llm import parse_reply, system_prompt, user_prompt
from heroes_env.agents.tournament import TournamentConfig, format_table, play_game, run_tournament
from heroes_env.engine import constants as C
from heroes_env.record import GameRecorder, load_records

PACKS = ("none", "standard", "herokill", "classmates")
MODES = (("identity", 5), ("3v3", 6))
CHOICE_LINE = re.compile(r"^(\d+)\. (.*)$", re.MULTILINE)


def _choices_of(messages):
    """The numbered choices of the last decision message in a conversation."""
    for m in reversed(messages):
        if m["role"] == "user" and ("\nChoices:\n" in m["content"]
                                    or "\n可选动作：\n" in m["content"]):
            tail = m["content"].rsplit("\n\n", 1)[-1]
            return CHOICE_LINE.findall(tail)
    raise AssertionError("no decision message in the conversation")


class Script:
    """What the server does, request by request: a cycle of behaviours (names below)."""

    def __init__(self, behaviours, seed=0, delay=0.3):
        self.behaviours = list(behaviours)
        self.rng = np.random.default_rng(seed)
        self.delay = delay
        self.n = 0
        self.bodies = []
        self.headers = []
        self.lock = threading.Lock()

    def next(self):
        with self.lock:
            b = self.behaviours[self.n % len(self.behaviours)]
            self.n += 1
            return b


class _Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *a):
        pass

    def _send(self, code, body: bytes, ctype="application/json"):
        try:
            self.send_response(code)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def do_POST(self):
        script: Script = self.server.script
        data = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        with script.lock:
            script.bodies.append(data)
            script.headers.append(dict(self.headers))
        if self.path != "/v1/chat/completions":
            return self._send(404, b'{"error": "not found"}')
        b = script.next()
        ch = _choices_of(data["messages"])
        k = int(script.rng.integers(len(ch)))
        if b == "500":
            return self._send(500, b'{"error": "internal"}')
        if b == "429":
            return self._send(429, b'{"error": "slow down"}')
        if b == "bad_json":
            return self._send(200, b"<html>not json</html>", "text/html")
        if b == "slow":
            time.sleep(script.delay)
            text = ch[k][0]
        else:
            text = {"number": ch[k][0], "label": ch[k][1].upper(),
                    "explain": f"Let me think.\nThe best is this one.\nAnswer: **{ch[k][0]}**",
                    "think": f"<think>maybe {len(ch) + 5}?</think>\n{ch[k][0]}",
                    "numbered": f"{ch[k][0]}. {ch[k][1]}",
                    "malformed": "I would rather not say.",
                    "out_of_range": str(len(ch) + 1),
                    "empty": ""}[b]
        body = {"id": "x", "object": "chat.completion", "model": data["model"],
                "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                             "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 100, "completion_tokens": 2, "total_tokens": 102}}
        self._send(200, json.dumps(body).encode())


@pytest.fixture
def server():
    """start(behaviours) -> (base_url, script): a chat-completions server on 127.0.0.1."""
    started = []

    def start(behaviours, **kw):
        srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        srv.daemon_threads = True
        srv.script = Script(behaviours, **kw)
        threading.Thread(target=srv.serve_forever, args=(0.02,), daemon=True).start()
        started.append(srv)
        return f"http://127.0.0.1:{srv.server_address[1]}/v1", srv.script

    yield start
    for srv in started:
        srv.shutdown()
        srv.server_close()


def _agent(url, **kw):
    kw.setdefault("backoff", 0.0)
    kw.setdefault("timeout", 5.0)
    return LLMAgent("test-model", base_url=url, **kw)


def _decision(config=None, seed=1, at=40):
    """(obs, mask) of a decision with several legal actions, `at` random steps into a game."""
    g = Game.new(config or Config(num_players=5), seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(at):
        g.step(int(rng.choice(g.legal_actions())))
    while len(g.legal_actions()) < 2:
        g.step(int(rng.choice(g.legal_actions())))
    return g.observe_with_mask(g.decider)


# ---------------------------------------------------------------- reply parsing
def test_parse_reply_is_strict():
    labels = ["end your play phase", "Slash ♠8 (in your hand)", "target seat+1 (Cao Cao)"]
    ok = {"2": 1, " 2 ": 1, "2.": 1, "**3**": 2, "Answer: 1": 0, "答案：2": 1, "#3": 2,
          "slash ♠8 (in your hand)": 1, "1. end your play phase": 0,
          "I think slashing is best.\nFinal answer: 2": 1, "<think>1 or 3</think>\n3": 2}
    for reply, want in ok.items():
        assert parse_reply(reply, labels) == want, reply
    bad = ["", "0", "4", "2 or 3", "slash", "2. end your play phase", "I pick 2 because 3",
           "Answer: 2\nno wait", None, "1\n2\nthree"]
    for reply in bad:
        assert parse_reply(reply, labels) is None, reply


# ---------------------------------------------------------------- one decision
def test_prompt_holds_the_view_and_numbered_choices(server):
    url, script = server(["number"])
    obs, mask = _decision()
    a = _agent(url, temperature=0.3, max_tokens=8)
    action = a.act(obs, mask)
    assert mask[action]
    body = script.bodies[0]
    assert body["model"] == "test-model" and body["temperature"] == 0.3 and body["max_tokens"] == 8
    system, user = body["messages"]
    assert system["role"] == "system" and "Your goal:" in system["content"]
    msg, ch, _ = user_prompt(obs, mask)
    assert user == {"role": "user", "content": msg}
    assert [int(x) for x, _ in _choices_of(body["messages"])] == list(range(1, len(ch) + 1))
    t = a.take_transcript()
    assert t["prompt"] == msg and t["system"] == system["content"] and t["action"] == action
    assert ch[t["choice"] - 1][0] == action and not t["fallback"]
    assert a.take_transcript() is None                      # handed over once
    a.act(obs, mask)
    assert "system" not in a.take_transcript()              # the system prompt once a game
    s = a.stats.as_dict()
    assert s["requests"] == 2 and s["replies"] == 2 and s["prompt_tokens"] == 200
    assert s["completion_tokens"] == 4 and s["latency_s"] > 0 and s["fallbacks"] == 0


def test_api_key_from_the_environment(server, monkeypatch):
    url, script = server(["number"])
    obs, mask = _decision()
    monkeypatch.setenv("MY_KEY_VAR", "sk-test")
    _agent(url, api_key_env="MY_KEY_VAR").act(obs, mask)
    monkeypatch.delenv("MY_KEY_VAR")
    _agent(url, api_key_env="MY_KEY_VAR").act(obs, mask)
    assert script.headers[0].get("Authorization") == "Bearer sk-test"
    assert "Authorization" not in script.headers[1]


def test_bad_reply_is_asked_again_then_falls_back(server):
    url, script = server(["malformed", "number"])
    obs, mask = _decision()
    a = _agent(url)
    action = a.act(obs, mask)
    t = a.take_transcript()
    assert mask[action] and not t["fallback"] and len(t["replies"]) == 2
    reask = script.bodies[1]["messages"]
    assert reask[-2] == {"role": "assistant", "content": "I would rather not say."}
    assert "is not one of the choices" in reask[-1]["content"]
    assert a.stats.bad_replies == 1 and a.stats.replies == 1

    url, script = server(["out_of_range", "empty"])
    a = _agent(url, reasks=1)
    action = a.act(obs, mask)
    t = a.take_transcript()
    assert mask[action] and t["fallback"] and t["replies"] == [t["replies"][0], ""]
    assert a.stats.fallbacks == 1 and a.stats.bad_replies == 2 and script.n == 2


def test_transport_errors_retry_with_backoff_then_fall_back(server):
    url, script = server(["500", "429", "bad_json", "number"])
    obs, mask = _decision()
    a = _agent(url, retries=3, backoff=0.01)
    t0 = time.perf_counter()
    action = a.act(obs, mask)
    assert time.perf_counter() - t0 >= 0.01 + 0.02 + 0.04
    t = a.take_transcript()
    assert mask[action] and not t["fallback"] and a.stats.errors == 3 and a.stats.retries == 3

    url, script = server(["slow"], delay=0.5)
    a = _agent(url, timeout=0.1, retries=1)
    action = a.act(obs, mask)
    t = a.take_transcript()
    assert mask[action] and t["fallback"] and "timed out" in t["error"].lower()
    assert a.stats.errors == 2 and a.stats.fallbacks == 1

    url, script = server(["number"])
    a = _agent(url.replace("/v1", "/nowhere"), retries=2)       # a 404 is not retried
    a.act(obs, mask)
    assert script.n == 0 and a.stats.requests == 1 and "404" in a.take_transcript()["error"]


def test_unreachable_model_stops_after_max_failures():
    obs, mask = _decision()
    a = LLMAgent("m", base_url="http://127.0.0.1:9/v1", retries=0, timeout=1.0, max_failures=3)
    a.act(obs, mask)
    a.act(obs, mask)
    with pytest.raises(LLMError, match="3 decisions in a row reached no model"):
        a.act(obs, mask)


def test_memory_keeps_earlier_exchanges_within_the_budget(server):
    url, script = server(["number"])
    obs, mask = _decision()
    a = _agent(url, memory_tokens=100_000)
    for _ in range(3):
        a.act(obs, mask)
    assert [len(b["messages"]) for b in script.bodies] == [2, 4, 6]
    small = _agent(url, memory_tokens=len(user_prompt(obs, mask)[0]) // 2)   # room for one
    for _ in range(3):
        small.act(obs, mask)
    assert [len(b["messages"]) for b in script.bodies[3:]] == [2, 4, 4]
    small.reset()
    small.act(obs, mask)
    assert len(script.bodies[-1]["messages"]) == 2                          # a new game


def test_spec_and_settings_errors(server):
    url, _ = server(["number"])
    a = make_agent(f"llm:qwen2.5:7b@{url}", temperature=0.5)
    assert isinstance(a, LLMAgent) and a.model == "qwen2.5:7b" and a.chat.base_url == url
    assert a.chat.temperature == 0.5 and a.name == "llm:qwen2.5:7b"
    for bad, what in (("llm:", "llm:MODEL@BASE_URL"), ("llm:m@ftp://x", "http://"),
                      ("llm:m@localhost:8000", "http://")):
        with pytest.raises(AgentSpecError, match=what):
            make_agent(bad)
    with pytest.raises(AgentSpecError, match="lang must be one of"):
        make_agent(f"llm:m@{url}", lang="fr")
    with pytest.raises(AgentSpecError, match="retries must be an int"):
        make_agent(f"llm:m@{url}", retries=-1)
    with pytest.raises(AgentSpecError, match="max_tokens must be None or an int"):
        make_agent(f"llm:m@{url}", max_tokens=0)
    with pytest.raises(AgentSpecError, match="timeout must be a number"):
        make_agent(f"llm:m@{url}", timeout=0)
    with pytest.raises(AgentSpecError, match="fallback|unknown agent"):
        make_agent(f"llm:m@{url}", fallback="nonsense")
    with pytest.raises(AgentSpecError, match=r"unknown chat setting\(s\) \['temprature'\].*"
                                              r"'temperature'"):
        make_agent(f"llm:m@{url}", temprature=0.5)


def test_chat_settings_are_shared_and_changed_by_keywords(server):
    url, _ = server(["number"])
    chat = ChatSettings(base_url=url, retries=5, extra_body={"top_p": 0.9})
    a = LLMAgent("m", chat, temperature=0.3)
    b = LLMAgent("m", chat)
    assert a.chat.retries == b.chat.retries == 5 and a.chat.base_url == url
    assert a.chat.temperature == 0.3 and b.chat.temperature == chat.temperature == 0.0
    assert a.chat.url == url.rstrip("/") + "/chat/completions"
    with pytest.raises(ValueError, match="chat must be a ChatSettings"):
        LLMAgent("m", {"retries": 1})
    with pytest.raises(ValueError, match="base_url must start with http"):
        ChatSettings(base_url="localhost:8000")


# ---------------------------------------------------------------- whole games
BEHAVIOURS = ["number", "label", "explain", "think", "numbered", "malformed", "500",
              "bad_json", "slow", "number", "429", "out_of_range", "empty"]


@pytest.mark.parametrize("pack", PACKS)
@pytest.mark.parametrize("mode,n", MODES)
def test_full_games_through_every_fault(server, pack, mode, n):
    url, _ = server(BEHAVIOURS, seed=n, delay=0.15)
    config = Config(num_players=n, mode=mode, pack=pack, max_rounds=2)
    agents = [_agent(url, timeout=0.05, retries=1, lang="zh" if s % 2 else "en")
              for s in range(n)]
    transcripts = []
    rec = play_game(config, agents, seed=7, decisions=[], transcripts=transcripts)
    assert rec["result"] != "none"
    s = [a.stats for a in agents]
    assert sum(x.replies for x in s) > 0 and sum(x.bad_replies for x in s) > 0
    assert sum(x.fallbacks for x in s) > 0 and sum(x.errors for x in s) > 0
    assert all(x.decisions == x.forced + x.replies + x.fallbacks for x in s)
    assert len(transcripts) == sum(x.decisions - x.forced for x in s)


@pytest.mark.parametrize("pack", PACKS)
@pytest.mark.parametrize("mode,n", MODES)
def test_tournament_with_two_llm_seats_records_transcripts(server, tmp_path, pack, mode, n):
    url, _ = server(["number", "explain", "malformed", "label"], seed=1)
    specs = (f"llm:model-a@{url}", f"llm:model-b@{url}", "heuristic")
    cfg = TournamentConfig(agents=specs, games=2, players=n, mode=mode, pack=pack, max_rounds=2,
                           seating="rotate", seed=3)
    assert cfg.engine == "game"
    out = run_tournament(cfg, workers=1, record_dir=str(tmp_path), progress=False)
    assert out["games"] == 2
    usage = {a: st.get("usage") for a, st in out["agents"].items()}
    assert usage["heuristic"] is None
    for spec in specs[:2]:
        u = usage[spec]
        assert u["replies"] > 0 and u["bad_replies"] > 0
        assert u["prompt_tokens"] == 100 * u["requests"]
        assert u["decisions"] == u["forced"] + u["replies"] + u["fallbacks"]
    assert f"{specs[0]} usage: decisions" in format_table(out)
    records = load_records(str(tmp_path))
    assert len(records) == 2
    models = set()
    for r in records:
        assert r.transcripts, "no transcripts in the record"
        llm_seats = {s for s, lab in enumerate(r.meta["seats"]) if lab.startswith("llm:")}
        for t in r.transcripts:
            seat, action, _ = r.decisions[t["decision"]]
            assert t["seat"] == seat in llm_seats and t["action"] == action
            assert t["prompt"] and (t["replies"] or t["fallback"])
            models.add(t["model"])
        r.replay()                                       # the record still replays
    assert models == {"model-a", "model-b"}


def test_play_session_records_transcripts_and_replay_shows_them(server, tmp_path):
    import io

    from heroes_env.play import Console, Session
    from heroes_env.replay import page_data, write_html
    url, _ = server(["number"])
    path = tmp_path / "game.json"
    config = Config(num_players=4, pack="standard", max_rounds=2)
    s = Session(config, seat=0, opponents=[f"llm:m@{url}", "heuristic"], seed=5,
                record=str(path), console=Console(io.StringIO("1\n" * 400), io.StringIO()))
    s.run()
    rec = load_records(str(path))[0]
    assert rec.transcripts and {t["seat"] for t in rec.transcripts} <= {1, 3}
    data = page_data(rec)
    shown = data["transcripts"]
    assert set(shown) == {str(t["decision"]) for t in rec.transcripts}
    k = rec.transcripts[0]["decision"]
    assert shown[str(k)]["prompt"] == rec.transcripts[0]["prompt"]
    page = tmp_path / "game.html"
    write_html(rec, str(page))
    html = page.read_text(encoding="utf-8")
    assert "transcript" in html and "Choices:" in html


def _recorded_game(url, others, seed):
    """A 4-player game recorded with GameRecorder: the model in seat 0, `others` elsewhere."""
    config = Config(num_players=4, pack="standard", max_rounds=1)
    seats = [make_agent(f"llm:m@{url}")] + [make_agent(others) for _ in range(3)]
    rec = GameRecorder(config, seed=seed)
    g = rec.game
    while not g.done:
        obs, mask = g.observe_with_mask(g.decider)
        a = seats[g.decider]
        rec.step(a.act(obs, mask), a.take_transcript())
    return rec.record


def test_the_replay_page_shows_transcripts_to_the_right_views(server, tmp_path):
    """In a real browser: the all-seeing view and the model's own seat show the prompt and the
    reply beside the decision; another seat's view of the same moment does not."""
    from test_replay import _chromium, _dump

    from heroes_env.replay import build_frames, write_html
    browser = _chromium()
    if browser is None:
        pytest.skip("needs headless Chromium")
    url, _ = server(["number"])
    r = _recorded_game(url, "heuristic", seed=4)
    frames = build_frames(r)["frames"]
    # a model decision that seat 1 may see happen (a card used, a target...)
    shown = {f["k"] for f in frames["1"]}
    t = next(t for t in r.transcripts if t["decision"] in shown)
    k = t["decision"]
    page = tmp_path / "page.html"
    write_html(r, str(page))
    for view, want in (("all", True), ("0", True), ("1", False)):
        step = [f["k"] for f in frames[view]].index(k)
        dom = _dump(browser, f"file://{page}#step={step}&view={view}&lang=en", tmp_path)
        assert 'id="errors"></div>' in dom
        assert ('class="transcript"' in dom) == want, view
        if want:
            assert "Choices:" in dom and "transcript · m" in dom


def test_record_transcripts_round_trip_and_are_checked(server):
    from heroes_env.record import GameRecord, RecordError
    url, _ = server(["number"])
    r = _recorded_game(url, "random", seed=2)
    assert r.transcripts and all(r.decisions[t["decision"]][0] == 0 for t in r.transcripts)
    d = json.loads(r.to_json())
    assert GameRecord.from_dict(d).transcripts == r.transcripts
    d["transcripts"][0]["decision"] = len(r.decisions)
    with pytest.raises(RecordError, match="a transcript must be an object naming its decision"):
        GameRecord.from_dict(d)
    d["transcripts"] = "text"
    with pytest.raises(RecordError, match="transcripts must be a list"):
        GameRecord.from_dict(d)
    del d["transcripts"]
    assert GameRecord.from_dict(d).transcripts == []


def test_finetuning_jsonl_from_records(server, tmp_path):
    from heroes_env.agents import llm_data
    url, _ = server(["number"])
    cfg = TournamentConfig(agents=(f"llm:m@{url}", "heuristic"), games=2, players=4,
                           pack="standard", max_rounds=2, seed=1)
    run_tournament(cfg, workers=1, record_dir=str(tmp_path / "recs"), progress=False)
    out = tmp_path / "sft.jsonl"
    assert llm_data.main([str(tmp_path / "recs"), str(out), "--agent", "heuristic"]) == 0
    rows = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert rows
    records = load_records(str(tmp_path / "recs"))
    for row in rows[:40]:
        system, user, answer = row["messages"]
        assert system["role"] == "system" and user["role"] == "user"
        assert answer["role"] == "assistant"
        rec = records[row["game"]]
        seat, action, _ = rec.decisions[row["decision"]]
        assert rec.meta["seats"][seat] == "heuristic" and row["action"] == action
        ch = _choices_of([user])
        assert ch[int(answer["content"]) - 1][0] == answer["content"]
        assert row["label"] == ch[int(answer["content"]) - 1][1]
    # the LLM's own decisions, as it answered them
    out2 = tmp_path / "llm.jsonl"
    assert llm_data.main([str(tmp_path / "recs"), str(out2), "--transcripts"]) == 0
    rows2 = [json.loads(x) for x in out2.read_text(encoding="utf-8").splitlines()]
    assert rows2 and all(r["messages"][-1]["role"] == "assistant" for r in rows2)
    assert llm_data.main([str(tmp_path / "nothing"), str(out2)]) == 2


# ---------------------------------------------------------------- a real model, opt in
@pytest.mark.skipif(not os.environ.get("HEROES_ENV_LLM_URL"),
                    reason="set HEROES_ENV_LLM_URL (and HEROES_ENV_LLM_MODEL) to play a real model")
def test_one_game_against_a_real_model():
    model = os.environ.get("HEROES_ENV_LLM_MODEL", "default")
    agent = make_agent(f"llm:{model}@{os.environ['HEROES_ENV_LLM_URL']}", timeout=120.0)
    config = Config(num_players=4, pack="standard", max_rounds=3)
    seats = [agent] + [make_agent("heuristic") for _ in range(3)]
    rec = play_game(config, seats, seed=0, decisions=[], transcripts=[])
    assert rec["result"] != "none"
    assert agent.stats.replies > 0, agent.stats.as_dict()
    print(agent.stats.as_dict())


def test_system_prompt_in_both_languages():
    for role in range(C.NUM_ROLES):
        for lang in ("en", "zh"):
            p = system_prompt(role, lang)
            assert p and "?" not in p.split("\n")[-2]
