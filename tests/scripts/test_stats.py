"""Elo, error bar, LOS and SPRT arithmetic, and the clocks, against known values."""

import math
import unittest

import helpers  # noqa: F401  (puts scripts/ on the import path)
from lifeline_tools.play.clock import Clock, TimeControl, format_seconds
from lifeline_tools.play.stats import (Sprt, elo_from_score, elo_with_error, expected_score,
                                       likelihood_of_superiority)


class EloTest(unittest.TestCase):
    def test_known_scores(self):
        self.assertAlmostEqual(elo_from_score(0.75), 190.8485, places=3)
        self.assertAlmostEqual(elo_from_score(0.5), 0.0)
        self.assertAlmostEqual(elo_from_score(0.25), -190.8485, places=3)
        self.assertAlmostEqual(elo_from_score(10 / 11), 400.0, places=6)  # odds 10:1

    def test_expected_score_inverts_elo(self):
        for elo in (-350.0, -20.0, 0.0, 55.5, 400.0):
            self.assertAlmostEqual(elo_from_score(expected_score(elo)), elo, places=6)

    def test_extreme_scores_are_infinite(self):
        self.assertEqual(elo_from_score(1.0), math.inf)
        self.assertEqual(elo_from_score(0.0), -math.inf)
        self.assertEqual(elo_with_error(5, 0), (math.inf, math.inf))
        self.assertEqual(elo_with_error(0, 0), (0.0, math.inf))

    def test_error_bar(self):
        # 15-5: score 0.75, per-game deviation sqrt(0.75 * 0.25), 95% interval of the mean
        # 0.75 +/- 1.96 * 0.0968 = [0.5602, 0.9398] -> [+42.06, +477.18] Elo.
        elo, margin = elo_with_error(15, 5)
        self.assertAlmostEqual(elo, 190.85, places=2)
        self.assertAlmostEqual(margin, 217.62, places=2)
        # Even score, 100 games: 0.5 +/- 0.098 = [0.402, 0.598] -> +/- 69.0 Elo.
        elo, margin = elo_with_error(50, 50)
        self.assertAlmostEqual(elo, 0.0)
        self.assertAlmostEqual(margin, 68.99, places=2)

    def test_likelihood_of_superiority(self):
        self.assertAlmostEqual(likelihood_of_superiority(10, 10), 0.5)
        self.assertAlmostEqual(likelihood_of_superiority(15, 5), 0.98733, places=5)
        self.assertAlmostEqual(likelihood_of_superiority(5, 15), 1 - 0.98733, places=5)
        self.assertAlmostEqual(likelihood_of_superiority(0, 0), 0.5)


class SprtTest(unittest.TestCase):
    def test_bounds(self):
        lower, upper = Sprt(0, 10, 0.05, 0.05).bounds()
        self.assertAlmostEqual(lower, -2.944439, places=6)  # ln(0.05 / 0.95)
        self.assertAlmostEqual(upper, 2.944439, places=6)
        lower, upper = Sprt(0, 10, 0.05, 0.1).bounds()
        self.assertAlmostEqual(lower, math.log(0.1 / 0.95))
        self.assertAlmostEqual(upper, math.log(0.9 / 0.05))

    def test_llr(self):
        sprt = Sprt(0, 10, 0.05, 0.05)
        # p0 = 0.5, p1 = 0.514390: 60 ln(p1/p0) + 40 ln((1-p1)/(1-p0)) = 0.5342
        self.assertAlmostEqual(sprt.llr(60, 40), 0.53423, places=4)
        self.assertEqual(sprt.llr(0, 0), 0.0)

    def test_verdicts(self):
        sprt = Sprt(0, 200, 0.05, 0.05)
        # Each win adds ln(0.7597 / 0.5) = 0.418: the eighth straight win accepts H1.
        self.assertIsNone(sprt.verdict(7, 0))
        self.assertEqual(sprt.verdict(8, 0), "H1")
        self.assertEqual(sprt.verdict(0, 8), "H0")
        self.assertIsNone(Sprt(0, 10, 0.05, 0.05).verdict(30, 31))


class ClockTest(unittest.TestCase):
    def test_per_move(self):
        clock = Clock(TimeControl.per_move(0.05))
        self.assertEqual(clock.available(), 0.05)
        self.assertEqual(clock.time_left_args(), (0.05, 1))
        self.assertTrue(clock.spend(0.07, margin=0.05))
        self.assertEqual(clock.available(), 0.05)  # every turn starts a new period
        self.assertFalse(clock.spend(0.11, margin=0.05))

    def test_fischer(self):
        clock = Clock(TimeControl.fischer("10+0.5"))
        self.assertEqual(clock.time_left_args(), (10.0, 0))
        self.assertTrue(clock.spend(4.0, margin=0.1))
        self.assertAlmostEqual(clock.available(), 6.5)
        self.assertTrue(clock.spend(6.55, margin=0.1))  # over by less than the margin
        self.assertAlmostEqual(clock.available(), 0.5)
        self.assertFalse(clock.spend(0.7, margin=0.1))

    def test_canadian_byoyomi(self):
        clock = Clock(TimeControl.byoyomi("5,10,2"))
        self.assertEqual(clock.available(), 15.0)  # the period starts when main time ends
        self.assertTrue(clock.spend(7.0, margin=0.0))  # 5 of main, 2 of the first period
        self.assertEqual(clock.time_left_args(), (8.0, 1))
        self.assertTrue(clock.spend(8.0, margin=0.0))  # second turn ends the period
        self.assertEqual(clock.time_left_args(), (10.0, 2))
        self.assertFalse(clock.spend(10.5, margin=0.2))

    def test_gtp_commands(self):
        self.assertEqual(TimeControl.per_move(0.05).gtp_commands(), ["time_settings 0 0.05 1"])
        self.assertEqual(TimeControl.fischer("60+1").gtp_commands(),
                         ["kgs-time_settings fischer 60 1", "time_settings 60 0 0"])
        self.assertEqual(format_seconds(2.5), "2.5")
        self.assertEqual(format_seconds(3.0), "3")

    def test_bad_byoyomi(self):
        with self.assertRaises(ValueError):
            TimeControl.byoyomi("5,10,0")
        with self.assertRaises(ValueError):
            TimeControl.byoyomi("5,10")


if __name__ == "__main__":
    unittest.main()
