#include "gtp/search_commands.h"

#include <algorithm>
#include <atomic>
#include <cstdint>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/check.h"
#include "core/move.h"
#include "engine/bench_report.h"
#include "engine/search_options.h"
#include "gtp/arguments.h"
#include "gtp/commands.h"
#include "gtp/genmove.h"
#include "gtp/input_watcher.h"
#include "gtp/move_token.h"
#include "search/bench.h"
#include "search/mcts_player.h"

namespace lifeline {
namespace {

// Analysis intervals in centiseconds: one second by default, an hour at most.
constexpr int64_t kDefaultIntervalCs = 100;
constexpr int64_t kMaxIntervalCs = 360000;
// The longest lifeline-speed measurement.
constexpr double kMaxSpeedSeconds = 600;

using Answer = absl::StatusOr<std::string>;

// One progress report as a kata-analyze line: every candidate, best first, each starting
// with "info". Empty when there is no candidate yet.
std::string InfoLine(const Geometry& geometry, const SearchInfo& info) {
  std::string line;
  int order = 0;
  for (const CandidateInfo& candidate : info.candidates) {
    if (!line.empty()) line += ' ';
    absl::StrAppendFormat(&line, "info move %s visits %d winrate %.4f prior %.4f order %d",
                          MoveToString(geometry, candidate.move), candidate.visits,
                          candidate.win_rate, candidate.prior, order++);
    if (candidate.proof == MoveProof::kWin) line += " proof win";
    if (candidate.proof == MoveProof::kLoss) line += " proof loss";
    line += " pv";
    for (const Move& move : candidate.principal_variation) {
      absl::StrAppend(&line, " ", MoveToString(geometry, move));
    }
  }
  return line;
}

// The optional interval argument at `index`, in seconds.
absl::StatusOr<double> IntervalAt(const Arguments& args, size_t index) {
  if (args.size() <= index) return kDefaultIntervalCs / 100.0;
  LL_ASSIGN_OR_RETURN(const int64_t centiseconds, args.IntAt(index, 1, kMaxIntervalCs));
  return centiseconds / 100.0;
}

ProgressCallback WriteInfo(const Geometry& geometry, AnswerStream& stream) {
  return [&geometry, &stream](const SearchInfo& info) {
    const std::string line = InfoLine(geometry, info);
    if (!line.empty()) stream.WriteLine(line);
  };
}

// lifeline-analyze [INTERVAL]: searches the position until the next input line, streaming
// info lines; a search that ends earlier (a proven root) leaves the answer open until then.
Answer Analyze(CommandContext& context, const Arguments& args) {
  Engine& engine = context.engine;
  AnswerStream& stream = context.stream;
  LL_RETURN_IF_ERROR(args.ExpectCountBetween(0, 1));
  LL_ASSIGN_OR_RETURN(const double interval, IntervalAt(args, 0));
  stream.Open();
  if (engine.position().IsOver()) return std::string();
  std::atomic<bool> stop{false};
  InputWatcher watcher(stream, stop);
  SearchLimits limits;
  limits.until_stopped = true;
  limits.stop = &stop;
  limits.report_interval = interval;
  engine.Analyze(limits, WriteInfo(engine.position().geometry(), stream));
  watcher.WaitForStop();
  return std::string();
}

// lifeline-genmove_analyze COLOR [INTERVAL]: genmove with info lines while it searches and a
// final "play MOVE" line. It is not cut short by input: the move must come from a whole search.
Answer GenMoveAnalyze(CommandContext& context, const Arguments& args) {
  Engine& engine = context.engine;
  AnswerStream& stream = context.stream;
  LL_RETURN_IF_ERROR(args.ExpectCountBetween(1, 2));
  LL_ASSIGN_OR_RETURN(const Color color, args.ColorAt(0));
  LL_ASSIGN_OR_RETURN(const double interval, IntervalAt(args, 1));
  if (color != engine.position().to_move()) return IllegalMoveError(MoveError::kWrongColor);
  stream.Open();
  const Geometry& geometry = engine.position().geometry();
  const Answer token =
      GenerateMove(context, color, /*commit=*/true, WriteInfo(geometry, stream), interval);
  if (!token.ok()) return token.status();
  return "play " + *token;
}

// lifeline-speed BASE SECONDS: the search's playout and node rates with the current options.
Answer Speed(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(2));
  LL_ASSIGN_OR_RETURN(const int64_t base, args.IntAt(0, Geometry::kMinBase, Geometry::kMaxBase));
  LL_ASSIGN_OR_RETURN(const double seconds, args.NumberAt(1));
  if (seconds <= 0 || seconds > kMaxSpeedSeconds) {
    return SyntaxError(absl::StrCat("seconds out of range (0..", kMaxSpeedSeconds, "]"));
  }
  const MctsOptions options = SearchSettings(context.engine.options());
  const EngineEnvironment& environment = context.engine.environment();
  const SpeedResult speed = MeasureSearchSpeed(static_cast<int>(base), seconds, options,
                                               environment.clock, environment.move_model);
  const double elapsed = std::max(speed.seconds, 1e-9);
  return absl::StrFormat(
      "base %d threads %d playouts %d nodes %d seconds %.3f playouts/s %.0f "
      "nodes/s %.0f",
      base, options.threads, speed.playouts, speed.nodes, speed.seconds, speed.playouts / elapsed,
      speed.nodes / elapsed);
}

Answer Bench(CommandContext& context, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCountBetween(0, 1));
  int64_t visits = kBenchVisits;
  if (args.size() == 1) {
    LL_ASSIGN_OR_RETURN(const int64_t given, args.IntAt(0, 1, 1000000));
    visits = given;
  }
  const EngineEnvironment& environment = context.engine.environment();
  return BenchReport(RunBench(visits, environment.clock, environment.move_model));
}

}  // namespace

void PonderUntilInput(Engine& engine, const AnswerStream& stream) {
  std::atomic<bool> stop{false};
  InputWatcher watcher(stream, stop);
  if (!stop.load()) engine.Ponder(stop);
}

void AddSearchCommands(CommandRegistry& registry, CommandContext& context) {
  registry.Add("lifeline-bench", Bind(context, Bench));
  registry.Add("lifeline-speed", Bind(context, Speed));
  registry.Add("lifeline-analyze", Bind(context, Analyze));
  registry.Add("lifeline-genmove_analyze", Bind(context, GenMoveAnalyze));
}

}  // namespace lifeline
