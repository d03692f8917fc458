// Strength levels: what each level allows, how a level chooses among the candidates, and the
// engine's genmove under a level.

#include "engine/strength.h"

#include <map>
#include <vector>

#include "core/move.h"
#include "engine/engine.h"
#include "gtest/gtest.h"
#include "search_test_support.h"

namespace lifeline {
namespace {

CandidateInfo Candidate(int cell, int64_t visits, double win_rate,
                        MoveProof proof = MoveProof::kUnknown) {
  CandidateInfo candidate;
  candidate.move = Move::Place(cell);
  candidate.visits = visits;
  candidate.win_rate = win_rate;
  candidate.proof = proof;
  return candidate;
}

TEST(StrengthTest, EachLevelSearchesMoreAndChoosesLessByChance) {
  for (int level = kWeakestLevel; level < kFullStrength - 1; ++level) {
    const StrengthLevel weaker = LevelSettings(level), stronger = LevelSettings(level + 1);
    EXPECT_LT(weaker.max_visits, stronger.max_visits);
    EXPECT_GE(weaker.margin, stronger.margin);
    EXPECT_GE(weaker.temperature, stronger.temperature);
  }
  const StrengthLevel full = LevelSettings(kFullStrength);
  EXPECT_EQ(full.max_visits, 0);
  EXPECT_EQ(full.margin, 0.0);
  EXPECT_EQ(full.temperature, 0.0);
}

TEST(StrengthTest, FullStrengthKeepsTheSearchedMove) {
  Rng rng(1);
  const std::vector<CandidateInfo> candidates = {Candidate(3, 900, 0.6), Candidate(4, 100, 0.5)};
  EXPECT_EQ(ChooseAtLevel(LevelSettings(kFullStrength), candidates, Move::Place(4), rng),
            Move::Place(4));
  EXPECT_EQ(ChooseAtLevel(LevelSettings(kWeakestLevel), {}, Move::Place(4), rng), Move::Place(4));
}

TEST(StrengthTest, ChanceFollowsTheVisitsWithinTheMargin) {
  StrengthLevel level;
  level.margin = 0.2;
  level.temperature = 1.0;
  const std::vector<CandidateInfo> candidates = {
      Candidate(5, 5000, 0.0, MoveProof::kLoss),  // a proven loss: never
      Candidate(1, 600, 0.60),                    // the most visited: the margin's reference
      Candidate(2, 300, 0.55),
      Candidate(3, 100, 0.45),
      Candidate(4, 90, 0.30),  // too far below the reference: never
      Candidate(6, 1, 1.0)};   // one lucky visit does not move the reference
  Rng rng(7);
  std::map<int, int> chosen;
  constexpr int kDraws = 20000;
  for (int i = 0; i < kDraws; ++i) ++chosen[ChooseAtLevel(level, candidates, Move(), rng).first];
  EXPECT_EQ(chosen.count(4), 0u);
  EXPECT_EQ(chosen.count(5), 0u);
  EXPECT_NEAR(chosen[1] / double{kDraws}, 600.0 / 1001, 0.02);
  EXPECT_NEAR(chosen[2] / double{kDraws}, 300.0 / 1001, 0.02);
  EXPECT_NEAR(chosen[3] / double{kDraws}, 100.0 / 1001, 0.02);
  EXPECT_LT(chosen[6], kDraws / 200);
  // Only proven losses: the search's own choice.
  const std::vector<CandidateInfo> lost = {Candidate(1, 10, 0.0, MoveProof::kLoss)};
  EXPECT_EQ(ChooseAtLevel(level, lost, Move::Place(9), rng), Move::Place(9));
}

TEST(StrengthTest, AWeakLevelSearchesItsFewSimulationsAndPlaysALegalMove) {
  const test::FakeClock clock;
  Engine engine(EngineEnvironment{clock, MoveModel::Default()});
  ASSERT_TRUE(engine.options().Set("base", "5").ok());
  ASSERT_TRUE(engine.options().Set("level", "2").ok());
  ASSERT_TRUE(engine.options().Set("visits", "1000").ok());  // the level's cap is lower
  EXPECT_FALSE(engine.options().Set("level", "9").ok());
  engine.ClearBoard();
  for (int turn = 0; turn < 6 && !engine.position().IsOver(); ++turn) {
    const SearchResult result = engine.Think();
    ASSERT_FALSE(result.resign);
    EXPECT_LE(result.info.playouts, LevelSettings(2).max_visits);
    ASSERT_TRUE(engine.position().IsLegal(result.move));
    engine.Commit(result.move);
  }
}

}  // namespace
}  // namespace lifeline
