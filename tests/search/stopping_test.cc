// When a search ends before its limits (the move is settled) and when it gives the game up.

#include <utility>

#include "core/move.h"
#include "core/position.h"
#include "gtest/gtest.h"
#include "search/mcts_player.h"
#include "search_test_support.h"

namespace lifeline {
namespace {

using test::FakeClock;
using test::RandomPosition;
using test::SideToMoveWins;
using test::SmallOptions;
using test::Visits;

SearchLimits Seconds(double seconds) {
  SearchLimits limits;
  limits.max_seconds = seconds;
  return limits;
}

// Every reading of the fake clock below advances it by 0.1 ms, and the search reads it once
// per simulation: a search of 0.5 s runs about 5000 simulations unless it stops early.
constexpr double kStep = 0.0001;
constexpr double kTarget = 0.5;
constexpr int64_t kSimulationsAtTarget = 5000;

TEST(StoppingTest, ALoneLegalMoveIsPlayedWithoutSpendingTheTime) {
  int found = 0;
  for (uint64_t seed = 0; seed < 400 && found < 3; ++seed) {
    const Position position = RandomPosition(3, Rules{}, 10 + static_cast<int>(seed % 8), seed);
    if (position.IsOver() || position.IsDoubleTurn() || position.LegalMoves().size() != 1) {
      continue;
    }
    ++found;
    MctsOptions options = SmallOptions();
    options.solver = false;  // the rule under test, not a proof, must end the search
    FakeClock clock(kStep);
    MctsPlayer player(options, clock, MoveModel::Default());
    Rng rng(seed);
    const SearchResult result = player.Search(position, Seconds(kTarget), rng, nullptr);
    EXPECT_EQ(result.move, position.LegalMoves().front());
    // It stops at its first look at the root, after a tenth of the target.
    EXPECT_LE(result.info.playouts, kSimulationsAtTarget / 10 + 100);
  }
  EXPECT_EQ(found, 3);
}

// Stopping early never changes the answer: a search that stopped because no other move could
// catch up plays the move that the whole budget would have played. One thread and a seed make
// the simulations the same whatever the limit, so the whole budget is a visit limit.
TEST(StoppingTest, ASettledMoveIsTheMoveTheWholeBudgetPlaysSlow) {
  int stopped_early = 0;
  for (uint64_t seed = 0; seed < 40 && stopped_early < 3; ++seed) {
    const Position position = RandomPosition(5, Rules{}, 20 + static_cast<int>(seed), seed);
    if (position.IsOver()) continue;
    MctsOptions options = SmallOptions();
    options.solver = false;
    FakeClock clock(kStep);
    MctsPlayer timed(options, clock, MoveModel::Default());
    Rng timed_rng(seed);
    const SearchResult early = timed.Search(position, Seconds(kTarget), timed_rng, nullptr);
    if (early.info.playouts >= kSimulationsAtTarget * 9 / 10) continue;
    ++stopped_early;
    FakeClock unused;
    MctsPlayer whole(options, unused, MoveModel::Default());
    Rng whole_rng(seed);
    const SearchResult full =
        whole.Search(position, Visits(kSimulationsAtTarget), whole_rng, nullptr);
    EXPECT_EQ(early.move, full.move) << position.board().ToDiagram();
  }
  EXPECT_EQ(stopped_early, 3);
}

// A search that may run on past its target for a critical move only stops early when even the
// extension could not change the move: never sooner than without the extension.
TEST(StoppingTest, TheExtensionCountsInTheSettledTestSlow) {
  int stopped_later = 0;
  for (uint64_t seed = 0; seed < 12; ++seed) {
    const Position position = RandomPosition(5, Rules{}, 20 + static_cast<int>(seed), seed);
    if (position.IsOver()) continue;
    MctsOptions options = SmallOptions();
    options.solver = false;
    const auto playouts = [&](double extended_seconds) {
      FakeClock clock(kStep);
      MctsPlayer player(options, clock, MoveModel::Default());
      Rng rng(seed);
      SearchLimits limits = Seconds(kTarget);
      limits.extended_seconds = extended_seconds;
      return player.Search(position, limits, rng, nullptr).info.playouts;
    };
    const int64_t without = playouts(0);
    const int64_t with = playouts(3 * kTarget);
    EXPECT_GE(with, without) << position.board().ToDiagram();
    stopped_later += with > without;
  }
  EXPECT_GT(stopped_later, 0);
}

// A small endgame that the side to move loses, as the solver proves it: given up when
// resigning is allowed. Otherwise the rest of the budget is searched without proofs, for the
// move with the best chances against an opponent that may not find the win.
TEST(StoppingTest, AProvenLossIsResignedOrPlayedForItsChances) {
  constexpr int64_t kBudget = 20000;
  for (uint64_t seed = 0; seed < 40; ++seed) {
    const Position position = RandomPosition(3, Rules{}, 12, seed);
    if (position.IsOver() || position.board().empty().Count() > 9 || SideToMoveWins(position)) {
      continue;
    }
    const auto search = [&](double resign_below) {
      MctsOptions options = SmallOptions();
      options.resign_below = resign_below;
      FakeClock clock;
      MctsPlayer player(options, clock, MoveModel::Default());
      Rng rng(seed);
      const SearchResult result = player.Search(position, Visits(kBudget), rng, nullptr);
      return std::make_pair(result, player.tree().root_proof());
    };
    const auto [resigned, proof] = search(0.01);
    if (proof == Proof::kUnknown) continue;  // not proven within the budget
    EXPECT_TRUE(resigned.resign) << position.board().ToDiagram();
    EXPECT_LT(resigned.info.playouts, kBudget);

    const auto [played, later_proof] = search(0.0);
    EXPECT_FALSE(played.resign);
    EXPECT_TRUE(position.IsLegal(played.move));
    EXPECT_EQ(played.info.playouts, kBudget);
    EXPECT_EQ(later_proof, Proof::kUnknown);  // the search after the proof makes none
    return;                                   // one proven loss is enough
  }
  FAIL() << "no proven loss found";
}

// Below the threshold, resignation waits for enough visits to trust the win rate, and never
// gives up a proven win.
TEST(StoppingTest, AWinRateBelowTheThresholdResignsAfterEnoughVisits) {
  const Position position = RandomPosition(5, Rules{}, 20, 7);
  ASSERT_FALSE(position.IsOver());
  MctsOptions options = SmallOptions();
  options.resign_below = 1.0;  // every unproven win rate is below it
  options.solver = false;
  const auto search = [&](int64_t visits) {
    FakeClock clock;
    MctsPlayer player(options, clock, MoveModel::Default());
    Rng rng(7);
    return player.Search(position, Visits(visits), rng, nullptr);
  };
  EXPECT_FALSE(search(MctsOptions::kResignMinVisits / 2).resign);
  EXPECT_TRUE(search(20 * MctsOptions::kResignMinVisits).resign);
}

}  // namespace
}  // namespace lifeline
