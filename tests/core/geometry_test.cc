// The shape of the board: which positions are cells, neighbours, bitset floods, and the small
// value types (bitset, random generator) the board is built from.

#include "core/geometry.h"

#include <cstdlib>
#include <set>
#include <vector>

#include "core/bitset.h"
#include "core/random.h"
#include "gtest/gtest.h"
#include "reference_rules.h"
#include "test_support.h"

namespace lifeline {
namespace {

class GeometryTest : public ::testing::TestWithParam<int> {};

TEST_P(GeometryTest, HasThreeNTimesNMinusOnePlusOneCells) {
  const int n = GetParam();
  const Geometry& geometry = Geometry::ForBase(n);
  EXPECT_EQ(geometry.base(), n);
  EXPECT_EQ(geometry.diameter(), 2 * n - 1);
  EXPECT_EQ(geometry.num_cells(), 3 * n * (n - 1) + 1);
  EXPECT_EQ(geometry.cells().Count(), geometry.num_cells());
}

TEST_P(GeometryTest, CellsAreThePositionsWithinBaseMinusOneOfTheDiagonal) {
  const int n = GetParam();
  const Geometry& geometry = Geometry::ForBase(n);
  for (int y = -1; y <= 2 * n - 1; ++y) {
    for (int x = -1; x <= 2 * n - 1; ++x) {
      const bool inside = x >= 0 && y >= 0 && x < 2 * n - 1 && y < 2 * n - 1;
      EXPECT_EQ(geometry.IsCell(x, y), inside && std::abs(x - y) <= n - 1) << x << "," << y;
      if (geometry.IsCell(x, y)) {
        const Cell c = geometry.CellAt(x, y);
        EXPECT_TRUE(geometry.cells().Test(c));
        EXPECT_EQ(geometry.X(c), x);
        EXPECT_EQ(geometry.Y(c), y);
        EXPECT_LT(c, geometry.array_size());
      }
    }
  }
  EXPECT_EQ(geometry.X(geometry.Center()), n - 1);
  EXPECT_EQ(geometry.Y(geometry.Center()), n - 1);
}

// docs/rules.md: the six neighbours of (x, y) are (x±1, y), (x, y±1), (x+1, y+1), (x-1, y-1),
// clipped to the board; the reference works them out independently.
TEST_P(GeometryTest, NeighboursAreTheSixOffsetsClippedToTheBoard) {
  const int n = GetParam();
  const Geometry& geometry = Geometry::ForBase(n);
  const reference::RefBoard ref(n);
  int corners = 0;
  int edges = 0;
  for (reference::Point p : ref.Cells()) {
    const Cell c = test::ToCell(geometry, p);
    std::set<Cell> expected;
    for (reference::Point q : ref.Neighbors(p)) expected.insert(test::ToCell(geometry, q));
    std::set<Cell> listed;
    for (Cell q : geometry.Neighbors(c)) {
      if (q != kNoCell) listed.insert(q);
    }
    EXPECT_EQ(listed, expected) << test::ToCell(geometry, p);
    Bitset expected_set;
    for (Cell q : expected) expected_set.Set(q);
    EXPECT_TRUE(geometry.NeighborSet(c) == expected_set);
    for (Cell q : expected) {
      EXPECT_TRUE(geometry.AreNeighbors(c, q));
      EXPECT_TRUE(geometry.AreNeighbors(q, c));
    }
    EXPECT_FALSE(geometry.AreNeighbors(c, c));
    corners += expected.size() == 3 ? 1 : 0;
    edges += expected.size() == 4 ? 1 : 0;
  }
  EXPECT_EQ(corners, 6);
  EXPECT_EQ(edges, 6 * (n - 2));
}

TEST_P(GeometryTest, NeighboursComeInRingOrder) {
  const Geometry& geometry = Geometry::ForBase(GetParam());
  geometry.cells().ForEach([&](Cell c) {
    const auto& ring = geometry.Neighbors(c);
    for (int k = 0; k < 6; ++k) {
      const Cell a = ring[k];
      const Cell b = ring[(k + 1) % 6];
      if (a != kNoCell && b != kNoCell) {
        EXPECT_TRUE(geometry.AreNeighbors(a, b)) << "cell " << c << " slots " << k;
      }
    }
  });
}

TEST_P(GeometryTest, ExpandAddsTheNeighboursOfEachCell) {
  const Geometry& geometry = Geometry::ForBase(GetParam());
  Rng rng(GetParam());
  for (int trial = 0; trial < 50; ++trial) {
    Bitset set;
    geometry.cells().ForEach([&](Cell c) {
      if (rng.Below(5) == 0) set.Set(c);
    });
    Bitset expected = set;
    set.ForEach([&](Cell c) { expected |= geometry.NeighborSet(c); });
    EXPECT_TRUE(geometry.Expand(set) == expected);
  }
}

TEST_P(GeometryTest, FloodFindsTheConnectedPartOfPassableCells) {
  const Geometry& geometry = Geometry::ForBase(GetParam());
  Rng rng(100 + GetParam());
  for (int trial = 0; trial < 50; ++trial) {
    Bitset passable;
    geometry.cells().ForEach([&](Cell c) {
      if (rng.Below(3) != 0) passable.Set(c);
    });
    if (passable.None()) continue;
    const Cell seed = passable.Nth(static_cast<int>(rng.Below(passable.Count())));
    // Plain breadth-first search over the neighbour lists.
    Bitset expected = Bitset::Single(seed);
    std::vector<Cell> queue = {seed};
    for (size_t i = 0; i < queue.size(); ++i) {
      for (Cell q : geometry.Neighbors(queue[i])) {
        if (q != kNoCell && passable.Test(q) && !expected.Test(q)) {
          expected.Set(q);
          queue.push_back(q);
        }
      }
    }
    EXPECT_TRUE(geometry.Flood(Bitset::Single(seed), passable) == expected);
  }
}

TEST_P(GeometryTest, StoneKeysAreDistinct) {
  const Geometry& geometry = Geometry::ForBase(GetParam());
  std::set<uint64_t> keys;
  geometry.cells().ForEach([&](Cell c) {
    keys.insert(geometry.StoneKey(c, Color::kBlack));
    keys.insert(geometry.StoneKey(c, Color::kWhite));
  });
  EXPECT_EQ(keys.size(), 2u * geometry.num_cells());
}

INSTANTIATE_TEST_SUITE_P(AllBases, GeometryTest,
                         ::testing::Range(Geometry::kMinBase, Geometry::kMaxBase + 1));

TEST(GeometryTest, AcceptsBasesTwoToThirteen) {
  EXPECT_FALSE(Geometry::IsValidBase(1));
  EXPECT_TRUE(Geometry::IsValidBase(2));
  EXPECT_TRUE(Geometry::IsValidBase(13));
  EXPECT_FALSE(Geometry::IsValidBase(14));
  EXPECT_EQ(&Geometry::ForBase(7), &Geometry::ForBase(Geometry::kDefaultBase));
}

TEST(GeometryTest, RulesExampleSizes) {
  EXPECT_EQ(Geometry::ForBase(3).num_cells(), 19);
  EXPECT_EQ(Geometry::ForBase(5).num_cells(), 61);
  EXPECT_EQ(Geometry::ForBase(7).num_cells(), 127);
  EXPECT_EQ(Geometry::ForBase(9).num_cells(), 217);
  EXPECT_EQ(Geometry::ForBase(12).num_cells(), 397);
}

TEST(GeometryDeathTest, RefusesAnInvalidBase) {
  EXPECT_DEATH(Geometry::ForBase(14), "check failed");
}

// Nth against the obvious walk over the positions, on sparse, dense and random sets, for every
// rank: the selection inside a word works bytewise and has edges at every byte.
TEST(BitsetTest, NthFindsEveryRank) {
  Rng rng(77);
  for (int trial = 0; trial < 2000; ++trial) {
    Bitset set;
    const int density = trial % 4;  // 0: one word's worth of bits, then denser and denser
    for (int i = 0; i < Bitset::kWords; ++i) {
      uint64_t word = rng.Next();
      for (int d = 0; d < 3 - density; ++d) word &= rng.Next();
      set.word(i) = trial % 7 == 0 ? ~uint64_t{0} : word;
    }
    std::vector<int> positions;
    set.ForEach([&](int pos) { positions.push_back(pos); });
    ASSERT_EQ(static_cast<int>(positions.size()), set.Count());
    for (int k = 0; k < static_cast<int>(positions.size()); ++k) {
      ASSERT_EQ(set.Nth(k), positions[k]) << "trial " << trial << " rank " << k;
    }
  }
}

TEST(BitsetTest, SetOperations) {
  Bitset a;
  EXPECT_TRUE(a.None());
  a.Set(3);
  a.Set(64);
  a.Set(600);
  EXPECT_EQ(a.Count(), 3);
  EXPECT_EQ(a.Lowest(), 3);
  EXPECT_EQ(a.Nth(0), 3);
  EXPECT_EQ(a.Nth(1), 64);
  EXPECT_EQ(a.Nth(2), 600);
  std::vector<int> seen;
  a.ForEach([&](int pos) { seen.push_back(pos); });
  EXPECT_EQ(seen, (std::vector<int>{3, 64, 600}));

  const Bitset b = Bitset::Single(64) | Bitset::Single(5);
  EXPECT_TRUE(a.Intersects(b));
  EXPECT_TRUE((a & b) == Bitset::Single(64));
  EXPECT_EQ((a | b).Count(), 4);
  EXPECT_EQ((a ^ b).Count(), 3);
  EXPECT_TRUE(a.Contains(Bitset::Single(600)));
  EXPECT_FALSE(a.Contains(b));
  Bitset c = a;
  c.Subtract(b);
  EXPECT_EQ(c.Count(), 2);
  c.Reset(3);
  EXPECT_TRUE(c == Bitset::Single(600));
  EXPECT_TRUE((~Bitset()).Test(Bitset::kBits - 1));
}

TEST(RngTest, ReplaysFromItsSeedAndStaysInRange) {
  Rng a(42);
  Rng b(42);
  Rng c(43);
  bool differs = false;
  for (int i = 0; i < 1000; ++i) {
    const uint64_t x = a.Next();
    EXPECT_EQ(x, b.Next());
    differs = differs || x != c.Next();
    EXPECT_LT(a.Below(7), 7u);
    b.Below(7);
    const double u = a.Uniform();
    b.Uniform();
    EXPECT_GE(u, 0.0);
    EXPECT_LT(u, 1.0);
  }
  EXPECT_TRUE(differs);
}

TEST(RngTest, BelowIsRoughlyUniform) {
  Rng rng(7);
  constexpr int kBuckets = 6;
  constexpr int kDraws = 60000;
  int counts[kBuckets] = {};
  for (int i = 0; i < kDraws; ++i) ++counts[rng.Below(kBuckets)];
  // Ten thousand expected per bucket, standard deviation about 91.
  for (int count : counts) EXPECT_NEAR(count, kDraws / kBuckets, 500);
}

}  // namespace
}  // namespace lifeline
