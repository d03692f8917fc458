"""lifeline_tools.vocabulary against the engine: the rule names and the range of bases that
`lifeline-set` declares, its playing strengths, and the name and count of every cell of every
base.

Needs LIFELINE_ENGINE, the path of the built engine (ctest sets it); skipped without it.
"""

import os
import re
import tomllib
import unittest

import helpers
from lifeline_tools import vocabulary
from lifeline_tools.engine.gtp import GtpEngine

ENGINE = helpers.engine_path()
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")

# "rules strong-pie (choice strong-pie|weak-pie|komi-pie, default strong-pie): ..."
CHOICE_SETTING = r"^{name} \S+ \(choice (\S+), default (\S+)\):"
# "base 7 (int 2..13, default 7): ..."
INT_SETTING = r"^{name} \S+ \(int (\d+)\.\.(\d+), default (\d+)\):"


@unittest.skipUnless(ENGINE, "LIFELINE_ENGINE is not set")
class VocabularyTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.engine = GtpEngine(ENGINE)

    @classmethod
    def tearDownClass(cls):
        cls.engine.close()

    def ask(self, command):
        answer = self.engine.send(command, 30)
        self.assertTrue(answer.ok, f"{command}: {answer.raw}")
        return answer.text

    def setting(self, pattern, name):
        found = re.search(pattern.format(name=name), self.ask("lifeline-set"), re.MULTILINE)
        self.assertIsNotNone(found, f"lifeline-set has no {name} line of this form")
        return found.groups()

    def test_release_of_the_tools_is_the_engine_s(self):
        # pyproject.toml and CMakeLists.txt each name the release; the engine reports its own.
        with open(os.path.join(ROOT, "pyproject.toml"), "rb") as source:
            release = tomllib.load(source)["project"]["version"]
        self.assertEqual(self.ask("version").split()[0], release)

    def test_rules(self):
        choices, default = self.setting(CHOICE_SETTING, "rules")
        self.assertEqual(tuple(choices.split("|")), vocabulary.RULES)
        self.assertEqual(default, vocabulary.DEFAULT_RULES)

    def test_bases(self):
        low, high, default = self.setting(INT_SETTING, "base")
        self.assertEqual((int(low), int(high), int(default)),
                         (vocabulary.MIN_BASE, vocabulary.MAX_BASE, vocabulary.DEFAULT_BASE))

    def test_levels(self):
        low, high, default = self.setting(INT_SETTING, "level")
        self.assertEqual(tuple(range(int(low), int(high) + 1)), vocabulary.LEVELS)
        self.assertEqual(int(default), vocabulary.FULL_STRENGTH)

    def test_every_cell_of_every_base(self):
        for base in range(vocabulary.MIN_BASE, vocabulary.MAX_BASE + 1):
            with self.subTest(base=base):
                # Under weak pie any empty cell takes the first setup stone, so the legal
                # moves of the empty board are its cells, in the engine's order.
                for command in (f"lifeline-set base {base}", "lifeline-set rules weak-pie",
                                "clear_board"):
                    self.ask(command)
                self.assertEqual(self.ask("gogui-rules_legal_moves").split(),
                                 vocabulary.cells(base))
                self.assertEqual(len(vocabulary.cells(base)), vocabulary.cell_count(base))

    def test_names_beyond_the_board(self):
        for base in range(vocabulary.MIN_BASE, vocabulary.MAX_BASE + 1):
            width = vocabulary.width(base)
            self.ask(f"lifeline-set base {base}")
            self.ask("clear_board")
            beyond = [vocabulary.cell_name(0, width)]
            if width < len(vocabulary.LETTERS):
                beyond.append(vocabulary.cell_name(width, width - 1))
            for name in beyond:
                with self.subTest(base=base, name=name):
                    self.assertEqual(self.ask(f"lifeline-is_legal b {name}"), "false off board")
        self.assertNotIn("I", vocabulary.LETTERS)
        self.assertEqual(self.ask("lifeline-is_legal b I1"), "false malformed move I1")


if __name__ == "__main__":
    unittest.main()
