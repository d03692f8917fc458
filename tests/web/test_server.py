"""The web server against the real engine: the API, engine processes, crashes, limits.

Needs LIFELINE_ENGINE, the path of the built engine (ctest sets it); skipped without it.
"""

import http.client
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import unittest

from support import ENGINE, SCRIPTS, Server, children, solver_engine
from helpers import alive, fake, wait_until_gone
from lifeline_tools import vocabulary
from lifeline_tools.gtp import GtpEngine
from lifeline_web import answers


def wait_for(condition, seconds=20.0, step=0.1):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(step)
    return condition()


def engine_board(record, base):
    """The board after a record, as a separate engine sees it."""
    engine = GtpEngine(ENGINE)
    try:
        for command in ["boardsize %d" % base, "clear_board"] + [
                line for line in record.splitlines() if line.startswith(("lifeline-rules",
                                                                          "komi", "play"))]:
            answer = engine.send(command, 30)
            assert answer.ok, (command, answer.text)
        return answers.board_of(answers.parse_state(engine.send("lifeline-state", 30).text))
    finally:
        engine.close()


@unittest.skipUnless(ENGINE, "LIFELINE_ENGINE is not set")
class ServerTest(unittest.TestCase):
    def setUp(self):
        self.server = Server(ENGINE)
        self.addCleanup(self.server.close)

    def new_game(self, **settings):
        body = dict(dict(base=3, time=0.1, human="black"), **settings)
        status, state, _ = self.server.post("/api/games", body)
        self.assertEqual(status, 201, state)
        return state

    def act(self, state, action, body=None, expect=200):
        status, answer, _ = self.server.post(f"/api/games/{state['id']}/{action}", body)
        self.assertEqual(status, expect, answer)
        return answer

    def test_the_page_and_nothing_else_is_served(self):
        status, text, headers = self.server.get("/")
        self.assertEqual(status, 200)
        self.assertIn("<title>Lifeline</title>", text)
        self.assertIn("default-src 'self'", headers["Content-Security-Policy"])
        for path in ("/app.js", "/board.js", "/api.js"):
            status, _, headers = self.server.get(path)
            self.assertEqual((status, headers["Content-Type"]),
                             (200, "text/javascript; charset=utf-8"), path)
        for path in ("/../../etc/passwd", "/%2e%2e/server.py", "/static/index.html",
                     "/..%2f..%2fREADME.md", "/server.py", "//etc/passwd", "/index.html/"):
            status, answer, _ = self.server.get(path)
            self.assertEqual(status, 404, path)
            self.assertIn("no such page", answer["error"])

    def test_the_vocabulary_is_the_scripts_one(self):
        status, answer, _ = self.server.get("/api/vocabulary")
        self.assertEqual((status, answer), (200, vocabulary.as_json()))
        self.assertEqual(answer["rules"], ["strong-pie", "weak-pie", "komi-pie"])

    def test_one_query_reads_the_game_after_an_action(self):
        state = self.act(self.new_game(human="both"), "play", {"move": "A1"})
        state = self.act(state, "play", {"move": "E5"})
        self.assertEqual((state["last"]["cells"], state["last"]["move"], state["move_number"]),
                         (["A1", "E5"], "A1,E5", 2))
        log = [line for _, line in self.server.get(f"/api/games/{state['id']}/log")[1]["lines"]]
        sent = [line for line in log[log.index("> play b A1"):] if line.startswith("> ")]
        self.assertEqual(sent, ["> play b A1", "> lifeline-state", "> play b E5",
                                "> lifeline-state"])

    def test_bad_requests_get_clear_errors(self):
        post = self.server.post
        cases = [
            (post("/api/games", raw=b"{not json", headers={"Content-Type": "application/json"}),
             400, "not JSON"),
            (post("/api/games", [1, 2]), 400, "JSON object"),
            (post("/api/games", {"base": 99}), 400, "base: expected 2 to 13"),
            (post("/api/games", {"base": "seven"}), 400, "base: expected int"),
            (post("/api/games", {"rules": "pie"}), 400, "rules: expected one of"),
            (post("/api/games", {"size": 5}), 400, "unknown field size"),
            (post("/api/games", {"time": 0}), 400, "time: expected 0.1 to 300"),
            (post("/api/games/nosuchgame/play", {"move": "D4"}), 404, "no such game"),
            (self.server.get("/api/games"), 405, "GET is not allowed"),
            (self.server.request("PUT", "/api/games/abc/undo", {}), 405, "use POST"),
            (self.server.get("/api/nothing"), 404, "no such API path"),
            (post("/api/games", raw=b"{}", headers={"Content-Length": str(3 << 20)}), 413,
             "larger than"),
            (self.server.get("/", headers={"Host": "attacker.example:8080"}), 403, "Host"),
            (post("/api/games", {}, headers={"Origin": "http://attacker.example"}), 403,
             "another site"),
        ]
        for (status, answer, _), expected_status, text in cases:
            self.assertEqual(status, expected_status, answer)
            self.assertIn(text, answer["error"])
        self.assertEqual(self.server.registry.count(), 0)

    def test_a_move_cannot_smuggle_a_command(self):
        state = self.new_game()
        for move in ("A1\nquit", "A1 quit", "genmove b", ""):
            answer = self.act(state, "play", {"move": move}, expect=400)
            self.assertIn("not a move", answer["error"])
        self.assertTrue(alive(self.server.session(state["id"]).engine_pid))

    def test_double_turn_undo_and_illegal_reasons(self):
        state = self.new_game()
        self.assertEqual((state["to_move"], state["stones"], state["turn_of"]),
                         ("black", 2, "human"))
        self.assertEqual(len(state["board"]), 19)
        state = self.act(state, "play", {"move": "c3"})
        self.assertEqual((state["pending"], state["stones"], state["board"]["C3"]),
                         ("C3", 1, "black"))
        answer = self.act(state, "play", {"move": "C4"}, expect=409)
        self.assertEqual((answer["reason"], answer["error"]), ("no effect", "illegal move: no effect"))
        answer = self.act(state, "play", {"move": "C3"}, expect=409)
        self.assertEqual(answer["reason"], "occupied")
        answer = self.act(state, "play", {"move": "Z9"}, expect=409)
        self.assertEqual(answer["reason"], "off board")
        answer = self.act(state, "genmove", expect=409)
        self.assertIn("your turn", answer["error"])
        state = self.act(state, "play", {"move": "A1"})
        self.assertEqual(state["last"]["cells"], ["C3", "A1"])
        self.assertIsNone(state["pending"])
        self.assertEqual((state["to_move"], state["turn_of"]), ("white", "engine"))
        state = self.act(state, "genmove")
        self.assertEqual(state["moves"][-1]["by"], "engine")
        # Undo takes back the engine's reply and the person's last stone: the first stone is
        # pending again.
        state = self.act(state, "undo")
        self.assertEqual([move["move"] for move in state["moves"]], ["C3"])
        self.assertEqual(state["pending"], "C3")
        state = self.act(state, "undo")
        self.assertEqual(state["moves"], [])
        answer = self.act(state, "undo", expect=409)
        self.assertIn("nothing to take back", answer["error"])

    def test_swap_exchanges_the_colours_and_the_record_says_who_won(self):
        state = self.new_game(human="white")
        self.assertEqual(state["turn_of"], "engine")
        state = self.act(state, "genmove")
        self.assertTrue(state["can_swap"])
        state = self.act(state, "play", {"move": "swap"})
        self.assertEqual((state["human"], state["to_move"], state["turn_of"]),
                         ("black", "white", "engine"))
        self.assertIn("# white: human", state["record"])
        state = self.act(state, "resign")
        self.assertEqual((state["over"], state["winner"], state["reason"]),
                         (True, "white", "resign"))
        self.assertIn("# result: W+", state["record"])
        self.assertIn("# winner: lifeline", state["record"])
        self.act(state, "play", {"move": "A1"}, expect=409)
        state = self.act(state, "undo")  # takes back the resignation alone
        self.assertFalse(state["over"])
        state = self.act(state, "undo")  # and then the swap
        self.assertEqual((state["human"], state["turn_of"]), ("white", "human"))

    def test_a_game_to_its_end_and_its_record(self):
        state = self.new_game(human="both")
        while not state["over"]:
            state = self.act(state, "genmove")
            self.assertEqual(state["turn_of"] is None, state["over"])
        self.assertEqual(state["reason"], "no legal move")
        self.assertEqual(state["legal"], [])
        self.assertIn(f"# result: {state['winner'][0].upper()}+", state["record"])
        status, record, headers = self.server.get(f"/api/games/{state['id']}/record")
        self.assertEqual((status, record), (200, state["record"]))
        self.assertIn("attachment", headers["Content-Disposition"])
        self.assertEqual(engine_board(record, 3), state["board"])
        # Each action's removed stones (lifeline-state's last_move, counting the action's own
        # stones that died at once) add up to the removed counts.
        removed = sum(move["removed"] for move in state["moves"])
        self.assertEqual(removed, state["captured"]["black"] + state["captured"]["white"],
                         state["record"])

    def test_the_engine_strength_is_a_setting(self):
        state = self.new_game(level=2)
        self.assertEqual(state["level"], 2)
        self.assertIn("# time: lifeline 0.1 s per move, level 2", state["record"])
        state = self.act(state, "settings", {"level": 5})
        self.assertEqual((state["level"], state["time"]), (5, 0.1))
        for body in ({"level": 9}, {"level": 0}, {"level": "3"}, {}):
            self.act(state, "settings", body, expect=400)
        state = self.act(state, "settings", {"level": 8, "time": 0.5})
        self.assertEqual((state["level"], state["time"]), (8, 0.5))
        self.assertIn("# time: lifeline 0.5 s per move\n", state["record"])

    def test_studying_a_past_position(self):
        state = self.new_game(human="both")
        while not state["over"]:
            state = self.act(state, "genmove")
        final, count = state, len(state["moves"])
        plays = [line for line in final["record"].splitlines() if line.startswith("play ")]
        head = "\n".join(line for line in final["record"].splitlines()
                         if not line.startswith("play "))
        for at in (0, 2, count - 1):
            state = self.act(state, "view", {"at": at})
            prefix = head + "\n" + "\n".join(plays[:at]) + "\n"
            self.assertEqual(state["board"], engine_board(prefix, 3), at)
            self.assertEqual((state["viewing"], state["turn_of"], state["legal"]), (at, None, []))
            # The game itself stays: its moves, its result, its record.
            self.assertEqual((state["moves"], state["over"], state["record"]),
                             (final["moves"], True, final["record"]))
        answer = self.act(state, "undo", expect=409)
        self.assertIn("latest position", answer["error"])
        self.act(state, "view", {"at": count + 1}, expect=400)
        self.act(state, "view", {"at": "2"}, expect=400)
        # Analysis studies the position shown, even in a finished game.
        state = self.act(state, "view", {"at": 2})
        status, analysis, _ = self.server.post(f"/api/games/{state['id']}/analysis", {"on": True})
        self.assertEqual((status, analysis["at"]), (200, 2))
        deadline = time.monotonic() + 20
        while not analysis["candidates"] and time.monotonic() < deadline:
            time.sleep(0.2)
            _, analysis, _ = self.server.get(f"/api/games/{state['id']}/analysis")
        self.assertTrue(analysis["candidates"], analysis)
        state = self.act(state, "view", {"at": None})
        self.assertEqual((state["viewing"], state["board"]), (None, final["board"]))
        self.assertEqual(state["last"], final["last"])

    def test_a_record_loads_and_bad_records_are_refused(self):
        record = "# a game\nboardsize 4\nlifeline-rules strong-pie\nkomi 0\n" \
                 "play b D4,D6\nplay w swap\nplay w A1  # a comment\n"
        status, state, _ = self.server.post("/api/games", {"record": record, "time": 0.1})
        self.assertEqual(status, 201, state)
        self.assertEqual((state["base"], state["to_move"], state["pending"], state["human"]),
                         (4, "white", "A1", "white"))
        # The person plays White now: the other player swapped, so the person started as Black.
        self.assertEqual([move["by"] for move in state["moves"]], ["human", "engine", "human"])
        self.assertEqual(engine_board(state["record"], 4), state["board"])
        for bad, text in (("boardsize 4\nplay b D4,D6\nplay b A1\n", "wrong color"),
                          ("boardsize 4\ngenmove b\n", "not a game record"),
                          ("play b D4\nquit\n", "not a game record")):
            status, answer, _ = self.server.post("/api/games", {"record": bad})
            self.assertEqual(status, 400, answer)
            self.assertIn(text, answer["error"])
        self.assertEqual(self.server.registry.count(), 1)

    def test_a_crashed_engine_resumes_from_the_moves(self):
        state = self.act(self.new_game(), "play", {"move": "A1"})
        state = self.act(state, "play", {"move": "E5"})
        state = self.act(state, "genmove")
        os.kill(self.server.session(state["id"]).engine_pid, signal.SIGKILL)
        move = next(cell for cell in state["legal"] if cell not in ("swap", "pass"))
        answer = self.act(state, "play", {"move": move}, expect=502)
        self.assertTrue(answer["crashed"])
        self.assertIn("engine", answer["error"])
        status, crashed, _ = self.server.get(f"/api/games/{state['id']}")
        self.assertIn("message", crashed["crashed"])
        self.act(state, "undo", expect=409)
        resumed = self.act(state, "resume")
        self.assertIsNone(resumed["crashed"])
        self.assertEqual(resumed["board"], state["board"])
        self.assertEqual(resumed["moves"], state["moves"])
        self.act(resumed, "play", {"move": move})
        self.act(resumed, "resume", expect=409)

    def test_closing_ends_the_engine(self):
        state = self.new_game()
        pid = self.server.session(state["id"]).engine_pid
        status, _, _ = self.server.post(f"/api/games/{state['id']}/close", raw=b"")
        self.assertEqual(status, 200)
        self.assertEqual(wait_until_gone([pid]), [])
        status, answer, _ = self.server.get(f"/api/games/{state['id']}")
        self.assertEqual((status, answer["gone"]), (404, True))

    def test_at_most_max_games_and_idle_games_end(self):
        self.server.close()
        self.server = Server(ENGINE, max_games=2, idle=1.0)
        first, second = self.new_game(), self.new_game()
        status, answer, _ = self.server.post("/api/games", {"base": 3})
        self.assertEqual(status, 503)
        self.assertIn("2 games are in progress", answer["error"])
        pids = [self.server.session(game["id"]).engine_pid for game in (first, second)]
        # Only the first game's page keeps asking; the second one's engine ends.
        deadline = time.monotonic() + 8
        while time.monotonic() < deadline and self.server.registry.count() > 1:
            self.server.get(f"/api/games/{first['id']}")
            time.sleep(0.2)
        self.assertEqual(self.server.registry.count(), 1)
        self.assertEqual(wait_until_gone([pids[1]]), [])
        self.assertTrue(alive(pids[0]))
        self.new_game()

    def test_an_engine_that_cannot_start(self):
        self.server.close()
        self.server = Server("/nonexistent/lifeline")
        status, answer, _ = self.server.post("/api/games", {"base": 3})
        self.assertEqual(status, 502)
        self.assertIn("cannot start", answer["error"])
        self.assertEqual(self.server.registry.count(), 0)

    def test_an_engine_without_the_needed_commands(self):
        self.server.close()
        self.server = Server(fake())  # the referee tests' toy engine
        status, answer, _ = self.server.post("/api/games", {"base": 3})
        self.assertEqual(status, 502)
        self.assertIn("refused: unknown command", answer["error"])
        self.assertEqual(self.server.registry.count(), 0)

    def test_analysis_while_the_person_thinks(self):
        state = self.new_game(base=4)
        status, analysis, _ = self.server.post(f"/api/games/{state['id']}/analysis", {"on": True})
        self.assertEqual((status, analysis["on"], analysis["solver"]["available"]),
                         (200, True, True))
        path = f"/api/games/{state['id']}/analysis"
        analysis = wait_for(lambda: (lambda a: a if a["candidates"] else None)(
            self.server.get(path)[1]))
        self.assertTrue(analysis["running"])
        self.assertTrue(0 <= analysis["winrate"] <= 1)
        self.assertEqual(analysis["to_move"], "black")
        for candidate in analysis["candidates"]:
            self.assertEqual(len(answers.move_cells(candidate["move"])), 2)  # a double turn
        # The territory the playouts foresee: every cell of the board, from -1 to 1.
        analysis = wait_for(lambda: (lambda a: a if a["territory"] else None)(
            self.server.get(path)[1]))
        self.assertEqual(sorted(analysis["territory"]), sorted(vocabulary.cells(4)))
        self.assertTrue(all(-1 <= value <= 1 for value in analysis["territory"].values()))
        # Moves stop the analysis and start it again on the new position.
        state = self.act(state, "play", {"move": "A1"})
        analysis = wait_for(lambda: (lambda a: a if a["candidates"] else None)(
            self.server.get(path)[1]))
        self.assertEqual(analysis["version"], state["version"])
        for candidate in analysis["candidates"]:
            self.assertEqual(len(answers.move_cells(candidate["move"])), 1)
        state = self.act(state, "play", {"move": "G7"})
        self.assertEqual(state["turn_of"], "engine")
        self.assertFalse(self.server.get(path)[1]["running"])
        state = self.act(state, "genmove")
        self.assertTrue(wait_for(lambda: self.server.get(path)[1]["running"]))
        self.server.post(f"/api/games/{state['id']}/analysis", {"on": False})
        self.assertFalse(self.server.get(path)[1]["running"])
        log = self.server.get(f"/api/games/{state['id']}/log")[1]["lines"]
        self.assertIn("> lifeline-analyze 50 territory", [line for _, line in log])
        self.assertNotIn("gogui-rules_game_id", str(log))

    def test_the_solver_verdict_when_the_engine_has_a_solver(self):
        with tempfile.TemporaryDirectory() as directory:
            log = os.path.join(directory, "solver.log")
            for commands, asked in (("lifeline-solve,lifeline-solve_all", "lifeline-solve_all 0.5"),
                                    ("lifeline-solve", "lifeline-solve 0.5")):
                with Server(solver_engine("win C3 swap", log, commands),
                            solve_seconds=0.5) as server:
                    status, state, _ = server.post("/api/games", {"base": 3, "time": 0.1})
                    self.assertEqual(status, 201, state)
                    self.assertTrue(state["solver"])
                    path = f"/api/games/{state['id']}/analysis"
                    self.assertEqual(server.post(path, {"on": True})[1]["solver"]["state"],
                                     "pending")
                    solver = wait_for(lambda: server.get(path)[1]["solver"]["state"] == "done"
                                      and server.get(path)[1]["solver"])
                    self.assertEqual((solver["verdict"], solver["moves"], solver["to_move"]),
                                     ("win", ["C3", "swap"], "black"))
                    # Once per position: the page's next polls do not ask again.
                    server.get(path)
                with open(log, encoding="utf-8") as stream:
                    self.assertEqual(stream.read().splitlines(), [asked])
                os.remove(log)

    def test_the_launcher_prints_the_address_and_cleans_up(self):
        process = subprocess.Popen(
            [sys.executable, os.path.join(SCRIPTS, "web.py"), "--port", "0", "--engine", ENGINE],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            line = process.stdout.readline()
            match = re.search(r"open http://127\.0\.0\.1:(\d+)/ in a browser", line)
            self.assertIsNotNone(match, line)
            port = int(match.group(1))
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            connection.request("POST", "/api/games", body=json.dumps({"base": 3}),
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
