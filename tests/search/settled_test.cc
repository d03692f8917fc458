#include "search/settled.h"

#include <cstdint>
#include <optional>
#include <vector>

#include "core/board.h"
#include "core/geometry.h"
#include "core/notation.h"
#include "core/position.h"
#include "core/random.h"
#include "gtest/gtest.h"
#include "search/policy_playout.h"
#include "search/recorded_playout.h"
#include "search/vertex_cut.h"
#include "search_test_support.h"

namespace lifeline {
namespace {

Board FromDiagram(int base, absl::string_view diagram) {
  absl::StatusOr<Board> board = Board::FromDiagram(Geometry::ForBase(base), diagram);
  EXPECT_TRUE(board.ok()) << board.status();
  return board.ok() ? *board : Board(Geometry::ForBase(base));
}

// The slow, obvious answer to VertexCut::FewestSeparating: tries every set of empty cells,
// smallest first, and floods what is left of the area.
int FewestSeparatingByBruteForce(const Geometry& geometry, const Bitset& area,
                                 const Bitset& stones) {
  std::vector<Cell> empties;
  (area & ~stones).ForEach([&](Cell c) { empties.push_back(c); });
  const int n = static_cast<int>(empties.size());
  int best = n;
  for (uint32_t mask = 0; mask < (uint32_t{1} << n); ++mask) {
    const int size = std::popcount(mask);
    if (size >= best) continue;
    Bitset rest = area;
    for (int i = 0; i < n; ++i) {
      if (mask >> i & 1) rest.Reset(empties[i]);
    }
    if (rest.None()) continue;
    if (geometry.Flood(Bitset::Single(rest.Lowest()), rest) != rest) best = size;
  }
  return best;
}

// Base 4. Black's wall (rows 3 and 4) and its row 1 are two groups kept apart by the empty
// row 2, whose every cell touches both: any black stone there joins them into one group,
// alone in its region, so Black has no safe placement. White's wall (row 5) and its row 7
// stand the same way around row 6. Every empty region touches one colour only.
constexpr const char* kCorridors = R"(
   O O O O
  . . . . .
 O O O O O O
X X X X X X X
 X X X X X X
  . . . . .
   X X X X
)";

// As kCorridors, but D1 is empty: it touches Black's row 1 only, so Black can fill it (or E2,
// which then touches the wall only, with D1 left empty) once: one safe placement. White's
// row 7 is the single stone E7: White fills everything but F7, F6 and G6, which cut off the
// corner G7 (filled too, a group of its own): eight empty cells, five safe placements.
constexpr const char* kPockets = R"(
   . O . .
  . . . . .
 O O O O O O
X X X X X X X
 X X X X X X
  . . . . .
   X X X .
)";

int Safe(const Board& board, Color color) { return SafePlacements(board, color); }

TEST(SettledTest, EveryEmptyRegionTouchingOneColourIsSettled) {
  EXPECT_TRUE(IsSettled(FromDiagram(4, kCorridors)));
  EXPECT_TRUE(IsSettled(FromDiagram(4, kPockets)));
  // Take away a stone of either wall and an empty cell touches both colours.
  const Geometry& geometry = Geometry::ForBase(4);
  Board open = FromDiagram(4, kCorridors);
  open.RemoveStones(Bitset::Single(ReadCell(geometry, "D5").value), Color::kWhite);
  EXPECT_FALSE(IsSettled(open));
  // Two regions joined far from any stone still make one region that touches both.
  const Board apart = FromDiagram(4, R"(
   . . . .
  . . . . .
 . . . O . .
. . . . . . .
 . . X . . .
  . . . . .
   . . . .
)");
  EXPECT_FALSE(IsSettled(apart));
}

TEST(SettledTest, ACorridorBetweenTwoGroupsLeavesNoSafePlacement) {
  const Board board = FromDiagram(4, kCorridors);
  EXPECT_EQ(Safe(board, Color::kBlack), 0);
  EXPECT_EQ(Safe(board, Color::kWhite), 0);
}

TEST(SettledTest, SafePlacementsLeaveTheFewestCellsThatKeepTwoGroupsApart) {
  const Board board = FromDiagram(4, kPockets);
  Bitset cells;
  EXPECT_EQ(SafePlacements(board, Color::kBlack, &cells), 1);
  EXPECT_EQ(cells.Count(), 6);
  EXPECT_EQ(SafePlacements(board, Color::kWhite, &cells), 5);
  EXPECT_EQ(cells.Count(), 8);
}

// Over random settled positions, each side's count is its empty cells minus the cut the
// brute force finds, area by area.
TEST(SettledTest, SafePlacementsMatchTheBruteForceCut) {
  int checked = 0;
  for (uint64_t seed = 0; seed < 300; ++seed) {
    const int base = 3 + static_cast<int>(seed % 2);
    Position position(Geometry::ForBase(base), Rules{});
    Rng rng(seed);
    while (!position.IsOver() && !SettledWinner(position)) position.Play(*position.RandomMove(rng));
    if (position.IsOver()) continue;
    const Board& board = position.board();
    const Geometry& geometry = board.geometry();
    for (Color color : {Color::kBlack, Color::kWhite}) {
      Bitset cells;
      const int placements = SafePlacements(board, color, &cells);
      const Bitset own = board.stones(color);
      int expected = 0;
      bool small = true;
      Bitset left = cells;
      while (left.Any()) {
        const Bitset area = geometry.Flood(Bitset::Single(left.Lowest()), own | cells);
        left.Subtract(area);
        const int empties = (area & cells).Count();
        small = small && empties <= 16;
        if (small) expected += empties - FewestSeparatingByBruteForce(geometry, area, own);
      }
      if (!small) continue;
      EXPECT_EQ(placements, expected) << "seed " << seed << "\n" << board.ToDiagram();
      ++checked;
    }
  }
  EXPECT_GT(checked, 200);
}

