"""The web server against the real engine: the page's files, the relay's commands and what it
refuses, engine processes, limits, and clients that go away: a page closed during an analysis
or a move, a client that stops halfway through its request, a page that stops pinging.

Needs LIFELINE_ENGINE, the path of the built engine (ctest sets it); skipped without it.
"""

import contextlib
import http.client
import io
import json
import os
import re
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
import unittest

from support import ENGINE, SCRIPTS, Server, children
from helpers import alive, wait_until_gone
from lifeline_web.relay import COMMANDS, RelayError, RelayLimits, check_command


def wait_for(condition, seconds=20.0, step=0.1):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(step)
    return condition()


class CommandCheckTest(unittest.TestCase):
    """check_command alone: what a page may send."""

    limits = RelayLimits(max_seconds=60, max_solve_seconds=10)

    def test_the_commands_of_a_game_pass(self):
        for line in ("name", "version", "protocol_version", "known_command lifeline-solve_all",
                     "list_commands", "boardsize 7", "boardsize 13", "clear_board",
                     "lifeline-rules", "lifeline-rules komi-pie", "komi 3", "play b A1",
                     "play white C3,E5", "play w swap", "play w pass", "genmove b", "undo",
                     "lifeline-state", "lifeline-set", "lifeline-set time 0.5",
                     "lifeline-set level 3", "lifeline-analyze 50 territory",
                     "lifeline-analyze 50", "lifeline-solve 1", "lifeline-solve_all 0.3",
                     "lifeline-book", "lifeline-book_cells", "lifeline-network"):
            self.assertEqual(check_command(line, self.limits), line)

    def test_everything_else_is_refused(self):
        refused = [
            "bench", "perft 3", "lifeline-loadgame /etc/passwd", "lifeline-loadgame game.txt",
            "lifeline-savegame /tmp/x", "lifeline-set threads 64", "lifeline-set memory 65536",
            "lifeline-set solver-memory 65536", "lifeline-set network /etc/passwd",
            "lifeline-set book /etc", "lifeline-book x", "lifeline-book_cells all",
            "lifeline-set time 61", "lifeline-set time 0", "lifeline-set level 9",
            "lifeline-set visits 1000000000", "boardsize 14", "boardsize 1", "komi 5000",
            "lifeline-solve 11", "lifeline-solve_all 100", "lifeline-analyze 1",
            "play b A1\nquit", "play b A1 quit", "play b A1;quit", "genmove b\rquit",
            "quit", "showboard", "gogui-analyze_commands", "lifeline-rules chess",
            "play x A1", "play b A1,B2,C3", "name ", " name", "NAME", "play b \u00c51",
            "known_command a" * 30, "", "genmove", "undo 2", "lifeline-state x",
        ]
        for line in refused:
            with self.assertRaises(RelayError, msg=repr(line)) as caught:
                check_command(line, self.limits)
            self.assertEqual(caught.exception.status, 400)
            self.assertRegex(str(caught.exception), "does not pass|printable", repr(line))
        for value in (None, 3, ["name"], {"command": "name"}):
            with self.assertRaises(RelayError):
                check_command(value, self.limits)

    def test_the_list_holds_no_dangerous_command(self):
        for name in ("lifeline-loadgame", "bench", "perft", "quit", "lifeline-savegame"):
            self.assertNotIn(name, COMMANDS)


