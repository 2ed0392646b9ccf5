"""Play in the browser (heroes_env.webplay): the local server's requests, a whole game through
them, refused actions, and the live page in headless Chromium pressing its action buttons."""
import json
import re
import threading
import urllib.error
import urllib.request

import pytest
from test_replay import _chromium, _dump

from heroes_env import Config
from heroes_env.play import Session
from heroes_env.record import load_record
from heroes_env.webplay import LiveGame, make_server


@pytest.fixture
def server(tmp_path):
    s = Session(Config(num_players=5), 2, ["heuristic"], seed=4, record=str(tmp_path / "web.json"))
    game = LiveGame(s)
    srv = make_server(game, 0)
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    site = lambda path: f"http://127.0.0.1:{srv.server_port}/{path}?token={srv.token}"  # noqa: E731
    yield site, game, tmp_path / "web.json"
    srv.shutdown()
    srv.server_close()


def get(url):
    with urllib.request.urlopen(url, timeout=60) as r:
        return r.status, r.read().decode()


def post(url, body):
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data,
                                 headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_a_whole_game_through_the_server(server):
    site, game, record = server
    status, page = get(site(""))
    assert status == 200 and page.startswith("<!DOCTYPE html>") and '"live":true' in page
    status, text = get(site("state"))
    st = json.loads(text)
    assert st["views"] == ["2"] and not st["done"]
    dec = st["frames"]["2"][-1]["decision"]
    assert dec["seat"] == 2 and dec["legal"]
    moves = 0
    while not st["done"]:
        legal = st["frames"]["2"][-1]["decision"]["legal"]
        status, st = post(site("act"), {"action": legal[0][0]})
        assert status == 200
        moves += 1
    assert moves > 0 and st["result"] and st["reward"] in (-1.0, 0.0, 1.0)
    assert sorted(x["seat"] for x in st["reveal"]) == list(range(5))
    assert all(x["role"] >= 0 for x in st["reveal"])
    rec = load_record(str(record))
    assert rec.replay().done and sum(1 for d in rec.decisions if d[0] == 2) == moves
    assert post(site("act"), {"action": 0}) == (400, {"error": "the game is over"})


def test_refused_requests_change_nothing(server):
    site, game, _ = server
    before = get(site("state"))[1]
    status, reply = post(site("act"), {"action": 187})
    assert status == 400 and "action 187 is not legal" in reply["error"]
    assert "legal: 0 (pass)" in reply["error"]
    assert post(site("act"), {"action": "pass"})[0] == 400
    assert post(site("act"), b"not json")[1] == {"error": 'send JSON {"action": <an action id>}'}
    assert post(site("nothing"), {})[0] == 404
    with pytest.raises(urllib.error.HTTPError):
        get(site("nothing"))
    assert get(site("state"))[1] == before


@pytest.mark.skipif(_chromium() is None, reason="needs headless Chromium (apt-get install chromium;"
                                                 " .ci/run installs it)")
def test_the_live_page_in_a_real_browser(server, tmp_path):
    site, game, _ = server
    mine = lambda: sum(1 for d in game.session.rec.record.decisions if d[0] == 2)  # noqa: E731
    k0 = mine()
    dom = _dump(_chromium(), site("") + "#autoact=3", tmp_path)
    assert 'id="errors"></div>' in dom, re.search(r'id="errors">([^<]*)', dom).group(1)
    assert 'data-autoact="done"' in dom or 'data-autoact="over"' in dom
    assert mine() == k0 + 3 or game.g.done         # the page pressed three of its buttons
    assert sorted(re.findall(r'data-seat="(\d)"', dom)) == [str(i) for i in range(5)]
    assert "player_2 (you)" in dom
    if not game.g.done:
        assert re.search(r'<button class="act" data-action="\d+"', dom)


# ---------------------------------------------------------------- the server's guards
def request(url, method="GET", body=None, headers=None):
    """(status, JSON reply) of a raw request (headers as given: Host, Origin, Content-Type)."""
    import http.client
    from urllib.parse import urlsplit
    u = urlsplit(url)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=60)
    conn.putrequest(method, u.path + ("?" + u.query if u.query else ""), skip_host=True)
    for k, v in (headers or {}).items():
        conn.putheader(k, v)
    if body is not None:
        conn.putheader("Content-Length", str(len(body)))
    conn.endheaders(body)
    r = conn.getresponse()
    out = r.status, json.loads(r.read() or b"null")
    conn.close()
    return out


def _host(site):
    return site("").split("/")[2]


def test_every_request_needs_the_token(server):
    site, game, _ = server
    host = {"Host": _host(site)}
    for path in ("", "state"):
        status, reply = request(site(path).split("?")[0], headers=host)
        assert status == 403 and "token" in reply["error"]
        assert request(site(path).replace("token=", "token=x"), headers=host)[0] == 403
    before = game.session.rec.record.decisions[:]
    status, reply = request(site("act").split("?")[0], "POST", b'{"action": 0}',
                            {**host, "Content-Type": "application/json"})
    assert status == 403 and game.session.rec.record.decisions == before


