#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "core/check.h"
#include "engine/quoted_text.h"
#include "gtp/command_line.h"
#include "gtp/commands.h"
#include "gtp/gtp_time.h"
#include "search/time_control.h"

namespace lifeline {
namespace {

using Answer = absl::StatusOr<std::string>;

// Counts (stones, periods) beyond this are refused as unreasonable.
constexpr int64_t kMaxCount = 1000000;

// Installs a validated time control, or turns its error into the protocol's wording.
Answer Install(Engine& engine, const absl::StatusOr<TimeControl>& control) {
  if (!control.ok()) return SyntaxError(control.status().message());
  engine.time_control() = *control;
  return std::string();
}

Answer TimeSettings(CommandContext& context, const Arguments& args) {
  Engine& engine = context.engine;
  LL_RETURN_IF_ERROR(args.ExpectCount(3));
  LL_ASSIGN_OR_RETURN(double main_time, args.NumberAt(0));
  LL_ASSIGN_OR_RETURN(double byo_yomi_time, args.NumberAt(1));
  LL_ASSIGN_OR_RETURN(int64_t stones, args.IntAt(2, 0, kMaxCount));
  return Install(engine, TimeControlFromGtp(main_time, byo_yomi_time, stones));
}

Answer TimeLeft(CommandContext& context, const Arguments& args) {
  Engine& engine = context.engine;
  LL_RETURN_IF_ERROR(args.ExpectCount(3));
  LL_ASSIGN_OR_RETURN(const Color color, PlayerColorAt(context, args, 0));
  LL_ASSIGN_OR_RETURN(double seconds, args.NumberAt(1));
  LL_ASSIGN_OR_RETURN(int64_t stones, args.IntAt(2, 0, kMaxCount));
  const absl::Status status = ApplyGtpTimeLeft(engine.time_control(), color, seconds, stones);
  if (!status.ok()) return SyntaxError(status.message());
  return std::string();
}

// kgs-time_settings none | absolute M | byoyomi M P N | canadian M P S | fischer M I; the
// last is an extension for main time plus increment, which time_settings cannot express.
Answer KgsTimeSettings(CommandContext& context, const Arguments& args) {
  Engine& engine = context.engine;
  LL_RETURN_IF_ERROR(args.ExpectCountBetween(1, 4));
  const std::string system = absl::AsciiStrToLower(args[0]);
  size_t expected = 0;
  if (system == "none") expected = 1;
  if (system == "absolute") expected = 2;
  if (system == "fischer") expected = 3;
  if (system == "byoyomi" || system == "canadian") expected = 4;
  if (expected == 0) {
    return SyntaxError(absl::StrCat("unknown time system ", QuoteForMessage(args[0])));
  }
  LL_RETURN_IF_ERROR(args.ExpectCount(expected));
  if (system == "none") return Install(engine, TimeControl::None());
  LL_ASSIGN_OR_RETURN(double main_time, args.NumberAt(1));
  if (system == "absolute") return Install(engine, TimeControl::Absolute(main_time));
  LL_ASSIGN_OR_RETURN(double period, args.NumberAt(2));
  if (system == "fischer") return Install(engine, TimeControl::Fischer(main_time, period));
  LL_ASSIGN_OR_RETURN(int64_t count, args.IntAt(3, 1, kMaxCount));
  if (system == "byoyomi") {
    return Install(engine, TimeControl::Byoyomi(main_time, period, count));
  }
  return Install(engine, TimeControl::Canadian(main_time, period, count));
}

}  // namespace

void AddTimeCommands(CommandRegistry& registry, CommandContext& context) {
  registry.Add("time_settings", Bind(context, TimeSettings));
  registry.Add("time_left", Bind(context, TimeLeft));
  registry.Add("kgs-time_settings", Bind(context, KgsTimeSettings));
}

}  // namespace lifeline
