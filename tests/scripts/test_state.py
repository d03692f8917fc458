"""lifeline-state against the engine's other commands, over random games on every base.

Needs LIFELINE_ENGINE, the path of the built engine, and scripts/ on PYTHONPATH (ctest sets
both); skipped without an engine. Each position's answer must be one line of compact JSON with
exactly the fields of protocol/lifeline-gtp.md (lifeline-state), in order, and those fields
must agree with lifeline-turn, gogui-rules_legal_moves, gogui-rules_side_to_move,
gogui-rules_captured_count, gogui-rules_board, final_score and with the moves the test itself
played, and the tools' reader of the state (lifeline_tools/engine/state.py) must take it. The games
are the random player's, with double turns played now as one pair (in either order), now as
two single stones, and an undo now and then that must bring the previous answer back
exactly.
"""

import json
import random
import unittest

import helpers
from lifeline_tools import vocabulary
from lifeline_tools.engine.gtp import GtpEngine
from lifeline_tools.engine.state import parse_state

ENGINE = helpers.engine_path()

FIELDS = ["base", "rules", "komi", "to_move", "stones_to_place", "phase", "pending",
          "can_swap", "can_spend_komi", "swapped", "komi_left", "legal", "black", "white",
          "removed", "actions", "move_number", "last_move", "last_turn", "over", "winner",
          "result"]
MOVE_FIELDS = ["color", "move", "cells", "removed"]
COLORS = ("black", "white")
# Positions checked per base and rules; small boards are checked at every action, larger
# ones at evenly spaced actions so that whole games, endings included, are still covered.
CHECKS_PER_RULES = 80
KOMI = 2


def actions_per_check(base):
    return 1 if base <= 5 else 4 if base <= 9 else 10


def move_token(token):
    """A move token as the engine writes it: cells in upper case, swap and pass in lower."""
    return token.lower() if token.lower() in ("swap", "pass") else token.upper()


def other(color):
    return "white" if color == "black" else "black"


