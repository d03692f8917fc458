"""lifeline_tools/learning/example_cache.py: a folder's examples come from its cache exactly as the
replay gives them, and the cache serves only the engine version, games, territory target and
komi counting it was written for. Needs Debian's python3-numpy (scripts/build.sh installs it)."""

import os
import subprocess
import sys
import tempfile
import unittest
from unittest import mock

import numpy as np

import helpers
from helpers import ROOT
from lifeline_tools.learning import example_cache, network_training, selfplay

ENGINE = helpers.engine_path()
NETWORK = os.path.join(ROOT, "scripts", "network.py")


def generate(folder, base, games):
    subprocess.run([sys.executable, NETWORK, "generate", "--out", folder, "--base", str(base),
                    "--games", str(games), "--visits", "10", "--engine", ENGINE],
                   check=True, capture_output=True, timeout=600)


class ExampleCacheTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.TemporaryDirectory()
        root = cls.directory.name
        # Two folders of two bases; game 0 of each is held out (network_training.is_held_out).
        cls.folders = [os.path.join(root, "base3"), os.path.join(root, "base4")]
        generate(cls.folders[0], 3, 3)
        generate(cls.folders[1], 4, 2)

    @classmethod
    def tearDownClass(cls):
        cls.directory.cleanup()

    def setUp(self):
        for folder in self.folders:
            for held_out in (False, True):
                path = example_cache.cache_path(folder, held_out)
                if os.path.exists(path):
                    os.remove(path)

    def examples(self, held_out, version="v1", territory="share", komi_counting_on=False):
        lines = []
        games, examples = example_cache.window_examples(ENGINE, version, self.folders,
                                                        held_out, territory, 1, lines.append,
                                                        komi_counting_on)
        return games, examples, lines[-1]

    def assert_same(self, first, second):
        self.assertEqual(sorted(first), sorted(second))
        for base in first:
            self.assertEqual(sorted(first[base]), sorted(second[base]))
            for name, array in first[base].items():
                np.testing.assert_array_equal(second[base][name], array, err_msg=name)

    def test_the_cache_gives_the_replay_row_for_row(self):
        for held_out in (False, True):
            games = network_training.load_games(self.folders, held_out)
            replayed = network_training.examples_by_base(ENGINE, games, print, "share")
            first_games, first, told = self.examples(held_out)
            self.assertEqual(first_games, games)
            self.assertIn(f"of {len(games)} games, 0 of them from the folders' caches", told)
            self.assert_same(replayed, first)
            with mock.patch.object(network_training, "examples_by_base",
                                   side_effect=AssertionError("replayed again")):
                second_games, second, told = self.examples(held_out)
            self.assertIn(f"{len(games)} of them from the folders' caches", told)
            self.assertEqual(second_games, games)
            self.assert_same(replayed, second)

    def test_another_version_territory_komi_counting_or_games_replays_the_folder(self):
        self.examples(False)
        for version, territory, counting in (("v2", "share", False), ("v1", "settled", False),
                                             ("v1", "share", True)):
            self.assertIn(" 0 of them from",
                          self.examples(False, version, territory, counting)[2])
            self.examples(False)  # the cache is "v1"'s with shares again
        # A game more in the first folder: that folder is replayed, the other comes cached.
        generate(self.folders[0], 3, 4)
        self.assertEqual(len(selfplay.read_games(self.folders[0])), 4)
        told = self.examples(False)[2]
        self.assertIn("examples of 4 games, 1 of them from the folders' caches", told)

    def test_a_damaged_cache_is_replayed_and_written_again(self):
        self.examples(True)
        path = example_cache.cache_path(self.folders[0], True)
        with open(path, "r+b") as stream:
            stream.truncate(40)
        self.assertIsNone(example_cache.read(path, "anything"))
        self.assertIn("2 games, 1 of them from", self.examples(True)[2])  # the other folder
        self.assertIn("2 of them from", self.examples(True)[2])

    def test_a_cache_that_cannot_be_written_costs_only_time(self):
        lines = []
        with mock.patch.object(example_cache, "write", side_effect=OSError("disk full")):
            games, examples = example_cache.window_examples(
                ENGINE, "v1", self.folders, True, "share", 1, lines.append)
        self.assertEqual(len(games), 2)
        self.assertEqual(sorted(examples), [3, 4])
        self.assertIn(f"{self.folders[0]}: examples not cached (disk full)", lines)


if __name__ == "__main__":
    unittest.main()
