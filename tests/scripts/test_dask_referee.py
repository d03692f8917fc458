"""scripts/referee.py --dask against a real Dask scheduler and two real worker processes on
127.0.0.1, started and stopped by each test.

Needs Python's `distributed` (Debian's python3-distributed, which ctest runs these tests
with). The comparison with a local match uses the real engine when LIFELINE_ENGINE is set.
"""

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

import helpers
from helpers import fake, processes_with, run_referee, unique_tag, wait_until_gone
from lifeline_tools.play.record import parse_record

try:
    import distributed
except ImportError:
    distributed = None

ENGINE = helpers.engine_path()
STARTUP_SECONDS = 60


class Cluster:
    """A scheduler and single-threaded workers (no nanny: a killed worker stays dead), each
    in a process group of its own, logging into `directory`."""

    def __init__(self, directory, workers, environment=None):
        self.directory = directory
        self.environment = dict(os.environ, **(environment or {}))
        self.processes = []
        scheduler_file = os.path.join(directory, "scheduler.json")
        self.start("scheduler", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                   "--port", "0", "--no-dashboard", "--scheduler-file", scheduler_file)
        self.address = self.wait_for_address(scheduler_file)
        self.workers = [self.start(f"worker{index}", "distributed.cli.dask_worker",
                                   self.address, "--nthreads", "1", "--no-nanny",
                                   "--no-dashboard", "--host", "127.0.0.1",
                                   "--local-directory", directory)
                        for index in range(workers)]
        with distributed.Client(self.address, timeout=STARTUP_SECONDS) as client:
            client.wait_for_workers(workers, timeout=STARTUP_SECONDS)

    def start(self, name, module, *args):
        with open(os.path.join(self.directory, name + ".log"), "w") as log:
            process = subprocess.Popen([sys.executable, "-m", module, *args], stdout=log,
                                       stderr=subprocess.STDOUT, env=self.environment,
                                       start_new_session=True)
        self.processes.append(process)
        return process

    def wait_for_address(self, scheduler_file):
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            try:
                with open(scheduler_file, encoding="utf-8") as stream:
                    return json.load(stream)["address"]
            except (OSError, ValueError, KeyError):
                time.sleep(0.1)
        raise AssertionError("the scheduler did not start")

    def kill(self, process):
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait(timeout=30)

    def close(self):
        for process in reversed(self.processes):
            self.kill(process)


