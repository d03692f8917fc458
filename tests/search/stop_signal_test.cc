// The stop signal, set from outside or found by its probe as the single-threaded build does.

#include "search/stop_signal.h"

#include "core/position.h"
#include "gtest/gtest.h"
#include "search/mcts_player.h"
#include "search_test_support.h"

namespace lifeline {
namespace {

using test::FakeClock;
using test::RandomPosition;
using test::SmallOptions;

TEST(StopSignalTest, ASetSignalStaysSetAndAsksNoProbe) {
  int asked = 0;
  StopSignal signal([&asked] {
    ++asked;
    return false;
  });
  EXPECT_FALSE(signal.IsSet());
  EXPECT_EQ(asked, 1);
  signal.Set();
  EXPECT_TRUE(signal.IsSet());
  EXPECT_EQ(asked, 1);
}

TEST(StopSignalTest, AProbeThatAnswersTrueSetsItForGood) {
  bool input_waiting = false;
  StopSignal signal([&input_waiting] { return input_waiting; });
  EXPECT_FALSE(signal.IsSet());
  input_waiting = true;
  EXPECT_TRUE(signal.IsSet());
  input_waiting = false;  // the line was read: the search it stopped stays stopped
  EXPECT_TRUE(signal.IsSet());
  EXPECT_FALSE(StopSignal().IsSet());
}

// An analysis with no limit of its own ends when the probe finds input, as the WebAssembly
// build's does, and still answers a legal move.
TEST(StopSignalTest, AProbeEndsASearchWithoutLimits) {
  FakeClock clock;
  MctsOptions options = SmallOptions();
  options.solver = false;
  MctsPlayer player(options, clock, MoveModel::Default());
  const Position position = RandomPosition(5, Rules{}, 6, 3);
  int looks = 0;
  const StopSignal signal([&looks] { return ++looks > 300; });
  SearchLimits limits;
  limits.until_stopped = true;
  limits.stop = &signal;
  Rng rng(3);
  const SearchResult result = player.Search(position, limits, rng, nullptr);
  EXPECT_TRUE(position.IsLegal(result.move));
  EXPECT_GT(result.info.playouts, 100);
  EXPECT_LE(result.info.playouts, 301);
}

}  // namespace
}  // namespace lifeline
