// The maps shipped with the engine (src/book/maps): each one reads and makes a book, a
// complete one finds every legal first turn of its board, and those of the solved boards agree
// with the exact solver, move by move.

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "book/opening_book.h"
#include "core/notation.h"
#include "gtest/gtest.h"
#include "solver/dfpn.h"

namespace lifeline {
namespace {

const std::string kMaps = LIFELINE_BOOK_MAPS;

OpeningBook Shipped(int base, Balancing balancing) {
  absl::StatusOr<OpeningMap> map =
      OpeningMap::Load(kMaps + "/" + OpeningMapFileName(base, balancing));
  EXPECT_TRUE(map.ok()) << map.status();
  absl::StatusOr<OpeningBook> book = OpeningBook::Make(*std::move(map));
  EXPECT_TRUE(book.ok()) << book.status();
  return *std::move(book);
}

std::string HeaderValue(const OpeningMap& map, const std::string& key) {
  for (const auto& [name, value] : map.header()) {
    if (name == key) return value;
  }
  return "";
}

TEST(ShippedMapsTest, EveryMapReadsAndSaysWhatMadeIt) {
  int maps = 0;
  for (const auto& file : std::filesystem::directory_iterator(kMaps)) {
    absl::StatusOr<OpeningMap> map = OpeningMap::Load(file.path().string());
    ASSERT_TRUE(map.ok()) << map.status();
    EXPECT_EQ(file.path().filename().string(),
              OpeningMapFileName(map->geometry().base(), map->balancing()));
    EXPECT_FALSE(HeaderValue(*map, "engine").empty()) << file.path();
    EXPECT_FALSE(HeaderValue(*map, "network").empty()) << file.path();
    EXPECT_FALSE(map->entries().empty()) << file.path();
    EXPECT_TRUE(OpeningBook::Make(*std::move(map)).ok()) << file.path();
    ++maps;
  }
  EXPECT_GE(maps, 6);  // bases 2 and 3 under the three rules at least
}

// Under strong and weak pie a complete map has a class for every legal first turn.
TEST(ShippedMapsTest, CompleteMapsFindEveryLegalFirstTurn) {
  for (int base : {2, 3}) {
    for (Balancing balancing : {Balancing::kStrongPie, Balancing::kWeakPie}) {
      const OpeningBook book = Shipped(base, balancing);
      const Position start(Geometry::ForBase(base), Rules{balancing, 0});
      for (const Move& turn : start.LegalMoves()) {
        std::vector<Cell> stones = {turn.first};
        if (turn.kind == Move::Kind::kPair) stones.push_back(turn.second);
        EXPECT_TRUE(book.Find(stones).has_value())
            << base << " " << MoveToString(start.geometry(), turn);
      }
    }
  }
}

// The solver's verdict on the second player's decision after `turn`: "swap" or the set of
// winning replies.
std::set<std::string> SolvedReplies(Solver& solver, const Position& decision) {
  const SolveResult result = solver.SolveAll(decision, SolveLimits{});
  EXPECT_EQ(result.verdict, Verdict::kWin);
  std::set<std::string> winning;
  for (const MoveVerdict& move : result.moves) {
    if (move.verdict == Verdict::kWin) winning.insert(MoveToString(decision.geometry(), move.move));
  }
  return winning;
}

// Every first turn on `base`: the book swaps exactly when the solver does, and otherwise every
// reply it plays is one the solver proves.
void ExpectBookAgreesWithSolver(int base, Balancing balancing, int every_nth) {
  const OpeningBook book = Shipped(base, balancing);
  SolverOptions options;
  options.memory_bytes = int64_t{256} << 20;
  Solver solver(options, RealClock::Instance());
  const Position start(Geometry::ForBase(base), Rules{balancing, 0});
  const std::vector<Move> turns = start.LegalMoves();
  for (size_t i = 0; i < turns.size(); i += every_nth) {
    Position decision = start;
    decision.Play(turns[i]);
    const std::string name = MoveToString(start.geometry(), turns[i]);
    const BookAdvice advice = book.Advise(decision);
    ASSERT_FALSE(advice.choices.empty()) << name;
    const std::set<std::string> winning = SolvedReplies(solver, decision);
    for (const BookCandidate& c : advice.choices) {
      EXPECT_TRUE(winning.count(MoveToString(start.geometry(), c.move)))
          << name << ": the book plays " << MoveToString(start.geometry(), c.move);
    }
    EXPECT_EQ(advice.choices[0].move.kind == Move::Kind::kSwap, winning.count("swap") == 1) << name;
  }
}

TEST(ShippedMapsTest, BaseTwoAgreesWithTheSolver) {
  ExpectBookAgreesWithSolver(2, Balancing::kStrongPie, 1);
  ExpectBookAgreesWithSolver(2, Balancing::kWeakPie, 1);
}

TEST(ShippedMapsTest, SlowBaseThreeAgreesWithTheSolver) {
  // One first turn in eleven of the 129 pairs and one stone in five of the 19, some half a
  // minute of solving on one core; docs/solutions.md has the whole board's tables.
  ExpectBookAgreesWithSolver(3, Balancing::kStrongPie, 11);
  ExpectBookAgreesWithSolver(3, Balancing::kWeakPie, 5);
}

TEST(ShippedMapsTest, KomiPieOfTheSolvedBoardsHasFairKomiOne) {
  for (int base : {2, 3}) {
    const OpeningBook book = Shipped(base, Balancing::kKomiPie);
    for (const MapEntry& entry : book.map().entries()) {
      EXPECT_TRUE(entry.exact());
      EXPECT_EQ(entry.chance, entry.komi == 0 ? 1 : 0) << base << " komi " << entry.komi;
    }
  }
}

}  // namespace
}  // namespace lifeline
