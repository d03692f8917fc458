"""The HTTP server of the browser front end: the page's files and a JSON API over games.

Each game is a GameSession with its own engine process. The registry caps how many run at
once and ends the engines of games that no page has asked about for a while (a tab closed
without saying so); a page that closes says so with POST /api/games/ID/close. Only the
files of static/ are served, looked up by name in a table made at start, so no request
can name another file. docs/user-guide.md lists the API.
"""

import http.server
import ipaddress
import json
import os
import re
import secrets
import socket
import threading
import time
import urllib.parse

from lifeline_tools import vocabulary

from .session import LEVELS, ApiError, GameSession, NewGame

STATIC_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "static")
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}
BODY_LIMIT = 2 << 20  # bytes of a request body: a game record (1 MiB) in JSON
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
                               "frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def static_files(directory=STATIC_DIR):
    """URL path -> (file path, content type) for every servable file of the page."""
    table = {}
    for name in sorted(os.listdir(directory)):
        extension = os.path.splitext(name)[1]
        path = os.path.join(directory, name)
        if extension in CONTENT_TYPES and os.path.isfile(path):
            table["/" + name] = (path, CONTENT_TYPES[extension])
    table["/"] = table["/index.html"]
    return table


class GameRegistry:
    """The games in progress, at most `max_games` at once."""

    def __init__(self, config, max_games, idle_seconds):
        self.config = config
        self.max_games = max_games
        self.idle_seconds = idle_seconds
        self._games = {}
        self._starting = 0
        self._lock = threading.Lock()

    def create(self, request):
        with self._lock:
            if len(self._games) + self._starting >= self.max_games:
                raise ApiError(503, f"{self.max_games} games are in progress, the most this "
                               "server allows: close one (or start the server with a larger "
                               "--max-games)")
            self._starting += 1
        try:
            session = GameSession(secrets.token_urlsafe(12), self.config, request)
        finally:
            with self._lock:
                self._starting -= 1
        with self._lock:
            self._games[session.id] = session
        return session

    def get(self, game_id):
        with self._lock:
            session = self._games.get(game_id)
        if session is None:
            raise ApiError(404, "no such game: it was closed, or the server was restarted",
                           gone=True)
        session.last_seen = time.monotonic()
        return session

    def busy(self, game_id):
        """Marks a game as serving a request, which the reaper respects; None when there is
        no such game (the route itself then answers 404)."""
        with self._lock:
            session = self._games.get(game_id)
            if session is not None:
                session.busy += 1
        return session

    def done(self, session):
        with self._lock:
            session.busy -= 1
            session.last_seen = time.monotonic()

    def close(self, game_id):
        with self._lock:
            session = self._games.pop(game_id, None)
        if session is not None:
            session.close()

    def count(self):
        with self._lock:
            return len(self._games)

    def reap(self):
        """Closes the games no request has touched for idle_seconds."""
        now = time.monotonic()
        with self._lock:
            idle = [game_id for game_id, session in self._games.items()
                    if session.busy == 0 and now - session.last_seen > self.idle_seconds]
        for game_id in idle:
            self.close(game_id)

    def close_all(self):
        with self._lock:
            ids = list(self._games)
        for game_id in ids:
            self.close(game_id)


# --- checking requests ---------------------------------------------------------------------

def _field(payload, name, kind, default, low=None, high=None, choices=None):
    value = payload.get(name, default)
    if kind is int and isinstance(value, float) and value.is_integer():
        value = int(value)
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise ApiError(400, f"{name}: expected {kind.__name__ if kind is not str else 'text'}")
    if choices is not None and value not in choices:
        raise ApiError(400, f"{name}: expected one of {', '.join(choices)}")
    if low is not None and not low <= value <= high:
        raise ApiError(400, f"{name}: expected {low:g} to {high:g}, not {value:g}")
    return value


def _only_fields(payload, names):
    unknown = sorted(set(payload) - set(names))
    if unknown:
        raise ApiError(400, f"unknown field {unknown[0]} (expected {', '.join(names)})")


def _level(payload):
    return _field(payload, "level", int, LEVELS[-1], LEVELS[0], LEVELS[-1])


def new_game_request(payload):
    """The body of POST /api/games as a NewGame."""
    if "record" in payload:
        _only_fields(payload, ("record", "human", "time", "level"))
        return NewGame(
            human=_field(payload, "human", str, "to-move",
                         choices=("black", "white", "both", "to-move")),
            time=_field(payload, "time", float, 1.0, 0.1, 300),
            level=_level(payload),
            record=_field(payload, "record", str, None))
    _only_fields(payload, ("base", "rules", "komi", "human", "time", "level"))
    return NewGame(
        human=_field(payload, "human", str, "black", choices=("black", "white", "both")),
        time=_field(payload, "time", float, 1.0, 0.1, 300),
        level=_level(payload),
        base=_field(payload, "base", int, vocabulary.DEFAULT_BASE, vocabulary.MIN_BASE,
                    vocabulary.MAX_BASE),
        rules=_field(payload, "rules", str, vocabulary.DEFAULT_RULES, choices=vocabulary.RULES),
        komi=_field(payload, "komi", int, 0, 0, 1000))