def test_a_foreign_host_or_origin_is_refused(server):
    """DNS rebinding (Host: evil.example) and cross-site pages (Origin) get nothing."""
    site, game, _ = server
    before = game.session.rec.record.decisions[:]
    status, reply = request(site("state"), headers={"Host": "evil.example"})
    assert status == 403 and "Host must be" in reply["error"]
    legal = game.g.legal_actions()
    body = json.dumps({"action": legal[0]}).encode()
    status, reply = request(site("act"), "POST", body,
                            {"Host": _host(site), "Origin": "http://evil.example",
                             "Content-Type": "application/json"})
    assert status == 403 and "cross-origin" in reply["error"]
    assert game.session.rec.record.decisions == before
    status, _ = request(site("state"), headers={"Host": _host(site),
                                                "Origin": "http://" + _host(site)})
    assert status == 200


def test_act_takes_json_only_and_a_small_body(server):
    site, game, _ = server
    host = {"Host": _host(site)}
    before = game.session.rec.record.decisions[:]
    legal = game.g.legal_actions()
    body = json.dumps({"action": legal[0]}).encode()
    status, reply = request(site("act"), "POST", body, {**host, "Content-Type": "text/plain"})
    assert status == 415 and "application/json" in reply["error"]
    status, reply = request(site("act"), "POST", b" " * 5000 + body,
                            {**host, "Content-Type": "application/json"})
    assert status == 413
    for junk in (b"[" * 4000, b"\xff\xfe", b"{}", b"[1]", b'{"action": [1]}'):
        status, reply = request(site("act"), "POST", junk,
                                {**host, "Content-Type": "application/json"})
        assert status == 400 and "error" in reply, junk
    assert game.session.rec.record.decisions == before


def test_the_printed_url_carries_the_token(tmp_path):
    from heroes_env.webplay import url
    s = Session(Config(num_players=5), 2, ["heuristic"], seed=4)
    srv = make_server(LiveGame(s), 0)
    try:
        assert url(srv) == f"http://127.0.0.1:{srv.server_port}/?token={srv.token}"
        assert len(srv.token) >= 20
        other = make_server(LiveGame(s), 0)
        assert other.token != srv.token
        other.server_close()
    finally:
        srv.server_close()


class _Failing:
    """An opponent whose agent raises at its first decision (as a language-model seat fed a
    broken reply might)."""

    name = "failing"
    wants_worlds = False

    def act(self, obs, mask, slot=0):
        raise RecursionError("maximum recursion depth exceeded")

    def reset(self, seed=None, slots=None):
        pass

    def take_transcript(self):
        return None


def test_after_an_agent_fails_the_server_never_shows_another_seat(tmp_path):
    s = Session(Config(num_players=5), 0, ["heuristic"], seed=4)
    game = LiveGame(s)
    for seat in range(1, 5):
        s.agents[seat] = _Failing()
    srv = make_server(game, 0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    site = lambda path: f"http://127.0.0.1:{srv.server_port}/{path}?token={srv.token}"  # noqa: E731
    try:
        assert game.g.decider == 0
        while game.fault is None:            # the person plays until an opponent must decide
            status, reply = post(site("act"), {"action": int(game.g.legal_actions()[-1])})
        assert status == 500 and "player_" in reply["error"] and "failed" in reply["error"]
        assert "RecursionError" in reply["error"] and reply["fault"] == reply["error"]
        decider = game.g.decider
        assert decider != 0
        for action in (-1, *game.g.legal_actions()):     # another seat's choices: refused, unlisted
            status, reply = post(site("act"), {"action": int(action)})
            assert status == 500 and reply == {"error": game.fault}
        assert game.g.decider == decider                 # nothing was played for that seat
        assert json.loads(get(site("state"))[1])["fault"] == game.fault
    finally:
        srv.shutdown()
        srv.server_close()


def test_half_sent_requests_are_dropped_and_connections_bounded():
    import socket
    import time
    s = Session(Config(num_players=5), 2, ["heuristic"], seed=4)
    srv = make_server(LiveGame(s), 0, max_connections=4, request_timeout=1.0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        held = [socket.create_connection(("127.0.0.1", srv.server_port)) for _ in range(12)]
        for sock in held:
            sock.sendall(b"GET /state?token=")        # never finished
        time.sleep(0.3)
        closed_at_once = 0
        for sock in held[4:]:                         # past the bound: closed unread
            sock.settimeout(2.0)
            try:
                closed_at_once += sock.recv(1) == b""
            except (ConnectionResetError, TimeoutError):
                closed_at_once += 1
        assert closed_at_once >= 7
        time.sleep(1.5)                               # past the timeout the first four are dropped
        site = f"http://127.0.0.1:{srv.server_port}/state?token={srv.token}"
        assert get(site)[0] == 200                    # and the person is served
        for sock in held:
            sock.close()
    finally:
        srv.shutdown()
        srv.server_close()
