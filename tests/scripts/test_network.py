"""The network's data and model (lifeline_tools/learning/network_data.py, network_model.py,
network_training.py) and scripts/network.py train and evaluate: the twelve symmetries are the
board's (lifeline_tools/symmetry.py), the input planes and targets say what the records say, a
hexagonal convolution ignores the two cells that are no neighbours, the network's outputs do
not depend on the grid cells off the board, train then evaluate run on a few tiny games, and
games replayed in several processes give the examples of one.
Needs Debian's python3-numpy and python3-torch (scripts/build.sh installs them).
"""

import json
import os
import subprocess
import sys
import tempfile
import unittest

import helpers
from helpers import ROOT
from lifeline_tools import symmetry
from lifeline_tools.engine import gtp

try:
    import numpy as np
    import torch

    from lifeline_tools.learning import network_data, network_model, network_training, selfplay
except ImportError as error:
    MISSING = str(error)
else:
    MISSING = None

ENGINE = helpers.engine_path()
NETWORK = os.path.join(ROOT, "scripts", "network.py")
# The engine's test compares its network with these (tests/network/network_test.cc).
FIXTURES = os.path.join(ROOT, "tests", "network", "data")
# lifeline-state's fields of the balancing rules, for positions of strong pie written by hand.
STRONG_PIE = {"rules": "strong-pie", "komi_left": 0, "can_spend_komi": False}
# Base 4's setup under weak and komi pie (single stones, Black, White, Black, White), and
# Black's first move after it, when White may spend komi.
KOMI_SETUP = ("A1", "G7", "D4", "A4", "B2")
FIXTURE_CASES = ((3, "strong-pie", []), (3, "strong-pie", ["A1,C3"]),
                 (4, "strong-pie", ["A1,D4", "G7,D1", "B2", "F6"]),
                 (4, "strong-pie", ["A1,D4", "G7"]), (5, "weak-pie", ["C3", "E5", "G7"]))
# The network of rules inputs: every balancing rule, and komi pie at komi 3 (a case's fourth
# item) before the setup, after it, when White may spend and after White spent.
RULES_FIXTURE_CASES = (
    (3, "strong-pie", []), (3, "strong-pie", ["A1,C3"]), (3, "weak-pie", []),
    (3, "weak-pie", ["A1"]), (3, "komi-pie", [], 3),
    (4, "strong-pie", ["A1,D4", "G7,D1", "B2", "F6"]), (4, "komi-pie", list(KOMI_SETUP[:4]), 3),
    (4, "komi-pie", list(KOMI_SETUP), 3), (4, "komi-pie", list(KOMI_SETUP) + ["pass"], 3),
    (4, "weak-pie", list(KOMI_SETUP)), (5, "weak-pie", ["C3", "E5", "G7", "A1"]),
    (5, "komi-pie", ["C3", "E5", "G7", "A1", "E2"], 3))


