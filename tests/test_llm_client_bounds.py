"""The language-model client is bounded in time, memory and errors. A local server answers each
request with one hostile answer (JSON nested too deep, a status line or headers that are not
HTTP, broken chunked bodies, a body without end, one byte at a time, replies that are huge or
slow to parse); an ``LLMAgent`` in a child process, under a time limit and an address-space cap,
meets every one of them. Each must end as a failed request or a bad reply (counted, and the
fallback decides), within the request's timeout, without a traceback out of ``act``."""
import json
import os
import socket
import socketserver
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

from heroes_env.agents import ChatSettings
from heroes_env.agents.llm import REPLY_CHARS, LLMAgent

# child processes under time and memory limits: the full run's
pytestmark = pytest.mark.slow

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TIMEOUT = 1.0            # the agent's timeout per request (seconds)
MAX_BODY = 1 << 20       # the agent's body cap in the child (bytes)
MEMORY_CAP = 1 << 30     # the child's address space (bytes)


def completion(text: str) -> bytes:
    return json.dumps({"choices": [{"message": {"role": "assistant", "content": text}}]}).encode()


def http_200(body: bytes, extra: bytes = b"") -> bytes:
    return (b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
            + str(len(body)).encode() + b"\r\n" + extra + b"\r\n" + body)


def _forever(sock, piece: bytes, head: bytes = b"", pause: float = 0.0):
    """Send head, then piece again and again until the client goes."""
    try:
        sock.sendall(head)
        while True:
            sock.sendall(piece)
            if pause:
                time.sleep(pause)
    except OSError:
        pass


def _drip(sock, data: bytes, pause: float = 0.25):
    try:
        for i in range(len(data)):
            sock.sendall(data[i:i + 1])
            time.sleep(pause)
    except OSError:
        pass


CHUNKED = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"

# behaviour -> what the server does with the connection; the kind of outcome the agent must reach
BEHAVIOURS = {
    "ok": (lambda s: s.sendall(http_200(completion("1"))), "answer"),
    "deep_json": (lambda s: s.sendall(http_200(b"[" * 200_000)), "failure"),
    "deep_content": (lambda s: s.sendall(http_200(
        b'{"choices": [{"message": {"content": ' + b"[" * 100_000)), "failure"),
    "bad_status": (lambda s: s.sendall(b"HTTP/1.1 two hundred OK\r\n\r\n"), "failure"),
    "not_http": (lambda s: s.sendall(b"\x00\x01\x02 hello\r\n\r\n"), "failure"),
    "long_status": (lambda s: s.sendall(b"HTTP/1.1 200 " + b"K" * 100_000 + b"\r\n\r\n"),
                    "failure"),
    "long_header": (lambda s: s.sendall(b"HTTP/1.1 200 OK\r\nX-Long: " + b"a" * 70_000
                                        + b"\r\n\r\n"), "failure"),
    "many_headers": (lambda s: s.sendall(b"HTTP/1.1 200 OK\r\n" + b"".join(
        b"X-%d: v\r\n" % i for i in range(150)) + b"\r\n"), "failure"),
    "short_chunked": (lambda s: s.sendall(CHUNKED + b"100\r\n" + b"x" * 10), "failure"),
    "bad_chunked": (lambda s: s.sendall(CHUNKED + b"zz\r\nhello\r\n0\r\n\r\n"), "failure"),
    "bad_chunk_end": (lambda s: s.sendall(CHUNKED + b"5\r\nhelloXX3\r\nabc\r\n0\r\n\r\n"),
                      "failure"),
    "huge_chunk": (lambda s: _forever(s, b"y" * 65536, CHUNKED + b"f" * 15 + b"\r\n"),
                   "failure"),
    "endless_chunks": (lambda s: _forever(s, b"10000\r\n" + b"z" * 65536 + b"\r\n", CHUNKED),
                       "failure"),
    "endless_body": (lambda s: _forever(s, b"[" * 65536, b"HTTP/1.1 200 OK\r\n\r\n"),
                     "failure"),
    "big_length": (lambda s: s.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 999999999999\r\n\r\n"
                                       + b"{" * 1000), "failure"),
    "bad_length": (lambda s: s.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\n{}"),
                   "failure"),
    "slow_drip": (lambda s: _drip(s, http_200(completion("1"))), "failure"),
    "header_drip": (lambda s: _drip(s, b"HTTP/1.1 200 OK\r\n" + b"X: y\r\n" * 100), "failure"),
    "continue_flood": (lambda s: _forever(s, b"HTTP/1.1 100 Continue\r\n\r\n"), "failure"),
    "status_then_hang": (lambda s: (s.sendall(b"HTTP/1.1 200 OK\r\n"), time.sleep(3)),
                         "failure"),
    "reset": (lambda s: None, "failure"),
    "redirect": (lambda s: s.sendall(b"HTTP/1.1 302 Found\r\nLocation: http://192.0.2.1/x\r\n"
                                     b"Content-Length: 0\r\n\r\n"), "failure"),
    "gzip": (lambda s: s.sendall(http_200(b"\x1f\x8b\x08\x00garbage",
                                          b"Content-Encoding: gzip\r\n")), "failure"),
    "big_number": (lambda s: s.sendall(http_200(completion("1" * 5000))), "bad_reply"),
    "number_in_json": (lambda s: s.sendall(http_200(
        b'{"choices": [{"message": {"content": "1"}}], "usage": {"prompt_tokens": '
        + b"9" * 5000 + b"}}")), "failure"),
    "think": (lambda s: s.sendall(http_200(completion("<think>" * 50_000))), "bad_reply"),
    "huge_reply": (lambda s: s.sendall(http_200(completion("why " * 200_000 + "\n1"))),
                   "answer"),
}


