"""Komi by counting (lifeline_tools/learning/komi_counting.py): the least komi for White follows
from a settled board's count, the solver agrees with it on the settled boards of random games,
and a game's examples under other komis read the drawn komi and teach the counted result alone.
Needs Debian's python3-numpy (scripts/build.sh installs it) and the engine.
"""

import sys
import unittest

import helpers
from lifeline_tools.engine import gtp

try:
    import numpy as np

    from lifeline_tools.learning import komi_counting, network_data
except ImportError as error:
    MISSING = str(error)
else:
    MISSING = None

ENGINE = helpers.engine_path()


# The 33 single stones of a random game on base 4 (tests/regression/count.tst), alternating
# from Black, after which the board is settled with White to move, 2 placements for Black and
# 1 for White: White wins the race from a komi of 2 points left.
SETTLING = ("D4 E5 C5 F4 D7 B2 A3 E3 A4 G7 E4 B1 B4 F5 C2 E7 F7 E2 F3 G5 A1 D2 D3 D6 C6 F3 B3 C3 "
            "C1 D5 D1 E6 C4").split()


def game_record(base, rules, komi, moves, winner, settled):
    colours = ("black", "white")
    turns, mover = [], 0
    for move in moves:
        turns.append({"color": colours[mover], "move": move, "candidates": [[move, 1]]})
        if move != "swap":  # a swap leaves White to move
            mover = 1 - mover
    return {"base": base, "rules": rules, "komi": komi, "seed": 5, "turns": turns,
            "winner": winner, "settled": {"turn": settled, "territory": ""}}


@unittest.skipIf(MISSING, f"{MISSING} in {sys.executable}")
class CountTest(unittest.TestCase):
    def test_the_least_komi_for_white_follows_the_count(self):
        # Black to move with 5 placements against 3: White needs 2 actions more, and gets
        # them from K - spent points.
        black = {"to_move": "black"}
        self.assertEqual(komi_counting.least_white_komi(black, (5, 3), 0), 2)
        self.assertEqual(komi_counting.least_white_komi(black, (5, 3), 1), 3)
        # White to move must have more actions than Black, not as many.
        self.assertEqual(komi_counting.least_white_komi({"to_move": "white"}, (5, 3), 0), 3)
        self.assertEqual(komi_counting.least_white_komi(black, (2, 9), 0), -7)

    def test_which_games_count_komi(self):
        moves = ["A1", "G7", "D4", "A4"]
        for rules, settled, expected in (("komi-pie", 2, True), ("weak-pie", 2, True),
                                         ("strong-pie", 2, False), ("komi-pie", 4, False)):
            with self.subTest(rules=rules, settled=settled):
                game = game_record(4, rules, 0, moves, "black", settled)
                self.assertEqual(komi_counting.counts_komi(game), expected)

    def test_a_recounted_state_is_komi_pie_s(self):
        state = {"to_move": "white", "phase": "play", "pending": None, "rules": "weak-pie",
                 "komi_left": 0, "can_swap": False, "can_spend_komi": False}
        seen = komi_counting.recounted_state(state, 3)
        self.assertEqual((seen["rules"], seen["komi_left"], seen["can_spend_komi"]),
                         ("komi-pie", 3, True))
        self.assertFalse(komi_counting.recounted_state(state, 0)["can_spend_komi"])
        setup = dict(state, phase="opening", can_swap=True)
        seen = komi_counting.recounted_state(setup, 3)
        self.assertEqual((seen["can_swap"], seen["can_spend_komi"]), (False, False))
        self.assertEqual(state["rules"], "weak-pie")  # the state given is left as it was

    def test_spent_points_before_each_turn(self):
        game = game_record(4, "komi-pie", 3, ["A1", "G7", "D4", "A4", "B2", "pass", "C1",
                                               "pass"], "black", 8)
        self.assertEqual(komi_counting.spent_before(game), [0] * 6 + [1, 1, 2])

    def test_the_draws_cover_the_range_and_repeat(self):
        draws = komi_counting.komi_draws(4, 7)
        first = [next(draws) for _ in range(400)]
        self.assertEqual(set(first), set(range(komi_counting.komi_range(4) + 1)))
        again = komi_counting.komi_draws(4, 7)
        self.assertEqual([next(again) for _ in range(400)], first)
        self.assertEqual(komi_counting.komi_range(12), 20)


