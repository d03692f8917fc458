// The capture rules of docs/rules.md on hand-drawn positions: each note of "A turn" and the
// worked examples of the rule book it follows, checked on the fast board and on the reference
// alike, so that the reference the random comparisons trust is itself pinned to the text.

#include "core/board.h"

#include <string>
#include <vector>

#include "core/notation.h"
#include "core/random.h"
#include "gtest/gtest.h"
#include "reference_rules.h"
#include "test_support.h"

namespace lifeline {
namespace {

using reference::RefBoard;
using reference::Stone;

// Plays one turn of `color` placing `cells` on the board drawn by `before`, on both the core
// and the reference, and expects the board drawn by `after`.
void ExpectTurn(int base, const char* before, Color color, const std::vector<std::string>& cells,
                const char* after) {
  const Geometry& geometry = Geometry::ForBase(base);
  Board board = test::BoardFrom(geometry, before);
  RefBoard ref = test::RefBoardFrom(base, before);
  std::vector<Cell> placed;
  std::vector<reference::Point> ref_placed;
  for (const std::string& name : cells) {
    placed.push_back(test::CellNamed(geometry, name));
    ref_placed.push_back(test::ToPoint(geometry, placed.back()));
  }
  board.PlaceAndResolve(color, placed);
  ref.PlayTurn(test::ToStone(color), ref_placed);
  const Board expected = test::BoardFrom(geometry, after);
  EXPECT_TRUE(board == expected) << "core gives\n"
                                 << board.ToDiagram() << "expected\n"
                                 << expected.ToDiagram();
  EXPECT_TRUE(ref == test::RefBoardFrom(base, after)) << "reference gives\n" << ref.ToText();
}

// A single placement by `color` on `cell` is legal exactly when it changes the board; checks
// that LegalPlacements, and the reference's brute force, agree with `legal`.
void ExpectSinglePlacement(int base, const char* diagram, Color color, const std::string& cell,
                           bool legal) {
  const Geometry& geometry = Geometry::ForBase(base);
  const Board board = test::BoardFrom(geometry, diagram);
  const Cell c = test::CellNamed(geometry, cell);
  EXPECT_EQ(board.LegalPlacements(color).Test(c), legal) << cell;
  Board after = board;
  after.PlaceAndResolve(color, std::vector<Cell>{c});
  EXPECT_EQ(!(after == board), legal) << cell;
  const RefBoard ref = test::RefBoardFrom(base, diagram);
  RefBoard ref_after = ref;
  ref_after.PlayTurn(test::ToStone(color), {test::ToPoint(geometry, c)});
  EXPECT_EQ(ref_after != ref, legal) << cell << " (reference)";
}

TEST(BoardTest, DiagramsRoundTripInTheDrawingOfTheRules) {
  const Geometry& geometry = Geometry::ForBase(4);
  // The exact layout ToDiagram writes: row 7 on top, each row indented so the hexagon shows.
  const char* diagram = R"(   . . . .
  . . . . .
 . . . . . .
X . . O . . .
 . . . . . .
  . . . . .
   X . . O
)";
  const Board board = test::BoardFrom(geometry, diagram);
  EXPECT_EQ(board.ToDiagram(), diagram);
  EXPECT_TRUE(board.HasStone(test::CellNamed(geometry, "A1"), Color::kBlack));
  EXPECT_TRUE(board.HasStone(test::CellNamed(geometry, "D1"), Color::kWhite));
  EXPECT_TRUE(board.HasStone(test::CellNamed(geometry, "A4"), Color::kBlack));
  EXPECT_TRUE(board.HasStone(test::CellNamed(geometry, "D4"), Color::kWhite));
  EXPECT_EQ(board.occupied().Count(), 4);
  EXPECT_EQ(test::RefBoardFrom(4, diagram).ToText(), diagram);
}

TEST(BoardTest, DiagramErrorsAreReported) {
  const Geometry& geometry = Geometry::ForBase(2);
  EXPECT_TRUE(Board::FromDiagram(geometry, ". . . . . . .").ok());
  EXPECT_FALSE(Board::FromDiagram(geometry, ". . . . . .").ok());
  EXPECT_FALSE(Board::FromDiagram(geometry, ". . . . . . . .").ok());
  EXPECT_FALSE(Board::FromDiagram(geometry, ". . . x . . .").ok());
}

TEST(BoardTest, HashDependsOnTheStonesAlone) {
  const Geometry& geometry = Geometry::ForBase(4);
  Board a(geometry);
  Board b(geometry);
  const Cell d4 = test::CellNamed(geometry, "D4");
  const Cell a1 = test::CellNamed(geometry, "A1");
  a.AddStone(d4, Color::kBlack);
  a.AddStone(a1, Color::kWhite);
  b.AddStone(a1, Color::kWhite);
  b.AddStone(d4, Color::kBlack);
  EXPECT_EQ(a.hash(), b.hash());
  EXPECT_NE(a.hash(), Board(geometry).hash());
  a.RemoveStones(Bitset::Single(d4), Color::kBlack);
  b.RemoveStones(Bitset::Single(d4), Color::kBlack);
  EXPECT_EQ(a.hash(), b.hash());
  Board c(geometry);
  c.AddStone(a1, Color::kBlack);
  EXPECT_NE(c.hash(), a.hash());
}

// Worked example: on the empty board, a black pair at D4 and D5 is one group, alone and so
// dead; it is removed and the board is unchanged, so the pair is illegal. D4 and D6 are two
// groups joined by empty cells: both live.
TEST(BoardTest, WorkedExampleAdjacentPairOnTheEmptyBoardVanishes) {
  const char* empty = R"(
           . . . .
          . . . . .
         . . . . . .
        . . . . . . .
         . . . . . .
          . . . . .
           . . . .
      )";
  ExpectTurn(4, empty, Color::kBlack, {"D4", "D5"}, empty);
  ExpectTurn(4, empty, Color::kBlack, {"D4", "D6"},
             R"(
                  . . . .
                 . X . . .
                . . . . . .
               . . . X . . .
                . . . . . .
                 . . . . .
                  . . . .
             )");
}

