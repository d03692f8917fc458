"""Tests of the opening maps' tools (scripts/openings.py, lifeline_tools.openings: compute, runs
and maps): the file format, the computation against the real engine (the
solved boards exact and equal to the shipped maps), resuming after a stop without computing an
entry twice, refusing a file made otherwise, and the same map on a Dask cluster.

LIFELINE_ENGINE names the engine (the build's by default); runs under Debian's Python, which
has python3-distributed.
"""

import os
import subprocess
import sys
import tempfile
import unittest

import helpers

from lifeline_tools.openings import compute, maps, refine, runs
from lifeline_tools.workers.pool import LocalPool, PoolError, engine_version, open_pool

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ENGINE = helpers.engine_path()
SHIPPED = os.path.join(ROOT, "src", "book", "maps")
SCRIPT = os.path.join(ROOT, "scripts", "openings.py")


ENGINE_COMMAND = compute.engine_command(ENGINE, "")


def settings_for(base, rules, visits=30, exact=0.0):
    return compute.MapSettings(engine=ENGINE_COMMAND, base=base, rules=rules, visits=visits,
                               exact_seconds=exact,
                               engine_version=engine_version(ENGINE_COMMAND))


class CountingPool(runs.MapPool):
    """A pool of one engine that counts the entries it computes and can stop after a number of
    batches, as a run killed half-way would."""

    def __init__(self, stop_after=None):
        super().__init__(LocalPool(1))
        self.computed = []
        self._stop_after = stop_after

    def map_batches(self, settings, batches):
        for number, batch in enumerate(super().map_batches(settings, batches)):
            if self._stop_after is not None and number >= self._stop_after:
                raise KeyboardInterrupt
            self.computed += [label for _, label, _ in batch]
            yield batch


class MapFormatTest(unittest.TestCase):
    def test_entries_round_trip(self):
        entries = [maps.Entry("turn", "A1,C3", 0.4512, 16000),
                   maps.Entry("turn", "A1,B3", 0, 0, ("A2,D5", "D2,D5")),
                   maps.Entry("turn", "A1,A3", 1)]
        text = maps.format_map({"base": 3, "rules": "strong-pie"}, entries)
        self.assertIn("turn A1,B3 0 exact A2,D5 D2,D5\n", text)
        self.assertIn("turn A1,C3 0.4512 visits 16000\n", text)
        header, again = maps.parse_map(text)
        self.assertEqual(header, {"base": "3", "rules": "strong-pie"})
        self.assertEqual(sorted(again, key=maps.entry_key),
                         sorted(entries, key=maps.entry_key))

    def test_damage_is_named(self):
        for text, said in (("base 3\n", "not an opening map"),
                           ("lifeline-openings 1\nturn A1 2 visits 3\n", "between 0 and 1"),
                           ("lifeline-openings 1\nturn A1 0.5 exact\n", "0 or 1"),
                           ("lifeline-openings 1\nturn A1 0.5 visits 0\n", "visits N"),
                           ("lifeline-openings 1\nturn A1 1 exact\nbase 3\n", "after the entries")):
            with self.assertRaises(maps.MapError) as caught:
                maps.parse_map(text, "x.map")
            self.assertIn(said, str(caught.exception))

    def test_fair_komi_and_balance(self):
        entries = [maps.Entry("komi", str(k), c, 100)
                   for k, c in ((0, 0.6), (1, 0.52), (2, 0.47), (3, 0.51), (4, 0.4))]
        self.assertEqual(maps.fair_komi(entries), 2)
        self.assertIsNone(maps.fair_komi(entries[:2]))
        self.assertAlmostEqual(maps.balance(0.7), maps.balance(0.3))

    def test_komi_values_run_two_past_the_flip(self):
        self.assertEqual(compute.komi_still_to_do([], 0), [0])
        entries = [maps.Entry("komi", str(k), c, 100)
                   for k, c in ((0, 0.6), (1, 0.45), (2, 0.4))]
        self.assertEqual(compute.komi_still_to_do(entries, 0), [3])
        entries.append(maps.Entry("komi", "3", 0.35, 100))
        self.assertEqual(compute.komi_still_to_do(entries, 0), [])

    def test_refining_chooses_the_nearest_one_half_and_every_swap(self):
        rows = (("A1,A3", 0.49, 100),   # nearest one half
                ("A1,A4", 0.30, 100),   # far below one half: kept
                ("A1,A5", 0.67, 100),   # a swap, however far above
                ("A1,A6", 0.62, 4000),  # a swap already refined
                ("A1,A7", 0.45, 100))
        entries = [maps.Entry("turn", *row) for row in rows]
        entries.append(maps.Entry("turn", "A1,A8", 1.0))  # exact: never recomputed
        todo = refine.still_to_refine(entries, 1, 4000)
        self.assertEqual([entry.label for entry in todo], ["A1,A3", "A1,A5"])


