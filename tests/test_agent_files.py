"""Agent ``.json`` files loaded without trust (the default, and the command lines without
``--trust-pickles``): they may name only the agents the package ships and files under their own
folder, in ``"agent"`` and in the keywords that are agent specs; nothing in them imports a
module; they cannot choose which environment variable holds a language model's key, nor send a
key to a server the user did not name; the language-model client follows no redirect."""
import http.server
import json
import os
import sys
import threading

import pytest

from heroes_env.agents import AgentSpecError, LLMAgent, make_agent
from heroes_env.agents.base import trust_kwargs
from heroes_env.play import main as play_main

EVIL = """
import os
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "ran"), "w").write("x")
def make(seed=None, **kwargs):
    from heroes_env.agents.heuristic import HeuristicAgent
    return HeuristicAgent(seed=seed)
"""


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A folder holding a module and a torch hub file that leave a mark when imported, on the
    import path (as the current folder is for ``python -m``)."""
    (tmp_path / "evil_mod.py").write_text(EVIL)
    (tmp_path / "hubconf.py").write_text(EVIL.replace("def make", "def m"))
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    sys.modules.pop("evil_mod", None)
    sys.modules.pop("hubconf", None)


def _write(path, data):
    path.write_text(json.dumps(data))
    return str(path)


def _variants(folder):
    """Agent files that ran code from the folder when they were loaded."""
    out = {
        "agent": {"agent": "evil_mod:make"},
        "prior_agent": {"agent": "trained:none5", "kwargs": {"prior_agent": "evil_mod:make"}},
        "fallback": {"agent": "llm:m@http://127.0.0.1:9/v1",
                     "kwargs": {"fallback": "evil_mod:make"}},
        "torch.hub": {"agent": "torch.hub:load",
                      "kwargs": {"repo_or_dir": str(folder), "model": "m", "source": "local",
                                 "trust_repo": True}},
    }
    _write(folder / "inner.json", {"agent": "evil_mod:make"})
    out["nested"] = {"agent": "inner.json"}
    return out


@pytest.mark.parametrize("kind", ["agent", "prior_agent", "fallback", "torch.hub", "nested"])
def test_an_untrusted_agent_file_imports_nothing(folder, kind):
    path = _write(folder / "a.json", _variants(folder)[kind])
    with pytest.raises(AgentSpecError) as ei:
        make_agent(path)
    msg = str(ei.value)
    assert "loaded without trust" in msg and "'heuristic'" in msg and "trained:..." in msg
    assert "--trust-pickles" in msg
    assert not (folder / "ran").exists() and "evil_mod" not in sys.modules
    assert "hubconf" not in sys.modules


def test_the_command_lines_refuse_it_before_anything_runs(folder, capsys):
    path = _write(folder / "a.json", {"agent": "evil_mod:make"})
    with pytest.raises(SystemExit) as ei:
        play_main(["--opponents", path, "--seed", "1"])
    assert ei.value.code == 2 and "loaded without trust" in capsys.readouterr().err
    from heroes_env.agents.tournament import main as tournament_main
    with pytest.raises(SystemExit) as ei:
        tournament_main(["--agents", path, "random", "--games", "2", "--out", ""])
    assert ei.value.code == 2
    assert not (folder / "ran").exists() and "evil_mod" not in sys.modules


def test_a_trusted_agent_file_is_the_callers_own(folder):
    """--trust-pickles (trust=True) takes the file as the user's: its import path runs."""
    path = _write(folder / "a.json", {"agent": "evil_mod:make"})
    assert trust_kwargs(path, True) == {"trust": True} and trust_kwargs(path, False) == {}
    make_agent(path, **trust_kwargs(path, True))
    assert (folder / "ran").exists()


def test_files_outside_the_folder_are_refused(tmp_path, monkeypatch):
    inner = tmp_path / "inner"
    inner.mkdir()
    other = _write(tmp_path / "other.json", {"agent": "heuristic"})
    for i, spec in enumerate(["../other.json", other]):
        path = _write(inner / f"a{i}.json", {"agent": spec})
        with pytest.raises(AgentSpecError, match=r"names the file .*outside its own folder"):
            make_agent(path)
    os.symlink(other, inner / "link.json")            # a link out of the folder
    path = _write(inner / "b.json", {"agent": "link.json"})
    with pytest.raises(AgentSpecError, match=r"outside its own folder"):
        make_agent(path)
    path = _write(inner / "c.json", {"agent": "heuristic.pt"})
    with pytest.raises(AgentSpecError, match=r"'heuristic.pt', which is no file under its own"):
        make_agent(path)
    path = _write(inner / "d.json", {"agent": "heuristic", "kwargs": {"trust": True}})
    with pytest.raises(AgentSpecError, match=r"cannot grant itself trust"):
        make_agent(path)
    path = _write(inner / "e.json", {"agent": "heuristic", "kwargs": {"bogus": 1}})
    with pytest.raises(AgentSpecError, match=r"kwargs \['bogus'\] do not fit agent 'heuristic'"):
        make_agent(path)
    big = inner / "f.json"
    big.write_text(json.dumps({"agent": "heuristic", "kwargs": {"name": "x" * (1 << 20)}}))
    with pytest.raises(AgentSpecError, match=r"over 1048576 bytes"):
        make_agent(str(big))