class Player:
    """One engine, the moves this test played on it, and the checks of its state answers."""

    def __init__(self, test, engine, base, rules):
        self.test = test
        self.engine = engine
        self.base = base
        self.rules = rules
        self.order = {cell: index for index, cell in enumerate(vocabulary.cells(base))}
        self.history = []  # (color, token, leaves a first stone pending) per action
        self.before_last = None  # the state before the last action this test played
        self.swapped = False
        self.komi_left = KOMI if rules == "komi-pie" else 0

    def ask(self, command):
        answer = self.engine.send(command, timeout=30)
        self.test.assertTrue(answer.ok, f"{command}: {answer.raw}")
        return answer.text

    def state(self):
        text = self.ask("lifeline-state")
        state = json.loads(text)
        # One line, no spaces outside strings, no escapes: the compact form of the same JSON.
        self.test.assertEqual(json.dumps(state, separators=(",", ":")), text)
        # The tools' checked reader takes every answer the engine gives.
        self.test.assertEqual(parse_state(text), state)
        return state

    def play(self, color, token, before):
        """Plays an action from the position whose answer is `before`; returns the new one."""
        self.ask(f"play {color} {token}")
        after = self.state()
        self.before_last = before
        self.note(color, token, after["pending"] is not None)
        self.check_action(before, after)
        return after

    def note(self, color, token, pending):
        """Counts an action played: its colour, its token as the engine writes it, and
        whether it left the first stone of a double turn pending."""
        token = move_token(token)
        if "," in token:  # a pair is written in board order, however it was given
            token = ",".join(sorted(token.split(","), key=self.order.__getitem__))
        self.history.append((color, token, pending))
        self.swapped |= token == "swap"
        self.komi_left -= token == "pass"

    def undo_and_redo(self):
        """Undoes the action just played (one half of a double turn played stone by stone):
        the state before it must come back whole, and playing it again the state after it."""
        color, token, _ = self.history[-1]
        after = self.state()
        self.ask("undo")
        self.test.assertEqual(self.state(), self.before_last)
        self.ask(f"play {color} {token}")
        self.test.assertEqual(self.state(), after)

    def completed_turns(self):
        return sum(1 for _, _, pending in self.history if not pending)

    def check(self, state):
        """Everything one answer must agree with, on its own and against other commands."""
        check = self.test
        check.assertEqual(list(state), FIELDS)
        check.assertEqual((state["base"], state["rules"]), (self.base, self.rules))
        # Outside komi pie the komi has no effect (it is whatever the option held when the
        # game was set up), and komi_left is 0.
        if self.rules == "komi-pie":
            check.assertEqual(state["komi"], KOMI)
        else:
            check.assertGreaterEqual(state["komi"], 0)
        over = state["over"]
        turn = self.ask("lifeline-turn").split()
        check.assertEqual(turn, [state["to_move"], str(state["stones_to_place"]), state["phase"]])
        check.assertEqual(self.ask("gogui-rules_side_to_move"), state["to_move"])
        check.assertEqual(over, state["phase"] == "over")
        # The stones, in board order, against the board GoGui reads.
        for color in COLORS:
            cells = state[color]
            check.assertEqual(cells, sorted(set(cells), key=self.order.__getitem__))
        check.assertFalse(set(state["black"]) & set(state["white"]))
        check.assertEqual(self.board_stones(), (state["black"], state["white"]))
        # Legal placements and actions, against the ruler's list.
        legal_moves = self.ask("gogui-rules_legal_moves").split()
        cells = [move for move in legal_moves if move not in ("swap", "pass")]
        check.assertEqual(state["legal"], cells)
        check.assertEqual(state["can_swap"], "swap" in legal_moves)
        check.assertEqual(state["can_spend_komi"], "pass" in legal_moves)
        check.assertEqual(over, not legal_moves)
        check.assertFalse(set(state["legal"]) & (set(state["black"]) | set(state["white"])))
        if state["can_swap"]:
            check.assertIn(self.rules, ("strong-pie", "weak-pie"))
            check.assertEqual((state["to_move"], state["swapped"]), ("white", False))
        if state["can_spend_komi"]:
            check.assertEqual((self.rules, state["to_move"], state["phase"]),
                              ("komi-pie", "white", "play"))
            check.assertGreater(state["komi_left"], 0)
        check.assertEqual(state["swapped"], self.swapped)
        check.assertEqual(state["komi_left"], self.komi_left)
        # The pending first stone of a double turn: exactly when strong pie's opening has one
        # stone left to place.
        check.assertEqual(state["pending"] is not None,
                          (self.rules, state["phase"], state["stones_to_place"])
                          == ("strong-pie", "opening", 1))
        if state["pending"] is not None:
            check.assertIn(state["pending"], state[state["to_move"]])
            check.assertEqual(self.history[-1][1], state["pending"])
        # Removed stones, against GoGui's count and the final score.
        removed = state["removed"]
        check.assertEqual(self.ask("gogui-rules_captured_count").split(),
                          [str(removed["white"]), str(removed["black"])])
        score = self.engine.send("final_score", timeout=30)
        if over:
            check.assertTrue(score.ok)
            check.assertEqual(state["result"], score.text)
            check.assertEqual(state["winner"], other(state["to_move"]))
            check.assertEqual(state["result"], "B+" if state["winner"] == "black" else "W+")
            check.assertEqual(state["stones_to_place"], 0)
            check.assertEqual(state["legal"], [])
        else:
            check.assertFalse(score.ok)
            check.assertIsNone(state["winner"])
            check.assertIsNone(state["result"])
        # The game's list of moves.
        check.assertEqual(state["actions"], len(self.history))
        check.assertEqual(state["move_number"], self.completed_turns() + 1)
        self.check_last_move(state)
        self.check_last_turn(state)

    def board_stones(self):
        rows = self.ask("gogui-rules_board").split("\n")
        width = vocabulary.width(self.base)
        stones = {"X": [], "O": []}
        for row_from_top, row in enumerate(rows):
            y = width - 1 - row_from_top
            for x, symbol in enumerate(row.split()):
                if symbol in stones:
                    stones[symbol].append((y, x))
        return tuple([vocabulary.cell_name(x, y) for y, x in sorted(stones[symbol])]
                     for symbol in ("X", "O"))

    def check_last_move(self, state):
        last = state["last_move"]
        if not self.history:
            self.test.assertIsNone(last)
            return
        color, token, _ = self.history[-1]
        self.test.assertEqual(list(last), MOVE_FIELDS)
        self.test.assertEqual((last["color"], last["move"]), (color, token))
        self.check_cells(last, token)

    def check_last_turn(self, state):
        turn = state["last_turn"]
        played = self.history[:-1] if self.history and self.history[-1][2] else self.history
        if not played:
            self.test.assertIsNone(turn)
            return
        self.test.assertEqual(list(turn), ["number"] + MOVE_FIELDS)
        self.test.assertEqual(turn["number"], state["move_number"] - 1)
        color, token, _ = played[-1]
        cells = None
        if len(played) >= 2 and played[-2][2]:
            # The halves of a double turn, joined: the token names the pair in board order
            # as a pair played at once would, the cells stay in the order they were placed.
            cells = [played[-2][1], token]
            token = ",".join(sorted(cells, key=self.order.__getitem__))
        self.test.assertEqual((turn["color"], turn["move"]), (color, token))
        self.check_cells(turn, token, cells)

    def check_cells(self, move, token, cells=None):
        if cells is None:
            cells = [] if token in ("swap", "pass") else token.split(",")
        self.test.assertEqual(move["cells"], cells)
        for color in COLORS:
            cells = move["removed"][color]
            self.test.assertEqual(cells, sorted(set(cells), key=self.order.__getitem__))

    def check_action(self, before, after):
        """What one action changed: the stones it placed, the stones it took off, the counts."""
        self.check(after)
        last = after["last_move"]
        mover = last["color"]
        for color in COLORS:
            gone = set(last["removed"][color])
            placed = set(last["cells"]) if color == mover else set()
            # The stones taken off: of those that stood before or were placed, every one that
            # is not on the board after (a placed stone may die in its own turn).
            self.test.assertEqual(gone, (set(before[color]) | placed) - set(after[color]))
            self.test.assertEqual(set(after[color]), (set(before[color]) | placed) - gone)
            self.test.assertEqual(after["removed"][color] - before["removed"][color], len(gone))


