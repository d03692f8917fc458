"""The learning loop (scripts/network.py loop, lifeline_tools/learning/learning_loop.py) with the
real engine: a tiny loop runs two rounds end to end and its summary shows them; a second start plays
nothing again, a start with other settings is refused but for those of the training; a driver
killed during self-play, during training and during the gate goes on when started again, with
every game in the run folder once and the training going on after its last finished epoch. On a
real Dask scheduler with two workers, one worker killed during self-play loses no game and
counts none twice, and a worker whose engine is another version is refused. A rules mix shares
each base's games among the rules, the gate plays each pair of games under one rules and komi
and keeps the results by rules; a round goes on with an engine whose play has the fingerprint of
the one that began it; a recipe file gives the settings of a first start, under the flags.
Needs Debian's python3-numpy, python3-torch and python3-distributed (scripts/build.sh
installs them).
"""

import io
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import unittest
from unittest import mock

import helpers
from helpers import FAKE, ROOT
from lifeline_tools.cli import network as network_cli
from lifeline_tools.learning import engine_check, learning_loop, loop_settings, selfplay
from lifeline_tools.workers.pool import PoolError
from test_dask_referee import Cluster, distributed

try:
    import torch  # noqa: F401 (only its presence is checked here)
except ImportError as error:
    MISSING = str(error)
else:
    MISSING = None

ENGINE = helpers.engine_path()
NETWORK = os.path.join(ROOT, "scripts", "network.py")
# A loop that takes a few seconds a round: base 3, a one-block network of 8 channels.
TINY = ["--recipe", "none", "--start", "none", "--base", "3", "--games", "6", "--visits", "10", "--window", "2",
        "--blocks", "1", "--channels", "8", "--epochs", "2", "--gate-games", "4",
        "--gate-visits", "10", "--gate-seconds", "0.02", "--concurrency", "1", "--threads", "1"]


def loop_command(run, *arguments):
    return [sys.executable, NETWORK, "loop", "--out", run, "--engine", ENGINE, *arguments]


def game_numbers(path):
    with open(path, encoding="utf-8") as stream:
        return [json.loads(line)["number"] for line in stream if line.strip()]


def gate_numbers(run):
    path = os.path.join(run, "rounds", "0001", "gate", "results.json")
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as stream:
        return [game["number"] for game in json.load(stream)["games"]]


class VersionPool:
    """A pool whose engine check answers check() (or raises what it raises), for a driver
    whose games are not played."""

    remote = False

    def __init__(self, check):
        self._check = check

    def check_engine(self, command, worker_command=None):
        return self._check()


class BasesTest(unittest.TestCase):
    def test_games_are_shared_by_weight(self):
        settings = learning_loop.LoopSettings(bases="5:1,6:2,7:3,12:2")
        self.assertEqual(settings.spread(200), [(5, 25), (6, 50), (7, 75), (12, 50)])
        self.assertEqual(settings.spread(7), [(5, 1), (6, 2), (7, 2), (12, 2)])
        self.assertEqual(sum(games for _, games in settings.spread(101)), 101)
        self.assertEqual(settings.spread(1), [(7, 1)])  # bases with no game are left out
        self.assertEqual(learning_loop.LoopSettings(base=9).spread(10), [(9, 10)])

    def test_bad_bases_are_refused(self):
        for text in ("7:0", "1:1", "14:1", "7:1,7:2", "seven", "7:x", "7;1"):
            with self.assertRaises(learning_loop.LoopError, msg=text):
                learning_loop.LoopSettings(bases=text).check()
        learning_loop.LoopSettings(bases="7, 5:2").check()  # a weight left out is 1


class PromotionTest(unittest.TestCase):
    def test_a_new_kind_of_network_needs_only_to_hold_its_own(self):
        settings = learning_loop.LoopSettings()
        self.assertEqual(settings.promotion_score(same_size=True), 0.55)
        self.assertEqual(settings.promotion_score(same_size=False), 0.5)
        self.assertEqual(learning_loop.LoopSettings(switch_score=0.6).promotion_score(False),
                         0.6)
        for score in (0, 1.5):
            with self.assertRaises(learning_loop.LoopError):
                learning_loop.LoopSettings(switch_score=score).check()


