// What the network the engine ships must know beyond matching its slow evaluation: under komi
// pie each point of komi is one more turn White may pass, never a burden (White need not spend
// it), so Black's chance on the empty board falls as the komi grows. A network that reads
// neither the rules nor the komi (formats 1 and 2) cannot tell komis apart; the test skips it
// and says why.

#include "core/geometry.h"
#include "core/position.h"
#include "gtest/gtest.h"
#include "network/network.h"
#include "network/network_weights.h"

namespace lifeline {
namespace {

TEST(ShippedNetworkTest, BlacksValueUnderKomiPieFallsAsTheKomiGrows) {
  const absl::StatusOr<NetworkWeights> weights = ReadNetworkWeights(LIFELINE_ENGINE_NETWORK);
  ASSERT_TRUE(weights.ok()) << weights.status();
  if (!weights->rules_inputs()) {
    GTEST_SKIP() << "the shipped network reads neither the rules nor the komi";
  }
  const Network network(*weights);
  // The bases the learning loop trains, and komi 0 to 10: every base's fair komi and the spread
  // the loop plays around it.
  constexpr int kMostKomi = 10;
  for (int base = 4; base <= 12; ++base) {
    float previous = 2;
    for (int komi = 0; komi <= kMostKomi; ++komi) {
      const Position empty(Geometry::ForBase(base), Rules{Balancing::kKomiPie, komi});
      const float value = network.Evaluate(empty).value;  // Black to move: Black's chance
      EXPECT_LT(value, previous) << "base " << base << " komi " << komi;
      previous = value;
    }
  }
}

}  // namespace
}  // namespace lifeline
