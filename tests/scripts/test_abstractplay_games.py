"""The bot's notation against Abstract Play's own Lifeline: games that Abstract Play's code
(gameslib's lifeline.ts, run under Node) played at random on every board it offers, with the
position after each move, and what its move() accepts or refuses (data/abstractplay_games.json.gz;
docs/abstractplay.md says how it was made).

Each game is replayed into the engine through the bot's notation; after every move the stones,
the side to move, the legal moves and the end of the game must be Abstract Play's. So the
notation, and the claim that Abstract Play's rules are the engine's strong pie, are checked
against Abstract Play's code rather than against our reading of it.
"""

import gzip
import json
import os
import re
import unittest

import helpers
from helpers import HERE
from lifeline_abstractplay import notation
from lifeline_tools.engine import gtp

ENGINE = helpers.engine_path()
FIXTURES = os.path.join(HERE, "data", "abstractplay_games.json.gz")


def load_fixtures():
    with gzip.open(FIXTURES, "rt", encoding="utf-8") as stream:
        return json.load(stream)


class Replay:
    """An engine following an Abstract Play game move by move."""

    def __init__(self, engine, variants):
        self.engine = engine
        self.base = notation.base_of_variants(variants)
        self.moves = 0
        engine.start_game(self.base, "strong-pie", timeout=10)

    def play(self, move):
        """The engine's answer to Abstract Play's move string, as a gtp.Answer."""
        color = "b" if self.moves % 2 == 0 else "w"
        answer = self.engine.send(f"play {color} {notation.engine_move(self.base, move)}",
                                  timeout=10)
        if answer.ok:
            self.moves += 1
        return answer

    def state(self):
        return self.engine.state(timeout=10)

    def ap_cells(self, cells):
        return sorted(notation.ap_cell(self.base, cell) for cell in cells)

    def ap_view(self):
        """The position as lifeline.ts keeps it: stones, the player to move, and the end of the
        game, which comes as soon as a player has no stone after the first turns (checkEOG),
        the player to move being judged first."""
        state = self.state()
        black, white = self.ap_cells(state["black"]), self.ap_cells(state["white"])
        to_move = 1 if self.moves % 2 == 0 else 2
        winner = []
        if self.moves > 2:
            stones = {1: black, 2: white}
            if not stones[to_move]:
                winner = [3 - to_move]
            elif not stones[3 - to_move]:
                winner = [to_move]
        return state, {"black": black, "white": white, "to_move": to_move,
                       "gameover": bool(winner), "winner": winner}


class AbstractPlayGamesTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.fixtures = load_fixtures()
        cls.engine = gtp.GtpEngine(ENGINE)

    @classmethod
    def tearDownClass(cls):
        cls.engine.close()

    def test_every_board_abstract_play_offers_is_covered(self):
        variants = {tuple(game["variants"]) for game in self.fixtures["games"]}
        self.assertEqual(variants, {()} | {(v,) for v in notation.SIZE_VARIANTS})
        for game in self.fixtures["games"]:
            base = notation.base_of_variants(game["variants"])
            self.assertEqual(game["boardsize"], base)
            self.assertEqual(game["cells"], 3 * base * (base - 1) + 1)

    def test_games_replay_to_the_same_positions(self):
        for game in self.fixtures["games"]:
            with self.subTest(variants=game["variants"], seed=game["seed"]):
                self.replay_game(game)

    def replay_game(self, game):
        replay = Replay(self.engine, game["variants"])
        moves = notation.flat_moves(game["moves"])
        self.assertEqual(len(moves) + 1, len(game["positions"]))
        for number, expected in enumerate(game["positions"]):
            if number > 0:
                move = moves[number - 1]
                # The history holds moves as Abstract Play writes them, as the bot must.
                self.assertEqual(notation.ap_move(replay.base,
                                                  notation.engine_move(replay.base, move)), move)
                answer = replay.play(move)
                self.assertTrue(answer.ok, f"move {number} {move}: {answer.text}")
            state, seen = replay.ap_view()
            where = f"after move {number}"
            for field in ("black", "white", "to_move", "gameover", "winner"):
                self.assertEqual(seen[field], expected[field], f"{field} {where}")
            if state["over"]:  # the engine ends no game that Abstract Play goes on with
                self.assertTrue(expected["gameover"], where)
                self.assertEqual(expected["winner"], [1 if state["winner"] == "black" else 2])
            if "legal" in expected:
                self.assertEqual(replay.ap_cells(state["legal"]), expected["legal"], where)
            elif not expected["gameover"]:
                self.assertEqual(state["stones_to_place"], 2, where)
                for pair in expected["legal_sample"]:
                    self.assertEqual(notation.ap_move(
                        replay.base, notation.engine_move(replay.base, pair)), pair)
        self.assertTrue(game["positions"][-1]["gameover"])

    def test_probes_are_accepted_or_refused_as_abstract_play_does(self):
        for probe in self.fixtures["probes"]:
            with self.subTest(variants=probe["variants"], moves=len(probe["history"]),
                              move=probe["move"]):
                self.assertEqual(self.accepts(probe), probe["accepted"], probe["error"])

    def accepts(self, probe):
        """Whether a move Abstract Play's move() would take, by the bot's notation and the
        engine's rules: written as Abstract Play lists it, a whole turn, legal."""
        replay = Replay(self.engine, probe["variants"])
        for move in probe["history"]:
            self.assertTrue(replay.play(move).ok)
        state, seen = replay.ap_view()
        move = re.sub(r"\s+", "", probe["move"].lower())  # as move() reads it
        try:
            token = notation.engine_move(replay.base, move)
        except notation.NotationError:
            return False
        whole_turn = token.count(",") + 1 == state["stones_to_place"]
        written_right = notation.ap_move(replay.base, token) == move
        if seen["gameover"] or not whole_turn or not written_right:
            return False
        return replay.play(move).ok


if __name__ == "__main__":
    unittest.main()
