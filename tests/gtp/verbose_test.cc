// The `verbose` option: one line about each genmove's search on the engine's log.

#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "gtp/engine.h"
#include "search/random_player.h"

namespace lifeline {
namespace {

void Set(Engine& engine, const std::string& name, const std::string& value) {
  const absl::Status status = engine.options().Set(name, value);
  ASSERT_TRUE(status.ok()) << status;
}

TEST(VerboseTest, EachGenmoveWritesOneLineAboutItsSearch) {
  Engine engine(std::make_unique<RandomPlayer>());
  std::ostringstream log;
  engine.SetLog(&log);
  Set(engine, "seed", "3");
  Set(engine, "base", "4");
  engine.ClearBoard();
  Set(engine, "player", "mcts");
  Set(engine, "visits", "300");
  ASSERT_TRUE(engine.GenMove(Color::kBlack, /*commit=*/true).ok());
  EXPECT_EQ(log.str(), "");  // off by default

  Set(engine, "verbose", "true");
  std::string movers;
  for (int i = 0; i < 2; ++i) {
    const Color mover = engine.position().to_move();
    movers += mover == Color::kBlack ? 'b' : 'w';
    ASSERT_TRUE(engine.GenMove(mover, /*commit=*/true).ok());
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
