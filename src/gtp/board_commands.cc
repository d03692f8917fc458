#include <cmath>
#include <cstdint>
#include <limits>

#include "absl/strings/str_cat.h"
#include "core/check.h"
#include "core/geometry.h"
#include "gtp/board_text.h"
#include "gtp/command_line.h"
#include "gtp/commands.h"

namespace lifeline {
namespace {

using Answer = absl::StatusOr<std::string>;

// The largest komi the engine keeps; the option's range.
constexpr double kMaxKomi = 1000000;

Answer Boardsize(Engine& engine, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(1));
  absl::StatusOr<int64_t> size =
      args.IntAt(0, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max());
  if (!size.ok()) return size.status();
  // GoGui and gogui-twogtp send the width of the array, 2N-1, rather than the base.
  const bool diameter = engine.options().GetBool("boardsize-diameter") || engine.gogui_mode();
  int64_t base = *size;
  if (diameter) base = *size % 2 == 1 ? (*size + 1) / 2 : 0;
  if (base < Geometry::kMinBase || base > Geometry::kMaxBase) {
    return absl::InvalidArgumentError("unacceptable size");
  }
  LL_CHECK(engine.options().Set("base", absl::StrCat(base)).ok());
  engine.ClearBoard();
  return std::string();
}

Answer ClearBoard(Engine& engine, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  engine.ClearBoard();
  return std::string();
}

Answer Komi(Engine& engine, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(1));
  absl::StatusOr<double> komi = args.NumberAt(0);
  if (!komi.ok()) return komi.status();
  const bool whole = *komi >= 0 && *komi <= kMaxKomi && *komi == std::floor(*komi);
  const Rules& rules = engine.position().rules();
  if (rules.balancing != Balancing::kKomiPie) {
    // Controllers send a komi by habit; a whole one is kept for a later komi-pie game.
    if (whole)
      LL_CHECK(engine.options().Set("komi", absl::StrCat(static_cast<int64_t>(*komi))).ok());
    return std::string();
  }
  if (!whole) return absl::InvalidArgumentError("unacceptable komi");
  if (engine.game_started() && *komi != rules.komi) {
    return absl::FailedPreconditionError("rules locked");
  }
  LL_CHECK(engine.options().Set("komi", absl::StrCat(static_cast<int64_t>(*komi))).ok());
  if (!engine.game_started()) engine.ClearBoard();
  return std::string();
}

Answer LifelineRules(Engine& engine, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCountBetween(0, 1));
  const Balancing current = engine.position().rules().balancing;
  if (args.size() == 0) return BalancingName(current);
  absl::StatusOr<Balancing> balancing = ParseBalancing(args[0]);
  if (!balancing.ok()) return SyntaxError(absl::StrCat("unknown rules ", QuoteForAnswer(args[0])));
  if (*balancing != current && engine.game_started()) {
    return absl::FailedPreconditionError("rules locked");
  }
  LL_CHECK(engine.options().Set("rules", BalancingName(*balancing)).ok());
  if (!engine.game_started()) engine.ClearBoard();
  return std::string();
}

Answer ShowBoard(Engine& engine, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(0));
  return absl::StrCat("\n", ShowBoardText(engine.position()));
}

Answer LoadGame(Engine& engine, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCountBetween(1, 2));
  int64_t turns = std::numeric_limits<int>::max();
  if (args.size() == 2) {
    absl::StatusOr<int64_t> given = args.IntAt(1, 0, std::numeric_limits<int>::max());
    if (!given.ok()) return given.status();
    turns = *given;
  }
  LL_RETURN_IF_ERROR(engine.LoadGame(std::string(args[0]), static_cast<size_t>(turns)));
  return std::string();
}

}  // namespace

void AddBoardCommands(CommandRegistry& registry, Engine& engine) {
  registry.Add("boardsize", Bind(engine, Boardsize));
  registry.Add("clear_board", Bind(engine, ClearBoard));
  registry.Add("komi", Bind(engine, Komi));
  registry.Add("lifeline-rules", Bind(engine, LifelineRules));
  registry.Add("showboard", Bind(engine, ShowBoard));
  registry.Add("lifeline-loadgame", Bind(engine, LoadGame));
}

}  // namespace lifeline
