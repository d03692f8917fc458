"""The readers of engine answers and the move check of lifeline_web.answers."""

import unittest

import support  # noqa: F401 (puts scripts/ on the path)
from lifeline_web import answers


class AnswersTest(unittest.TestCase):
    def test_cells_follow_the_protocol(self):
        self.assertEqual(len(answers.cells(3)), 19)
        self.assertEqual(len(answers.cells(12)), 397)
        self.assertEqual(answers.cells(4)[:4], ["A1", "B1", "C1", "D1"])
        self.assertEqual(answers.cells(4)[-1], "G7")
        self.assertNotIn("I5", answers.cells(7))
        self.assertIn("J5", answers.cells(7))

    def test_board_rows_run_from_the_top(self):
        text = "\n? X O\n. . X\nO . ?"
        self.assertEqual(answers.parse_board(text, 2), {
            "B3": "black", "C3": "white", "A2": "empty", "B2": "empty", "C2": "black",
            "A1": "white", "B1": "empty"})
        with self.assertRaises(ValueError):
            answers.parse_board("? X\n. .", 2)
        with self.assertRaises(ValueError):
            answers.parse_board("? X O\n. Z X\nO . ?", 2)

    def test_move_tokens(self):
        self.assertEqual(answers.normal_move(" d4 "), "D4")
        self.assertEqual(answers.normal_move("c3,e5"), "C3,E5")
        self.assertEqual(answers.normal_move("SWAP"), "swap")
        self.assertEqual(answers.normal_move("pass"), "pass")
        for bad in ("D4\nquit", "D4 quit", "D4,", "genmove b", "", "D444", "C3,E5,F6", None, 4):
            self.assertIsNone(answers.normal_move(bad), bad)
        self.assertEqual(answers.move_cells("C3,E5"), ["C3", "E5"])
        self.assertEqual(answers.move_cells("swap"), [])

    def test_turn_and_captures(self):
        self.assertEqual(answers.parse_turn("white 2 opening"), ("white", 2, "opening"))
        self.assertEqual(answers.parse_captured("3 1"), {"white": 3, "black": 1})
        for bad in ("white 2", "red 1 play", "black one play", "black 1 middle"):
            with self.assertRaises(ValueError):
                answers.parse_turn(bad)

    def test_info_lines_keep_the_first_of_a_pair_seen_twice(self):
        line = ("info move A2,E4 visits 100 winrate 0.6000 prior 0.5000 order 0 pv A2,E4 E5 "
                "info move D2 visits 50 winrate 0.4 prior 0.5 order 1 pv D2 "
                "info move E4,A2 visits 20 winrate 0.3 prior 0.5 order 2 pv E4,A2 "
                "info move swap visits 5 winrate 0.1 prior 0.5 order 3 pv swap C1")
        candidates = answers.parse_info(line)
        self.assertEqual([c["move"] for c in candidates], ["A2,E4", "D2", "swap"])
        self.assertEqual(candidates[0]["visits"], 100)
        self.assertEqual(candidates[0]["winrate"], 0.6)
        self.assertEqual(candidates[0]["pv"], ["A2,E4", "E5"])
        self.assertEqual(candidates[2]["pv"], ["swap", "C1"])
        with self.assertRaises(ValueError):
            answers.parse_info("info visits 3")

    def test_solver_answers(self):
        self.assertEqual(answers.parse_solve("win D4"), ("win", ["D4"]))
        self.assertEqual(answers.parse_solve("win D4 C3,E5 swap"), ("win", ["D4", "C3,E5", "swap"]))
        self.assertEqual(answers.parse_solve("loss"), ("loss", []))
        self.assertEqual(answers.parse_solve("unknown"), ("unknown", []))
        for bad in ("", "maybe", "loss D4"):
            with self.assertRaises(ValueError):
                answers.parse_solve(bad)

    def test_illegal_reasons(self):
        self.assertEqual(answers.illegal_reason("illegal move: no effect"), "no effect")
        self.assertIsNone(answers.illegal_reason("syntax error: malformed move X"))


if __name__ == "__main__":
    unittest.main()