def test_what_an_untrusted_file_may_name(tmp_path, monkeypatch):
    """Shipped agents, and files under its folder: a relative name is taken from the file's
    own folder, wherever the program runs."""
    sub = tmp_path / "agents"
    sub.mkdir()
    _write(sub / "inner.json", {"agent": "heuristic", "kwargs": {"name": "inner"}})
    path = _write(sub / "outer.json", {"agent": "inner.json"})
    monkeypatch.chdir(tmp_path)
    assert make_agent(path).name == "inner"
    assert make_agent(_write(sub / "r.json", {"agent": "random"})).name == "random"
    a = make_agent(_write(sub / "l.json", {"agent": "llm:m@http://127.0.0.1:9/v1",
                                           "kwargs": {"fallback": "heuristic"}}))
    assert isinstance(a, LLMAgent) and a.fallback_spec == "heuristic"


# ---------------------------------------------------------------- language-model keys
class _Recorder(http.server.BaseHTTPRequestHandler):
    """Records every request; answers a chat completion "1", or redirects (server.redirect)."""

    def log_message(self, *a):
        pass

    def _any(self):
        n = int(self.headers.get("Content-Length") or 0)
        if n:
            self.rfile.read(n)
        self.server.seen.append((self.command, self.path, dict(self.headers)))
        if self.server.redirect:
            code, where = self.server.redirect
            self.send_response(code)
            self.send_header("Location", where)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        body = json.dumps({"choices": [{"message": {"role": "assistant",
                                                    "content": "1"}}]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = _any


@pytest.fixture
def recorder():
    started = []

    def start(redirect=None):
        srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Recorder)
        srv.daemon_threads = True
        srv.seen, srv.redirect = [], redirect
        threading.Thread(target=srv.serve_forever, args=(0.02,), daemon=True).start()
        started.append(srv)
        return f"http://127.0.0.1:{srv.server_address[1]}/v1", srv

    yield start
    for srv in started:
        srv.shutdown()
        srv.server_close()


def _decision():
    from test_llm_agent import _decision as d
    return d()


def test_an_untrusted_file_cannot_pick_the_key_variable(recorder, tmp_path, monkeypatch):
    url, srv = recorder()
    monkeypatch.setenv("ANY_VAR", "sk-any")
    path = _write(tmp_path / "a.json", {"agent": f"llm:m@{url}",
                                        "kwargs": {"api_key_env": "ANY_VAR"}})
    with pytest.raises(AgentSpecError, match="cannot choose api_key_env"):
        make_agent(path)
    assert srv.seen == []


@pytest.mark.parametrize("how", ["spec", "base_url"])
def test_an_untrusted_file_sends_no_key_to_its_own_server(recorder, tmp_path, monkeypatch, how):
    url, srv = recorder()
    monkeypatch.setenv("OPENAI_API_KEY", "sk-secret")
    monkeypatch.delenv("HEROES_ENV_LLM_URL", raising=False)
    data = ({"agent": f"llm:m@{url}"} if how == "spec"
            else {"agent": "llm:m", "kwargs": {"base_url": url}})
    path = _write(tmp_path / "a.json", data)
    obs, mask = _decision()
    with pytest.warns(UserWarning, match="no API key is sent"):
        agent = make_agent(path)
    assert mask[agent.act(obs, mask)]
    assert len(srv.seen) == 1 and "Authorization" not in srv.seen[0][2]
    # the server the user named ($HEROES_ENV_LLM_URL) gets it, and so does a trusted file
    monkeypatch.setenv("HEROES_ENV_LLM_URL", url)
    make_agent(path).act(obs, mask)
    monkeypatch.delenv("HEROES_ENV_LLM_URL")
    make_agent(path, trust=True).act(obs, mask)
    assert [h.get("Authorization") for _, _, h in srv.seen[1:]] == ["Bearer sk-secret"] * 2


@pytest.mark.parametrize("code", [301, 302, 303, 307, 308])
def test_the_client_follows_no_redirect(recorder, monkeypatch, code):
    """A redirect to another server is a failed request, reported; the key goes nowhere else."""
    other, far = recorder()
    url, srv = recorder(redirect=(code, other + "/chat/completions"))
    monkeypatch.setenv("MY_KEY", "sk-secret")
    obs, mask = _decision()
    a = LLMAgent("m", base_url=url, api_key_env="MY_KEY", retries=2, backoff=0.0)
    assert mask[a.act(obs, mask)]
    t = a.take_transcript()
    assert far.seen == [] and len(srv.seen) == 1
    assert srv.seen[0][2].get("Authorization") == "Bearer sk-secret"
    assert t["fallback"] and f"HTTP {code}" in t["error"] and "redirect" in t["error"]
    assert other in t["error"] and a.stats.errors == 1 and a.stats.fallbacks == 1