# --- the API, one small function per route ---------------------------------------------------

def api_info(registry, _match, _body, _query):
    return 200, {"games": registry.count(), "max_games": registry.max_games,
                 "engine": registry.config.command}


def api_vocabulary(_registry, _match, _body, _query):
    return 200, vocabulary.as_json()


def api_create(registry, _match, body, _query):
    return 201, registry.create(new_game_request(body)).state()


def api_state(registry, match, _body, _query):
    return 200, registry.get(match["id"]).state()


def api_close(registry, match, _body, _query):
    registry.get(match["id"])
    registry.close(match["id"])
    return 200, {"closed": match["id"]}


def _game_action(action):
    """A route that performs `action(session, body)` and answers the new state."""
    def route(registry, match, body, _query):
        session = registry.get(match["id"])
        action(session, body)
        return 200, session.state()
    return route


def _play(session, body):
    _only_fields(body, ("move",))
    session.play(_field(body, "move", str, None))


def _settings(session, body):
    """Either setting, or both."""
    _only_fields(body, ("time", "level"))
    if not body:
        raise ApiError(400, "expected time or level")
    if "time" in body:
        session.set_time(_field(body, "time", float, None, 0.1, 300))
    if "level" in body:
        session.set_level(_level(body))


def _view(session, body):
    _only_fields(body, ("at",))
    at = body.get("at")
    if at is not None and (not isinstance(at, int) or isinstance(at, bool)):
        raise ApiError(400, "at: expected a number of actions, or null for the latest")
    session.view(at)


def _no_fields(method):
    def action(session, body):
        _only_fields(body, ())
        method(session)
    return action


def api_analysis(registry, match, _body, _query):
    return 200, registry.get(match["id"]).analysis()


def api_set_analysis(registry, match, body, _query):
    _only_fields(body, ("on",))
    on = body.get("on")
    if not isinstance(on, bool):
        raise ApiError(400, "on: expected true or false")
    return 200, registry.get(match["id"]).set_analysis(on)


def api_record(registry, match, _body, _query):
    session = registry.get(match["id"])
    return 200, session.record()


def api_log(registry, match, _body, query):
    after = query.get("after", ["0"])[0]
    if not after.isdigit():
        raise ApiError(400, "after: expected a line number")
    return 200, {"lines": registry.get(match["id"]).log(int(after))}


_GAME = "/api/games/(?P<id>[A-Za-z0-9_-]{1,64})"
ROUTES = [
    ("GET", "/api/info", api_info),
    ("GET", "/api/vocabulary", api_vocabulary),
    ("POST", "/api/games", api_create),
    ("GET", _GAME, api_state),
    ("DELETE", _GAME, api_close),
    ("POST", _GAME + "/close", api_close),
    ("POST", _GAME + "/play", _game_action(_play)),
    ("POST", _GAME + "/genmove", _game_action(_no_fields(GameSession.engine_move))),
    ("POST", _GAME + "/undo", _game_action(_no_fields(GameSession.undo))),
    ("POST", _GAME + "/resign", _game_action(_no_fields(GameSession.resign))),
    ("POST", _GAME + "/resume", _game_action(_no_fields(GameSession.resume))),
    ("POST", _GAME + "/settings", _game_action(_settings)),
    ("POST", _GAME + "/view", _game_action(_view)),
    ("GET", _GAME + "/analysis", api_analysis),
    ("POST", _GAME + "/analysis", api_set_analysis),
    ("GET", _GAME + "/record", api_record),
    ("GET", _GAME + "/log", api_log),
]
ROUTES = [(method, re.compile(pattern), handler) for method, pattern, handler in ROUTES]


