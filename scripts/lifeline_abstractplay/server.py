"""The bot's HTTP endpoint, as Abstract Play calls it (docs/bots/protocol.md of
AbstractPlay/node-backend):

- GET: the ping, answered 200 {"operational": true};
- POST, signed: {"verb": "challenge", ...} answered 200 to accept or 400 to refuse, at once;
  {"verb": "move", ...} answered 202 at once, the move being chosen and posted to botQuery in
  the background (move_jobs.py).

The body is read only up to a size limit and within a time limit, and its signature is checked
before anything parses it. Every failure is a JSON answer {"message": ...} with its HTTP status,
and the server goes on serving. Connections are capped: one over the cap is closed at once.
TLS, and shielding the server from slow clients, are the business of a reverse proxy in front
(docs/abstractplay.md).
"""

import http.server
import json
import logging
import threading

from lifeline_tools.http_body import BodyError, read_body

from . import payloads, signature

log = logging.getLogger("lifeline.abstractplay")

DEFAULT_MAX_BODY = 256 * 1024
DEFAULT_MAX_CONNECTIONS = 64
# A client that stays silent this long in the middle of a request loses its connection, and
# one whose body has not arrived this long after its headers too.
SOCKET_TIMEOUT_SECONDS = 30
BODY_SECONDS = 30


class BotServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, address, verifier, jobs, max_body=DEFAULT_MAX_BODY,
                 max_connections=DEFAULT_MAX_CONNECTIONS):
        self.verifier = verifier
        self.jobs = jobs
        self.max_body = max_body
        self._slots = threading.BoundedSemaphore(max_connections)
        super().__init__(address, Handler)

    def process_request(self, request, client_address):
        if not self._slots.acquire(blocking=False):
            log.warning("refused a connection from %s: too many open", client_address[0])
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except Exception:
            self._slots.release()
            raise

    def process_request_thread(self, request, client_address):
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()

    @property
    def url(self):
        host, port = self.server_address[:2]
        return f"http://{host}:{port}/"


class Handler(http.server.BaseHTTPRequestHandler):
    server_version = "lifeline-abstractplay-bot"
    timeout = SOCKET_TIMEOUT_SECONDS

    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        log.debug("%s %s", self.address_string(), format % args)

    def do_GET(self):
        self._answer(200, {"operational": True})

    def do_POST(self):
        try:
            status, body = self._post()
        except Exception:  # the answer to one request must not stop the server
            log.exception("unexpected failure on a POST")
            status, body = 500, {"message": "internal error"}
        self._answer(status, body)

    def _method_not_allowed(self):
        self._answer(405, {"message": "only GET and POST"})

    do_PUT = do_DELETE = do_PATCH = _method_not_allowed

    def _post(self):
        raw, problem = self._read_body()
        if problem:
            return problem
        try:
            self.server.verifier.verify(self.headers, raw)
        except signature.VerificationError as error:
            log.warning("refused a request from %s: %s", self.address_string(), error)
            return 401, {"message": str(error)}
        try:
            payload = payloads.parse_json(raw)
            verb = payload.get("verb")
            if verb == "challenge":
                return self._challenge(payload)
            if verb == "move":
                return self._move(payload)
            return 400, {"message": f"unknown verb {str(verb)[:40]!r}"}
        except payloads.PayloadError as error:
            log.warning("refused a request: %s", error)
            return 400, {"message": str(error)}

    def _read_body(self):
        """(raw body, None) or (None, (status, answer)) when there is no acceptable body."""
        try:
            return read_body(self.headers, self.rfile, self.server.max_body, BODY_SECONDS), None
        except BodyError as error:
            self.close_connection = True
            return None, (error.status, {"message": str(error)})

    def _challenge(self, payload):
        try:
            challenge = payloads.challenge(payload)
        except payloads.PayloadError as error:
            log.info("challenge refused: %s", error)
            return 400, {"message": str(error)}
        log.info("challenge accepted: base %d, variants %s", challenge.base,
                 list(challenge.variants))
        return 200, {"accepted": True}

    def _move(self, payload):
        request = payloads.move_request(payload)
        outcome = self.server.jobs.submit(request)
        if outcome == "busy":
            log.error("game %s: move refused, the queue is full", request.gameid)
            return 503, {"message": "too many moves waiting; try again later"}
        return 202, {"queued": True, "duplicate": outcome == "duplicate"}

    def _answer(self, status, body):
        data = json.dumps(body).encode()
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except OSError:
            self.close_connection = True  # the client is gone; nothing to tell it
