"""scripts/solve_board.py: the cells it names are the engine's, on every base, and a board's
table covers every legal first turn.

The end-to-end case needs LIFELINE_ENGINE, the path of the built engine (ctest sets it).
"""

import itertools
import re
import unittest

import helpers
from helpers import run_script
from lifeline_tools import vocabulary
from lifeline_tools.engine.gtp import GtpEngine
from lifeline_tools.solving.solver import cells_of

ENGINE = helpers.engine_path()

# "| D4,F6 | 12 | win swap | 1234 | 0.5 |": first turn, class size, then the solver's counts.
ROW = re.compile(r"^\| ([A-Z0-9,]+) \| (\d+) \| ")


class CellNamesTest(unittest.TestCase):
    def test_cells_are_the_vocabularys(self):
        for base in range(vocabulary.MIN_BASE, vocabulary.MAX_BASE + 1):
            with self.subTest(base=base):
                self.assertEqual(sorted(cells_of(base).values()), sorted(vocabulary.cells(base)))

    def test_offsets_from_the_centre(self):
        self.assertEqual(cells_of(7)[(0, 0)], "G7")
        # From base 5 on the columns pass the letter I, which the notation skips.
        self.assertEqual(cells_of(5)[(4, 0)], "J5")
        self.assertEqual(cells_of(5)[(4, 4)], "J9")
        self.assertEqual(cells_of(13)[(12, 12)], "Z25")


@unittest.skipUnless(ENGINE, "LIFELINE_ENGINE is not set")
class BoardTableTest(unittest.TestCase):
    def legal_first_turns(self, base):
        """How many pairs of cells the engine takes as Black's first turn under strong pie."""
        engine = GtpEngine(ENGINE)
        try:
            for command in (f"lifeline-set base {base}", "lifeline-set rules strong-pie",
                            "clear_board"):
                self.assertTrue(engine.send(command).ok, command)
            pairs = itertools.combinations(vocabulary.cells(base), 2)
            return sum(engine.send(f"lifeline-is_legal b {one},{two}").text == "true"
                       for one, two in pairs)
        finally:
            engine.close()

    def test_strong_pie_table_covers_every_legal_first_turn(self):
        # Base 5 is the first whose columns pass the letter I; an almost empty budget per
        # case leaves every verdict unknown, which is not what this test is about.
        process = run_script("solve_board.py", ["--engine", ENGINE, "--base", "5", "--rules",
                                                "strong-pie", "--seconds", "0.001",
                                                "--memory", "1"], timeout=300)
        self.assertEqual(process.returncode, 0, process.stderr)
        rows = [ROW.match(line) for line in process.stdout.split("\n")]
        rows = [row for row in rows if row]
        cells = set(vocabulary.cells(5))
        for row in rows:
            self.assertLessEqual(set(row.group(1).split(",")), cells, row.group(0))
        self.assertEqual(sum(int(row.group(2)) for row in rows), self.legal_first_turns(5))


if __name__ == "__main__":
    unittest.main()
