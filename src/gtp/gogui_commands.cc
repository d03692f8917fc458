#include <string>

#include "absl/strings/str_cat.h"
#include "core/check.h"
#include "core/notation.h"
#include "gtp/board_text.h"
#include "gtp/commands.h"

namespace lifeline {
namespace {

using Answer = absl::StatusOr<std::string>;

// GoGui announces itself with its version; from then on the session speaks GoGui's dialect.
Answer GoGuiVersion(Engine& engine, const Arguments& /*args*/) {
  LL_RETURN_IF_ERROR(engine.options().Set("gogui", "true"));
  return std::string();
}

Answer GameId(Engine& /*engine*/, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  return std::string("Lifeline");
}

Answer BoardSize(Engine& engine, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  return absl::StrCat(engine.position().geometry().diameter(), " hex");
}

Answer BoardCommand(Engine& engine, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  return absl::StrCat("\n", GoGuiBoardText(engine.position().board()));
}

// Cells in increasing order, then the non-placement actions. On a double turn the cells are
// those that start a legal pair (or complete the pending one). GoGui has a pass button only,
// so in GoGui mode the swap and the komi spending are both offered as "pass".
Answer LegalMoves(Engine& engine, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  const Position& position = engine.position();
  if (position.IsOver()) return std::string();
  std::string moves;
  position.PlacementCells().ForEach([&](int cell) {
    absl::StrAppend(&moves, moves.empty() ? "" : " ", CellName(position.geometry(), cell));
  });
  auto append = [&moves](const char* token) {
    absl::StrAppend(&moves, moves.empty() ? "" : " ", token);
  };
  if (engine.gogui_mode()) {
    if (position.CanSwap() || position.CanSpendKomi()) append("pass");
  } else {
    if (position.CanSwap()) append("swap");
    if (position.CanSpendKomi()) append("pass");
  }
  return moves;
}

Answer SideToMove(Engine& engine, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  return std::string(ColorName(engine.position().to_move()));
}

Answer FinalResult(Engine& engine, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  const Position& position = engine.position();
  if (!position.IsOver()) return std::string();
  return std::string(position.winner() == Color::kBlack ? "Black wins" : "White wins");
}

// White stones removed, then black stones removed, as GoGui reads them.
Answer CapturedCount(Engine& engine, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  const Position& position = engine.position();
  return absl::StrCat(position.captured(Color::kWhite), " ", position.captured(Color::kBlack));
}

}  // namespace

void AddGoGuiCommands(CommandRegistry& registry, Engine& engine) {
  registry.Add("gogui-version", Bind(engine, GoGuiVersion));
  registry.Add("gogui-rules_game_id", Bind(engine, GameId));
  registry.Add("gogui-rules_board_size", Bind(engine, BoardSize));
  registry.Add("gogui-rules_board", Bind(engine, BoardCommand));
  registry.Add("gogui-rules_legal_moves", Bind(engine, LegalMoves));
  registry.Add("gogui-rules_side_to_move", Bind(engine, SideToMove));
  registry.Add("gogui-rules_final_result", Bind(engine, FinalResult));
  registry.Add("gogui-rules_captured_count", Bind(engine, CapturedCount));
}

}  // namespace lifeline
