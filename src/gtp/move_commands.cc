#include <string>

#include "core/check.h"
#include "gtp/commands.h"

namespace lifeline {
namespace {

using Answer = absl::StatusOr<std::string>;

Answer Play(Engine& engine, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(2));
  absl::StatusOr<Color> color = args.ColorAt(0);
  if (!color.ok()) return color.status();
  LL_RETURN_IF_ERROR(engine.Play(*color, args[1]));
  return std::string();
}

Answer Swap(Engine& engine, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  LL_RETURN_IF_ERROR(engine.Play(engine.position().to_move(), "swap"));
  return std::string();
}

Answer Undo(Engine& engine, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  if (!engine.Undo()) return absl::FailedPreconditionError("cannot undo");
  return std::string();
}

Answer GenMove(Engine& engine, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(1));
  absl::StatusOr<Color> color = args.ColorAt(0);
  if (!color.ok()) return color.status();
  return engine.GenMove(*color, /*commit=*/true);
}

Answer RegGenMove(Engine& engine, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(1));
  absl::StatusOr<Color> color = args.ColorAt(0);
  if (!color.ok()) return color.status();
  return engine.GenMove(*color, /*commit=*/false);
}

Answer FinalScore(Engine& engine, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  const Position& position = engine.position();
  if (!position.IsOver()) return absl::FailedPreconditionError("cannot score");
  return std::string(position.winner() == Color::kBlack ? "B+" : "W+");
}

}  // namespace

void AddMoveCommands(CommandRegistry& registry, Engine& engine) {
  registry.Add("play", Bind(engine, Play));
  registry.Add("swap", Bind(engine, Swap));
  registry.Add("undo", Bind(engine, Undo));
  registry.Add("genmove", Bind(engine, GenMove));
  registry.Add("reg_genmove", Bind(engine, RegGenMove));
  registry.Add("final_score", Bind(engine, FinalScore));
}

}  // namespace lifeline