class SettingsChangeTest(unittest.TestCase):
    """A run that goes on may change how its candidates are trained, how many games a round
    plays, and how many its gates play and the share that promotes; nothing else."""

    def claim(self, path, given):
        told = io.StringIO()
        settings = learning_loop.claim(learning_loop.RunFolder(path), given, None, told)
        return settings, told.getvalue()

    def test_only_the_training_settings_change_and_the_change_is_told(self):
        with tempfile.TemporaryDirectory() as path:
            self.claim(path, {"epochs": 8, "games": 6})
            settings, told = self.claim(path, {"epochs": 4, "window": 2, "games": 6})
            self.assertEqual((settings.epochs, settings.window), (4, 2))
            self.assertIn("for the rounds not trained yet, epochs 8 -> 4, window 4 -> 2", told)
            self.assertEqual(learning_loop.stored_settings(
                learning_loop.RunFolder(path)).epochs, 4)
            self.assertEqual(self.claim(path, {"epochs": 4})[1], "")  # nothing to tell
            self.assertEqual(self.claim(path, {"games": 9})[0].games, 9)
            with self.assertRaisesRegex(learning_loop.LoopError, r"'visits': 7.*only window"):
                self.claim(path, {"visits": 7, "epochs": 3})
            with self.assertRaisesRegex(learning_loop.LoopError, "epochs must be at least 1"):
                self.claim(path, {"epochs": 0})
            self.assertEqual(learning_loop.stored_settings(
                learning_loop.RunFolder(path)).epochs, 4)  # a refused change stores nothing

    def test_a_training_under_way_keeps_its_settings(self):
        with tempfile.TemporaryDirectory() as path:
            run = learning_loop.RunFolder(path)
            self.claim(path, {"epochs": 8})
            os.makedirs(run.round(1))
            open(run.round(1, "training.ckpt"), "w").close()
            with self.assertRaisesRegex(learning_loop.LoopError, "round 1's training"):
                self.claim(path, {"epochs": 4})
            open(run.round(1, "candidate.pt"), "w").close()  # that training has finished
            self.assertEqual(self.claim(path, {"epochs": 4})[0].epochs, 4)

    def test_the_gates_not_begun_take_a_new_size_and_share(self):
        with tempfile.TemporaryDirectory() as path:
            run = learning_loop.RunFolder(path)
            self.claim(path, {"gate_games": 100})
            os.makedirs(run.round(1, "gate"))  # round 1's gate is under way
            with self.assertRaisesRegex(learning_loop.LoopError, "round 1's gate"):
                self.claim(path, {"gate_games": 200})
            self.assertEqual(self.claim(path, {"gate_games": 100, "epochs": 4})[0].epochs, 4)
            learning_loop._write_json(run.round(1, "gate.json"), {"promoted": False})
            os.makedirs(run.round(2))
            open(run.round(2, "training.ckpt"), "w").close()  # its gate has not begun
            settings, told = self.claim(path, {"gate_games": 200, "gate_score": 0.53})
            self.assertEqual((settings.gate_games, settings.gate_score), (200, 0.53))
            self.assertIn("for the gates not begun yet, gate_games 100 -> 200, "
                          "gate_score 0.55 -> 0.53", told)
            self.assertNotIn("not trained yet", told)
            with self.assertRaisesRegex(learning_loop.LoopError, "'gate_visits': 7"):
                self.claim(path, {"gate_visits": 7})

    def test_a_round_whose_training_began_plays_no_more_games(self):
        with tempfile.TemporaryDirectory() as path:
            run = learning_loop.RunFolder(path)
            driver = learning_loop.Loop(run, self.claim(path, {"games": 4})[0], "lifeline",
                                        VersionPool(lambda: "v"), log=io.StringIO())
            played = []
            driver.self_play = lambda number, network: played.append(number)
            driver.train = lambda number, weights: None
            driver.gate = lambda number, network, weights: {
                "wins": 1, "losses": 0, "elo": None, "margin": None, "promoted": False}
            driver.play_round(1)
            os.makedirs(run.round(2))
            open(run.round(2, "training.ckpt"), "w").close()  # the games were raised since
            driver.play_round(2)
            self.assertEqual(played, [1])


