// The board's index kept from placement to placement (BasicBoardIndex: each colour's legal
// cells and the groups), against what floods find on the board as it stands: on hand-drawn
// positions where a stone cuts a region, captures or kills its own group, and after every move
// of many random games on every base and balancing method, at the full width and at the
// board's own.

#include <memory>
#include <string>
#include <vector>

#include "core/board.h"
#include "core/board_width.h"
#include "core/position.h"
#include "core/random.h"
#include "gtest/gtest.h"
#include "test_support.h"

namespace lifeline {
namespace {

// The legal cells of `color` drawn as a diagram: '+' a legal cell, '.' an empty cell that is
// not, 'X' and 'O' the stones.
std::string LegalDiagram(const Board& board, const Bitset& legal) {
  std::string out = board.ToDiagram();
  const Geometry& geometry = board.geometry();
  // ToDiagram writes the cells top row first, each row left to right: walk them the same way.
  size_t at = 0;
  for (int y = geometry.diameter() - 1; y >= 0; --y) {
    for (int x = 0; x < geometry.diameter(); ++x) {
      if (!geometry.IsCell(x, y)) continue;
      at = out.find_first_of("XO.", at);
      if (legal.Test(geometry.CellAt(x, y))) out[at] = '+';
      ++at;
    }
  }
  return out;
}

// Whether the group `group` (of any colour) has a stone on the edge of the board.
template <int W>
bool OnTheEdge(const Geometry& geometry, const BasicBitset<W>& group) {
  bool edge = false;
  group.ForEach([&](Cell c) { edge = edge || geometry.OnBoardRing(c) != 0x3f; });
  return edge;
}

// Success when the index names the groups that floods find: one root for all the stones of a
// group and another for each other group, whether the group touches the edge, and, when the
// group's cells.
template <int W>
::testing::AssertionResult GroupsAgree(const BasicBoard<W>& board, BasicGroupIndex<W>& groups) {
  for (const Color color : {Color::kBlack, Color::kWhite}) {
    std::vector<BasicBitset<W>> found;  // one flood per group
    std::vector<Cell> roots;            // the index's name of each
    bool agree = true;
    board.stones(color).ForEach([&](Cell c) {
      size_t at = 0;
      while (at < found.size() && !found[at].Test(c)) ++at;
      if (at == found.size()) {
        found.push_back(board.GroupAt(c, color));
        roots.push_back(groups.RootOf(c));
        for (size_t other = 0; other + 1 < roots.size(); ++other) {
          agree = agree && roots[other] != roots.back();
        }
        agree =
            agree && groups.TouchesEdge(roots.back()) == OnTheEdge(board.geometry(), found.back());
      }
      agree = agree && groups.RootOf(c) == roots[at];
      agree = agree && groups.GroupOf(c) == found[at];
    });
    if (!agree) return ::testing::AssertionFailure() << ColorName(color) << "'s groups differ";
  }
  return ::testing::AssertionSuccess();
}

// Places `color` on `cell` of the board drawn by `before` (every group alive) with the legal
// cells kept, with and without the groups, and expects the board drawn by `after` and the legal
// cells and groups that floods find on it.
void ExpectKeptCells(int base, const char* before, Color color, const char* cell,
                     const char* after) {
  const Geometry& geometry = Geometry::ForBase(base);
  for (const bool keep_groups : {false, true}) {
    SCOPED_TRACE(keep_groups ? "with the groups" : "without the groups");
    Board board = test::BoardFrom(geometry, before);
    auto groups = std::make_unique<BasicGroupIndex<kMaxWords>>();
    Board::BoardIndex index = board.MakeIndex(keep_groups ? groups.get() : nullptr);
    board.PlaceFast(color, test::CellNamed(geometry, cell), &index);
    const Board::LegalCells& legal = index.legal;
    const Board expected = test::BoardFrom(geometry, after);
    ASSERT_TRUE(board == expected) << "board\n" << board.ToDiagram();
    for (const Color side : {Color::kBlack, Color::kWhite}) {
      EXPECT_TRUE(legal[side] == board.LegalPlacements(side))
          << ColorName(side) << " kept\n"
          << LegalDiagram(board, legal[side]) << "found\n"
          << LegalDiagram(board, board.LegalPlacements(side));
    }
    if (keep_groups) {
      EXPECT_TRUE(GroupsAgree(board, *groups));
    }
  }
}

TEST(BoardIndexTest, TwoRunsStayJoinedAroundTwoSeparateGroups) {
  // White on C3 between its single stones B3 and D3: the open cells above and below stay one
  // region, since each wall is a group of its own that the region goes around. (C5 keeps the
  // joined White group alive.)
  ExpectKeptCells(3, R"(
      O . X
     . . . .
    . O . O .
     . . . .
      X . .
  )",
                  Color::kWhite, "C3", R"(
      O . X
     . . . .
    . O O O .
     . . . .
      X . .
  )");
}

TEST(BoardIndexTest, AWallFromEdgeToEdgeCutsOffACorner) {
  // White on B2 joins C1-C2 and A3-B3, two groups that both touch the edge: with the board's
  // outside they close a loop around the corner A1-B1-A2, and the Black stone on A1, alone in
  // that piece, dies. (C5 keeps the White wall alive, E3 and E5 each other.)
  ExpectKeptCells(3, R"(
      O . X
     . . . .
    O O . . X
     . . O .
      X . O
  )",
                  Color::kWhite, "B2", R"(
      O . X
     . . . .
    O O . . X
     . O O .
      . . O
  )");
}

