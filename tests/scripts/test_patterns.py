"""The learned move model (lifeline_tools/learning/move_model.py): the Bradley-Terry fit on data of
known strengths, the accuracy summary, and the whole pipeline of scripts/patterns.py (generate,
train, evaluate) on a tiny board with the real engine.

Needs numpy (Debian's python3-numpy); the pipeline test needs LIFELINE_ENGINE, the path of the
built engine (ctest sets it), and is skipped without it.
"""

import os
import random
import subprocess
import sys
import tempfile
import unittest

import numpy as np

import helpers
from helpers import SCRIPTS
from lifeline_tools.learning import move_model
from lifeline_tools.learning.move_data import Candidate, Example, is_held_out

ENGINE = helpers.engine_path()


def synthetic_examples(strengths, competitions, seed):
    """Decisions among random subsets of moves whose single feature has a known strength:
    the played move is drawn with probability proportional to its strength."""
    rng = random.Random(seed)
    names = list(strengths)
    examples = []
    for _ in range(competitions):
        chosen_names = [rng.choice(names) for _ in range(6)]
        weights = [strengths[name] for name in chosen_names]
        played = rng.choices(range(6), weights)[0]
        candidates = [Candidate(f"A{i + 1}", 0.0,
                                (name, "near:0", "own:0", "ring:0", "shape:1"))
                      for i, name in enumerate(chosen_names)]
        examples.append(Example(candidates, played))
    return examples


class FitTest(unittest.TestCase):
    def test_recovers_known_strengths(self):
        strengths = {"tactic:0": 8.0, "tactic:1": 2.0, "tactic:2": 1.0, "tactic:3": 0.25}
        design = move_model.Design(synthetic_examples(strengths, 4000, seed=1), min_shape_count=1)
        log_gamma = move_model.fit(design, sweeps=40, log=lambda _: None)
        fitted = {name: log_gamma[i] for i, name in enumerate(design.names)}
        # Strengths are defined up to a common factor: compare differences of logarithms.
        for name, strength in strengths.items():
            expected = np.log(strength) - np.log(strengths["tactic:2"])
            self.assertAlmostEqual(fitted[name] - fitted["tactic:2"], expected, delta=0.2,
                                   msg=name)

    def test_rare_shapes_share_one_value(self):
        examples = synthetic_examples({"tactic:0": 1.0}, 10, seed=2)
        examples[0].candidates[0].features = ("tactic:0", "near:0", "own:0", "ring:0", "shape:9")
        design = move_model.Design(examples, min_shape_count=2)
        self.assertIn("shape:rare", design.names)
        self.assertNotIn("shape:9", design.names)
        self.assertIn("shape:1", design.names)

    def test_summary_counts_ties_fairly(self):
        # Two moves tied on top, the played one among them: half a first choice.
        example = Example([Candidate("A1", 0, ()), Candidate("B1", 0, ())], 0)
        line = move_model.summarize("tie", [example], lambda e: [0.0, 0.0])
        self.assertIn("top1  50.0%", line)
        self.assertIn("top3 100.0%", line)

    def test_held_out_share_is_stable(self):
        names = [f"game-{i:04d}.txt" for i in range(1, 1001)]
        held = [name for name in names if is_held_out(name, 0.2)]
        self.assertTrue(150 < len(held) < 250, len(held))
        self.assertEqual(held, [name for name in names if is_held_out(name, 0.2)])


@unittest.skipUnless(ENGINE, "LIFELINE_ENGINE is not set")
class PipelineTest(unittest.TestCase):
    def run_patterns(self, *args):
        command = [sys.executable, os.path.join(SCRIPTS, "patterns.py"), "--engine", ENGINE]
        process = subprocess.run(command + list(args), capture_output=True, text=True,
                                 timeout=600)
        self.assertEqual(process.returncode, 0, process.stdout + process.stderr)
        return process.stdout

    def test_generate_train_evaluate(self):
        with tempfile.TemporaryDirectory() as directory:
            games = os.path.join(directory, "games")
            weights = os.path.join(directory, "weights.inc")
            self.run_patterns("generate", "--out", games, "--games", "6", "--visits", "30",
                              "--base", "4")
            self.assertEqual(len([n for n in os.listdir(games) if n.startswith("game-")]), 6)
            output = self.run_patterns("train", "--out", weights, "--sweeps", "3", games)
            self.assertIn("sweep 3: log-likelihood", output)
            with open(weights, encoding="utf-8") as stream:
                text = stream.read()
            self.assertIn('R"WEIGHTS(', text)
            self.assertRegex(text, r"\ntactic:\d -?\d+\.\d{5}\n")
            output = self.run_patterns("evaluate", "--training-games", "--weights", weights,
                                       games)
            self.assertIn("uniform random", output)
            self.assertIn("weights.inc", output)


if __name__ == "__main__":
    unittest.main()
