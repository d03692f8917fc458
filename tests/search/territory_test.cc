// The territory that the search's playouts foresee (TerritoryTally, StartHolding): who held
// each cell last in a playout, counted over the playouts of a search.

#include <cmath>
#include <cstdint>
#include <vector>

#include "core/bitset.h"
#include "core/geometry.h"
#include "core/notation.h"
#include "core/position.h"
#include "core/random.h"
#include "gtest/gtest.h"
#include "search/mcts_player.h"
#include "search/policy_playout.h"
#include "search/recorded_playout.h"
#include "search/settled.h"
#include "search/territory_tally.h"
#include "search_test_support.h"

namespace lifeline {
namespace {

using test::FakeClock;
using test::RandomPosition;
using test::SmallOptions;
using test::Visits;

TEST(TerritoryTallyTest, CountsBlackAgainstWhiteOverThePlayouts) {
  const Geometry& geometry = Geometry::ForBase(3);
  const Cell a = geometry.cells().Lowest();
  const Cell b = geometry.Center();
  TerritoryTally tally;
  TerritoryTally::Local local;
  EXPECT_TRUE(tally.Read(geometry).empty());
  Bitset held[2];
  held[Index(Color::kBlack)].Set(a);
  held[Index(Color::kWhite)].Set(b);
  for (int i = 0; i < 3; ++i) tally.Add(local, held);
  held[Index(Color::kBlack)].Reset(a);
  tally.Add(local, held);
  // Nothing is shared before a flush.
  EXPECT_EQ(tally.playouts(), 0);
  tally.Flush(local);
  EXPECT_EQ(tally.playouts(), 4);
  EXPECT_EQ(local.playouts, 0);
  const std::vector<float> territory = tally.Read(geometry);
  EXPECT_FLOAT_EQ(territory[a], 0.75f);
  EXPECT_FLOAT_EQ(territory[b], -1.0f);
  int others = 0;
  geometry.cells().ForEach([&](Cell c) {
    if (c != a && c != b) others += territory[c] != 0;
  });
  EXPECT_EQ(others, 0);
  tally.Reset();
  EXPECT_TRUE(tally.Read(geometry).empty());
}

TEST(TerritoryTallyTest, FlushesByItselfEveryFewPlayouts) {
  TerritoryTally tally;
  TerritoryTally::Local local;
  Bitset held[2];
  for (int i = 0; i < TerritoryTally::kFlushPlayouts; ++i) tally.Add(local, held);
  EXPECT_EQ(tally.playouts(), TerritoryTally::kFlushPlayouts);
}

// Who held each cell: every cell for one colour only; a cell placed on by one colour alone and
// empty at the start is that colour's, and one that stood and was never placed on keeps its
// stone's colour.
TEST(TerritoryTest, PlayoutsHoldWhatTheyPlacedAndWhatStood) {
  for (const bool policy : {false, true}) {
    for (uint64_t seed = 0; seed < 40; ++seed) {
      const Position start = RandomPosition(4 + static_cast<int>(seed % 3), Rules{},
                                            static_cast<int>(seed % 20), seed);
      if (start.IsOver()) continue;
      Rng rng(seed);
      Bitset played[2];
      Bitset held[2];
      if (policy) {
        PolicyPlayout(start, kNoCell, rng, played, false, nullptr, held);
      } else {
        RecordedPlayout(start, rng, played, false, held);
      }
      const Board& board = start.board();
      EXPECT_TRUE((held[0] & held[1]).None()) << "seed " << seed;
      EXPECT_EQ(held[0] | held[1], start.geometry().cells()) << "seed " << seed;
      const Bitset untouched = ~(played[0] | played[1]);
      for (const Color color : {Color::kBlack, Color::kWhite}) {
        EXPECT_EQ(board.stones(color) & untouched & held[Index(color)],
                  board.stones(color) & untouched)
            << "seed " << seed;
      }
      for (const Color color : {Color::kBlack, Color::kWhite}) {
        const Bitset only_mine =
            played[Index(color)] & ~played[Index(Opponent(color))] & ~board.stones(Opponent(color));
        EXPECT_TRUE((only_mine & ~held[Index(color)]).None()) << "seed " << seed;
      }
    }
  }
}

// Base 4, settled: Black's wall (row 4) and its stone on C2 hold the 15 cells below the wall;
// White's wall (row 5) and its stone on E7 hold the 9 above it (a loose stone next to its
// wall would be one group with it, alone in its region, and dead).
//
//    . O . .
//   . . . . .
//  O O O O O O
// X X X X X X X
//  . . . . . .
//   . . X . .
//    . . . .
//
// Reached under komi pie with each side's loose stone among its setup stones, so that every
// wall stone is born next to a group that its loose stone keeps alive; with one point of komi
// White spends it at the end, and Black is to move.
Position TwoWalls(Color to_move) {
  const int komi = to_move == Color::kBlack ? 1 : 0;
  Position position(Geometry::ForBase(4), Rules{Balancing::kKomiPie, komi});
  for (const char* name :
       {"C2", "E7", "A4", "B5", "B4", "C5", "C4", "D5", "D4", "E5", "E4", "F5", "F4", "G5", "G4"}) {
    const Move move = Move::Place(test::Base4Cell(name));
    EXPECT_FALSE(position.WhyIllegal(move).has_value()) << name;
    position.Play(move);
  }
  if (komi > 0) position.Play(Move::SpendKomi());
  EXPECT_EQ(position.to_move(), to_move);
  return position;
}

// On a settled board the playouts fill each side's own regions, so the territory they foresee
// is the settled one: each side's stones and the empty cells of its regions.
TEST(TerritoryTest, SearchFindsTheSettledTerritory) {
  for (const Color to_move : {Color::kBlack, Color::kWhite}) {
    const Position position = TwoWalls(to_move);
    ASSERT_TRUE(IsSettled(position.board())) << position.board().ToDiagram();
    Bitset owned[2];
    for (const Color color : {Color::kBlack, Color::kWhite}) {
      SafePlacements(position.board(), color, &owned[Index(color)]);
      owned[Index(color)] |= position.board().stones(color);
    }
    EXPECT_EQ(owned[Index(Color::kBlack)].Count(), 8 + 14);
    EXPECT_EQ(owned[Index(Color::kWhite)].Count(), 7 + 8);
    FakeClock clock;
    MctsPlayer player(SmallOptions(), clock, MoveModel::Default());
    Rng rng(7);
    const SearchResult result = player.Search(position, Visits(400), rng, nullptr);
    const std::vector<float>& territory = result.info.territory;
    ASSERT_FALSE(territory.empty());
    position.geometry().cells().ForEach([&](Cell c) {
      const float owner = owned[Index(Color::kBlack)].Test(c) ? 1.0f : -1.0f;
      EXPECT_GT(owner * territory[c], 0.8f)
          << CellName(position.geometry(), c) << ": " << territory[c];
    });
  }
}

// The territory belongs to the root: a new root starts counting afresh, also when its subtree
// is kept.
TEST(TerritoryTest, ANewRootCountsAfresh) {
  const Position position = RandomPosition(4, Rules{}, 10, 3);
  ASSERT_FALSE(position.IsOver());
  FakeClock clock;
  MctsPlayer player(SmallOptions(), clock, MoveModel::Default());
  Rng rng(5);
  const SearchResult first = player.Search(position, Visits(300), rng, nullptr);
  EXPECT_FALSE(first.info.territory.empty());
  Position next = position;
  next.Play(first.move);
  ASSERT_FALSE(next.IsOver());
  player.Search(next, Visits(1), rng, nullptr);
  ASSERT_FALSE(player.tree().Territory().empty());
  // One simulation: every cell is held by one side or none, no fraction of a count.
  for (const float value : player.tree().Territory()) {
    EXPECT_TRUE(value == 0 || value == 1 || value == -1) << value;
  }
}

}  // namespace
}  // namespace lifeline
