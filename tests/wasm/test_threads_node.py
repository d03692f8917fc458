"""The package's two builds under Node (cli.mjs): each says which it is, and lists the threads
it takes; the threaded one (on Node's worker threads) plays a whole game at two threads with
legal moves, the native engine refereeing, stops its search at the next input line, and an
analysis stopped and started again many times leaves no thread behind.

Needs node, LIFELINE_WASM_PACKAGE (build-wasm/package, built with both builds) and
LIFELINE_ENGINE (the native referee); scripts/test_wasm.sh sets both.
"""

import os
import subprocess
import time
import unittest

from lifeline_tools.engine.gtp import GtpEngine

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGE = os.environ.get("LIFELINE_WASM_PACKAGE", os.path.join(ROOT, "build-wasm", "package"))
NATIVE = os.environ.get("LIFELINE_ENGINE", os.path.join(ROOT, "build", "lifeline"))
CLI = os.path.join(PACKAGE, "cli.mjs")


def wasm_command(build, flags=""):
    return f"env LIFELINE_WASM_BUILD={build} node {CLI} {flags}"


class BuildsTest(unittest.TestCase):
    def test_each_build_says_which_it_is_and_the_threads_it_takes(self):
        for build, words, limit in (("threads", "threaded build", "1..64"),
                                    ("single", "single-threaded build", "1..1")):
            with self.subTest(build=build):
                version = subprocess.run(["node", CLI, "--version"], capture_output=True,
                                         text=True, check=True, timeout=60,
                                         env=dict(os.environ, LIFELINE_WASM_BUILD=build))
                self.assertIn(f"WebAssembly, {words}", version.stdout)
                engine = GtpEngine(wasm_command(build))
                try:
                    listing = engine.ask("lifeline-set", timeout=60).splitlines()
                finally:
                    engine.close()
                threads = [line for line in listing if line.startswith("threads ")]
                self.assertEqual(len(threads), 1, listing)
                self.assertIn(f"(int {limit},", threads[0])

    def test_the_threaded_build_runs_where_the_package_has_it(self):
        version = subprocess.run(["node", CLI, "--version"], capture_output=True, text=True,
                                 check=True, timeout=60,
                                 env={k: v for k, v in os.environ.items()
                                      if k != "LIFELINE_WASM_BUILD"})
        self.assertIn("threaded build", version.stdout)


class TwoThreadsTest(unittest.TestCase):
    def setUp(self):
        self.engine = GtpEngine(wasm_command("threads", "--threads=2 --seed=3"))
        self.addCleanup(self.engine.close)

    def node_threads(self):
        return len(os.listdir(f"/proc/{self.engine.pid}/task"))

    def test_a_whole_game_of_legal_moves(self):
        referee = GtpEngine(NATIVE)
        self.addCleanup(referee.close)
        self.engine.ask("lifeline-set visits 400", timeout=60)
        self.engine.ask("lifeline-set resign 0", timeout=60)  # to the game's own end
        for engine in (self.engine, referee):
            engine.start_game(4, "strong-pie", timeout=60)
        moves = 0
        state = referee.state()
        while not state["over"]:
            color = state["to_move"]
            move = self.engine.ask(f"genmove {color}", timeout=120)
            referee.play(color, move)  # refused by the native rules: CommandRefused
            state = referee.state()
            moves += 1
            self.assertLess(moves, 200, "the game does not end")
        self.assertGreater(moves, 4)
        self.assertTrue(self.engine.state()["over"])

    def test_a_search_stops_at_the_next_line(self):
        self.engine.start_game(7, "weak-pie", timeout=60)
        self.assertTrue(self.engine.open_stream("lifeline-analyze 20", timeout=60).ok)
        time.sleep(1.5)
        seen = self.engine.stream_lines()
        asked = time.monotonic()
        self.engine.close_stream(timeout=10)
        stopped = time.monotonic() - asked
        self.assertTrue(seen and all(line.startswith("info move") for line in seen), seen)
        self.assertLess(stopped, 0.5)
        self.assertEqual(self.engine.ask("name", timeout=10), "lifeline")

    def test_analyses_started_and_stopped_leave_no_thread(self):
        self.engine.start_game(5, "strong-pie", timeout=60)

        def analyse_and_stop():
            self.engine.open_stream("lifeline-analyze 10", timeout=60)
            time.sleep(0.05)
            self.engine.close_stream(timeout=10)

        analyse_and_stop()
        before = self.node_threads()
        for _ in range(25):
            analyse_and_stop()
        self.assertEqual(self.node_threads(), before)


if __name__ == "__main__":
    unittest.main()
