"""Play in the browser: the replay page (``heroes_env.replay``) driven by a small local server.

    python -m heroes_env.play --web 8000 --pack none        # then open http://127.0.0.1:8000/

The server holds one game (a ``heroes_env.play.Session``: your seat, the agents, the record) and
answers three requests: ``GET /`` the page, ``GET /state`` the frames so far as JSON, and
``POST /act`` with ``{"action": a}`` (an action id of the legal ones): it steps your decision,
lets the agents play until you decide again or the game ends, and returns the new state. An
action that is not legal is refused (status 400) with a message listing the legal ones; nothing
changes. The page shows your seat's view only (``--reveal`` adds the all-seeing view), its
previous frames stay browsable, and your legal actions are buttons on the last frame. The
server listens on 127.0.0.1 only.
"""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from . import labels
from .record import RecordWriter
from .replay import FrameBuilder, config_title, names_data, render_page
from .table import table_view


class LiveGame:
    """One game between a person (session.seat) and the session's agents, as page frames."""

    def __init__(self, session):
        self.session = session
        self.g = session.g
        self.seat = session.seat
        views = [session.seat, None] if session.reveal else [session.seat]
        self.builder = FrameBuilder(self.g.num_players, views)
        self.k = 0
        self.lock = threading.Lock()
        self.final = None
        self.written = None
        self._advance()

    def _advance(self):
        g = self.g
        while not g.done and g.decider != self.seat:
            d = g.decider
            obs, mask = g.observe_with_mask(d)
            agent = self.session.agents[d]
            a = int(agent.act(obs, mask))
            self.builder.decision(self.k, g, d, a)
            self.session.rec.step(a, agent.take_transcript())     # a language model's prompt
            self.k += 1
        if g.done and self.final is None:
            self.final = self.builder.finish(g, self.k)
            if self.session.record_path:
                self.written = RecordWriter(self.session.record_path).write(self.session.rec.record)

    def act(self, action) -> tuple[int, dict]:
        """(HTTP status, JSON reply) for the person's action."""
        with self.lock:
            g = self.g
            if g.done:
                return 400, {"error": "the game is over"}
            legal = g.legal_actions()
            if isinstance(action, bool) or not isinstance(action, int) or action not in legal:
                shown = ", ".join(f"{a} ({g.action_to_str(a)})" for a in legal)
                return 400, {"error": f"action {action!r} is not legal for "
                                      f"{g.describe_decision()}; legal: {shown}"}
            self.builder.decision(self.k, g, self.seat, action)
            self.session.rec.step(action)
            self.k += 1
            self._advance()
            return 200, self._state()

    def state(self) -> dict:
        with self.lock:
            return self._state()

    def _state(self) -> dict:
        g = self.g
        data = self.final if self.final is not None else self.builder.now(g, self.k)
        out = {"frames": data["frames"], "logs": data["logs"], "views": data["views"],
               "done": g.done, "seat": self.seat}
        if g.done:
            out["reward"] = float(g.rewards()[self.seat])
            out["result"] = labels.RESULT_NAMES["en"][g.result]
            out["reveal"] = [{"seat": st["seat"], "role": st["role"], "hero": st["hero"],
                              "alive": st["alive"]} for st in table_view(g, None)["seats"]]
            out["record"] = self.written
        return out

    def page(self) -> str:
        s = self.session
        data = names_data(self.g.config)
        data.update(self.state())
        data.update({"title": config_title(self.g.config, s.seed) + f" · you: player_{s.seat}",
                     "live": True, "result": None, "meta": {}, "version": s.rec.record.version})
        return render_page(data)


def make_server(game: LiveGame, port: int = 0) -> ThreadingHTTPServer:
    """A server for the game on 127.0.0.1:port (0: a free port; see ``server.server_port``)."""

    class Handler(BaseHTTPRequestHandler):
        def _send(self, status, body: bytes, kind: str):
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def _json(self, status, obj):
            self._send(status, json.dumps(obj, ensure_ascii=False).encode(), "application/json")

        def do_GET(self):
            path = self.path.split("?")[0].split("#")[0]
            if path in ("/", "/index.html"):
                self._send(200, game.page().encode(), "text/html; charset=utf-8")
            elif path == "/state":
                self._json(200, game.state())
            else:
                self._json(404, {"error": f"no page {path}; there are /, /state and POST /act"})

        def do_POST(self):
            if self.path.split("?")[0] != "/act":
                self._json(404, {"error": f"no action endpoint {self.path}; POST /act"})
                return
            try:
                n = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(n) or b"{}")
                action = body["action"]
            except (ValueError, KeyError, TypeError):
                self._json(400, {"error": 'send JSON {"action": <an action id>}'})
                return
            self._json(*game.act(action))

        def log_message(self, *args):      # quiet
            pass

    return ThreadingHTTPServer(("127.0.0.1", port), Handler)


def serve(session, port: int = 8000) -> int:
    game = LiveGame(session)
    server = make_server(game, port)
    url = f"http://127.0.0.1:{server.server_port}/"
    session.out(f"playing player_{session.seat} at {url}  (Ctrl-C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        session.out("")
    finally:
        server.server_close()
    return 0
