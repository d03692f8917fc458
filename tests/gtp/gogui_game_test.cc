// Whole games as GoGui 1.6 plays them with the engine: a program copy that answers genmove and
// hears the person's clicks, and a ruler copy that replays the game after every change and
// decides whose turn it is. Above all the swap: GoGui keeps each player on the colour it
// started with, so after a swap the dialect shows the colours exchanged, and the engine must
// go on with the side it took.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/notation.h"
#include "gtest/gtest.h"
#include "gtp/session_driver.h"

namespace lifeline {
namespace {

// What GoGui 1.6 sends each copy at start, read off a real session: the program copy first
// (its boardsize is the width the ruler gave), then each ruler copy. No flags: the queries
// themselves switch the dialect on.
const char* const kGoGuiPlayerGreeting[] = {
    "name",          "protocol_version", "version",
    "list_commands", "gogui-interrupt",  "gogui-rules_game_id"};
const char* const kGoGuiRulerStart[] = {"list_commands", "gogui-interrupt", "gogui-rules_game_id",
                                        "gogui-rules_board_size", "clear_board"};

std::vector<std::string> Words(const std::string& text) {
  return absl::StrSplit(text, ' ', absl::SkipEmpty());
}

// GoGui and its two copies of the engine, both started with the same command line
// (`flags`). Every move, the program's or the person's, reaches the program copy and then
// the ruler, which is cleared, replays the whole game, and must refuse the last move sent once
// more; GoGui asks the ruler whose turn it is and shows the ruler's board. GoGui sends no line
// before the answer to the last, so the program's genmove searches to its limit.
class GoGuiTable {
 public:
  explicit GoGuiTable(const Settings& flags) : player_(flags, [] { return false; }), ruler_(flags) {
    for (const char* command : kGoGuiRulerStart) EXPECT_EQ(ruler_.Send(command)[0], '=');
    const std::string width = Words(ruler_.Ok("gogui-rules_board_size"))[0];
    for (const char* command : kGoGuiPlayerGreeting) EXPECT_EQ(player_.Send(command)[0], '=');
    player_.Ok("boardsize " + width);
    player_.Ok("clear_board");
    player_.Ok("komi 6.5");
    EXPECT_EQ(player_.Ok("gogui-rules_board_size"), width + " hex");
  }

  // GoGui's colour to move, "B" or "W", as the ruler says.
  std::string ToMove() { return ruler_.Ok("gogui-rules_side_to_move") == "black" ? "B" : "W"; }
  bool Over() { return ruler_.Ok("gogui-rules_legal_moves").empty(); }
  // The cells the person may click.
  std::vector<std::string> LegalCells() {
    std::vector<std::string> cells = Words(ruler_.Ok("gogui-rules_legal_moves"));
    cells.erase(std::remove(cells.begin(), cells.end(), "pass"), cells.end());
    return cells;
  }

  // The program's move for GoGui's colour `color`: a cell or "pass".
  std::string ComputerMoves(const std::string& color) {
    const std::string move = player_.Ok("genmove " + color);
    EXPECT_EQ(move.find(','), std::string::npos) << "one stone per genmove: " << move;
    Record(color, move);
    return move;
  }
  // A person's click (a cell or "PASS") for GoGui's colour `color`.
  void PersonPlays(const std::string& color, const std::string& move) {
    player_.Ok(absl::StrCat("play ", color, " ", move));
    Record(color, move);
  }
  // GoGui's Undo: the program takes the move back, the ruler replays the game without it.
  void Undo() {
    player_.Ok("undo");
    moves_.pop_back();
    Replay();
  }

  SessionDriver& player() { return player_; }
  SessionDriver& ruler() { return ruler_; }
  size_t moves() const { return moves_.size(); }

 private:
  void Record(const std::string& color, const std::string& move) {
    moves_.push_back(absl::StrCat("play ", color, " ", move == "pass" ? "PASS" : move));
    Replay();
    EXPECT_EQ(ruler_.Send(moves_.back())[0], '?')
        << "the ruler refuses a repeat: " << moves_.back();
  }
  void Replay() {
    ruler_.Ok("clear_board");
    for (const std::string& played : moves_) ruler_.Ok(played);
    EXPECT_EQ(ruler_.Ok("gogui-rules_board"), player_.Ok("gogui-rules_board"));
  }

