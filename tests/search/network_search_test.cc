// The search with a network (MctsOptions::network_visits): a node with enough visits is judged
// once, its children's policy shares become the network's and its value is kept for its
// owner; without a network, or with network_visits 0, the search is the one without.

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

#include "core/move.h"
#include "core/position.h"
#include "gtest/gtest.h"
#include "network/network.h"
#include "network/network_weights.h"
#include "search/mcts_player.h"
#include "search/priors.h"
#include "search_test_support.h"

namespace lifeline {
namespace {

using test::FakeClock;
using test::RandomPosition;
using test::SmallOptions;
using test::Visits;

std::shared_ptr<const Network> TinyNetwork() {
  absl::StatusOr<Network> network =
      Network::Load(std::string(LIFELINE_NETWORK_TEST_DATA) + "/tiny.net");
  EXPECT_TRUE(network.ok()) << network.status();
  return std::make_shared<const Network>(*std::move(network));
}

// tiny.net with a value layer that says `value` of every position.
std::shared_ptr<const Network> ConstantValueNetwork(double value) {
  absl::StatusOr<NetworkWeights> weights =
      ReadNetworkWeights(std::string(LIFELINE_NETWORK_TEST_DATA) + "/tiny.net");
  EXPECT_TRUE(weights.ok()) << weights.status();
  std::fill(weights->value.weights.begin(), weights->value.weights.end(), 0.0f);
  weights->value.bias[0] = static_cast<float>(std::log(value / (1 - value)));
  return std::make_shared<const Network>(Network(*std::move(weights)));
}

MctsOptions NetworkOptions() {
  MctsOptions options = SmallOptions();
  options.network_visits = 4;
  options.network_value_visits = 3;
  return options;
}

TEST(NetworkSearchTest, JudgedRootTakesTheNetworksPolicyAndValue) {
  const std::shared_ptr<const Network> network = TinyNetwork();
  const Position position = RandomPosition(5, Rules{}, 12, 5);
  ASSERT_FALSE(position.IsOver());
  ASSERT_FALSE(position.IsDoubleTurn());
  FakeClock clock;
  MctsPlayer player(NetworkOptions(), clock, MoveModel::Default(), network);
  Rng rng(1);
  EXPECT_TRUE(position.IsLegal(player.Search(position, Visits(200), rng, nullptr).move));

  const NetworkOutput output = network->Evaluate(position);
  const NodePool& pool = player.tree().pool();
  const Node& root = pool[0];
  ASSERT_EQ(root.judgement.load(), Judgement::kJudged);
  // The root counts the wins of the player who moved last: the opponent of the side to move.
  EXPECT_EQ(root.value.load(), std::lround((1 - output.value) * kPriorScale));
  double total = 0;
  for (uint32_t i = 0; i < root.num_children.load(); ++i) {
    total += output.policy[pool[root.first_child.load() + i].cell];
  }
  for (uint32_t i = 0; i < root.num_children.load(); ++i) {
    const Node& child = pool[root.first_child.load() + i];
    EXPECT_EQ(child.policy.load(), EncodePolicyShare(output.policy[child.cell] / total));
  }
  // Nodes below the threshold are left to the move model.
  int judged = 0, unjudged = 0;
  for (uint32_t i = 0; i < pool.size(); ++i) {
    const bool is_judged = pool[i].judgement.load() == Judgement::kJudged;
    if (is_judged) {
      EXPECT_GE(pool[i].visits.load(), 4) << "node " << i;
      EXPECT_GT(pool[i].num_children.load(), 0) << "node " << i;
    }
    (is_judged ? judged : unjudged)++;
  }
  EXPECT_GT(judged, 1);
  EXPECT_GT(unjudged, 0);
}

// A node judged with its first stone pending is its owner's to complete: the value stays the
// side to move's.
TEST(NetworkSearchTest, PendingRootKeepsTheMoversValue) {
  const std::shared_ptr<const Network> network = TinyNetwork();
  Position position(Geometry::ForBase(4), Rules{});
  position.Play(Move::Place(position.PlacementCells().Lowest()));
  FakeClock clock;
  MctsPlayer player(NetworkOptions(), clock, MoveModel::Default(), network);
  Rng rng(2);
  player.Search(position, Visits(100), rng, nullptr);
  const Node& root = player.tree().pool()[0];
  ASSERT_EQ(root.judgement.load(), Judgement::kJudged);
  EXPECT_EQ(root.value.load(), std::lround(network->Evaluate(position).value * kPriorScale));
}

TEST(NetworkSearchTest, NoNetworkOrNoVisitsIsTheSearchWithout) {
  const std::shared_ptr<const Network> network = TinyNetwork();
  const Position position = RandomPosition(5, Rules{}, 20, 9);
  ASSERT_FALSE(position.IsOver());
  FakeClock clock;
  // The value's share draws nothing where no node is judged.
  MctsOptions mixed = NetworkOptions();
  mixed.network_value_mix = 1;
  MctsOptions off = mixed;
  off.network_visits = 0;
  MctsPlayer plain(SmallOptions(), clock, MoveModel::Default());
  MctsPlayer without_network(mixed, clock, MoveModel::Default(), nullptr);
  MctsPlayer switched_off(off, clock, MoveModel::Default(), network);
  Rng rng1(4), rng2(4), rng3(4);
  const SearchResult a = plain.Search(position, Visits(500), rng1, nullptr);
  const SearchResult b = without_network.Search(position, Visits(500), rng2, nullptr);
  const SearchResult c = switched_off.Search(position, Visits(500), rng3, nullptr);
  EXPECT_TRUE(a.move == b.move);
  EXPECT_TRUE(a.move == c.move);
  EXPECT_EQ(plain.tree().pool().size(), without_network.tree().pool().size());
  EXPECT_EQ(plain.tree().pool().size(), switched_off.tree().pool().size());
  for (uint32_t i = 0; i < switched_off.tree().pool().size(); ++i) {
    EXPECT_EQ(switched_off.tree().pool()[i].judgement.load(), Judgement::kNone);
  }
}

// A player that has searched `position` for 4,000 visits with `network` and `options`.
std::unique_ptr<MctsPlayer> SearchUnder(std::shared_ptr<const Network> network,
                                        const MctsOptions& options, const Position& position) {
  static FakeClock clock;  // it never moves: the searches count visits, not time
  auto player = std::make_unique<MctsPlayer>(options, clock, MoveModel::Default(), network);
  Rng rng(7);
  player->Search(position, Visits(4000), rng, nullptr);
  return player;
}

double RootWinRate(const MctsPlayer& player) {
  const Node& root = player.tree().pool()[0];
  return root.wins.load() / static_cast<double>(root.visits.load());
}

// With the value's whole share, every simulation through a judged node counts the network's
// verdict there: a network that calls every position even holds the root near one half where
// the playouts lean to one side, and half the share holds it between.
TEST(NetworkSearchTest, ValueMixCountsTheNetworksVerdict) {
  const std::shared_ptr<const Network> even = ConstantValueNetwork(0.5);
  const Position position = RandomPosition(5, Rules{}, 22, 2);
  ASSERT_FALSE(position.IsOver());
  double rates[3];
  const double mixes[3] = {0, 0.5, 1};
  for (int i = 0; i < 3; ++i) {
    MctsOptions options = NetworkOptions();
    options.network_value_mix = mixes[i];
    rates[i] = RootWinRate(*SearchUnder(even, options, position));
  }
  ASSERT_GT(std::abs(rates[0] - 0.5), 0.12) << "the playouts must lean for the test to tell";
  EXPECT_NEAR(rates[2], 0.5, 0.03);
  EXPECT_NEAR(rates[1], (rates[0] + rates[2]) / 2, 0.05);
}

// The chooser's AMAF win rate over all the root's children: how its RAVE statistics score the
// simulations.
double RootAmafWinRate(const MctsPlayer& player) {
  const NodePool& pool = player.tree().pool();
  const Node& root = pool[0];
  double wins = 0, visits = 0;
  for (uint32_t i = 0; i < root.num_children.load(); ++i) {
    const Node& child = pool[root.first_child.load() + i];
    wins += child.amaf_wins.load();
    visits += child.amaf_visits.load();
  }
  return wins / visits;
}

// With rave_verdict the AMAF statistics of the nodes that count a verdict count it too: under
// a network that calls every position even, the root's AMAF win rate holds near one half where
// the playouts' winners lean to one side.
TEST(NetworkSearchTest, RaveVerdictCountsTheVerdictInAmaf) {
  const std::shared_ptr<const Network> even = ConstantValueNetwork(0.5);
  const Position position = RandomPosition(5, Rules{}, 22, 2);
  ASSERT_FALSE(position.IsOver());
  double rates[2];
  for (int i = 0; i < 2; ++i) {
    MctsOptions options = NetworkOptions();
    options.network_value_mix = 1;
    options.rave_verdict = i == 1;
    rates[i] = RootAmafWinRate(*SearchUnder(even, options, position));
  }
  ASSERT_GT(std::abs(rates[0] - 0.5), 0.1) << "the playouts must lean for the test to tell";
  EXPECT_NEAR(rates[1], 0.5, 0.03);
}

// Without judged_rave, a judged node's children are ranked without their AMAF statistics; when
// the network judges every node before its children are first chosen, no choice reads them,
// and the search makes the very choices of the search without RAVE.
TEST(NetworkSearchTest, NoJudgedRaveWithEveryNodeJudgedIsTheSearchWithoutRave) {
  const std::shared_ptr<const Network> network = TinyNetwork();
  const Position position = RandomPosition(5, Rules{}, 16, 3);
  ASSERT_FALSE(position.IsOver());
  MctsOptions options = NetworkOptions();
  options.network_visits = 1;
  options.judged_rave = true;
  MctsOptions without_judged_rave = options;
  without_judged_rave.judged_rave = false;
  MctsOptions without_rave = options;
  without_rave.rave = false;
  FakeClock clock;
  MctsPlayer with(options, clock, MoveModel::Default(), network);
  MctsPlayer a(without_judged_rave, clock, MoveModel::Default(), network);
  MctsPlayer b(without_rave, clock, MoveModel::Default(), network);
  Rng rng0(5), rng1(5), rng2(5);
  with.Search(position, Visits(1500), rng0, nullptr);
  a.Search(position, Visits(1500), rng1, nullptr);
  b.Search(position, Visits(1500), rng2, nullptr);
  const NodePool& pa = a.tree().pool();
  const NodePool& pb = b.tree().pool();
  ASSERT_EQ(pa.size(), pb.size());
  bool differs_from_rave = with.tree().pool().size() != pa.size();
  for (uint32_t i = 0; i < pa.size(); ++i) {
    EXPECT_EQ(pa[i].visits.load(), pb[i].visits.load()) << "node " << i;
    EXPECT_EQ(pa[i].wins.load(), pb[i].wins.load()) << "node " << i;
    if (i < with.tree().pool().size() &&
        with.tree().pool()[i].visits.load() != pa[i].visits.load()) {
      differs_from_rave = true;
    }
  }
  EXPECT_TRUE(differs_from_rave) << "RAVE must change the search for the test to tell";
}

// Several threads judging one tree (run under TSan by scripts/tsan.sh), on every rule set,
// through the opening where swap and komi spending are children too.
TEST(NetworkSearchTest, ThreadsAnswerLegalMovesWithTheNetwork) {
  const std::shared_ptr<const Network> network = TinyNetwork();
  for (const Balancing balancing :
       {Balancing::kStrongPie, Balancing::kWeakPie, Balancing::kKomiPie}) {
    const Rules rules{balancing, balancing == Balancing::kKomiPie ? 2 : 0};
    for (uint64_t seed = 0; seed < 6; ++seed) {
      const Position position = RandomPosition(4, rules, static_cast<int>(seed * 3), seed);
      if (position.IsOver()) continue;
      MctsOptions options = NetworkOptions();
      options.network_visits = 1;
      options.threads = 2;
      FakeClock clock;
      MctsPlayer player(options, clock, MoveModel::Default(), network);
      Rng rng(seed);
      const SearchResult result = player.Search(position, Visits(400), rng, nullptr);
      EXPECT_TRUE(position.IsLegal(result.move)) << MoveToString(position.geometry(), result.move);
    }
  }
}

// With network_leaves, no simulation plays a playout: every simulation's result is the
// network's, so a network that calls every position even holds the root at one half, and
// every expanded node below the root has been judged.
TEST(NetworkSearchTest, NetworkLeavesCountTheNetworksValueAlone) {
  const std::shared_ptr<const Network> even = ConstantValueNetwork(0.5);
  const Position position = RandomPosition(5, Rules{}, 22, 2);
  ASSERT_FALSE(position.IsOver());
  MctsOptions options = NetworkOptions();
  options.network_leaves = true;
  const std::unique_ptr<MctsPlayer> player = SearchUnder(even, options, position);
  EXPECT_NEAR(RootWinRate(*player), 0.5, 0.03);
  const auto& pool = player->tree().pool();
  int judged = 0;
  for (uint32_t i = 0; i < pool.size(); ++i) {
    if (pool[i].expansion.load() != Expansion::kExpanded || pool[i].num_children.load() == 0) {
      continue;
    }
    EXPECT_EQ(pool[i].judgement.load(), Judgement::kJudged) << i;
    ++judged;
  }
  EXPECT_GT(judged, 100);
}

// And its answers are legal under every rule, with threads, with a network that reads the
// rules and one that does not.
TEST(NetworkSearchTest, NetworkLeavesAnswerLegalMoves) {
  absl::StatusOr<Network> rules =
      Network::Load(std::string(LIFELINE_NETWORK_TEST_DATA) + "/rules.net");
  ASSERT_TRUE(rules.ok()) << rules.status();
  const std::shared_ptr<const Network> networks[] = {
      TinyNetwork(), std::make_shared<const Network>(*std::move(rules))};
  for (const std::shared_ptr<const Network>& network : networks) {
    for (const Balancing balancing : kBalancings) {
      const Rules game_rules{balancing, balancing == Balancing::kKomiPie ? 2 : 0};
      for (uint64_t seed = 0; seed < 4; ++seed) {
        const Position position = RandomPosition(4, game_rules, static_cast<int>(seed * 4), seed);
        if (position.IsOver()) continue;
        MctsOptions options = NetworkOptions();
        options.network_leaves = true;
        options.threads = 2;
        FakeClock clock;
        MctsPlayer player(options, clock, MoveModel::Default(), network);
        Rng rng(seed);
        const SearchResult result = player.Search(position, Visits(300), rng, nullptr);
        EXPECT_TRUE(position.IsLegal(result.move))
            << MoveToString(position.geometry(), result.move);
      }
    }
  }
}

}  // namespace
}  // namespace lifeline
