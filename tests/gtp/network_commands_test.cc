// lifeline-network over the protocol: what it says of a network of each kind (the rules' inputs
// or not), and the share it gives spending komi.

#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "gtp/session_driver.h"

namespace lifeline {
namespace {

const std::string kData = LIFELINE_NETWORK_TEST_DATA;

// The first line's figures of a lifeline-network answer ("value V swap S spend P").
struct Judgement {
  double value = -1, swap = -1, spend = -1;
};

Judgement FirstLine(const std::string& answer) {
  const std::vector<std::string> words =
      absl::StrSplit(answer.substr(0, answer.find('\n')), ' ', absl::SkipEmpty());
  Judgement judgement;
  EXPECT_EQ(words.size(), 6u) << answer;
  if (words.size() != 6) return judgement;
  EXPECT_EQ(words[0], "value");
  EXPECT_EQ(words[2], "swap");
  EXPECT_EQ(words[4], "spend");
  EXPECT_TRUE(absl::SimpleAtod(words[1], &judgement.value) &&
              absl::SimpleAtod(words[3], &judgement.swap) &&
              absl::SimpleAtod(words[5], &judgement.spend));
  return judgement;
}

// A komi-pie game on base 4 after the setup and Black's first stone: White may spend.
void KomiPieAfterSetup(SessionDriver& driver) {
  for (const char* line : {"boardsize 4", "lifeline-rules komi-pie", "komi 3", "play b A1",
                           "play w G7", "play b D1", "play w D7", "play b A4"}) {
    driver.Ok(line);
  }
}

TEST(NetworkCommandTest, InfoSaysWhichInputsTheNetworkReads) {
  SessionDriver driver;
  const std::string rules = kData + "/rules.net";
  driver.Ok("lifeline-set network " + rules);
  EXPECT_EQ(driver.Ok("lifeline-network info"),
            absl::StrCat("file ", rules,
                         "\ninputs stones-turn-rules-komi\nplanes 13 blocks 2 channels 8 "
                         "pool-every 2"));
  const std::string tiny = kData + "/tiny.net";
  driver.Ok("lifeline-set network " + tiny);
  EXPECT_EQ(driver.Ok("lifeline-network info"),
            absl::StrCat("file ", tiny,
                         "\ninputs stones-turn\nplanes 8 blocks 2 channels 8 pool-every 0"));
  EXPECT_EQ(driver.Send("lifeline-network about"), "? syntax error: expected 'info' or nothing");
  EXPECT_EQ(driver.Send("lifeline-network info x"), "? syntax error: expected 0 to 1 arguments");
}

TEST(NetworkCommandTest, ANetworkThatReadsTheRulesGivesSpendingKomiAShare) {
  SessionDriver driver;
  driver.Ok("lifeline-set network " + kData + "/rules.net");
  KomiPieAfterSetup(driver);
  const Judgement rules = FirstLine(driver.Ok("lifeline-network"));
  EXPECT_GT(rules.spend, 0.0);
  EXPECT_LT(rules.spend, 1.0);
  EXPECT_EQ(rules.swap, 0.0);
  // Black to move: nothing to spend.
  driver.Ok("play w pass");
  EXPECT_EQ(FirstLine(driver.Ok("lifeline-network")).spend, 0.0);
}

TEST(NetworkCommandTest, AnOlderNetworkGivesSpendingNoShare) {
  SessionDriver driver;
  driver.Ok("lifeline-set network " + kData + "/tiny.net");
  KomiPieAfterSetup(driver);
  EXPECT_EQ(FirstLine(driver.Ok("lifeline-network")).spend, 0.0);
}

}  // namespace
}  // namespace lifeline
