#include "gtp/options.h"

#include "gtest/gtest.h"

namespace lifeline {
namespace {

OptionTable Table(int& applied) {
  OptionTable table;
  table.Declare(OptionSpec::Int("visits", 100, 1, 1000, "visits per move")
                    .WithHook([&applied](const OptionValue& value) {
                      if (std::get<int64_t>(value) == 13) {
                        return absl::InvalidArgumentError("unlucky");
                      }
                      ++applied;
                      return absl::OkStatus();
                    }));
  table.Declare(OptionSpec::Bool("ponder", false, "think on the opponent's time"));
  table.Declare(OptionSpec::Number("time", 1.5, 0, 60, "seconds per move"));
  table.Declare(OptionSpec::Choice("style", "calm", {"calm", "wild"}, "playing style"));
  return table;
}

TEST(OptionTableTest, DefaultsAndTypedReaders) {
  int applied = 0;
  const OptionTable table = Table(applied);
  EXPECT_EQ(table.GetInt("visits"), 100);
  EXPECT_FALSE(table.GetBool("ponder"));
  EXPECT_EQ(table.GetNumber("time"), 1.5);
  EXPECT_EQ(table.GetChoice("style"), "calm");
  EXPECT_EQ(applied, 0);
}

TEST(OptionTableTest, SetValidatesThenRunsTheHook) {
  int applied = 0;
  OptionTable table = Table(applied);
  EXPECT_TRUE(table.Set("visits", "500").ok());
  EXPECT_EQ(applied, 1);
  EXPECT_EQ(*table.Text("visits"), "500");
  EXPECT_FALSE(table.Set("visits", "0").ok());
  EXPECT_FALSE(table.Set("visits", "12x").ok());
  EXPECT_EQ(table.Set("visits", "13").message(), "unlucky");
  EXPECT_EQ(table.GetInt("visits"), 500);
  EXPECT_TRUE(table.Set("ponder", "on").ok());
  EXPECT_TRUE(table.GetBool("ponder"));
  EXPECT_FALSE(table.Set("ponder", "maybe").ok());
  EXPECT_FALSE(table.Set("time", "nan").ok());
  EXPECT_FALSE(table.Set("time", "61").ok());
  EXPECT_FALSE(table.Set("style", "Wild").ok());
  EXPECT_EQ(table.Set("speed", "1").message(), "unknown option speed");
  EXPECT_FALSE(table.Text("speed").ok());
}

TEST(OptionTableTest, DescribeListsEveryOptionInOrder) {
  int applied = 0;
  const OptionTable table = Table(applied);
  EXPECT_EQ(table.Describe(),
            "visits 100 (int 1..1000, default 100): visits per move\n"
            "ponder false (bool true|false, default false): think on the opponent's time\n"
            "time 1.5 (number 0..60, default 1.5): seconds per move\n"
            "style calm (choice calm|wild, default calm): playing style");
}

}  // namespace
}  // namespace lifeline
