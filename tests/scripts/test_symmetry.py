"""lifeline_tools/symmetry.py: its twelve maps are the twelve symmetries of the board, and the
engine plays them as symmetries.

The engine lists no symmetry of its own (core/symmetry.cc has no command), so the maps are held
to two other things. First a slow, obvious definition: the cells as points of the plane,
turned by multiples of 60 degrees and mirrored, then read back as cells. Then the engine: a
random game and its image under each map are played side by side, and at every position the
engine's state of the image (legal moves, stones, turn, winner) is the image of its state of
the game, and so are the features of every legal move (lifeline-move_features) that do not
depend on the order of a pair's two stones: its tactic, and its ring and shape codes, which the
engine reduces with its own symmetry tables. (The distances to the last stones, and with them
the model's probability, follow which stone of a pair the engine keeps as the last one.)

The engine's case needs LIFELINE_ENGINE, the path of the built engine (ctest sets it).
"""

import math
import unittest

import helpers
from lifeline_tools import symmetry, vocabulary
from lifeline_tools.engine import gtp

ENGINE = helpers.engine_path()
ROOT3 = math.sqrt(3)
SYMMETRIC_FEATURES = ("tactic", "ring", "shape")


def plane_point(base, cell):
    """The centre of a cell in the plane, the centre cell at the origin, neighbours 1 apart:
    the column's step is (1, 0), the row's (-1/2, sqrt(3)/2)."""
    x, y = vocabulary.coordinates(cell)
    a, b = x - (base - 1), y - (base - 1)
    return a - b / 2, b * ROOT3 / 2


def cell_at(base, point):
    """The cell whose centre is nearest to a point of the plane."""
    b = round(point[1] * 2 / ROOT3)
    a = round(point[0] + b / 2)
    return vocabulary.cell_name(a + base - 1, b + base - 1)


def plane_symmetries(base):
    """The twelve maps of the cells that turn the plane by k times 60 degrees, after a mirror
    in the first axis or not, as tuples of images in board order."""
    maps = set()
    for mirror in (1, -1):
        for turn in range(6):
            angle = turn * math.pi / 3
            images = []
            for cell in vocabulary.cells(base):
                px, py = plane_point(base, cell)
                py *= mirror
                images.append(cell_at(base, (px * math.cos(angle) - py * math.sin(angle),
                                             px * math.sin(angle) + py * math.cos(angle))))
            maps.add(tuple(images))
    return maps


def move_image(images, move):
    """A move token through one map: each cell of a stone or a pair; swap and pass stay."""
    if move in ("swap", "pass"):
        return move
    return ",".join(images[cell] for cell in move.split(","))


class GeometryTest(unittest.TestCase):
    def test_the_twelve_turns_and_mirrors_of_the_plane(self):
        for base in range(vocabulary.MIN_BASE, vocabulary.MAX_BASE + 1):
            with self.subTest(base=base):
                maps = symmetry.cell_maps(base)
                cells = vocabulary.cells(base)
                self.assertEqual(len(maps), symmetry.COUNT)
                self.assertEqual(list(maps[0].values()), cells)
                images = {tuple(images[cell] for cell in cells) for images in maps}
                self.assertEqual(images, plane_symmetries(base))


@unittest.skipUnless(ENGINE, "LIFELINE_ENGINE is not set")
class EnginePlayTest(unittest.TestCase):
    def setUp(self):
        self.player = gtp.GtpEngine(f"{ENGINE} --player random --seed 5")
        self.mirror = gtp.GtpEngine(ENGINE)
        self.addCleanup(self.player.close)
        self.addCleanup(self.mirror.close)

    def features(self, engine):
        """{cell: its tactic, ring and shape} of lifeline-move_features."""
        lines = engine.ask("lifeline-move_features", 30).splitlines()
        return {line.split()[0]: [feature for feature in line.split()[2:]
                                  if feature.split(":")[0] in SYMMETRIC_FEATURES]
                for line in lines}

    def random_game(self, base, rules):
        """The moves of a game of the random player, and the state and features before each
        and after the last."""
        self.player.start_game(base, rules, 2, 30)
        moves, positions = [], []
        while True:
            state = self.player.state(30)
            positions.append((state, self.features(self.player)))
            if state["over"]:
                return moves, positions
            color = state["to_move"]
            moves.append((color, self.player.ask(f"genmove {color}", 30)))

    def check_image(self, images, before, after):
        state, features = before
        image, image_features = after
        for name in ("to_move", "stones_to_place", "phase", "can_swap", "can_spend_komi",
                     "over", "winner", "removed"):
            self.assertEqual(image[name], state[name], name)
        for name in ("legal", "black", "white"):
            self.assertEqual(sorted(image[name]), sorted(images[cell] for cell in state[name]),
                             name)
        self.assertEqual(image_features,
                         {images[cell]: value for cell, value in features.items()})

    def test_a_game_and_its_images_play_alike(self):
        for base, rules in ((3, "strong-pie"), (3, "komi-pie"), (4, "weak-pie"),
                            (5, "strong-pie")):
            moves, positions = self.random_game(base, rules)
            for k, images in enumerate(symmetry.cell_maps(base)):
                with self.subTest(base=base, rules=rules, symmetry=k):
                    self.mirror.start_game(base, rules, 2, 30)
                    for number, position in enumerate(positions):
                        self.check_image(images, position, (self.mirror.state(30),
                                                            self.features(self.mirror)))
                        if number < len(moves):
                            color, move = moves[number]
                            self.mirror.play(color, move_image(images, move), 30)


if __name__ == "__main__":
    unittest.main()
