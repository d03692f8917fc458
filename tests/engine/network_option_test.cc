// The option `network`: where the engine finds its network, and every way that can fail
// leaves the engine as it was.

#include <memory>
#include <string>

#include "engine/engine.h"
#include "engine/search_options.h"
#include "gtest/gtest.h"
#include "search_test_support.h"

namespace lifeline {
namespace {

const std::string kTiny = std::string(LIFELINE_NETWORK_TEST_DATA) + "/tiny.net";
const std::string kNotANetwork = std::string(LIFELINE_NETWORK_TEST_DATA) + "/tiny_expected.txt";

TEST(NetworkOptionTest, AutoTakesTheFirstDefaultThatExists) {
  const test::FakeClock clock;
  Engine engine(EngineEnvironment{clock, MoveModel::Default(), {"/nonexistent.net", kTiny}});
  const absl::StatusOr<std::shared_ptr<const Network>> network = engine.network();
  ASSERT_TRUE(network.ok()) << network.status();
  EXPECT_EQ((*network)->channels(), 8);
  const NetworkOutput out = (*network)->Evaluate(engine.position());
  EXPECT_GT(out.value, 0.0f);
}

TEST(NetworkOptionTest, WithoutAFileThereIsNoNetwork) {
  const test::FakeClock clock;
  Engine engine(EngineEnvironment{clock, MoveModel::Default(), {"/nonexistent.net"}});
  EXPECT_EQ(engine.network().status().code(), absl::StatusCode::kFailedPrecondition);
  ASSERT_TRUE(engine.options().Set("network", "none").ok());
  EXPECT_EQ(engine.network().status().code(), absl::StatusCode::kFailedPrecondition);
}

TEST(NetworkOptionTest, AFileIsReadWhenSetAndABadOneIsRefused) {
  const test::FakeClock clock;
  Engine engine(EngineEnvironment{clock, MoveModel::Default()});
  ASSERT_TRUE(engine.options().Set("network", kTiny).ok());
  const auto before = engine.network();
  ASSERT_TRUE(before.ok());
  for (const std::string& bad : {std::string("/nonexistent.net"), kNotANetwork}) {
    const absl::Status status = engine.options().Set("network", bad);
    EXPECT_FALSE(status.ok()) << bad;
    EXPECT_NE(status.message().find(bad), std::string::npos) << status;
    EXPECT_EQ(engine.options().Get(option::kNetwork), kTiny);
  }
  // The refused values dropped nothing: the very network loaded before is still there.
  const auto after = engine.network();
  ASSERT_TRUE(after.ok());
  EXPECT_EQ(after->get(), before->get());
  EXPECT_FALSE(engine.options().Set("network", "two words").ok());
}

}  // namespace
}  // namespace lifeline
