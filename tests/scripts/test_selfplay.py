"""scripts/network.py generate and lifeline_tools/learning/selfplay.py against the engine: games are
recorded whole and replay legally to their recorded end, a run resumes after its last complete
game (also after a torn line) and plays each game exactly as a fresh run would, a folder
refuses games of other settings or engines and a second run at the same time, and a report's
double-turn orders count as one candidate. Under a rules mix each game's rules and komi follow
from its number and seed, so a run that goes on plays the same games; a folder of the loop
takes a newer engine whose play has the same fingerprint.
"""

import dataclasses
import json
import os
import random
import subprocess
import sys
import tempfile
import unittest

import helpers
from helpers import ROOT
from lifeline_tools.engine import gtp
from lifeline_tools.learning import selfplay
from lifeline_tools.workers.pool import LocalPool

ENGINE = helpers.engine_path()
NETWORK = os.path.join(ROOT, "scripts", "network.py")


def generate(out, *flags):
    return subprocess.run([sys.executable, NETWORK, "generate", "--out", out, "--engine", ENGINE,
                           "--base", "3", "--visits", "30", *flags],
                          capture_output=True, text=True, timeout=300)


class SelfPlayTest(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.out = os.path.join(self.folder.name, "games")

    def tearDown(self):
        self.folder.cleanup()

    def test_games_replay_to_their_recorded_end(self):
        self.assertEqual(generate(self.out, "--games", "2").returncode, 0)
        games = selfplay.read_games(self.out)
        self.assertEqual(sorted(g["number"] for g in games), [0, 1])
        engine = gtp.GtpEngine(ENGINE)
        self.addCleanup(engine.close)
        for game in games:
            engine.start_game(3, "strong-pie", timeout=30)
            settled = game["settled"]
            for number, turn in enumerate(game["turns"]):
                if number == settled["turn"]:
                    state = engine.state(timeout=30)
                    self.assertEqual(selfplay.territory(3, state["black"], state["white"]),
                                     settled["territory"])
                self.assertEqual(turn["sampled"], number < 8)
                visits = [v for _, v in turn["candidates"]]
                self.assertEqual(visits, sorted(visits, reverse=True))
                moves = [m for m, _ in turn["candidates"]]
                self.assertEqual(len(moves), len(set(moves)))
                engine.play(turn["color"], turn["move"], timeout=30)
            state = engine.state(timeout=30)
            self.assertTrue(state["over"])
            if settled["turn"] == len(game["turns"]):  # settled only by the end
                self.assertIn(settled["territory"],
                              (selfplay.territory(3, state["black"], state["white"]),
                               game["winner"][0] * 19))
            self.assertEqual((state["winner"], state["black"], state["white"]),
                             (game["winner"], game["black"], game["white"]))

    def test_a_run_resumes_and_plays_the_same_games(self):
        self.assertEqual(generate(self.out, "--games", "3").returncode, 0)
        whole = {g["number"]: g for g in selfplay.read_games(self.out)}
        other = os.path.join(self.folder.name, "other")
        self.assertEqual(generate(other, "--games", "1").returncode, 0)
        path = os.path.join(other, selfplay.GAMES_FILE)
        with open(path, "a", encoding="utf-8") as stream:
            stream.write('{"number": 1, "tur')  # a run killed in the middle of a line
        run = generate(other, "--games", "3")
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertIn("1 games in", run.stdout)
        resumed = {g["number"]: g for g in selfplay.read_games(other)}
        self.assertEqual(resumed, whole)

    def test_other_settings_are_refused(self):
        self.assertEqual(generate(self.out, "--games", "1").returncode, 0)
        run = generate(self.out, "--games", "2", "--visits", "31")
        self.assertEqual(run.returncode, 2)
        self.assertIn("holds games played with", run.stderr)
        with open(os.path.join(self.out, selfplay.SETTINGS_FILE), encoding="utf-8") as stream:
            self.assertIn("commit", json.load(stream)["engine"])
        self.assertEqual(len(selfplay.read_games(self.out)), 1)

    def test_a_mix_gives_each_game_its_rules_and_komi_again_on_resuming(self):
        mix = selfplay.SelfPlaySettings(engine=ENGINE, base=3, visits=20, seed=5,
                                        rules_mix="strong-pie:2,weak-pie:1,komi-pie:1",
                                        fair_komi=1, komi_spread=2, engine_play="f1")
        drawn = [mix.game_rules(number) for number in range(40)]
        self.assertEqual(drawn, [dataclasses.replace(mix).game_rules(n) for n in range(40)])
        cycle = ["strong-pie", "weak-pie", "komi-pie", "strong-pie"]
        # The held-out games (0, 10, 20, ...) and the others each go through the cycle.
        self.assertEqual([mix.game_rules(n)[0] for n in (0, 10, 20, 30)], cycle)
        self.assertEqual([rules for rules, _ in drawn[1:5]], cycle)
        held_out = [mix.game_rules(n)[0] for n in range(0, 400, 10)]
        self.assertEqual([held_out.count(rules) for rules in cycle[:3]], [20, 10, 10])
        self.assertEqual({komi for rules, komi in drawn if rules != "komi-pie"}, {0})
        self.assertEqual({komi for rules, komi in drawn if rules == "komi-pie"}, {0, 1, 2, 3})
        pool = LocalPool(2)
        self.addCleanup(pool.close)
        selfplay.claim_folder(self.out, mix)
        self.assertEqual(selfplay.play_games(self.out, mix, 4, pool, lambda *_: None), [])
        whole = {g["number"]: g for g in selfplay.read_games(self.out)}
        self.assertEqual([(whole[n]["rules"], whole[n]["komi"]) for n in range(4)], drawn[:4])
        other = os.path.join(self.folder.name, "other")
        selfplay.claim_folder(other, mix)
        selfplay.play_games(other, mix, 2, pool, lambda *_: None)
        selfplay.play_games(other, mix, 4, pool, lambda *_: None)  # a run that goes on
        self.assertEqual({g["number"]: g for g in selfplay.read_games(other)}, whole)
        with self.assertRaisesRegex(selfplay.SettingsMismatch, "holds games played with"):
            selfplay.claim_folder(other, dataclasses.replace(mix, rules_mix="strong-pie"))

    def test_a_folder_of_the_loop_takes_a_newer_engine_that_plays_alike(self):
        older = selfplay.SelfPlaySettings(engine=ENGINE, engine_version="1 (commit a)",
                                          engine_play="f1")
        selfplay.claim_folder(self.out, older)
        selfplay.claim_folder(self.out, dataclasses.replace(older, engine_version="2 (commit b)"))
        with self.assertRaisesRegex(selfplay.SettingsMismatch, "'engine_play': 'f2'"):
            selfplay.claim_folder(self.out, dataclasses.replace(older, engine_play="f2"))
        # A folder claimed by the version, before the fingerprint, goes on with that version.
        before = os.path.join(self.folder.name, "before")
        selfplay.claim_folder(before, dataclasses.replace(older, engine_play=""))
        selfplay.claim_folder(before, older)
        with self.assertRaises(selfplay.SettingsMismatch):
            selfplay.claim_folder(before, dataclasses.replace(older, engine_version="2"))

    def test_a_folder_takes_one_run_at_a_time(self):
        lock = selfplay.lock_folder(self.out)  # as a run in progress holds it
        self.addCleanup(lock.close)
        run = generate(self.out, "--games", "1")
        self.assertEqual(run.returncode, 2)
        self.assertIn("another run is writing games", run.stderr)

    def test_territory(self):
        row3 = ["A3", "B3", "C3", "D3", "E3"]
        self.assertIsNone(selfplay.territory(3, row3, ["C5"]))  # the top touches both
        self.assertEqual(selfplay.territory(3, row3, ["B4", "C4", "D4", "E4"]),
                         "bbb" "bbbb" "bbbbb" "wwww" "www")
        self.assertEqual(selfplay.territory(3, ["A1", "C1"], []), "b" * 19)
        self.assertIsNone(selfplay.territory(3, [], []))

    def test_holders_name_each_cell_where_the_board_is_not_settled(self):
        owner = selfplay.holders(3, ["A3", "B3", "C3", "D3", "E3"], ["C5"])
        self.assertEqual((owner["A1"], owner["C3"], owner["C5"], owner["D4"]),
                         ("b", "b", "w", ""))

    def test_the_playout_cap_draws_nothing_when_it_is_off(self):
        class Engine:
            def __init__(self):
                self.asked = []

            def ask(self, command, timeout):
                self.asked.append(command)

        plain = selfplay.SelfPlaySettings(engine="e", visits=50)
        draws = random.Random(5)
        engine = Engine()
        budget = selfplay.VisitBudget(engine, plain, draws)
        self.assertTrue(all(budget.next_move(sample=False) for _ in range(20)))
        self.assertEqual((engine.asked, draws.random()), ([], random.Random(5).random()))
        self.assertNotIn("full_share", plain.identity())  # older folders keep their identity

        capped = selfplay.SelfPlaySettings(engine="e", visits=50, full_share=0.25,
                                           fast_visits=8)
        budget = selfplay.VisitBudget(engine, capped, random.Random(5))
        self.assertTrue(budget.next_move(sample=True))
        full = [budget.next_move(sample=False) for _ in range(400)]
        self.assertTrue(80 <= sum(full) <= 120, sum(full))
        self.assertEqual(set(engine.asked), {"lifeline-set visits 8", "lifeline-set visits 50"})
        self.assertEqual(capped.identity()["fast_visits"], 8)

    def test_double_turn_orders_are_one_candidate(self):
        lines = ["info move A1,C3 visits 9 winrate 0.4 prior 0.5 order 0 pv A1,C3 "
                 "info move B1,D3 visits 7 winrate 0.6 prior 0.5 order 1 pv B1,D3 "
                 "info move A1,C3 visits 5 winrate 0.3 prior 0.5 order 2 pv A1,C3",
                 "play A1,C3"]
        self.assertEqual(selfplay.root_candidates(lines),
                         [("A1,C3", 14, 0.4), ("B1,D3", 7, 0.6)])
        self.assertEqual(selfplay.root_candidates(["play D4"]), [])


if __name__ == "__main__":
    unittest.main()
