#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/check.h"
#include "gtp/commands.h"
#include "gtp/search_options.h"
#include "solver/dfpn.h"

namespace lifeline {
namespace {

using Answer = absl::StatusOr<std::string>;

// The longest budget a solve may be given, in seconds.
constexpr double kMaxSolveSeconds = 1e6;

// The limits of a solve: the SECONDS argument at `index`, or the option solve-time.
absl::StatusOr<SolveLimits> LimitsFrom(const Engine& engine, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCountBetween(0, 1));
  SolveLimits limits;
  limits.max_seconds = engine.options().Get(option::kSolveTime);
  if (args.size() == 1) {
    const absl::StatusOr<double> seconds = args.NumberAt(0);
    if (!seconds.ok()) return seconds.status();
    if (*seconds <= 0 || *seconds > kMaxSolveSeconds) {
      return SyntaxError(absl::StrCat("seconds out of range (0..", kMaxSolveSeconds, "]"));
    }
    limits.max_seconds = *seconds;
  }
  return limits;
}

void LogSolve(CommandContext& context, const char* command, const SolveResult& result,
              const std::string& answer) {
  if (!context.engine.options().Get(option::kVerbose)) return;
  const ProofTable& table = context.engine.solver().table();
  *context.log << absl::StrFormat(
                      "%s: %s, %d nodes in %.3f s (%.0f nodes/s), table %d of %d entries", command,
                      answer, result.nodes, result.seconds,
                      result.nodes / std::max(result.seconds, 1e-9), table.used(), table.capacity())
               << std::endl;
}

// lifeline-solve [SECONDS]: win MOVE, loss or unknown for the side to move.
Answer Solve(CommandContext& context, const Arguments& args) {
  const absl::StatusOr<SolveLimits> limits = LimitsFrom(context.engine, args);
  if (!limits.ok()) return limits.status();
  const Position& position = context.engine.position();
  if (position.IsOver()) return std::string("loss");
  const SolveResult result = context.engine.solver().Solve(position, *limits);
  std::string answer = VerdictName(result.verdict);
  if (result.verdict == Verdict::kWin) {
    absl::StrAppend(&answer, " ", MoveToString(position.geometry(), result.move));
  }
  LogSolve(context, "lifeline-solve", result, answer);
  return answer;
}

// lifeline-solve_all [SECONDS]: win and every winning move, loss, or unknown when any move is
// still undecided (the list could not be complete).
Answer SolveAll(CommandContext& context, const Arguments& args) {
  const absl::StatusOr<SolveLimits> limits = LimitsFrom(context.engine, args);
  if (!limits.ok()) return limits.status();
  const Position& position = context.engine.position();
  if (position.IsOver()) return std::string("loss");
  const SolveResult result = context.engine.solver().SolveAll(position, *limits);
  std::string answer = "unknown";
  bool complete = true;
  std::string winning;
  for (const MoveVerdict& move : result.moves) {
    complete = complete && move.verdict != Verdict::kUnknown;
    if (move.verdict == Verdict::kWin) {
      absl::StrAppend(&winning, " ", MoveToString(position.geometry(), move.move));
    }
  }
  if (complete) answer = winning.empty() ? "loss" : "win" + winning;
  LogSolve(context, "lifeline-solve_all", result, answer);
  return answer;
}

}  // namespace

void AddSolverCommands(CommandRegistry& registry, CommandContext& context) {
  registry.Add("lifeline-solve", Bind(context, Solve));
  registry.Add("lifeline-solve_all", Bind(context, SolveAll));
}

}  // namespace lifeline
