"""The HTTP server of the browser front end: the page's files and the relay to native engines.

The page holds the game (static/session.js) and drives an engine through the relay
(relay.py): one engine process per game, at most --max-games at once, ended when its page says
it is done, stops pinging, or has been silent for --idle seconds. Every read and write on a
connection has a time limit (READ_SECONDS), and a client that leaves during a request gets
one line on the console (stderr), never a traceback. Only the files of static/ are served, looked
up by name in a table made at start, so no request can name another file. docs/user-guide.md
describes the relay's protocol.
"""

import http.server
import ipaddress
import json
import os
import re
import select
import socket
import threading
import urllib.parse

from lifeline_tools.http_body import BodyError, read_body

from .relay import COMMANDS, RelayError

STATIC_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "static")
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}
BODY_LIMIT = 4096  # bytes of a request body: one command line in JSON
# Seconds the server waits for each read (and write) on a connection before it cuts the client
# off: plenty for a phone on a slow network to send BODY_LIMIT bytes, and above the page's
# ping interval (15 s), so that one kept-alive connection carries its pings. No answer waits
# on it: the server reads nothing while the engine thinks, however long.
READ_SECONDS = 20.0
# Cross-origin isolation: a page served with these may use SharedArrayBuffer, which the
# threaded WebAssembly build needs (docs/wasm.md). The page loads nothing from other origins,
# so they cost it nothing. `--static` writes them into the site's _headers file too.
ISOLATION_HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
}
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
                               "frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    **ISOLATION_HEADERS,
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


def _only_fields(body, names):
    unknown = sorted(set(body) - set(names))
    if unknown:
        raise RelayError(400, f"unknown field {unknown[0]} (expected {', '.join(names)})")


def _stream_number(body):
    number = body.get("stream", 0)
    if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number < 1 << 53:
        raise RelayError(400, "stream: expected a whole number")
    return number


# --- the relay's routes, one small function each -----------------------------------------------

def relay_info(handler, relay, _match, _body):
    limits = relay.limits
    handler.send_json(200, {"engines": relay.count(), "max_engines": limits.max_engines,
                            "idle_seconds": limits.idle_seconds,
                            "max_seconds": limits.max_seconds,
                            "ping_seconds": limits.ping_seconds, "commands": sorted(COMMANDS)})


def relay_start(handler, relay, _match, body):
    _only_fields(body, [])
    handler.send_json(201, {"id": relay.start(), "ping_seconds": relay.limits.ping_seconds})


def relay_ping(handler, relay, match, _body):
    engine = relay.get(match["id"])
    engine.ping()
    handler.send_json(200, {"id": engine.id, "busy": engine.busy})


def relay_command(handler, relay, match, body):
    _only_fields(body, ["command", "stream"])
    line = relay.check(body.get("command"))
    stream = _stream_number(body)
    engine = relay.get(match["id"])
    handler.send_stream(lambda write: engine.run(line, stream, write))


def relay_stop(handler, relay, match, body):
    _only_fields(body, ["stream"])
    relay.get(match["id"]).stop(_stream_number(body))
    handler.send_json(200, {"stopped": True})


def relay_close(handler, relay, match, _body):
    if not relay.close(match["id"]):
        raise RelayError(404, "no such engine (closed, or idle too long)", gone=True)
    handler.send_json(200, {"closed": match["id"]})


_ENGINE = r"/relay/engines/(?P<id>[A-Za-z0-9_-]{1,64})"
ROUTES = [
    ("GET", r"/relay", relay_info),
    ("POST", r"/relay/engines", relay_start),
    ("GET", _ENGINE, relay_ping),
    ("POST", _ENGINE, relay_command),
    ("POST", _ENGINE + "/stop", relay_stop),
    ("POST", _ENGINE + "/close", relay_close),
    ("DELETE", _ENGINE, relay_close),
]
ROUTES = [(method, re.compile(pattern), route) for method, pattern, route in ROUTES]