class MapComputationTest(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="lifeline-openings-")

    def run_map(self, settings, pool):
        try:
            return runs.run_map(self.folder, settings, pool, "")
        finally:
            pool.close()

    def test_solved_boards_are_the_shipped_maps(self):
        for rules in ("strong-pie", "weak-pie", "komi-pie"):
            map_file = self.run_map(settings_for(2, rules, exact=10), CountingPool())
            _, shipped = maps.read_map(os.path.join(SHIPPED, f"base2-{rules}.map"))
            self.assertEqual(sorted(map_file.entries, key=maps.entry_key),
                             sorted(shipped, key=maps.entry_key), rules)
            self.assertTrue(all(entry.exact for entry in map_file.entries))

    def test_a_stopped_run_goes_on_without_computing_an_entry_twice(self):
        settings = settings_for(3, "weak-pie", visits=20)
        stopped = CountingPool(stop_after=2)
        with self.assertRaises(KeyboardInterrupt):
            self.run_map(settings, stopped)
        path = os.path.join(self.folder, "base3-weak-pie.map")
        with open(path, "a", encoding="utf-8") as stream:
            stream.write("turn C3 0.5")  # a line torn by the stop
        resumed = CountingPool()
        map_file = self.run_map(settings, resumed)
        self.assertEqual(sorted(stopped.computed + resumed.computed),
                         sorted(compute.first_turns(3, "weak-pie")))
        self.assertEqual(len({entry.label for entry in map_file.entries}), 4)
        self.assertTrue(all(entry.visits == 20 for entry in map_file.entries))
        _, entries = maps.read_map(path)
        self.assertEqual(len(entries), 4)
        # Nothing left to do: a third run computes nothing.
        again = CountingPool()
        self.run_map(settings, again)
        self.assertEqual(again.computed, [])

    def test_a_file_made_otherwise_is_refused(self):
        self.run_map(settings_for(2, "weak-pie", visits=20), CountingPool())
        with self.assertRaises(runs.RunError) as caught:
            self.run_map(settings_for(2, "weak-pie", visits=40), CountingPool())
        self.assertIn("visits '20' here, '40' asked", str(caught.exception))

    def test_illegal_first_turns_have_no_entry(self):
        map_file = self.run_map(settings_for(2, "strong-pie", visits=20), CountingPool())
        self.assertEqual(sorted(entry.label for entry in map_file.entries), ["A1,B3", "A1,C3"])
        self.assertTrue(all(0 <= entry.chance <= 1 for entry in map_file.entries))

    def test_refining_gives_the_entries_nearest_one_half_more_visits(self):
        self.run_map(settings_for(3, "weak-pie", visits=20), CountingPool())
        path = os.path.join(self.folder, "base3-weak-pie.map")
        command, version = ENGINE_COMMAND, engine_version(ENGINE_COMMAND)

        def refine_with(visits, count, pool):
            try:
                return refine.refine_map(path, command, visits, count, pool, "",
                                         version)
            finally:
                pool.close()

        stopped = CountingPool(stop_after=1)
        with self.assertRaises(KeyboardInterrupt):
            refine_with(40, 2, stopped)
        resumed = CountingPool()
        entries = refine_with(40, 2, resumed)
        nearest = refine.closest_to_even(entries, 2)
        self.assertTrue(all(entry.visits == 40 for entry in nearest))
        self.assertEqual(len(entries), 4)
        # Each refined once (a figure that moved may bring a third one among the two nearest).
        refined = sorted(entry.label for entry in entries if entry.visits == 40)
        self.assertEqual(sorted(stopped.computed + resumed.computed), refined)
        header, again = maps.read_map(path)
        self.assertEqual(sorted(again, key=maps.entry_key),
                         sorted(entries, key=maps.entry_key))
        self.assertEqual((header["refine-visits"], header["refine-count"], header["refine-swaps"]),
                         ("40", "2", "yes"))
        # Done: the same pass computes nothing, and the map's own run goes on over it.
        idle = CountingPool()
        refine_with(40, 2, idle)
        self.assertEqual(idle.computed, [])
        self.run_map(settings_for(3, "weak-pie", visits=20), idle)
        self.assertEqual(idle.computed, [])
        self.assertEqual(maps.read_map(path)[0]["refine-visits"], "40")
        for visits, count, said in ((40, 3, "refine-count '2' there, '3' asked"),
                                    (80, 2, "refine-visits '40' there, '80' asked")):
            with self.assertRaises(runs.RunError) as caught:
                refine_with(visits, count, CountingPool())
            self.assertIn(said, str(caught.exception))

    def test_refining_refuses_what_it_cannot_improve(self):
        self.run_map(settings_for(2, "weak-pie", visits=20), CountingPool())
        self.run_map(settings_for(2, "komi-pie", visits=20), CountingPool())
        version = engine_version(ENGINE_COMMAND)
        for name, visits, said in (("base2-weak-pie.map", 20, "more visits than the map's 20"),
                                   ("base2-komi-pie.map", 40, "komi pie's maps"),
                                   ("base3-weak-pie.map", 40, "holds no map")):
            with self.assertRaises(runs.RunError) as caught:
                refine.refine_map(os.path.join(self.folder, name), ENGINE_COMMAND,
                                  visits, 2, CountingPool(), "", version)
            self.assertIn(said, str(caught.exception))

    def test_the_command_line_computes_shows_and_spreads(self):
        def run(*words):
            return subprocess.run([sys.executable, SCRIPT, *words], capture_output=True,
                                  text=True, timeout=300, check=True).stdout

        run("map", "--base", "3", "--rules", "weak-pie", "--visits", "20", "--concurrency", "2",
            "--out", self.folder, "--engine", ENGINE)
        path = os.path.join(self.folder, "base3-weak-pie.map")
        shown = run("show", path)
        self.assertIn("4 classes of first turns", shown)
        refined = run("refine", path, "--visits", "40", "--count", "1", "--engine", ENGINE)
        self.assertIn("the 1 estimates closest to one half carry 40 visits", refined)
        self.assertIn("the 1 nearest one half and every swap 40", run("table", self.folder))
        spread = run("spread", path, "--sample", "2", "--seed", "5", "--engine", ENGINE)
        self.assertIn("2 estimates computed again", spread)
        pictures = os.path.join(self.folder, "pictures")
        drawn = run("plot", self.folder, "--out", pictures, "--base", "3").split()
        self.assertEqual(drawn, [os.path.join(pictures, "base3.png"),
                                 os.path.join(pictures, "komi.png")])
        with open(drawn[0], "rb") as stream:
            self.assertEqual(stream.read(8), b"\x89PNG\r\n\x1a\n")

    def test_dask_computes_the_same_map(self):
        local = self.run_map(settings_for(3, "weak-pie", visits=20), CountingPool())
        folder = tempfile.mkdtemp(prefix="lifeline-openings-dask-")
        pool = runs.MapPool(open_pool("local:2", None))
        try:
            on_cluster = runs.run_map(folder, settings_for(3, "weak-pie", visits=20),
                                      pool, "")
        finally:
            pool.close()
        self.assertEqual(sorted(local.entries, key=maps.entry_key),
                         sorted(on_cluster.entries, key=maps.entry_key))

    def test_a_worker_with_another_engine_is_refused(self):
        settings = settings_for(2, "weak-pie", visits=20)
        other = compute.dataclasses.replace(settings, engine_version="0.0.0 (elsewhere)")
        pool = runs.MapPool(open_pool("local:1", None))
        try:
            with self.assertRaises(PoolError) as caught:
                runs.run_map(self.folder, other, pool, "")
        finally:
            pool.close()
        self.assertIn("not the driver's version '0.0.0 (elsewhere)'", str(caught.exception))


if __name__ == "__main__":
    unittest.main()
