"""End-to-end tests of scripts/referee.py against fake engines (tests/scripts/fake_engine.py).

Every test runs a real match in a temporary directory and then checks the results file,
the game records and that no engine process is left behind.
"""

import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest

import helpers
from helpers import fake, processes_with, run_referee, unique_tag, wait_until_gone
from lifeline_tools.play.record import parse_record


class RefereeTestCase(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.TemporaryDirectory()
        self.out = os.path.join(self.directory.name, "out")
        self.tag = unique_tag()  # in every engine command, to find leftover processes

    def tearDown(self):
        leftovers = wait_until_gone(processes_with(self.tag))
        for pid in leftovers:
            os.kill(pid, signal.SIGKILL)
        self.directory.cleanup()
        self.assertEqual(leftovers, [], "engine processes outlived the referee")

    def match(self, mode1, mode2, *extra, options1=None, options2=None):
        engine1 = fake(mode1, name=f"one-{self.tag}", **(options1 or {}))
        engine2 = fake(mode2, name=f"two-{self.tag}", **(options2 or {}))
        process, results = run_referee(self.out, engine1, engine2, *extra)
        self.assertEqual(process.returncode, 0, process.stderr)
        return process, results

    def record(self, number):
        with open(os.path.join(self.out, f"game-{number:04}.txt"), encoding="utf-8") as stream:
            return parse_record(stream.read())

    def log_path(self, name):
        return os.path.join(self.directory.name, name)


class ForfeitTest(RefereeTestCase):
    def check_forfeits(self, mode, reason, *extra):
        """The misbehaving second program loses both games, once with each colour."""
        process, results = self.match("good", mode, "--games", "2", *extra)
        loser = f"two-{self.tag}"
        self.assertEqual(results["summary"]["wins"][loser], 0)
        for game in results["games"]:
            self.assertNotEqual(game["winner"], loser)
            self.assertTrue(game["reason"].startswith(reason), game)
            self.assertTrue(game["exchange"], "the offending exchange is logged")
            self.assertIn(f"{loser} loses by {reason}", process.stderr)
        return results

    def test_illegal_move(self):
        results = self.check_forfeits("illegal", "illegal move: occupied")
        exchange = results["games"][0]["exchange"]
        self.assertRegex(exchange[0], r"^> genmove [bw]$")
        self.assertRegex(exchange[1], r"^< = [A-Z]\d+$")
        self.assertRegex(exchange[2], r"^referee > play [bw] [A-Z]\d+$")
        self.assertEqual(exchange[3], "referee < ? illegal move: occupied")
        headers, commands = self.record(1)
        self.assertTrue(headers["reason"][0].startswith("illegal move"))
        # The refused move is not in the record, so the record still replays.
        self.assertNotIn(exchange[2][len("referee > "):], commands)

    def test_crash_mid_game_and_restart(self):
        results = self.check_forfeits("crash", "crash")
        # The engine crashed in game 1 and was started again: game 2 also reached move 2.
        self.assertGreaterEqual(len(results["games"][1]["moves"]), 2)
        self.assertIn("stderr: fake: crashing on purpose", results["games"][0]["exchange"])

    def test_hang_is_killed_after_time_plus_margin(self):
        pidfile = self.log_path("children")
        engine2 = fake("hang", name=f"two-{self.tag}", pidfile=pidfile)
        start = time.monotonic()
        process, results = run_referee(self.out, fake("good", name=f"one-{self.tag}"), engine2,
                                       "--games", "2", "--time-per-move", "0.2",
                                       "--margin", "0.3")
        self.assertEqual(process.returncode, 0, process.stderr)
        self.assertLess(time.monotonic() - start, 20)
        for game in results["games"]:
            self.assertEqual(game["reason"], "time")
            self.assertIn("within 0.5 s", game["detail"])
        # The hung engine's own child process died with its process group.
        with open(pidfile, encoding="utf-8") as stream:
            children = [int(line) for line in stream]
        self.assertEqual(wait_until_gone(children), [])

    def test_protocol_garbage(self):
        results = self.check_forfeits("garbage", "protocol error")
        self.assertIn("< hello, I am not speaking GTP", results["games"][0]["exchange"])

    def test_refusing_a_legal_move(self):
        self.check_forfeits("refuse", "protocol error")

    def test_time_loss_with_a_slow_clock(self):
        # Fischer 0.3 s and no increment: the hanging turn exceeds main time plus margin.
        self.check_forfeits("hang", "time", "--tc", "0.3+0", "--margin", "0.1")

    def test_resign(self):
        _, results = self.match("good", "resign", "--games", "2")
        self.assertEqual([game["reason"] for game in results["games"]], ["resign", "resign"])
        # An unfinished board has no score to ask for, and nothing to warn about.
        self.assertEqual([game["final_scores"] for game in results["games"]], [{}, {}])
        self.assertEqual([game["warnings"] for game in results["games"]], [[], []])


class SwapTest(RefereeTestCase):
    def test_swap_exchanges_programs_and_colours(self):
        log_one, log_two = self.log_path("one.log"), self.log_path("two.log")
        # Six turns, then the side to move has lost. Game 1: one is Black, two is White.
        # Turn 1 one plays B; turn 2 two swaps (two is now Black, one White); turns 3-6 are
        # W one, B two, W one, B two; White (one) is to move and has lost.
        _, results = self.match("good", "swap", "--games", "1",
                                "--referee-engine", fake("good", tag=self.tag, length=6),
                                options1={"length": 6, "log": log_one},
                                options2={"length": 6, "log": log_two})
        game = results["games"][0]
        self.assertEqual(game["black"], f"one-{self.tag}")
        self.assertEqual(game["moves"][1], "w swap")
        self.assertEqual(game["result"], "B+")
        self.assertEqual(game["winner"], f"two-{self.tag}")
        self.assertEqual(game["reason"], "no legal move")
        self.assertEqual(results["summary"]["wins_as_white"][f"two-{self.tag}"], 1)
        self.assertEqual(results["summary"]["won_by_final_color"], {"B+": 1, "W+": 0})
        # After the swap the program that started as Black is asked for White's turn.
        with open(log_one, encoding="utf-8") as stream:
            one = [line.strip() for line in stream]
        self.assertEqual(one[one.index("play w swap") + 1], "genmove w")
        with open(log_two, encoding="utf-8") as stream:
            two = [line.strip() for line in stream]
        self.assertIn("genmove b", two[two.index("genmove w") + 1:])
        self.assertEqual(game["final_scores"], {f"one-{self.tag}": "B+", f"two-{self.tag}": "B+"})


class MatchTest(RefereeTestCase):
    def test_alternating_colours_and_openings(self):
        openings = self.log_path("openings.txt")
        with open(openings, "w", encoding="utf-8") as stream:
            stream.write("# two openings\nG7,D4 E5,C3\n\nA1,B2  # a comment\n")
        _, results = self.match("good", "good", "--games", "4", "--openings", openings)
        games = results["games"]
        self.assertEqual([game["black"][:3] for game in games], ["one", "two", "one", "two"])
        self.assertEqual([game["opening"] for game in games],
                         [["G7,D4", "E5,C3"]] * 2 + [["A1,B2"]] * 2)
        self.assertEqual(games[0]["moves"][:2], ["b G7,D4", "w E5,C3"])
        headers, commands = self.record(1)
        self.assertEqual(commands[:5], ["boardsize 7", "lifeline-rules strong-pie", "komi 0",
                                        "play b G7,D4", "play w E5,C3"])
        self.assertEqual(headers["opening"], ["G7,D4 E5,C3"])

    def test_illegal_opening_aborts_the_game(self):
        openings = self.log_path("openings.txt")
        with open(openings, "w", encoding="utf-8") as stream:
            stream.write("D4,D4\n")
        process, results = self.match("good", "good", "--games", "2", "--openings", openings)
        self.assertEqual(results["summary"]["aborted"], 2)
        self.assertEqual(results["summary"]["games"], 0)
        self.assertIn("aborted: opening move refused", process.stderr)
        headers, _ = self.record(1)
        self.assertEqual(headers["result"], ["none"])

    def test_records_replay(self):
        _, results = self.match("good", "good", "--games", "2", "--rules", "komi-pie",
                                "--komi", "3", "--base", "4")
        for number, game in enumerate(results["games"], start=1):
            headers, commands = self.record(number)
            self.assertEqual(headers["result"], [game["result"]])
            self.assertEqual(commands[:3], ["boardsize 4", "lifeline-rules komi-pie", "komi 3"])
            replay = subprocess.run([sys.executable, helpers.FAKE], text=True,
                                    capture_output=True, timeout=30,
                                    input="\n".join(commands + ["final_score"]) + "\n")
            answers = [line for line in replay.stdout.split("\n") if line]
            self.assertTrue(all(line.startswith("=") for line in answers), answers)
            self.assertEqual(answers[-1], "= " + game["result"])

    def test_time_settings_are_sent(self):
        log = self.log_path("one.log")
        self.match("good", "good", "--games", "1", "--time-per-move", "0.25",
                   options1={"log": log})
        with open(log, encoding="utf-8") as stream:
            commands = stream.read().split("\n")
        self.assertIn("time_settings 0 0.25 1", commands)
        self.assertTrue(any(line.startswith("time_left ") and line.endswith(" 0.25 1")
                            for line in commands))

    def test_table_and_summary(self):
        process, results = self.match("good", "illegal", "--games", "4", "--name1", "alpha",
                                      "--name2", "beta")
        self.assertIn("alpha        4     4       2/2       2/2  100.0%", process.stdout)
        self.assertIn("beta         4     0       0/2       0/2   0.0%", process.stdout)
        self.assertIn("Elo difference (alpha): +inf +/- inf (95%), LOS 97.7%", process.stdout)
        self.assertEqual(results["summary"]["wins"], {"alpha": 4, "beta": 0})
        self.assertIsNone(results["summary"]["elo"])  # infinite

    def test_sprt_stops_early(self):
        _, results = self.match("good", "illegal", "--games", "100",
                                "--sprt", "0", "200", "0.05", "0.05")
        # Each win adds 0.418 to the LLR; the eighth crosses ln(0.95 / 0.05) = 2.94.
        self.assertEqual(len(results["games"]), 8)
        self.assertEqual(results["summary"]["sprt"]["verdict"], "H1")

    def test_concurrency(self):
        _, results = self.match("good", "good", "--games", "6", "--concurrency", "3")
        self.assertEqual(sorted(game["number"] for game in results["games"]), list(range(1, 7)))
        self.assertEqual(results["summary"]["games"], 6)

    def test_resume_keeps_the_games_finished(self):
        _, first = self.match("good", "illegal", "--games", "2")
        record = os.path.join(self.out, "game-0001.txt")
        finished_at = os.stat(record).st_mtime_ns
        _, second = self.match("good", "illegal", "--games", "4")
        self.assertEqual([game["number"] for game in second["games"]], [1, 2, 3, 4])
        self.assertEqual(second["games"][:2], first["games"])
        self.assertEqual(second["summary"]["wins"][f"one-{self.tag}"], 4)
        self.assertEqual(os.stat(record).st_mtime_ns, finished_at)

    def test_resume_refuses_another_match(self):
        self.match("good", "good", "--games", "1")
        engine = fake("good", name=f"one-{self.tag}")
        # --size, the base's old name, still works for a release, with a warning.
        process, _ = run_referee(self.out, engine, fake("good", name=f"two-{self.tag}"),
                                 "--games", "1", "--size", "5")
        self.assertNotEqual(process.returncode, 0)
        self.assertIn("--size is deprecated", process.stderr)
        self.assertIn("is another match (settings differs)", process.stderr)

    def test_same_engine_names_are_told_apart(self):
        process, results = run_referee(self.out, fake("good", tag=self.tag),
                                       fake("good", tag=self.tag), "--games", "1")
        self.assertEqual(process.returncode, 0, process.stderr)
        self.assertEqual([player["name"] for player in results["players"]],
                         ["fake-good-1", "fake-good-2"])

    def test_terminate_kills_the_engines(self):
        engine = fake("hang", name=f"x-{self.tag}", fail_at=1)
        referee = subprocess.Popen(
            [sys.executable, os.path.join(helpers.SCRIPTS, "referee.py"), "--engine1",
             fake("good", name=f"y-{self.tag}"), "--engine2", engine, "--games", "2",
             "--out", self.out], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        def engines():
            return [pid for pid in processes_with(self.tag) if pid != referee.pid]

        while len(engines()) < 3 and time.monotonic() < deadline:
            time.sleep(0.05)
        self.assertEqual(len(engines()), 3)  # two players and the referee engine
        referee.send_signal(signal.SIGTERM)
        self.assertEqual(referee.wait(timeout=20), 128 + signal.SIGTERM)


if __name__ == "__main__":
    unittest.main()
