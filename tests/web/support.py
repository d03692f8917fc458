"""Shared pieces of the front end's tests: paths, an in-process server, HTTP requests."""

import http.client
import json
import os
import sys
import threading

import helpers

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCRIPTS = os.path.join(ROOT, "scripts")
SOLVER_ENGINE = os.path.join(HERE, "solver_engine.py")
ENGINE = helpers.engine_path()

from lifeline_web.relay import Relay, RelayLimits  # noqa: E402
from lifeline_web.server import WebServer  # noqa: E402


def children(pid):
    """Process ids whose parent is `pid` (the engines a server process started)."""
    found = []
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8") as stream:
                fields = stream.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[1] == str(pid) and fields[0] != "Z":
            found.append(int(entry))
    return found


def solver_engine(verdict, log, commands="lifeline-solve,lifeline-solve_all"):
    """The engine behind a pretend solver (solver_engine.py)."""
    return (f"{sys.executable} {SOLVER_ENGINE} --verdict '{verdict}' --commands {commands} "
            f"--log {log} -- {ENGINE} --seed 1")


class Server:
    """The web server on a free port of 127.0.0.1, served from a thread of this process."""

    def __init__(self, engine, max_games=4, idle=120.0):
        self.relay = Relay(engine, RelayLimits(max_engines=max_games, idle_seconds=idle))
        self.server = WebServer(("127.0.0.1", 0), self.relay)
        self.port = self.server.server_address[1]
        self._thread = threading.Thread(target=self.server.serve_forever,
                                        kwargs={"poll_interval": 0.05}, daemon=True)
        self._thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()
        self._thread.join(timeout=10)

    def __enter__(self):
        return self

    def __exit__(self, *_exc):
        self.close()

    def request(self, method, path, body=None, headers=None, raw=None, timeout=60):
        """(status, decoded JSON, its items for a stream of JSON lines, or text, response
        headers)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        headers = dict(headers or {})
        data = raw
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            headers.setdefault("Content-Type", "application/json")
        try:
            connection.request(method, path, body=data, headers=headers)
            response = connection.getresponse()
            payload = response.read().decode("utf-8")
            kind = response.getheader("Content-Type", "")
            if kind.startswith("application/json"):
                payload = json.loads(payload)
            elif kind.startswith("application/x-ndjson"):
                payload = [json.loads(line) for line in payload.splitlines() if line.strip()]
            return response.status, payload, dict(response.getheaders())
        finally:
            connection.close()

    def post(self, path, body=None, **options):
        if body is None and "raw" not in options:
            body = {}
        return self.request("POST", path, body, **options)

    def get(self, path, **options):
        return self.request("GET", path, **options)

    def command(self, engine_id, command, stream=0):
        """The relay's answer to one command: (status, its items or the error)."""
        status, payload, _ = self.post(f"/relay/engines/{engine_id}",
                                       {"command": command, "stream": stream})
        return status, payload
