"""The referee against the real engine: a short match whose records load back.

Needs LIFELINE_ENGINE, the path of the built engine (ctest sets it); skipped without it.
"""

import os
import subprocess
import tempfile
import unittest

import helpers
from helpers import processes_with, run_referee, unique_tag, wait_until_gone
from lifeline_tools.play.record import parse_record

ENGINE = helpers.engine_path()


@unittest.skipUnless(ENGINE, "LIFELINE_ENGINE is not set")
class RealEngineTest(unittest.TestCase):
    def test_short_match_records_load_back(self):
        tag = unique_tag()
        # The tag is a dummy argument of `env`, so the test can find every engine process.
        engine = f"env LIFELINE_TEST_TAG={tag} {ENGINE}"
        with tempfile.TemporaryDirectory() as directory:
            out = os.path.join(directory, "out")
            # The wide margin keeps a loaded machine from losing a game on time: the test is of
            # the records, not of the clock.
            process, results = run_referee(out, engine, engine, "--games", "2", "--base", "4",
                                           "--time-per-move", "0.05", "--margin", "5",
                                           timeout=300)
            self.assertEqual(process.returncode, 0, process.stderr)
            self.assertEqual(results["summary"]["games"], 2, process.stdout)
            for game in results["games"]:
                self.assertIn(game["reason"], ("no legal move", "resign"), game)
                self.check_record_loads(os.path.join(out, game["record"]), game["result"])
        self.assertEqual(wait_until_gone(processes_with(tag)), [])

    def check_record_loads(self, path, result):
        with open(path, encoding="utf-8") as stream:
            headers, _ = parse_record(stream.read())
        self.assertEqual(headers["result"], [result])
        replay = subprocess.run([ENGINE], input=f"lifeline-loadgame {path}\nfinal_score\n",
                                capture_output=True, text=True, timeout=60)
        answers = [line for line in replay.stdout.split("\n") if line]
        self.assertTrue(answers[0].startswith("="), replay.stdout)
        self.assertEqual(answers[-1], f"= {result}")


if __name__ == "__main__":
    unittest.main()
