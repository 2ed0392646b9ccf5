"""Play in the browser: the replay page (``heroes_env.replay``) driven by a small local server.

    python -m heroes_env.play --web 8000 --pack none   # then open the URL it prints

The server holds one game (a ``heroes_env.play.Session``: your seat, the agents, the record) and
answers three requests: ``GET /`` the page, ``GET /state`` the frames so far as JSON, and
``POST /act`` with ``{"action": a}`` (an action id of the legal ones): it steps your decision,
lets the agents play until you decide again or the game ends, and returns the new state. An
action that is not legal is refused (status 400) with a message listing the legal ones; nothing
changes. The page shows your seat's view only (``--reveal`` adds the all-seeing view), its
previous frames stay browsable, and your legal actions are buttons on the last frame. The
server listens on 127.0.0.1 only, and answers only requests that carry the random token of the
URL it prints, name it as their Host and come from its own page (``make_server``;
``docs/security.md``).
"""
from __future__ import annotations

import hmac
import json
import secrets
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

from . import labels
from .cli import one_line
from .record import RecordWriter
from .replay import LANGS, UI_TEXT, FrameBuilder, config_title, names_data, render_page
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
        self.fault = None            # what failed when an agent raised; the game stops there
        self._advance()

    def _advance(self):
        from heroes_env.agents.base import act_at_table
        g = self.g
        while not g.done and g.decider != self.seat and self.fault is None:
            d = g.decider
            agent = self.session.agents[d]
            try:
                a = int(act_at_table(agent, g))      # a search agent gets its worlds
            except Exception as e:  # noqa: BLE001 - any agent's failure stops the game, named
                self.fault = (f"player_{d}'s agent ({getattr(agent, 'name', type(agent).__name__)})"
                              f" failed: {type(e).__name__}: {one_line(str(e))}; the game "
                              f"cannot go on")
                return
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
            if self.fault is not None:       # never another seat's decision: say what failed
                return 500, {"error": self.fault}
            if g.done:
                return 400, {"error": "the game is over"}
            legal = g.legal_actions()
            if isinstance(action, bool) or not isinstance(action, int) or action not in legal:
                shown = ", ".join(f"{a} ({g.action_to_str(a)})" for a in legal)
                return 400, {"error": f"action {action!r} is not legal now "
                                      f"({g.describe_decision()}); legal: {shown}"}
            self.builder.decision(self.k, g, self.seat, action)
            self.session.rec.step(action)
            self.k += 1
            self._advance()
            if self.fault is not None:
                return 500, {"error": self.fault, **self._state()}
            return 200, self._state()

    def state(self) -> dict:
        with self.lock:
            return self._state()

    def _state(self) -> dict:
        g = self.g
        data = self.final if self.final is not None else self.builder.now(g, self.k)
        out = {"frames": data["frames"], "logs": data["logs"], "views": data["views"],
               "done": g.done, "seat": self.seat}
        if self.fault is not None:
            out["fault"] = self.fault
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
        title = {lang: config_title(self.g.config, s.seed, lang) + " · "
                 + UI_TEXT[lang]["you_are"].format(s.seat) for lang in LANGS}
        data.update({"title": title,
                     "live": True, "result": None, "meta": {}, "version": s.rec.record.version})
        return render_page(data)


MAX_BODY = 4096          # bytes of a POST /act body
REQUEST_TIMEOUT = 10.0   # seconds a connection may take to send its request (and to be read)
MAX_CONNECTIONS = 32     # connections served at once; more are closed at once


class _BoundedServer(ThreadingHTTPServer):
    """A threading server that serves at most ``max_connections`` connections at once (the rest
    are closed as they come) and gives each socket ``request_timeout`` seconds per read."""

    daemon_threads = True

    def __init__(self, address, handler, max_connections: int, request_timeout: float):
        self.slots = threading.BoundedSemaphore(max_connections)
        self.request_timeout = request_timeout
        super().__init__(address, handler)

    def process_request(self, request, client_address):
        if not self.slots.acquire(blocking=False):
            self.shutdown_request(request)       # too many at once: closed, nothing read
            return
        try:
            super().process_request(request, client_address)
        except Exception:
            self.slots.release()
            raise

    def process_request_thread(self, request, client_address):
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()


