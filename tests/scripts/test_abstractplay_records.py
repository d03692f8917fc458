"""Abstract Play's records exports into game records (lifeline_abstractplay/records.py and the
command scripts/abstractplay_import.py), and the page's converter beside it.

The exports of data/ were written by Abstract Play's own code (docs/abstractplay.md, "Tests"):
gameslib's genRecord over games its LifelineGame played, with the position after each game's
last move in abstractplay_records_positions.json. Each game converts, replays in the engine to
that position with the recorded winner, and the page's converter
(static/abstractplay_records.js, run under Node) lists and writes every game alike.
data/abstractplay_malformed.json holds the malformed and unusual exports, and the answer both
converters give to each.
"""

import copy
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import helpers
from helpers import HERE, SCRIPTS
from lifeline_abstractplay import notation, records
from lifeline_tools.engine import gtp
from lifeline_tools.play import record

ENGINE = helpers.engine_path()
DATA = os.path.join(HERE, "data")
EXPORTS = ("abstractplay_records.json", "abstractplay_record.json")
IMPORT = os.path.join(SCRIPTS, "abstractplay_import.py")
MODULE = os.path.join(SCRIPTS, "lifeline_web", "static", "abstractplay_records.js")


def data(name):
    return os.path.join(DATA, name)


def read(name):
    with open(data(name), encoding="utf-8") as stream:
        return stream.read()


def load(name):
    return json.loads(read(name))


class Cases:
    """The malformed exports of abstractplay_malformed.json, built from the fixtures."""

    def __init__(self):
        cases = load("abstractplay_malformed.json")
        drawn = [item for item in load("abstractplay_records.json")
                 if records.ENDINGS.get(item["moves"][-1][-1]) == "draw"]
        self.bases = {"record": load("abstractplay_record.json"), "draw": drawn[0],
                      "other": cases["other"]}
        self.cases = cases["cases"]

    def text(self, case):
        if "text" in case:
            return case["text"]
        items = [self.item(item) for item in case["records"]]
        return json.dumps(items[0] if case.get("single") else items, ensure_ascii=False)

    def item(self, item):
        if isinstance(item, str):
            return self.bases[item]
        changed = copy.deepcopy(self.bases[item["from"]])
        for pointer, value in item.get("set", {}).items():
            parent, key = _walk(changed, pointer)
            if isinstance(parent, list) and key == len(parent):
                parent.append(value)
            else:
                parent[key] = value
        for pointer in item.get("delete", []):
            parent, key = _walk(changed, pointer)
            del parent[key]
        return changed


def _walk(item, pointer):
    """The container a JSON pointer ends in, and the last key."""
    keys = pointer.strip("/").split("/")
    for key in keys[:-1]:
        item = item[int(key)] if isinstance(item, list) else item[key]
    return item, int(keys[-1]) if isinstance(item, list) else keys[-1]


class ConversionTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.engine = gtp.GtpEngine(ENGINE)
        cls.positions = load("abstractplay_records_positions.json")["games"]

    @classmethod
    def tearDownClass(cls):
        cls.engine.close()

    def games(self):
        for name in EXPORTS:
            entries, others = records.read_export(read(name))
            self.assertEqual(others, 0)
            for entry in entries:
                self.assertIsInstance(entry, records.Game, getattr(entry, "reason", ""))
                yield entry

    def test_every_game_replays_to_abstract_plays_position_and_winner(self):
        seen = set()
        for game in self.games():
            with self.subTest(game=game.gameid):
                state = records.replay(game, self.engine)
                position = self.positions[game.gameid]
                stones = {seat: sorted(notation.ap_cell(game.base, cell) for cell in cells)
                          for seat, cells in (("1", state["black"]), ("2", state["white"]))}
                self.assertEqual(stones, position["stones"])
                expected = {(1,): 1, (2,): 2}.get(tuple(position["winner"]))
                self.assertEqual(game.winner, expected)
                if state["over"]:
                    self.assertEqual(state["winner"], {1: "black", 2: "white"}[game.winner])
                seen.add((game.base, game.pied, game.ending))
        # Every board, the pie taken and not, and every way a game ends.
        self.assertEqual({base for base, _, _ in seen}, {6, 7, 10, 12})
        self.assertEqual({pied for _, pied, _ in seen}, {True, False})
        self.assertEqual({ending for _, _, ending in seen},
                         {"placement", "resign", "timeout", "draw", "abandoned"})

    def test_the_record_names_the_players_by_the_colour_they_started_with(self):
        games = {game.gameid: game for game in self.games()}
        pied = games["lifeline#a84d2c7e-1f3b-4e95-8c60-2b7d9e4f1a08"]
        headers, commands = record.parse_record(pied.record_text())
        # Chidi moved first; Dörte took the pie (the export lists her first) and lost.
        self.assertEqual(headers["black"], ["Chidi"])
        self.assertEqual(headers["white"], ["Dörte"])
        self.assertEqual((headers["result"], headers["winner"]), (["W+"], ["Chidi"]))
        self.assertEqual(commands[:5], ["boardsize 6", "lifeline-rules strong-pie", "komi 0",
                                        "play b E3,G8", "play w swap"])
        resigned = games["lifeline#5b1e8f3d-9c2a-47d6-b0e4-7a3c6f9d2e15"]
        headers, _ = record.parse_record(resigned.record_text())
        self.assertEqual(headers["event"], ["Abstract Play, Lifeline Open 2025, round 2"])
        self.assertEqual((headers["result"], headers["winner"], headers["reason"]),
                         (["W+"], ["Aoife"], ["resign"]))
        drawn = games["lifeline#7a2c5e9f-4b1d-4863-8f0a-3e6d9b2c7f54"]
        headers, _ = record.parse_record(drawn.record_text())
        self.assertEqual((headers["result"], headers["reason"]), (["none"], ["draw"]))
        self.assertNotIn("winner", headers)
        for game in games.values():
            replayed = record.read_game(record.parse_record(game.record_text())[1])
            self.assertEqual((replayed.base, replayed.rules, replayed.komi),
                             (game.base, "strong-pie", 0))
            self.assertEqual(len(replayed.moves), game.placements + game.pied)

    def test_the_engine_loads_the_written_record(self):
        game = next(self.games())
        expected = records.replay(game, self.engine)
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "game.txt")
            with open(path, "w", encoding="utf-8") as stream:
                stream.write(game.record_text())
            self.engine.ask(f"lifeline-loadgame {path}")
        self.assertEqual(self.engine.state(), expected)

    def test_the_list_of_games(self):
        entries, _ = records.read_export(read("abstractplay_records.json"))
        self.assertEqual([entry.describe() for entry in entries][1:4], [
            "2. 2025-02-03 Chidi (Black) v Dörte (White), base 6, pie taken, 81 moves: Chidi won",
            "3. 2025-04-22 Dörte (Black) v Aoife (White), base 7, 21 moves: "
            "Aoife won by resignation",
            "4. 2025-06-01 Bartholomew Quill (Black) v Chidi (White), base 10, pie taken, "
            "60 moves: Bartholomew Quill won on time"])
        self.assertEqual(entries[0].summary(), {
            "number": 1, "id": "lifeline#3f9c1e2a-7b4d-4c6e-9a12-5d8e0b7f4c31",
            "date": "2025-01-10", "black": "Aoife", "white": "Bartholomew Quill", "base": 7,
            "variant": "Size 8 board", "pie": False, "moves": 129, "result": "B+",
            "outcome": "Aoife won"})
        self.assertIs(records.choose(entries, number=3), entries[2])
        self.assertIs(records.choose(entries, gameid="5b1e8f3d-9c2a-47d6-b0e4-7a3c6f9d2e15"),
                      entries[2])
        with self.assertRaisesRegex(records.ExportError, "holds 7 Lifeline games"):
            records.choose(entries)
        with self.assertRaisesRegex(records.ExportError, "no game 8"):
            records.choose(entries, number=8)

    def test_malformed_exports_are_refused_with_their_reason(self):
        cases = Cases()
        for case in cases.cases:
            with self.subTest(case=case["name"]):
                self.check_case(case, cases.text(case))

    def check_case(self, case, text):
        if "error" in case:
            with self.assertRaises(records.ExportError) as caught:
                records.read_export(text)
            reason = str(caught.exception)
            # "not JSON:" begins the reason, which goes on in the parser's words.
            expected = case["error"]
            self.assertEqual(reason[:len(expected)] if expected.endswith(":") else reason, expected)
            return
        entries, others = records.read_export(text)
        if "listing" in case:
            self.assertEqual([entry.describe() for entry in entries] + [f"{others} other"],
                             case["listing"])
            return
        (entry,) = entries
        if "refused" in case:
            self.assertEqual(entry.reason, case["refused"])
        elif "engine" in case:
            with self.assertRaises(records.ExportError) as caught:
                records.replay(entry, self.engine)
            self.assertEqual(str(caught.exception), case["engine"])
        else:
            self.assertTrue(case["converts"])
            self.assertEqual(entry.record_text(),
                             records.read_export(read("abstractplay_record.json"))[0][0]
                             .record_text())


