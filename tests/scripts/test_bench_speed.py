"""scripts/bench_speed.py: engines side by side (a binary, or a command with arguments), each
measure's rates and ratios, each engine's threads over its own single thread, and the cost of
a placement; an engine named wrongly is refused.

The end-to-end case needs LIFELINE_ENGINE, the path of the built engine (ctest sets it); it
measures for a fraction of a second, so its figures mean nothing but their form.
"""

import re
import unittest

import helpers
from helpers import run_script

ENGINE = helpers.engine_path()


class ArgumentsTest(unittest.TestCase):
    def test_a_binary_needs_a_name(self):
        result = run_script("bench_speed.py", ["just-a-path", "b=other"])
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("NAME=ENGINE", result.stderr)

    def test_one_binary_is_not_a_comparison(self):
        result = run_script("bench_speed.py", ["a=path"])
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("at least two", result.stderr)


@unittest.skipUnless(ENGINE, "LIFELINE_ENGINE is not set")
class SideBySideTest(unittest.TestCase):
    def test_every_measure_has_both_rates_and_the_ratio(self):
        # The second engine is a command with arguments, as `node .../cli.mjs` is.
        result = run_script("bench_speed.py", [f"old={ENGINE}", f"new=env {ENGINE}", "--bases", "3",
                                               "--seconds", "0.2", "--rounds", "1",
                                               "--threads", "1", "2"])
        self.assertEqual(result.returncode, 0, result.stderr)
        rows = {}
        for line in result.stdout.splitlines():
            match = re.match(r"^\| ([a-z/ ,0-9]+) \| 3 \| (\d+) \| (\d+) \| (\d+\.\d\d) \|$", line)
            if match:
                rows[match.group(1)] = [float(x) for x in match.groups()[1:]]
        self.assertEqual(sorted(rows), ["random playouts/s", "search playouts/s, 1 thread",
                                        "search playouts/s, 2 threads"])
        for old, new, ratio in rows.values():
            self.assertGreater(old, 0)
            self.assertAlmostEqual(ratio, new / old, delta=0.01)
        # Each engine's two threads over its own one, from the rates above.
        threads = {}
        for line in result.stdout.splitlines():
            match = re.match(r"^\| (old|new) \| 3 \| (\d+\.\d\d) \|$", line)
            if match:
                threads[match.group(1)] = float(match.group(2))
        one, two = rows["search playouts/s, 1 thread"], rows["search playouts/s, 2 threads"]
        self.assertAlmostEqual(threads["old"], two[0] / one[0], delta=0.01)
        self.assertAlmostEqual(threads["new"], two[1] / one[1], delta=0.01)
        # The placements' table: base 3 has 19 cells, and a playout lasts some actions.
        placements = [line for line in result.stdout.splitlines() if line.startswith("| 3 | 19 |")]
        self.assertEqual(len(placements), 1, result.stdout)
        self.assertRegex(placements[0], r"^\| 3 \| 19 \| \d+ \| [\d.]+ M \| [\d.]+ M \| [\d.]+ \|$")


if __name__ == "__main__":
    unittest.main()
