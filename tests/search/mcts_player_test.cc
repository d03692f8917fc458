#include "search/mcts_player.h"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <vector>

#include "core/move.h"
#include "core/position.h"
#include "gtest/gtest.h"
#include "search_test_support.h"

namespace lifeline {
namespace {

using test::FakeClock;
using test::RandomPosition;
using test::SmallOptions;
using test::Visits;

// Expects a legal move of the right shape: a pair on a double turn, a completion when a
// first stone is pending.
void ExpectLegalAnswer(const Position& position, const SearchResult& result) {
  ASSERT_FALSE(result.resign);
  EXPECT_TRUE(position.IsLegal(result.move))
      << MoveToString(position.geometry(), result.move) << " on\n"
      << position.board().ToDiagram();
  if (position.IsDoubleTurn() && position.pending_stone() == kNoCell) {
    EXPECT_NE(result.move.kind, Move::Kind::kPlace);
  }
}

class MctsLegalityTest : public ::testing::TestWithParam<std::tuple<Balancing, int, bool>> {};

TEST_P(MctsLegalityTest, NeverAnswersAnIllegalMove) {
  const auto [balancing, base, plain] = GetParam();
  const Rules rules{balancing, balancing == Balancing::kKomiPie ? 3 : 0};
  MctsOptions options = plain ? MctsOptions::PlainUct() : SmallOptions();
  options.memory_bytes = int64_t{16} << 20;
  FakeClock clock;
  MctsPlayer player(options, clock, MoveModel::Default());
  for (uint64_t seed = 0; seed < 12; ++seed) {
    // Early seeds stay in the opening (double turns, swap, setup), later ones go deeper.
    const int actions = static_cast<int>(seed < 6 ? seed : seed * 7);
    Position position = RandomPosition(base, rules, actions, seed);
    if (position.IsOver()) continue;
    Rng rng(seed);
    ExpectLegalAnswer(position, player.Search(position, Visits(300), rng, nullptr));
    if (position.IsDoubleTurn()) {
      // With the first stone on the board, the answer is its partner.
      position.Play(Move::Place(position.PlacementCells().Lowest()));
      const SearchResult result = player.Search(position, Visits(300), rng, nullptr);
      ExpectLegalAnswer(position, result);
      EXPECT_EQ(result.move.kind, Move::Kind::kPlace);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllRules, MctsLegalityTest,
                         ::testing::Combine(::testing::Values(Balancing::kStrongPie,
                                                              Balancing::kWeakPie,
                                                              Balancing::kKomiPie),
                                            ::testing::Values(3, 5), ::testing::Bool()));

TEST(MctsPlayerTest, ConsidersSwapAndKomi) {
  FakeClock clock;
  MctsPlayer player(SmallOptions(), clock, MoveModel::Default());
  // White's first turn under strong pie: the swap is a candidate.
  Position strong = RandomPosition(5, Rules{}, 1, 3);
  ASSERT_TRUE(strong.CanSwap());
  Rng rng(1);
  const SearchResult result = player.Search(strong, Visits(2000), rng, nullptr);
  ExpectLegalAnswer(strong, result);
  bool swap_searched = false;
  for (const CandidateInfo& candidate : result.info.candidates) {
    swap_searched |= candidate.move == Move::Swap();
  }
  EXPECT_TRUE(swap_searched);
  // White after the komi-pie setup: spending komi is a candidate.
  Position komi = RandomPosition(5, Rules{Balancing::kKomiPie, 2}, 5, 4);
  ASSERT_TRUE(komi.CanSpendKomi());
  const SearchResult komi_result = player.Search(komi, Visits(2000), rng, nullptr);
  ExpectLegalAnswer(komi, komi_result);
  bool komi_searched = false;
  for (const CandidateInfo& candidate : komi_result.info.candidates) {
    komi_searched |= candidate.move == Move::SpendKomi();
  }
  EXPECT_TRUE(komi_searched);
}

// Above White's swap decision every simulation is a win for exactly one of two players: the
// one who made Black's opening (the root's owner) and the one who now decides, whatever the
// colour each holds at the end. So the root's wins and its children's add up to the
// simulations that went through a child, swaps included.
TEST(MctsPlayerTest, WinsAboveASwapCountForThePlayerNotTheColour) {
  const Position position = RandomPosition(5, Rules{}, 1, 3);
  ASSERT_TRUE(position.CanSwap());
  MctsOptions options = SmallOptions();
  options.priors = false;
  options.solver = false;
  // Wide exploration, so that the swap gets enough visits for its wins to be counted.
  options.exploration = 0.5;
  FakeClock clock;
  MctsPlayer player(options, clock, MoveModel::Default());
  Rng rng(3);
  player.Search(position, Visits(4000), rng, nullptr);
  const NodePool& pool = player.tree().pool();
  const Node& root = pool[0];
  int64_t children_wins = 0;
  int32_t swap_visits = 0;
  const uint32_t first = root.first_child.load();
  for (uint32_t i = first; i < first + root.num_children.load(); ++i) {
    children_wins += pool[i].wins.load();
    if (pool[i].kind == Move::Kind::kSwap) swap_visits = pool[i].visits.load();
  }
  EXPECT_GT(swap_visits, 20);
  // The one simulation before the root was expanded went through no child.
  EXPECT_EQ(root.wins.load() + children_wins, root.visits.load() - 1);
}

TEST(MctsPlayerTest, TwoThreadsAnswerLegalMoves) {
  MctsOptions options = SmallOptions();
  options.threads = 2;
  FakeClock clock;
  MctsPlayer player(options, clock, MoveModel::Default());
  for (uint64_t seed = 0; seed < 6; ++seed) {
    const Position position = RandomPosition(5, Rules{}, static_cast<int>(seed * 5), seed);
    if (position.IsOver()) continue;
    Rng rng(seed);
    const SearchResult result = player.Search(position, Visits(2000), rng, nullptr);
    ExpectLegalAnswer(position, result);
    EXPECT_EQ(result.info.playouts, 2000);
  }
}

TEST(MctsPlayerTest, OneThreadIsDeterministicForASeed) {
  const Position position = RandomPosition(7, Rules{}, 6, 11);
  const auto run = [&] {
    FakeClock clock;
    MctsPlayer player(SmallOptions(), clock, MoveModel::Default());
    Rng rng(42);
    return player.Search(position, Visits(3000), rng, nullptr);
  };
  const SearchResult a = run();
  const SearchResult b = run();
  EXPECT_EQ(a.move, b.move);
  ASSERT_EQ(a.info.candidates.size(), b.info.candidates.size());
  for (size_t i = 0; i < a.info.candidates.size(); ++i) {
    EXPECT_EQ(a.info.candidates[i].move, b.info.candidates[i].move);
    EXPECT_EQ(a.info.candidates[i].visits, b.info.candidates[i].visits);
  }
}

TEST(MctsPlayerTest, TreeStaysWithinItsMemoryLimitSlow) {
  MctsOptions options;
  options.memory_bytes = 2000 * static_cast<int64_t>(NodePool::kNodeBytes);
  FakeClock clock;
  MctsPlayer player(options, clock, MoveModel::Default());
  const Position position = RandomPosition(7, Rules{}, 4, 5);
  Rng rng(5);
  const SearchResult result = player.Search(position, Visits(20000), rng, nullptr);
  ExpectLegalAnswer(position, result);
  EXPECT_EQ(player.tree().pool().capacity(), 2000u);
  EXPECT_LE(player.tree().pool().size(), 2000u);
  EXPECT_GT(player.tree().pool().size(), 1000u);  // it did grow until nearly full
  EXPECT_EQ(result.info.playouts, 20000);
}

// Both threads race for the last blocks of a small pool: the limit still holds, every
// simulation is counted once, and the answer is legal.
TEST(MctsPlayerTest, TwoThreadsStayWithinTheMemoryLimit) {
  MctsOptions options;
  options.threads = 2;
  options.memory_bytes = 2000 * static_cast<int64_t>(NodePool::kNodeBytes);
  FakeClock clock;
  MctsPlayer player(options, clock, MoveModel::Default());
  Position position = RandomPosition(7, Rules{}, 10, 8);
  Rng rng(8);
  for (int move = 0; move < 3 && !position.IsOver(); ++move) {
    const SearchResult result = player.Search(position, Visits(5000), rng, nullptr);
    ExpectLegalAnswer(position, result);
    EXPECT_LE(player.tree().pool().size(), 2000u);
    EXPECT_EQ(result.info.playouts, 5000);
    position.Play(result.move);  // the next search reuses the subtree
  }
}

TEST(MctsPlayerTest, StopsAtTheTimeLimit) {
  // Every reading of the clock advances it by a millisecond: 0.05 s is about 50 simulations.
  FakeClock clock(0.001);
  MctsPlayer player(SmallOptions(), clock, MoveModel::Default());
  const Position position = RandomPosition(5, Rules{}, 4, 2);
  SearchLimits limits;
  limits.max_seconds = 0.05;
  Rng rng(2);
  const SearchResult result = player.Search(position, limits, rng, nullptr);
  ExpectLegalAnswer(position, result);
  EXPECT_GE(result.info.playouts, 40);
  EXPECT_LE(result.info.playouts, 50);
}

TEST(MctsPlayerTest, StopFlagEndsTheSearchWithALegalMove) {
  FakeClock clock;
  MctsPlayer player(SmallOptions(), clock, MoveModel::Default());
  const Position position = RandomPosition(5, Rules{}, 8, 9);
  StopSignal stop;
  stop.Set();
  SearchLimits limits;
  limits.stop = &stop;
  Rng rng(9);
  const SearchResult result = player.Search(position, limits, rng, nullptr);
  ExpectLegalAnswer(position, result);
  EXPECT_EQ(result.info.playouts, 0);
}

TEST(MctsPlayerTest, ReusesTheSubtreeOfTheNextPosition) {
  FakeClock clock;
  MctsPlayer player(SmallOptions(), clock, MoveModel::Default());
  Position position = RandomPosition(5, Rules{}, 6, 13);
  Rng rng(13);
  const SearchResult first = player.Search(position, Visits(5000), rng, nullptr);
  ASSERT_FALSE(first.info.candidates.empty());
  const std::vector<Move>& pv = first.info.candidates.front().principal_variation;
  ASSERT_GE(pv.size(), 2u);
  position.Play(pv[0]);
  position.Play(pv[1]);
  const SearchResult second = player.Search(position, Visits(100), rng, nullptr);
  ExpectLegalAnswer(position, second);
  // The root kept the visits it had as a grandchild.
  EXPECT_GT(second.info.visits, 100);
  player.NewGame();
  const SearchResult fresh = player.Search(position, Visits(100), rng, nullptr);
  EXPECT_EQ(fresh.info.visits, 100);
}

TEST(MctsPlayerTest, ReportsProgressWhenAsked) {
  FakeClock clock(0.001);
  MctsPlayer player(SmallOptions(), clock, MoveModel::Default());
  const Position position = RandomPosition(5, Rules{}, 4, 2);
  int reports = 0;
  Rng rng(2);
  SearchLimits limits = Visits(100);
  limits.report_interval = 0.01;
  player.Search(position, limits, rng, [&](const SearchInfo& info) {
    ++reports;
    EXPECT_LE(info.playouts, 100);
  });
  EXPECT_GE(reports, 5);
}

// With lcb-z the move played is, among the candidates with at least kLcbVisitShare of the most
// visited one's visits, the one whose win rate stands highest lcb_z standard errors below it;
// checked from the candidates the search reports.
TEST(MctsPlayerTest, LcbChoosesTheHighestLowerBoundAmongTheWellVisited) {
  MctsOptions options = SmallOptions();
  options.lcb_z = 1.96;
  options.solver = false;
  int differing = 0;
  for (uint64_t seed = 0; seed < 16; ++seed) {
    const Position position = RandomPosition(5, Rules{}, 10 + static_cast<int>(seed), seed);
    if (position.IsOver() || position.IsDoubleTurn()) continue;
    FakeClock clock;
    MctsPlayer player(options, clock, MoveModel::Default());
    Rng rng(seed);
    const SearchResult result = player.Search(position, Visits(1500), rng, nullptr);
    const std::vector<CandidateInfo>& candidates = result.info.candidates;
    ASSERT_FALSE(candidates.empty());
    int64_t most = 0;
    for (const CandidateInfo& c : candidates) most = std::max(most, c.visits);
    const auto bound = [&](const CandidateInfo& c) {
      const double p = c.win_rate;
      return p - options.lcb_z * std::sqrt(p * (1 - p) / static_cast<double>(c.visits));
    };
    const CandidateInfo* best = nullptr;
    const CandidateInfo* most_visited = nullptr;
    for (const CandidateInfo& c : candidates) {
      if (c.visits == most && most_visited == nullptr) most_visited = &c;
      if (c.proof == MoveProof::kLoss) continue;
      if (c.visits < MctsOptions::kLcbVisitShare * static_cast<double>(most)) continue;
      if (best == nullptr || bound(c) > bound(*best) + 1e-12) best = &c;
    }
    ASSERT_NE(best, nullptr);
    EXPECT_EQ(result.move, best->move) << MoveToString(position.geometry(), result.move);
    if (best->move != most_visited->move) ++differing;
  }
  // Not a test of strength: only that the choice is not always the most visited anyway.
  RecordProperty("choices_unlike_most_visited", differing);
}

// Variance-scaled exploration changes where the visits go, and the answers stay legal under
// every rule.
TEST(MctsPlayerTest, VarianceScaledExplorationSearchesLegally) {
  for (const Balancing balancing : kBalancings) {
    const Rules rules{balancing, balancing == Balancing::kKomiPie ? 3 : 0};
    int changed = 0;
    for (uint64_t seed = 0; seed < 6; ++seed) {
      const Position position = RandomPosition(5, rules, 6 + static_cast<int>(seed) * 5, seed);
      if (position.IsOver()) continue;
      const auto run = [&](bool variance) {
        MctsOptions options = SmallOptions();
        options.variance_exploration = variance;
        FakeClock clock;
        MctsPlayer player(options, clock, MoveModel::Default());
        Rng rng(seed);
        return player.Search(position, Visits(800), rng, nullptr);
      };
      const SearchResult scaled = run(true);
      ExpectLegalAnswer(position, scaled);
      const SearchResult plain = run(false);
      bool same = scaled.info.candidates.size() == plain.info.candidates.size();
      for (size_t i = 0; same && i < plain.info.candidates.size(); ++i) {
        same = scaled.info.candidates[i].visits == plain.info.candidates[i].visits;
      }
      changed += same ? 0 : 1;
    }
    EXPECT_GT(changed, 0) << BalancingName(balancing);
  }
}

}  // namespace
}  // namespace lifeline
