#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "core/check.h"
#include "core/perft.h"
#include "gtp/commands.h"
#include "gtp/move_token.h"

namespace lifeline {
namespace {

using Answer = absl::StatusOr<std::string>;

// Perft's cost grows exponentially with the depth; deeper counts could never finish.
constexpr int64_t kMaxPerftDepth = 20;

// The reason of a refusal without its GTP phrase: "occupied", "invalid color x", ...
std::string Reason(const absl::Status& status) {
  absl::string_view message = status.message();
  absl::ConsumePrefix(&message, "illegal move: ");
  absl::ConsumePrefix(&message, "syntax error: ");
  return std::string(message);
}

// Always succeeds, so that a regression suite can pin illegal moves without a '?' answer.
Answer IsLegal(Engine& engine, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(2));
  absl::StatusOr<Color> color = args.ColorAt(0);
  if (!color.ok()) return "false " + Reason(color.status());
  absl::StatusOr<Move> move = ParseMoveToken(engine.position(), args[1], engine.gogui_mode());
  if (!move.ok()) return "false " + Reason(move.status());
  const absl::Status legal = CheckPlay(engine.position(), *color, *move);
  if (!legal.ok()) return "false " + Reason(legal);
  return std::string("true");
}

Answer Turn(Engine& engine, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  const Position& position = engine.position();
  return absl::StrCat(ColorName(position.to_move()), " ", position.stones_to_place(), " ",
                      PhaseName(position.phase()));
}

Answer PerftCommand(Engine& engine, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(1));
  absl::StatusOr<int64_t> depth = args.IntAt(0, 0, kMaxPerftDepth);
  if (!depth.ok()) return depth.status();
  return absl::StrCat(Perft(engine.position(), static_cast<int>(*depth)));
}

// No argument: every option with its value; a name: its value; a name and a value: sets it.
Answer Set(Engine& engine, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCountBetween(0, 2));
  if (args.size() == 0) return engine.options().Describe();
  if (args.size() == 1) return engine.options().Text(args[0]);
  LL_RETURN_IF_ERROR(engine.options().Set(args[0], args[1]));
  return std::string();
}

}  // namespace

void AddLifelineCommands(CommandRegistry& registry, Engine& engine) {
  registry.Add("lifeline-is_legal", Bind(engine, IsLegal));
  registry.Add("lifeline-turn", Bind(engine, Turn));
  registry.Add("lifeline-perft", Bind(engine, PerftCommand));
  registry.Add("lifeline-set", Bind(engine, Set));
}

}  // namespace lifeline
