// The gfx drawings of search results that GoGui shows: labels, the best move's square, the
// status text and the principal variation with each stone's colour.

#include "gtp/gogui_gfx.h"

#include "core/move.h"
#include "core/notation.h"
#include "gtest/gtest.h"

namespace lifeline {
namespace {

Move MoveOf(const Position& position, const char* text) {
  const Reading<Move> move = ReadMove(position.geometry(), text);
  EXPECT_TRUE(move.ok()) << text;
  return move.value;
}

CandidateInfo Candidate(const Position& position, const char* move, int64_t visits, double rate,
                        std::vector<const char*> line = {}) {
  CandidateInfo candidate;
  candidate.move = MoveOf(position, move);
  candidate.visits = visits;
  candidate.win_rate = rate;
  for (const char* step : line) candidate.principal_variation.push_back(MoveOf(position, step));
  return candidate;
}

TEST(GoGuiGfxTest, CandidatesOfADoubleTurnLabelEachCellWithItsBestPair) {
  const Position start(Geometry::ForBase(4), Rules{});
  SearchInfo info;
  info.visits = 1000;
  info.candidates = {Candidate(start, "C3,E5", 500, 0.61), Candidate(start, "C3,A1", 300, 0.55),
                     Candidate(start, "G7,D1", 0, 0.5)};
  EXPECT_EQ(CandidatesGfx(start, info, ColorView()),
            "LABEL A1 55 C3 61 E5 61\n"
            "SQUARE C3 E5\n"
            "TEXT Black to move: win rate 61% after 1000 visits; best C3,E5 61% (500), "
            "A1,C3 55% (300), D1,G7 50% (0)");
}

TEST(GoGuiGfxTest, MovesWithoutACellAppearInTheTextOnly) {
  Position position(Geometry::ForBase(4), Rules{});
  position.Play(MoveOf(position, "C3,E5"));
  SearchInfo info;
  info.visits = 40;
  info.candidates = {Candidate(position, "swap", 30, 0.7), Candidate(position, "A1,G7", 10, 0.2)};
  EXPECT_EQ(CandidatesGfx(position, info, ColorView()),
            "LABEL A1 20 G7 20\n"
            "TEXT White to move: win rate 70% after 40 visits; best swap 70% (30), A1,G7 20% (10)");
  EXPECT_EQ(CandidatesGfx(position, SearchInfo(), ColorView()),
            "TEXT White to move: no candidates yet");
}

TEST(GoGuiGfxTest, TheVariationColoursEachStoneByWhoPlacesIt) {
  Position position(Geometry::ForBase(4), Rules{});
  position.Play(MoveOf(position, "C3,E5"));
  SearchInfo info;
  // White swaps and still owes its double turn, then Black places one stone.
  info.candidates = {Candidate(position, "swap", 90, 0.6, {"swap", "A1,G7", "D4"})};
  EXPECT_EQ(VariationGfx(position, info, ColorView()),
            "VAR w PASS w A1 w G7 b D4\n"
            "TEXT 60% after 90 visits: swap A1,G7 D4");
}

// GoGui's view exchanges the colours from the swap on, so that the player who swapped keeps
// its colour: here the swapper (White) goes on as White, and Black places the double turn.
TEST(GoGuiGfxTest, GoGuisViewColoursAVariationThroughASwapAsItsBoardShowsThem) {
  Position position(Geometry::ForBase(4), Rules{});
  position.Play(MoveOf(position, "C3,E5"));
  SearchInfo info;
  info.candidates = {Candidate(position, "swap", 90, 0.6, {"swap", "A1,G7", "D4"})};
  EXPECT_EQ(VariationGfx(position, info, ColorView(position, /*exchange_after_swap=*/true)),
            "VAR w PASS b A1 b G7 w D4\n"
            "TEXT 60% after 90 visits: swap A1,G7 D4");
}

TEST(GoGuiGfxTest, AfterASwapGoGuisViewNamesTheSideToMoveAndTheTerritoryByItsColours) {
  Position position(Geometry::ForBase(2), Rules{});
  position.Play(MoveOf(position, "A1,C3"));
  position.Play(Move::Swap());
  const ColorView gogui(position, /*exchange_after_swap=*/true);
  ASSERT_TRUE(gogui.exchanged());
  EXPECT_EQ(CandidatesGfx(position, SearchInfo(), gogui), "TEXT Black to move: no candidates yet");
  EXPECT_EQ(CandidatesGfx(position, SearchInfo(), ColorView()),
            "TEXT White to move: no candidates yet");
  // The rules' Black (the swapper, with the first pair) holds A1; GoGui shows it as White.
  std::vector<float> black_territory(position.geometry().array_size(), 0.0f);
  black_territory[MoveOf(position, "A1").first] = 1.0f;
  EXPECT_EQ(TerritoryGfx(position, black_territory, gogui, "t"),
            "INFLUENCE A1 -1.00 B1 0.00 A2 0.00 B2 0.00 C2 0.00 B3 0.00 C3 0.00\nTEXT t");
  EXPECT_EQ(TerritoryGfx(position, black_territory, ColorView(), "t"),
            "INFLUENCE A1 1.00 B1 0.00 A2 0.00 B2 0.00 C2 0.00 B3 0.00 C3 0.00\nTEXT t");
}

TEST(GoGuiGfxTest, AVariationStopsAtAMoveThatIsNotLegal) {
  const Position start(Geometry::ForBase(4), Rules{});
  SearchInfo info;
  info.candidates = {Candidate(start, "C3,E5", 9, 0.5, {"C3,E5", "C3,A1"})};
  EXPECT_EQ(VariationGfx(start, info, ColorView()),
            "VAR b C3 b E5\nTEXT 50% after 9 visits: C3,E5");
}

}  // namespace
}  // namespace lifeline
