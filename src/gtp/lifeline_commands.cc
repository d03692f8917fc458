#include <array>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/check.h"
#include "core/perft.h"
#include "gtp/commands.h"
#include "gtp/game_state_json.h"
#include "gtp/move_token.h"
#include "search/settled.h"

namespace lifeline {
namespace {

using Answer = absl::StatusOr<std::string>;

// Perft's cost grows exponentially with the depth; deeper counts could never finish.
constexpr int64_t kMaxPerftDepth = 20;

// Always succeeds, so that a regression suite can pin illegal moves without a '?' answer.
Answer IsLegal(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(2));
  const Position& position = context.engine.position();
  const absl::StatusOr<Color> color = PlayerColorAt(context, args, 0);
  if (!color.ok()) return "false " + ErrorDetail(color.status());
  const absl::StatusOr<Move> move = ReadMoveToken(position, args[1], context.dialect.on());
  if (!move.ok()) return "false " + ErrorDetail(move.status());
  if (const std::optional<MoveError> problem = position.WhyIllegal(*color, *move)) {
    return absl::StrCat("false ", IllegalMoveReason(*problem));
  }
  return std::string("true");
}

Answer Turn(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  const Position& position = context.engine.position();
  return absl::StrCat(ColorName(position.to_move()), " ", position.stones_to_place(), " ",
                      PhaseName(position.phase()));
}

Answer State(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  return GameStateJson(context.engine.game());
}

// The count that decides a settled board (the `settled` option's): what each side can still
// place without losing a stone of its own, komi aside. Learning reads it to tell who would have
// won the same game under another komi.
Answer Count(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  const std::optional<std::array<int, 2>> placements = SettledPlacements(context.engine.position());
  if (!placements) return absl::FailedPreconditionError("board not settled");
  return absl::StrCat((*placements)[0], " ", (*placements)[1]);
}

Answer PerftCommand(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(1));
  LL_ASSIGN_OR_RETURN(const int64_t depth, args.IntAt(0, 0, kMaxPerftDepth));
  return absl::StrCat(Perft(context.engine.position(), static_cast<int>(depth)));
}

// No argument: every option with its value; a name: its value; a name and a value: sets it.
Answer Set(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCountBetween(0, 2));
  OptionTable& options = context.engine.options();
  if (args.size() == 0) return options.Describe();
  if (args.size() == 1) return options.Text(args[0]);
  LL_RETURN_IF_ERROR(options.Set(args[0], args[1]));
  return std::string();
}

}  // namespace

void AddLifelineCommands(CommandRegistry& registry, CommandContext& context) {
  registry.Add("lifeline-is_legal", Bind(context, IsLegal));
  registry.Add("lifeline-turn", Bind(context, Turn));
  registry.Add("lifeline-state", Bind(context, State));
  registry.Add("lifeline-count", Bind(context, Count));
  registry.Add("lifeline-perft", Bind(context, PerftCommand));
  registry.Add("lifeline-set", Bind(context, Set));
}

}  // namespace lifeline
