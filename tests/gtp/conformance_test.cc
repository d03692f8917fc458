// Replays the conformance transcripts of protocol/conformance in process, with the meaning
// scripts/regress.py gives them against the binary.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "gtp/session_driver.h"
#include "gtp/tst_file.h"

namespace lifeline {
namespace {

const std::filesystem::path kConformanceDir =
    std::filesystem::path(LIFELINE_SOURCE_DIR) / "protocol" / "conformance";

std::vector<std::string> TranscriptNames() {
  std::vector<std::string> names;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(kConformanceDir, error)) {
    if (entry.path().extension() == ".tst") names.push_back(entry.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream content;
  content << in.rdbuf();
  return content.str();
}

// Runs the transcript from its own directory, as both runners do, so that relative paths in
// it (game records) resolve the same way.
class ConformanceTest : public testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    saved_directory_ = std::filesystem::current_path();
    std::filesystem::current_path(kConformanceDir);
  }
  void TearDown() override { std::filesystem::current_path(saved_directory_); }

 private:
  std::filesystem::path saved_directory_;
};

TEST_P(ConformanceTest, EveryStepPasses) {
  const std::string file = GetParam() + ".tst";
  const absl::StatusOr<std::vector<TstStep>> steps = ParseTst(ReadFile(kConformanceDir / file));
  ASSERT_TRUE(steps.ok()) << file << ": " << steps.status();
  ASSERT_FALSE(steps->empty());
  // The runners send a line only after the answer to the last, so no input is ever waiting
  // while a command runs: GoGui's genmove searches to its limit, as against the binary.
  SessionDriver driver(SessionDriver::DefaultConfig(), [] { return false; });
  for (const TstStep& step : *steps) {
    const std::string answer = driver.Send(step.command);
    ASSERT_FALSE(answer.empty()) << file << ":" << step.line_number
                                 << ": no answer, a runner would wait forever: " << step.command;
    const bool ok = answer[0] == '=';
    EXPECT_TRUE(StepPasses(step, ok, answer))
        << file << ":" << step.line_number << ": " << step.command << "\n  expected "
        << (step.expectation ? step.expectation->written : "success") << "\n  got " << answer;
    if (!driver.running()) break;
  }
}

INSTANTIATE_TEST_SUITE_P(Transcripts, ConformanceTest, testing::ValuesIn(TranscriptNames()),
                         [](const testing::TestParamInfo<std::string>& param_info) {
                           std::string name = param_info.param;
                           std::replace_if(
                               name.begin(), name.end(),
                               [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); },
                               '_');
                           return name;
                         });

TEST(TstFileTest, ReadsTheFormatAsRegressPyDoes) {
  const absl::StatusOr<std::vector<TstStep>> steps = ParseTst(
      "# a comment\n"
      "\t10 play b D4  \n"
      "#? [(?#error)illegal move: .*]*\n"
      "boardsize 4\n"
      "\n"
      "#? [x]\n"
      "20 name\n"
      "#? [!foo]*\n");
  ASSERT_FALSE(steps.ok());  // '#?' after an empty line has no command
  EXPECT_FALSE(ParseTst("10 name\n#? [(?#error)x]\n").ok());  // an expected error needs '*'
  const absl::StatusOr<std::vector<TstStep>> good = ParseTst(
      "10 play b D4\n"
      "#? [(?#error)illegal move: .*]*\n"
      "boardsize 4\n"
      "20 name\n"
      "#? [!foo]*\n");
  ASSERT_TRUE(good.ok()) << good.status();
  ASSERT_EQ(good->size(), 3u);
  EXPECT_TRUE((*good)[0].numbered);
  EXPECT_TRUE((*good)[0].expectation->error);
  EXPECT_FALSE((*good)[1].is_test());
  EXPECT_TRUE((*good)[2].expectation->negated);
  EXPECT_TRUE((*good)[2].expectation->expected_fail);
  EXPECT_TRUE(StepPasses((*good)[0], false, "?10 illegal move: occupied"));
  EXPECT_FALSE(StepPasses((*good)[0], true, "=10 "));
  EXPECT_FALSE(StepPasses((*good)[0], false, "?10 syntax error: expected 2 arguments"));
  // "!foo" matches "lifeline", so the test passes, which its '*' counts as a failure.
  EXPECT_FALSE(StepPasses((*good)[2], true, "=20 lifeline"));
  EXPECT_EQ(AnswerText("= \nX O\n. ."), "X O\n. .");
}

}  // namespace
}  // namespace lifeline
