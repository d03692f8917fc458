// Whose turn it is and what they may do: the three balancing methods of docs/rules.md, double
// turns, setup stones, swap timing, komi spending, stoneless players and the end of the game.

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "core/notation.h"
#include "core/position.h"
#include "core/random.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "reference_rules.h"
#include "test_support.h"

namespace lifeline {
namespace {

// A position under `rules` on `base` with `moves` played, each checked legal first; the
// reference plays along and must agree on the legal actions at every step.
class Line {
 public:
  Line(int base, Rules rules)
      : geometry_(Geometry::ForBase(base)),
        position_(geometry_, rules),
        ref_(base, test::ToMethod(rules.balancing), rules.komi) {}

  Line& Play(const std::string& text) {
    // The reference plays a double turn as one pair, so it has no state between the halves.
    const Cell pending = position_.pending_stone();
    if (pending == kNoCell) {
      EXPECT_EQ(test::MoveNames(position_), test::RefMoveNames(geometry_, ref_))
          << "before " << text << "\n"
          << position_.board().ToDiagram();
    }
    const Move move = test::MoveNamed(geometry_, text);
    const std::optional<MoveError> problem = position_.WhyIllegal(move);
    EXPECT_FALSE(problem) << text << ": " << MoveErrorName(*problem);
    if (problem) return *this;
    position_.Play(move);
    if (position_.pending_stone() != kNoCell) return *this;
    const Move whole = pending != kNoCell ? Move::Pair(pending, move.first) : move;
    ref_.Play(test::ToAction(geometry_, whole));
    EXPECT_TRUE(test::SameStones(position_.board(), ref_.board())) << "after " << text;
    return *this;
  }

  const Position& position() const { return position_; }
  const reference::RefGame& ref() const { return ref_; }
  const Geometry& geometry() const { return geometry_; }
  Cell At(const std::string& name) const { return test::CellNamed(geometry_, name); }
  std::optional<MoveError> Check(const std::string& text) const {
    return position_.WhyIllegal(test::MoveNamed(geometry_, text));
  }

