"""Tests of scripts/regress.py: the gogui-regress file semantics, run against the fake engine."""

import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

from helpers import FAKE, ROOT, SCRIPTS, fake, run_script
from lifeline_tools.play.regression import (Expectation, FormatError, answer_text,
                                            parse_expectation, parse_file, passes)


class ParseTest(unittest.TestCase):
    def test_expectations(self):
        self.assertEqual(parse_expectation(""), Expectation(written=""))
        plain = parse_expectation(" [white 2 opening] ")
        self.assertEqual((plain.regex, plain.negated, plain.error, plain.expected_fail),
                         ("white 2 opening", False, False, False))
        self.assertTrue(parse_expectation("[x]*").expected_fail)
        self.assertTrue(parse_expectation("[!x]").negated)
        error = parse_expectation("[(?#error)illegal move: .*]*")
        self.assertEqual((error.regex, error.error), ("illegal move: .*", True))
        # The '*' keeps gogui-regress from failing the run; a pattern may not start with '?'.
        for bad in ("x", "[x", "x]", "[(]", "[(?#error)x]", "[?illegal move: .*]"):
            with self.assertRaises(FormatError):
                parse_expectation(bad)

    def test_file_structure(self):
        steps = parse_file("\tboardsize 4 \r\n# comment\n10 play b D4,D6\n#? [=?]\n"
                           "11 name\n\nname\n#? []\n")
        self.assertEqual([step.command for step in steps],
                         ["boardsize 4", "10 play b D4,D6", "11 name", "name"])
        self.assertEqual([step.test_id for step in steps], [None, 10, 11, None])
        self.assertEqual([step.is_test for step in steps], [False, True, True, True])
        self.assertEqual(steps[1].expectation.regex, "=?")
        self.assertEqual(steps[1].line_number, 3)

    def test_pattern_must_follow_its_command(self):
        for text in ("#? [x]\n", "name\n\n#? [x]\n", "name\n# why\n#? [x]\n",
                     "name\n#? [x]\n#? [y]\n"):
            with self.assertRaises(FormatError):
                parse_file(text)

    def test_answer_text_is_after_the_first_space(self):
        self.assertEqual(answer_text("=10 D4"), "D4")
        self.assertEqual(answer_text("= \nX O\n. X"), "X O\n. X")
        self.assertEqual(answer_text("="), "")
        # As in gogui-regress: without '= ', the first board row loses its first cell.
        self.assertEqual(answer_text("=\nX O\n. X"), "O\n. X")

    def test_passes(self):
        board = parse_expectation("[X O\n. X]")
        self.assertTrue(passes(board, True, "= X O\n. X"))
        whole = parse_expectation("[D4]")
        self.assertFalse(passes(whole, True, "= D4 E5"))  # the regex must match it all
        lines = parse_expectation("[.*^E5$]")
        self.assertTrue(passes(lines, True, "= D4\nE5"))
        self.assertFalse(passes(whole, False, "? D4"))  # an error always fails
        self.assertFalse(passes(None, False, "? oops"))
        error = parse_expectation("[(?#error)illegal move: occupied]*")
        self.assertTrue(passes(error, False, "?3 illegal move: occupied"))
        self.assertFalse(passes(error, True, "= illegal move: occupied"))
        negated = parse_expectation("[!D4]")
        self.assertTrue(passes(negated, True, "= E5"))
        self.assertFalse(passes(negated, True, "= D4"))


