"""pyproject.toml: the tools install as a package (lifeline_tools, lifeline_web and its page,
lifeline_abstractplay) that declares the optional dependencies of some tools as extras, and
the installed copy runs on its own: its commands answer --help and its match module plays a
match, with no part of the checkout on the import path.

Installs with pip into a temporary folder, offline and without build isolation, so it needs
pip, setuptools and wheel in the Python that runs it (Debian: python3-pip, python3-setuptools,
python3-wheel; ctest runs it with Debian's Python); skipped where one is missing.
"""

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from helpers import ROOT, fake

COMMANDS = ("lifeline-referee", "lifeline-regress", "lifeline-match-summary",
            "lifeline-solve-board", "lifeline-solver-timing", "lifeline-network",
            "lifeline-patterns", "lifeline-bench-speed", "lifeline-referee-bench", "lifeline-web",
            "lifeline-abstractplay-bot", "lifeline-abstractplay-import", "lifeline-openings")
# The optional dependencies, by the extra that declares them.
EXTRAS = {"network": {"numpy", "torch", "matplotlib"}, "browser": {"selenium"},
          "dask": {"distributed"}, "abstractplay": {"cryptography"}}
# What pyproject.toml builds from; the copy keeps build files out of the checkout.
SOURCES = ("pyproject.toml", "README.md", "scripts/lifeline_tools", "scripts/lifeline_web",
           "scripts/lifeline_abstractplay")
MISSING = [name for name in ("pip", "setuptools", "wheel") if not importlib.util.find_spec(name)]

# Run by the installed copy: a two-game match between fake engines through the module.
MATCH = """
import json, sys
from lifeline_tools.play.match import MatchSettings, run_match
tally = run_match(MatchSettings(engine1=sys.argv[1], engine2=sys.argv[2], out=sys.argv[3]))
print(json.dumps({"module": sys.modules["lifeline_tools.play.match"].__file__,
                  "summary": tally.summary()}))
"""


@unittest.skipIf(MISSING, f"no {', '.join(MISSING)} in {sys.executable}")
class PackageTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.directory = tempfile.TemporaryDirectory()
        source = os.path.join(cls.directory.name, "source")
        for path in SOURCES:
            copy = shutil.copytree if os.path.isdir(os.path.join(ROOT, path)) else shutil.copy
            os.makedirs(os.path.dirname(os.path.join(source, path)), exist_ok=True)
            copy(os.path.join(ROOT, path), os.path.join(source, path))
        cls.target = os.path.join(cls.directory.name, "installed")
        cls.install = subprocess.run(
            [sys.executable, "-m", "pip", "install", "--no-build-isolation", "--no-deps",
             "--no-index", "--disable-pip-version-check", "--quiet", "--target", cls.target,
             source], capture_output=True, text=True, timeout=300)
        # Only the installed copy: no PYTHONPATH into the checkout, and not run from it.
        cls.environment = dict(os.environ, PYTHONPATH=cls.target)

    @classmethod
    def tearDownClass(cls):
        cls.directory.cleanup()

    def setUp(self):
        self.assertEqual(self.install.returncode, 0, self.install.stderr)

    def run_installed(self, *command):
        process = subprocess.run(command, capture_output=True, text=True, timeout=120,
                                 env=self.environment, cwd=self.directory.name)
        self.assertEqual(process.returncode, 0, process.stderr)
        return process.stdout

    def test_commands_answer_help(self):
        for command in COMMANDS:
            with self.subTest(command=command):
                program = os.path.join(self.target, "bin", command)
                self.assertIn("usage: ", self.run_installed(sys.executable, program, "--help"))

    def test_the_extras_are_declared(self):
        info = [name for name in os.listdir(self.target) if name.endswith(".dist-info")]
        with open(os.path.join(self.target, info[0], "METADATA"), encoding="utf-8") as stream:
            lines = stream.read().splitlines()
        declared = {}
        for line in lines:
            # "Requires-Dist: torch; extra == 'network'"
            name, _, extra = line.removeprefix("Requires-Dist: ").partition("; extra == ")
            if line.startswith("Requires-Dist: ") and extra:
                declared.setdefault(extra.strip("'\""), set()).add(name.strip())
        self.assertEqual(declared, EXTRAS)

    def test_the_page_is_installed(self):
        static = os.path.join(self.target, "lifeline_web", "static")
        self.assertIn("index.html", os.listdir(static))

    def test_a_match_through_the_module(self):
        out = os.path.join(self.directory.name, "match")
        answer = json.loads(self.run_installed(sys.executable, "-c", MATCH, fake("good"),
                                               fake("illegal"), out))
        self.assertTrue(answer["module"].startswith(self.target), answer["module"])
        self.assertEqual(answer["summary"]["games"], 2)
        self.assertIn("game-0002.txt", os.listdir(out))


if __name__ == "__main__":
    unittest.main()
