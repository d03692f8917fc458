"""The page in a real headless browser (Chromium through Selenium), against the real engine.

A whole game on base 3 is played by clicks: Black's double turn (the first stone pending),
the engine's swap, White's double turn, then single stones that prefer captures, until the
page announces the winner. After every change, each cell's data-stone is compared with the
board a separate engine reaches from the same moves. Other tests cover analysis, its end
with the game and the solver's verdict, keyboard play, save and load, a game of an Abstract Play
export studied, the swap map and the fair komi of the opening map, a crashed engine, a closed tab
and a phone sized screen.

Runs under Debian's Python, where python3-selenium installs (scripts/build.sh installs it
with chromium and chromium-driver). Needs LIFELINE_ENGINE (ctest sets it).
"""

import json
import os
import signal
import unittest

from browser_case import BrowserCase
from support import ENGINE, ROOT, solver_engine
from helpers import wait_until_gone
from lifeline_abstractplay import records
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select


class BrowserTest(BrowserCase):
    def test_a_whole_game_by_clicks(self):
        page = self.open()
        # 1 s a move: the swap below needs the engine to prove A1,E5 won, which 0.2 s did not
        # always allow under the sanitizers with other tests running beside it.
        state = page.new_game(base=3, human="black", time_per_move="1")
        self.assertEqual(len(page.board()), 19)
        self.assertIn("place 2 stones", page.text("#status"))

        # Black's double turn: the first stone stands pending until the second.
        page.click_cell("A1")
        state = page.wait(lambda: page.state()["pending"] == "A1" and page.idle() and page.state(),
                          "the pending first stone")
        cell = page.element('[data-cell="A1"]')
        self.assertEqual((cell.get_attribute("data-stone"), cell.get_attribute("data-pending")),
                         ("black", "true"))
        self.assertIn("second stone", page.text("#status"))
        self.check_page_against_engine(state)
        page.click_cell("B1")  # next to A1: the pair would die at once
        page.wait(lambda: "no effect" in page.text("#message"), "the engine's reason")
        self.assertEqual(page.board()["B1"], "empty")

        # A1,E5 wins for Black, so the engine, as White, swaps: the person now plays White.
        page.click_cell("E5")
        state = page.wait_for_person(state["version"])
        self.check_page_against_engine(state)
        self.assertEqual([(m["move"], m["by"]) for m in state["moves"]][-1], ("swap", "engine"))
        self.assertEqual(state["human"], "white")
        self.assertIn("White (after the swap)", page.text("#you-fact"))
        self.assertIn("swap", page.text("#moves"))
        self.assertIn("place 2 stones", page.text("#status"))

        # White's double turn, by two clicks: a first stone that starts a legal pair, then a
        # cell that completes it.
        first = self.referee.legal()[0]
        state = self.play_by_click(first, state)
        self.assertEqual(state["pending"], first)
        self.assertEqual(page.element(f'[data-cell="{first}"]').get_attribute("data-pending"),
                         "true")
        second = self.referee.legal()[-1]
        state = self.play_by_click(second, state)
        self.assertIsNone(state["pending"])

        # An occupied cell is refused with the engine's reason.
        page.click_cell(first)
        page.wait(lambda: "occupied" in page.text("#message"), "the reason 'occupied'")

        # Analysis shows the engine's candidates on empty cells, and its solver's verdict.
        page.click("#analysis-toggle")
        page.wait(lambda: page.script("return document.querySelectorAll('[data-candidate]')"
                                      ".length > 0"), "candidate marks")
        for candidate in page.script("return Array.from(document.querySelectorAll("
                                     "'[data-candidate]'), mark => mark.dataset.candidate);"):
            self.assertEqual(page.board()[candidate], "empty")
        self.assertIn("% (", page.text("#winrate-text"))
        # The solver's line shows once it has proved something (here, on base 3 in 1 s, as a
        # rule), and never while it works or when it could not decide.
        solver = page.wait(lambda: page.script(
            "const a = window.lifeline.analysis();"
            "return a && a.solver && a.solver.state === 'done' && a.solver;"), "the solver's run")
        self.assertEqual(page.shown("#solver"), solver["verdict"] != "unknown", solver)
        page.click("#analysis-toggle")

        # Single stones until the end, a capture whenever there is one.
        removals = 0
        while not state["over"]:
            captures = self.referee.capturing_moves(state["to_move"][0])
            choice = (captures or self.referee.legal())[0]
            before = self.referee.removed()
            state = self.play_by_click(choice, state)
            removals += self.referee.removed() > before
        self.assertGreater(removals, 0, "no stone was removed in the whole game")
        self.assertEqual(page.text("#result").split(" wins")[0],
                         {"B+": "Black", "W+": "White"}[self.referee.state()["result"]])
        self.assertEqual(page.element("#result").get_attribute("id"), "result")

    def test_analysis_shows_the_solver_verdict(self):
        log = os.path.join(self.directory.name, "solver.log")
        page = self.open(solver_engine("win C3,A1 swap", log))
        page.new_game(base=4)
        page.click("#analysis-toggle")
        page.wait(lambda: "wins with" in page.text("#solver"), "the solver's verdict")
        self.assertEqual(page.text("#solver"), "Solver: Black to move wins with C3,A1, swap.")
        rings = page.script("return document.querySelectorAll('.winning').length;")
        self.assertEqual(rings, 2)
        page.wait(lambda: page.script("return document.querySelectorAll('[data-candidate]')"
                                      ".length > 0"), "candidate marks")
        with open(log, encoding="utf-8") as stream:
            self.assertEqual(stream.read().split(), ["lifeline-solve_all", "1"])

    def test_analysis_ends_with_the_game(self):
        page = self.open()
        state = page.new_game(base=3, human="both")
        page.click("#analysis-toggle")
        page.wait(lambda: "% (" in page.text("#winrate-text"), "a winrate")
        self.assertTrue(page.shown("#winrate-bar"))
        # The territory shading (key T) once stones stand: marks on the cells the playouts
        # give to one side, gone when switched off.
        for _ in range(2):
            page.element("body").send_keys("e")
            state = page.wait_for_person(state["version"])
        marks = "return document.querySelectorAll('[data-territory]').length;"
        page.element("body").send_keys("t")
        self.assertTrue(page.element("#territory-toggle").is_selected())
        page.wait(lambda: page.script(marks) > 0, "territory marks")
        page.element("body").send_keys("t")
        page.wait(lambda: page.script(marks) == 0, "the territory marks to go")
        while not state["over"]:
            page.element("body").send_keys("e")  # the engine plays the side to move
            state = page.wait_for_person(state["version"])
        page.wait(lambda: page.text("#winrate-text") == "No analysis: the game is over.",
                  "the analysis to say that the game is over", seconds=10)
        self.assertFalse(page.shown("#winrate-bar"))
        self.assertEqual(page.script("return document.querySelectorAll('[data-candidate]')"
                                     ".length;"), 0)

    def test_studying_a_finished_game(self):
        page = self.open()
        state = page.new_game(base=3, human="both")
        while not state["over"]:
            page.element("body").send_keys("e")  # the engine plays the side to move
            state = page.wait_for_person(state["version"])
        count = len(state["moves"])

        # The review analyses every position; the graph then has a point for each, the last
        # one the known result.
        points = page.review(seconds=240)
        self.assertEqual([at for at, _ in points], list(range(count + 1)), points)
        self.assertTrue(all(0 <= rate <= 1 for _, rate in points), points)
        self.assertEqual(points[-1][1], 1.0 if state["winner"] == "black" else 0.0)
        self.assertIsNone(page.state()["viewing"])  # back where it was

        # A point of the graph shows its position; keys step from there.
        page.click_redrawn('#winrate-graph [data-at="2"]')
        studied = page.wait(lambda: page.idle() and page.state()["viewing"] == 2 and page.state(),
                            "the position after 2 moves")
        self.referee.load(dict(studied, record=prefix_record(studied["record"], 2)))
        self.assertEqual(page.board(), self.referee.board())
        # The status, the study card and the marked turn of the list count alike (the engine
        # places each double turn as one pair, so turns and actions agree here).
        self.assertIn("turn 2 of", page.text("#status"))
        self.assertTrue(page.text("#study-position").startswith("turn 2 of"))
        self.assertEqual(page.script(
            "const items = [...document.querySelectorAll('#moves li')];"
            "return items.findIndex(item => item.classList.contains('studied'));"), 1)
        page.click_cell(next(cell for cell, stone in page.board().items() if stone == "empty"))
        page.wait(lambda: "past position" in page.text("#message"), "the refusal to play")
        page.element("body").send_keys(Keys.SHIFT, Keys.ARROW_RIGHT)
        page.wait(lambda: page.idle() and page.state()["viewing"] == 3, "one move forward")
        page.element("body").send_keys(Keys.HOME)
        page.wait(lambda: page.idle() and page.state()["viewing"] == 0, "the empty board")
        self.assertTrue(all(stone == "empty" for stone in page.board().values()))
        page.click("#latest-button")
        latest = page.wait(lambda: page.idle() and page.state()["viewing"] is None and page.state(),
                           "the latest position")
        self.assertEqual(latest["board"], state["board"])

    def keyboard_game_saved(self):
        """Plays a few actions by keys, undoes one and saves the game: (state, saved file)."""
        page = self.page
        state = page.new_game(base=3, human="both")
        # Keys: the cursor starts in the centre; Enter plays there.
        page.element("body").send_keys(Keys.ARROW_LEFT)  # focuses the board and moves
        self.assertEqual(page.script("return document.getElementById('cursor-text').textContent;"),
                         "B3, empty")
        page.element("#board").send_keys(Keys.ENTER)
        state = page.wait(lambda: page.idle() and page.state()["pending"] == "B3" and page.state(),
                          "a stone played from the keyboard")
        move_box = page.element("#move-input")
        move_box.send_keys("d4", Keys.ENTER)
        state = page.wait_for_person(state["version"])
        self.check_page_against_engine(state)
        self.assertEqual(state["moves"][-1]["move"], "D4")
        for attempt in range(2):  # the engine plays White's turn; undo takes it back; again
            page.element("body").send_keys("e")
            state = page.wait_for_person(state["version"])
            self.assertEqual(state["moves"][-1]["by"], "engine")
            if attempt == 0:
                self.assertTrue(page.element("#undo-button").is_enabled())
                page.element("body").send_keys("u")
                state = page.wait_for_person(state["version"])
                self.assertEqual(state["moves"][-1]["move"], "D4")

        # Save writes the record the engine replays. The file may stand empty for a moment
        # while Chromium writes it.
        page.click("#save-button")

        def saved_record():
            for name in os.listdir(self.downloads):
                if name.endswith(".txt"):
                    path = os.path.join(self.downloads, name)
                    with open(path, encoding="utf-8") as stream:
                        if stream.read():
                            return path
            return None

        path = page.wait(saved_record, "the saved file")
        with open(path, encoding="utf-8") as stream:
            self.assertEqual(stream.read(), state["record"])
        return state, path

    def load_saved(self, path, state):
        """Loads the saved game in a new game of the page: the same position."""
        page = self.page
        page.click("#load-button")
        page.element('#load-form input[name="file"]').send_keys(path)
        Select(page.element('#load-form select[name="human"]')).select_by_value("both")
        page.click('#load-form button[value="load"]')
        loaded = page.wait_for_game_after(state["id"])
        self.assertEqual(loaded["record"].split("boardsize")[1],
                         state["record"].split("boardsize")[1])
        self.check_page_against_engine(loaded)
        return loaded

    def test_keyboard_save_load_crash_and_closing(self):
        page = self.open()
        state, path = self.keyboard_game_saved()

        # A crashed engine: a clear message, then the game resumes from its moves.
        for pid in page_engines(self.server):
            os.kill(pid, signal.SIGKILL)
        move = self.referee.legal()[0]
        page.click_cell(move)
        page.wait(lambda: page.shown("#crash"), "the crash message")
        self.assertIn("The engine stopped", page.text("#crash"))
        page.click("#resume-button")
        page.wait(lambda: not page.shown("#crash") and page.idle(), "the resumed game")
        self.check_page_against_engine(page.state())

        self.load_saved(path, state)
        # The replaced game's engine ended.
        page.wait(lambda: len(self.server.engines()) == 1, "one engine process")

        # Leaving the page ends its engine.
        engines = self.server.engines()
        page.driver.get("about:blank")
        self.assertEqual(wait_until_gone(engines, 15), [])

    def test_an_abstract_play_export_in_the_study_view(self):
        page = self.open()
        page.wait(lambda: page.state() and page.idle(), "the first game")
        path = os.path.join(ROOT, "tests", "scripts", "data", "abstractplay_records.json")
        games, _ = records.read_export(records_text("abstractplay_records.json"))
        pied = games[1]  # base 6, the pie taken, ended by a placement

        state = self.load_export(path, pied.number, page.state()["id"])
        self.assertEqual([(move["color"][0], move["move"]) for move in state["moves"]],
                         [(turn.color, turn.move) for turn in pied.turns])
        self.assertEqual(state["human"], "both")
        self.assertEqual(page.text("#message"), f"Loaded from Abstract Play: {pied.describe()}.")
        self.assertEqual(page.text("#played-fact"), "on Abstract Play, 2025-02-03: Chidi (Black) "
                                                    "v Dörte (White); Chidi won")
        self.check_page_against_engine(state)
        self.assertIn(f"({len(pied.turns)} turns)", page.text("#study-position"))

        # The study card steps through it: the empty board, then Black's first pair.
        page.click("#first-button")
        page.wait(lambda: page.idle() and page.state()["viewing"] == 0, "the empty board")
        self.assertTrue(all(stone == "empty" for stone in page.board().values()))
        page.click("#forward-button")
        page.wait(lambda: page.idle() and page.state()["viewing"] == 1, "the first turn")
        first = pied.turns[0].move.split(",")
        self.assertEqual(sorted(cell for cell, stone in page.board().items() if stone == "black"),
                         sorted(first))

        # A short game reviewed: a point of the graph for every position.
        abandoned = games[6]
        state = self.load_export(path, abandoned.number, state["id"])
        points = page.review(seconds=120)
        self.assertEqual([at for at, _ in points], list(range(len(abandoned.turns) + 1)))

        # A move the engine refuses is named as Abstract Play wrote it; the game list shows a
        # game that does not convert, which cannot be chosen.
        bad = json.loads(records_text("abstractplay_record.json"))
        bad["moves"][1][0] = bad["moves"][0][0].split(",")[0]
        broken = os.path.join(self.directory.name, "broken.json")
        with open(broken, "w", encoding="utf-8") as stream:
            json.dump([bad, dict(bad, moves=[["zz"]])], stream)
        page.click("#load-button")
        page.element('#load-form input[name="file"]').send_keys(broken)
        page.wait(lambda: page.shown("#export-label"), "the list of the export's games")
        options = page.script("return Array.from(document.querySelectorAll('#export-game option'),"
                              " o => [o.textContent, o.disabled]);")
        self.assertEqual(options[1], ["2. refused: move 1 ('zz'): not a cell: 'zz'", True])
        page.click('#load-form button[value="load"]')
        page.wait(lambda: page.text("#message").startswith("No game"), "the refusal")
        self.assertEqual(page.text("#message"),
                         "No game: move 3 ('c3'): the engine refuses C3: illegal move: occupied.")
        self.assertIsNone(page.state())

    def load_export(self, path, number, old_id):
        """Loads the game numbered `number` of an Abstract Play export: the page's state."""
        page = self.page
        page.click("#load-button")
        page.element('#load-form input[name="file"]').send_keys(path)
        page.wait(lambda: page.shown("#export-label"), "the list of the export's games")
        self.assertTrue(page.text("#export-note").startswith("An Abstract Play export: "))
        Select(page.element("#export-game")).select_by_value(str(number))
        page.click('#load-form button[value="load"]')
        return page.wait_for_game_after(old_id)

    def map_figures(self):
        """The swap map's figures on the board: cell -> figure."""
        return {cell: float(figure) for cell, figure in self.page.script(
            "return Array.from(document.querySelectorAll('[data-book]'), "
            "mark => [mark.dataset.book, mark.dataset.figure]);")}

    def engine_figures(self, moves):
        """The referee engine's lifeline-book_cells after `moves` on base 3 (strong pie)."""
        for command in ["boardsize 3", "lifeline-rules strong-pie", "clear_board",
                        *(f"play b {move}" for move in moves)]:
            self.referee.ask(command)
        words = self.referee.ask("lifeline-book_cells").split()
        return {cell: float(figure) for cell, figure in zip(words[3::2], words[4::2])}

    def graph_points(self):
        """The study graph's points: at -> (source, rate or None)."""
        return {int(at): (source, None if rate is None else float(rate)) for at, source, rate in
                self.page.script("return Array.from(document.querySelectorAll('#winrate-graph "
                                 "[data-at]'), p => [p.dataset.at, p.dataset.source, "
                                 "p.dataset.rate === undefined ? null : p.dataset.rate]);")}

    def test_the_swap_map_and_the_graph_of_the_first_turn(self):
        # Base 3's maps are exact: every first turn loses for the first player.
        page = self.open()
        state = page.new_game(base=3, human="both")
        page.element("body").send_keys("o")
        self.assertTrue(page.element("#map-toggle").is_selected())
        page.wait(lambda: len(self.map_figures()) == 19, "the swap map of the empty board")
        self.assertEqual(self.map_figures(), self.engine_figures([]))
        self.assertTrue(page.shown("#map-legend"))
        self.assertEqual(page.text("#map-legend .map-ticks").split("\n"), ["0%", "50%: even"])
        self.assertIn("the best chance a first pair through it", page.text("#map-note"))

        # The first stone pending: each second stone by its pair's chance for the holder.
        page.click_cell("A1")
        page.wait(lambda: page.state()["pending"] == "A1" and len(self.map_figures()) == 15,
                  "the swap map of the second stones")
        self.assertEqual(self.map_figures(), self.engine_figures(["A1"]))
        self.assertEqual(page.text("#map-legend .map-ticks").split("\n"),
                         ["0%: play on", "50%", "100%: swap"])
        self.assertIn("the pair it makes with A1", page.text("#map-note"))

        # The swap decision: no cells, the map's word on the first turn.
        page.click_cell("B3")
        page.wait(lambda: "play on" in page.text("#map-note"), "the map's swap decision")
        self.assertEqual(self.map_figures(), {})
        self.assertFalse(page.shown("#map-legend"))

        # The graph's first points are the map's, the swap decision's with its advice.
        state = page.wait_for_person(state["version"])
        page.click("#analysis-toggle")
        page.wait(lambda: self.graph_points().get(2) == ("map", 0.0), "the map's point")
        self.assertEqual(page.script("return document.querySelector('[data-decision]')"
                                     ".dataset.decision;"), "play-on")
        points = page.review(seconds=120)
        self.assertEqual([at for at, _ in points], [0, 1, 2])
        self.assertEqual(self.graph_points(), {at: ("map", 0.0) for at in range(3)})

        # After White's first action the map says nothing.
        page.click("#swap-button")
        page.wait(lambda: page.idle() and len(page.state()["moves"]) == 3, "the swap")
        page.wait(lambda: "first turn only" in page.text("#map-note"), "the map's silence")
        self.assertEqual(self.map_figures(), {})

        # Under komi pie the new-game dialog offers the fair komi of the map.
        page.click("#new-game-button")
        form = page.element("#new-game-form")
        Select(form.find_element(By.NAME, "base")).select_by_value("3")
        Select(form.find_element(By.NAME, "rules")).select_by_value("komi-pie")
        page.wait(lambda: page.shown("#fair-komi-button"), "the fair komi")
        self.assertEqual(page.text("#fair-komi-text"),
                         "Fair komi 1 (from the opening map, exact): Black's chance 100.0% at "
                         "komi 0, 0.0% at komi 1.")
        page.click("#fair-komi-button")
        self.assertEqual(form.find_element(By.NAME, "komi").get_attribute("value"), "1")
        page.click('#new-game-form button[value="cancel"]')

    def test_no_opening_map(self):
        page = self.open(f"{ENGINE} --book none")
        page.new_game(base=3, human="both")
        page.click("#map-toggle")
        page.wait(lambda: page.text("#map-note").startswith("No opening map"), "the quiet line")
        self.assertEqual(page.text("#map-note"), "No opening map: the opening book is off (book none).")
        self.assertEqual(self.map_figures(), {})
        self.assertEqual(page.text("#message"), "")
        # The empty board's point is the pie rule's: no rate, on the even line.
        page.click("#analysis-toggle")
        page.wait(lambda: 0 in self.graph_points(), "the first point")
        self.assertEqual(self.graph_points()[0], ("pie", None))
        self.assertEqual(page.script("const p = document.querySelector('#winrate-graph [data-at]');"
                                     "return p.getAttribute('cy') === document.querySelector("
                                     "'#winrate-graph .graph-even').getAttribute('y1');"), True)
        page.click("#new-game-button")
        Select(page.element('#new-game-form select[name="rules"]')).select_by_value("komi-pie")
        page.wait(lambda: page.text("#fair-komi-text").startswith("No opening map"), "the fair komi")
        self.assertFalse(page.shown("#fair-komi-button"))
        page.click('#new-game-form button[value="cancel"]')

    def test_a_phone_sized_screen(self):
        page = self.open(width=390, height=844)
        page.new_game(base=5)
        width = page.script("return window.innerWidth;")
        self.assertLessEqual(page.script("return document.documentElement.scrollWidth;"), width)
        board = page.element("#board").rect
        self.assertGreater(board["width"], 0.85 * width)
        for selector in ("#undo-button", "#resign-button", "#new-game-button", "#status"):
            self.assertTrue(page.shown(selector), selector)
        # The coordinates stay readable on the small board: at least 9 screen pixels high.
        label = page.script("return document.querySelector('.labels text')"
                            ".getBoundingClientRect().height;")
        self.assertGreaterEqual(label, 9)
        page.click_cell("E5")
        page.wait(lambda: page.state()["pending"] == "E5", "a tap on the board")


def prefix_record(record, actions):
    """A game record cut after its first `actions` play lines."""
    lines, plays = [], 0
    for line in record.splitlines():
        if line.startswith("play "):
            plays += 1
            if plays > actions:
                break
        lines.append(line)
    return "\n".join(lines) + "\n"


def records_text(name):
    with open(os.path.join(ROOT, "tests", "scripts", "data", name), encoding="utf-8") as stream:
        return stream.read()


def page_engines(server):
    engines = server.engines()
    if len(engines) != 1:
        raise AssertionError(f"expected one engine process, found {engines}")
    return engines


if __name__ == "__main__":
    unittest.main()
