// The engine layer on its own, as a front end other than the protocol would drive it.

#include "engine/engine.h"

#include <type_traits>

#include "core/move.h"
#include "gtest/gtest.h"
#include "search_test_support.h"

namespace lifeline {
namespace {

// Option hooks hold the engine's address.
static_assert(!std::is_copy_constructible_v<Engine> && !std::is_move_constructible_v<Engine>);

void Set(Engine& engine, const char* name, const char* value) {
  const absl::Status status = engine.options().Set(name, value);
  ASSERT_TRUE(status.ok()) << status;
}

TEST(EngineTest, ThinksOnTheClockItWasGiven) {
  // Every reading of the fake clock moves it on 10 ms, so the time limit ends the search
  // after a fixed number of readings whatever the machine's speed.
  const test::FakeClock clock(0.01);
  Engine engine(EngineEnvironment{clock, MoveModel::Default()});
  Set(engine, "seed", "3");
  Set(engine, "base", "4");
  Set(engine, "time", "0.5");
  engine.ClearBoard();
  const double before = clock.Now();
  const SearchResult result = engine.Think();
  ASSERT_FALSE(result.resign);
  EXPECT_TRUE(engine.position().IsLegal(result.move));
  EXPECT_LE(result.info.seconds, 0.5 * 3 + 0.1);  // the target, or a critical move's extension
  EXPECT_GT(clock.Now() - before, 0.5);
}

TEST(EngineTest, RefusedMovesChangeNothing) {
  const test::FakeClock clock;
  Engine engine(EngineEnvironment{clock, MoveModel::Default()});
  Set(engine, "base", "3");
  engine.ClearBoard();
  const Reading<Move> pair = ReadMove(engine.position().geometry(), "A1,C3");
  ASSERT_TRUE(pair.ok());
  EXPECT_EQ(engine.Play(Color::kWhite, pair.value), MoveError::kWrongColor);
  EXPECT_TRUE(engine.game().moves().empty());
  EXPECT_FALSE(engine.Play(Color::kBlack, pair.value).has_value());
  EXPECT_EQ(engine.Play(Color::kWhite, pair.value), MoveError::kOccupied);
  EXPECT_EQ(engine.game().moves().size(), 1u);
}

TEST(EngineTest, SettingsOfTheGameApplyAtTheNextClearBoard) {
  const test::FakeClock clock;
  Engine engine(EngineEnvironment{clock, MoveModel::Default()});
  Set(engine, "base", "5");
  Set(engine, "rules", "komi-pie");
  Set(engine, "komi", "4");
  EXPECT_EQ(engine.position().geometry().base(), Geometry::kDefaultBase);
  engine.ClearBoard();
  EXPECT_EQ(engine.position().geometry().base(), 5);
  EXPECT_EQ(engine.position().rules().balancing, Balancing::kKomiPie);
  EXPECT_EQ(engine.position().rules().komi, 4);
}

}  // namespace
}  // namespace lifeline
