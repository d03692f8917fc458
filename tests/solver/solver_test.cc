// The exact solver against brute-force minimax over the tests' reference rules: every
// position of base 2 under every balancing method, and random positions of bases 3, 4 and 5
// near their end (base 5 on a board of two words, which the solver searches at that width); every
// phase, the opening pairs, the swap, komi and a standing first stone.

#include <string>
#include <vector>

#include "core/board_width.h"
#include "core/notation.h"
#include "core/position.h"
#include "core/random.h"
#include "core/symmetry.h"
#include "gtest/gtest.h"
#include "minimax.h"
#include "reference_rules.h"
#include "solver/dfpn.h"
#include "solver/solver_key.h"
#include "test_support.h"

namespace lifeline {
namespace {

using reference::Action;
using reference::RefGame;

constexpr SolveLimits kNoLimit{};

// A solver with a table small enough to set up at once; these positions need far less.
SolverOptions SmallTable() {
  SolverOptions options;
  options.memory_bytes = 8 << 20;
  return options;
}

Verdict Expected(bool wins) { return wins ? Verdict::kWin : Verdict::kLoss; }

// A position of the engine and the same game in the reference, moved together.
struct Twin {
  Position position;
  RefGame ref;

  Twin(int base, const Rules& rules)
      : position(Geometry::ForBase(base), rules),
        ref(base, test::ToMethod(rules.balancing), rules.komi) {}

