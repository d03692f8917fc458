#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/check.h"
#include "engine/search_options.h"
#include "gtp/commands.h"
#include "solver/dfpn.h"

namespace lifeline {
namespace {

using Answer = absl::StatusOr<std::string>;

// The longest budget a solve may be given, in seconds.
constexpr int64_t kMaxSolveSeconds = 1000000;

// The limits of a solve: the SECONDS argument at `index`, or the option solve-time.
absl::StatusOr<SolveLimits> LimitsFrom(const Engine& engine, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCountBetween(0, 1));
  SolveLimits limits;
  limits.max_seconds = engine.options().Get(option::kSolveTime);
  if (args.size() == 1) {
    LL_ASSIGN_OR_RETURN(const double seconds, args.NumberAt(0));
    if (seconds <= 0 || seconds > kMaxSolveSeconds) {
      return SyntaxError(absl::StrCat("seconds out of range (0..", kMaxSolveSeconds, "]"));
    }
    limits.max_seconds = seconds;
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

// lifeline-solve's answer: win MOVE, loss or unknown for the side to move.
std::string OneWinningMove(const Position& position, const SolveResult& result) {
  std::string answer = VerdictName(result.verdict);
  if (result.verdict == Verdict::kWin) {
    absl::StrAppend(&answer, " ", MoveToString(position.geometry(), result.move));
  }
  return answer;
}

// lifeline-solve_all's answer: win and every winning move, loss, or unknown when any move is
// still undecided (the list could not be complete).
std::string EveryWinningMove(const Position& position, const SolveResult& result) {
  bool complete = true;
  std::string winning;
  for (const MoveVerdict& move : result.moves) {
    complete = complete && move.verdict != Verdict::kUnknown;
    if (move.verdict == Verdict::kWin) {
      absl::StrAppend(&winning, " ", MoveToString(position.geometry(), move.move));
    }
  }
  if (!complete) return "unknown";
  return winning.empty() ? "loss" : "win" + winning;
}

using SolveMethod = SolveResult (Solver::*)(const Position&, const SolveLimits&);
using Phrase = std::string (*)(const Position&, const SolveResult&);

// A solver command: `solve` on the current position within the command's budget, answered
// in words by `phrase`. A finished game is lost for the side to move.
CommandHandler SolverCommand(CommandContext& context, const char* name, SolveMethod solve,
                             Phrase phrase) {
  return [&context, name, solve, phrase](const Arguments& args) -> Answer {
    LL_ASSIGN_OR_RETURN(const SolveLimits limits, LimitsFrom(context.engine, args));
    const Position& position = context.engine.position();
    if (position.IsOver()) return std::string("loss");
    const SolveResult result = (context.engine.solver().*solve)(position, limits);
    const std::string answer = phrase(position, result);
    LogSolve(context, name, result, answer);
    return answer;
  };
}

}  // namespace

void AddSolverCommands(CommandRegistry& registry, CommandContext& context) {
  registry.Add("lifeline-solve",
               SolverCommand(context, "lifeline-solve", &Solver::Solve, OneWinningMove));
  registry.Add("lifeline-solve_all",
               SolverCommand(context, "lifeline-solve_all", &Solver::SolveAll, EveryWinningMove));
}

}  // namespace lifeline
