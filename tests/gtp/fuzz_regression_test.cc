// Replays every input kept under tests/fuzz/corpus through the bodies of the fuzz targets,
// so that what the fuzzer once found stays fixed in the ordinary test run.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "fuzz/fuzz_bodies.h"
#include "gtest/gtest.h"

namespace lifeline {
namespace {

const std::filesystem::path kCorpus =
    std::filesystem::path(LIFELINE_SOURCE_DIR) / "tests" / "fuzz" / "corpus";

template <typename Check>
int ReplayDirectory(const std::string& name, Check check) {
  int count = 0;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(kCorpus / name, error)) {
    if (!entry.is_regular_file()) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::ostringstream content;
    content << in.rdbuf();
    EXPECT_EQ(check(content.str()), "") << entry.path();
    ++count;
  }
  return count;
}

TEST(FuzzRegressionTest, SessionInputs) {
  EXPECT_GT(ReplayDirectory("session", CheckSessionInput), 0);
}

TEST(FuzzRegressionTest, MoveInputs) { EXPECT_GT(ReplayDirectory("move", CheckMoveInput), 0); }

}  // namespace
}  // namespace lifeline