TEST(VertexCutTest, OneCellBetweenTwoGroups) {
  // Base 3: two black stones with one empty cell between them, in a strip of three.
  const Geometry& geometry = Geometry::ForBase(3);
  const Cell a = ReadCell(geometry, "A1").value;
  const Cell b = ReadCell(geometry, "B1").value;
  const Cell c = ReadCell(geometry, "C1").value;
  Bitset area;
  area.Set(a);
  area.Set(b);
  area.Set(c);
  Bitset stones;
  stones.Set(a);
  stones.Set(c);
  VertexCut cut(geometry, area, stones);
  EXPECT_EQ(cut.FewestSeparating(1), 1);
  EXPECT_EQ(VertexCut(geometry, area, stones).FewestSeparating(5), 1);
  // With the middle filled there is nothing left to cut.
  EXPECT_EQ(VertexCut(geometry, area, area).FewestSeparating(5), 5);
}

TEST(VertexCutTest, MatchesBruteForceOnRandomAreasWithinItsBounds) {
  Rng rng(7);
  int checked = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const int base = 3 + static_cast<int>(rng.Below(2));
    const Geometry& geometry = Geometry::ForBase(base);
    Bitset open;
    Bitset stones;
    geometry.cells().ForEach([&](Cell c) {
      const uint32_t roll = rng.Below(10);
      if (roll < 7) open.Set(c);
      if (roll < 3) stones.Set(c);
    });
    if (open.None()) continue;
    const Bitset area = geometry.Flood(Bitset::Single(open.Nth(0)), open);
    stones &= area;
    const int empties = (area & ~stones).Count();
    if (stones.None() || empties > 14) continue;
    VertexCut cut(geometry, area, stones);
    const VertexCut::Bounds bounds = cut.SeparatingBounds(empties);
    const int fewest = cut.FewestSeparating(empties);
    EXPECT_EQ(fewest, FewestSeparatingByBruteForce(geometry, area, stones)) << "trial " << trial;
    EXPECT_LE(bounds.low, fewest) << "trial " << trial;
    EXPECT_GE(bounds.high, fewest) << "trial " << trial;
    ++checked;
  }
  EXPECT_GT(checked, 1000);
}

// Over random games on small boards under each balancing method (komi pie with komi left to
// spend), every settled position reached is won by the side the count names, as an
// exhaustive search of the rest of the game finds; so is it by the quick count whenever its
// bounds decide, which they nearly always do.
TEST(SettledTest, TheCountAgreesWithExhaustiveSearch) {
  const Rules rules[] = {Rules{}, Rules{Balancing::kWeakPie, 0}, Rules{Balancing::kKomiPie, 2}};
  int settled = 0;
  int quick_answers = 0;
  for (uint64_t seed = 0; seed < 3000; ++seed) {
    const int base = 3 + static_cast<int>(seed % 3);
    Position position(Geometry::ForBase(base), rules[seed % 3]);
    Rng rng(seed);
    while (!position.IsOver()) {
      const std::optional<Color> winner = SettledWinner(position);
      if (winner && position.board().empty().Count() <= 16) {
        const Color expected =
            test::SideToMoveWins(position) ? position.to_move() : Opponent(position.to_move());
        const std::optional<Color> quick = QuickSettledWinner(position);
        if (quick) {
          EXPECT_EQ(*quick, expected) << "seed " << seed;
        }
        quick_answers += quick.has_value();
        EXPECT_EQ(*winner, expected) << "seed " << seed << "\n" << position.board().ToDiagram();
        ++settled;
      }
      position.Play(*position.RandomMove(rng));
    }
  }
  EXPECT_GT(settled, 300) << "settled positions checked";
  EXPECT_GT(quick_answers, settled * 9 / 10);
}

// A playout told to count stops at the first settled board, records no cell as played and
// returns the count's winner; without the switch it plays on to the end.
TEST(SettledTest, PlayoutsStopOnASettledBoard) {
  int settled = 0;
  for (uint64_t seed = 0; seed < 200; ++seed) {
    Position position(Geometry::ForBase(5), Rules{});
    Rng rng(seed);
    while (!position.IsOver() && !SettledWinner(position)) position.Play(*position.RandomMove(rng));
    if (position.IsOver()) continue;
    const std::optional<Color> quick = QuickSettledWinner(position);
    // The rare board that needs the flows is played on.
    if (!quick) continue;
    ++settled;
    const Color expected = *quick;
    for (bool policy : {false, true}) {
      Bitset played[2];
      Rng playout_rng(seed);
      const Color winner = policy ? PolicyPlayout(position, kNoCell, playout_rng, played, true)
                                  : RecordedPlayout(position, playout_rng, played, true);
      EXPECT_EQ(winner, expected);
      EXPECT_EQ(played[0] | played[1], Bitset());
      // Played to the end, the playout places stones.
      Bitset full[2];
      Rng full_rng(seed);
      if (policy) {
        PolicyPlayout(position, kNoCell, full_rng, full, false);
      } else {
        RecordedPlayout(position, full_rng, full, false);
      }
      EXPECT_NE(full[0] | full[1], Bitset());
    }
  }
  EXPECT_GT(settled, 50);
}

TEST(SettledTest, NoCountInTheOpeningOrOnAnOpenBoard) {
  const Position start(Geometry::ForBase(4), Rules{});
  EXPECT_FALSE(SettledWinner(start).has_value());
}

}  // namespace
}  // namespace lifeline