@unittest.skipIf(MISSING, f"{MISSING} in {sys.executable}")
class DataTest(unittest.TestCase):
    def test_symmetries_are_the_board_s_twelve(self):
        # test_symmetry.py holds symmetry.cell_maps to the board's geometry and the engine.
        for base in (2, 3, 5):
            maps = symmetry.cell_maps(base)
            tables = network_data.symmetries(base)
            self.assertEqual(len(tables), 12)
            for k, table in zip(network_data.TRAINING_ORDER, tables):
                moved = np.zeros(len(table), dtype=np.int64)
                for cell, image in maps[k].items():
                    moved[network_data.cell_index(base, image)] = 1
                    self.assertEqual(table[network_data.cell_index(base, image)],
                                     network_data.cell_index(base, cell))
                off_board = np.flatnonzero(moved == 0)
                self.assertTrue((table[off_board] == off_board).all())

    def test_planes_and_targets(self):
        state = {"to_move": "white", "black": ["A1", "C3"], "white": ["E5"], "legal": ["B1"],
                 "pending": "E5", "stones_to_place": 2, "can_swap": False, **STRONG_PIE}
        planes = network_data.encode_position(3, state).reshape(network_data.NUM_PLANES, 5, 5)
        self.assertEqual(planes[0, 4, 4], 1.0)  # own: white's E5 (column 4, row 4)
        self.assertEqual((planes[1, 0, 0], planes[1, 2, 2]), (1.0, 1.0))  # A1 and C3
        self.assertEqual(planes[2].sum(), 19)
        self.assertEqual(planes[3].sum(), 0)  # white to move
        self.assertEqual(planes[4].sum(), 0)  # the pair's first stone stands already
        self.assertEqual((planes[5, 4, 4], planes[5].sum()), (1.0, 1.0))
        self.assertEqual((planes[7, 0, 1], planes[7].sum()), (1.0, 1.0))  # B1: column 1, row 0
        turn = {"move": "A1,C3", "candidates": [["A1,C3", 6], ["swap", 2], ["B1", 2]]}
        policy, swap, spend = network_data.policy_target(3, turn, sharpness=1)
        self.assertEqual(spend, 0.0)
        self.assertAlmostEqual(swap, 0.2)
        self.assertAlmostEqual(policy[network_data.cell_index(3, "A1")], 0.3)
        self.assertAlmostEqual(policy[network_data.cell_index(3, "B1")], 0.2)
        policy, swap, _ = network_data.policy_target(3, turn, sharpness=2)  # 36, 4, 4 of 44
        self.assertAlmostEqual(swap, 4 / 44, places=6)
        self.assertAlmostEqual(policy[network_data.cell_index(3, "C3")], 18 / 44, places=6)
        game = {"settled": {"turn": 0, "territory": "b" * 18 + "w"}}
        territory = network_data.territory_target(3, game, "white")
        self.assertEqual(territory[network_data.cell_index(3, "E5")], 1.0)
        self.assertEqual(territory.sum(), 1 - 18)

    def test_the_rules_planes_see_the_komi_from_the_side_to_move(self):
        engine = gtp.GtpEngine(ENGINE)
        self.addCleanup(engine.close)
        setup = list(KOMI_SETUP)
        # Planes 8 to 12: weak pie, komi pie, own komi, opponent komi, spend allowed.
        for rules, komi, moves, expected in (
                ("strong-pie", 0, ["A1,D4"], (0, 0, 0, 0, 0)),
                ("weak-pie", 0, ["A1"], (1, 0, 0, 0, 0)),
                ("komi-pie", 3, setup[:4], (0, 1, 0, 0.3, 0)),  # Black to move
                ("komi-pie", 3, setup, (0, 1, 0.3, 0, 1)),  # White, who may spend
                ("komi-pie", 3, setup + ["pass"], (0, 1, 0, 0.2, 0))):
            with self.subTest(rules=rules, moves=moves):
                engine.start_game(4, rules, komi)
                for move in moves:
                    engine.play(engine.state()["to_move"], move)
                planes = network_data.encode_position(4, engine.state())
                mask = network_data.board_mask(4)
                for plane, value in zip(range(network_data.BASIC_PLANES, 13), expected):
                    np.testing.assert_allclose(planes[plane], mask * value,
                                               err_msg=network_data.PLANES[plane])

    def test_spending_komi_has_its_share_and_its_examples(self):
        cells, swap, spend = network_data.policy_target(
            4, {"move": "pass", "candidates": [["pass", 3], ["B2", 1]]}, sharpness=1)
        self.assertEqual((swap, spend), (0.0, 0.75))
        self.assertAlmostEqual(cells[network_data.cell_index(4, "B2")], 0.25)
        engine = gtp.GtpEngine(ENGINE)
        self.addCleanup(engine.close)
        moves = list(KOMI_SETUP) + ["pass", "C1"]
        turns = [{"color": "black" if number % 2 == 0 else "white", "move": move,
                  "candidates": [[move, 4]]} for number, move in enumerate(moves)]
        game = {"base": 4, "rules": "komi-pie", "komi": 1, "winner": "black", "turns": turns,
                "black": ["A1", "D4", "B2", "C1"], "white": ["G7", "A4"]}
        examples = network_data.game_examples(engine, game, territory="share")
        self.assertEqual(examples["turn"].tolist(), list(range(7)))  # the spending's row too
        self.assertEqual(examples["spend"].tolist(), [0, 0, 0, 0, 0, 1, 0])
        self.assertEqual(examples["next_spend"].tolist(), [0, 0, 0, 0, 1, 0, 0])
        self.assertEqual(examples["soft_spend"][5], 1.0)
        spend_allowed = examples["planes"][:, network_data.SPEND_PLANE].max(axis=1)
        self.assertEqual(spend_allowed.tolist(), [0, 0, 0, 0, 0, 1, 0])

    def test_holding_shares_count_the_rest_of_the_game(self):
        # Base 3. Before turn 0 the board is empty (no one holds anything); before turn 1 Black
        # has A1 and White E5, and the empty cells touch both; at the end Black's row of
        # A3..E3 cuts the board: the rows below it touch Black only, the rows above both.
        row3 = ["A3", "B3", "C3", "D3", "E3"]
        states = [{"black": [], "white": []}, {"black": ["A1"], "white": ["E5"]}]
        game = {"black": ["A1"] + row3, "white": ["E5"]}
        shares = network_data.holding_shares(3, states, game)
        self.assertEqual(shares.shape, (2, 25))
        at = lambda cell: network_data.cell_index(3, cell)  # noqa: E731
        # A1: nobody's, then Black's twice: 2 of the 3 positions from turn 0, all from turn 1.
        self.assertAlmostEqual(shares[0, at("A1")], 2 / 3)
        self.assertAlmostEqual(shares[1, at("A1")], 1.0)
        self.assertAlmostEqual(shares[0, at("B1")], 1 / 3)  # held by Black at the end alone
        self.assertAlmostEqual(shares[1, at("B1")], 1 / 2)
        self.assertAlmostEqual(shares[1, at("E5")], -1.0)  # White's stone throughout
        self.assertAlmostEqual(shares[1, at("D4")], 0.0)  # touches both at the end
        self.assertEqual(shares[0, 5 * 4], 0.0)  # off the board (column 0, row 4)

    def test_a_fast_search_teaches_no_policy_and_the_next_turn_teaches_the_reply(self):
        engine = gtp.GtpEngine(ENGINE)
        self.addCleanup(engine.close)
        game = {"base": 3, "rules": "strong-pie", "komi": 0, "winner": "white",
                "black": ["A1", "C3"], "white": ["B2", "E5"],
                "settled": {"turn": 0, "territory": "b" * 19},
                "turns": [{"color": "black", "move": "A1,C3", "candidates": [["A1,C3", 5]]},
                          {"color": "white", "move": "B2", "full": False,
                           "candidates": [["B2", 3], ["D4", 1]]},
                          {"color": "white", "move": "E5", "full": True,
                           "candidates": [["E5", 2], ["D4", 2]]}]}
        examples = network_data.game_examples(engine, game, territory="share")
        self.assertEqual(examples["policy_weight"].tolist(), [1.0, 0.0, 1.0])
        # The first turn's next is a fast search: no target; the second's is full.
        self.assertEqual(examples["next_weight"].tolist(), [0.0, 1.0, 0.0])
        at = lambda cell: network_data.cell_index(3, cell)  # noqa: E731
        self.assertAlmostEqual(examples["next_policy"][1][at("E5")], 0.5)
        self.assertAlmostEqual(examples["soft_policy"][1][at("B2")], 0.75)  # visits as they are
        self.assertGreater(examples["policy"][1][at("B2")], 0.98)  # visits to the fourth
        # Shares from the mover's view: White's B2 from turn 2 is +1 for White, to move.
        self.assertEqual(examples["territory"][2][at("B2")], 1.0)
        # No win rates recorded: the short-term value is the result throughout.
        self.assertEqual(examples["short_value"].tolist(), [0.0, 1.0, 1.0])

    def test_the_short_term_value_averages_the_win_rates_to_come(self):
        # Black's view of the turns' win rates: 0.6, 0.7 (White's 0.3), 1 (White's null, and
        # White lost), 0.9, then Black's win for ever after. With decay 1/2 the averages from
        # the end back are 0.95, 0.975, 0.8375 and 0.71875, each seen by its side to move.
        game = {"winner": "black",
                "turns": [{"color": "black", "winrate": 0.6}, {"color": "white", "winrate": 0.3},
                          {"color": "white", "winrate": None}, {"color": "black", "winrate": 0.9}]}
        targets = network_data.short_value_targets(game, decay=0.5)
        np.testing.assert_allclose(targets, [0.71875, 1 - 0.8375, 1 - 0.975, 0.95], rtol=1e-6)
        # White's view at turn 1, term by term: its own 0.3, its null (a loss), Black's 0.9
        # as 0.1, and the tail, a loss.
        self.assertAlmostEqual(targets[1], 0.5 * 0.3 + 0.25 * 0.0 + 0.125 * 0.1 + 0.125 * 0.0)
        short = network_data.short_value_targets(game)  # the horizon of some six turns
        self.assertTrue(np.all((short > 0) & (short < 1)))


