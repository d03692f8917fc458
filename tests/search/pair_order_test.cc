// The double turn's two orders as one action (MctsOptions::merge_pair_orders): the tree
// chooses a pair's lower cell first, and still answers a first stone given at the root with
// any of its partners.

#include <set>
#include <utility>

#include "core/move.h"
#include "core/position.h"
#include "gtest/gtest.h"
#include "search/mcts_player.h"
#include "search_test_support.h"

namespace lifeline {
namespace {

using test::FakeClock;
using test::SmallOptions;
using test::Visits;

// The cells of the children of an expanded node, or none.
std::set<Cell> ChildCells(const NodePool& pool, uint32_t index) {
  std::set<Cell> cells;
  const Node& node = pool[index];
  if (node.expansion.load() != Expansion::kExpanded) return cells;
  for (uint32_t i = 0; i < node.num_children.load(); ++i) {
    const Node& child = pool[node.first_child.load() + i];
    if (child.kind == Move::Kind::kPlace) cells.insert(child.cell);
  }
  return cells;
}

TEST(PairOrderTest, EachPairIsOnePathOfTheTree) {
  const Position start(Geometry::ForBase(4), Rules{});
  FakeClock clock;
  MctsPlayer player(SmallOptions(), clock, MoveModel::Default());
  Rng rng(7);
  const SearchResult result = player.Search(start, Visits(3000), rng, nullptr);
  EXPECT_TRUE(start.IsLegal(result.move));
  const NodePool& pool = player.tree().pool();
  const std::set<Cell> firsts = ChildCells(pool, 0);
  std::set<Cell> expected;
  start.OrderedPairCells().ForEach([&](Cell c) { expected.insert(c); });
  EXPECT_EQ(firsts, expected);
  // Every expanded first stone offers exactly its partners above it.
  int expanded = 0;
  const Node& root = pool[0];
  for (uint32_t i = 0; i < root.num_children.load(); ++i) {
    const uint32_t index = root.first_child.load() + i;
    const std::set<Cell> partners = ChildCells(pool, index);
    if (partners.empty()) continue;
    ++expanded;
    Position after = start;
    after.Play(Move::Place(pool[index].cell));
    std::set<Cell> above;
    after.OrderedPairCells().ForEach([&](Cell c) { above.insert(c); });
    EXPECT_EQ(partners, above);
    EXPECT_GT(*partners.begin(), pool[index].cell);
  }
  EXPECT_GT(expanded, 0);
}

TEST(PairOrderTest, BothOrdersSearchedWhenSwitchedOff) {
  const Position start(Geometry::ForBase(4), Rules{});
  MctsOptions options = SmallOptions();
  options.merge_pair_orders = false;
  FakeClock clock;
  MctsPlayer player(options, clock, MoveModel::Default());
  Rng rng(7);
  player.Search(start, Visits(300), rng, nullptr);
  std::set<Cell> expected;
  start.PlacementCells().ForEach([&](Cell c) { expected.insert(c); });
  EXPECT_EQ(ChildCells(player.tree().pool(), 0), expected);
}

// A first stone played before the search (the highest cell that starts a pair, whose partners
// all lie below it) is completed by one of them, also when the tree searched the whole double
// turn before.
TEST(PairOrderTest, FirstStoneAtTheRootGetsItsPartnersBelow) {
  Position position(Geometry::ForBase(4), Rules{});
  FakeClock clock;
  MctsPlayer player(SmallOptions(), clock, MoveModel::Default());
  Rng rng(3);
  player.Search(position, Visits(2000), rng, nullptr);
  Cell highest = kNoCell;
  position.PlacementCells().ForEach([&](Cell c) { highest = c; });
  position.Play(Move::Place(highest));
  ASSERT_TRUE(position.OrderedPairCells().None());
  const SearchResult result = player.Search(position, Visits(500), rng, nullptr);
  ASSERT_EQ(result.move.kind, Move::Kind::kPlace);
  EXPECT_LT(result.move.first, highest);
  EXPECT_TRUE(position.IsLegal(result.move));
}

}  // namespace
}  // namespace lifeline