class RunTest(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.directory.cleanup()

    def write(self, name, text):
        path = os.path.join(self.directory.name, name)
        with open(path, "w", encoding="utf-8") as stream:
            stream.write(textwrap.dedent(text))
        return path

    def regress(self, *paths, engine=None):
        return run_script("regress.py", ["--engine", engine or fake()] + list(paths))

    def test_all_pass(self):
        path = self.write("pass.tst", """\
            boardsize 4
            10 play b D4,D6
            11 lifeline-turn
            #? [white 2 opening]
            12 play b A1
            #? [(?#error)illegal move: wrong color]*
            13 name
            #? [!fake-bad]
            """)
        process = self.regress(path)
        self.assertEqual(process.returncode, 0, process.stdout)
        self.assertEqual(process.stdout.strip(),
                         "4 passed, 0 failed (expected errors checked 1)")

    def test_a_script_named_relative_to_here_runs_in_the_file_directory(self):
        # As `node build-wasm/package/cli.mjs`: the engine starts in the file's directory,
        # where the script's relative path would name nothing.
        path = self.write("pass.tst", "13 name\n#? [!fake-bad]\n")
        script = os.path.relpath(FAKE, ROOT)
        process = subprocess.run(
            [sys.executable, os.path.join(SCRIPTS, "regress.py"),
             "--engine", f"{sys.executable} {script} --mode good", path],
            capture_output=True, text=True, timeout=120, cwd=ROOT)
        self.assertEqual(process.returncode, 0, process.stdout + process.stderr)
        self.assertIn("1 passed, 0 failed", process.stdout)

    def test_failures_are_shown_with_the_exchange(self):
        path = self.write("fail.tst", """\
            10 lifeline-turn
            #? [white 2 opening]
            11 play b Z99
            12 play b A1,B1
            #? [(?#error).*]*
            13 play b A1
            #? [(?#error)illegal move: occupied]*
            """)
        process = self.regress(path)
        self.assertEqual(process.returncode, 1)
        self.assertIn(f"{path}:1: FAIL: 10 lifeline-turn\n"
                      f"    expected: [white 2 opening]\n"
                      f"    answer:   =10 black 2 opening\n", process.stdout)
        self.assertIn(f"{path}:3: FAIL: 11 play b Z99\n"
                      f"    answer:   ?11 illegal move: off board\n", process.stdout)
        self.assertIn(f"{path}:4: FAIL: 12 play b A1,B1", process.stdout)
        # Another error than the one expected fails too.
        self.assertIn(f"{path}:6: FAIL: 13 play b A1\n"
                      f"    expected: [(?#error)illegal move: occupied]*\n"
                      f"    answer:   ?13 illegal move: wrong color\n", process.stdout)
        self.assertTrue(process.stdout.endswith("0 passed, 4 failed\n"), process.stdout)

    def test_expected_failures_and_unexpected_passes(self):
        path = self.write("star.tst", """\
            10 lifeline-turn
            #? [white.*]*
            11 lifeline-turn
            #? [black.*]*
            """)
        process = self.regress(path)
        self.assertEqual(process.returncode, 0)  # as gogui-regress: a pass is no failure
        self.assertIn(f"{path}:3: UNEXPECTED PASS: 11 lifeline-turn", process.stdout)
        self.assertIn("0 passed, 0 failed (expected failures 1, unexpected passes 1)",
                      process.stdout)

    def test_errors_outside_tests_are_shown_but_do_not_fail(self):
        path = self.write("errors.tst", "no_such_command\n10 name\n")
        process = self.regress(path)
        self.assertEqual(process.returncode, 0)
        self.assertIn(f"{path}:1: error (not a test): no_such_command", process.stdout)
        self.assertIn("1 passed, 0 failed (errors 1)", process.stdout)

    def test_engine_crash_fails_the_file(self):
        path = self.write("crash.tst", "10 boardsize 4\n11 genmove b\n12 genmove w\n13 name\n")
        process = self.regress(path, engine=fake("crash"))
        self.assertEqual(process.returncode, 1)
        self.assertIn(f"{path}:3: engine failed: engine exited during '12 genmove w'",
                      process.stdout)
        self.assertIn("stderr: fake: crashing on purpose", process.stdout)
        self.assertIn("2 passed, 1 failed", process.stdout)

    def test_directories_and_several_files(self):
        self.write("a.tst", "1 name\n#? [fake-good]\n")
        self.write("b.tst", "1 name\n#? [fake-good]\n")
        self.write("notes.txt", "1 name\n#? [nothing]\n")
        process = self.regress(self.directory.name)
        self.assertEqual(process.returncode, 0, process.stdout)
        self.assertEqual(process.stdout.strip(), "2 passed, 0 failed")

    def test_malformed_file(self):
        path = self.write("bad.tst", "#? [x]\n")
        process = self.regress(path)
        self.assertEqual(process.returncode, 2)
        self.assertIn("line 1: '#?' without a command before it", process.stderr)

    def test_hostile_bytes_reach_the_engine_unchanged(self):
        path = os.path.join(self.directory.name, "bytes.tst")
        with open(path, "wb") as stream:
            stream.write(b"10 play b \xff\xfe\n#? [(?#error)illegal move: off board]*\n")
        process = self.regress(path)
        self.assertEqual(process.returncode, 0, process.stdout)


if __name__ == "__main__":
    unittest.main()