@unittest.skipIf(MISSING, f"{MISSING} in {sys.executable}")
class ModelTest(unittest.TestCase):
    def test_hexagonal_convolution_ignores_the_two_far_corners(self):
        conv = network_model.HexConv(1, 1)
        with torch.no_grad():
            conv.weight.fill_(1.0)
            conv.bias.zero_()
        for row, column, seen in ((1, 1, 1), (2, 1, 1), (2, 2, 1), (0, 0, 1), (0, 2, 0),
                                  (2, 0, 0)):
            image = torch.zeros(1, 1, 3, 3)
            image[0, 0, row, column] = 1.0
            self.assertEqual(conv(image)[0, 0, 1, 1].item(), seen, (row, column))

    def test_cells_off_the_board_do_not_matter(self):
        for config in ({}, {"pool_every": 1, "aux_heads": True, "short_value": True}):
            with self.subTest(config=config):
                self.check_off_board_cells(config)

    def check_off_board_cells(self, config):
        torch.manual_seed(3)
        net = network_model.LifelineNet(blocks=2, channels=8, **config).eval()
        aux = "aux_heads" in config

        def outputs(planes):
            actions, value, territory, *heads = net(planes, aux=aux)
            return [actions, value, territory] + [head for extra in heads
                                                  for head in extra.values()]
        state = {"to_move": "black", "black": ["A1", "C3"], "white": ["E5", "B2"],
                 "legal": ["B1", "D4", "C5"], "pending": None, "stones_to_place": 1,
                 "can_swap": False, **STRONG_PIE}
        planes = torch.from_numpy(network_data.encode_position(3, state)).view(1, -1, 5, 5)
        noisy = planes.clone()
        off_board = planes[0, 2] == 0
        noisy[0, :2, off_board] = 1.0  # stones off the board: nonsense the net must not see
        with torch.no_grad():
            first, second = outputs(planes), outputs(noisy)
        self.assertEqual(len(first), 6 if aux else 3)
        for a, b in zip(first, second):
            self.assertTrue(torch.allclose(a, b))
        actions = first[0][0]
        legal = {network_data.cell_index(3, c) for c in state["legal"]}
        self.assertTrue(all((actions[i] > -1e8) == (i in legal) for i in range(26)))


    def test_a_batch_without_full_searches_has_no_policy_loss(self):
        torch.manual_seed(4)
        net = network_model.LifelineNet(blocks=1, channels=8, pool_every=1, aux_heads=True,
                                        short_value=True)
        state = {"to_move": "black", "black": [], "white": [], "legal": ["A1", "B1"],
                 "pending": None, "stones_to_place": 1, "can_swap": False, **STRONG_PIE}
        cells = 25
        policy = torch.zeros(2, cells)
        policy[:, network_data.cell_index(3, "A1")] = 1.0
        planes = torch.from_numpy(network_data.encode_position(3, state))
        batch = {"planes": planes.expand(2, -1, -1), "policy_weight": torch.zeros(2),
                 "next_weight": torch.tensor([0.0, 1.0]), "value": torch.ones(2),
                 "short_value": torch.full((2,), 0.7), "territory": torch.zeros(2, cells)}
        for prefix in ("", "soft_", "next_"):
            batch.update({prefix + "policy": policy, prefix + "swap": torch.zeros(2),
                          prefix + "spend": torch.zeros(2)})
        parts = network_model.losses(net, batch)
        self.assertEqual(set(parts), set(network_model.LOSS_WEIGHTS))
        self.assertEqual(parts["policy"].item(), 0.0)
        self.assertEqual(parts["soft_policy"].item(), 0.0)
        self.assertGreater(parts["next_policy"].item(), 0.0)
        batch["policy_weight"] = torch.ones(2)
        self.assertGreater(network_model.losses(net, batch)["policy"].item(), 0.0)

    def test_the_spend_logit_is_there_where_spending_is_allowed(self):
        torch.manual_seed(5)
        net = network_model.LifelineNet(1, 8, aux_heads=True, inputs="rules").eval()
        basic = network_model.LifelineNet(1, 8, aux_heads=True).eval()
        state = {"to_move": "white", "black": ["A1"], "white": [], "legal": ["B1"],
                 "pending": None, "stones_to_place": 1, "can_swap": False,
                 "rules": "komi-pie", "komi_left": 2}
        for allowed in (False, True):
            planes = torch.from_numpy(network_data.encode_position(
                3, dict(state, can_spend_komi=allowed))).view(1, -1, 5, 5)
            with torch.no_grad():
                actions, _, _, heads = net(planes, aux=True)
                soft, following = heads["soft_policy"], heads["next_policy"]
            self.assertEqual(actions.shape, (1, 25 + 2))  # the grid's cells, swap, spend
            self.assertEqual(actions[0, -1].item() > -1e8, allowed)
            self.assertEqual(soft[0, -1].item() > -1e8, allowed)
            self.assertGreater(following[0, -1].item(), -1e8)  # the next turn: every action
            self.assertEqual(basic(planes)[0].shape, (1, 25 + 1))
            # A turn that only spent: the rules network learns it, the basic one nothing.
            batch = {"planes": planes.flatten(2), "policy_weight": torch.ones(1),
                     "next_weight": torch.ones(1), "value": torch.ones(1),
                     "territory": torch.zeros(1, 25)}
            for prefix in ("", "soft_", "next_"):
                batch.update({prefix + "policy": torch.zeros(1, 25),
                              prefix + "swap": torch.zeros(1), prefix + "spend": torch.ones(1)})
            policy = network_model.losses(net, batch)["policy"].item()
            self.assertEqual(policy < 1e6, allowed)
            self.assertEqual(network_model.losses(basic, batch)["next_policy"].item(), 0.0)

    def test_the_file_of_a_rules_network_is_format_3(self):
        from lifeline_tools.learning import network_export

        channels = 8
        for pool_every in (0, 2):
            net = network_model.LifelineNet(2, channels, pool_every, aux_heads=True,
                                            inputs="rules")
            pooled = (3 if pool_every else 2) * channels
            conv = channels * channels * 9 + channels
            expected = (channels * 13 * 9 + channels + 2 * 2 * conv
                        + (pooled * channels + channels if pool_every else 0)
                        + 2 * (channels + 1) + 2 * (pooled + 1)  # policy, territory; swap, spend
                        + pooled * channels + channels + channels + 1)  # the value's layers
            with tempfile.TemporaryDirectory() as folder:
                path = os.path.join(folder, "net")
                self.assertEqual(network_export.write_weights(net, path), expected)
                with open(path, "rb") as stream:
                    header = stream.readline()
                    body, end = stream.read().rsplit(b"end ", 1)
            self.assertEqual(header, f"lifeline-network 3 planes 13 blocks 2 channels 8 "
                                     f"pool-every {pool_every}\n".encode())
            self.assertEqual((len(body), end), (4 * expected, f"{expected}\n".encode()))

    def test_the_short_term_value_head_is_not_in_the_engine_s_file(self):
        from lifeline_tools.learning import network_export

        files = []
        for short_value in (False, True):
            net = network_export.random_like(
                network_model.LifelineNet(2, 8, pool_every=2, inputs="rules",
                                          short_value=short_value), seed=11)
            self.assertEqual(network_model.engine_side(net.config),
                             {"blocks": 2, "channels": 8, "pool_every": 2, "inputs": "rules"})
            with tempfile.TemporaryDirectory() as folder:
                path = os.path.join(folder, "net")
                network_export.write_weights(net, path)
                with open(path, "rb") as stream:
                    files.append(stream.read())
        self.assertNotIn("short_value", network_model.LifelineNet(1, 4).config)
        self.assertEqual(files[0], files[1])

    def test_surprise_weights_follow_the_policy_s_divergence(self):
        torch.manual_seed(12)
        net = network_model.LifelineNet(1, 8).eval()
        state = {"to_move": "black", "black": [], "white": [], "legal": ["A1", "B1", "C3"],
                 "pending": None, "stones_to_place": 1, "can_swap": False, **STRONG_PIE}
        planes = network_data.encode_position(3, state)
        with torch.no_grad():
            actions = net(torch.from_numpy(planes).view(1, -1, 5, 5))[0][0]
        prior = torch.softmax(actions, dim=0).numpy()  # 25 cells and the swap
        unlikely = min(("A1", "B1", "C3"), key=lambda c: prior[network_data.cell_index(3, c)])
        arrays = {name: np.zeros((4, 25), np.float32) if name.endswith("policy")
                  else np.zeros(4, np.float32) for name in network_data.EXAMPLE_ARRAYS}
        arrays.update(planes=np.stack([planes] * 4), territory=np.zeros((4, 25), np.float32))
        # Rows: the network's own policy, a sure move it finds unlikely, the same again, and
        # that move from a fast search (no policy taught).
        arrays["policy"][0] = prior[:25]
        arrays["swap"][0] = prior[25]
        arrays["policy"][1:, network_data.cell_index(3, unlikely)] = 1.0
        arrays["policy_weight"][:3] = 1.0
        for batch_size in (4, 3):  # batches of several sizes give the same weights
            weights = network_training.surprise_weights(net, {3: arrays}, batch_size)[3]
            self.assertAlmostEqual(weights.mean(), 1.0, places=5)
            self.assertAlmostEqual(weights[0], 0.5, places=4)  # no surprise
            self.assertAlmostEqual(weights[1], weights[2], places=5)
            self.assertAlmostEqual(weights[1], 1.25, places=4)  # the mean of 0, s, s is 2s/3
            self.assertEqual(weights[3], 1.0)
        # Weighted losses: a row of weight 2 counts as two rows.
        batch = {name: torch.from_numpy(array) for name, array in arrays.items()}
        twice = {name: torch.cat([tensor, tensor[1:2]]) for name, tensor in batch.items()}
        weighted = dict(batch, weight=torch.tensor([1.0, 2.0, 1.0, 1.0]))
        for name, value in network_model.losses(net, weighted).items():
            expected = network_model.losses(net, twice)[name].item()
            rows = 4 if name != "policy" else 3
            self.assertAlmostEqual(value.item(), expected * (rows + 1) / rows, places=5, msg=name)

    def test_the_engine_s_file_has_no_subnormal_weights(self):
        from lifeline_tools.learning import network_export

        net = network_model.LifelineNet(1, 4)
        with torch.no_grad():
            net.stem.bias.fill_(1e-40)  # subnormal in float32, as GPU training leaves them
            net.value.bias.fill_(0.25)
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "net")
            network_export.write_weights(net, path)
            with open(path, "rb") as stream:
                stream.readline()
                values = np.frombuffer(stream.read().rsplit(b"end", 1)[0], dtype="<f4")
        self.assertFalse(np.any((values != 0) & (np.abs(values) < np.finfo(np.float32).tiny)))
        self.assertIn(np.float32(0.25), values)

    def test_warm_start_keeps_what_fits(self):
        plain = network_model.LifelineNet(blocks=2, channels=8)
        same = network_model.LifelineNet(blocks=2, channels=8)
        self.assertEqual(network_model.warm_start(same, plain), (len(same.state_dict()),) * 2)
        for name, tensor in same.state_dict().items():
            self.assertTrue(torch.equal(tensor, plain.state_dict()[name]), name)
        richer = network_model.LifelineNet(blocks=2, channels=8, pool_every=2, aux_heads=True)
        kept, total = network_model.warm_start(richer, plain)
        self.assertLess(kept, total)
        self.assertTrue(torch.equal(richer.tower[0].first.weight, plain.tower[0].first.weight))
        self.assertEqual(network_model.engine_side(richer.config),
                         {"blocks": 2, "channels": 8, "pool_every": 2})

    def test_a_rules_network_warm_started_from_a_basic_one_computes_what_it_did(self):
        torch.manual_seed(6)
        basic = network_model.LifelineNet(2, 8, pool_every=2, aux_heads=True).eval()
        rules = network_model.LifelineNet(2, 8, pool_every=2, aux_heads=True,
                                          inputs="rules").eval()
        kept, total = network_model.warm_start(rules, basic)
        self.assertEqual(total - kept, 6)  # the spend layers of the policy and the aux heads
        self.assertEqual(rules.config["inputs"], "rules")
        self.assertNotIn("inputs", basic.config)
        engine = gtp.GtpEngine(ENGINE)
        self.addCleanup(engine.close)
        for moves in ([], ["A1,D4"], ["A1,D4", "G7,D1", "B2"]):
            engine.start_game(4, "strong-pie")
            for move in moves:
                engine.play(engine.state()["to_move"], move)
            planes = torch.from_numpy(network_data.encode_position(4, engine.state()))
            with torch.no_grad():
                new = rules(planes.view(1, -1, 7, 7))
                old = basic(planes.view(1, -1, 7, 7))
            self.assertEqual(new[0][0, -1].item(), network_model.ILLEGAL_LOGIT)
            torch.testing.assert_close(new[0][:, :-1], old[0])  # cells and swap
            torch.testing.assert_close(new[1], old[1])  # value
            torch.testing.assert_close(new[2], old[2])  # territory


