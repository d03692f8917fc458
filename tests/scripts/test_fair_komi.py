"""scripts/openings.py fair-komi and fair-komi-report (lifeline_tools/openings/fair_komi.py,
komi_fit.py): the fit recovers a known crossing and calls a flat curve undecided, the Wilson
interval, and against the engine on base 3: a run killed and started again plays the games an
uninterrupted run plays, more games and more komi are added to a folder, other settings are
refused, and the report's JSON.
"""

import json
import math
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest

import helpers
from helpers import ROOT
from lifeline_tools.learning import selfplay
from lifeline_tools.openings import fair_komi, komi_fit, maps, runs
from lifeline_tools.play import stats

ENGINE = helpers.engine_path()
SCRIPT = os.path.join(ROOT, "scripts", "openings.py")


def expected_rows(crossing, slope, games, komis):
    """Rows whose wins are what the logistic curve expects, rounded."""
    return [komi_fit.Row(komi, games, round(games / (1 + math.exp(-slope * (komi - crossing)))))
            for komi in komis]


class FitTest(unittest.TestCase):
    def test_a_known_crossing_is_recovered(self):
        fit = komi_fit.fit(expected_rows(4.3, -0.3, 400, range(2, 8)))
        self.assertEqual(fit.status, komi_fit.DECIDED)
        self.assertAlmostEqual(fit.crossing, 4.3, delta=0.05)
        self.assertAlmostEqual(fit.slope, -0.3, delta=0.02)
        self.assertLess(fit.low, 4.3)
        self.assertGreater(fit.high, 4.3)
        self.assertEqual((fit.fair, fit.fair_low, fit.fair_high), (5, 5, 5))
        self.assertLess(fit.chance(5), 0.5)
        self.assertGreater(fit.chance(4), 0.5)

    def test_fewer_games_give_a_wider_interval(self):
        many = komi_fit.fit(expected_rows(4.3, -0.3, 400, range(2, 8)))
        few = komi_fit.fit(expected_rows(4.3, -0.3, 100, range(2, 8)))
        self.assertGreater(few.high - few.low, many.high - many.low)
        self.assertLessEqual(few.fair_low, 5)
        self.assertGreaterEqual(few.fair_high, 5)

    def test_a_flat_curve_is_undecided(self):
        for rows in ([komi_fit.Row(komi, 200, 100) for komi in range(2, 8)],
                     expected_rows(10, -0.02, 200, range(2, 8))):
            fit = komi_fit.fit(rows)
            self.assertEqual(fit.status, komi_fit.FLAT)
            self.assertIsNone(fit.fair)
            self.assertIn("cannot tell", fair_komi.verdict(fit, [2, 7]))

    def test_a_crossing_below_the_komi_played_is_said(self):
        fit = komi_fit.fit(expected_rows(1.5, -0.3, 400, range(2, 8)))
        self.assertEqual(fit.status, komi_fit.OUTSIDE)
        self.assertEqual(fit.fair, 2)
        self.assertIn("play komi below", fair_komi.verdict(fit, [2, 7]))

    def test_no_komi_lies_below_0(self):
        # Base 4's first games at 200 visits: the interval reaches below komi 0, which was played.
        fit = komi_fit.fit([komi_fit.Row(0, 20, 14), komi_fit.Row(1, 20, 8),
                            komi_fit.Row(2, 20, 7), komi_fit.Row(3, 20, 2)])
        self.assertLess(fit.low, 0)
        self.assertEqual(fit.status, komi_fit.DECIDED)
        self.assertEqual((fit.fair, fit.fair_low, fit.fair_high), (1, 0, 2))

    def test_an_interval_wider_than_the_komi_played_is_undecided(self):
        for rows in ([komi_fit.Row(3, 300, 180), komi_fit.Row(4, 300, 150)],
                     [komi_fit.Row(2, 100, 62), komi_fit.Row(3, 100, 60),
                      komi_fit.Row(4, 100, 48)]):  # the second unbounded above
            fit = komi_fit.fit(rows)
            self.assertGreater(fit.deviance, komi_fit.CHI2_95)  # a slope, but not enough
            self.assertEqual(fit.status, komi_fit.WIDE)
            self.assertIsNone(fit.fair)
            self.assertIn("cannot tell", fair_komi.verdict(fit, [2, 4]))

    def test_games_that_separate_give_the_step(self):
        rows = [komi_fit.Row(1, 10, 10), komi_fit.Row(2, 10, 10), komi_fit.Row(3, 10, 0)]
        fit = komi_fit.fit(rows)
        self.assertEqual(fit.status, komi_fit.DECIDED)
        self.assertTrue(2 < fit.low < fit.crossing < fit.high < 3)
        self.assertEqual(fit.fair, 3)

    def test_one_komi_is_no_fit(self):
        self.assertEqual(komi_fit.fit([komi_fit.Row(3, 50, 20)]).status, komi_fit.TOO_FEW)

    def test_the_bracket_reads_the_komi_one_by_one(self):
        rows = [komi_fit.Row(0, 167, 108), komi_fit.Row(1, 167, 54), komi_fit.Row(2, 167, 50),
                komi_fit.Row(3, 167, 51)]  # base 4: a drop at komi 1, then a plateau
        self.assertEqual(komi_fit.bracket(rows, stats.wilson_interval), (1, 1))
        # The curve fits this badly, and its interval is wider.
        fit = komi_fit.fit(rows)
        self.assertLess(fit.low, 0)
        even = [komi_fit.Row(0, 20, 11), komi_fit.Row(1, 20, 9), komi_fit.Row(4, 50, 10)]
        self.assertEqual(komi_fit.bracket(even, stats.wilson_interval), (0, 4))
        self.assertEqual(komi_fit.bracket(even[:2], stats.wilson_interval), (0, None))
        contradicting = [komi_fit.Row(0, 100, 10), komi_fit.Row(3, 100, 90)]
        self.assertIsNone(komi_fit.bracket(contradicting, stats.wilson_interval))

    def test_wilson_interval(self):
        for wins, games, low, high in ((5, 10, 0.2366, 0.7634), (0, 10, 0.0, 0.2775),
                                       (10, 10, 0.7225, 1.0), (0, 0, 0.0, 1.0)):
            got = stats.wilson_interval(wins, games)
            self.assertAlmostEqual(got[0], low, places=4)
            self.assertAlmostEqual(got[1], high, places=4)

    def test_komi_lists(self):
        self.assertEqual(fair_komi.parse_komis("2-5"), [2, 3, 4, 5])
        self.assertEqual(fair_komi.parse_komis("0-2, 6,1"), [0, 1, 2, 6])
        for wrong in ("", "x", "5-3", "-2", "2-", "1000"):
            with self.assertRaises(ValueError, msg=wrong):
                fair_komi.parse_komis(wrong)

    def test_the_network_value_is_read_from_either_answer(self):
        self.assertEqual(fair_komi.network_value("value 0.5682 swap 0.0000\npolicy A1 1"), 0.5682)
        self.assertEqual(fair_komi.network_value("value 0.51 swap 0.0000 spend 0.0100"), 0.51)
        self.assertIsNone(fair_komi.network_value("no network: none"))