// Worked example: a lone black stone dropped where white stones seal it off kills nothing
// (the white ring stays one group in touch with G4) and is removed: illegal.
TEST(BoardTest, WorkedExampleSealedOffLoneStoneIsIllegal) {
  const char* sealed = R"(
           . . . .
          . X . X .
         . . . . . .
        . . O O . . O
         . O . O . .
          . O O . .
           . . . .
      )";
  ExpectTurn(4, sealed, Color::kBlack, {"C3"}, sealed);
  ExpectSinglePlacement(4, sealed, Color::kBlack, "C3", false);
  ExpectSinglePlacement(4, sealed, Color::kBlack, "A1", true);
  ExpectSinglePlacement(4, sealed, Color::kWhite, "C3", true);
}

// A stone placed where no path of empty or own cells reaches an own stone dies alone, so the
// placement is illegal, on every cell of a pocket closed by the edge and white stones.
TEST(BoardTest, StoneCutOffFromItsOwnStonesIsIllegal) {
  const char* pocket = R"(
           . . . .
          . X . X .
         . . . . . .
        . . . . . . O
         O O . . . .
          . O O . .
           . . O .
      )";
  for (const char* cell : {"A1", "B1", "A2"}) {
    ExpectTurn(4, pocket, Color::kBlack, {cell}, pocket);
    ExpectSinglePlacement(4, pocket, Color::kBlack, cell, false);
  }
  // White can play there: the pocket touches its stones.
  ExpectSinglePlacement(4, pocket, Color::kWhite, "A1", true);
  const Geometry& geometry = Geometry::ForBase(4);
  const Board board = test::BoardFrom(geometry, pocket);
  EXPECT_EQ(board.LegalPlacements(Color::kBlack).Count(), board.empty().Count() - 3);
}

// Merging your only two groups of a region makes one group alone in it: it dies, and the move
// is legal because the board changes (the merged stones are gone).
TEST(BoardTest, MergingTheLastTwoGroupsOfARegionKillsThem) {
  const char* walled = R"(
           . . . .
          . . X . O
         X . . . . .
        . . . . . . .
         O O O O O O
          . . . . .
           X . X .
      )";
  ExpectTurn(4, walled, Color::kBlack, {"B1"},
             R"(
                  . . . .
                 . . X . O
                X . . . . .
               . . . . . . .
                O O O O O O
                 . . . . .
                  . . . .
             )");
  ExpectSinglePlacement(4, walled, Color::kBlack, "B1", true);
  // With a third black group below the wall the merged group lives and the stone stays.
  ExpectTurn(4,
             R"(
                  . . . .
                 . . X . O
                X . . . . .
               . . . . . . .
                O O O O O O
                 . . . . X
                  X . X .
             )",
             Color::kBlack, {"B1"},
             R"(
                  . . . .
                 . . X . O
                X . . . . .
               . . . . . . .
                O O O O O O
                 . . . . X
                  X X X .
             )");
}

