// The gfx drawings of search results that GoGui shows: labels, the best move's square, the
// status text and the principal variation with each stone's colour.

#include "gtp/gogui_gfx.h"

#include "core/move.h"
#include "core/notation.h"
#include "gtest/gtest.h"
#include "gtp/session_driver.h"

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

// The opening map of base 3 (exact: every first turn loses for the first player) as GoGui draws
// it; its status text follows GoGui's own label of the command.
TEST(GoGuiGfxTest, TheOpeningMapLabelsShadesAndMarksTheFirstTurn) {
  SessionDriver driver;
  driver.Ok("lifeline-set book " LIFELINE_SOURCE_DIR "/src/book/maps");
  driver.Ok("boardsize 3");
  driver.Ok("clear_board");
  const std::string empty = driver.Ok("lifeline-gfx_book");
  EXPECT_EQ(empty.substr(0, 20), "LABEL A1 0 B1 0 C1 0");
  EXPECT_EQ(empty.find("INFLUENCE"), std::string::npos);
  EXPECT_NE(empty.find("\nSQUARE "), std::string::npos);
  EXPECT_EQ(empty.substr(empty.find("TEXT ")),
            "TEXT the best chance a first turn through each cell leaves the first player, in "
            "percent");
  driver.Ok("play b C4");
  EXPECT_EQ(driver.Ok("lifeline-gfx_book"),
            "LABEL A1 0 B1 100 C1 0 A2 100 B2 100 C2 0 D2 100 A3 0 D3 100 E3 0 E4 100 E5 0\n"
            "INFLUENCE A1 -1.00 B1 1.00 C1 -1.00 A2 1.00 B2 1.00 C2 -1.00 D2 1.00 A3 -1.00 "
            "D3 1.00 E3 -1.00 E4 1.00 E5 -1.00\n"
            "SQUARE C1 C2\n"
            "TEXT each cell's first turn, its holder's chance in percent");
  driver.Ok("play b C2");
  EXPECT_EQ(driver.Ok("lifeline-gfx_book"),
            "SQUARE A2 E4\n"
            "TEXT the first turn is worth 0% to its holder; the second player plays on");
  driver.Ok("play w swap");
  EXPECT_EQ(driver.Ok("lifeline-gfx_book"), "TEXT nothing for this position");
}

}  // namespace
}  // namespace lifeline