@unittest.skipUnless(ENGINE, "LIFELINE_ENGINE is not set")
class StateTest(unittest.TestCase):
    def test_random_games_on_every_base(self):
        engine = GtpEngine(f"{ENGINE} --seed 7 --player random")
        try:
            for base in range(vocabulary.MIN_BASE, vocabulary.MAX_BASE + 1):
                for rules in vocabulary.RULES:
                    with self.subTest(base=base, rules=rules):
                        self.play_games(engine, base, rules, random.Random(base))
        finally:
            engine.close()

    def play_games(self, engine, base, rules, rng):
        checked = 0
        while checked < CHECKS_PER_RULES:
            for command in (f"boardsize {base}", f"lifeline-rules {rules}", f"komi {KOMI}"):
                self.assertTrue(engine.send(command, timeout=30).ok, command)
            checked += self.play_game(Player(self, engine, base, rules), rng)

    def play_game(self, player, rng):
        """Plays one random game; returns the number of positions checked."""
        state = player.state()
        player.check(state)
        checked = 1
        while not state["over"]:
            color = state["to_move"]
            token = move_token(player.ask(f"reg_genmove {color}"))
            if "," in token and rng.random() < 0.5:
                first, second = rng.sample(token.split(","), 2)
                state = player.play(color, second, player.play(color, first, state))
                checked += 2
            else:
                if "," in token and rng.random() < 0.5:
                    token = ",".join(reversed(token.split(",")))
                state = player.play(color, token, state)
                checked += 1
            if rng.random() < 0.05:
                player.undo_and_redo()
            if actions_per_check(player.base) > 1 and not state["over"]:
                state = self.play_unchecked(player, state, actions_per_check(player.base) - 1)
                player.check(state)
                checked += 1
        return checked

    def play_unchecked(self, player, state, actions):
        """Lets the engine play up to `actions` whole actions from `state` (it answers
        `resign`, playing nothing, once the game is over); returns the state reached."""
        color = state["to_move"]
        for _ in range(actions):
            token = player.ask(f"genmove {color}")
            if token == "resign":
                break
            player.note(color, token, False)
            color = player.ask("gogui-rules_side_to_move")
        return player.state()


if __name__ == "__main__":
    unittest.main()
