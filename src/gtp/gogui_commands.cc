#include <cstddef>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "core/check.h"
#include "core/notation.h"
#include "gtp/board_text.h"
#include "gtp/commands.h"

namespace lifeline {
namespace {

using Answer = absl::StatusOr<std::string>;

// GoGui announces itself with its version (since 1.6.1) and takes any answer; it turns an
// "auto" dialect on.
Answer GoGuiVersion(CommandContext& context, const Arguments& /*args*/) {
  context.dialect.Detected();
  return std::string();
}

// GoGui's first question to a program and to each ruler copy, before any boardsize; no other
// controller asks it, so it turns an "auto" dialect on.
Answer GameId(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  context.dialect.Detected();
  return std::string("Lifeline");
}

// Listed so that GoGui interrupts a command by sending the line "# interrupt": analysis and,
// in GoGui's dialect, genmove end at the next input line.
Answer Interrupt(CommandContext& /*context*/, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  return std::string();
}

Answer BoardSize(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  return absl::StrCat(context.engine.position().geometry().diameter(), " hex");
}

// The answers below give the colours as GoGui's view shows them: exchanged after a swap in
// the dialect, so that each player keeps its colour on GoGui's board.
Answer BoardCommand(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  const Position& position = context.engine.position();
  return absl::StrCat("\n", GoGuiBoardText(position.board(), context.dialect.View(position)));
}

// Cells in increasing order, then the non-placement actions. On a double turn the cells are
// those that start a legal pair (or complete the pending one). GoGui has a pass button only,
// so in GoGui mode the swap and the komi spending are both offered as "pass".
Answer LegalMoves(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  const Position& position = context.engine.position();
  if (position.IsOver()) return std::string();
  std::string moves;
  position.PlacementCells().ForEach([&](int cell) {
    absl::StrAppend(&moves, moves.empty() ? "" : " ", CellName(position.geometry(), cell));
  });
  auto append = [&moves](const char* token) {
    absl::StrAppend(&moves, moves.empty() ? "" : " ", token);
  };
  if (context.dialect.on()) {
    if (position.CanSwap() || position.CanSpendKomi()) append("pass");
  } else {
    if (position.CanSwap()) append("swap");
    if (position.CanSpendKomi()) append("pass");
  }
  return moves;
}

Answer SideToMove(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  const Position& position = context.engine.position();
  return std::string(ColorName(context.dialect.View(position).Shown(position.to_move())));
}

Answer FinalResult(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  const Position& position = context.engine.position();
  if (!position.IsOver()) return std::string();
  return absl::StrCat(context.dialect.View(position).ShownTitle(position.winner()), " wins");
}

// White stones removed, then black stones removed, as GoGui reads them.
Answer CapturedCount(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  const Position& position = context.engine.position();
  const ColorView view = context.dialect.View(position);
  return absl::StrCat(position.captured(view.Rules(Color::kWhite)), " ",
                      position.captured(view.Rules(Color::kBlack)));
}

// Whether `game` stands in the turn that follows a swap: the swap was the last move, or the
// move before a standing first stone.
bool InTurnAfterSwap(const Game& game) {
  const std::vector<Move>& moves = game.moves();
  const size_t count = moves.size();
  if (count >= 1 && moves[count - 1].kind == Move::Kind::kSwap) return true;
  return count >= 2 && moves[count - 2].kind == Move::Kind::kSwap &&
         game.position().pending_stone() != kNoCell;
}

// GoGui shows this drawing after every change, its TEXT in the status bar: in the dialect,
// during the turn after a swap, who swapped and who places next, in GoGui's colours. GoGui asks
// its ruler copy, which hears only the moves and not which side the program plays, so the line
// names colours rather than players.
Answer BoardGfx(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  const Game& game = context.engine.game();
  const Position& position = game.position();
  const ColorView view = context.dialect.View(position);
  if (!view.exchanged() || !InTurnAfterSwap(game)) return std::string();
  // The swapper now holds the rules' Black, the first turn's stones.
  const char* swapper = view.ShownTitle(Color::kBlack);
  const bool pair = position.rules().balancing == Balancing::kStrongPie;
  return absl::StrCat("TEXT ", swapper, " swapped: the first ", pair ? "pair" : "stone", " is ",
                      swapper, "'s now, and ", view.ShownTitle(position.to_move()),
                      " places the next ", pair ? "double turn" : "stone");
}

}  // namespace

void AddGoGuiCommands(CommandRegistry& registry, CommandContext& context) {
  registry.Add("gogui-version", Bind(context, GoGuiVersion));
  registry.Add("gogui-interrupt", Bind(context, Interrupt));
  registry.Add("gogui-rules_game_id", Bind(context, GameId));
  registry.Add("gogui-rules_board_size", Bind(context, BoardSize));
  registry.Add("gogui-rules_board", Bind(context, BoardCommand));
  registry.Add("gogui-rules_legal_moves", Bind(context, LegalMoves));
  registry.Add("gogui-rules_side_to_move", Bind(context, SideToMove));
  registry.Add("gogui-rules_final_result", Bind(context, FinalResult));
  registry.Add("gogui-rules_captured_count", Bind(context, CapturedCount));
  registry.Add("gogui-rules_board_gfx", Bind(context, BoardGfx));
}

}  // namespace lifeline