@unittest.skipUnless(ENGINE, "LIFELINE_ENGINE is not set")
class RelayTest(unittest.TestCase):
    def setUp(self):
        self.server = Server(ENGINE)
        self.addCleanup(self.server.close)

    def start_engine(self):
        status, answer, _ = self.server.post("/relay/engines", {})
        self.assertEqual(status, 201, answer)
        return answer["id"]

    def open_request(self, path, body, length=None):
        """A connection that has sent POST `path` with `body`, saying that the body holds
        `length` bytes (by default, its length)."""
        connection = socket.create_connection(("127.0.0.1", self.server.port), timeout=10)
        length = len(body) if length is None else length
        connection.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                           f"application/json\r\nContent-Length: {length}\r\n\r\n".encode()
                           + body)
        return connection

    def open_command(self, engine_id, command, stream=0):
        body = json.dumps({"command": command, "stream": stream}).encode()
        return self.open_request(f"/relay/engines/{engine_id}", body)

    def assert_left_once(self, console, reason):
        """The server's console says in one line that a client left, and nothing else."""
        text = console.getvalue()
        self.assertNotIn("Traceback", text)
        self.assertEqual(len(text.splitlines()), 1, text)
        self.assertRegex(text, r"client left during POST /relay/engines/\S+: " + reason)

    def ask(self, engine_id, command):
        status, items = self.server.command(engine_id, command)
        self.assertEqual(status, 200, items)
        self.assertTrue(items[-1]["ok"], items)
        return items[-1]["text"]

    def test_the_page_and_nothing_else_is_served(self):
        status, text, headers = self.server.get("/")
        self.assertEqual(status, 200)
        self.assertIn("<title>Lifeline</title>", text)
        self.assertIn("default-src 'self'", headers["Content-Security-Policy"])
        # Cross-origin isolated, as the threaded WebAssembly engine needs (docs/wasm.md).
        self.assertEqual(headers["Cross-Origin-Opener-Policy"], "same-origin")
        self.assertEqual(headers["Cross-Origin-Embedder-Policy"], "require-corp")
        for path in ("/app.js", "/board.js", "/session.js", "/game_text.js", "/relay_engine.js"):
            status, _, headers = self.server.get(path)
            self.assertEqual((status, headers["Content-Type"]),
                             (200, "text/javascript; charset=utf-8"), path)
        for path in ("/../../etc/passwd", "/%2e%2e/server.py", "/static/index.html",
                     "/..%2f..%2fREADME.md", "/server.py", "//etc/passwd", "/index.html/",
                     "/api/games", "/api/vocabulary"):
            status, answer, _ = self.server.get(path)
            self.assertEqual(status, 404, path)
            self.assertIn("no such page", answer["error"])

    def test_a_game_through_the_relay(self):
        engine_id = self.start_engine()
        self.assertEqual(self.ask(engine_id, "name"), "lifeline")
        self.ask(engine_id, "boardsize 3")
        self.ask(engine_id, "play b A1")
        status, items = self.server.command(engine_id, "play b A1")
        self.assertEqual(status, 200)
        self.assertEqual(items, [{"ok": False, "text": "illegal move: occupied"}])
        state = json.loads(self.ask(engine_id, "lifeline-state"))
        self.assertEqual((state["base"], state["black"], state["pending"]), (3, ["A1"], "A1"))
        self.ask(engine_id, "lifeline-set time 0.1")
        self.ask(engine_id, "play b C3")
        move = self.ask(engine_id, "genmove w")
        self.assertTrue(move, "genmove answers a move")
        # The options' listing passes, without the network's file name and the book's folder.
        listing = self.ask(engine_id, "lifeline-set")
        self.assertIn("\nlevel ", listing)
        self.assertNotIn("\nnetwork ", listing)
        self.assertNotIn("\nbook ", listing)
        # An error answer names a file of the server's by its name alone.
        self.ask(engine_id, "boardsize 13")  # no opening map for base 13
        status, items = self.server.command(engine_id, "lifeline-book")
        self.assertEqual(status, 200)
        self.assertFalse(items[-1]["ok"])
        self.assertIn("no opening map for base 13", items[-1]["text"])
        self.assertIn("(base13-strong-pie.map)", items[-1]["text"])
        self.assertNotIn("/", items[-1]["text"])
        status, info, _ = self.server.get("/relay")
        self.assertEqual((status, info["engines"], info["max_engines"]), (200, 1, 4))
        self.assertIn("genmove", info["commands"])

    def test_refused_commands_never_reach_the_engine(self):
        engine_id = self.start_engine()
        for command in ("bench", "perft 2", "lifeline-loadgame /etc/passwd",
                        "lifeline-set threads 8", "lifeline-set memory 4096", "quit",
                        "play b A1\nquit", "lifeline-set time 100000"):
            status, answer = self.server.command(engine_id, command)
            self.assertEqual(status, 400, command)
            self.assertIn("does not pass" if "\n" not in command else "printable",
                          answer["error"], command)
        # The engine still runs and has seen none of them.
        self.assertEqual(self.ask(engine_id, "name"), "lifeline")
        self.assertEqual(self.server.relay.count(), 1)

    def test_bad_requests_get_clear_errors(self):
        post = self.server.post
        engine_id = self.start_engine()
        path = f"/relay/engines/{engine_id}"
        cases = [
            (post(path, raw=b"{not json", headers={"Content-Type": "application/json"}),
             400, "not JSON"),
            (post(path, [1, 2]), 400, "JSON object"),
            (post(path, {"command": "name", "extra": 1}), 400, "unknown field extra"),
            (post(path, {"command": 7}), 400, "a line of text"),
            (post(path, {"command": "name", "stream": -1}), 400, "stream"),
            (post(path, {"command": "name", "stream": True}), 400, "stream"),
            (post(path, {"command": "x" * 300}), 400, "at most 200"),
            (post("/relay/engines", {"engine": "/bin/sh"}), 400, "unknown field engine"),
            (post("/relay/engines/nosuchengine", {"command": "name"}), 404, "no such engine"),
            (self.server.request("PUT", path, {}), 405, "not allowed"),
            (self.server.get("/relay/engines"), 405, "use POST"),
            (self.server.get("/relay/nothing"), 404, "no such relay path"),
            (post(path, raw=b"{}", headers={"Content-Length": str(3 << 20)}), 413,
             "larger than"),
            (self.server.get("/", headers={"Host": "attacker.example:8080"}), 403, "Host"),
            (post("/relay/engines", {}, headers={"Origin": "http://attacker.example"}), 403,
             "another site"),
        ]
        for (status, answer, _), expected_status, text in cases:
            self.assertEqual(status, expected_status, answer)
            self.assertIn(text, answer["error"])
        self.assertEqual(self.server.relay.count(), 1)
        self.assertEqual(self.ask(engine_id, "name"), "lifeline")

    def test_an_analysis_streams_until_stopped_even_a_stop_sent_first(self):
        engine_id = self.start_engine()
        self.ask(engine_id, "boardsize 5")
        results = {}

        def analyse():
            results["answer"] = self.server.command(engine_id, "lifeline-analyze 20 territory",
                                                    stream=1)
        thread = threading.Thread(target=analyse)
        thread.start()
        time.sleep(1.0)
        status, answer, _ = self.server.post(f"/relay/engines/{engine_id}/stop", {"stream": 1})
        self.assertEqual((status, answer), (200, {"stopped": True}))
        thread.join(30)
        status, items = results["answer"]
        self.assertEqual(status, 200)
        self.assertEqual(items[-1], {"ok": True, "text": ""})
        lines = [item["line"] for item in items[:-1]]
        self.assertTrue(lines and all(line.startswith("info move ") for line in lines), lines)
        self.assertIn(" territory ", lines[-1])
        # A stop that comes before its analysis ends that analysis at once.
        self.server.post(f"/relay/engines/{engine_id}/stop", {"stream": 2})
        status, items = self.server.command(engine_id, "lifeline-analyze 20", stream=2)
        self.assertEqual((status, items[-1]), (200, {"ok": True, "text": ""}))
        self.assertEqual(self.ask(engine_id, "name"), "lifeline")

    def test_a_page_that_goes_away_during_an_analysis_frees_its_engine(self):
        engine_id = self.start_engine()
        self.ask(engine_id, "boardsize 5")
        with contextlib.redirect_stderr(io.StringIO()) as console:
            connection = self.open_command(engine_id, "lifeline-analyze 10", stream=1)
            self.assertIn(b"200", connection.recv(200))
            connection.close()
            # The relay notices at its next line, ends the analysis, and the engine answers
            # again.
            self.assertTrue(wait_for(lambda: self.server.command(engine_id, "name")[0] == 200,
                                     20))
        self.assert_left_once(console, "")
        self.assertEqual(self.ask(engine_id, "name"), "lifeline")

    def test_a_client_that_stops_halfway_through_its_body_is_cut_off(self):
        self.server.server.read_seconds = 1.0
        engine_id = self.start_engine()
        body = json.dumps({"command": "name"}).encode()
        with contextlib.redirect_stderr(io.StringIO()) as console:
            started = time.monotonic()
            connection = self.open_request(f"/relay/engines/{engine_id}",
                                           body[:len(body) // 2], len(body))
            # The server serves others meanwhile, the same engine included.
            self.assertEqual(self.ask(engine_id, "name"), "lifeline")
            connection.settimeout(5)
            self.assertEqual(connection.recv(200), b"", "the server closes the connection")
            waited = time.monotonic() - started
            connection.close()
        self.assertGreater(waited, 0.9)
        self.assertLess(waited, 3.0)
        self.assert_left_once(console, "silent for 1 s")
        self.assertEqual(self.ask(engine_id, "name"), "lifeline")

    def test_a_client_that_resets_its_connection_leaves_one_line(self):
        with contextlib.redirect_stderr(io.StringIO()) as console:
            connection = socket.create_connection(("127.0.0.1", self.server.port), timeout=10)
            connection.sendall(b"POST /relay/engines HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            connection.close()  # with a reset, as a browser that is killed
            self.assertTrue(wait_for(lambda: "client left" in console.getvalue(), 5))
            time.sleep(0.2)  # nothing more comes
        self.assertNotIn("Traceback", console.getvalue())
        self.assertRegex(console.getvalue(), r"^\S+ - - \[.*\] client left: Connection reset "
                                             r"by peer\n$")

    def test_a_body_left_unread_is_never_taken_for_a_request(self):
        # A refused request's body, and a GET's, stay unread: their connection ends.
        connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=10)
        self.addCleanup(connection.close)
        with contextlib.redirect_stderr(io.StringIO()) as console:
            for method, body, status in (("PUT", b"{}", 405), ("GET", b"{}", 200),
                                         ("GET", None, 200)):
                connection.request(method, "/relay", body=body)
                response = connection.getresponse()
                response.read()
                self.assertEqual(response.status, status, method)
            connection.close()
            time.sleep(0.2)
        self.assertEqual(console.getvalue(), "")

    def move_left_behind(self, then=None):
        """Sends genmove (a second's search) on a connection that it closes mid-move, calls
        then(engine_id) and waits for the engine to be free; the engine's id and what the
        server's console said meanwhile."""
        engine_id = self.start_engine()
        self.ask(engine_id, "boardsize 5")
        self.ask(engine_id, "lifeline-set time 1")
        engine = self.server.relay.get(engine_id)
        with contextlib.redirect_stderr(io.StringIO()) as console:
            connection = self.open_command(engine_id, "genmove b")
            self.assertTrue(wait_for(lambda: engine.busy, 5))
            connection.close()
            if then:
                then(engine_id)
            self.assertTrue(wait_for(lambda: not engine.busy, 10))
            self.assertTrue(wait_for(lambda: "client left" in console.getvalue(), 5))
            time.sleep(0.2)  # nothing more comes
        return engine_id, console

    def test_a_client_that_leaves_during_a_move_leaves_one_line(self):
        engine_id, console = self.move_left_behind()
        self.assert_left_once(console, "it closed the connection before the answer")
        # The engine lives on with its move, until its page closes it or stops pinging.
        state = json.loads(self.ask(engine_id, "lifeline-state"))
        self.assertTrue(state["black"], state)

    def test_a_tab_closed_during_a_move_ends_its_engine_quietly(self):
        # The page's last word, a beacon, closes the engine while it thinks.
        pids = children(os.getpid())
        engine_id, console = self.move_left_behind(
            lambda engine_id: self.server.post(f"/relay/engines/{engine_id}/close", raw=b""))
        self.assert_left_once(console, "it closed the connection before the answer")
        self.assertEqual(self.server.relay.count(), 0)
        self.assertEqual(wait_until_gone(pids), [])
        self.assertEqual(self.server.command(engine_id, "name")[1]["gone"], True)

    def test_an_engine_whose_page_stops_pinging_ends_busy_or_not(self):
        # Support's Server sets two limits; these replace them before any engine starts.
        self.server.relay.limits = RelayLimits(max_engines=5, ping_seconds=0.3, missed_pings=3)
        self.assertEqual(self.server.get("/relay")[1]["ping_seconds"], 0.3)
        status, answer, _ = self.server.post("/relay/engines", {})
        self.assertEqual((status, answer["ping_seconds"]), (201, 0.3))
        silent, pinging, thinking, silent_thinking, never = \
            [answer["id"]] + [self.start_engine() for _ in range(4)]
        for engine_id in (silent, pinging, thinking, silent_thinking):
            self.server.get(f"/relay/engines/{engine_id}")
        moves = {}

        def move(engine_id):
            moves[engine_id] = self.server.command(engine_id, "genmove b")
        threads = []
        for engine_id in (thinking, silent_thinking):
            self.ask(engine_id, "boardsize 5")
            self.ask(engine_id, "lifeline-set time 4")
            threads.append(threading.Thread(target=move, args=(engine_id,)))
            threads[-1].start()
        # Three missed pings are 0.9 s: the silent pages' engines end, busy or not; the
        # pinging pages keep theirs, a busy one too, and a client that never pinged has only
        # the idle limit.
        stop, answers = threading.Event(), set()

        def ping():
            while not stop.wait(0.1):
                for engine_id in (pinging, thinking):
                    answers.add(self.server.get(f"/relay/engines/{engine_id}")[0])
        pinger = threading.Thread(target=ping)
        pinger.start()
        self.addCleanup(pinger.join)
        self.addCleanup(stop.set)
        time.sleep(2.5)
        self.assertEqual(self.server.relay.count(), 3)
        self.assertTrue(wait_for(lambda: len(children(os.getpid())) == 3, 5))
        self.assertTrue(self.server.relay.get(thinking).busy)
        for thread in threads:
            thread.join(30)
        stop.set()
        self.assertEqual(answers, {200})
        self.assertTrue(moves[thinking][1][-1]["ok"], moves[thinking])
        # The move cut short answers "gone", so that a page still listening starts anew.
        self.assertEqual((moves[silent_thinking][0], moves[silent_thinking][1]["gone"]),
                         (404, True))
        for engine_id in (silent, silent_thinking):
            self.assertEqual(self.server.command(engine_id, "name")[1]["gone"], True)
        for engine_id in (pinging, thinking, never):
            self.assertEqual(self.ask(engine_id, "name"), "lifeline")

    def test_one_command_at_a_time(self):
        engine_id = self.start_engine()
        self.ask(engine_id, "boardsize 5")
        thread = threading.Thread(target=self.server.command,
                                  args=(engine_id, "lifeline-analyze 20", 1))
        thread.start()
        time.sleep(0.5)
        status, answer = self.server.command(engine_id, "name")
        self.assertEqual(status, 409)
        self.assertIn("another command", answer["error"])
        self.server.post(f"/relay/engines/{engine_id}/stop", {"stream": 1})
        thread.join(30)
        self.assertEqual(self.ask(engine_id, "name"), "lifeline")

    def test_closing_ends_the_engine(self):
        engine_id = self.start_engine()
        pids = children(os.getpid())
        status, _, _ = self.server.post(f"/relay/engines/{engine_id}/close", raw=b"")
        self.assertEqual(status, 200)
        self.assertEqual(wait_until_gone(pids), [])
        status, answer = self.server.command(engine_id, "name")
        self.assertEqual((status, answer["gone"]), (404, True))

    def test_at_most_max_games_and_idle_engines_end(self):
        self.server.close()
        self.server = Server(ENGINE, max_games=2, idle=1.0)
        first = self.start_engine()
        first_pid = children(os.getpid())
        second = self.start_engine()
        second_pid = sorted(set(children(os.getpid())) - set(first_pid))
        status, answer, _ = self.server.post("/relay/engines", {})
        self.assertEqual(status, 503)
        self.assertIn("2 games already", answer["error"])
        # Only the first engine's page keeps asking; the second one ends.
        deadline = time.monotonic() + 8
        while time.monotonic() < deadline and self.server.relay.count() > 1:
            self.server.get(f"/relay/engines/{first}")
            time.sleep(0.2)
        self.assertEqual(self.server.relay.count(), 1)
        self.assertEqual(wait_until_gone(second_pid), [])
        self.assertTrue(alive(first_pid[0]))
        self.assertEqual(self.server.command(second, "name")[1]["gone"], True)
        self.start_engine()

    def test_an_engine_that_dies_is_reported(self):
        engine_id = self.start_engine()
        for pid in children(os.getpid()):
            os.kill(pid, signal.SIGKILL)
        status, answer = self.server.command(engine_id, "name")
        self.assertEqual(status, 502)
        self.assertTrue(answer["crashed"])
        self.assertIn("engine stopped", answer["error"])

    def test_an_engine_that_cannot_start(self):
        self.server.close()
        self.server = Server("/nonexistent/lifeline")
        status, answer, _ = self.server.post("/relay/engines", {})
        self.assertEqual(status, 502)
        self.assertIn("cannot start", answer["error"])
        self.assertEqual(self.server.relay.count(), 0)

    def test_the_launcher_prints_the_address_and_cleans_up(self):
        process = subprocess.Popen(
            [sys.executable, os.path.join(SCRIPTS, "web.py"), "--port", "0", "--engine", ENGINE],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            line = process.stdout.readline()
            match = re.search(r"open http://127\.0\.0\.1:(\d+)/ in a browser", line)
            self.assertIsNotNone(match, line)
            connection = http.client.HTTPConnection("127.0.0.1", int(match.group(1)), timeout=30)
            connection.request("POST", "/relay/engines", body="{}",
                               headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            connection.close()
            self.assertEqual(response.status, 201)
            engine_pids = children(process.pid)
            self.assertEqual(len(engine_pids), 1)
            process.send_signal(signal.SIGTERM)
            self.assertNotEqual(process.wait(timeout=15), None)
            self.assertEqual(wait_until_gone(engine_pids), [])
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
            process.stdout.close()
            process.stderr.close()


if __name__ == "__main__":
    unittest.main()
