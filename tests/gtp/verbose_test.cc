// The `verbose` option: one line about each genmove's search on the session's log.

#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "gtp/session_driver.h"

namespace lifeline {
namespace {

TEST(VerboseTest, EachGenmoveWritesOneLineAboutItsSearch) {
  SessionDriver driver({{"seed", "3"}, {"base", "4"}});
  std::ostringstream log;
  driver.session().SetLog(&log);
  driver.Ok("lifeline-set player mcts");
  driver.Ok("lifeline-set visits 300");
  driver.Ok("genmove b");
  EXPECT_EQ(log.str(), "");  // off by default

  driver.Ok("lifeline-set verbose true");
  std::string movers;
  for (int i = 0; i < 2; ++i) {
    const std::string mover = driver.Ok("lifeline-turn").substr(0, 1);
    movers += mover;
    driver.Ok("genmove " + mover);
  }
  const std::vector<std::string> lines = absl::StrSplit(log.str(), '\n', absl::SkipEmpty());
  ASSERT_EQ(lines.size(), 2u) << log.str();
  EXPECT_TRUE(lines[0].starts_with(std::string("genmove ") + movers[0] + ": ")) << lines[0];
  EXPECT_NE(lines[0].find(", 300 playouts in "), std::string::npos) << lines[0];
  EXPECT_NE(lines[0].find(" win rate "), std::string::npos) << lines[0];
  // The second search starts from the subtree the first one grew below the move it played.
  EXPECT_TRUE(lines[1].starts_with(std::string("genmove ") + movers[1] + ": ")) << lines[1];
  EXPECT_EQ(lines[1].find("(0 kept"), std::string::npos) << lines[1];
}

}  // namespace
}  // namespace lifeline