TEST(BoardIndexTest, ACutLeavesAPieceWithoutEnemyStones) {
  // White on B2 walls off the corner A1-B1: no Black stone is left in that piece of Black's
  // region, so Black may no longer play there; White still may.
  ExpectKeptCells(3, R"(
      X . .
     . . . O
    . . . . X
     O . O X
      . . O
  )",
                  Color::kWhite, "B2", R"(
      X . .
     . . . O
    . . . . X
     O O O X
      . . O
  )");
}

TEST(BoardIndexTest, ACaptureOpensTheCapturedCellsToTheCapturer) {
  // Black on E4 cuts the White stone on E5 off from White's region: it dies, and its cell
  // becomes Black's to play.
  ExpectKeptCells(3, R"(
      X X O
     . . X .
    O . . . X
     . . . X
      O X .
  )",
                  Color::kBlack, "E4", R"(
      X X .
     . . X X
    O . . . X
     . . . X
      O X .
  )");
}

TEST(BoardIndexTest, AStoneThatKillsItsOwnGroupOpensItsRegionToTheEnemy) {
  // Black on A2 joins A1 and A3 into one group that is alone behind White's wall: the group
  // dies, Black may no longer play there, and White now may.
  ExpectKeptCells(3, R"(
      X . .
     O O . .
    X O . . X
     . O . O
      X O .
  )",
                  Color::kBlack, "A2", R"(
      X . .
     O O . .
    . O . . X
     . O . O
      . O .
  )");
}

// Plays `games` random games from `start`, keeping the board's index at width W, and after
// every move compares it with the floods' and the position with the one Play reaches without
// it. Half the moves are drawn with the kept cells, half without, so that both draws steer
// the games. Counts the captures and own-group deaths seen, so that the test shows it met them.
// With `keep_groups` the index keeps the groups too, whatever the width.
template <int W>
void PlayAndCompare(const Position& start, int games, bool keep_groups, Rng& rng, int& captures) {
  auto groups = std::make_unique<BasicGroupIndex<W>>();
  for (int game = 0; game < games; ++game) {
    BasicPosition<W> position(start);
    typename BasicPosition<W>::BoardIndex index =
        position.board().MakeIndex(keep_groups ? groups.get() : nullptr);
    for (int turn = 0; turn < 50 * position.geometry().num_cells(); ++turn) {
      const std::optional<Move> move =
          turn % 2 == 0 ? position.RandomMove(rng, index.legal) : position.RandomMove(rng);
      if (!move) break;
      BasicPosition<W> plain = position;
      plain.Play(*move);
      const int removed_before =
          position.captured(Color::kBlack) + position.captured(Color::kWhite);
      position.Play(*move, index);
      captures +=
          position.captured(Color::kBlack) + position.captured(Color::kWhite) > removed_before;
      ASSERT_TRUE(position.board() == plain.board());
      ASSERT_EQ(position.hash(), plain.hash());
      ASSERT_TRUE(index.legal == position.board().LegalCellsOfBoth())
          << "after " << MoveToString(position.geometry(), *move) << "\n"
          << Board(position.board()).ToDiagram();
      if (keep_groups) {
        ASSERT_TRUE(GroupsAgree(position.board(), *groups))
            << "after " << MoveToString(position.geometry(), *move) << "\n"
            << Board(position.board()).ToDiagram();
      }
    }
  }
}

class BoardIndexRandomTest : public ::testing::TestWithParam<int> {};

TEST_P(BoardIndexRandomTest, KeptCellsEqualFloodsAfterEveryMove) {
  const int base = GetParam();
  const Geometry& geometry = Geometry::ForBase(base);
  const int games = base <= 7 ? 300 : base <= 9 ? 60 : 20;
  int captures = 0;
  Rng rng(1000 + static_cast<uint64_t>(base));
  for (const Balancing balancing :
       {Balancing::kStrongPie, Balancing::kWeakPie, Balancing::kKomiPie}) {
    const Position start(geometry, Rules{balancing, 2});
    for (const bool keep_groups : {false, true}) {
      PlayAndCompare<kMaxWords>(start, games, keep_groups, rng, captures);
      WithBoardWidth(geometry, [&](auto width) {
        PlayAndCompare<decltype(width)::value>(start, games, keep_groups, rng, captures);
        return 0;
      });
    }
  }
  EXPECT_GT(captures, games);
}

INSTANTIATE_TEST_SUITE_P(AllBases, BoardIndexRandomTest,
                         ::testing::Range(Geometry::kMinBase, Geometry::kMaxBase + 1),
                         [](const ::testing::TestParamInfo<int>& param_info) {
                           return "Base" + std::to_string(param_info.param);
                         });

}  // namespace
}  // namespace lifeline
