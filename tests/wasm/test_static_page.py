"""The page without a server: `scripts/web.py --static DIR` writes it with the WebAssembly
engine, `python3 -m http.server` serves DIR, and headless Chromium plays on it exactly as
tests/web/test_browser.py plays on the page that scripts/web.py serves: the same clicks, the
same checks against a native referee engine (a whole game on base 3 with a double turn, the
engine's swap, captures and the result; analysis that ends with the game; a finished game
reviewed and stepped through), and the player's tests of tests/web/test_player.py (a first
visit, settings changed mid-game, refused cells marked, a whole game at phone size with its
ending explained, a review's progress, both territories).

The parts of test_browser.py that are about the engine process (its crash, its end when the
page closes) or about a stand-in engine command do not apply here, since the page has no
engine process; keys, undo, save and load do. Needs LIFELINE_ENGINE (the native referee)
and LIFELINE_WASM_PACKAGE (scripts/test_wasm.sh sets both).
"""

import os
import re
import signal
import subprocess
import sys
import tempfile
import unittest

from browser_case import Page, start_browser
from test_browser import BrowserTest
from test_player import PlayerTest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGE = os.environ.get("LIFELINE_WASM_PACKAGE", os.path.join(ROOT, "build-wasm", "package"))
NO_ENGINE_PROCESS = "the page without a server runs its engine in the page, not in a process"


class StaticServer:
    """The static site written by web.py --static, served by Python's own static server."""

    def __init__(self, directory):
        site = os.path.join(directory, "site")
        written = subprocess.run(
            [sys.executable, os.path.join(ROOT, "scripts", "web.py"), "--static", site,
             "--package", PACKAGE], capture_output=True, text=True, check=False)
        if written.returncode != 0:
            raise AssertionError(f"web.py --static failed: {written.stderr}")
        self.process = subprocess.Popen(
            [sys.executable, "-u", "-m", "http.server", "--bind", "127.0.0.1", "--directory",
             site, "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
            start_new_session=True)
        line = self.process.stdout.readline()
        match = re.search(r"port (\d+)", line)
        if match is None:
            self.close()
            raise AssertionError(f"http.server printed {line!r}")
        self.url = f"http://127.0.0.1:{match.group(1)}/"

    def close(self):
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait()
        self.process.stdout.close()


class StaticOpen:
    """open() for the static page: the site written and served, the page's engine in the page."""

    def open(self, engine=None, width=1280, height=900):
        if engine is not None:
            self.skipTest("a stand-in engine command: " + NO_ENGINE_PROCESS)
        server = StaticServer(self.directory.name)
        self.addCleanup(server.close)
        driver, profile = start_browser(self.downloads, width, height)
        self.addCleanup(subprocess.run, ["rm", "-rf", profile])
        self.addCleanup(driver.quit)
        self.page = Page(driver)
        driver.get(server.url)
        self.assertEqual(self.page.script("return document.documentElement.dataset.backend;"),
                         "wasm")
        return self.page


class StaticPageTest(StaticOpen, BrowserTest):
    def test_keyboard_save_load_crash_and_closing(self):
        # The page's engine has no process to crash or to see end: keys, undo, save, load.
        self.open()
        state, path = self.keyboard_game_saved()
        self.load_saved(path, state)

    @unittest.skip("the solver's verdict needs a stand-in engine: " + NO_ENGINE_PROCESS)
    def test_analysis_shows_the_solver_verdict(self):
        pass


class StaticPlayerTest(StaticOpen, PlayerTest):
    """The player's tests (tests/web/test_player.py) on the static page."""

    @unittest.skip("no server to go away: " + NO_ENGINE_PROCESS)
    def test_a_server_that_went_away(self):
        pass


# The base classes run here only as the subclasses: their own tests run in tests/web.
del BrowserTest
del PlayerTest

if __name__ == "__main__":
    unittest.main()
