"""Play in the browser (heroes_env.webplay): the local server's requests, a whole game through
them, refused actions, and the live page in headless Chromium pressing its action buttons."""
import json
import re
import threading
import urllib.error
import urllib.request

import pytest

from heroes_env import Config
from heroes_env.play import Session
from heroes_env.record import load_record
from heroes_env.webplay import LiveGame, make_server

from test_replay import _chromium, _dump


@pytest.fixture
def server(tmp_path):
    s = Session(Config(num_players=5), 2, ["heuristic"], seed=4, record=str(tmp_path / "web.json"))
    game = LiveGame(s)
    srv = make_server(game, 0)
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    yield f"http://127.0.0.1:{srv.server_port}/", game, tmp_path / "web.json"
    srv.shutdown()
    srv.server_close()


def get(url):
    with urllib.request.urlopen(url, timeout=60) as r:
        return r.status, r.read().decode()


def post(url, body):
    req = urllib.request.Request(url, data=body if isinstance(body, bytes) else json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_a_whole_game_through_the_server(server):
    base, game, record = server
    status, page = get(base)
    assert status == 200 and page.startswith("<!DOCTYPE html>") and '"live":true' in page
    status, text = get(base + "state")
    st = json.loads(text)
    assert st["views"] == ["2"] and not st["done"]
    dec = st["frames"]["2"][-1]["decision"]
    assert dec["seat"] == 2 and dec["legal"]
    moves = 0
    while not st["done"]:
        legal = st["frames"]["2"][-1]["decision"]["legal"]
        status, st = post(base + "act", {"action": legal[0][0]})
        assert status == 200
        moves += 1
    assert moves > 0 and st["result"] and st["reward"] in (-1.0, 0.0, 1.0)
    assert sorted(x["seat"] for x in st["reveal"]) == list(range(5))
    assert all(x["role"] >= 0 for x in st["reveal"])
    rec = load_record(str(record))
    assert rec.replay().done and sum(1 for d in rec.decisions if d[0] == 2) == moves
    assert post(base + "act", {"action": 0}) == (400, {"error": "the game is over"})


def test_refused_requests_change_nothing(server):
    base, game, _ = server
    before = get(base + "state")[1]
    status, reply = post(base + "act", {"action": 187})
    assert status == 400 and "action 187 is not legal" in reply["error"] and "legal: 0 (pass)" in reply["error"]
    assert post(base + "act", {"action": "pass"})[0] == 400
    assert post(base + "act", b"not json")[1] == {"error": 'send JSON {"action": <an action id>}'}
    assert post(base + "nothing", {})[0] == 404
    with pytest.raises(urllib.error.HTTPError):
        get(base + "nothing")
    assert get(base + "state")[1] == before


@pytest.mark.skipif(_chromium() is None, reason="needs headless Chromium (apt-get install chromium;"
                                                 " .ci/run installs it)")
def test_the_live_page_in_a_real_browser(server, tmp_path):
    base, game, _ = server
    mine = lambda: sum(1 for d in game.session.rec.record.decisions if d[0] == 2)  # noqa: E731
    k0 = mine()
    dom = _dump(_chromium(), base + "#autoact=3", tmp_path)
    assert 'id="errors"></div>' in dom, re.search(r'id="errors">([^<]*)', dom).group(1)
    assert 'data-autoact="done"' in dom or 'data-autoact="over"' in dom
    assert mine() == k0 + 3 or game.g.done         # the page pressed three of its buttons
    assert sorted(re.findall(r'data-seat="(\d)"', dom)) == [str(i) for i in range(5)]
    assert "player_2 (you)" in dom
    if not game.g.done:
        assert re.search(r'<button class="act" data-action="\d+"', dom)
