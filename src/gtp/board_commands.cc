#include <cmath>
#include <cstdint>
#include <limits>

#include "absl/strings/str_cat.h"
#include "core/check.h"
#include "core/geometry.h"
#include "engine/engine_options.h"
#include "engine/quoted_text.h"
#include "gtp/board_text.h"
#include "gtp/command_line.h"
#include "gtp/commands.h"
#include "gtp/game_record.h"

namespace lifeline {
namespace {

using Answer = absl::StatusOr<std::string>;

// The largest komi the engine keeps; the option's range.
constexpr double kMaxKomi = 1000000;

Answer Boardsize(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(1));
  LL_ASSIGN_OR_RETURN(const int64_t size, args.IntAt(0, std::numeric_limits<int64_t>::min(),
                                                     std::numeric_limits<int64_t>::max()));
  // GoGui and gogui-twogtp send the width of the array, 2N-1, rather than the base.
  int64_t base = size;
  if (context.dialect.BoardsizeIsWidth()) base = size % 2 == 1 ? (size + 1) / 2 : 0;
  if (base < Geometry::kMinBase || base > Geometry::kMaxBase) {
    return absl::InvalidArgumentError("unacceptable size");
  }
  LL_CHECK(context.engine.options().Set(option::kBase, base).ok());
  context.engine.ClearBoard();
  return std::string();
}

Answer ClearBoard(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  context.engine.ClearBoard();
  return std::string();
}

// A whole komi K >= 0 is White's komi points; outside komi pie it is kept for a later komi-pie
// game. A komi with a fraction cannot be a number of Lifeline komi points: it is the habit of
// Go controllers (GoGui and gogui-twogtp send 6.5 at every new game), so it is accepted and
// changes nothing, under every balancing method. Outside komi pie any number is accepted.
Answer Komi(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(1));
  LL_ASSIGN_OR_RETURN(const double komi, args.NumberAt(0));
  Engine& engine = context.engine;
  const Rules& rules = engine.position().rules();
  const bool komi_pie = rules.balancing == Balancing::kKomiPie;
  const bool whole = komi == std::floor(komi);
  const bool in_range = komi >= 0 && komi <= kMaxKomi;
  if (!whole) return std::string();
  if (!in_range) {
    if (komi_pie) return absl::InvalidArgumentError("unacceptable komi");
    return std::string();
  }
  const int64_t points = static_cast<int64_t>(komi);
  if (komi_pie && engine.game_started() && points != rules.komi) {
    return absl::FailedPreconditionError("rules locked");
  }
  LL_CHECK(engine.options().Set(option::kKomi, points).ok());
  if (komi_pie && !engine.game_started()) engine.ClearBoard();
  return std::string();
}

Answer LifelineRules(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCountBetween(0, 1));
  Engine& engine = context.engine;
  const Balancing current = engine.position().rules().balancing;
  if (args.size() == 0) return BalancingName(current);
  const absl::StatusOr<Balancing> balancing = ParseBalancing(args[0]);
  if (!balancing.ok()) return SyntaxError(absl::StrCat("unknown rules ", QuoteForMessage(args[0])));
  if (*balancing != current && engine.game_started()) {
    return absl::FailedPreconditionError("rules locked");
  }
  LL_CHECK(engine.options().Set(option::kRules, BalancingName(*balancing)).ok());
  if (!engine.game_started()) engine.ClearBoard();
  return std::string();
}

Answer ShowBoard(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  const Position& position = context.engine.position();
  return absl::StrCat("\n", ShowBoardText(position, context.dialect.View(position)));
}

Answer LoadGame(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCountBetween(1, 2));
  int64_t turns = std::numeric_limits<int>::max();
  if (args.size() == 2) {
    LL_ASSIGN_OR_RETURN(const int64_t given, args.IntAt(1, 0, std::numeric_limits<int>::max()));
    turns = given;
  }
  Engine& engine = context.engine;
  LL_ASSIGN_OR_RETURN(const std::string text, ReadSmallFile(std::string(args[0]), kMaxRecordBytes));
  LL_ASSIGN_OR_RETURN(const GameRecord record,
                      ParseGameRecord(text, engine.next_base(), engine.next_rules()));
  LL_ASSIGN_OR_RETURN(Game game, ReplayGameRecord(record, static_cast<size_t>(turns)));
  engine.LoadGame(std::move(game));
  return std::string();
}

}  // namespace

void AddBoardCommands(CommandRegistry& registry, CommandContext& context) {
  registry.Add("boardsize", Bind(context, Boardsize));
  registry.Add("clear_board", Bind(context, ClearBoard));
  registry.Add("komi", Bind(context, Komi));
  registry.Add("lifeline-rules", Bind(context, LifelineRules));
  registry.Add("showboard", Bind(context, ShowBoard));
  registry.Add("lifeline-loadgame", Bind(context, LoadGame));
}

}  // namespace lifeline