class _Handler(socketserver.BaseRequestHandler):
    def handle(self):
        sock = self.request
        sock.settimeout(5)
        data = b""
        try:
            while b"\r\n\r\n" not in data:
                got = sock.recv(65536)
                if not got:
                    return
                data += got
            head, _, body = data.partition(b"\r\n\r\n")
            n = next((int(x.split(b":")[1]) for x in head.split(b"\r\n")
                      if x.lower().startswith(b"content-length:")), 0)
            while len(body) < n:
                got = sock.recv(65536)
                if not got:
                    return
                body += got
            path = head.split(b" ")[1].decode()
            BEHAVIOURS[path.strip("/").split("/")[0]][0](sock)
        except OSError:
            pass


CHILD = r"""
import json, resource, sys, time, traceback
resource.setrlimit(resource.RLIMIT_AS, ({cap}, {cap}))
import numpy as np
from heroes_env.agents.llm import LLMAgent, parse_reply
d = np.load(sys.argv[1])
obs, mask = d["obs"], d["mask"]
for name in sys.argv[3:]:
    out = {{"name": name}}
    try:
        a = LLMAgent("m", base_url=f"{{sys.argv[2]}}/{{name}}/v1", timeout={timeout}, retries=0,
                     reasks=0, backoff=0.0, max_failures=0, max_body={max_body})
        t0 = time.perf_counter()
        action = a.act(obs, mask)
        out["elapsed"] = time.perf_counter() - t0
        t = a.take_transcript()
        out.update(legal=bool(mask[action]), fallback=t["fallback"], error=t["error"],
                   errors=a.stats.errors, bad_replies=a.stats.bad_replies,
                   replies=[len(r) for r in t["replies"]], cut=t.get("cut"))
    except BaseException:
        out["raised"] = traceback.format_exc()
    print(json.dumps(out), flush=True)
t0 = time.perf_counter()
assert parse_reply("<think>" * 50_000, ["a", "b"]) is None
assert parse_reply("1" * 5000, ["a", "b"]) is None
print(json.dumps({{"name": "parse", "elapsed": time.perf_counter() - t0}}), flush=True)
"""


@pytest.fixture(scope="module")
def hostile_server():
    srv = socketserver.ThreadingTCPServer(("127.0.0.1", 0), _Handler)
    srv.daemon_threads = True
    threading.Thread(target=srv.serve_forever, args=(0.02,), daemon=True).start()
    yield f"http://127.0.0.1:{srv.server_address[1]}"
    srv.shutdown()
    srv.server_close()


def _run_child(url, names, tmp_path, limit=120):
    from test_llm_agent import _decision
    obs, mask = _decision()
    np.savez(tmp_path / "decision.npz", obs=obs, mask=mask)
    code = CHILD.format(cap=MEMORY_CAP, timeout=TIMEOUT, max_body=MAX_BODY)
    env = {**os.environ, "PYTHONPATH": ROOT + os.pathsep + os.environ.get("PYTHONPATH", "")}
    p = subprocess.run([sys.executable, "-c", code, str(tmp_path / "decision.npz"), url, *names],
                       capture_output=True, text=True, timeout=limit, env=env)
    assert p.returncode == 0, p.stderr[-3000:]
    return {r["name"]: r for r in map(json.loads, p.stdout.splitlines())}


def test_every_hostile_answer_is_a_counted_failure_within_the_timeout(hostile_server, tmp_path):
    got = _run_child(hostile_server, list(BEHAVIOURS), tmp_path)
    assert set(got) == set(BEHAVIOURS) | {"parse"}
    for name, (_, outcome) in BEHAVIOURS.items():
        r = got[name]
        assert "raised" not in r, (name, r.get("raised"))
        assert r["legal"] and r["elapsed"] < TIMEOUT + 1.0, (name, r)
        if outcome == "answer":
            assert not r["fallback"] and r["error"] is None, (name, r)
        elif outcome == "bad_reply":
            assert r["fallback"] and r["bad_replies"] == 1 and r["error"] is None, (name, r)
        else:
            assert r["fallback"] and r["errors"] == 1 and r["error"], (name, r)
    for name in ("slow_drip", "header_drip", "continue_flood", "status_then_hang"):
        assert "timed out" in got[name]["error"], got[name]
    for name in ("endless_body", "endless_chunks", "huge_chunk", "big_length"):
        assert "cap" in got[name]["error"], got[name]
    assert "redirects are not followed" in got["redirect"]["error"]
    assert got["parse"]["elapsed"] < 2.0


def test_a_long_reply_is_kept_cut_and_the_record_says_so(hostile_server, tmp_path):
    r = _run_child(hostile_server, ["huge_reply", "ok"], tmp_path)
    full = len("why " * 200_000 + "\n1")
    assert r["huge_reply"]["cut"] == [[0, full]]
    assert REPLY_CHARS <= r["huge_reply"]["replies"][0] < REPLY_CHARS + 100
    assert r["ok"]["cut"] is None and r["ok"]["replies"] == [1]


def test_the_body_cap_is_a_setting():
    assert ChatSettings().max_body == 4 * 2 ** 20
    with pytest.raises(ValueError, match="max_body must be an int >= 1"):
        ChatSettings(max_body=0)


def test_a_closed_port_is_a_failure_retried(tmp_path):
    from test_llm_agent import _decision
    with socket.socket() as s:                      # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    obs, mask = _decision()
    a = LLMAgent("m", base_url=f"http://127.0.0.1:{port}/v1", retries=1, backoff=0.0,
                 timeout=TIMEOUT)
    assert mask[a.act(obs, mask)] and a.stats.errors == 2 and a.take_transcript()["fallback"]
