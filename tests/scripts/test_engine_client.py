"""The tools' engine client (lifeline_tools/engine/gtp.py) and its reader of lifeline-state
(lifeline_tools/engine/state.py): the reader takes the protocol's example and names the field of
every answer that breaks the protocol; the client starts a game with the setup commands in
the order GTP and the protocol need, replays moves, reads the state, and a refused command,
a state the protocol does not allow and a dead engine all raise EngineError.

The client's cases need LIFELINE_ENGINE, the path of the built engine (ctest sets it).
"""

import copy
import json
import os
import sys
import tempfile
import unittest

import helpers
from helpers import fake
from lifeline_tools.engine import gtp
from lifeline_tools.engine.state import parse_state

ENGINE = helpers.engine_path()

# The example of protocol/lifeline-gtp.md: base 3, strong pie, White's first stone placed.
EXAMPLE = json.loads(
    '{"base":3,"rules":"strong-pie","komi":0,"to_move":"white","stones_to_place":1,'
    '"phase":"opening","pending":"E5","can_swap":false,"can_spend_komi":false,"swapped":false,'
    '"komi_left":0,"legal":["B1","C1","A2","B2","C2","D2","A3","B3","D3","E3","B4","C4","C5"],'
    '"black":["A1","C3"],"white":["E5"],"removed":{"black":0,"white":0},"actions":2,'
    '"move_number":2,"last_move":{"color":"white","move":"E5","cells":["E5"],'
    '"removed":{"black":[],"white":[]}},"last_turn":{"number":1,"color":"black",'
    '"move":"A1,C3","cells":["A1","C3"],"removed":{"black":[],"white":[]}},"over":false,'
    '"winner":null,"result":null}')

# An engine that answers every command but quit with an empty object.
EMPTY_OBJECT_ENGINE = (f"{sys.executable} -c \"import sys\n"
                       "for line in sys.stdin:\n"
                       "    if line.startswith('quit'): break\n"
                       "    print('= {}' + chr(10), flush=True)\"")


def changed(path, value):
    """The example with the field at `path` (keys in order) set to value."""
    state = copy.deepcopy(EXAMPLE)
    holder = state
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = value
    return state


class StateReaderTest(unittest.TestCase):
    def test_the_protocol_example_reads_as_it_is(self):
        self.assertEqual(parse_state(json.dumps(EXAMPLE)), EXAMPLE)

    def test_fields_the_protocol_does_not_name_are_kept(self):
        self.assertEqual(parse_state(json.dumps(dict(EXAMPLE, later=1)))["later"], 1)

    def test_each_broken_field_is_named(self):
        broken = {
            "base": [(("base",), 14), (("base",), "3"), (("base",), True)],
            "rules": [(("rules",), "pie")],
            "komi": [(("komi",), -1), (("komi",), 0.5)],
            "to_move": [(("to_move",), "b")],
            "stones_to_place": [(("stones_to_place",), 3)],
            "phase": [(("phase",), "middle")],
            "pending": [(("pending",), "Z9"), (("pending",), 4)],
            "can_swap": [(("can_swap",), 0)],
            "legal": [(("legal",), "B1"), (("legal",), ["B1", "F1"])],
            "black": [(("black",), ["I1"])],
            "removed": [(("removed",), {"black": 0}), (("removed", "white"), -1)],
            "move_number": [(("move_number",), 0)],
            "last_move": [(("last_move", "color"), "w"), (("last_move", "cells"), ["Z1"]),
                          (("last_move", "removed", "black"), 0)],
            "last_turn": [(("last_turn", "number"), 0), (("last_turn", "move"), None)],
            "winner": [(("winner",), "nobody")],
            "result": [(("result",), "B+R")],
        }
        for name, cases in broken.items():
            for path, value in cases:
                with self.subTest(path=path, value=value):
                    with self.assertRaisesRegex(ValueError, f"lifeline-state's {name} is"):
                        parse_state(json.dumps(changed(path, value)))

    def test_what_is_no_state_at_all(self):
        missing = {key: value for key, value in EXAMPLE.items() if key != "over"}
        for text, words in (("{", "not JSON"), ("[]", "not a JSON object"),
                            (json.dumps(missing), "has no field over")):
            with self.subTest(text=text[:20]):
                with self.assertRaisesRegex(ValueError, words):
                    parse_state(text)


@unittest.skipUnless(ENGINE, "LIFELINE_ENGINE is not set")
class EngineClientTest(unittest.TestCase):
    def setUp(self):
        self.engine = gtp.GtpEngine(ENGINE)
        self.addCleanup(self.engine.close)

    def test_a_game_started_and_replayed(self):
        self.engine.start_game(3, "komi-pie", 2)
        # The four setup stones, then Black's first stone of the play.
        self.engine.replay([("b", "A1"), ("w", "C3"), ("b", "E5"), ("w", "C1"), ("b", "B1")])
        state = self.engine.state()
        self.assertEqual((state["base"], state["rules"], state["komi"], state["actions"]),
                         (3, "komi-pie", 2, 5))
        self.assertTrue(state["can_spend_komi"])
        self.engine.play("white", "pass")
        self.assertEqual(self.engine.state()["komi_left"], 1)

    def test_a_new_game_forgets_the_last(self):
        self.engine.start_game(3, "strong-pie")
        self.engine.play("b", "A1,C3")
        self.engine.start_game(4, "weak-pie")
        state = self.engine.state()
        self.assertEqual((state["base"], state["rules"], state["actions"]), (4, "weak-pie", 0))

    def test_a_refused_move_raises_with_the_engine_s_reason(self):
        self.engine.start_game(3, "strong-pie")
        with self.assertRaises(gtp.CommandRefused) as caught:
            self.engine.replay([("b", "A1,C3"), ("w", "A1")])
        self.assertIsInstance(caught.exception, gtp.EngineError)
        self.assertEqual(caught.exception.answer, "illegal move: occupied")
        self.assertEqual(caught.exception.exchange,
                         ["> play w A1", "< ? illegal move: occupied"])
        self.assertEqual(self.engine.state()["actions"], 1)

    def test_refused_setups_raise(self):
        for base, rules in ((14, "strong-pie"), (3, "pie")):
            with self.subTest(base=base, rules=rules):
                with self.assertRaises(gtp.CommandRefused):
                    self.engine.start_game(base, rules)


class EngineFailureTest(unittest.TestCase):
    def test_a_state_the_protocol_does_not_allow(self):
        engine = gtp.GtpEngine(EMPTY_OBJECT_ENGINE)
        self.addCleanup(engine.close)
        with self.assertRaisesRegex(gtp.ProtocolError, "has no field base") as caught:
            engine.state(timeout=30)
        self.assertNotIsInstance(caught.exception, gtp.CommandRefused)
        self.assertEqual(caught.exception.exchange, ["> lifeline-state", "< = {}"])

    def test_a_dead_engine(self):
        with tempfile.TemporaryDirectory() as folder:
            engine = gtp.GtpEngine(fake("crash", fail_at=1, log=os.path.join(folder, "log")))
            self.addCleanup(engine.close)
            engine.start_game(3, "strong-pie", timeout=30)
            with self.assertRaises(gtp.EngineCrashed):
                engine.ask("genmove b", timeout=30)
            with self.assertRaises(gtp.EngineError):
                engine.replay([("b", "A1,C3")], timeout=30)
            with open(os.path.join(folder, "log"), encoding="utf-8") as stream:
                self.assertEqual(stream.read().split("\n")[:4],
                                 ["boardsize 3", "clear_board", "lifeline-rules strong-pie",
                                  "komi 0"])


if __name__ == "__main__":
    unittest.main()