class EngineCheckTest(unittest.TestCase):
    def test_a_round_reads_the_engine_version_again_before_it_claims_a_folder(self):
        answers = iter(["0.2.0 (commit old)", "0.2.0 (commit new)"])

        def check():  # the workers still run the engine the driver started with
            driver_version = next(answers)
            if driver_version != "0.2.0 (commit old)":
                raise PoolError("the workers answer 0.2.0 (commit old)")
            return driver_version

        with tempfile.TemporaryDirectory() as path:
            run = learning_loop.RunFolder(path)
            settings = learning_loop.claim(run, {}, None, io.StringIO())
            driver = learning_loop.Loop(run, settings, "lifeline", VersionPool(check),
                                        log=io.StringIO())
            self.assertEqual(driver.version, "0.2.0 (commit old)")
            # The engine was rebuilt since: round 1 stops before it claims anything.
            with self.assertRaisesRegex(PoolError, "workers answer"):
                driver.play_round(1)
            self.assertFalse(os.path.exists(run.round(1)))


class RulesMixTest(unittest.TestCase):
    MIX = {"bases": "3:1,4:2", "rules_mix": "strong-pie:2,weak-pie:1,komi-pie:1",
           "fair_komi": "3:0,4:1", "komi_spread": 2}

    def test_each_base_shares_its_games_among_the_rules_by_weight(self):
        settings = learning_loop.LoopSettings(**self.MIX)
        settings.check()
        drawn = [settings.game_rules(4, index, index) for index in range(40)]
        counts = {rules: sum(1 for r, _ in drawn if r == rules)
                  for rules in ("strong-pie", "weak-pie", "komi-pie")}
        self.assertEqual(counts, {"strong-pie": 20, "weak-pie": 10, "komi-pie": 10})
        self.assertTrue({komi for rules, komi in drawn if rules == "komi-pie"} <= {0, 1, 2, 3})
        self.assertEqual(learning_loop.LoopSettings(komi=3).game_rules(7, 5, 5),
                         ("strong-pie", 3))  # no mix: `rules` and `komi`

    def test_bad_mixes_are_refused(self):
        for given, error in (({"rules_mix": "strong-pie:0"}, "at least 1"),
                             ({"rules_mix": "pie"}, "must be one of"),
                             ({"rules_mix": "weak-pie,weak-pie"}, "named twice"),
                             ({"rules_mix": "komi-pie", "komi": 2}, "komi is the komi"),
                             ({"rules_mix": "komi-pie", "fair_komi": "7:?"},
                              "base 7's is not known"),
                             ({"rules_mix": "komi-pie", "base": 3}, "base 3's is not known"),
                             ({"inputs": "colours"}, "inputs must be")):
            with self.assertRaisesRegex(learning_loop.LoopError, error, msg=given):
                learning_loop.LoopSettings(**given).check()
        learning_loop.LoopSettings(rules_mix="weak-pie", base=3).check()  # no komi to draw

    def test_the_gate_plays_each_pair_under_one_rules_and_komi(self):
        with tempfile.TemporaryDirectory() as path:
            run = learning_loop.RunFolder(path)
            settings = learning_loop.claim(run, dict(self.MIX, gate_games=60), None)
            driver = learning_loop.Loop(run, settings, "lifeline", VersionPool(lambda: "v"),
                                        log=io.StringIO())
            matches = driver.gate_matches(2)
            self.assertEqual(matches, driver.gate_matches(2))  # the same on every start
            self.assertEqual(sum(games for *_, games in matches), 60)
            for base, count in ((3, 20), (4, 40)):
                mine = [m for m in matches if m[0] == base]
                self.assertEqual(sum(games for *_, games in mine), count)
                self.assertTrue(all(games % 2 == 0 for *_, games in mine))
                self.assertEqual(len({folder for *_, folder, _ in mine}), len(mine))
                self.assertEqual(sum(games for _, rules, *_, games in mine
                                     if rules == "strong-pie"), count // 2)
            self.assertIn((3, "weak-pie", 0, run.round(2, "gate/base3/weak-pie")),
                          [m[:4] for m in matches])
            komi_pie = [m for m in matches if m[1] == "komi-pie"]
            self.assertTrue(all(folder.endswith(f"komi-pie-{komi}")
                                for _, _, komi, folder, _ in komi_pie))


class PlayCheckTest(unittest.TestCase):
    """A round goes on with an engine whose play has the fingerprint of the one that began it,
    whatever its version, and refuses another."""

    def test_a_newer_engine_that_plays_alike_goes_on_and_another_is_refused(self):
        with tempfile.TemporaryDirectory() as path:
            run = learning_loop.RunFolder(path)
            settings = learning_loop.claim(run, {}, None, io.StringIO())
            os.makedirs(run.round(1))

            def driver(version, fingerprint):
                loop = learning_loop.Loop(run, settings, "lifeline",
                                          VersionPool(lambda: version), log=io.StringIO())
                self.enterContext(mock.patch.object(
                    learning_loop.engine_check, "fingerprint",
                    lambda engine, network, bases: fingerprint))
                return loop

            driver("1 (commit a)", "f1").check_play(1, None)
            with open(run.round(1, "engine.json"), encoding="utf-8") as stream:
                self.assertEqual(json.load(stream),
                                 {"fingerprint": "f1", "version": "1 (commit a)"})
            driver("2 (commit b)", "f1").check_play(1, None)
            with self.assertRaisesRegex(learning_loop.LoopError,
                                        r"round 1 began with an engine that plays otherwise: "
                                        r".*fingerprint f1 \(version '1 \(commit a\)'\), this "
                                        r"engine \('3 \(commit c\)'\) plays f3"):
                driver("3 (commit c)", "f3").check_play(1, None)
            os.makedirs(run.round(2))
            driver("3 (commit c)", "f3").check_play(2, None)  # a new round takes it

    def test_the_book_counts_by_what_it_plays(self):
        answer = ("stage first-turn\nkomi 0 black 1.0000 exact\nkomi 1 black 0.4000 visits 9\n"
                  "fair-komi 1 play range 1 1 crossing 0.49 games 668 visits 800\n"
                  "second-player-takes black\n"
                  "choice A1 first-player 1.0000 holder 1.0000 exact\n"
                  "choice B2 first-player 0.4000 holder 0.4000 visits 9")
        self.assertEqual(engine_check.played(answer),
                         ["choice A1 first-player 1.0000 holder 1.0000 exact"])
        # The same proofs worded otherwise around them: the same play.
        reworded = answer.replace(" play range 1 1 crossing 0.49 games 668 visits 800", " map")
        self.assertEqual(engine_check.played(reworded), engine_check.played(answer))
        self.assertEqual(engine_check.played("stage swap-decision\nfirst-turn A1,B2 holder 0 "
                                             "exact\ndecision play-on\nreplies C3,D4"),
                         ["replies C3,D4"])

    @unittest.skipIf(ENGINE is None, "needs the engine")
    def test_the_fingerprint_is_the_same_on_every_start(self):
        first = engine_check.fingerprint(ENGINE, None, [3])
        self.assertRegex(first, r"^[0-9a-f]{16}$")
        self.assertEqual(engine_check.fingerprint(ENGINE, None, [3]), first)


class RecipeTest(unittest.TestCase):
    def write(self, folder, recipe):
        path = os.path.join(folder, "recipe.json")
        with open(path, "w", encoding="utf-8") as stream:
            json.dump(recipe, stream)
        return path

    def test_a_recipe_holds_settings_and_a_note(self):
        with tempfile.TemporaryDirectory() as folder:
            path = self.write(folder, {"note": "how", "games": 3, "rate": 1, "bases": "3"})
            self.assertEqual(loop_settings.read_recipe(path),
                             {"games": 3, "rate": 1, "bases": "3"})
            for recipe, error in (({"gmaes": 3}, "'gmaes' is not a setting"),
                                  ({"games": "3"}, "games must be a int"),
                                  ({"aux_heads": 1}, "aux_heads must be a bool"),
                                  ([], "not a JSON object")):
                with self.assertRaisesRegex(learning_loop.LoopError, error):
                    loop_settings.read_recipe(self.write(folder, recipe))

    def test_the_shipped_recipe_makes_a_bare_loop_and_the_flags_override_it(self):
        shipped = os.path.join(ROOT, "src", "network", "weights", "lifeline.recipe.json")
        recipe = loop_settings.read_recipe(shipped)
        learning_loop.LoopSettings(**recipe).check()
        self.assertEqual((recipe["blocks"], recipe["channels"], recipe["games"]), (4, 32, 300))

        def given(run, *flags):
            options = network_cli.parse_arguments(["loop", "--out", run, *flags], "network",
                                                  "lifeline", "start.pt", shipped)
            return network_cli.loop_settings_given(options, learning_loop.RunFolder(run))

        with tempfile.TemporaryDirectory() as run:
            self.assertEqual(given(run), recipe)
            self.assertEqual(given(run, "--games", "7"), dict(recipe, games=7))
            self.assertEqual(given(run, "--recipe", "none", "--games", "7"), {"games": 7})
            learning_loop.claim(learning_loop.RunFolder(run), {"games": 7}, None)
            # A run that goes on keeps its settings: the shipped recipe is for a first start.
            self.assertEqual(given(run), {})


class EloTextTest(unittest.TestCase):
    def test_every_gate_score_has_its_text(self):
        # A gate won or lost whole has no finite Elo: gate.json holds null for it.
        cases = [({"elo": None, "margin": None, "wins": 0, "losses": 4}, "-inf +/- inf"),
                 ({"elo": None, "margin": None, "wins": 4, "losses": 0}, "+inf +/- inf"),
                 ({"elo": -0.0, "margin": 798.3, "wins": 2, "losses": 2}, "+0 +/- 798"),
                 ({"elo": 70.4, "margin": 71.2, "wins": 60, "losses": 40}, "+70 +/- 71")]
        for verdict, text in cases:
            self.assertEqual(learning_loop.elo_text(verdict), text)


@unittest.skipIf(MISSING, f"{MISSING} in {sys.executable}")
class LoopTest(unittest.TestCase):
    def run_loop(self, run, *arguments, code=0):
        done = subprocess.run(loop_command(run, *arguments), capture_output=True, text=True,
                              timeout=600)
        self.assertEqual(done.returncode, code, done.stdout + done.stderr)
        return done.stdout + done.stderr

    def test_two_tiny_rounds_then_nothing_again_and_no_other_settings(self):
        with tempfile.TemporaryDirectory() as run:
            output = self.run_loop(run, "--rounds", "2", *TINY)
            for number in ("0001", "0002"):
                folder = os.path.join(run, "rounds", number)
                self.assertEqual(sorted(game_numbers(os.path.join(folder, "games",
                                                                  "games.jsonl"))),
                                 list(range(6)))
                for name in ("candidate.pt", "candidate.net", "gate.json"):
                    self.assertTrue(os.path.exists(os.path.join(folder, name)), name)
            self.assertIn("round 2: self-play with the network of", output)
            # Against no network the gate gives both sides equal time; between networks of
            # one size, equal visits.
            self.assertIn("round 1: gate, 4 games at 0.02 s a move", output)
            promoted = "round 2: self-play with the network of round 1" in output
            self.assertIn("round 2: gate, 4 games at "
                          + ("10 visits a move" if promoted else "0.02 s a move"), output)
            with open(os.path.join(run, "loop.json"), encoding="utf-8") as stream:
                self.assertEqual(json.load(stream)["games"], 6)
            summary = subprocess.run([sys.executable, NETWORK, "summary", run],
                                     capture_output=True, text=True, timeout=60).stdout
            self.assertRegex(summary, r"games 6, visits 10")
            rows = [re.split(r"\s{2,}", line.strip()) for line in summary.splitlines()[2:-1]]
            self.assertEqual([row[:3] for row in rows], [["1", "none", "6"],
                                                         ["2", rows[1][1], "6"]])
            self.assertIn(rows[1][1], ("none", "round 1"))  # round 1's candidate if promoted
            self.assertRegex(rows[0][6], r"^\d-\d$")
            # The last line names the network the next round would play with.
            current = summary.splitlines()[-1]
            with open(os.path.join(run, "rounds", "0002", "gate.json"),
                      encoding="utf-8") as stream:
                second_promoted = json.load(stream)["promoted"]
            if second_promoted:
                self.assertEqual(current, "current network: round 2 ("
                                 + os.path.join(run, "rounds", "0002", "candidate.pt") + ")")
            elif promoted:
                self.assertRegex(current, r"^current network: round 1 \(.*0001/candidate.pt\)$")
            else:
                self.assertEqual(current, "current network: none")

            image = os.path.join(run, "rounds.png")
            plotted = subprocess.run([sys.executable, NETWORK, "plot", run, "--out", image],
                                     capture_output=True, text=True, timeout=120)
            self.assertEqual(plotted.returncode, 0, plotted.stderr)
            with open(image, "rb") as stream:
                self.assertEqual(stream.read(8), b"\x89PNG\r\n\x1a\n")

            again = self.run_loop(run, "--rounds", "2", *TINY)
            self.assertNotIn("self-play", again.split("round  network")[0])
            refused = self.run_loop(run, "--rounds", "3", "--visits", "11", code=2)
            self.assertIn("'visits': 11", refused)
            # How the candidates are trained and the games a round may change; the rounds
            # done stay done.
            retrained = self.run_loop(run, "--rounds", "2", "--epochs", "3", "--games", "7")
            self.assertIn("for the rounds not trained yet, games 6 -> 7, epochs 2 -> 3",
                          retrained)
            self.assertNotIn(": training on", retrained)
            self.assertNotIn("self-play", retrained.split("round  network")[0])

    def test_a_round_of_the_richer_recipe_on_two_bases(self):
        # Global pooling, the auxiliary heads, the share target and the playout cap, on bases
        # 3 and 4 weighted 2 to 1, started from a network of version 6's kind whose tower it
        # keeps.
        with tempfile.TemporaryDirectory() as run:
            start = os.path.join(run, "plain.pt")
            subprocess.run([sys.executable, "-c",
                            "import sys; from lifeline_tools.learning import network_model as m; "
                            "m.save(m.LifelineNet(2, 8), sys.argv[1], {})", start],
                           check=True, timeout=120)
            settings = ["--recipe", "none", "--start", start, "--base", "3", "--visits", "20",
                        "--sample-turns", "1", "--blocks", "2", "--channels", "8", "--epochs",
                        "1", "--gate-visits", "10", "--gate-seconds",
                        "0.02", "--concurrency", "1", "--threads", "1", "--pool-every", "2",
                        "--aux-heads", "yes", "--territory", "share", "--full-share", "0.5",
                        "--fast-visits", "4", "--bases", "3:2,4:1", "--games", "6",
                        "--gate-games", "3", "--rounds", "1"]
            output = self.run_loop(os.path.join(run, "loop"), *settings)
            self.assertRegex(output, r"round 1: \d+ of \d+ tensors from .*start.pt, the rest new")
            self.assertIn("soft_policy", output)
            # The start network has another architecture: the gate gives both equal time.
            self.assertIn("round 1: gate, 3 games at 0.02 s a move", output)
            self.assertIn("round 1, self-play, base 4: 2/2 games", output)
            folder = os.path.join(run, "loop", "rounds", "0001")
            fulls = set()
            for base, games in ((3, 4), (4, 2)):
                path = os.path.join(folder, "games", f"base{base}", "games.jsonl")
                with open(path, encoding="utf-8") as stream:
                    records = [json.loads(line) for line in stream]
                self.assertEqual(sorted(r["number"] for r in records), list(range(games)))
                self.assertEqual({r["base"] for r in records}, {base})
                fulls |= {turn["full"] for r in records for turn in r["turns"]}
                with open(os.path.join(folder, "gate", f"base{base}", "results.json"),
                          encoding="utf-8") as stream:
                    self.assertEqual(len(json.load(stream)["games"]), games // 2)
            self.assertEqual(fulls, {True, False})
            with open(os.path.join(folder, "gate.json"), encoding="utf-8") as stream:
                verdict = json.load(stream)
            self.assertEqual(verdict["wins"] + verdict["losses"] + verdict["aborted"], 3)
            self.assertEqual(verdict["needed"], 0.5)  # the switch from version 6's kind
            self.assertRegex(output, r"all bases: games 2, decisions \d+")
            with open(os.path.join(folder, "candidate.net"), "rb") as stream:
                self.assertIn(b"pool-every 2", stream.readline())
            with open(os.path.join(run, "loop", "loop.json"), encoding="utf-8") as stream:
                stored = json.load(stream)
            self.assertEqual((stored["aux_heads"], stored["territory"], stored["full_share"]),
                             (True, "share", 0.5))

    def test_a_round_under_every_rule_from_a_recipe_then_a_bare_start_goes_on(self):
        recipe = {"note": "tiny", "bases": "3:1,4:1", "visits": 10, "blocks": 1,
                  "channels": 8, "epochs": 1, "gate_games": 8, "gate_visits": 10,
                  "gate_seconds": 0.02, "games": 6, "rules_mix": "strong-pie:2,weak-pie:1,"
                  "komi-pie:1", "fair_komi": "3:0,4:1", "komi_spread": 1}
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "recipe.json")
            with open(path, "w", encoding="utf-8") as stream:
                json.dump(recipe, stream)
            run = os.path.join(folder, "run")
            self.run_loop(run, "--recipe", path, "--games", "8", "--start", "none",
                          "--concurrency", "1", "--threads", "1", "--rounds", "1")
            stored = learning_loop.stored_settings(learning_loop.RunFolder(run))
            self.assertEqual((stored.games, stored.rules_mix, stored.visits),
                             (8, recipe["rules_mix"], 10))
            round_folder = os.path.join(run, "rounds", "0001")
            for base in (3, 4):
                records = selfplay.read_games(os.path.join(round_folder, "games", f"base{base}"))
                self.assertEqual(sorted(r["number"] for r in records), [0, 1, 2, 3])
                self.assertEqual([r["rules"] for r in sorted(records, key=lambda r: r["number"])],
                                 # game 0 held out and the others each from the cycle's start
                                 ["strong-pie", "strong-pie", "weak-pie", "komi-pie"])
                self.assertTrue(all(r["komi"] in {3: {0, 1}, 4: {0, 1, 2}}[base]
                                    for r in records if r["rules"] == "komi-pie"))
            with open(os.path.join(round_folder, "gate.json"), encoding="utf-8") as stream:
                verdict = json.load(stream)
            by_rules = verdict["by_rules"]
            self.assertEqual(sum(r["wins"] + r["losses"] + r["aborted"]
                                 for r in by_rules.values()), 8)
            self.assertEqual(verdict["wins"], sum(r["wins"] for r in by_rules.values()))
            with open(os.path.join(round_folder, "engine.json"), encoding="utf-8") as stream:
                self.assertRegex(json.load(stream)["fingerprint"], r"^[0-9a-f]{16}$")
            # A start with no settings goes on with the stored ones, not the shipped recipe.
            again = self.run_loop(run, "--rounds", "1")
            self.assertNotIn("self-play", again.split("round  network")[0])
            self.assertEqual(learning_loop.stored_settings(learning_loop.RunFolder(run)),
                             stored)

    def test_a_driver_killed_in_each_phase_goes_on_and_repeats_nothing(self):
        settings = ["--recipe", "none", "--start", "none", "--base", "3", "--games", "8",
                    "--visits", "40",
                    "--window", "1", "--blocks", "1", "--channels", "8", "--epochs", "400",
                    "--gate-games", "6", "--gate-visits", "40", "--gate-seconds", "0.02",
                    "--concurrency", "1",
                    "--threads", "1", "--rounds", "1"]
        with tempfile.TemporaryDirectory() as run:
            round_folder = os.path.join(run, "rounds", "0001")
            games = os.path.join(round_folder, "games", "games.jsonl")
            checkpoint = os.path.join(round_folder, "training.ckpt")
            candidate = os.path.join(round_folder, "candidate.pt")

            def killed_when(condition):
                """Starts the loop and kills it with everything it started once `condition`
                holds; False when the loop finished first."""
                process = subprocess.Popen(loop_command(run, *settings), start_new_session=True,
                                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                deadline = time.monotonic() + 300
                while process.poll() is None and time.monotonic() < deadline:
                    if condition():
                        os.killpg(process.pid, signal.SIGKILL)
                        process.wait()
                        return True
                    time.sleep(0.02)
                process.wait()
                return False

            self.assertTrue(killed_when(lambda: os.path.exists(games)
                                        and len(game_numbers(games)) >= 2))
            self.assertLess(len(game_numbers(games)), 8)
            self.assertTrue(killed_when(lambda: os.path.exists(checkpoint)))
            epoch = torch.load(checkpoint)["epoch"]
            self.assertFalse(os.path.exists(candidate), "killed before the end of training")
            self.assertTrue(killed_when(lambda: len(gate_numbers(run)) >= 1))
            self.assertLess(len(gate_numbers(run)), 6)
            output = self.run_loop(run, *settings)

            self.assertEqual(sorted(game_numbers(games)), list(range(8)))
            self.assertEqual(sorted(gate_numbers(run)), list(range(1, 7)))
            self.assertNotIn("self-play:", output)
            self.assertNotIn("epoch 1:", output)
            with open(os.path.join(round_folder, "gate.json"), encoding="utf-8") as stream:
                verdict = json.load(stream)
            self.assertEqual(verdict["wins"] + verdict["losses"] + verdict["aborted"], 6)
            self.assertGreaterEqual(epoch, 1)


@unittest.skipIf(MISSING or distributed is None, "needs torch and distributed")
class LoopOnDaskTest(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.TemporaryDirectory()
        self.cluster = Cluster(self.directory.name, workers=2)

    def tearDown(self):
        self.cluster.close()
        self.directory.cleanup()

    def test_a_worker_killed_during_self_play_loses_no_game_and_counts_none_twice(self):
        run = os.path.join(self.directory.name, "run")
        games = os.path.join(run, "rounds", "0001", "games", "games.jsonl")
        process = subprocess.Popen(
            loop_command(run, "--dask", self.cluster.address, "--rounds", "1", "--recipe",
                         "none", "--start", "none", "--base", "3", "--games", "16", "--visits", "40",
                         "--blocks", "1", "--channels", "8", "--epochs", "1", "--gate-games",
                         "2", "--gate-visits", "10", "--gate-seconds", "0.02", "--threads", "1"),
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        deadline = time.monotonic() + 300
        while not (os.path.exists(games) and len(game_numbers(games)) >= 2):
            self.assertIsNone(process.poll(), "the loop ended before a worker was killed")
            self.assertLess(time.monotonic(), deadline)
            time.sleep(0.02)
        self.cluster.kill(self.cluster.workers[0])
        output, _ = process.communicate(timeout=300)
        self.assertEqual(process.returncode, 0, output)
        self.assertEqual(sorted(game_numbers(games)), list(range(16)))
        self.assertTrue(os.path.exists(os.path.join(run, "rounds", "0001", "gate.json")))

    def test_a_worker_whose_engine_is_another_version_is_refused(self):
        run = os.path.join(self.directory.name, "run")
        done = subprocess.run(
            loop_command(run, "--dask", self.cluster.address, "--worker-engine",
                         f"{sys.executable} {FAKE} --mode good", *TINY),
            capture_output=True, text=True, timeout=300)
        self.assertEqual(done.returncode, 2, done.stdout + done.stderr)
        self.assertRegex(done.stderr, r"refused: the engine of these workers is not the "
                                      r"driver's version '[^']+': tcp://127\.0\.0\.1:\d+ "
                                      r"answers '1'")
        self.assertFalse(os.path.exists(os.path.join(run, "rounds")))


if __name__ == "__main__":
    unittest.main()