@unittest.skipIf(MISSING or not ENGINE, MISSING or "no engine built")
class EngineTest(unittest.TestCase):
    def setUp(self):
        self.engine = gtp.GtpEngine(ENGINE)
        self.addCleanup(self.engine.close)

    def play(self, rules, komi, moves):
        self.engine.start_game(4, rules, komi)
        for move in moves:
            self.engine.play(self.engine.state()["to_move"], move)
        return self.engine.state()

    def test_the_solver_agrees_with_the_count_under_other_komis(self):
        state = self.play("weak-pie", 0, SETTLING)
        count = tuple(int(n) for n in self.engine.ask("lifeline-count").split())
        self.assertEqual(count, (2, 1))
        least = komi_counting.least_white_komi(state, count, 0)
        self.assertEqual(least, 2)
        for komi in range(5):
            with self.subTest(komi=komi):
                self.play("komi-pie", komi, SETTLING)
                white_wins = self.engine.ask("lifeline-solve 10").startswith("win")
                self.assertEqual(white_wins, komi >= least)

    def settled_game(self):
        """The game of SETTLING under komi pie at komi 1, played on to its end by the search,
        as a record; and the count of its settled board."""
        self.play("komi-pie", 1, SETTLING)
        count = tuple(int(n) for n in self.engine.ask("lifeline-count").split())
        moves = list(SETTLING)
        self.engine.ask("lifeline-set visits 200")
        while not self.engine.state()["over"]:
            moves.append(self.engine.ask(f"genmove {self.engine.state()['to_move']}"))
        end = self.engine.state()
        game = game_record(4, "komi-pie", 1, moves, end["winner"], len(SETTLING))
        game.update(black=end["black"], white=end["white"])
        return game, count

    def test_examples_under_other_komis_teach_the_counted_value_alone(self):
        game, count = self.settled_game()
        plain = network_data.game_examples(self.engine, game, "share")
        counted = network_data.game_examples(self.engine, game, "share", komi_counting_on=True)
        rows = len(plain["value"])
        for name, array in plain.items():  # the game's own examples come first, unchanged
            np.testing.assert_array_equal(counted[name][:rows], array, err_msg=name)
        states = network_data.replay(self.engine, game)
        expected = komi_counting.recounted_positions(
            game, states, count, komi_counting.komi_draws(4, game["seed"]))
        self.assertTrue(expected)
        extra = {name: array[rows:] for name, array in counted.items()}
        self.assertEqual(extra["turn"].tolist(), [number for number, _, _ in expected])
        self.assertEqual(extra["value"].tolist(), [float(wins) for _, _, wins in expected])
        self.assertEqual(extra["policy_weight"].max(), 0.0)
        self.assertEqual(extra["next_weight"].max(), 0.0)
        komi_plane = extra["planes"][:, network_data.KOMI_PIE_PLANE].max(axis=1)
        self.assertEqual(komi_plane.min(), 1.0)
        for row, (number, state, _) in enumerate(expected):
            own = network_data.OWN_KOMI_PLANE if state["to_move"] == "white" \
                else network_data.OPPONENT_KOMI_PLANE
            self.assertAlmostEqual(float(extra["planes"][row, own].max()),
                                   state["komi_left"] * network_data.KOMI_PLANE_SCALE,
                                   places=5)
            np.testing.assert_array_equal(extra["territory"][row], plain["territory"][number])

    def test_a_count_that_misses_the_game_s_result_is_not_trusted(self):
        game, count = self.settled_game()
        states = network_data.replay(self.engine, game)
        draws = komi_counting.komi_draws(4, 1)
        self.assertTrue(komi_counting.recounted_positions(game, states, count, draws))
        wrong = dict(game, winner="white" if game["winner"] == "black" else "black")
        self.assertEqual(komi_counting.recounted_positions(wrong, states, count, draws), [])


if __name__ == "__main__":
    unittest.main()
