// The solving player's marks on the search's candidates: what the solver has proven of the
// position each leads to, except where a candidate hands the opponent the swap decision.

#include "solver/solving_player.h"

#include <algorithm>
#include <memory>
#include <tuple>

#include "core/position.h"
#include "core/random.h"
#include "gtest/gtest.h"
#include "search/mcts_player.h"
#include "search/move_model.h"
#include "search_test_support.h"
#include "solver/dfpn.h"

namespace lifeline {
namespace {

using test::FakeClock;
using test::RandomPosition;
using test::SideToMoveWins;
using test::Visits;

// A solving player over a small search; `tree_proofs` turns the search's own proofs on, so
// that without them every proof a candidate carries is the solver's.
std::unique_ptr<SolvingPlayer> MakeSolvingPlayer(const SteadyClock& clock, bool tree_proofs) {
  MctsOptions search = test::SmallOptions();
  search.solver = tree_proofs;
  SolverOptions solver;
  solver.memory_bytes = 8 << 20;
  return std::make_unique<SolvingPlayer>(
      std::make_unique<MctsPlayer>(search, clock, MoveModel::Default()),
      std::make_shared<Solver>(solver, clock), SolvingOptions{}, clock);
}

class SwapDecisionTest : public ::testing::TestWithParam<std::tuple<Balancing, bool>> {};

// Every move that leaves the opponent to decide the swap is lost, and the solver knows it
// without search; marking them all would overwrite what the search found out about each.
TEST_P(SwapDecisionTest, MovesIntoTheSwapDecisionKeepTheSearchsWinRates) {
  const auto [balancing, pending] = GetParam();
  FakeClock clock;
  std::unique_ptr<SolvingPlayer> player = MakeSolvingPlayer(clock, /*tree_proofs=*/true);
  Position position(Geometry::ForBase(5), Rules{balancing, 0});
  // Strong pie's first turn in two steps: its first stone stands, its partner is to come.
  if (pending) position.Play(Move::Place(position.PlacementCells().Lowest()));
  Rng rng(7);
  const SearchResult result = player->Search(position, Visits(400), rng, nullptr);
  ASSERT_FALSE(result.info.candidates.empty());
  double best = 0;
  for (const CandidateInfo& candidate : result.info.candidates) {
    Position next = position;
    next.Play(candidate.move);
    ASSERT_TRUE(next.CanSwap());
    EXPECT_EQ(candidate.proof, MoveProof::kUnknown);
    best = std::max(best, candidate.win_rate);
  }
  EXPECT_GT(best, 0.0);
}

INSTANTIATE_TEST_SUITE_P(FirstTurns, SwapDecisionTest,
                         ::testing::Values(std::make_tuple(Balancing::kStrongPie, false),
                                           std::make_tuple(Balancing::kStrongPie, true),
                                           std::make_tuple(Balancing::kWeakPie, false)));

// Elsewhere a candidate the solver has proven is still marked: in a lost position, with the
// search's own proofs off, every candidate's loss comes from the solver's table alone.
TEST(SolvingPlayerTest, MarksEveryCandidateOfALostPosition) {
  FakeClock clock;
  int checked = 0;
  for (uint64_t seed = 0; seed < 200 && checked < 5; ++seed) {
    const Position position = RandomPosition(3, Rules{}, 8, seed);
    // Positions small enough for the solver to run before the search (solve-empty).
    if (position.IsOver() || position.CanSwap() ||
        position.board().empty().Count() > SolvingOptions{}.max_empty_cells ||
        SideToMoveWins(position)) {
      continue;
    }
    ++checked;
    std::unique_ptr<SolvingPlayer> player = MakeSolvingPlayer(clock, /*tree_proofs=*/false);
    Rng rng(seed);
    const SearchResult result = player->Search(position, Visits(1000), rng, nullptr);
    ASSERT_FALSE(result.resign);
    EXPECT_TRUE(position.IsLegal(result.move));
    ASSERT_FALSE(result.info.candidates.empty());
    for (const CandidateInfo& candidate : result.info.candidates) {
      EXPECT_EQ(candidate.proof, MoveProof::kLoss) << "seed " << seed;
      EXPECT_EQ(candidate.win_rate, 0.0);
    }
  }
  EXPECT_EQ(checked, 5);
}

}  // namespace
}  // namespace lifeline
