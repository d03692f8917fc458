#include "search/tactics.h"

#include <vector>

#include "core/board.h"
#include "core/notation.h"
#include "core/position.h"
#include "gtest/gtest.h"
#include "search/priors.h"
#include "search_test_support.h"

namespace lifeline {
namespace {

using test::kWallDiagram;

Cell At(absl::string_view name) { return test::Base4Cell(name); }

TEST(TacticsTest, FindsKillsAndSelfKills) {
  const absl::StatusOr<Board> board = Board::FromDiagram(Geometry::ForBase(4), kWallDiagram);
  ASSERT_TRUE(board.ok()) << board.status();
  EXPECT_TRUE(WouldKill(*board, Color::kBlack, At("B1")));
  EXPECT_TRUE(WouldKill(*board, Color::kBlack, At("C1")));
  EXPECT_FALSE(WouldKill(*board, Color::kBlack, At("D3")));
  EXPECT_TRUE(WouldKillOnlyOwn(*board, Color::kBlack, At("C3")));
  EXPECT_FALSE(WouldKillOnlyOwn(*board, Color::kBlack, At("B1")));
  EXPECT_FALSE(WouldKillOnlyOwn(*board, Color::kBlack, At("G7")));
  EXPECT_EQ(OpenRuns(*board, At("B1"), Color::kWhite), 2);
  EXPECT_EQ(StoneRuns(*board, At("C3"), Color::kBlack), 2);
  const PlacementEffect kill = TryPlacement(*board, Color::kBlack, At("B1"));
  EXPECT_EQ(kill.removed[Index(Color::kWhite)], 2);
  EXPECT_EQ(kill.removed[Index(Color::kBlack)], 0);
}

// Over random play-phase positions, every kill gets a high prior and every self-kill the
// lowest, whatever else the cell touches.
TEST(TacticsTest, PriorsRankKillsFirstAndSelfKillsLast) {
  int kills = 0;
  int self_kills = 0;
  for (uint64_t seed = 0; seed < 100; ++seed) {
    const int actions = 10 + static_cast<int>(seed % 40);
    const Position position = test::RandomPosition(4, Rules{}, actions, seed);
    if (position.IsOver() || !SinglePlacementsAreFast(position)) continue;
    std::vector<Move> moves;
    position.PlacementCells().ForEach([&](Cell c) { moves.push_back(Move::Place(c)); });
    std::vector<uint8_t> priors(moves.size());
    ComputePriors(position, moves, priors);
    const Color me = position.to_move();
    for (size_t i = 0; i < moves.size(); ++i) {
      const Cell c = moves[i].first;
      if (WouldKill(position.board(), me, c)) {
        ++kills;
        EXPECT_GE(PriorWinRate(priors[i]), 0.9);
      } else if (WouldKillOnlyOwn(position.board(), me, c)) {
        ++self_kills;
        EXPECT_LT(PriorWinRate(priors[i]), 0.1);
      } else {
        EXPECT_GE(PriorWinRate(priors[i]), 0.2);
      }
    }
  }
  EXPECT_GT(kills, 0);
  EXPECT_GT(self_kills, 0);
}

TEST(TacticsTest, OpeningMovesGetNoOpinion) {
  const Position start(Geometry::ForBase(4), Rules{});
  const std::vector<Move> moves = {Move::Place(At("D4")), Move::Place(At("A1"))};
  std::vector<uint8_t> priors(moves.size(), 0);
  ComputePriors(start, moves, priors);
  EXPECT_EQ(priors[0], kNeutralPrior);
  EXPECT_EQ(priors[1], kNeutralPrior);
}

}  // namespace
}  // namespace lifeline
