"""What the browser tests of the page share: the page served by scripts/web.py, headless
Chromium, the page as a test reads and clicks it (Page), a separate referee engine that says
what the page should show, and the test case that opens the page beside it (BrowserCase).

Runs under Debian's Python, where python3-selenium installs (scripts/build.sh installs it
with chromium and chromium-driver). Needs LIFELINE_ENGINE (ctest sets it).
"""
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import unittest

from support import ENGINE, SCRIPTS, children
from helpers import processes_with, unique_tag, wait_until_gone
from lifeline_tools.engine.gtp import GtpEngine
from lifeline_tools import vocabulary

try:
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    from lifeline_tools.engine.headless_chromium import start_chromium
except ImportError as error:  # a missing package must fail the suite, not skip it
    raise SystemExit(f"{error}: install chromium, chromium-driver and python3-selenium "
                     "(scripts/build.sh does), and run this test with /usr/bin/python3")

WAIT = 90  # seconds for anything the page waits for (the engine thinks 0.2 s a move)


class PageServer:
    """scripts/web.py in a process of its own; every process it starts carries `tag`."""

    def __init__(self, engine, tag):
        environment = dict(os.environ, LIFELINE_WEB_TEST_TAG=tag)
        self.process = subprocess.Popen(
            [sys.executable, os.path.join(SCRIPTS, "web.py"), "--port", "0", "--engine", engine],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment,
            start_new_session=True)
        line = self.process.stdout.readline()
        match = re.search(r"open (http://\S+) in a browser", line)
        if match is None:
            self.close()
            raise AssertionError(f"web.py printed {line!r}: {self.process.stderr.read()}")
        self.url = match.group(1)

    def engines(self):
        """Process ids of the engines the server runs now."""
        return children(self.process.pid)

    def close(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self.process.stdout.close()
        self.process.stderr.close()


def start_browser(downloads, width=1280, height=900):
    return start_chromium(downloads=downloads, width=width, height=height)


class Page:
    """What a test reads and does on the page: only through its elements and the state it
    exposes (window.lifeline), as any browser test could."""

    def __init__(self, driver):
        self.driver = driver

    def script(self, code, *args):
        return self.driver.execute_script(code, *args)

    def state(self):
        return self.script("return window.lifeline && window.lifeline.state();")

    def idle(self):
        return not self.script("return !window.lifeline || window.lifeline.busy();")

    def board(self):
        return dict(self.script(
            "return Array.from(document.querySelectorAll('[data-cell]'), "
            "cell => [cell.dataset.cell, cell.dataset.stone]);"))

    def element(self, selector):
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def text(self, selector):
        return self.element(selector).text

    def shown(self, selector):
        return self.element(selector).is_displayed()

    def click(self, selector):
        self.element(selector).click()

    def click_redrawn(self, selector):
        """Clicks an element that the page may redraw between finding and clicking it (the
        win-rate graph redraws with every state and analysis): tries again on a new one."""
        for _ in range(20):
            try:
                self.element(selector).click()
                return
            except StaleElementReferenceException:
                time.sleep(0.1)
        raise AssertionError(f"{selector} was redrawn at every try")

    def click_cell(self, cell):
        self.click(f'[data-cell="{cell}"]')

    def wait(self, condition, what, seconds=WAIT):
        try:
            return WebDriverWait(self.driver, seconds, poll_frequency=0.1).until(
                lambda _: condition())
        except WebDriverException as error:
            raise AssertionError(f"waited {seconds} s for {what}; page says "
                                 f"{self.text('#status')!r} / {self.text('#message')!r}") from error

    def wait_for_person(self, after_version):
        """Until the page has a newer state in which the person (or nobody) is to act."""
        def ready():
            state = self.state()
            return (state and self.idle() and state["version"] > after_version
                    and state["turn_of"] != "engine" and not state["thinking"] and state)
        return self.wait(ready, f"a state after version {after_version} on the person's turn")

    def new_game(self, base=3, rules="strong-pie", human="black", time_per_move="0.2",
                 level=None):
        """A new game from the dialog; `level` None: full strength, the list's last."""
        self.wait(lambda: self.state() and self.idle(), "the first game")
        old = self.state()["id"]
        self.click("#new-game-button")
        form = self.element("#new-game-form")
        Select(form.find_element(By.NAME, "base")).select_by_value(str(base))
        Select(form.find_element(By.NAME, "rules")).select_by_value(rules)
        Select(form.find_element(By.NAME, "human")).select_by_value(human)
        Select(form.find_element(By.NAME, "time")).select_by_value(time_per_move)
        levels = Select(form.find_element(By.NAME, "level"))
        if level is None:
            levels.select_by_index(len(levels.options) - 1)
        else:
            levels.select_by_value(str(level))
        self.click("#start-button")
        self.wait_for_game_after(old)
        return self.wait_for_person(0)

    def review(self, seconds):
        """Reviews the game (Review the game, to its end): the graph's points, [at, rate]."""
        self.click("#review-button")
        self.wait(lambda: self.script("return window.lifeline.reviewing();"), "the review")
        self.wait(lambda: not self.script("return window.lifeline.reviewing();") and self.idle(),
                  "the review's end", seconds=seconds)
        return self.script("return Array.from(document.querySelectorAll('#winrate-graph "
                           "[data-at]'), p => [Number(p.dataset.at), Number(p.dataset.rate)]);")

    def wait_for_game_after(self, old_id):
        """Until the page shows a game other than `old_id`, with nothing on its way."""
        def ready():
            state = self.state()
            return state and state["id"] != old_id and self.idle() and state
        return self.wait(ready, f"a game after {old_id}")


class Referee:
    """A separate engine that replays the page's game record and says what the page should
    show."""

    def __init__(self, directory):
        self.engine = GtpEngine(ENGINE)
        self.path = os.path.join(directory, "page-record.txt")

    def ask(self, command):
        answer = self.engine.send(command, 60)
        if not answer.ok:
            raise AssertionError(f"referee engine refused {command}: {answer.text}")
        return answer.text

    def load(self, state):
        with open(self.path, "w", encoding="utf-8") as stream:
            stream.write(state["record"])
        self.ask(f"lifeline-loadgame {self.path}")

    def state(self):
        return json.loads(self.ask("lifeline-state"))

    def board(self):
        state = self.state()
        board = dict.fromkeys(vocabulary.cells(state["base"]), "empty")
        board.update({cell: "black" for cell in state["black"]})
        board.update({cell: "white" for cell in state["white"]})
        return board

    def legal(self):
        """The cells where a stone is legal now (not the swap or komi spending)."""
        return self.state()["legal"]

    def removed(self):
        return sum(self.state()["removed"].values())

    def capturing_moves(self, color):
        """The single-stone moves that remove stones, tried one by one and taken back."""
        found = []
        before = self.removed()
        for move in self.legal():
            self.ask(f"play {color} {move}")
            if self.removed() > before:
                found.append(move)
            self.ask("undo")
        return found

    def close(self):
        self.engine.close()


@unittest.skipUnless(ENGINE, "LIFELINE_ENGINE is not set")
class BrowserCase(unittest.TestCase):
    """A test of the page served by scripts/web.py, with a referee engine beside it; a test of
    the static page overrides open() (tests/wasm/test_static_page.py)."""

    def setUp(self):
        self.tag = unique_tag()
        self.directory = tempfile.TemporaryDirectory()
        self.addCleanup(self.directory.cleanup)
        self.downloads = os.path.join(self.directory.name, "downloads")
        os.mkdir(self.downloads)
        self.referee = Referee(self.directory.name)
        self.addCleanup(self.referee.close)

    def open(self, engine=None, width=1280, height=900):
        self.server = PageServer(engine or ENGINE, self.tag)
        self.addCleanup(self.check_no_process_left)
        self.addCleanup(self.server.close)
        driver, profile = start_browser(self.downloads, width, height)
        self.addCleanup(subprocess.run, ["rm", "-rf", profile])
        self.addCleanup(driver.quit)
        self.page = Page(driver)
        driver.get(self.server.url)
        return self.page

    def check_no_process_left(self):
        self.assertEqual(wait_until_gone(processes_with(self.tag), 15), [])

    def check_page_against_engine(self, state):
        """Every cell, the turn and the end of the game as the page shows them, against the
        referee engine that loaded the page's moves."""
        page = self.page
        self.referee.load(state)
        self.assertEqual(page.board(), self.referee.board(), state["record"])
        referee = self.referee.state()
        self.assertEqual((state["to_move"], state["stones"]),
                         (referee["to_move"], referee["stones_to_place"]))
        if referee["over"]:
            self.assertTrue(page.shown("#result"))
            winner = referee["winner"].capitalize()
            self.assertTrue(page.text("#result").startswith(f"{winner} wins"))
        else:
            self.assertFalse(page.shown("#result"))
        last = state["last"]
        for removed in last["removed"] if last else []:
            ghost = page.element(f'.removed[data-removed="{removed["cell"]}"]')
            self.assertIsNotNone(ghost)
            self.assertEqual(page.board()[removed["cell"]], "empty")

    def play_by_click(self, cell, state):
        self.page.click_cell(cell)
        state = self.page.wait_for_person(state["version"])
        self.check_page_against_engine(state)
        return state