@unittest.skipUnless(distributed, "Python's distributed is not installed")
class DaskRefereeTest(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.TemporaryDirectory()
        self.tag = unique_tag()  # in every engine command, to find leftover processes
        self.cluster = None

    def tearDown(self):
        if self.cluster:
            self.cluster.close()
        leftovers = wait_until_gone(processes_with(self.tag))
        for pid in leftovers:
            os.kill(pid, signal.SIGKILL)
        self.directory.cleanup()
        self.assertEqual(leftovers, [], "engine processes outlived the match")

    def path(self, name):
        return os.path.join(self.directory.name, name)

    def start_cluster(self, **environment):
        self.cluster = Cluster(self.directory.name, 2, environment)

    def referee(self, out, engine1, engine2, *extra, dask=True):
        where = ["--dask", self.cluster.address] if dask else []
        process, results = run_referee(self.path(out), engine1, engine2, *where, *extra,
                                       timeout=240)
        self.assertEqual(process.returncode, 0, process.stderr)
        return process, results

    def check_every_game_once(self, results, games):
        self.assertEqual(sorted(game["number"] for game in results["games"]),
                         list(range(1, games + 1)))
        self.assertEqual(results["summary"]["games"] + results["summary"]["aborted"], games)

    def write_openings(self):
        with open(self.path("openings.txt"), "w", encoding="utf-8") as stream:
            stream.write("A1\nB2\nC3\nD4\n")
        return self.path("openings.txt")

    @unittest.skipUnless(ENGINE, "LIFELINE_ENGINE is not set")
    def test_same_tally_as_a_local_match(self):
        self.start_cluster()
        # A fixed number of visits and a seed make the engine's games reproducible, and
        # engines started for every game (always so on the cluster) make each game
        # independent of the games its engines played before.
        engine = f"env LIFELINE_TEST_TAG={self.tag} {ENGINE} --threads 1 --visits 64 --seed 5"
        match = ("--games", "8", "--base", "4", "--openings", self.write_openings(),
                 "--seed", "3")
        _, local = self.referee("local", engine, engine, *match, "--fresh-engines", dask=False)
        _, on_cluster = self.referee("dask", engine, engine, *match)
        self.check_every_game_once(on_cluster, 8)
        self.assertEqual(on_cluster["summary"], local["summary"])
        self.assertEqual(games_by_number(on_cluster, "moves"), games_by_number(local, "moves"))
        workers = {game["worker"] for game in on_cluster["games"]}
        self.assertEqual(len(workers), 2, "both workers played")

    def match_with_a_worker_killed(self, **environment):
        """An 8-game match during which the first worker is killed in the middle of a game;
        returns (results.json, the referee's stderr)."""
        # The engine's path is read on the worker, from the worker's environment.
        self.start_cluster(LIFELINE_FAKE=helpers.FAKE, **environment)
        engine = f"{sys.executable} $LIFELINE_FAKE --mode good --think 0.1 --tag {self.tag}"
        referee = subprocess.Popen(
            [sys.executable, os.path.join(helpers.SCRIPTS, "referee.py"),
             "--engine1", engine, "--engine2", engine, "--games", "8",
             "--dask", self.cluster.address, "--out", self.path("out")],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        victim = self.cluster.workers[0]
        self.wait_for_engines_of(victim.pid)
        self.cluster.kill(victim)
        _, stderr = referee.communicate(timeout=240)
        self.assertEqual(referee.returncode, 0, stderr)
        with open(self.path("out/results.json"), encoding="utf-8") as stream:
            results = json.load(stream)
        self.check_every_game_once(results, 8)
        return results, stderr

    def test_a_killed_worker_loses_no_game(self):
        results, stderr = self.match_with_a_worker_killed()
        self.assertEqual(results["summary"]["games"], 8)
        replayed = [game for game in results["games"] if game["replays"]]
        self.assertEqual(len(replayed), 1, stderr)
        self.assertIn(f"game {replayed[0]['number']}: played again", stderr)
        with open(os.path.join(self.path("out"), replayed[0]["record"]),
                  encoding="utf-8") as stream:
            headers, _ = parse_record(stream.read())
        self.assertEqual(len(headers["replayed"]), 1)
        self.assertIn("was lost during the game", headers["replayed"][0])

    def test_a_game_that_loses_too_many_workers_is_aborted(self):
        # A scheduler that allows no failure gives up on the game at the first lost worker.
        results, _ = self.match_with_a_worker_killed(
            DASK_DISTRIBUTED__SCHEDULER__ALLOWED_FAILURES="0")
        self.assertEqual(results["summary"]["aborted"], 1)
        aborted = [game for game in results["games"] if game["result"] is None]
        self.assertIn("every worker that played it was lost", aborted[0]["detail"])

    def wait_for_engines_of(self, worker_pid):
        """Waits until the worker plays a game (its engines run) and another game ended."""
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if (os.path.exists(self.path("out/results.json"))
                    and any(parent_of(pid) == worker_pid for pid in processes_with(self.tag))):
                return
            time.sleep(0.02)
        self.fail("the worker never played a game")

    def test_sprt_stops_and_cancels_the_games_not_started(self):
        self.start_cluster()
        _, results = self.referee("out", fake("good", tag=self.tag),
                                  fake("illegal", tag=self.tag), "--games", "100",
                                  "--sprt", "0", "200", "0.05", "0.05")
        self.assertEqual(results["summary"]["sprt"]["verdict"], "H1")
        # The eighth win decides; the game under way on the other worker still counts.
        self.assertIn(len(results["games"]), (8, 9))

    def test_resume_keeps_the_games_finished(self):
        self.start_cluster()
        engines = (fake("good", name="one", tag=self.tag), fake("good", name="two", tag=self.tag))
        _, first = self.referee("out", *engines, "--games", "4")
        record = self.path("out/game-0001.txt")
        finished_at = os.stat(record).st_mtime_ns
        process, second = self.referee("out", *engines, "--games", "6")
        self.check_every_game_once(second, 6)
        self.assertEqual(second["games"][:4], first["games"])
        self.assertEqual(os.stat(record).st_mtime_ns, finished_at)
        self.assertIn("one          6", process.stdout)

    def test_workers_take_the_tools_of_each_match(self):
        self.start_cluster()
        engines = (fake("good", tag=self.tag), fake("good", tag=self.tag))
        self.referee("first", *engines, "--games", "2")
        # A changed copy of the tools: the workers must run the copy's code, not the code
        # they loaded for the first match.
        copy = self.path("scripts")
        shutil.copytree(helpers.SCRIPTS, copy)
        runner = os.path.join(copy, "lifeline_tools", "play", "runner.py")
        with open(runner, encoding="utf-8") as stream:
            text = stream.read()
        with open(runner, "w", encoding="utf-8") as stream:
            stream.write(text.replace("result.worker = worker.address",
                                      "result.worker = 'changed ' + worker.address"))
        process = subprocess.run(
            [sys.executable, os.path.join(copy, "referee.py"), "--engine1", engines[0],
             "--engine2", engines[1], "--games", "2", "--dask", self.cluster.address,
             "--out", self.path("second")], capture_output=True, text=True, timeout=240)
        self.assertEqual(process.returncode, 0, process.stderr)
        with open(self.path("second/results.json"), encoding="utf-8") as stream:
            results = json.load(stream)
        for game in results["games"]:
            self.assertTrue(game["worker"].startswith("changed "), game["worker"])


def games_by_number(results, key):
    return {game["number"]: game[key] for game in results["games"]}


def parent_of(pid):
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as stream:
            return int(stream.read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError):
        return None


if __name__ == "__main__":
    unittest.main()