def summary_of(rows, base=7, visits=300):
    """A report of games with Black's wins `rows` (komi_fit.Row), as report() makes it."""
    return fair_komi.summary({"base": base, "visits": visits},
                             [{"komi": r.komi, "games": r.games, "black_wins": r.wins} for r in rows])


class RecordTest(unittest.TestCase):
    """A decided fair komi written into the base's komi-pie map, where lifeline-book gives it."""

    def setUp(self):
        self.folder = tempfile.mkdtemp()
        self.addCleanup(lambda: subprocess.run(["rm", "-rf", self.folder], check=True))
        self.path = os.path.join(self.folder, maps.file_name(7, "komi-pie"))
        self.entries = [maps.Entry("komi", str(k), 0.5 - 0.01 * k, 64000) for k in range(3)]
        maps.write_map(self.path, {"base": "7", "rules": "komi-pie", "visits": "64000"},
                       self.entries)

    def test_a_decided_fair_komi_is_written_and_replaced(self):
        data = summary_of(expected_rows(3.6, -0.4, 500, range(0, 8)))
        self.assertEqual(data["fit"]["status"], komi_fit.DECIDED)
        line = fair_komi.record(data, self.path)
        header, entries = maps.read_map(self.path)
        self.assertEqual(line, f"fair-komi-by-play {header['fair-komi-by-play']}")
        words = header["fair-komi-by-play"].split()
        self.assertEqual(words[0], str(data["fair_komi"]))
        self.assertEqual(words[1:4], ["range"] + [str(k) for k in data["fair_komi_range"]])
        self.assertEqual(words[6:], ["games", "4000", "visits", "300"])
        self.assertEqual(entries, self.entries)
        # The engine reads it.
        answer = subprocess.run([ENGINE, "--book", self.folder, "--base", "7"], text=True,
                                input="lifeline-rules komi-pie\nlifeline-book\n",
                                capture_output=True, timeout=60).stdout
        self.assertIn(f"fair-komi {data['fair_komi']} play range", answer)
        # A later measurement replaces it.
        fair_komi.record(summary_of(expected_rows(2.5, -0.4, 500, range(0, 8))), self.path)
        self.assertTrue(maps.read_map(self.path)[0]["fair-komi-by-play"].startswith("3 range"))

    def test_komi_by_komi_narrows_what_the_curve_leaves_open(self):
        data = summary_of([komi_fit.Row(0, 167, 108), komi_fit.Row(1, 167, 54),
                           komi_fit.Row(2, 167, 50), komi_fit.Row(3, 167, 51)], base=7)
        self.assertEqual(data["bracket"], [1, 1])
        fair_komi.record(data, self.path)
        self.assertEqual(maps.read_map(self.path)[0]["fair-komi-by-play"],
                         f"1 range 1 1 crossing {data['fit']['crossing']:.2f} games 668 "
                         "visits 300")

    def test_without_a_curve_the_first_komi_black_loses_in_the_bracket(self):
        # Base 5's first games: the curve sees no slope; komi 1 lies clearly below one half.
        data = summary_of([komi_fit.Row(0, 500, 266), komi_fit.Row(1, 500, 221),
                           komi_fit.Row(2, 167, 83)])
        self.assertEqual(data["bracket"], [0, 1])
        self.assertEqual(fair_komi.recorded_range(data), (1, 0, 1))

    def test_what_the_games_do_not_decide_is_not_written(self):
        flat = summary_of(expected_rows(3.6, -0.001, 50, range(0, 3)))
        with self.assertRaisesRegex(fair_komi.FairKomiError, "nothing to record"):
            fair_komi.record(flat, self.path)
        with self.assertRaisesRegex(fair_komi.FairKomiError, "no komi-pie map of base 8"):
            fair_komi.record(summary_of(expected_rows(3.6, -0.4, 500, range(8)), base=8),
                             self.path)
        self.assertNotIn("fair-komi-by-play", maps.read_map(self.path)[0])


