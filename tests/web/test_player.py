"""The page as a player meets it, in headless Chromium against the real engine: a first visit
at a beginner's level, settings changed in the middle of a game that take effect and survive a
reload, the cells where a stone would be refused marked on the board with the reason, a whole
game played by clicks on a phone-sized screen up to an ending that says why the loser could not
place, a review that shows its progress, and the territory of the network and of the playouts.

tests/wasm/test_static_page.py runs the same tests on the page without a server. Runs under
Debian's Python with python3-selenium; needs LIFELINE_ENGINE (ctest sets it).
"""

import unittest

from browser_case import BrowserCase
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

PHONE = {"width": 390, "height": 844}
LOWEST_LEVEL = 1  # lifeline-set's listing: level 1 to 8


def neighbours(cell, board):
    """The cells of `board` (cell -> stone) that touch `cell`."""
    letters = sorted({name[0] for name in board})
    x, y = letters.index(cell[0]), int(cell[1:]) - 1
    around = []
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)):
        if 0 <= x + dx < len(letters) and f"{letters[x + dx]}{y + dy + 1}" in board:
            around.append(f"{letters[x + dx]}{y + dy + 1}")
    return around


class PlayerTest(BrowserCase):
    def refused(self):
        return set(self.page.script(
            "return [...document.querySelectorAll('[data-refused]')].map(c => c.dataset.cell);"))

    def engine_labels(self):
        """The move list's lines of the engine's turns."""
        return self.page.script("return [...document.querySelectorAll('#moves li.engine')]"
                                ".map(item => item.textContent.trim());")

    def selected(self, selector):
        return Select(self.page.element(selector)).first_selected_option.get_attribute("value")

    def log_text(self):
        return self.page.script("return document.getElementById('log').textContent;")

    def test_a_first_visit_and_settings_that_take_mid_game(self):
        page = self.open()
        first = page.wait(lambda: page.idle() and page.state(), "the first game")
        # A newcomer meets the weakest level, and is told so.
        self.assertEqual(first["level"], LOWEST_LEVEL)
        self.assertIn(f"level {LOWEST_LEVEL} (beginner)", page.text("#message"))
        self.assertIn(f"level {LOWEST_LEVEL}", page.text("#engine-fact"))
        speaker = page.script("return document.getElementById('log-speaker').textContent;")
        wasm = page.script("return document.documentElement.dataset.backend === 'wasm';")
        self.assertIn("page" if wasm else "server", speaker)

        # Weak pie on base 4, the person White: the engine places Black's first setup stone.
        state = page.new_game(base=4, rules="weak-pie", human="white", level=3)
        self.assertEqual(len(self.engine_labels()), 1)
        self.assertIn("0.2 s, level 3", self.engine_labels()[0])

        # In the middle of the game: the strength by the mouse, the time by the keyboard.
        Select(page.element("#level-select")).select_by_value("5")
        state = page.wait(lambda: page.idle() and page.state()["level"] == 5 and page.state(),
                          "level 5 taken")
        self.assertEqual(self.selected("#level-select"), "5")
        page.element("#time-select").send_keys(Keys.ARROW_DOWN)  # 0.2 s -> 0.5 s
        state = page.wait(lambda: page.idle() and page.state()["time"] == 0.5 and page.state(),
                          "0.5 s taken")
        self.assertEqual((self.selected("#time-select"), self.selected("#level-select")),
                         ("0.5", "5"))
        self.assertIn("0.5 s per move, level 5", page.text("#engine-fact"))
        page.click("#log-panel summary")
        page.wait(lambda: "lifeline-set time 0.5" in self.log_text(), "the new time sent")
        self.assertIn("> lifeline-set level 5", self.log_text())

        # White's first setup stone; the engine's next stone is played at the new settings.
        state = self.play_by_click(state["legal"][0], state)
        labels = self.engine_labels()
        self.assertEqual(len(labels), 2)
        self.assertIn("0.2 s, level 3", labels[0])
        self.assertIn("0.5 s, level 5", labels[1])

        # White's second setup stone may not touch its first: those cells are marked, with the
        # rule's name, before any click.
        white_first = state["moves"][1]["move"]
        expected = {cell for cell in neighbours(white_first, state["board"])
                    if state["board"][cell] == "empty"}
        self.assertTrue(expected)
        self.assertEqual(self.refused(), expected)
        self.assertTrue(page.shown("#refused-note"))
        self.assertIn("setup-apart rule", page.text("#refused-note"))

        # A reload keeps the game, its settings and the labels.
        page.driver.refresh()
        reloaded = page.wait(lambda: page.idle() and page.state()
                             and page.state()["moves"] == state["moves"] and page.state(),
                             "the game after the reload")
        self.assertEqual((reloaded["time"], reloaded["level"]), (0.5, 5))
        self.assertEqual((self.selected("#time-select"), self.selected("#level-select")),
                         ("0.5", "5"))
        self.assertEqual(self.engine_labels(), labels)

        # The next visit (no game of this tab) starts from the player's own choices.
        page.script("sessionStorage.clear(); location.reload();")
        # The engine, Black, opens the new game.
        again = page.wait(lambda: page.idle() and page.state()
                          and len(page.state()["moves"]) == 1
                          and page.state()["turn_of"] == "human" and page.state(),
                          "the next visit's game")
        self.assertEqual((again["base"], again["rules"], again["time"], again["level"]),
                         (4, "weak-pie", 0.5, 5))
        self.assertNotIn("Welcome", page.text("#message"))

    def test_a_whole_game_by_clicks_at_phone_size(self):
        page = self.open(**PHONE)
        state = page.new_game(base=3, human="black", time_per_move="0.2")

        # A pair half placed: the cells next to its first stone are marked before any click.
        page.click_cell("A1")
        state = page.wait(lambda: page.idle() and page.state()["pending"] == "A1"
                          and page.state(), "the pending first stone")
        self.assertEqual(self.refused(), {"B1", "A2", "B2"})
        self.assertIn("no-effect rule", page.text("#refused-note"))
        self.assertTrue(page.shown("#refused-note"))
        page.click_cell("E5")
        state = page.wait_for_person(state["version"])
        self.assertEqual(self.refused(), set())  # nothing surprises at the start of a turn

        # On request the marks show on every turn.
        page.click("#refused-toggle")
        if not state["over"]:
            empty = {cell for cell, stone in state["board"].items() if stone == "empty"}
            self.assertEqual(self.refused(), empty - set(state["legal"]))

        # A level changed in the middle of the game takes effect at the engine's next move.
        Select(page.element("#level-select")).select_by_value("2")
        state = page.wait(lambda: page.idle() and page.state()["level"] == 2 and page.state(),
                          "level 2 taken")
        engine_turns = len(self.engine_labels())
        while not state["over"]:
            state = self.play_by_click(state["legal"][0], state)
        self.assertTrue(all("level 2" in label for label in self.engine_labels()[engine_turns:]))

        # The ending says why the loser could not place.
        self.assertTrue(page.shown("#result"))
        empty = {cell for cell, stone in state["board"].items() if stone == "empty"}
        self.assertEqual(self.refused(), empty)
        ending = page.text("#ending")
        loser = "Black" if state["winner"] == "white" else "White"
        self.assertIn(f"{loser} had no legal move", ending)
        self.assertIn("last-player rule", ending)
        if empty:
            self.assertIn("no-effect rule", ending)
            self.assertIn(f"{len(empty)} empty cell", ending)

        # The review: its progress, a way to stop it, and true words in the Analysis card.
        page.click("#review-button")
        page.wait(lambda: page.text("#review-text").startswith("Reviewing position"),
                  "the review's progress")
        self.assertEqual(page.text("#review-button"), "Stop the review")
        self.assertTrue(page.shown("#review-bar"))
        total = len(state["moves"])  # the last position's result is known: not analysed
        self.assertIn(f"of {total}", page.text("#review-text"))
        while page.script("return window.lifeline.reviewing();"):
            shown = page.state()
            words = page.text("#winrate-text")
            if shown and shown["viewing"] is not None and shown["phase"] != "over":
                self.assertNotIn("over", words)
        page.wait(lambda: page.idle(), "the review's end")
        self.assertEqual(page.text("#review-text"), f"Reviewed all {total} positions.")
        for axis in ("rate", "turn"):
            self.assertTrue(page.script(
                f"return document.querySelector('#winrate-graph [data-axis=\"{axis}\"]') !== null;"))

    def test_a_review_stopped_and_both_territories(self):
        page = self.open()
        state = page.new_game(base=3, human="both")
        for _ in range(3):
            page.element("body").send_keys("e")  # the engine plays the side to move
            state = page.wait_for_person(state["version"])
        self.assertEqual(page.text("#study-position"), "latest (3 turns)")

        page.click("#review-button")
        page.wait(lambda: page.text("#review-text").startswith("Reviewing position 2"),
                  "the review at its second position")
        page.click("#review-button")
        page.wait(lambda: not page.script("return window.lifeline.reviewing();") and page.idle(),
                  "the stopped review")
        self.assertRegex(page.text("#review-text"), r"^Review stopped after [12] of 4 positions\.$")
        self.assertIsNone(page.state()["viewing"])

        # Territory: the network's by default, the playouts' on request, each said.
        page.click("#analysis-toggle")
        page.element("body").send_keys("t")
        marks = "return document.querySelectorAll('[data-territory]').length;"
        page.wait(lambda: page.script(marks) > 0, "the network's territory")
        self.assertEqual(self.selected("#territory-source"), "network")
        self.assertIn("network", page.text("#territory-note"))
        page.click("#log-panel summary")
        page.wait(lambda: "> lifeline-network" in self.log_text(), "the network asked")
        Select(page.element("#territory-source")).select_by_value("playouts")
        page.wait(lambda: "playouts" in page.text("#territory-note") and page.script(marks) > 0,
                  "the playouts' territory")
        page.element("body").send_keys("t")
        page.wait(lambda: page.script(marks) == 0, "the territory to go")
        self.assertFalse(page.shown("#territory-note"))

    def test_a_server_that_went_away(self):
        page = self.open()
        page.new_game(base=3)
        self.server.close()
        page.click_cell("A1")
        page.wait(lambda: page.shown("#crash"), "the crash message")
        message = page.text("#message")
        # One question mark and no full stop after it.
        self.assertTrue(message.endswith("is scripts/web.py still running?"), message)


if __name__ == "__main__":
    unittest.main()
