#include "search/node_pool.h"

#include "gtest/gtest.h"

namespace lifeline {
namespace {

// Makes node `parent` expanded with `count` fresh children whose cells are `first_cell`,
// first_cell + 1, ...; returns the index of the first child.
uint32_t Expand(NodePool& pool, uint32_t parent, uint32_t count, int first_cell) {
  const uint32_t first = pool.Allocate(count);
  EXPECT_NE(first, 0u);
  for (uint32_t i = 0; i < count; ++i) {
    pool[first + i].SetMove(Move::Place(first_cell + static_cast<int>(i)));
    pool[first + i].visits.store(first_cell + static_cast<int>(i));
  }
  pool[parent].first_child.store(first);
  pool[parent].num_children.store(static_cast<uint16_t>(count));
  pool[parent].expansion.store(Expansion::kExpanded);
  return first;
}

TEST(NodePoolTest, NeverHandsOutMoreThanItsBudget) {
  NodePool pool(100 * NodePool::kNodeBytes);
  EXPECT_EQ(pool.capacity(), 100u);
  EXPECT_EQ(pool.size(), 1u);  // the root
  EXPECT_EQ(pool.Allocate(60), 1u);
  EXPECT_EQ(pool.Allocate(40), 0u);
  EXPECT_EQ(pool.Allocate(39), 61u);
  EXPECT_EQ(pool.size(), 100u);
  EXPECT_EQ(pool.Allocate(1), 0u);
  pool.Reset();
  EXPECT_EQ(pool.size(), 1u);
}

TEST(NodePoolTest, KeepSubtreeCompactsTheKeptNodes) {
  NodePool pool(1000 * NodePool::kNodeBytes);
  const uint32_t a = Expand(pool, 0, 3, 10);      // root: 10 11 12
  const uint32_t b = Expand(pool, a + 1, 2, 20);  // 11: 20 21
  Expand(pool, a, 4, 30);                         // 10: dropped
  const uint32_t c = Expand(pool, b + 1, 2, 40);  // 21: 40 41
  Expand(pool, c, 1, 50);                         // 40: 50
  pool.KeepSubtree(a + 1);

  // Kept: the new root (11), its children 20 21, 21's children 40 41, and 40's child 50.
  EXPECT_EQ(pool.size(), 6u);
  const Node& root = pool[0];
  EXPECT_EQ(root.cell, 11);
  ASSERT_EQ(root.num_children.load(), 2);
  const uint32_t kids = root.first_child.load();
  EXPECT_EQ(pool[kids].cell, 20);
  EXPECT_EQ(pool[kids + 1].cell, 21);
  EXPECT_EQ(pool[kids + 1].visits.load(), 21);
  EXPECT_EQ(pool[kids].expansion.load(), Expansion::kLeaf);
  const uint32_t grand = pool[kids + 1].first_child.load();
  EXPECT_EQ(pool[grand].cell, 40);
  EXPECT_EQ(pool[grand + 1].cell, 41);
  const uint32_t great = pool[grand].first_child.load();
  EXPECT_EQ(pool[great].cell, 50);
  EXPECT_LT(great, pool.size());
}

}  // namespace
}  // namespace lifeline