def measure(out, *flags, games=6, komis="0-1"):
    return [sys.executable, SCRIPT, "fair-komi", "--out", out, "--engine", ENGINE,
            "--network", "", "--base", "3", "--visits", "20", "--komis", komis,
            "--games", str(games), "--concurrency", "1", *flags]


def games_of(out, komi):
    return {game["number"]: game for game in selfplay.read_games(fair_komi.komi_folder(out,
                                                                                      komi))}


@unittest.skipUnless(ENGINE, "needs the engine (LIFELINE_ENGINE or build/lifeline)")
class MeasurementTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory()
        cls.whole = os.path.join(cls.folder.name, "whole")
        run = subprocess.run(measure(cls.whole), capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, run.stderr

    @classmethod
    def tearDownClass(cls):
        cls.folder.cleanup()

    def setUp(self):
        self.out = tempfile.mkdtemp(dir=self.folder.name)

    def test_games_are_reproducible_and_differ(self):
        again = os.path.join(self.out, "again")
        subprocess.run(measure(again), capture_output=True, text=True, timeout=300, check=True)
        for komi in (0, 1):
            self.assertEqual(games_of(again, komi), games_of(self.whole, komi))
        games = games_of(self.whole, 0)
        self.assertEqual(sorted(games), list(range(6)))
        openings = {tuple(turn["move"] for turn in game["turns"][:4]) for game in games.values()}
        self.assertGreater(len(openings), 1)
        for game in games.values():
            self.assertEqual((game["rules"], game["komi"], game["base"]), ("komi-pie", 0, 3))
            self.assertEqual([turn["sampled"] for turn in game["turns"][:5]], [True] * 4 + [False])
            self.assertTrue(all(turn["candidates"] == [] for turn in game["turns"]))
        self.assertNotEqual(games_of(self.whole, 0)[0]["seed"], games_of(self.whole, 1)[0]["seed"])

    def test_a_killed_run_goes_on_where_it_stopped(self):
        out = os.path.join(self.out, "killed")
        run = subprocess.Popen(measure(out, games=60), stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
        first = os.path.join(fair_komi.komi_folder(out, 0), selfplay.GAMES_FILE)
        deadline = time.monotonic() + 60
        while run.poll() is None and time.monotonic() < deadline:
            if os.path.exists(first) and os.path.getsize(first) > 0:
                run.send_signal(signal.SIGTERM)
                break
            time.sleep(0.01)
        run.wait(timeout=60)
        with open(first, "a", encoding="utf-8") as stream:
            stream.write('{"number": 5, "tur')  # a line torn by the stop
        resumed = subprocess.run(measure(out), capture_output=True, text=True, timeout=300)
        self.assertEqual(resumed.returncode, 0, resumed.stderr)
        for komi in (0, 1):
            played = games_of(out, komi)
            self.assertEqual({n: played[n] for n in range(6)}, games_of(self.whole, komi))

    def test_more_games_and_komi_are_added(self):
        out = os.path.join(self.out, "added")
        subprocess.run(measure(out, games=3), capture_output=True, text=True, timeout=300,
                       check=True)
        more = subprocess.run(measure(out, games=6, komis="0-2"), capture_output=True,
                              text=True, timeout=300)
        self.assertEqual(more.returncode, 0, more.stderr)
        for komi in (0, 1):
            self.assertEqual(games_of(out, komi), games_of(self.whole, komi))
        self.assertEqual(sorted(games_of(out, 2)), list(range(6)))
        with open(os.path.join(out, fair_komi.REPORT_FILE), encoding="utf-8") as stream:
            report = json.load(stream)
        self.assertEqual([(row["komi"], row["games"]) for row in report["rows"]],
                         [(0, 6), (1, 6), (2, 6)])

    def test_other_settings_are_refused(self):
        out = os.path.join(self.out, "other")
        subprocess.run(measure(out, games=1), capture_output=True, text=True, timeout=300,
                       check=True)
        run = subprocess.run(measure(out, "--visits", "21", games=2), capture_output=True,
                             text=True, timeout=300)
        self.assertEqual(run.returncode, 2)
        self.assertIn("holds games played with", run.stderr)

    def test_the_report(self):
        run = subprocess.run([sys.executable, SCRIPT, "fair-komi-report", self.whole],
                             capture_output=True, text=True, timeout=60)
        self.assertEqual(run.returncode, 0, run.stderr)
        with open(os.path.join(self.whole, fair_komi.REPORT_FILE), encoding="utf-8") as stream:
            report = json.load(stream)
        self.assertEqual(report["settings"]["base"], 3)
        for row in report["rows"]:
            wins = sum(g["winner"] == "black" for g in games_of(self.whole, row["komi"]).values())
            self.assertEqual((row["games"], row["black_wins"]), (6, wins))
            self.assertLessEqual(row["low"], row["rate"])
            self.assertLessEqual(row["rate"], row["high"])
            self.assertIsInstance(row["network"], float)  # the engine's own network
        self.assertIn(report["fit"]["status"], (komi_fit.DECIDED, komi_fit.OUTSIDE,
                                                komi_fit.WIDE, komi_fit.FLAT, komi_fit.RISING))
        self.assertIn(report["verdict"], run.stdout)
        self.assertIn("komi by komi", run.stdout)

    def test_a_second_witness_that_reads_the_komi(self):
        network = os.path.join(ROOT, "tests", "network", "data", "rules.net")
        run = subprocess.run([sys.executable, SCRIPT, "fair-komi-report", self.whole,
                              "--witness", network, "--engine", ENGINE],
                             capture_output=True, text=True, timeout=60)
        self.assertEqual(run.returncode, 0, run.stderr)
        with open(os.path.join(self.whole, fair_komi.REPORT_FILE), encoding="utf-8") as stream:
            report = json.load(stream)
        self.assertEqual(report["witness"], runs.network_digest(network))
        values = [row["witness"] for row in report["rows"]]
        self.assertTrue(all(isinstance(value, float) for value in values), values)
        # A network of the rules planes reads the komi: its value differs between komi.
        self.assertNotEqual(values[0], values[1])
        self.assertIn(f"witness: the value of network {report['witness']}", run.stdout)


if __name__ == "__main__":
    unittest.main()
