"""The readers of engine answers and the move check of lifeline_web.answers."""

import json
import unittest

import support  # noqa: F401 (puts scripts/ on the path)
from lifeline_web import answers

# A lifeline-state answer on base 7 after Black's double turn D4,F6 (one action) and White's
# first stone E5, which awaits its partner.
STATE = {
    "base": 7, "rules": "strong-pie", "komi": 0, "to_move": "white", "stones_to_place": 1,
    "phase": "opening", "pending": "E5", "can_swap": False, "can_spend_komi": False,
    "swapped": False, "komi_left": 0, "legal": ["A1", "B1"], "black": ["D4", "F6"],
    "white": ["E5"], "removed": {"black": 0, "white": 0}, "actions": 2, "move_number": 2,
    "last_move": {"color": "white", "move": "E5", "removed": {"black": [], "white": []}},
    "last_turn": {"number": 1, "color": "black", "move": "D4,F6", "cells": ["D4", "F6"],
                  "removed": {"black": [], "white": []}},
    "over": False, "winner": None, "result": None,
}


class AnswersTest(unittest.TestCase):
    def test_the_state_is_read_and_checked(self):
        state = answers.parse_state(json.dumps(STATE))
        self.assertEqual((state["to_move"], state["stones_to_place"], state["pending"]),
                         ("white", 1, "E5"))
        board = answers.board_of(state)
        self.assertEqual(len(board), 127)
        self.assertEqual((board["D4"], board["E5"], board["F6"], board["J5"]),
                         ("black", "white", "black", "empty"))
        self.assertNotIn("I5", board)
        broken = [("[]", "JSON object"), ("{", "not JSON"), (dict(STATE, phase="middle"), "phase"),
                  (dict(STATE, legal="A1"), "legal"), (dict(STATE, pending=4), "pending"),
                  (dict(STATE, rules="pie"), "rules"),
                  ({k: v for k, v in STATE.items() if k != "over"}, "no field over")]
        for text, words in broken:
            with self.assertRaisesRegex(ValueError, words):
                answers.parse_state(text if isinstance(text, str) else json.dumps(text))
        with self.assertRaisesRegex(ValueError, "Z9"):
            answers.board_of(dict(state, white=["Z9"]))

    def test_removed_stones_black_first(self):
        self.assertEqual(answers.removed_stones({"black": ["A1"], "white": ["E5", "F5"]}),
                         [{"cell": "A1", "stone": "black"}, {"cell": "E5", "stone": "white"},
                          {"cell": "F5", "stone": "white"}])
        self.assertEqual(answers.removed_stones({"black": [], "white": []}), [])

    def test_move_tokens(self):
        self.assertEqual(answers.normal_move(" d4 "), "D4")
        self.assertEqual(answers.normal_move("c3,e5"), "C3,E5")
        self.assertEqual(answers.normal_move("SWAP"), "swap")
        self.assertEqual(answers.normal_move("pass"), "pass")
        for bad in ("D4\nquit", "D4 quit", "D4,", "genmove b", "", "D444", "C3,E5,F6", None, 4):
            self.assertIsNone(answers.normal_move(bad), bad)
        self.assertEqual(answers.move_cells("C3,E5"), ["C3", "E5"])
        self.assertEqual(answers.move_cells("swap"), [])

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

    def test_info_with_territory(self):
        line = ("info move D4 visits 10 winrate 0.5000 prior 0.5000 order 0 pv D4 C3 "
                "territory 0.25 -1.00 0.00")
        info, territory = answers.split_territory(line)
        self.assertEqual(territory, [0.25, -1.0, 0.0])
        self.assertEqual(answers.parse_info(line)[0]["pv"], ["D4", "C3"])
        self.assertEqual(answers.parse_info(info), answers.parse_info(line))
        self.assertEqual(answers.split_territory("info move D4 pv D4"), ("info move D4 pv D4", None))
        with self.assertRaises(ValueError):
            answers.split_territory("info move D4 pv D4 territory 0.5 much")

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
