"""scripts/match_summary.py: parts of one match add up; parts of different matches are refused."""

import gzip
import json
import os
import tempfile
import unittest

import helpers

SETTINGS = {"size": 7, "rules": "strong-pie", "komi": 0, "control": "0 s + byo-yomi 1 s / 1 turns",
            "margin": 0.5}


def game(black, white, result, reason="no legal move"):
    winner = black if result == "B+" else white
    return {"black": black, "white": white, "result": result, "winner": winner,
            "reason": reason}


class MatchSummaryTest(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.directory.cleanup()

    def part(self, name, games, first="alpha", second="beta", **settings):
        """Writes a referee output directory holding `games`; returns its path."""
        path = os.path.join(self.directory.name, name)
        os.makedirs(path)
        results = {"players": [{"name": first, "command": "a"}, {"name": second, "command": "b"}],
                   "settings": dict(SETTINGS, **settings), "games": games}
        with open(os.path.join(path, "results.json"), "w", encoding="utf-8") as stream:
            json.dump(results, stream)
        return path

    def summary(self, *paths):
        process = helpers.run_script("match_summary.py", ["--json"] + list(paths))
        self.assertEqual(process.returncode, 0, process.stderr)
        return json.loads(process.stdout)

    def test_parts_add_up(self):
        one = self.part("one", [game("alpha", "beta", "B+"), game("beta", "alpha", "B+")])
        # The second part lists the programs the other way round and has an aborted game.
        two = self.part("two", [game("alpha", "beta", "W+", "resign"),
                                game("beta", "alpha", "W+"),
                                {"black": "alpha", "white": "beta", "result": None,
                                 "winner": None, "reason": "aborted"}],
                        first="beta", second="alpha", margin=2.0)
        summary = self.summary(one, os.path.join(two, "results.json"))
        self.assertEqual(summary["games"], 4)
        self.assertEqual(summary["aborted"], 1)
        self.assertEqual(summary["wins"], {"alpha": 2, "beta": 2})
        self.assertEqual(summary["wins_as_black"], {"alpha": 1, "beta": 1})
        self.assertEqual(summary["reasons"], {"no legal move": 3, "resign": 1})
        self.assertAlmostEqual(summary["elo"], 0.0)

    def test_a_compressed_part_is_read(self):
        one = self.part("one", [game("alpha", "beta", "B+")])
        packed = os.path.join(self.directory.name, "one.json.gz")
        with open(os.path.join(one, "results.json"), "rb") as plain, gzip.open(packed, "wb") as out:
            out.write(plain.read())
        self.assertEqual(self.summary(packed)["wins"], {"alpha": 1, "beta": 0})

    def test_the_table_is_the_referees(self):
        one = self.part("one", [game("alpha", "beta", "B+")] * 3 + [game("beta", "alpha", "B+")])
        process = helpers.run_script("match_summary.py", [one])
        self.assertEqual(process.returncode, 0, process.stderr)
        self.assertRegex(process.stdout, r"alpha\s+4\s+3\s+3/3\s+0/1\s+75\.0%")
        self.assertIn("Elo difference (alpha): +190.8", process.stdout)

    def test_other_settings_or_programs_are_refused(self):
        one = self.part("one", [game("alpha", "beta", "B+")])
        for name, extra in (("size", {"size": 5}), ("control", {"control": "none"}),
                            ("programs", {"second": "gamma"})):
            other = self.part(f"other-{name}", [game("alpha", "beta", "B+")], **extra)
            process = helpers.run_script("match_summary.py", [one, other])
            self.assertEqual(process.returncode, 1)
            self.assertIn("match_summary:", process.stderr)
            self.assertIn("other-", process.stderr)

    def test_a_missing_part_is_an_error(self):
        process = helpers.run_script("match_summary.py", [os.path.join(self.directory.name, "no")])
        self.assertEqual(process.returncode, 1)
        self.assertIn("No such file", process.stderr)


if __name__ == "__main__":
    unittest.main()
