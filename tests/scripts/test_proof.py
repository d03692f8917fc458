"""scripts/proof.sh: the plan's matches are played between the two commits' engines, resume,
also from a carry folder on another machine, and add up in proof.txt; without building, since
the engines are put where it builds them."""

import gzip
import json
import os
import shutil
import subprocess
import tempfile
import unittest

import helpers

ENGINE = helpers.engine_path()
TOOLS = ("proof.sh", "referee.py", "match_summary.py", "lifeline_tools")


def git(folder, *arguments):
    return subprocess.run(["git", "-C", folder, *arguments], check=True, capture_output=True,
                          text=True).stdout.strip()


@unittest.skipUnless(ENGINE and shutil.which("git"), "needs LIFELINE_ENGINE and git")
class ProofTest(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.TemporaryDirectory()
        root = self.directory.name
        # A repository of two commits holding the tools, so that the test needs no history.
        self.repository = os.path.join(root, "repository")
        os.makedirs(os.path.join(self.repository, "scripts"))
        for name in TOOLS:
            source = os.path.join(helpers.SCRIPTS, name)
            target = os.path.join(self.repository, "scripts", name)
            if os.path.isdir(source):
                shutil.copytree(source, target,
                                ignore=shutil.ignore_patterns("__pycache__"))
            else:
                shutil.copy2(source, target)
        git(self.repository, "init", "--quiet")
        identity = ["-c", "user.name=test", "-c", "user.email=test@example.com"]
        git(self.repository, *identity, "add", ".")
        git(self.repository, *identity, "commit", "--quiet", "-m", "old")
        git(self.repository, *identity, "commit", "--quiet", "--allow-empty", "-m", "new")
        self.old = git(self.repository, "rev-parse", "--short=12", "HEAD~1")
        self.new = git(self.repository, "rev-parse", "--short=12", "HEAD")
        # The engines where proof.sh builds them, so it builds nothing.
        self.out = os.path.join(root, "proof")
        for commit in (self.old, self.new):
            folder = os.path.join(self.out, "engines", commit, "build")
            os.makedirs(folder)
            os.symlink(os.path.abspath(ENGINE), os.path.join(folder, "lifeline"))
        self.plan = os.path.join(root, "plan")
        with open(self.plan, "w", encoding="utf-8") as stream:
            stream.write("# name base seconds games\n"
                         "small 3 0.05 2\n\nother 4 0.05 2  # later\n")

    def tearDown(self):
        self.directory.cleanup()

    def proof(self, *arguments, only=None, carry=None):
        environment = dict(os.environ, LIFELINE_PROOF_CONCURRENCY="1")
        if only is not None:
            environment["LIFELINE_PROOF_ONLY"] = only
        if carry is not None:
            environment["LIFELINE_PROOF_CARRY"] = carry
        return subprocess.run(
            ["bash", os.path.join(self.repository, "scripts", "proof.sh"), *arguments],
            capture_output=True, text=True, env=environment, timeout=300)

    def results(self, name):
        path = os.path.join(self.out, name, "results.json")
        if not os.path.exists(path):
            return None
        with open(path, encoding="utf-8") as stream:
            return json.load(stream)

    def games(self, name):
        results = self.results(name)
        return None if results is None else len(results["games"])

    def test_the_plan_is_played_resumed_and_tabled(self):
        done = self.proof(self.old, self.out, "HEAD", self.plan, only="small")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual((self.games("small"), self.games("other")), (2, None))
        with open(os.path.join(self.out, "proof.txt"), encoding="utf-8") as stream:
            table = stream.read()
        self.assertIn(f"proof: {self.new} against {self.old}", table)
        self.assertIn("small (base 3, strong-pie, 0.05 s a move, 2 games planned)", table)
        self.assertIn(self.new, done.stdout)
        # The same command again goes on: the match played plays nothing more, the other its
        # games, and the table holds both.
        done = self.proof(self.old, self.out, "HEAD", self.plan)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual((self.games("small"), self.games("other")), (2, 2))
        self.assertIn("other (base 4", done.stdout)

    def test_a_carried_match_resumes_on_another_machine(self):
        carry = os.path.join(self.directory.name, "carried")
        done = self.proof(self.old, self.out, "HEAD", self.plan, only="small", carry=carry)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(os.listdir(carry), ["small.json.gz"])
        with gzip.open(os.path.join(carry, "small.json.gz"), "rt", encoding="utf-8") as stream:
            self.assertEqual(json.load(stream), self.results("small"))
        played = self.results("small")["games"]
        # Another machine: the match's folder is gone, the carried results are there, and the
        # plan asks for one game more, which is all that is played.
        shutil.rmtree(os.path.join(self.out, "small"))
        with open(self.plan, "w", encoding="utf-8") as stream:
            stream.write("small 3 0.05 3\n")
        done = self.proof(self.old, self.out, "HEAD", self.plan, carry=carry)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(self.results("small")["games"][:2], played)
        self.assertEqual(self.games("small"), 3)
        with gzip.open(os.path.join(carry, "small.json.gz"), "rt", encoding="utf-8") as stream:
            self.assertEqual(len(json.load(stream)["games"]), 3)

    def test_rules_and_the_fair_komi_of_the_new_engines_book(self):
        with open(self.plan, "w", encoding="utf-8") as stream:
            stream.write("weak 3 0.05 2 weak-pie\nkomi 3 0.05 2 komi-pie fair\n"
                         "given 3 0.05 2 komi-pie 2\n")
        done = self.proof(self.old, self.out, "HEAD", self.plan)
        self.assertEqual(done.returncode, 0, done.stderr)
        # Base 3's komi-pie map is exact: fair komi 1.
        self.assertIn("match komi: base 3, komi-pie at komi 1,", done.stderr)
        self.assertIn("komi (base 3, komi-pie komi 1, 0.05 s a move, 2 games planned)",
                      done.stdout)
        self.assertIn("weak (base 3, weak-pie, 0.05 s a move", done.stdout)
        self.assertIn("given (base 3, komi-pie komi 2,", done.stdout)
        for name, rules, komi in (("weak", "weak-pie", 0), ("komi", "komi-pie", 1),
                                  ("given", "komi-pie", 2)):
            self.assertEqual(self.games(name), 2)
            settings = self.results(name)["settings"]
            self.assertEqual((settings["rules"], settings["komi"]), (rules, komi))

    def test_a_base_without_a_fair_komi_stops_the_proof(self):
        with open(self.plan, "w", encoding="utf-8") as stream:
            stream.write("komi 13 0.05 2 komi-pie fair\n")
        done = self.proof(self.old, self.out, "HEAD", self.plan)
        self.assertNotEqual(done.returncode, 0)
        self.assertIn("gives base 13 no fair komi", done.stderr)

    def test_a_commit_against_itself_and_a_wrong_call_are_refused(self):
        done = self.proof("HEAD", self.out, "HEAD")
        self.assertEqual(done.returncode, 2)
        self.assertIn("against itself proves nothing", done.stderr)
        done = self.proof("HEAD")
        self.assertEqual(done.returncode, 2)
        self.assertIn("scripts/proof.sh OLD_COMMIT OUT", done.stderr)
        # The usage is the script's whole opening comment, down to the carry's hourly packing.
        self.assertIn("LIFELINE_PROOF_CARRY_SECONDS, default 3600", done.stderr)
        self.assertIn("committed at most once an hour).", done.stderr)
        self.assertFalse(os.path.exists(os.path.join(self.out, "small")))


if __name__ == "__main__":
    unittest.main()
