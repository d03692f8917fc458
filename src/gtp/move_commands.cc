#include <optional>
#include <string>

#include "core/check.h"
#include "gtp/commands.h"
#include "gtp/genmove.h"
#include "gtp/move_token.h"

namespace lifeline {
namespace {

using Answer = absl::StatusOr<std::string>;

// Plays `token` for `color`: read once, checked once (by the game as it plays it).
Answer PlayToken(CommandContext& context, Color color, absl::string_view token) {
  Engine& engine = context.engine;
  LL_ASSIGN_OR_RETURN(const Move move,
                      ReadMoveToken(engine.position(), token, context.dialect.on()));
  if (const std::optional<MoveError> problem = engine.Play(color, move)) {
    return IllegalMoveError(*problem);
  }
  return std::string();
}

Answer Play(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(2));
  LL_ASSIGN_OR_RETURN(const Color color, PlayerColorAt(context, args, 0));
  return PlayToken(context, color, args[1]);
}

Answer Swap(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  return PlayToken(context, context.engine.position().to_move(), "swap");
}

Answer Undo(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  if (!context.engine.Undo()) return absl::FailedPreconditionError("cannot undo");
  return std::string();
}

Answer GenMove(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(1));
  LL_ASSIGN_OR_RETURN(const Color color, PlayerColorAt(context, args, 0));
  return GenerateMove(context, color, /*commit=*/true);
}

Answer RegGenMove(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(1));
  LL_ASSIGN_OR_RETURN(const Color color, PlayerColorAt(context, args, 0));
  return GenerateMove(context, color, /*commit=*/false);
}

Answer FinalScore(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  const Position& position = context.engine.position();
  if (!position.IsOver()) return absl::FailedPreconditionError("cannot score");
  const Color winner = context.dialect.View(position).Shown(position.winner());
  return std::string(winner == Color::kBlack ? "B+" : "W+");
}

}  // namespace

void AddMoveCommands(CommandRegistry& registry, CommandContext& context) {
  registry.Add("play", Bind(context, Play));
  registry.Add("swap", Bind(context, Swap));
  registry.Add("undo", Bind(context, Undo));
  registry.Add("genmove", Bind(context, GenMove));
  registry.Add("reg_genmove", Bind(context, RegGenMove));
  registry.Add("final_score", Bind(context, FinalScore));
}

}  // namespace lifeline