class Handler(http.server.BaseHTTPRequestHandler):
    """One HTTP request. The server object carries the registry and the static files."""

    server_version = "lifeline-web"
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        self._dispatch("GET")

    def do_POST(self):
        self._dispatch("POST")

    def do_DELETE(self):
        self._dispatch("DELETE")

    def do_PUT(self):
        self._dispatch("PUT")

    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        if self.server.verbose:
            super().log_message(format, *args)

    def _dispatch(self, method):
        url = urllib.parse.urlsplit(self.path)
        try:
            self._check_origin(method)
            if not url.path.startswith("/api/"):
                self._serve_file(method, url.path)
                return
            self._serve_api(method, url)
        except ApiError as error:
            self._send_json(error.status, dict(error=str(error), **error.details))
        except (ConnectionError, socket.timeout):
            self.close_connection = True
        except Exception as error:  # a bug in the server: report it, keep serving
            self.log_error("internal error on %s %s: %r", method, self.path, error)
            self._send_json(500, {"error": f"internal server error: {error!r}"})

    def _serve_api(self, method, url):
        allowed = []
        for route_method, pattern, handler in ROUTES:
            match = pattern.fullmatch(url.path)
            if match is None:
                continue
            if route_method != method:
                allowed.append(route_method)
                continue
            body = self._read_body() if method != "GET" else {}
            query = urllib.parse.parse_qs(url.query)
            game_id = match.groupdict().get("id")
            session = self.server.registry.busy(game_id) if game_id else None
            try:
                status, payload = handler(self.server.registry, match, body, query)
            finally:
                if session is not None:
                    self.server.registry.done(session)
            if isinstance(payload, str):
                self._send_text(status, payload, f'attachment; filename="lifeline-{game_id}.txt"')
            else:
                self._send_json(status, payload)
            return
        if allowed:
            raise ApiError(405, f"{method} is not allowed here (use {', '.join(allowed)})",
                           allow=allowed)
        raise ApiError(404, f"no such API path: {url.path}")

    def _serve_file(self, method, path):
        entry = self.server.files.get(path)
        if entry is None:
            raise ApiError(404, f"no such page: {path}")
        if method != "GET":
            raise ApiError(405, f"{method} is not allowed here (use GET)")
        with open(entry[0], "rb") as stream:
            data = stream.read()
        self._send(200, data, entry[1], {"Cache-Control": "no-cache"})

    def _read_body(self):
        length = self.headers.get("Content-Length")
        if self.headers.get("Transfer-Encoding"):
            raise ApiError(411, "send the body with a Content-Length")
        if length is None or length.strip() == "0":
            return {}
        if not length.isdigit():
            raise ApiError(400, "bad Content-Length")
        if int(length) > BODY_LIMIT:
            self.close_connection = True
            raise ApiError(413, f"the request body is larger than {BODY_LIMIT >> 20} MiB")
        raw = self.rfile.read(int(length))
        if not raw.strip():
            return {}
        try:
            body = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise ApiError(400, f"the body is not JSON: {error}")
        if not isinstance(body, dict):
            raise ApiError(400, "the body must be a JSON object")
        return body

    def _check_origin(self, method):
        """Refuses requests that another web site makes a browser send: a page of another
        origin (Origin header), or a name that rebinds to this machine (Host header)."""
        host = self.headers.get("Host", "")
        if self.server.loopback and _host_name(host) not in self.server.local_names:
            raise ApiError(403, f"unexpected Host '{host[:60]}': open the address the "
                           "server printed")
        origin = self.headers.get("Origin")
        if method != "GET" and origin is not None and \
                urllib.parse.urlsplit(origin).netloc != host:
            raise ApiError(403, "requests from another site are refused")

    def _send_json(self, status, payload):
        headers = {"Cache-Control": "no-store"}
        if status == 405:
            headers["Allow"] = ", ".join(payload.get("allow", []))
        data = json.dumps(payload).encode("utf-8")
        self._send(status, data, "application/json", headers)

    def _send_text(self, status, text, disposition):
        self._send(status, text.encode("utf-8"), "text/plain; charset=utf-8",
                   {"Cache-Control": "no-store", "Content-Disposition": disposition})

    def _send(self, status, data, content_type, headers):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in dict(SECURITY_HEADERS, **headers).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)


def _host_name(host):
    """The name part of a Host header: 'localhost:8080' -> 'localhost', '[::1]:80' -> '::1'."""
    if host.startswith("["):
        return host[1:].partition("]")[0]
    return host.rpartition(":")[0] if host.count(":") == 1 else host


class WebServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False

    def __init__(self, address, registry, verbose=False):
        host = address[0]
        self.address_family = socket.AF_INET6 if ":" in host else socket.AF_INET
        super().__init__(address, Handler)
        self.registry = registry
        self.files = static_files()
        self.verbose = verbose
        self.loopback = _is_loopback(host)
        self.local_names = {"localhost", "127.0.0.1", "::1", host}
        self._reaper = threading.Thread(target=self._reap, daemon=True)
        self._stopping = threading.Event()
        self._reaper.start()

    @property
    def url(self):
        host, port = self.server_address[:2]
        if host in ("0.0.0.0", "::"):
            host = "127.0.0.1"
        return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"

    def _reap(self):
        while not self._stopping.wait(min(5.0, self.registry.idle_seconds / 2)):
            self.registry.reap()

    def server_close(self):
        self._stopping.set()
        super().server_close()
        self.registry.close_all()


def _is_loopback(host):
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