def make_server(game: LiveGame, port: int = 0, token: str | None = None,
                max_connections: int = MAX_CONNECTIONS,
                request_timeout: float = REQUEST_TIMEOUT) -> ThreadingHTTPServer:
    """A server for the game on 127.0.0.1:port (0: a free port; see ``server.server_port``).

    Every request must carry the server's token (``server.token``: token, or a random one made
    here) as ``?token=`` (the URL ``url(server)`` prints has it; the page sends it on), and a
    ``Host`` header naming the bound address; an ``Origin``, when sent, must be the server's own.
    ``POST /act`` takes ``application/json`` only, at most ``MAX_BODY`` bytes. Anything else is
    refused with a JSON error (403, 400, 404, 413, 415), and changes nothing. At most
    ``max_connections`` connections are served at once (more are closed unread), and a socket
    read waits at most ``request_timeout`` seconds (a half-sent request is dropped). When an
    agent fails, the game stops there: ``POST /act`` answers 500 with what failed, never
    another seat's decision or legal actions."""
    token = token or secrets.token_urlsafe(16)

    class Handler(BaseHTTPRequestHandler):
        def _send(self, status, body: bytes, kind: str):
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.send_header("X-Content-Type-Options", "nosniff")
            self.send_header("Referrer-Policy", "no-referrer")
            self.end_headers()
            self.wfile.write(body)

        def _json(self, status, obj):
            self._send(status, json.dumps(obj, ensure_ascii=False).encode(), "application/json")

        def _refused(self) -> bool:
            """Send the error and return True unless the request is the page's own."""
            port = self.server.server_port
            hosts = {f"127.0.0.1:{port}", f"localhost:{port}"}
            if self.headers.get("Host") not in hosts:
                self._json(403, {"error": f"Host must be one of {sorted(hosts)}"})
                return True
            origin = self.headers.get("Origin")
            if origin is not None and origin not in {f"http://{h}" for h in hosts}:
                self._json(403, {"error": "cross-origin requests are refused"})
                return True
            query = parse_qs(urlsplit(self.path).query)
            if not hmac.compare_digest(query.get("token", [""])[0].encode(), token.encode()):
                self._json(403, {"error": "a request needs the token of the URL the server "
                                          "printed (?token=...)"})
                return True
            return False

        def do_GET(self):
            if self._refused():
                return
            path = urlsplit(self.path).path
            if path in ("/", "/index.html"):
                self._send(200, game.page().encode(), "text/html; charset=utf-8")
            elif path == "/state":
                self._json(200, game.state())
            else:
                self._json(404, {"error": f"no page {path}; there are /, /state and POST /act"})

        def do_POST(self):
            if self._refused():
                return
            if urlsplit(self.path).path != "/act":
                self._json(404, {"error": f"no action endpoint {urlsplit(self.path).path}; "
                                          f"POST /act"})
                return
            kind = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
            if kind != "application/json":
                self._json(415, {"error": f"POST /act takes application/json, got {kind!r}"})
                return
            try:
                n = int(self.headers.get("Content-Length") or 0)
            except ValueError:
                n = -1
            if not 0 <= n <= MAX_BODY:
                self._json(413 if n > MAX_BODY else 400,
                           {"error": f"a body of 0 to {MAX_BODY} bytes (Content-Length) is "
                                     f"expected"})
                return
            try:
                body = json.loads(self.rfile.read(n) or b"{}")
                action = body["action"]
            except (ValueError, KeyError, TypeError, RecursionError):
                self._json(400, {"error": 'send JSON {"action": <an action id>}'})
                return
            self._json(*game.act(action))

        def log_message(self, *args):      # quiet
            pass

    Handler.timeout = request_timeout     # socket reads: a half-sent request is dropped
    server = _BoundedServer(("127.0.0.1", port), Handler, max_connections, request_timeout)
    server.token = token
    return server


def url(server) -> str:
    """The page's address, token included."""
    return f"http://127.0.0.1:{server.server_port}/?token={server.token}"


def serve(session, port: int = 8000) -> int:
    game = LiveGame(session)
    server = make_server(game, port)
    session.out(f"playing player_{session.seat} at {url(server)}  (Ctrl-C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        session.out("")
    finally:
        server.server_close()
    return 0