@unittest.skipIf(MISSING, f"{MISSING} in {sys.executable}")
class EngineFixtureTest(unittest.TestCase):
    """The small random network and its outputs that the engine's own test reads: the files
    must be what the Python model writes and computes now (LIFELINE_UPDATE_FIXTURES=1 rewrites
    them after a deliberate change of the model or the format)."""

    def test_fixtures_are_the_python_models(self):
        # Three networks: blocks, channels (a multiple of four, and not), seed of the weights,
        # and the global pooling's config (with the auxiliary heads the file leaves out).
        # A fourth of rules inputs, on cases of every balancing rule (its seed gives spend and
        # swap shares well above the engine test's tolerance).
        for name, blocks, channels, seed, extra in (
                ("tiny", 2, 8, 7, {}), ("odd", 1, 6, 8, {}),
                ("pooled", 3, 8, 9, {"pool_every": 2, "aux_heads": True}),
                ("rules", 2, 8, 29, {"pool_every": 2, "aux_heads": True, "inputs": "rules"})):
            with self.subTest(name=name):
                self.check_fixture(name, network_model.LifelineNet(blocks, channels, **extra),
                                   seed)

    def check_fixture(self, name, net, seed):
        from lifeline_tools.learning import network_export

        net = network_export.random_like(net, seed)
        engine = gtp.GtpEngine(ENGINE)
        self.addCleanup(engine.close)
        cases = RULES_FIXTURE_CASES if net.rules_inputs else FIXTURE_CASES
        expected = network_export.reference_text(net, engine, cases)
        with tempfile.TemporaryDirectory() as folder:
            weights = os.path.join(folder, "net")
            network_export.write_weights(net, weights)
            with open(weights, "rb") as stream:
                written = stream.read()
        weights_file = os.path.join(FIXTURES, f"{name}.net")
        expected_file = os.path.join(FIXTURES, f"{name}_expected.txt")
        if os.environ.get("LIFELINE_UPDATE_FIXTURES"):
            with open(weights_file, "wb") as stream:
                stream.write(written)
            with open(expected_file, "w", encoding="utf-8") as stream:
                stream.write(expected)
        with open(weights_file, "rb") as stream:
            self.assertEqual(stream.read(), written)
        with open(expected_file, encoding="utf-8") as stream:
            committed = stream.read().split()
        fresh = expected.split()
        self.assertEqual(len(committed), len(fresh))
        for old, new in zip(committed, fresh):
            try:
                self.assertAlmostEqual(float(old), float(new), places=5)
            except ValueError:
                self.assertEqual(old, new)