// A placement that kills an enemy group is legal even though the placed stone then dies: B2
// takes the last liberty path of the white A1, and by joining B1 and A2, Black's only groups,
// makes one black group that is alone and removed in step 3.
TEST(BoardTest, KillingEnemiesIsLegalEvenIfThePlacedStoneDies) {
  const char* before = R"(
           . . . .
          . . . O .
         . . . . . .
        . . . . O . .
         . . . . . .
          X . . . .
           O X . .
      )";
  const char* after = R"(
           . . . .
          . . . O .
         . . . . . .
        . . . . O . .
         . . . . . .
          . . . . .
           . . . .
      )";
  ExpectTurn(4, before, Color::kBlack, {"B2"}, after);
  ExpectSinglePlacement(4, before, Color::kBlack, "B2", true);
}

// Enemy groups are removed before friendly groups are judged, so a capture can save the
// capturing group: D2 joins C1 and E2 into a group alone below the white wall, but it also cuts
// D1 off, so the wall and D1 (White's only groups) die in step 2, and the black group then
// reaches B5 and D6 and lives.
TEST(BoardTest, EnemyRemovalComesBeforeFriendlyRemoval) {
  const char* before = R"(
           . . . .
          . X . . .
         X . . . . .
        . . . . . . .
         O O O O O O
          . . . . X
           . . X O
      )";
  const char* after = R"(
           . . . .
          . X . . .
         X . . . . .
        . . . . . . .
         . . . . . .
          . . . X X
           . . X .
      )";
  ExpectTurn(4, before, Color::kBlack, {"D2"}, after);

  // Judged in the wrong order (friendly first), the black group would have died.
  const Geometry& geometry = Geometry::ForBase(4);
  Board board = test::BoardFrom(geometry, before);
  board.AddStone(test::CellNamed(geometry, "D2"), Color::kBlack);
  EXPECT_TRUE(board.IsGroupDead(test::CellNamed(geometry, "D2"), Color::kBlack));
  EXPECT_TRUE(board.IsGroupDead(test::CellNamed(geometry, "A3"), Color::kWhite));
  EXPECT_TRUE(board.IsGroupDead(test::CellNamed(geometry, "D1"), Color::kWhite));
  EXPECT_FALSE(board.IsGroupDead(test::CellNamed(geometry, "B5"), Color::kBlack));
}

// Two stones of a double turn placed next to each other form one group: dead on an otherwise
// empty board (see the worked example), alive where they reach another group of their colour.
TEST(BoardTest, AdjacentPairLivesWhereItReachesAFriendlyGroup) {
  ExpectTurn(4,
             R"(
                  . . . .
                 . . . . .
                . . . . . .
               . . . . . . .
                . . . . . .
                 . . . . .
                  . . . O
             )",
             Color::kWhite, {"D4", "D5"},
             R"(
                  . . . .
                 . . . . .
                . . O . . .
               . . . O . . .
                . . . . . .
                 . . . . .
                  . . . O
             )");
}

// A single group alone on the board is dead.
TEST(BoardTest, AGroupAloneOnTheBoardIsDead) {
  const Geometry& geometry = Geometry::ForBase(3);
  const Board board = test::BoardFrom(geometry,
                                      R"(
                                          . . .
                                         . X . .
                                        . . X . .
                                         . . . O
                                          O . .
                                      )");
  const Cell c3 = test::CellNamed(geometry, "C3");
  EXPECT_TRUE(board.IsGroupDead(c3, Color::kBlack));
  EXPECT_EQ(board.GroupAt(c3, Color::kBlack).Count(), 2);
  EXPECT_FALSE(board.IsGroupDead(test::CellNamed(geometry, "A1"), Color::kWhite));
  EXPECT_EQ(board.RegionAt(c3, Color::kBlack).Count(), geometry.num_cells() - 2);
  Board cleared = board;
  EXPECT_EQ(cleared.RemoveDeadGroups(Color::kBlack), 2);
  EXPECT_EQ(cleared.RemoveDeadGroups(Color::kWhite), 0);
  EXPECT_EQ(cleared.occupied().Count(), 2);
}

