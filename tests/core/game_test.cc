// Game history: undo of any number of moves, refusal of illegal moves, and the position hash
// (equal for equal positions whatever the order that reached them).

#include "core/game.h"

#include <optional>
#include <string>
#include <vector>

#include "core/position.h"
#include "core/random.h"
#include "gtest/gtest.h"
#include "test_support.h"

namespace lifeline {
namespace {

// Everything observable about a position, for comparing two of them.
void ExpectSamePosition(const Position& actual, const Position& expected) {
  EXPECT_TRUE(actual.board() == expected.board()) << actual.board().ToDiagram();
  EXPECT_EQ(actual.hash(), expected.hash());
  EXPECT_EQ(actual.to_move(), expected.to_move());
  EXPECT_EQ(actual.phase(), expected.phase());
  EXPECT_EQ(actual.pending_stone(), expected.pending_stone());
  EXPECT_EQ(actual.komi_left(), expected.komi_left());
  EXPECT_EQ(actual.swapped(), expected.swapped());
  EXPECT_EQ(actual.captured(Color::kBlack), expected.captured(Color::kBlack));
  EXPECT_EQ(actual.captured(Color::kWhite), expected.captured(Color::kWhite));
  EXPECT_EQ(test::MoveNames(actual), test::MoveNames(expected));
}

class UndoTest : public ::testing::TestWithParam<Balancing> {};

// Plays random games to the end, entering some double turns stone by stone, then undoes
// every move one at a time and expects each earlier position back.
TEST_P(UndoTest, UndoRestoresEveryEarlierPosition) {
  for (int base : {2, 3, 5, 7}) {
    const Geometry& geometry = Geometry::ForBase(base);
    Rng rng(base);
    for (int game_index = 0; game_index < 4; ++game_index) {
      Game game(geometry, Rules{GetParam(), game_index});
      std::vector<Position> seen = {game.position()};
      for (;;) {
        const std::optional<Move> move = game.position().RandomMove(rng);
        if (!move) break;
        if (move->kind == Move::Kind::kPair && rng.Below(2) == 0) {
          ASSERT_FALSE(game.Play(Move::Place(move->second)).has_value());
          seen.push_back(game.position());
          ASSERT_FALSE(game.Play(Move::Place(move->first)).has_value());
        } else {
          ASSERT_FALSE(game.Play(*move).has_value());
        }
        seen.push_back(game.position());
      }
      ASSERT_EQ(game.moves().size() + 1, seen.size());
      ASSERT_EQ(game.movers().size(), game.moves().size());
      EXPECT_TRUE(game.position().IsOver());
      for (size_t i = seen.size() - 1; i > 0; --i) {
        ASSERT_TRUE(game.Undo());
        ExpectSamePosition(game.position(), seen[i - 1]);
        EXPECT_EQ(game.moves().size(), i - 1);
      }
      EXPECT_FALSE(game.Undo());
      ExpectSamePosition(game.position(), Position(geometry, Rules{GetParam(), game_index}));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllMethods, UndoTest,
                         ::testing::Values(Balancing::kStrongPie, Balancing::kWeakPie,
                                           Balancing::kKomiPie));

TEST(GameTest, RecordsMovesAndMovers) {
  const Geometry& geometry = Geometry::ForBase(4);
  Game game(geometry, Rules{Balancing::kStrongPie, 0});
  ASSERT_FALSE(game.Play(test::MoveNamed(geometry, "C3,E5")).has_value());
  ASSERT_FALSE(game.Play(test::MoveNamed(geometry, "swap")).has_value());
  ASSERT_FALSE(game.Play(test::MoveNamed(geometry, "B2")).has_value());
  ASSERT_FALSE(game.Play(test::MoveNamed(geometry, "F6")).has_value());
  ASSERT_EQ(game.moves().size(), 4u);
  EXPECT_EQ(game.moves()[0], test::MoveNamed(geometry, "C3,E5"));
  EXPECT_EQ(game.moves()[1], Move::Swap());
  EXPECT_EQ(game.moves()[2], test::MoveNamed(geometry, "B2"));
  EXPECT_EQ(game.movers(),
            (std::vector<Color>{Color::kBlack, Color::kWhite, Color::kWhite, Color::kWhite}));
  EXPECT_EQ(game.position().to_move(), Color::kBlack);
  EXPECT_EQ(game.rules().balancing, Balancing::kStrongPie);
  EXPECT_EQ(&game.geometry(), &geometry);
}

TEST(GameTest, IllegalMovesAreRefusedAndChangeNothing) {
  const Geometry& geometry = Geometry::ForBase(4);
  Game game(geometry, Rules{Balancing::kStrongPie, 0});
  ASSERT_FALSE(game.Play(test::MoveNamed(geometry, "D4,D6")).has_value());
  const Position before = game.position();
  for (const char* text : {"D4,A1", "D5,E5", "D4", "pass"}) {
    EXPECT_TRUE(game.Play(test::MoveNamed(geometry, text)).has_value()) << text;
    EXPECT_EQ(game.moves().size(), 1u);
    ExpectSamePosition(game.position(), before);
  }
  // A stone outside the board.
  Move off_board = Move::Place(geometry.array_size() + 3);
  EXPECT_TRUE(game.Play(off_board).has_value());
  off_board = Move::Place(geometry.CellAt(0, 3 + 1));  // A5 on base 4, inside the array
  EXPECT_TRUE(game.Play(off_board).has_value());
  ExpectSamePosition(game.position(), before);
}

// Plays `moves` from the start and returns the position.
Position After(int base, Rules rules, const std::vector<std::string>& moves) {
  const Geometry& geometry = Geometry::ForBase(base);
  Game game(geometry, rules);
  for (const std::string& text : moves) {
    EXPECT_FALSE(game.Play(test::MoveNamed(geometry, text)).has_value()) << text;
  }
  return game.position();
}

TEST(HashTest, EqualPositionsReachedInDifferentOrdersHashAlike) {
  const Rules strong{Balancing::kStrongPie, 0};
  // Whole pair or halves in either order; single stones in another order.
  const Position a = After(5, strong, {"C3,G7", "B5,F3", "E5", "D2", "H7"});
  const Position b = After(5, strong, {"G7", "C3", "F3", "B5", "H7", "D2", "E5"});
  ExpectSamePosition(a, b);

  const Rules weak{Balancing::kWeakPie, 0};
  const Position c = After(5, weak, {"C3", "F3", "G7", "B5", "E5"});
  const Position d = After(5, weak, {"G7", "B5", "C3", "F3", "E5"});
  ExpectSamePosition(c, d);

  const Rules komi{Balancing::kKomiPie, 2};
  const Position e = After(5, komi, {"C3", "F3", "G7", "B5", "E5", "pass", "D2", "H7"});
  const Position f = After(5, komi, {"C3", "F3", "G7", "B5", "D2", "H7", "E5", "pass"});
  ExpectSamePosition(e, f);
}

TEST(HashTest, TurnStateEntersTheHash) {
  const Rules strong{Balancing::kStrongPie, 0};
  // The same stones with the other colour to move, or with the swap spent.
  EXPECT_NE(After(5, strong, {"C3,G7"}).hash(), After(5, strong, {"C3,G7", "swap"}).hash());
  const Rules komi{Balancing::kKomiPie, 2};
  EXPECT_NE(After(5, komi, {"C3", "F3", "G7", "B5", "E5", "pass"}).hash(),
            After(5, Rules{Balancing::kKomiPie, 3}, {"C3", "F3", "G7", "B5", "E5", "pass"}).hash());
}

}  // namespace
}  // namespace lifeline
