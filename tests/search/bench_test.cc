#include "search/bench.h"

#include "gtest/gtest.h"
#include "search/move_model.h"
#include "search_test_support.h"

namespace lifeline {
namespace {

// The node count of the bench at kBenchVisits. It changes whenever the search's decisions
// change with a fixed seed (a new enhancement, a different tie-break, a core change that
// alters move order); after checking that such a change is intended, record the new value.
constexpr int64_t kBenchSignature = 388036;

TEST(BenchTest, SignatureIsUnchanged) {
  test::FakeClock clock(0.001);
  const BenchResult result = RunBench(kBenchVisits, clock, MoveModel::Default());
  EXPECT_EQ(result.positions, 8);
  EXPECT_EQ(result.playouts, 8 * kBenchVisits);
  EXPECT_EQ(result.nodes, kBenchSignature) << "moves: " << result.moves;
  EXPECT_GT(result.playouts_per_second, 0);
}

}  // namespace
}  // namespace lifeline
