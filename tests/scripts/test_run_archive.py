"""A run folder's archives (lifeline_tools/learning/run_archive.py, scripts/network.py archive and
restore), on a run folder made by hand: packing twice writes the same bytes and nothing the
second time; what the loop can do without stays out; a piece the run no longer needs goes;
restoring gives back every file the pieces hold, and refuses a folder in use or an entry that
would land outside the run folder.
"""

import dataclasses
import io
import json
import os
import tarfile
import tempfile
import unittest

from lifeline_tools.learning import run_archive
from lifeline_tools.cli import network as network_cli
from lifeline_tools.learning.loop_settings import LoopSettings


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as stream:
        stream.write(text)


def read_all(folder):
    """{path relative to folder: bytes} of every file below it."""
    found = {}
    for directory, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(directory, name)
            with open(path, "rb") as stream:
                found[os.path.relpath(path, folder)] = stream.read()
    return found


def make_run(path, rounds):
    """A run of two bases and a window of two whose rounds 1..rounds are all gated but the
    last, which is mid-gate."""
    settings = LoopSettings(bases="5:1,7:1", window=2)
    write(os.path.join(path, "loop.json"), json.dumps(dataclasses.asdict(settings)))
    write(os.path.join(path, "start.pt"), "start weights")
    write(os.path.join(path, "start.net"), "start network")
    write(os.path.join(path, ".lock"), "")
    for number in range(1, rounds + 1):
        folder = os.path.join(path, "rounds", f"{number:04d}")
        write(os.path.join(folder, "candidate.pt"), f"candidate {number}")
        write(os.path.join(folder, "training.ckpt"), "checkpoint")
        for base in (5, 7):
            games = os.path.join(folder, "games", f"base{base}")
            write(os.path.join(games, "settings.json"), "{}")
            write(os.path.join(games, "games.jsonl"), '{"number": 0}\n{"number": 1}\n{"numb')
            write(os.path.join(games, "examples-0-1.npz"), "cached examples")
            write(os.path.join(folder, "gate", f"base{base}", "results.json"), "{}")
        if number < rounds:
            write(os.path.join(folder, "gate.json"), json.dumps({"promoted": False}))


class ArchiveTest(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.run = os.path.join(self.folder.name, "run")
        self.archives = os.path.join(self.folder.name, "archives")
        self.lines = []

    def tearDown(self):
        self.folder.cleanup()

    def pack(self):
        return run_archive.pack(self.run, self.archives, self.lines.append)

    def test_packing_again_writes_nothing_and_the_same_bytes(self):
        make_run(self.run, 3)
        self.assertGreater(self.pack(), 0)
        first = read_all(self.archives)
        os.utime(os.path.join(self.run, "start.pt"), (1, 1))  # a time is not content
        self.assertEqual(self.pack(), 0)
        self.assertEqual(read_all(self.archives), first)
        # Round 3 awaits its gate: the next round is 3, its window rounds 2 and 3.
        self.assertEqual(sorted(first), sorted([
            "run.tar.xz", "round-0001.tar.xz", "round-0002.tar.xz", "round-0003.tar.xz",
            "round-0002-games-base5.tar.xz", "round-0002-games-base7.tar.xz",
            "round-0003-games-base5.tar.xz", "round-0003-games-base7.tar.xz",
            "round-0003-gate-base5.tar.xz", "round-0003-gate-base7.tar.xz"]))

    def test_what_the_loop_can_do_without_stays_out(self):
        make_run(self.run, 2)
        self.pack()
        names = []
        for name in os.listdir(self.archives):
            with tarfile.open(os.path.join(self.archives, name), mode="r:xz") as archive:
                names += archive.getnames()
        self.assertFalse([name for name in names
                          if name.endswith((".npz", ".ckpt", ".lock"))], names)
        with tarfile.open(os.path.join(self.archives, "round-0002-games-base7.tar.xz"),
                          mode="r:xz") as archive:
            games = archive.extractfile("rounds/0002/games/base7/games.jsonl").read()
        self.assertEqual(games, b'{"number": 0}\n{"number": 1}\n')  # the torn line cut

    def test_a_piece_no_longer_needed_goes(self):
        make_run(self.run, 2)
        self.pack()
        write(os.path.join(self.run, "rounds", "0002", "gate.json"), '{"promoted": true}')
        self.pack()
        names = os.listdir(self.archives)
        self.assertNotIn("round-0002-gate-base5.tar.xz", names)  # its verdict is written
        self.assertNotIn("round-0001-games-base5.tar.xz", names)  # before round 3's window
        self.assertIn("round-0002-games-base5.tar.xz", names)

    def test_restoring_gives_back_every_file(self):
        make_run(self.run, 3)
        self.pack()
        copy = os.path.join(self.folder.name, "copy")
        self.assertEqual(network_cli.main(["restore", self.archives, "--out", copy]), 0)
        restored = read_all(copy)
        original = read_all(self.run)
        self.assertEqual(restored["loop.json"], original["loop.json"])
        self.assertEqual(restored["rounds/0003/candidate.pt"], b"candidate 3")
        self.assertIn("rounds/0003/gate/base5/results.json", restored)
        self.assertNotIn("rounds/0001/games/base5/games.jsonl", restored)
        self.assertNotIn(".lock", restored)

    def test_restoring_refuses_a_folder_in_use(self):
        make_run(self.run, 1)
        self.pack()
        self.assertEqual(network_cli.main(["restore", self.archives, "--out", self.run]), 2)
        with self.assertRaisesRegex(run_archive.ArchiveError, "not empty"):
            run_archive.restore(self.archives, self.run, self.lines.append)

    def test_restoring_refuses_an_entry_outside_the_folder(self):
        make_run(self.run, 1)
        self.pack()
        with tarfile.open(os.path.join(self.archives, "round-0001.tar.xz"), "w:xz") as archive:
            entry = tarfile.TarInfo("../outside")
            entry.size = 1
            archive.addfile(entry, io.BytesIO(b"x"))
        with self.assertRaisesRegex(run_archive.ArchiveError, "not a file inside"):
            run_archive.restore(self.archives, os.path.join(self.folder.name, "copy"),
                                self.lines.append)
        self.assertFalse(os.path.exists(os.path.join(self.folder.name, "outside")))

    def test_a_folder_without_a_loop_is_refused(self):
        os.makedirs(self.run)
        self.assertEqual(network_cli.main(["archive", self.run, "--to", self.archives]), 2)


if __name__ == "__main__":
    unittest.main()