@unittest.skipIf(MISSING, f"{MISSING} in {sys.executable}")
class PipelineTest(unittest.TestCase):
    def network(self, *arguments, engine=True):
        """scripts/network.py's output, which must succeed; with the tests' engine."""
        done = subprocess.run([sys.executable, NETWORK, *arguments]
                              + (["--engine", ENGINE] if engine else []),
                              capture_output=True, text=True, timeout=600)
        self.assertEqual(done.returncode, 0, done.stderr)
        return done.stdout

    def test_generate_train_evaluate(self):
        with tempfile.TemporaryDirectory() as folder:
            games = os.path.join(folder, "games")
            weights = os.path.join(folder, "net.pt")
            run = self.network
            run("generate", "--out", games, "--base", "3", "--games", "11", "--visits", "20")
            trained = run("train", "--weights", weights, "--epochs", "2", "--blocks", "1",
                          "--channels", "8", "--threads", "1", games)
            self.assertIn("9 games to train on, 2 held out", trained)  # games 0 and 10 held out
            self.assertIn("epoch 2:", trained)
            figures = run("evaluate", "--weights", weights, "--threads", "1", games)
            self.assertRegex(figures, r"network_top1 [0-9.]+, network_top10 [0-9.]+, "
                                      r"model_top1 [0-9.]+, model_top10 [0-9.]+")
            net, note = network_model.load(weights)
            self.assertEqual(note["training_games"], 9)
            self.assertEqual(json.loads(json.dumps(note))["folders"][games]["visits"], 20)
            checked = run("territory", "--network", os.path.join(FIXTURES, "tiny.net"),
                          "--visits", "30", "--every", "3", games)
            self.assertRegex(checked, r"\d+ positions of 2 held-out games, playouts of 30 "
                                      r"visits\n")
            for name in ("network", "playouts"):
                self.assertRegex(checked, name + r": share_error [0-9.]+, accuracy [0-9.]+, "
                                 r"on_stones [0-9.]+, settled_accuracy [0-9.]+")


    def test_training_with_surprise_weights_and_the_short_term_value(self):
        with tempfile.TemporaryDirectory() as folder:
            games = os.path.join(folder, "games")
            weights = os.path.join(folder, "net.pt")
            self.network("generate", "--out", games, "--base", "3", "--games", "4",
                         "--visits", "20", "--full-share", "0.5", "--fast-visits", "4")
            trained = self.network("train", "--weights", weights, "--epochs", "1",
                                   "--blocks", "1", "--channels", "8", "--threads", "1",
                                   "--surprise-weight", "--short-value", "yes", games)
            self.assertRegex(trained, r"surprise weights from [01]\.\d\d to \d+\.\d\d\n")
            self.assertRegex(trained, r"held out policy [0-9.]+ value [0-9.]+ territory "
                                      r"[0-9.]+ short_value [0-9.]+ ")
            net, note = network_model.load(weights)
            self.assertTrue(note["surprise_weight"])
            self.assertTrue(net.config["short_value"])
            # The same arrays train a basic network without the head, and one of rules inputs
            # with it, weighted by surprise or not.
            examples = network_training.examples_by_base(
                ENGINE, network_training.load_games([games], held_out=False), print)
            for config, surprise in (({"inputs": "basic"}, True),
                                     ({"inputs": "rules", "short_value": True}, False)):
                lines = []
                net = network_model.LifelineNet(1, 8, **config)
                network_training.train(net, examples, examples, 1, 64, 1e-3, 1, lines.append,
                                       surprise=surprise)
                self.assertEqual(any("surprise" in line for line in lines), surprise)
                self.assertEqual("short_value" in lines[-1], "short_value" in config)

    def test_games_replayed_in_processes_give_the_serial_examples(self):
        with tempfile.TemporaryDirectory() as folder:
            subprocess.run([sys.executable, NETWORK, "generate", "--out", folder, "--base", "3",
                            "--games", "5", "--visits", "20", "--engine", ENGINE],
                           check=True, capture_output=True, timeout=600)
            games = selfplay.read_games(folder)
            serial = network_training.examples_by_base(ENGINE, games, print, "share")
            lines = []
            parallel = network_training.examples_by_base(ENGINE, games, lines.append, "share",
                                                         workers=2)
            self.assertEqual(lines[-1], "replayed 5/5 games in 2 processes")
            self.assertEqual(list(parallel), [3])
            for name, array in serial[3].items():
                np.testing.assert_array_equal(parallel[3][name], array, err_msg=name)

    def test_the_version_7_recipe_from_games_to_the_engine(self):
        with tempfile.TemporaryDirectory() as folder:
            games = os.path.join(folder, "games")
            weights = os.path.join(folder, "net.pt")
            exported = os.path.join(folder, "net.net")
            run = self.network
            run("generate", "--out", games, "--base", "3", "--games", "4", "--visits", "20",
                "--sample-turns", "1", "--full-share", "0.5", "--fast-visits", "4")
            with open(os.path.join(games, "games.jsonl"), encoding="utf-8") as stream:
                turns = [turn for line in stream for turn in json.loads(line)["turns"]]
            self.assertEqual({turn["full"] for turn in turns}, {True, False})
            self.assertTrue(turns[0]["full"])  # a sampled turn always searches fully
            trained = run("train", "--weights", weights, "--epochs", "1", "--blocks", "2",
                          "--channels", "8", "--threads", "1", "--workers", "2",
                          "--pool-every", "2", "--inputs", "basic",
                          "--aux-heads", "yes", "--territory", "share", games)
            self.assertRegex(trained, r"epoch 1: train policy [0-9.]+ value [0-9.]+ territory "
                                      r"[0-9.]+ soft_policy [0-9.]+ next_policy [0-9.]+;")
            run("export", "--weights", weights, "--out", exported, engine=False)
            with open(exported, "rb") as stream:
                self.assertEqual(stream.readline(),
                                 b"lifeline-network 2 planes 8 blocks 2 channels 8 "
                                 b"pool-every 2\n")
            engine = gtp.GtpEngine(f"{ENGINE} --network {exported}")
            self.addCleanup(engine.close)
            engine.start_game(3, "strong-pie")
            self.assertRegex(engine.ask("lifeline-network"), r"^value 0\.\d+ swap")

    def test_a_network_of_rules_inputs_learns_games_of_every_rule(self):
        with tempfile.TemporaryDirectory() as folder:
            folders = [os.path.join(folder, rules) for rules in ("strong-pie", "komi-pie")]
            weights = os.path.join(folder, "net.pt")
            exported = os.path.join(folder, "net.net")
            for games, rules, komi in zip(folders, ("strong-pie", "komi-pie"), ("0", "2")):
                self.network("generate", "--out", games, "--base", "3", "--games", "11",
                             "--visits", "20", "--rules", rules, "--komi", komi)
            trained = self.network("train", "--weights", weights, "--epochs", "1",
                                   "--blocks", "1", "--channels", "8", "--threads", "1",
                                   "--aux-heads", "yes", *folders)
            self.assertRegex(trained, r"rules komi-pie: games 2, decisions \d+")
            self.assertRegex(trained, r"all rules: games 4, decisions \d+")
            net, note = network_model.load(weights)
            self.assertEqual(net.config["inputs"], "rules")
            self.assertEqual(sorted(note["held_out_by_rules"]), ["komi-pie", "strong-pie"])
            games = network_training.load_games(folders, held_out=False)
            turns = [turn["move"] for game in games for turn in game["turns"]]
            self.assertEqual(note["examples"], {3: len(turns)})  # one a turn, spendings too
            self.network("export", "--weights", weights, "--out", exported, engine=False)
            with open(exported, "rb") as stream:
                self.assertEqual(stream.readline(), b"lifeline-network 3 planes 13 blocks 1 "
                                                    b"channels 8 pool-every 0\n")