  SessionDriver player_;
  SessionDriver ruler_;
  std::vector<std::string> moves_;
};

// The rules' colour of the stone on `cell` in the program copy's game, if one stands there (a
// stone may be removed as soon as it is placed).
std::optional<Color> RulesColorAt(SessionDriver& driver, const std::string& cell) {
  const Position& position = driver.session().engine().position();
  const Reading<Cell> read = ReadCell(position.geometry(), cell);
  EXPECT_TRUE(read.ok()) << cell;
  for (const Color color : {Color::kBlack, Color::kWhite}) {
    if (position.board().HasStone(read.value, color)) return color;
  }
  return std::nullopt;
}

// The rules' colour to move in the program copy's game.
Color RulesToMove(SessionDriver& driver) { return driver.session().engine().position().to_move(); }

// The character GoGui draws on `cell`, from the ruler's board.
char ShownAt(GoGuiTable& table, const std::string& cell) {
  const Geometry& geometry = table.ruler().session().engine().position().geometry();
  const Reading<Cell> read = ReadCell(geometry, cell);
  EXPECT_TRUE(read.ok()) << cell;
  const std::vector<std::string> rows = absl::StrSplit(table.ruler().Ok("gogui-rules_board"), '\n');
  const std::string& row = rows[rows.size() - 1 - geometry.Y(read.value)];
  return row[2 * geometry.X(read.value)];
}

// The engine plays GoGui's colour `engine` ("B" or "W"), a person the other with random
// clicks drawn by `random`, to the end of the game. Every stone the engine places after the
// swap is of `engine_side`, the rules' colour it holds, and GoGui shows it (while it stands)
// in the engine's colour. Answers GoGui's result.
std::string PlayOut(GoGuiTable& table, const std::string& engine, Color engine_side,
                    std::mt19937& random) {
  const char engine_mark = engine == "B" ? 'X' : 'O';
  while (!table.Over()) {
    EXPECT_LT(table.moves(), 200u);
    if (table.moves() >= 200) break;
    const std::string color = table.ToMove();
    if (color == engine) {
      EXPECT_EQ(RulesToMove(table.player()), engine_side);
      const std::string move = table.ComputerMoves(color);
      EXPECT_NE(move, "pass") << "no swap after the swap";
      if (move == "pass" || move == "resign") break;
      const std::optional<Color> placed = RulesColorAt(table.player(), move);
      if (placed) {
        EXPECT_EQ(*placed, engine_side) << move;
        EXPECT_EQ(ShownAt(table, move), engine_mark) << move;
      }
    } else {
      EXPECT_EQ(RulesToMove(table.player()), Opponent(engine_side));
      const std::vector<std::string> cells = table.LegalCells();
      table.PersonPlays(color,
                        cells[std::uniform_int_distribution<size_t>(0, cells.size() - 1)(random)]);
    }
  }
  return table.ruler().Ok("gogui-rules_final_result");
}

Settings Flags(int base, const char* rules) {
  return {{"seed", "1"},
          {"player", "mcts"},
          {"visits", "200"},
          {"base", std::to_string(base)},
          {"rules", rules}};
}

// Every first pair on base 2 wins for whoever holds it (docs/solutions.md), so the engine,
// White, swaps after each, and must then play the first pair's side to its win, while GoGui
// keeps the engine on White and the person on Black.
TEST(GoGuiSwapTest, AfterItsSwapTheEnginePlaysTheFirstPairsSideToItsWin) {
  std::mt19937 random(7);
  const std::vector<std::string> starts = GoGuiTable(Flags(2, "strong-pie")).LegalCells();
  int games = 0;
  for (const std::string& first : starts) {
    GoGuiTable probe(Flags(2, "strong-pie"));
    probe.PersonPlays("B", first);
    for (const std::string& second : probe.LegalCells()) {
      if (second < first) continue;  // each pair once
      GoGuiTable table(Flags(2, "strong-pie"));
      table.PersonPlays("B", first);
      table.PersonPlays("B", second);
      ASSERT_EQ(table.ToMove(), "W");
      ASSERT_EQ(table.ComputerMoves("W"), "pass") << first << "," << second;
      // The swapper keeps White on GoGui's board: the first pair turns white, Black to move.
      EXPECT_EQ(ShownAt(table, first), 'O');
      EXPECT_EQ(ShownAt(table, second), 'O');
      EXPECT_EQ(table.ToMove(), "B");
      EXPECT_EQ(table.player().Ok("lifeline-turn"), "white 2 opening");
      EXPECT_EQ(table.ruler().Ok("gogui-rules_board_gfx"),
                absl::StrCat("LABEL ", first, " S ", second,
                             " S\nTEXT White swapped: the first pair is White's now, and Black "
                             "places the next double turn"));
      EXPECT_EQ(PlayOut(table, "W", Color::kBlack, random), "White wins");
      EXPECT_EQ(table.player().Ok("final_score"), "W+");
      EXPECT_EQ(table.ruler().Ok("gogui-rules_board_gfx"), "");
      ++games;
    }
  }
  EXPECT_EQ(games, 9);  // the legal first turns of base 2
}

// Under weak pie a first stone in a corner of base 2 wins for whoever holds it.
TEST(GoGuiSwapTest, UnderWeakPieTheEngineSwapsACornerAndWinsWithIt) {
  std::mt19937 random(11);
  for (const char* corner : {"A1", "C2", "B3"}) {
    GoGuiTable table(Flags(2, "weak-pie"));
    table.PersonPlays("B", corner);
    ASSERT_EQ(table.ComputerMoves("W"), "pass") << corner;
    EXPECT_EQ(ShownAt(table, corner), 'O');
    EXPECT_EQ(table.ToMove(), "B");
    EXPECT_EQ(table.ruler().Ok("gogui-rules_board_gfx"),
              absl::StrCat("LABEL ", corner,
                           " S\nTEXT White swapped: the first stone is White's now, and Black "
                           "places the next stone"));
    EXPECT_EQ(PlayOut(table, "W", Color::kBlack, random), "White wins") << corner;
  }
}

// The person, White in GoGui, swaps the engine's first pair: the person's stones turn white,
// and the engine, still Black in GoGui, places White's double turn under the rules.
TEST(GoGuiSwapTest, AfterThePersonsSwapTheEnginePlaysTheOtherSide) {
  std::mt19937 random(3);
  for (int base : {2, 4}) {
    GoGuiTable table(Flags(base, "strong-pie"));
    const std::string first = table.ComputerMoves("B");
    const std::string second = table.ComputerMoves("B");
    ASSERT_EQ(table.ToMove(), "W");
    table.PersonPlays("W", "PASS");
    EXPECT_EQ(ShownAt(table, first), 'O');
    EXPECT_EQ(ShownAt(table, second), 'O');
    EXPECT_EQ(table.ToMove(), "B");
    EXPECT_EQ(RulesColorAt(table.player(), first), Color::kBlack);
    EXPECT_EQ(RulesToMove(table.player()), Color::kWhite);
    const std::string result = PlayOut(table, "B", Color::kWhite, random);
    const Position& end = table.player().session().engine().position();
    ASSERT_TRUE(end.IsOver());
    // GoGui names the winner by the colour its board gives the winner's stones.
    EXPECT_EQ(result, end.winner() == Color::kBlack ? "White wins" : "Black wins") << base;
  }
}

// Undoing the swap restores the rules' colours; playing it again exchanges them again.
TEST(GoGuiSwapTest, UndoingTheSwapRestoresTheView) {
  GoGuiTable table(Flags(2, "strong-pie"));
  table.PersonPlays("B", "A1");
  table.PersonPlays("B", "C3");
  const std::string before = table.ruler().Ok("gogui-rules_board");
  ASSERT_EQ(table.ComputerMoves("W"), "pass");
  EXPECT_NE(table.ruler().Ok("gogui-rules_board"), before);
  table.Undo();
  EXPECT_EQ(table.ruler().Ok("gogui-rules_board"), before);
  EXPECT_EQ(table.player().Ok("gogui-rules_board"), before);
  EXPECT_EQ(table.ToMove(), "W");
  EXPECT_EQ(table.player().Ok("gogui-rules_side_to_move"), "white");
  EXPECT_EQ(table.ruler().Ok("gogui-rules_board_gfx"), "");
  ASSERT_EQ(table.ComputerMoves("W"), "pass");
  EXPECT_EQ(table.ToMove(), "B");
}

// GoGui playing the engine against itself on base 7 without flags: the program copy answers
// every genmove, for whichever colour the ruler says is to move. The random player swaps now
// and then; the game goes on either way.
TEST(GoGuiTest, AWholeGameWithoutFlagsAsGoGuiDrivesIt) {
  for (const char* seed : {"1", "2", "3"}) {
    GoGuiTable table(Settings{{"seed", seed}});
    EXPECT_EQ(table.ruler().Ok("gogui-rules_board_size"), "13 hex");  // base 7
    while (!table.Over()) {
      ASSERT_LT(table.moves(), 500u);
      table.ComputerMoves(table.ToMove());
    }
    const std::string result = table.ruler().Ok("gogui-rules_final_result");
    EXPECT_EQ(result, table.player().Ok("final_score") == "B+" ? "Black wins" : "White wins");
    EXPECT_GT(table.moves(), 20u);
  }
}

}  // namespace
}  // namespace lifeline