// Removing the dead groups of one colour never revives or kills another group of that colour,
// so removing them all at once, as the engine does, equals removing them one at a time and
// judging again after each. Checked on random boards, where dead groups abound.
TEST(BoardTest, RemovingDeadGroupsAllAtOnceEqualsOneByOne) {
  Rng rng(2024);
  int boards_with_several_dead = 0;
  for (int base = 2; base <= 7; ++base) {
    const Geometry& geometry = Geometry::ForBase(base);
    for (int trial = 0; trial < 300; ++trial) {
      Board board(geometry);
      RefBoard ref(base);
      const uint32_t density = 2 + rng.Below(4);
      geometry.cells().ForEach([&](Cell c) {
        const uint32_t roll = rng.Below(density);
        if (roll > 1) return;
        const Color color = roll == 0 ? Color::kBlack : Color::kWhite;
        board.AddStone(c, color);
        ref.Set(test::ToPoint(geometry, c), test::ToStone(color));
      });
      for (Color color : {Color::kBlack, Color::kWhite}) {
        const Stone stone = test::ToStone(color);
        // The reference's per-group judgement agrees with the core's.
        for (reference::Point p : ref.Cells()) {
          if (ref.At(p) != stone) continue;
          ASSERT_EQ(board.IsGroupDead(test::ToCell(geometry, p), color), ref.IsDead(p))
              << ref.ToText();
        }
        RefBoard one_by_one = ref;
        int dead_groups = 0;
        for (bool removed = true; removed;) {
          removed = false;
          for (reference::Point p : one_by_one.Cells()) {
            if (one_by_one.At(p) == stone && one_by_one.IsDead(p)) {
              for (reference::Point q : one_by_one.GroupAt(p)) one_by_one.Set(q, Stone::kEmpty);
              ++dead_groups;
              removed = true;
              break;
            }
          }
        }
        boards_with_several_dead += dead_groups > 1 ? 1 : 0;
        RefBoard at_once = ref;
        at_once.RemoveDeadGroups(stone);
        EXPECT_TRUE(at_once == one_by_one) << ref.ToText();
        Board core = board;
        core.RemoveDeadGroups(color);
        EXPECT_TRUE(test::SameStones(core, one_by_one));
      }
    }
  }
  EXPECT_GT(boards_with_several_dead, 100);
}

// The fast single placement and the general one agree wherever the fast one applies: a legal
// placement on a board whose groups are all alive.
TEST(BoardTest, FastPlacementAgreesWithTheGeneralOne) {
  Rng rng(77);
  int placements = 0;
  for (int base = 2; base <= 8; ++base) {
    const Geometry& geometry = Geometry::ForBase(base);
    for (int game = 0; game < 20; ++game) {
      // Random legal single placements from a position with two groups each, so that every
      // group is alive at every turn.
      Board board(geometry);
      const Cell corners[4] = {geometry.CellAt(0, 0), geometry.CellAt(2 * base - 2, 2 * base - 2),
                               geometry.CellAt(base - 1, 0),
                               geometry.CellAt(base - 1, 2 * base - 2)};
      board.AddStone(corners[0], Color::kBlack);
      board.AddStone(corners[1], Color::kBlack);
      board.AddStone(corners[2], Color::kWhite);
      board.AddStone(corners[3], Color::kWhite);
      Color color = Color::kBlack;
      for (;;) {
        const Bitset legal = board.LegalPlacements(color);
        if (legal.None()) break;
        const Cell c = legal.Nth(static_cast<int>(rng.Below(legal.Count())));
        Board general = board;
        const PlacementEffect slow = general.PlaceAndResolve(color, std::vector<Cell>{c});
        const PlacementEffect fast = board.PlaceFast(color, c);
        ASSERT_TRUE(board == general) << CellName(geometry, c) << "\n" << board.ToDiagram();
        EXPECT_EQ(board.hash(), general.hash());
        EXPECT_EQ(fast.removed[0], slow.removed[0]);
        EXPECT_EQ(fast.removed[1], slow.removed[1]);
        color = Opponent(color);
        ++placements;
      }
    }
  }
  EXPECT_GT(placements, 1000);
}

}  // namespace
}  // namespace lifeline
