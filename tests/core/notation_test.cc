// Cell and move names: the Havannah-style notation of docs/rules.md and its parse errors.

#include "core/notation.h"

#include <string>

#include "absl/status/status.h"
#include "core/move.h"
#include "core/rules.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace lifeline {
namespace {

TEST(NotationTest, ColumnsSkipTheLetterI) {
  EXPECT_EQ(ColumnLetter(0), 'A');
  EXPECT_EQ(ColumnLetter(7), 'H');
  EXPECT_EQ(ColumnLetter(8), 'J');
  EXPECT_EQ(ColumnLetter(24), 'Z');
}

TEST(NotationTest, NamesFollowTheBaseFourDrawingOfTheRules) {
  const Geometry& g = Geometry::ForBase(4);
  EXPECT_EQ(CellName(g, g.CellAt(0, 0)), "A1");  // a corner
  EXPECT_EQ(CellName(g, g.CellAt(3, 0)), "D1");  // the other end of row 1
  EXPECT_EQ(CellName(g, g.CellAt(0, 3)), "A4");  // the leftmost corner of the middle row
  EXPECT_EQ(CellName(g, g.CellAt(6, 3)), "G4");
  EXPECT_EQ(CellName(g, g.CellAt(3, 6)), "D7");
  EXPECT_EQ(CellName(g, g.CellAt(6, 6)), "G7");
  EXPECT_EQ(CellName(g, g.Center()), "D4");
  EXPECT_EQ(CellName(Geometry::ForBase(7), Geometry::ForBase(7).Center()), "G7");
  EXPECT_EQ(CellName(Geometry::ForBase(9), Geometry::ForBase(9).CellAt(8, 8)), "J9");
  EXPECT_EQ(CellName(Geometry::ForBase(13), Geometry::ForBase(13).CellAt(24, 24)), "Z25");
}

TEST(NotationTest, EveryCellNameParsesBackOnEveryBase) {
  for (int base = Geometry::kMinBase; base <= Geometry::kMaxBase; ++base) {
    const Geometry& g = Geometry::ForBase(base);
    g.cells().ForEach([&](Cell c) {
      const std::string name = CellName(g, c);
      const Reading<Cell> read = ReadCell(g, name);
      ASSERT_TRUE(read.ok()) << name << ": " << MoveErrorName(*read.error);
      EXPECT_EQ(read.value, c) << name;
    });
  }
}

TEST(NotationTest, ParsingIgnoresCase) {
  const Geometry& g = Geometry::ForBase(9);
  EXPECT_EQ(ReadCell(g, "j9").value, g.CellAt(8, 8));
  EXPECT_EQ(ReadCell(g, "J9").value, g.CellAt(8, 8));
  EXPECT_EQ(ReadCell(g, "e12").value, g.CellAt(4, 11));
}

TEST(NotationTest, MalformedNamesAreRefused) {
  const Geometry& g = Geometry::ForBase(7);
  for (const char* text : {"", "4", "G", "GG", "7G", "G7G", "#7", "G-1", "G 7", "I5", "i5"}) {
    EXPECT_EQ(ReadCell(g, text).error, MoveError::kMalformed) << '"' << text << '"';
  }
}

TEST(NotationTest, WellFormedNamesOutsideTheBoardAreOffBoard) {
  const Geometry& g = Geometry::ForBase(4);
  // A5: column 0 row 4, |0 - 4| > 3. H1: column 7 of a 7-wide board. D8: row 8 of 7.
  for (const char* text : {"A5", "G1", "H1", "H4", "D8", "Z25", "D99"}) {
    EXPECT_EQ(ReadCell(g, text).error, MoveError::kOffBoard) << text;
  }
  EXPECT_TRUE(ReadCell(Geometry::ForBase(13), "Z25").ok());
}

TEST(MoveNotationTest, RoundTripsEveryForm) {
  const Geometry& g = Geometry::ForBase(5);
  const Cell c3 = g.CellAt(2, 2);
  const Cell e5 = g.CellAt(4, 4);
  EXPECT_EQ(MoveToString(g, Move::Place(c3)), "C3");
  EXPECT_EQ(MoveToString(g, Move::Pair(e5, c3)), "C3,E5");
  EXPECT_EQ(MoveToString(g, Move::Swap()), "swap");
  EXPECT_EQ(MoveToString(g, Move::SpendKomi()), "pass");

  EXPECT_EQ(ReadMove(g, "C3").value, Move::Place(c3));
  EXPECT_EQ(ReadMove(g, "C3,E5").value, Move::Pair(c3, e5));
  EXPECT_EQ(ReadMove(g, "e5,c3").value, Move::Pair(c3, e5));
  EXPECT_EQ(ReadMove(g, "swap").value, Move::Swap());
  EXPECT_EQ(ReadMove(g, "SWAP").value, Move::Swap());
  EXPECT_EQ(ReadMove(g, "pass").value, Move::SpendKomi());
  EXPECT_EQ(ReadMove(g, "Pass").value, Move::SpendKomi());

  g.cells().ForEach([&](Cell a) {
    EXPECT_EQ(ReadMove(g, MoveToString(g, Move::Place(a))).value, Move::Place(a));
    g.cells().ForEach([&](Cell b) {
      if (a == b) return;
      const Move pair = Move::Pair(a, b);
      EXPECT_EQ(ReadMove(g, MoveToString(g, pair)).value, pair);
    });
  });
}

TEST(MoveNotationTest, PairsAreStoredInCellOrder) {
  const Move pair = Move::Pair(9, 4);
  EXPECT_EQ(pair.kind, Move::Kind::kPair);
  EXPECT_EQ(pair.first, 4);
  EXPECT_EQ(pair.second, 9);
  EXPECT_EQ(pair, Move::Pair(4, 9));
}

TEST(MoveNotationTest, BadMovesAreRefusedWithTheirReason) {
  const Geometry& g = Geometry::ForBase(5);
  EXPECT_EQ(ReadMove(g, "C3,C3").error, MoveError::kSameCell);
  EXPECT_EQ(ReadMove(g, "C3,c3").error, MoveError::kSameCell);
  EXPECT_EQ(ReadMove(g, "C3,Z9").error, MoveError::kOffBoard);
  EXPECT_EQ(ReadMove(g, "A9").error, MoveError::kOffBoard);
  for (const char* text : {"", "C3,", ",C3", "C3,E5,D4", "swapp", "resign", "C3;E5"}) {
    EXPECT_EQ(ReadMove(g, text).error, MoveError::kMalformed) << '"' << text << '"';
  }
}

TEST(RulesNotationTest, BalancingNamesRoundTrip) {
  for (Balancing b : {Balancing::kStrongPie, Balancing::kWeakPie, Balancing::kKomiPie}) {
    EXPECT_EQ(ParseBalancing(BalancingName(b)).value(), b);
  }
  EXPECT_EQ(BalancingName(Balancing::kStrongPie), "strong-pie");
  EXPECT_EQ(BalancingName(Balancing::kWeakPie), "weak-pie");
  EXPECT_EQ(BalancingName(Balancing::kKomiPie), "komi-pie");
  EXPECT_EQ(ParseBalancing("Weak-Pie").value(), Balancing::kWeakPie);
  EXPECT_FALSE(ParseBalancing("medium-pie").ok());
  EXPECT_EQ(Rules{}.balancing, Balancing::kStrongPie);
}

}  // namespace
}  // namespace lifeline
