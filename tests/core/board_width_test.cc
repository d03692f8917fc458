// Boards sized to their base: every base gets the width it needs, sets convert between widths
// without losing a cell, and a position at the board's own width plays exactly the game the
// full-width position plays (same boards, legal cells, hashes, random draws and winner).

#include "core/board_width.h"

#include <optional>
#include <vector>

#include "core/bitset.h"
#include "core/geometry.h"
#include "core/move.h"
#include "core/playout.h"
#include "core/position.h"
#include "core/random.h"
#include "core/rules.h"
#include "gtest/gtest.h"

namespace lifeline {
namespace {

constexpr Balancing kBalancings[] = {Balancing::kStrongPie, Balancing::kWeakPie,
                                     Balancing::kKomiPie};

TEST(BoardWidthTest, EachBaseGetsTheWordsOfItsArray) {
  const int expected[] = {1, 1, 1, 2, 2, 3, 4, 5, 6, 7, 9, 10};  // bases 2 to 13
  for (int base = Geometry::kMinBase; base <= Geometry::kMaxBase; ++base) {
    const Geometry& geometry = Geometry::ForBase(base);
    EXPECT_EQ(geometry.words(), expected[base - Geometry::kMinBase]) << "base " << base;
    EXPECT_EQ(WithBoardWidth(geometry, [](auto width) { return decltype(width)::value; }),
              geometry.words())
        << "base " << base;
  }
}

TEST(BoardWidthTest, TheNeverSetPositionIsPastTheArrayAndInsideTheWords) {
  for (int base = Geometry::kMinBase; base <= Geometry::kMaxBase; ++base) {
    const Geometry& geometry = Geometry::ForBase(base);
    EXPECT_GE(geometry.never_set(), geometry.array_size()) << "base " << base;
    EXPECT_LT(geometry.never_set(), geometry.words() * 64) << "base " << base;
    EXPECT_FALSE(geometry.cells().Test(geometry.never_set()));
  }
}

TEST(BoardWidthTest, ConversionKeepsTheCommonWordsAndClearsTheRest) {
  BasicBitset<3> narrow;
  narrow.Set(0);
  narrow.Set(100);
  narrow.Set(191);
  const Bitset wide(narrow);
  EXPECT_EQ(wide.Count(), 3);
  EXPECT_TRUE(wide.Test(0) && wide.Test(100) && wide.Test(191));
  EXPECT_EQ(BasicBitset<3>(wide), narrow);

  Bitset full = ~Bitset();
  const BasicBitset<2> cut(full);
  EXPECT_EQ(cut.Count(), 128);
  EXPECT_EQ(Bitset(cut).Count(), 128);
}

// Plays random games with a position at width W beside the full-width one, each drawing from
// its own generator with the same seed, and compares everything a player can see.
template <int W>
void ExpectSameGames(const Geometry& geometry, Balancing balancing, uint64_t seed) {
  const Rules rules{balancing, 3};
  Position full(geometry, rules);
  BasicPosition<W> sized(geometry, rules);
  Rng full_rng(seed);
  Rng sized_rng(seed);
  for (int turn = 0;; ++turn) {
    SCOPED_TRACE(testing::Message() << "base " << geometry.base() << " turn " << turn);
    ASSERT_EQ(Board(sized.board()), full.board());
    ASSERT_EQ(sized.board().hash(), full.board().hash());
    ASSERT_EQ(sized.hash(), full.hash());
    ASSERT_EQ(sized.phase(), full.phase());
    ASSERT_EQ(sized.to_move(), full.to_move());
    ASSERT_EQ(Bitset(sized.PlacementCells()), full.PlacementCells());
    for (Color color : {Color::kBlack, Color::kWhite}) {
      ASSERT_EQ(Bitset(sized.board().LegalPlacements(color)), full.board().LegalPlacements(color));
    }
    // The legal moves are listed only where they are few: pairs on large boards are many.
    if (geometry.base() <= 5 || !full.IsDoubleTurn()) {
      ASSERT_EQ(sized.LegalMoves(), full.LegalMoves());
    }
    const std::optional<Move> move = full.RandomMove(full_rng);
    ASSERT_EQ(sized.RandomMove(sized_rng), move);
    if (!move) break;
    full.Play(*move);
    sized.Play(*move);
  }
  EXPECT_EQ(sized.winner(), full.winner());
  EXPECT_EQ(Position(sized).hash(), full.hash());
}

TEST(BoardWidthTest, SizedPositionsPlayTheGamesOfFullOnes) {
  for (Balancing balancing : kBalancings) {
    for (int base = Geometry::kMinBase; base <= Geometry::kMaxBase; ++base) {
      const Geometry& geometry = Geometry::ForBase(base);
      const int games = base <= 7 ? 6 : 2;
      for (int game = 0; game < games; ++game) {
        WithBoardWidth(geometry, [&](auto width) {
          ExpectSameGames<decltype(width)::value>(geometry, balancing, 100 * base + game);
        });
      }
    }
  }
}

// RandomPlayout runs at the board's width; the full-width template is the playout as it was
// before boards were sized. The same seed must give the same game and leave the generator in
// the same state, so the width changes no random draw.
TEST(BoardWidthTest, RandomPlayoutMatchesTheFullWidth) {
  for (Balancing balancing : kBalancings) {
    for (int base = Geometry::kMinBase; base <= Geometry::kMaxBase; ++base) {
      const Position start(Geometry::ForBase(base), Rules{balancing, 2});
      for (uint64_t seed = 0; seed < 4; ++seed) {
        Rng sized_rng(seed);
        Rng full_rng(seed);
        const PlayoutResult sized = RandomPlayout(start, sized_rng);
        const PlayoutResult full = RandomPlayout<kMaxWords>(start, full_rng);
        EXPECT_EQ(sized.winner, full.winner) << "base " << base;
        EXPECT_EQ(sized.actions, full.actions) << "base " << base;
        EXPECT_EQ(sized.truncated, full.truncated) << "base " << base;
        EXPECT_EQ(sized_rng.Next(), full_rng.Next()) << "base " << base;
      }
    }
  }
}

}  // namespace
}  // namespace lifeline
