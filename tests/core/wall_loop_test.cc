// ClosesLoop, which tells from the walls around a cell whether a stone there splits the enemy's
// region, against a flood that looks for the split: for both colours on every empty cell with
// two or more runs of open cells, after every move of random games on every base.

#include "core/wall_loop.h"

#include <memory>
#include <optional>
#include <string>

#include "core/board.h"
#include "core/position.h"
#include "core/random.h"
#include "core/ring_runs.h"
#include "gtest/gtest.h"

namespace lifeline {
namespace {

// The obvious answer: whether the runs of open cells around `c` (`open_ring`) fall apart once
// `c` is no longer open to `enemy`, by one flood from the first run.
bool FloodFindsSplit(const Board& board, Cell c, Color enemy, int open_ring) {
  const Geometry& geometry = board.geometry();
  Bitset passable = board.empty() | board.stones(enemy);
  passable.Reset(c);
  Bitset runs;
  Cell first = kNoCell;
  for (int k = 0; k < 6; ++k) {
    if (!StartsRun(open_ring, k)) continue;
    const Cell start = geometry.Neighbors(c)[k];
    runs.Set(start);
    if (first == kNoCell) first = start;
  }
  return !geometry.Flood(Bitset::Single(first), passable).Contains(runs);
}

class WallLoopTest : public ::testing::TestWithParam<int> {};

TEST_P(WallLoopTest, WallsDecideAsTheFloodDoes) {
  const Geometry& geometry = Geometry::ForBase(GetParam());
  const int games = GetParam() <= 7 ? 200 : 40;
  Rng rng(500 + static_cast<uint64_t>(GetParam()));
  auto groups = std::make_unique<BasicGroupIndex<kMaxWords>>();
  int splits = 0;
  int joined = 0;
  for (int game = 0; game < games; ++game) {
    Position position(geometry, Rules{Balancing::kStrongPie, 2});
    Position::BoardIndex index = position.board().MakeIndex(groups.get());
    for (;;) {
      const Board& board = position.board();
      board.empty().ForEach([&](Cell c) {
        for (const Color mover : {Color::kBlack, Color::kWhite}) {
          const int open_ring =
              geometry.OnBoardRing(c) & ~RingMask(geometry, c, board.stones(mover));
          if (RingRuns(open_ring) < 2) continue;
          const bool split = FloodFindsSplit(board, c, Opponent(mover), open_ring);
          ASSERT_EQ(ClosesLoop(geometry, c, open_ring, *groups), split)
              << ColorName(mover) << " on " << c << "\n"
              << board.ToDiagram();
          ++(split ? splits : joined);
        }
      });
      if (HasFailure()) return;
      const std::optional<Move> move = position.RandomMove(rng, index.legal);
      if (!move) break;
      position.Play(*move, index);
    }
  }
  // Both answers were met many times, except on base 2, where every wall touches the edge.
  EXPECT_GT(splits, games);
  if (GetParam() > 2) {
    EXPECT_GT(joined, games);
  }
}

INSTANTIATE_TEST_SUITE_P(AllBases, WallLoopTest,
                         ::testing::Range(Geometry::kMinBase, Geometry::kMaxBase + 1),
                         [](const ::testing::TestParamInfo<int>& param_info) {
                           return "Base" + std::to_string(param_info.param);
                         });

}  // namespace
}  // namespace lifeline