  void Play(const Action& action) {
    position.Play(test::ToMove(position.geometry(), action));
    ref.Play(action);
  }
};

std::string Describe(const Twin& twin) {
  return twin.position.board().ToDiagram() + "to move: " + ColorName(twin.position.to_move()) +
         ", turns " + std::to_string(twin.position.opening_turns()) + ", komi " +
         std::to_string(twin.position.komi_left());
}

// Checks Solve and SolveAll on a position that is not over against minimax.
void ExpectSolvedLikeMinimax(Solver& solver, const Twin& twin, test::Minimax& minimax) {
  const Geometry& geometry = twin.position.geometry();
  const SolveResult solved = solver.Solve(twin.position, kNoLimit);
  const bool wins = minimax.Wins(twin.ref);
  ASSERT_EQ(solved.verdict, Expected(wins)) << Describe(twin);
  if (wins) {
    // The move given must win.
    RefGame after = twin.ref;
    after.Play(test::ToAction(geometry, solved.move));
    EXPECT_FALSE(minimax.Wins(after)) << MoveToString(geometry, solved.move) << "\n"
                                      << Describe(twin);
  }
  const SolveResult all = solver.SolveAll(twin.position, kNoLimit);
  EXPECT_EQ(all.verdict, Expected(wins));
  for (const MoveVerdict& move : all.moves) {
    RefGame after = twin.ref;
    after.Play(test::ToAction(geometry, move.move));
    EXPECT_EQ(move.verdict, Expected(!minimax.Wins(after)))
        << MoveToString(geometry, move.move) << "\n"
        << Describe(twin);
  }
}

// Every position reachable on base 2, each checked once.
void CheckEveryPosition(Solver& solver, Twin twin, test::Minimax& minimax, int& checked) {
  const std::vector<Action> actions = twin.ref.LegalActions();
  if (actions.empty()) return;
  ExpectSolvedLikeMinimax(solver, twin, minimax);
  ++checked;
  for (const Action& action : actions) {
    Twin next = twin;
    next.Play(action);
    CheckEveryPosition(solver, next, minimax, checked);
  }
}

std::vector<Rules> AllRules(int max_komi) {
  std::vector<Rules> rules = {Rules{Balancing::kStrongPie, 0}, Rules{Balancing::kWeakPie, 0}};
  for (int komi = 0; komi <= max_komi; ++komi) rules.push_back(Rules{Balancing::kKomiPie, komi});
  return rules;
}

TEST(SolverTest, AgreesWithMinimaxOnEveryPositionOfBaseTwo) {
  for (const Rules& rules : AllRules(3)) {
    Solver solver(SmallTable(), RealClock::Instance());
    test::Minimax minimax;
    int checked = 0;
    CheckEveryPosition(solver, Twin(2, rules), minimax, checked);
    EXPECT_GT(checked, 20) << BalancingName(rules.balancing);
  }
}

// A random game played until at most `empty` cells are left; false when it ended first.
bool PlayUntil(Twin& twin, int empty, Rng& rng) {
  while (twin.position.board().empty().Count() > empty) {
    const std::vector<Action> actions = twin.ref.LegalActions();
    if (actions.empty()) return false;
    twin.Play(actions[rng.Below(static_cast<uint32_t>(actions.size()))]);
  }
  return !twin.ref.LegalActions().empty();
}

class SolverRandomTest : public testing::TestWithParam<int> {};

TEST_P(SolverRandomTest, AgreesWithMinimaxOnRandomEndgames) {
  const int base = GetParam();
  Rng rng(static_cast<uint64_t>(base) * 7919);
  int checked = 0;
  for (const Rules& rules : AllRules(2)) {
    Solver solver(SmallTable(), RealClock::Instance());
    test::Minimax minimax;
    // Random games on base 5 mostly end, one side wiped out, before so few cells are empty.
    const int games = base == 5 ? 100 : 50;
    for (int game = 0; game < games; ++game) {
      Twin twin(base, rules);
      const int empty = base == 3   ? 6 + static_cast<int>(rng.Below(5))
                        : base == 4 ? 5 + static_cast<int>(rng.Below(4))
                                    : 4 + static_cast<int>(rng.Below(2));
      if (!PlayUntil(twin, empty, rng)) continue;
      ExpectSolvedLikeMinimax(solver, twin, minimax);
      ++checked;
    }
  }
  EXPECT_GT(checked, base == 5 ? 30 : 100);
}

INSTANTIATE_TEST_SUITE_P(Bases, SolverRandomTest, testing::Values(3, 4, 5),
                         [](const testing::TestParamInfo<int>& param_info) {
                           return "Base" + std::to_string(param_info.param);
                         });

// A double turn entered stone by stone: with the first stone standing, the side to move wins
// when some partner makes a winning pair.
TEST(SolverTest, AStandingFirstStoneIsCompletedLikeAPair) {
  for (Balancing balancing : {Balancing::kStrongPie}) {
    Twin start(2, Rules{balancing, 0});
    test::Minimax minimax;
    Solver solver(SmallTable(), RealClock::Instance());
    std::vector<Twin> turns = {start};
    // Black's double turn and, after it, White's.
    Twin after_black = start;
    after_black.Play(start.ref.LegalActions().front());
    turns.push_back(after_black);
    for (const Twin& twin : turns) {
      const Geometry& geometry = twin.position.geometry();
      twin.position.PlacementCells().ForEach([&](Cell first) {
        Position pending = twin.position;
        pending.Play(Move::Place(first));
        bool wins = false;
        for (const Move& completion : pending.LegalMoves()) {
          RefGame after = twin.ref;
          after.Play(test::ToAction(geometry, Move::Pair(first, completion.first)));
          const bool completion_wins = !minimax.Wins(after);
          wins = wins || completion_wins;
          Position completed = pending;
          completed.Play(completion);
          const SolveResult child = solver.Solve(completed, kNoLimit);
          EXPECT_EQ(child.verdict, Expected(!completion_wins));
        }
        EXPECT_EQ(solver.Solve(pending, kNoLimit).verdict, Expected(wins))
            << CellName(geometry, first);
      });
    }
  }
}

// The images of a position under the board's symmetries share the canonical key and the
// verdict.
TEST(SolverTest, SymmetricImagesShareTheirKeyAndVerdict) {
  const Symmetries& symmetries = Symmetries::ForBase(4);
  const Geometry& geometry = symmetries.geometry();
  Rng rng(17);
  for (int game = 0; game < 20; ++game) {
    Twin twin(4, Rules{Balancing::kKomiPie, 1});
    std::vector<Action> played;
    const int empty = 6 + static_cast<int>(rng.Below(4));
    while (twin.position.board().empty().Count() > empty && !twin.ref.LegalActions().empty()) {
      const std::vector<Action> actions = twin.ref.LegalActions();
      played.push_back(actions[rng.Below(static_cast<uint32_t>(actions.size()))]);
      twin.Play(played.back());
    }
    if (twin.ref.LegalActions().empty()) continue;
    Solver solver(SmallTable(), RealClock::Instance());
    const Verdict verdict = solver.Solve(twin.position, kNoLimit).verdict;
    for (int k = 1; k < Symmetries::kCount; ++k) {
      Position image(geometry, twin.position.rules());
      for (const Action& action : played) {
        Move move = test::ToMove(geometry, action);
        move.first = symmetries.Map(k, move.first);
        move.second = symmetries.Map(k, move.second);
        if (move.kind == Move::Kind::kPair) move = Move::Pair(move.first, move.second);
        ASSERT_TRUE(image.IsLegal(move));
        image.Play(move);
      }
      EXPECT_EQ(CanonicalSolverKey(image, symmetries),
                CanonicalSolverKey(twin.position, symmetries));
      EXPECT_EQ(SymmetricSolverKey(twin.position, symmetries, k), SolverKey(image));
      Solver fresh(SmallTable(), RealClock::Instance());
      EXPECT_EQ(fresh.Solve(image, kNoLimit).verdict, verdict);
    }
  }
}

// The solver searches on the position sized to its base; the keys it stores there must be
// the keys of the full-width position, which Known and the next solve look up.
TEST(SolverTest, EveryWidthGivesTheSameKeys) {
  Rng rng(23);
  for (int base = 2; base <= 12; ++base) {
    const Symmetries& symmetries = Symmetries::ForBase(base);
    for (int game = 0; game < 4; ++game) {
      Position position(Geometry::ForBase(base), Rules{Balancing::kKomiPie, 2});
      while (!position.IsOver()) {
        WithBoardWidth(position.geometry(), [&](auto width) {
          const BasicPosition<decltype(width)::value> sized(position);
          EXPECT_EQ(SolverKey(sized), SolverKey(position)) << base;
          EXPECT_EQ(CanonicalSolverKey(sized, symmetries), CanonicalSolverKey(position, symmetries))
              << base;
        });
        const std::vector<Move> moves = position.LegalMoves();
        position.Play(moves[rng.Below(static_cast<uint32_t>(moves.size()))]);
      }
    }
  }
}

TEST(SolverTest, LimitsEndASolveWithUnknown) {
  const Position start(Geometry::ForBase(5), Rules{Balancing::kKomiPie, 3});
  Solver solver(SmallTable(), RealClock::Instance());
  SolveLimits limits;
  limits.max_nodes = 50;
  SolveResult result = solver.Solve(start, limits);
  EXPECT_EQ(result.verdict, Verdict::kUnknown);
  EXPECT_LE(result.nodes, 60);
  StopSignal stop;
  stop.Set();
  SolveLimits stopped;
  stopped.stop = &stop;
  result = solver.SolveAll(start, stopped);
  EXPECT_EQ(result.verdict, Verdict::kUnknown);
  EXPECT_EQ(result.moves.size(), start.LegalMoves().size());
}

TEST(SolverTest, TheTableNeverExceedsItsMemory) {
  for (int64_t megabytes : {1, 3, 10}) {
    SolverOptions options;
    options.memory_bytes = megabytes << 20;
    Solver solver(options, RealClock::Instance());
    EXPECT_LE(solver.table().memory_bytes(), options.memory_bytes);
    EXPECT_GT(solver.table().memory_bytes(), options.memory_bytes / 2);
    SolveLimits limits;
    limits.max_nodes = 20000;
    solver.Solve(Position(Geometry::ForBase(4), Rules{Balancing::kKomiPie, 0}), limits);
    EXPECT_LE(solver.table().used(), solver.table().capacity());
  }
}

}  // namespace
}  // namespace lifeline