class JavaScriptAgreementTest(unittest.TestCase):
    """The page's converter (static/abstractplay_records.js) lists every game and writes every
    record as this module does, and gives every malformed export the same answer."""

    SCRIPT = """
import { readFileSync } from "node:fs";
import { readExport } from "%s";
const answer = (text) => {
  try {
    const { entries, others } = readExport(text);
    return { others, entries: entries.map((entry) => ({ line: entry.describe(),
      summary: entry.summary ? entry.summary() : null,
      record: entry.recordText ? entry.recordText() : null })) };
  } catch (error) {
    return { error: error.message.startsWith("not JSON:") ? "not JSON:" : error.message };
  }
};
const texts = JSON.parse(readFileSync(0, "utf8"));
console.log(JSON.stringify(texts.map(answer)));
"""

    @unittest.skipUnless(shutil.which("node"), "no node")
    def test_both_converters_answer_alike(self):
        cases = Cases()
        texts = [read(name) for name in EXPORTS] + [cases.text(case) for case in cases.cases]
        process = subprocess.run(["node", "--input-type=module", "-e", self.SCRIPT % MODULE],
                                 input=json.dumps(texts), capture_output=True, text=True,
                                 timeout=60, check=True)
        for text, script in zip(texts, json.loads(process.stdout)):
            with self.subTest(text=text[:80]):
                self.assertEqual(script, python_answer(text))


def python_answer(text):
    try:
        entries, others = records.read_export(text)
    except records.ExportError as error:
        reason = str(error)
        # The parsers' own words on what is wrong with the JSON differ.
        return {"error": "not JSON:" if reason.startswith("not JSON:") else reason}
    return {"others": others, "entries": [
        {"line": entry.describe(),
         "summary": entry.summary() if isinstance(entry, records.Game) else None,
         "record": entry.record_text() if isinstance(entry, records.Game) else None}
        for entry in entries]}


class CommandLineTest(unittest.TestCase):
    def run_import(self, *arguments):
        return subprocess.run([sys.executable, IMPORT, *arguments, "--engine", ENGINE],
                              capture_output=True, text=True, timeout=120)

    def test_lists_and_writes_a_game(self):
        listing = self.run_import(data("abstractplay_records.json"), "--list")
        self.assertEqual(listing.returncode, 0, listing.stderr)
        lines = listing.stdout.splitlines()
        self.assertEqual(len(lines), 7)
        self.assertTrue(lines[4].startswith("5. 2025-07-15 Aoife (Black) v Chidi (White), base 12"))
        self.assertTrue(lines[4].endswith("[lifeline#e9d3b6a1-2c8f-4a7e-9b54-1f6c3e8d0b27]"))
        entries, _ = records.read_export(read("abstractplay_records.json"))
        with tempfile.TemporaryDirectory() as directory:
            out = os.path.join(directory, "game.txt")
            written = self.run_import(data("abstractplay_records.json"), "--game", "2",
                                      "--out", out)
            self.assertEqual(written.returncode, 0, written.stderr)
            self.assertEqual(written.stdout.strip(), f"{out}: {entries[1].describe()}")
            with open(out, encoding="utf-8") as stream:
                self.assertEqual(stream.read(), entries[1].record_text())
        by_id = self.run_import(data("abstractplay_records.json"), "--id",
                                "c2f7a9e4-6d1b-4f38-a5c9-8e2b1d7f6a40")
        self.assertEqual(by_id.stdout, entries[3].record_text())
        single = self.run_import(data("abstractplay_record.json"))
        self.assertEqual(single.returncode, 0, single.stderr)
        self.assertIn("# winner: Aoife\n", single.stdout)

    def test_refusals_are_one_line_with_the_reason(self):
        with tempfile.TemporaryDirectory() as directory:
            binary = os.path.join(directory, "lifeline.json.gz")
            with open(binary, "wb") as stream:
                stream.write(b"\x1f\x8b\x08\x00\xff\xfe")
            bad = os.path.join(directory, "bad.json")
            with open(bad, "w", encoding="utf-8") as stream:
                stream.write(json.dumps([load("abstractplay_record.json"),
                                         {**load("abstractplay_record.json"), "moves": [["zz"]]}]))
            for arguments, reason in [
                    ((binary,), "not JSON: the file is not UTF-8 text"),
                    ((os.path.join(directory, "missing.json"),), "No such file"),
                    ((data("abstractplay_records.json"),), "the export holds 7 Lifeline games"),
                    ((data("abstractplay_records.json"), "--game", "9"), "no game 9"),
                    ((data("abstractplay_records.json"), "--id", "nothing"),
                     "no Lifeline game with the id nothing"),
                    ((bad, "--game", "2"), "game 2: move 1 ('zz'): not a cell: 'zz'")]:
                with self.subTest(arguments=arguments):
                    answer = self.run_import(*arguments)
                    self.assertEqual(answer.returncode, 1)
                    self.assertEqual(answer.stdout, "")
                    self.assertEqual(len(answer.stderr.splitlines()), 1, answer.stderr)
                    self.assertIn(reason, answer.stderr)


if __name__ == "__main__":
    unittest.main()