@unittest.skipIf(MISSING, MISSING)
class TrainingBenchTest(unittest.TestCase):
    """network.py bench-training runs each setting in a process of its own and tables them
    (no timing is checked); the command's own PyTorch waits passively unless told otherwise."""

    def test_the_table_of_both_policies(self):
        # From another folder, with no PYTHONPATH: as a user runs it.
        environment = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
        run = subprocess.run([sys.executable, NETWORK, "bench-training", "--seconds", "0.2",
                              "--rounds", "1", "--busy", "0", "1", "--threads", "1"],
                             capture_output=True, text=True, timeout=300, env=environment,
                             cwd=tempfile.gettempdir())
        self.assertEqual(run.returncode, 0, run.stderr)
        lines = run.stdout.splitlines()[-4:]  # after a line a measurement
        self.assertEqual(lines[0], "training steps a second, PyTorch threads: 1 (median of the "
                                   "rounds)")
        self.assertEqual(lines[1].split(), ["busy", "processes", "default", "passive", "passive",
                                            "/", "default"])
        self.assertEqual([line.split()[0] for line in lines[2:]], ["0", "1"])
        for line in lines[2:]:
            self.assertTrue(all(float(word) > 0 for word in line.split()[1:]), line)

    def test_the_commands_wait_policy(self):
        code = ("import os, lifeline_tools.cli.network; "
                "print(os.environ['OMP_WAIT_POLICY'])")
        environment = {key: value for key, value in os.environ.items()
                       if key != "OMP_WAIT_POLICY"}
        for given, expected in ((None, "PASSIVE"), ("active", "active")):
            if given:
                environment["OMP_WAIT_POLICY"] = given
            run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                 env=environment, cwd=os.path.join(ROOT, "scripts"), check=True)
            self.assertEqual(run.stdout.strip(), expected)


if __name__ == "__main__":
    unittest.main()
