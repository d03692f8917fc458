// Pondering: after genmove the engine searches on the opponent's time, and the next move's
// search keeps that tree.

#include <chrono>
#include <memory>
#include <string>
#include <thread>

#include "core/move.h"
#include "engine/engine.h"
#include "gtest/gtest.h"
#include "search/clock.h"
#include "search/move_model.h"

namespace lifeline {
namespace {

void Set(Engine& engine, const std::string& name, const std::string& value) {
  const absl::Status status = engine.options().Set(name, value);
  ASSERT_TRUE(status.ok()) << status;
}

void Play(Engine& engine, Color color, const std::string& text) {
  const Reading<Move> move = ReadMove(engine.position().geometry(), text);
  ASSERT_TRUE(move.ok()) << text;
  EXPECT_FALSE(engine.Play(color, move.value).has_value()) << text;
}

// What genmove does with the engine: think, then play the move chosen.
void GenMove(Engine& engine) {
  const SearchResult result = engine.Think();
  ASSERT_FALSE(result.resign);
  engine.Commit(result.move);
}

// An engine on base 4 past both double turns, with Black to move and the MCTS player.
std::unique_ptr<Engine> EngineAfterTheOpening() {
  auto engine =
      std::make_unique<Engine>(EngineEnvironment{RealClock::Instance(), MoveModel::Default()});
  Set(*engine, "player", "random");
  Set(*engine, "seed", "5");
  Set(*engine, "base", "4");
  engine->ClearBoard();
  Play(*engine, Color::kBlack, "A1,D4");
  Play(*engine, Color::kWhite, "G7,G4");
  Set(*engine, "player", "mcts");
  return engine;
}

// Ponders in short slices until the root has `visits` visits (each slice keeps the tree of
// the one before), so the test does not depend on the machine's speed.
void PonderUntil(Engine& engine, int64_t visits) {
  SearchLimits one;
  one.max_visits = 1;
  for (int slice = 0; slice < 1000; ++slice) {
    StopSignal stop;
    std::thread stopper([&stop] {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      stop.Set();
    });
    engine.Ponder(stop);
    stopper.join();
    if (engine.Analyze(one, nullptr).info.visits >= visits) return;
  }
  FAIL() << "the root never reached " << visits << " visits";
}

TEST(PonderTest, OnlyACommittedMoveAsksForItWhenOn) {
  std::unique_ptr<Engine> engine = EngineAfterTheOpening();
  Set(*engine, "visits", "20");
  GenMove(*engine);
  EXPECT_FALSE(engine->TakePonderRequest());  // off by default

  Set(*engine, "ponder", "true");
  GenMove(*engine);
  EXPECT_TRUE(engine->TakePonderRequest());
  EXPECT_FALSE(engine->TakePonderRequest());  // once per move
  // Thinking alone (reg_genmove) plays nothing and asks for nothing.
  engine->Think();
  EXPECT_FALSE(engine->TakePonderRequest());
}

TEST(PonderTest, TheNextSearchKeepsThePonderedTree) {
  constexpr int64_t kGenmoveVisits = 20;
  constexpr int64_t kPonderedVisits = 4000;
  std::unique_ptr<Engine> engine = EngineAfterTheOpening();
  Set(*engine, "visits", std::to_string(kGenmoveVisits));
  Set(*engine, "ponder", "true");
  GenMove(*engine);
  ASSERT_TRUE(engine->TakePonderRequest());
  PonderUntil(*engine, kPonderedVisits);
  const Position before = engine->position();

  // White plays its most visited reply, one more visit deciding it; Black's search then
  // starts from that reply's subtree. The most visited of the n replies holds about a
  // n-th of the pondered visits or more, far above what Black's own search gave it.
  Set(*engine, "visits", "1");
  GenMove(*engine);
  const int64_t replies = static_cast<int64_t>(before.LegalMoves().size());
  SearchLimits one;
  one.max_visits = 1;
  const SearchInfo info = engine->Analyze(one, nullptr).info;
  EXPECT_GT(info.visits, kPonderedVisits / (2 * replies));
  EXPECT_GT(info.visits, 2 * kGenmoveVisits);
}

TEST(PonderTest, AStopAlreadySetEndsItAtOnceAndAnOverGameIsLeftAlone) {
  std::unique_ptr<Engine> engine = EngineAfterTheOpening();
  StopSignal stop;
  stop.Set();
  engine->Ponder(stop);  // returns without a simulation to wait for
  EXPECT_EQ(engine->position().to_move(), Color::kBlack);
  Set(*engine, "base", "2");
  Set(*engine, "visits", "50");
  engine->ClearBoard();
  while (!engine->position().IsOver()) {
    GenMove(*engine);
  }
  engine->Ponder(StopSignal());  // a finished game: nothing to search
}

}  // namespace
}  // namespace lifeline
