#include <cstddef>
#include <optional>
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

// The index of the swap in `game`'s moves while the turn that follows it is under way: the
// swap was the last move, or the move before a standing first stone.
std::optional<size_t> SwapOfThisTurn(const Game& game) {
  const std::vector<Move>& moves = game.moves();
  const size_t count = moves.size();
  if (count >= 1 && moves[count - 1].kind == Move::Kind::kSwap) return count - 1;
  if (count >= 2 && moves[count - 2].kind == Move::Kind::kSwap &&
      game.position().pending_stone() != kNoCell) {
    return count - 2;
  }
  return std::nullopt;
}

// GoGui draws this after every change: in the dialect, during the turn after a swap, an S on
// each stone of the first turn that was swapped, and a TEXT line for the status bar saying who
// swapped and who places next. GoGui 1.6 clears its status bar right after each move is drawn,
// so the labels are what a person sees. GoGui asks its ruler copy, which hears only the moves
// and not which side the program plays, so the line names colours rather than players.
Answer BoardGfx(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  const Game& game = context.engine.game();
  const Position& position = game.position();
  const ColorView view = context.dialect.View(position);
  const std::optional<size_t> swap = SwapOfThisTurn(game);
  if (!view.exchanged() || !swap) return std::string();
  std::string gfx;
  for (size_t i = 0; i < *swap; ++i) {
    for (const Cell cell : {game.moves()[i].first, game.moves()[i].second}) {
      if (cell == kNoCell || !position.board().occupied().Test(cell)) continue;
      absl::StrAppend(&gfx, gfx.empty() ? "LABEL" : "", " ", CellName(position.geometry(), cell),
                      " S");
    }
  }
  if (!gfx.empty()) gfx += '\n';
  // The swapper now holds the rules' Black, the first turn's stones.
  const char* swapper = view.ShownTitle(Color::kBlack);
  const bool pair = position.rules().balancing == Balancing::kStrongPie;
  return absl::StrCat(gfx, "TEXT ", swapper, " swapped: the first ", pair ? "pair" : "stone",
                      " is ", swapper, "'s now, and ", view.ShownTitle(position.to_move()),
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