 private:
  const Geometry& geometry_;
  Position position_;
  reference::RefGame ref_;
};

Rules Strong() { return Rules{Balancing::kStrongPie, 0}; }
Rules Weak() { return Rules{Balancing::kWeakPie, 0}; }
Rules Komi(int komi) { return Rules{Balancing::kKomiPie, komi}; }

TEST(TurnOrderTest, StrongPieOpensWithTwoDoubleTurns) {
  Line line(4, Strong());
  const Position& p = line.position();
  EXPECT_EQ(p.to_move(), Color::kBlack);
  EXPECT_EQ(p.phase(), Phase::kOpening);
  EXPECT_TRUE(p.IsDoubleTurn());
  EXPECT_FALSE(p.IsSetupTurn());
  EXPECT_EQ(p.stones_to_place(), 2);
  EXPECT_FALSE(p.CanSwap());
  EXPECT_FALSE(p.CanSpendKomi());

  line.Play("D4,D6");
  EXPECT_EQ(p.to_move(), Color::kWhite);
  EXPECT_TRUE(p.IsDoubleTurn());
  EXPECT_EQ(p.stones_to_place(), 2);
  EXPECT_TRUE(p.CanSwap());

  line.Play("B2,F5");
  EXPECT_EQ(p.to_move(), Color::kBlack);
  EXPECT_EQ(p.phase(), Phase::kPlay);
  EXPECT_FALSE(p.IsDoubleTurn());
  EXPECT_EQ(p.stones_to_place(), 1);
  EXPECT_FALSE(p.CanSwap());
  EXPECT_EQ(line.Check("A1,A3"), MoveError::kNotDoubleTurn);
  EXPECT_EQ(line.Check("swap"), MoveError::kSwapNotAllowed);

  line.Play("A1").Play("G7");
  EXPECT_EQ(p.to_move(), Color::kBlack);
  EXPECT_FALSE(p.CanSwap());
}

// Worked example: on the empty board D4 and D5 are illegal as a pair, D4 and D6 legal.
TEST(TurnOrderTest, WorkedExampleFirstDoubleTurn) {
  Line line(4, Strong());
  const Position& p = line.position();
  EXPECT_FALSE(p.IsLegalPair(line.At("D4"), line.At("D5")));
  EXPECT_TRUE(line.Check("D4,D5").has_value());
  EXPECT_TRUE(p.IsLegalPair(line.At("D4"), line.At("D6")));
  EXPECT_FALSE(line.Check("D6,D4").has_value());
  // No adjacent pair is legal on the empty board, and every other pair is.
  const int cells = line.geometry().num_cells();
  int adjacent_pairs = 0;
  line.geometry().cells().ForEach(
      [&](Cell c) { adjacent_pairs += line.geometry().NeighborSet(c).Count(); });
  adjacent_pairs /= 2;
  EXPECT_EQ(static_cast<int>(p.LegalMoves().size()), cells * (cells - 1) / 2 - adjacent_pairs);
}

// White's first double turn can never place adjacent stones: they would form White's only
// group, dead unless it captured, and two stones cannot cut Black's two apart (a cell has at
// least three neighbours). Exhaustive on base 3 over every opening pair of Black.
TEST(TurnOrderTest, AdjacentPairIsNeverLegalOnWhitesFirstTurn) {
  const Geometry& geometry = Geometry::ForBase(3);
  const Position start(geometry, Strong());
  int openings = 0;
  for (const Move& black : start.LegalMoves()) {
    Position after = start;
    after.Play(black);
    for (const Move& white : after.LegalMoves()) {
      if (white.kind == Move::Kind::kPair) {
        EXPECT_FALSE(geometry.AreNeighbors(white.first, white.second));
      }
    }
    ++openings;
  }
  EXPECT_GT(openings, 100);
}

// Strong pie: the swap is offered on White's first turn only; after it the board is the same,
// White is still to move and still owes its double turn.
TEST(TurnOrderTest, StrongPieSwapKeepsWhitesDoubleTurn) {
  Line line(4, Strong());
  const Position& p = line.position();
  EXPECT_TRUE(line.Check("swap").has_value());
  line.Play("C3,E5");
  const Board before_swap = p.board();
  const uint64_t hash_before_swap = p.hash();
  line.Play("swap");
  EXPECT_TRUE(p.swapped());
  EXPECT_TRUE(p.board() == before_swap);
  EXPECT_NE(p.hash(), hash_before_swap);
  EXPECT_EQ(p.to_move(), Color::kWhite);
  EXPECT_TRUE(p.IsDoubleTurn());
  EXPECT_EQ(p.stones_to_place(), 2);
  EXPECT_FALSE(p.CanSwap());
  EXPECT_EQ(line.Check("swap"), MoveError::kSwapNotAllowed);
  line.Play("B2,F6");
  EXPECT_EQ(p.to_move(), Color::kBlack);
  EXPECT_EQ(p.phase(), Phase::kPlay);
  EXPECT_FALSE(p.CanSwap());
}

// A double turn entered stone by stone: the first stone waits on the board for its partner.
TEST(TurnOrderTest, DoubleTurnInTwoHalves) {
  Line line(4, Strong());
  const Position& p = line.position();
  line.Play("D4");
  EXPECT_EQ(p.pending_stone(), line.At("D4"));
  EXPECT_EQ(p.to_move(), Color::kBlack);
  EXPECT_EQ(p.stones_to_place(), 1);
  EXPECT_TRUE(p.board().HasStone(line.At("D4"), Color::kBlack));
  EXPECT_FALSE(p.PlacementCells().Test(line.At("D5")));
  EXPECT_TRUE(p.PlacementCells().Test(line.At("D6")));
  EXPECT_TRUE(line.Check("D5").has_value());
  EXPECT_EQ(line.Check("A1,A3"), MoveError::kDoubleTurnStarted);
  EXPECT_EQ(line.Check("D4"), MoveError::kOccupied);
  line.Play("D6");
  EXPECT_EQ(p.pending_stone(), kNoCell);
  EXPECT_EQ(p.to_move(), Color::kWhite);

  Position whole(line.geometry(), Strong());
  whole.Play(Move::Pair(line.At("D4"), line.At("D6")));
  EXPECT_TRUE(whole.board() == p.board());
  EXPECT_EQ(whole.hash(), p.hash());
  // No swap once White has begun placing.
  line.Play("B2");
  EXPECT_FALSE(p.CanSwap());
}

// OrderedPairCells names every legal pair of a double turn exactly once, lower cell first:
// the pairs it leads to are LegalMoves' pairs, on Black's and White's first turns of random
// openings on small boards.
TEST(TurnOrderTest, OrderedPairCellsNameEveryPairOnce) {
  for (int base = 2; base <= 5; ++base) {
    for (uint64_t seed = 0; seed < 8; ++seed) {
      Position position(Geometry::ForBase(base), Strong());
      Rng rng(seed);
      // Seeds 4 and up reach White's double turn (or its swap) too.
      if (seed >= 4) {
        const std::optional<Move> first = position.RandomMove(rng);
        if (!first) continue;
        position.Play(*first);
      }
      if (!position.IsDoubleTurn()) continue;
      std::set<std::pair<Cell, Cell>> legal, ordered;
      for (const Move& move : position.LegalMoves()) {
        if (move.kind == Move::Kind::kPair) {
          legal.insert(std::minmax(move.first, move.second));
        }
      }
      position.OrderedPairCells().ForEach([&](Cell a) {
        Position after = position;
        after.Play(Move::Place(a));
        const auto partners = after.OrderedPairCells();
        EXPECT_TRUE(partners.Any()) << "a first stone without a partner above it";
        partners.ForEach([&](Cell b) {
          EXPECT_GT(b, a);
          EXPECT_TRUE(ordered.insert({a, b}).second);
        });
        // The pending stone's partners below it are legal too, but named from the other side.
        partners.ForEach([&](Cell b) { EXPECT_TRUE(after.PlacementCells().Test(b)); });
      });
      EXPECT_EQ(ordered, legal) << "base " << base << " seed " << seed;
    }
  }
}

// Outside a double turn OrderedPairCells is PlacementCells.
TEST(TurnOrderTest, OrderedPairCellsAreThePlacementsOutsideADoubleTurn) {
  Line line(4, Weak());
  EXPECT_TRUE(line.position().OrderedPairCells() == line.position().PlacementCells());
  Line strong(4, Strong());
  strong.Play("A1,D4").Play("G4,B2");
  EXPECT_TRUE(strong.position().OrderedPairCells() == strong.position().PlacementCells());
}

// Weak pie: four setup stones B, W, B, W with nothing removed, each player's second not next
// to its first; the swap only right after Black's first stone.
TEST(TurnOrderTest, WeakPieSetupAndSwap) {
  Line line(4, Weak());
  const Position& p = line.position();
  EXPECT_TRUE(p.IsSetupTurn());
  EXPECT_FALSE(p.IsDoubleTurn());
  EXPECT_EQ(p.stones_to_place(), 1);
  EXPECT_FALSE(p.CanSwap());
  EXPECT_EQ(p.PlacementCells().Count(), line.geometry().num_cells());
  // A lone stone would be dead, yet the setup keeps it.
  line.Play("D4");
  EXPECT_TRUE(p.board().HasStone(line.At("D4"), Color::kBlack));
  EXPECT_TRUE(p.board().IsGroupDead(line.At("D4"), Color::kBlack));
  EXPECT_EQ(p.to_move(), Color::kWhite);
  EXPECT_TRUE(p.CanSwap());
  line.Play("swap");
  EXPECT_TRUE(p.swapped());
  EXPECT_EQ(p.to_move(), Color::kWhite);
  EXPECT_TRUE(p.IsSetupTurn());
  EXPECT_FALSE(p.CanSwap());
  // White's first setup stone may touch Black's.
  line.Play("D5");
  EXPECT_EQ(p.to_move(), Color::kBlack);
  EXPECT_FALSE(p.CanSwap());
  // Black's second setup stone may not touch Black's first, D4: its five empty neighbours are
  // refused.
  for (const char* touching : {"D3", "E4", "C3", "C4", "E5"}) {
    EXPECT_FALSE(p.PlacementCells().Test(line.At(touching))) << touching;
    EXPECT_EQ(line.Check(touching), MoveError::kAdjacent) << touching;
  }
  EXPECT_EQ(line.Check("D5"), MoveError::kOccupied);
  EXPECT_EQ(p.PlacementCells().Count(), line.geometry().num_cells() - 2 - 5);
  line.Play("B2");
  EXPECT_EQ(p.to_move(), Color::kWhite);
  EXPECT_FALSE(p.PlacementCells().Test(line.At("E6")));
  line.Play("F6");
  EXPECT_EQ(p.phase(), Phase::kPlay);
  EXPECT_FALSE(p.IsSetupTurn());
  EXPECT_EQ(p.to_move(), Color::kBlack);
  EXPECT_FALSE(p.CanSwap());
}

TEST(TurnOrderTest, WeakPieSwapOnlyAfterBlacksFirstStone) {
  Line line(4, Weak());
  const Position& p = line.position();
  EXPECT_TRUE(line.Check("swap").has_value());
  line.Play("D4").Play("A1");
  EXPECT_FALSE(p.CanSwap());
  EXPECT_EQ(line.Check("swap"), MoveError::kSwapNotAllowed);
  line.Play("G7").Play("A4");
  EXPECT_FALSE(p.CanSwap());
}

// Removals begin with the fifth placement: Black's fifth stone at B2 joins its two setup
// stones into one group that is alone, so all three go.
TEST(TurnOrderTest, RemovalsBeginWithTheFifthPlacement) {
  Line line(3, Weak());
  const Position& p = line.position();
  line.Play("B1").Play("D5").Play("A2").Play("E3");
  EXPECT_EQ(p.phase(), Phase::kPlay);
  line.Play("B2");
  EXPECT_EQ(p.board().stones(Color::kBlack).Count(), 0);
  EXPECT_EQ(p.board().stones(Color::kWhite).Count(), 2);
  EXPECT_EQ(p.captured(Color::kBlack), 3);
  EXPECT_TRUE(test::SameStones(p.board(), line.ref().board()));
  // White moves on; Black, stoneless, then has no placement and loses.
  line.Play("C3");
  EXPECT_TRUE(p.IsOver());
  EXPECT_EQ(p.phase(), Phase::kOver);
  EXPECT_FALSE(p.HasLegalAction());
  EXPECT_TRUE(p.LegalMoves().empty());
  EXPECT_EQ(p.stones_to_place(), 0);
  EXPECT_EQ(p.to_move(), Color::kBlack);
  EXPECT_EQ(p.winner(), Color::kWhite);
  EXPECT_EQ(line.ref().Winner(), reference::Stone::kWhite);
  Rng rng(1);
  EXPECT_FALSE(p.RandomMove(rng).has_value());
  EXPECT_EQ(line.Check("A1"), MoveError::kGameOver);
}

// Komi pie: the setup of weak pie with no swap; then White, and only White, may spend a point
// of komi instead of placing, while it has any left.
TEST(TurnOrderTest, KomiPieSpendsOnlyAfterTheSetupAndOnlyForWhite) {
  Line line(4, Komi(2));
  const Position& p = line.position();
  EXPECT_EQ(p.komi_left(), 2);
  line.Play("D4");
  EXPECT_FALSE(p.CanSwap());
  EXPECT_FALSE(p.CanSpendKomi());
  EXPECT_TRUE(line.Check("swap").has_value());
  EXPECT_TRUE(line.Check("pass").has_value());
  line.Play("B2").Play("D6").Play("F5");
  EXPECT_EQ(p.to_move(), Color::kBlack);
  EXPECT_FALSE(p.CanSpendKomi());
  EXPECT_TRUE(line.Check("pass").has_value());
  line.Play("A4");
  EXPECT_TRUE(p.CanSpendKomi());
  line.Play("pass");
  EXPECT_EQ(p.komi_left(), 1);
  EXPECT_EQ(p.to_move(), Color::kBlack);
  line.Play("G7").Play("pass");
  EXPECT_EQ(p.komi_left(), 0);
  line.Play("A1");
  EXPECT_FALSE(p.CanSpendKomi());
  EXPECT_TRUE(line.Check("pass").has_value());
  EXPECT_FALSE(line.Check("E2").has_value());
}

TEST(TurnOrderTest, KomiIsIgnoredByTheOtherMethods) {
  EXPECT_EQ(Position(Geometry::ForBase(4), Rules{Balancing::kStrongPie, 5}).komi_left(), 0);
  EXPECT_EQ(Position(Geometry::ForBase(4), Rules{Balancing::kWeakPie, 5}).komi_left(), 0);
  EXPECT_EQ(Position(Geometry::ForBase(4), Rules{Balancing::kKomiPie, 5}).komi_left(), 5);
}

// Black's fifth stone B2 cuts White's A1 off and so kills both white stones; the black group
// it makes is then alone and dies too, leaving the board empty. White, stoneless, may still
// spend komi; Black, stoneless, then has nothing to do and loses.
constexpr const char* kEmptyingLine[] = {"B1", "A1", "A2", "C3", "B2"};

TEST(TurnOrderTest, StonelessWhiteMaySpendKomi) {
  Line line(3, Komi(1));
  const Position& p = line.position();
  for (const char* move : kEmptyingLine) line.Play(move);
  EXPECT_EQ(p.board().occupied().Count(), 0);
  EXPECT_EQ(p.captured(Color::kWhite), 2);
  EXPECT_EQ(p.captured(Color::kBlack), 3);
  EXPECT_EQ(p.to_move(), Color::kWhite);
  EXPECT_TRUE(p.PlacementCells().None());
  EXPECT_TRUE(p.CanSpendKomi());
  EXPECT_EQ(test::MoveNames(p), std::vector<std::string>{"pass"});
  line.Play("pass");
  EXPECT_EQ(p.to_move(), Color::kBlack);
  EXPECT_TRUE(p.IsOver());
  EXPECT_EQ(p.winner(), Color::kWhite);
  EXPECT_EQ(line.ref().Winner(), reference::Stone::kWhite);
}

TEST(TurnOrderTest, WhiteWithNoPlacementAndNoKomiLoses) {
  Line line(3, Komi(0));
  const Position& p = line.position();
  for (const char* move : kEmptyingLine) line.Play(move);
  EXPECT_EQ(p.to_move(), Color::kWhite);
  EXPECT_FALSE(p.CanSpendKomi());
  EXPECT_TRUE(p.IsOver());
  EXPECT_EQ(p.winner(), Color::kBlack);
  EXPECT_TRUE(line.ref().LegalActions().empty());
  EXPECT_EQ(line.ref().Winner(), reference::Stone::kBlack);
}

// Under weak pie the same line leaves White stoneless with no komi to spend: White loses.
TEST(TurnOrderTest, StonelessPlayerHasNoPlacement) {
  Line line(3, Weak());
  const Position& p = line.position();
  for (const char* move : kEmptyingLine) line.Play(move);
  EXPECT_TRUE(p.IsOver());
  EXPECT_EQ(p.to_move(), Color::kWhite);
  EXPECT_EQ(p.winner(), Color::kBlack);
}

// On base 2 every cell touches the centre, so after a first setup stone there Black has no
// second setup stone at all and loses at its second turn (the rules name no exception).
TEST(TurnOrderTest, BaseTwoCentreLeavesNoSecondSetupStone) {
  Line line(2, Weak());
  const Position& p = line.position();
  line.Play("B2").Play("A1");
  EXPECT_EQ(p.to_move(), Color::kBlack);
  EXPECT_TRUE(p.PlacementCells().None());
  EXPECT_TRUE(p.IsOver());
  EXPECT_EQ(p.winner(), Color::kWhite);
  EXPECT_EQ(line.ref().Winner(), reference::Stone::kWhite);
}

// After a swap the colours change hands; the winner is still the colour that acted last,
// which is never the colour to move.
TEST(TurnOrderTest, WinnerIsTheLastColourToAct) {
  Line line(3, Weak());
  const Position& p = line.position();
  line.Play("B1").Play("swap");
  for (const char* move : {"A1", "A2", "C3", "B2"}) line.Play(move);
  EXPECT_TRUE(p.IsOver());
  EXPECT_EQ(p.to_move(), Color::kWhite);
  EXPECT_EQ(p.winner(), Color::kBlack);
  EXPECT_EQ(line.ref().Winner(), reference::Stone::kBlack);
}

}  // namespace
}  // namespace lifeline
