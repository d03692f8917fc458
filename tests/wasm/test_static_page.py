"""The page without a server: `scripts/web.py --static DIR` writes it with the WebAssembly
engine, `python3 -m http.server` serves DIR (no isolation headers: the single-threaded build
runs, and the Game card says so), and headless Chromium plays on it exactly as
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

ThreadsTest serves the same site with `scripts/web.py --static DIR --serve`, which sends the
isolation headers: the threaded build runs there, at two threads; and once more without them.
"""

import os
import re
import signal
import subprocess
import sys
import tempfile
import unittest

from selenium.webdriver.support.ui import Select

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


class IsolatedStaticServer:
    """The static site written and served by web.py --static DIR --serve, with the headers that
    isolate the page."""

    def __init__(self, directory):
        self.process = subprocess.Popen(
            [sys.executable, "-u", os.path.join(ROOT, "scripts", "web.py"), "--static",
             os.path.join(directory, "isolated-site"), "--package", PACKAGE, "--serve",
             "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            start_new_session=True)
        line = self.process.stdout.readline()
        match = re.search(r"open (http://\S+/) ", line)
        if match is None:
            self.close()
            raise AssertionError(f"web.py --static --serve printed {line!r}")
        self.url = match.group(1)

    def close(self):
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait()
        self.process.stdout.close()
        self.process.stderr.close()


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


class ThreadsTest(unittest.TestCase):
    """Which build the page runs: the threaded one at two threads where its host isolates it,
    the single-threaded one elsewhere; the Game card says which, and the engine plays."""

    def setUp(self):
        self.directory = tempfile.TemporaryDirectory()
        self.addCleanup(self.directory.cleanup)

    def open(self, server):
        self.addCleanup(server.close)
        downloads = os.path.join(self.directory.name, "downloads")
        os.makedirs(downloads, exist_ok=True)
        driver, profile = start_browser(downloads)
        self.addCleanup(subprocess.run, ["rm", "-rf", profile])
        self.addCleanup(driver.quit)
        page = Page(driver)
        driver.get(server.url)
        return page

    def engine_plays(self, page):
        state = page.new_game(base=3, human="white", time_per_move="0.5")
        self.assertGreaterEqual(len(state["moves"]), 1, state)
        self.assertEqual(state["moves"][0]["by"], "engine", state)

    def test_isolated_the_threaded_build_at_two_threads(self):
        page = self.open(IsolatedStaticServer(self.directory.name))
        self.assertTrue(page.script("return window.crossOriginIsolated;"))
        # The player's choice, as the Game card's list stores it; the device may offer more.
        page.script("localStorage.setItem('lifeline-threads', '2');")
        page.driver.refresh()
        page.wait(lambda: page.state() and page.idle(), "the first game")
        self.assertEqual(page.script("return window.lifeline.build();"), "threads")
        self.assertTrue(page.shown("#threads-choice"))
        self.assertRegex(page.text("#threads-fact"), r"^2 of the device's \d+ \(threaded engine\)$")
        self.assertEqual(page.script("return document.getElementById('threads-select').value;"), "2")
        self.engine_plays(page)
        # The player's choice in the card reaches the engine and stays for the next visit.
        Select(page.element("#threads-select")).select_by_value("1")
        page.wait(lambda: page.idle() and page.text("#threads-fact").startswith("1 of"),
                  "one thread in the Game card")
        self.assertEqual(page.script("return localStorage.getItem('lifeline-threads');"), "1")
        page.script("document.getElementById('log-panel').open = true;")  # the protocol's log
        page.wait(lambda: "lifeline-set threads 1" in page.script(
            "return document.getElementById('log').textContent;"), "the setting in the log")
        self.engine_plays(page)

    def test_without_the_headers_one_thread_and_the_card_says_why(self):
        page = self.open(StaticServer(self.directory.name))
        self.assertFalse(page.script("return window.crossOriginIsolated;"))
        page.wait(lambda: page.state() and page.idle(), "the first game")
        self.assertEqual(page.script("return window.lifeline.build();"), "single")
        self.assertFalse(page.shown("#threads-choice"))
        self.assertIn("not cross-origin isolated", page.text("#threads-fact"))
        self.engine_plays(page)


# The base classes run here only as the subclasses: their own tests run in tests/web.
del BrowserTest
del PlayerTest

if __name__ == "__main__":
    unittest.main()
