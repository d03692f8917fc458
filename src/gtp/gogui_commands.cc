#include <string>

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

Answer BoardCommand(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  return absl::StrCat("\n", GoGuiBoardText(context.engine.position().board()));
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
  return std::string(ColorName(context.engine.position().to_move()));
}

Answer FinalResult(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  const Position& position = context.engine.position();
  if (!position.IsOver()) return std::string();
  return std::string(position.winner() == Color::kBlack ? "Black wins" : "White wins");
}

// White stones removed, then black stones removed, as GoGui reads them.
Answer CapturedCount(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  const Position& position = context.engine.position();
  return absl::StrCat(position.captured(Color::kWhite), " ", position.captured(Color::kBlack));
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
}

}  // namespace lifeline
