#include "engine/options.h"

#include "engine/option_flags.h"
#include "gtest/gtest.h"

namespace lifeline {
namespace {

constexpr OptionKey<int64_t> kVisits{"visits"};
constexpr OptionKey<bool> kPonder{"ponder"};
constexpr OptionKey<double> kTime{"time"};
constexpr OptionKey<std::string> kStyle{"style"};
constexpr OptionKey<std::string> kLive{"live"};

// A table whose `visits` hook refuses 13 and counts what it applied (reading the new value
// from the table, where it is already stored).
OptionTable Table(int& applied) {
  OptionTable table;
  table.Declare(
      OptionSpec::Int(kVisits, 100, 1, 1000, "visits per move").WithHook([&applied, &table] {
        if (table.Get(kVisits) == 13) return absl::InvalidArgumentError("unlucky");
        ++applied;
        return absl::OkStatus();
      }));
  table.Declare(OptionSpec::Bool(kPonder, false, "think on the opponent's time"));
  table.Declare(OptionSpec::Number(kTime, 1.5, 0, 60, "seconds per move"));
  table.Declare(OptionSpec::Choice(kStyle, "calm", {"calm", "wild"}, "playing style"));
  table.Declare(OptionSpec::Choice(kLive, "auto", {"auto", "true", "false"}, "live or not"));
  return table;
}

TEST(OptionTableTest, DefaultsAndTypedReaders) {
  int applied = 0;
  const OptionTable table = Table(applied);
  EXPECT_EQ(table.Get(kVisits), 100);
  EXPECT_FALSE(table.Get(kPonder));
  EXPECT_EQ(table.Get(kTime), 1.5);
  EXPECT_EQ(table.Get(kStyle), "calm");
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
  EXPECT_EQ(table.Get(kVisits), 500);  // the refused value was taken back
  EXPECT_TRUE(table.Set("ponder", "on").ok());
  EXPECT_TRUE(table.Get(kPonder));
  EXPECT_FALSE(table.Set("ponder", "maybe").ok());
  EXPECT_FALSE(table.Set("time", "nan").ok());
  EXPECT_FALSE(table.Set("time", "61").ok());
  EXPECT_FALSE(table.Set("style", "Wild").ok());
  EXPECT_EQ(table.Set("speed", "1").message(), "unknown option speed");
  EXPECT_FALSE(table.Text("speed").ok());
}

TEST(OptionTableTest, TypedSetChecksTheRangeAndRunsTheHook) {
  int applied = 0;
  OptionTable table = Table(applied);
  EXPECT_TRUE(table.Set(kVisits, 7).ok());
  EXPECT_EQ(applied, 1);
  EXPECT_EQ(table.Set(kVisits, 5000).message(), "invalid value for visits: 5000 (1..1000)");
  EXPECT_EQ(table.Set(kVisits, 13).message(), "unlucky");
  EXPECT_EQ(table.Get(kVisits), 7);
  EXPECT_FALSE(table.Set(kStyle, "odd").ok());
  EXPECT_TRUE(table.Set(kStyle, "wild").ok());
  EXPECT_EQ(table.Get(kStyle), "wild");
}

TEST(OptionTableTest, DescribeListsEveryOptionInOrder) {
  int applied = 0;
  const OptionTable table = Table(applied);
  EXPECT_EQ(table.Describe(),
            "visits 100 (int 1..1000, default 100): visits per move\n"
            "ponder false (bool true|false, default false): think on the opponent's time\n"
            "time 1.5 (number 0..60, default 1.5): seconds per move\n"
            "style calm (choice calm|wild, default calm): playing style\n"
            "live auto (choice auto|true|false, default auto): live or not");
}

using Pairs = std::vector<std::pair<std::string, std::string>>;

TEST(OptionFlagsTest, EveryOptionIsAFlagInEveryForm) {
  int applied = 0;
  const OptionTable table = Table(applied);
  const absl::StatusOr<ParsedFlags> flags =
      ParseOptionFlags(table,
                       {"--visits=5", "--time", "2", "--ponder", "--live", "--style", "wild",
                        "--ponder=off", "--bench", "--bench-playouts", "7", "1"},
                       {{"bench", 0}, {"bench-playouts", 2}});
  ASSERT_TRUE(flags.ok()) << flags.status();
  EXPECT_EQ(flags->settings, (Pairs{{"visits", "5"},
                                    {"time", "2"},
                                    {"ponder", "true"},
                                    {"live", "true"},
                                    {"style", "wild"},
                                    {"ponder", "off"}}));
  EXPECT_EQ(flags->other, (std::vector<std::string>{"--bench", "--bench-playouts", "7", "1"}));
}

TEST(OptionFlagsTest, UnderscoresAreDashesAndABareBoolMayTakeAWord) {
  OptionTable table;
  table.Declare(OptionSpec::Bool(OptionKey<bool>("plain-uct"), false, "plain"));
  const absl::StatusOr<ParsedFlags> flags = ParseOptionFlags(table, {"--plain_uct", "false"}, {});
  ASSERT_TRUE(flags.ok()) << flags.status();
  EXPECT_EQ(flags->settings, (Pairs{{"plain-uct", "false"}}));
}

TEST(OptionFlagsTest, BadFlagsAreRefused) {
  int applied = 0;
  const OptionTable table = Table(applied);
  const std::vector<std::pair<std::string, int>> extra = {{"bench-playouts", 2}};
  EXPECT_EQ(ParseOptionFlags(table, {"--speed=3"}, extra).status().message(),
            "unknown flag --speed=3");
  EXPECT_EQ(ParseOptionFlags(table, {"visits"}, extra).status().message(),
            "unexpected argument visits");
  EXPECT_EQ(ParseOptionFlags(table, {"--visits"}, extra).status().message(),
            "--visits needs a value");
  EXPECT_EQ(ParseOptionFlags(table, {"--style"}, extra).status().message(),
            "--style needs a value");
  EXPECT_FALSE(ParseOptionFlags(table, {"--bench-playouts", "7"}, extra).ok());
  EXPECT_FALSE(ParseOptionFlags(table, {"--bench-playouts=7,1"}, extra).ok());
  EXPECT_FALSE(ParseOptionFlags(table, {"--"}, extra).ok());
}

TEST(OptionFlagsTest, HelpNamesEveryFlag) {
  int applied = 0;
  const std::string help = OptionFlagsHelp(Table(applied));
  for (const char* flag : {"--visits=1..1000 (default 100)", "--ponder=true|false",
                           "--style=calm|wild (default calm)", "--live="}) {
    EXPECT_NE(help.find(flag), std::string::npos) << flag << "\n" << help;
  }
}

}  // namespace
}  // namespace lifeline