class Handler(http.server.BaseHTTPRequestHandler):
    """One HTTP request. The server object carries the relay and the static files."""

    server_version = "lifeline-web"
    protocol_version = "HTTP/1.1"

    def setup(self):
        self.timeout = self.server.read_seconds  # StreamRequestHandler sets it on the socket
        super().setup()

    def handle(self):
        try:
            super().handle()
        except ConnectionError as error:  # between requests, or in a request's headers
            self._client_left(error)

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

    def send_response(self, code, message=None):
        if self._client_closed():
            raise ConnectionAbortedError("it closed the connection before the answer")
        super().send_response(code, message)

    def _dispatch(self, method):
        self._streaming = False
        if method == "GET" and (self.headers.get("Content-Length", "0").strip() != "0"
                                or self.headers.get("Transfer-Encoding")):
            self.close_connection = True  # its body stays unread: not a request of its own
        try:
            self._answer(method, urllib.parse.urlsplit(self.path).path)
        except (ConnectionError, TimeoutError) as error:
            self._client_left(error, f" during {method} {self.path}")

    def _answer(self, method, path):
        try:
            self._check_origin(method)
            if path == "/relay" or path.startswith("/relay/"):
                self._serve_relay(method, path)
            else:
                self._serve_file(method, path)
        except RelayError as error:
            self._fail(dict(error=str(error), **error.details), error.status)
        except (ConnectionError, TimeoutError):
            raise  # the client left: _dispatch says so
        except Exception as error:  # a bug in the server: report it, keep serving
            self.log_error("internal error on %s %s: %r", method, self.path, error)
            self._fail({"error": f"internal server error: {error!r}"}, 500)

    def _client_left(self, error, during=""):
        """One line on the console, --verbose or not: the client went away, or fell silent
        for READ_SECONDS, and its connection ends."""
        self.close_connection = True
        reason = f"silent for {self.timeout:g} s" if isinstance(error, TimeoutError) else \
            error.strerror or str(error)
        super().log_message("client left%s: %s", during, reason)

    def _client_closed(self):
        """Whether the client has closed the connection. Its request has been read whole, so
        a socket that is readable but yields nothing has been closed (a write alone would not
        tell: the first one to a closed socket succeeds)."""
        if not select.select([self.connection], [], [], 0)[0]:
            return False
        try:
            return self.connection.recv(1, socket.MSG_PEEK) == b""
        except OSError:
            return True

    def _fail(self, payload, status):
        """An error as the answer, or as the last item of a stream already under way. The
        connection ends with it: the request's body may be unread, and must not be taken for
        the next request."""
        self.close_connection = True
        if self._streaming:
            self._write_item(payload)
        else:
            self.send_json(status, payload)

    def _serve_relay(self, method, path):
        allowed = []
        for route_method, pattern, route in ROUTES:
            match = pattern.fullmatch(path)
            if match is None:
                continue
            if route_method != method:
                allowed.append(route_method)
                continue
            route(self, self.server.relay, match, self._read_body() if method != "GET" else {})
            return
        if allowed:
            raise RelayError(405, f"{method} is not allowed here (use {', '.join(allowed)})",
                             allow=allowed)
        raise RelayError(404, f"no such relay path: {path}")

    def _serve_file(self, method, path):
        entry = self.server.files.get(path)
        if entry is None:
            raise RelayError(404, f"no such page: {path}")
        if method != "GET":
            raise RelayError(405, f"{method} is not allowed here (use GET)", allow=["GET"])
        with open(entry[0], "rb") as stream:
            data = stream.read()
        self._send(200, data, entry[1], {"Cache-Control": "no-cache"})

    def _read_body(self):
        try:
            raw = read_body(self.headers, self.rfile, BODY_LIMIT, self.server.read_seconds,
                            required=False)
        except BodyError as error:
            raise RelayError(error.status, str(error)) from error
        if not raw.strip():
            return {}
        try:
            body = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise RelayError(400, f"the body is not JSON: {error}")
        if not isinstance(body, dict):
            raise RelayError(400, "the body must be a JSON object")
        return body

    def _check_origin(self, method):
        """Refuses requests that another web site makes a browser send: a page of another
        origin (Origin header), or a name that rebinds to this machine (Host header)."""
        host = self.headers.get("Host", "")
        if self.server.loopback and _host_name(host) not in self.server.local_names:
            raise RelayError(403, f"unexpected Host '{host[:60]}': open the address the "
                             "server printed")
        origin = self.headers.get("Origin")
        if method != "GET" and origin is not None and \
                urllib.parse.urlsplit(origin).netloc != host:
            raise RelayError(403, "requests from another site are refused")

    def send_json(self, status, payload):
        headers = {"Cache-Control": "no-store"}
        if status == 405:
            headers["Allow"] = ", ".join(payload.get("allow", []))
        data = json.dumps(payload).encode("utf-8")
        self._send(status, data, "application/json", headers)

    def send_stream(self, produce):
        """Answers with the items that produce(write) writes, one JSON object a line, each
        sent as it comes (an analysis streams its lines); the connection ends with them."""
        def write(item):
            if not self._streaming:
                self.send_response(200)
                self.send_header("Content-Type", "application/x-ndjson")
                self.send_header("Connection", "close")
                for name, value in dict(SECURITY_HEADERS, **{"Cache-Control": "no-store"}).items():
                    self.send_header(name, value)
                self.end_headers()
                self._streaming = True
                self.close_connection = True
            self._write_item(item)
        produce(write)

    def _write_item(self, item):
        self.wfile.write(json.dumps(item).encode("utf-8") + b"\n")
        self.wfile.flush()

    def _send(self, status, data, content_type, headers):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        if self.close_connection:
            self.send_header("Connection", "close")
        for name, value in dict(SECURITY_HEADERS, **headers).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)


def _host_name(host):
    """The name part of a Host header: 'localhost:8080' -> 'localhost', '[::1]:80' -> '::1'."""
    if host.startswith("["):
        return host[1:].partition("]")[0]
    return host.rpartition(":")[0] if host.count(":") == 1 else host


def url_of(address):
    """The address a browser opens for a server listening on `address` (host, port, ...):
    this machine's for a server on every interface."""
    host, port = address[:2]
    if host in ("0.0.0.0", "::"):
        host = "127.0.0.1"
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


class WebServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False

    def __init__(self, address, relay, verbose=False, read_seconds=READ_SECONDS):
        host = address[0]
        self.address_family = socket.AF_INET6 if ":" in host else socket.AF_INET
        super().__init__(address, Handler)
        self.relay = relay
        self.files = static_files()
        self.verbose = verbose
        self.read_seconds = read_seconds
        self.loopback = _is_loopback(host)
        self.local_names = {"localhost", "127.0.0.1", "::1", host}
        self._reaper = threading.Thread(target=self._reap, daemon=True)
        self._stopping = threading.Event()
        self._reaper.start()

    @property
    def url(self):
        return url_of(self.server_address)

    def _reap(self):
        while not self._stopping.wait(self.relay.limits.reap_seconds()):
            self.relay.reap()

    def server_close(self):
        self._stopping.set()
        super().server_close()
        self.relay.close_all()


def _is_loopback(host):
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
