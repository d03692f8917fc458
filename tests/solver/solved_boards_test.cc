// The solved boards of docs/solutions.md that take under a minute, proved again: the winner
// of each, and every winning first turn or swap decision. Base 3 is labelled slow.

#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "core/move.h"
#include "core/position.h"
#include "gtest/gtest.h"
#include "solver/dfpn.h"

namespace lifeline {
namespace {

SolverOptions Table() {
  SolverOptions options;
  options.memory_bytes = int64_t{256} << 20;
  return options;
}

Position Start(int base, Balancing balancing, int komi = 0) {
  return Position(Geometry::ForBase(base), Rules{balancing, komi});
}

Position After(Position position, const std::vector<std::string>& moves) {
  for (const std::string& token : moves) {
    const Reading<Move> move = ReadMove(position.geometry(), token);
    EXPECT_TRUE(move.ok() && position.IsLegal(move.value)) << token;
    position.Play(move.value);
  }
  return position;
}

// "win" and the winning moves, "loss", or "unknown", as lifeline-solve_all answers.
std::string SolveAll(Solver& solver, const Position& position) {
  const SolveResult result = solver.SolveAll(position, SolveLimits{});
  if (result.verdict != Verdict::kWin) return VerdictName(result.verdict);
  std::vector<std::string> winning = {"win"};
  for (const MoveVerdict& move : result.moves) {
    if (move.verdict == Verdict::kWin) {
      winning.push_back(MoveToString(position.geometry(), move.move));
    }
  }
  return absl::StrJoin(winning, " ");
}

TEST(SolvedBoardsTest, BaseTwoStrongPieEveryFirstTurnIsSwapped) {
  Solver solver(Table(), RealClock::Instance());
  const Position start = Start(2, Balancing::kStrongPie);
  EXPECT_EQ(SolveAll(solver, start), "loss");
  for (const Move& first : start.LegalMoves()) {
    Position decision = start;
    decision.Play(first);
    EXPECT_EQ(SolveAll(solver, decision), "win swap") << MoveToString(start.geometry(), first);
  }
}

TEST(SolvedBoardsTest, BaseTwoWeakPieOnlyTheCentreIsNotSwapped) {
  Solver solver(Table(), RealClock::Instance());
  const Position start = Start(2, Balancing::kWeakPie);
  EXPECT_EQ(SolveAll(solver, start), "loss");
  EXPECT_EQ(SolveAll(solver, After(start, {"B2"})), "win A1 B1 A2 C2 B3 C3");
  for (const char* corner : {"A1", "B1", "A2", "C2", "B3", "C3"}) {
    EXPECT_EQ(SolveAll(solver, After(start, {corner})), "win swap") << corner;
  }
}

TEST(SolvedBoardsTest, BaseTwoKomiPieIsFairAtOnePoint) {
  Solver solver(Table(), RealClock::Instance());
  EXPECT_EQ(SolveAll(solver, Start(2, Balancing::kKomiPie, 0)), "win A1 B1 A2 C2 B3 C3");
  for (int komi = 1; komi <= 3; ++komi) {
    EXPECT_EQ(SolveAll(solver, Start(2, Balancing::kKomiPie, komi)), "loss") << komi;
  }
}

// A few seconds each in a Release build.
TEST(SolvedBoardsTest, SlowBaseThreeWeakPieTheCentreIsSwapped) {
  Solver solver(Table(), RealClock::Instance());
  EXPECT_EQ(SolveAll(solver, After(Start(3, Balancing::kWeakPie), {"C3"})), "win swap");
}

TEST(SolvedBoardsTest, SlowBaseThreeKomiPieWithoutKomiIsWonByBlack) {
  Solver solver(Table(), RealClock::Instance());
  const Position start = Start(3, Balancing::kKomiPie, 0);
  const SolveResult result = solver.Solve(start, SolveLimits{});
  ASSERT_EQ(result.verdict, Verdict::kWin);
  Position after = start;
  after.Play(result.move);
  EXPECT_EQ(solver.Solve(after, SolveLimits{}).verdict, Verdict::kLoss);
}

}  // namespace
}  // namespace lifeline
