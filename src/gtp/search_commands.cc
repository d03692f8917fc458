#include "gtp/search_commands.h"

#include <algorithm>
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
#include "gtp/gogui_gfx.h"
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
// The word that asks an analysis for the territory, and opens it in the answer.
constexpr absl::string_view kTerritoryWord = "territory";

using Answer = absl::StatusOr<std::string>;

// What an analysis command reports besides its candidates: the interval between two lines and
// whether each line ends with the territory the playouts foresee.
struct AnalysisReport {
  double interval = kDefaultIntervalCs / 100.0;  // seconds
  bool territory = false;
};

// The optional arguments from `first` on: an interval in centiseconds, then the word
// `territory`, each left out or given once.
absl::StatusOr<AnalysisReport> ReportAt(const Arguments& args, size_t first) {
  AnalysisReport report;
  size_t index = first;
  if (index < args.size() && args[index] != kTerritoryWord) {
    LL_ASSIGN_OR_RETURN(const int64_t centiseconds, args.IntAt(index, 1, kMaxIntervalCs));
    report.interval = centiseconds / 100.0;
    ++index;
  }
  if (index < args.size()) {
    if (args[index] != kTerritoryWord) {
      return SyntaxError(absl::StrCat("expected '", kTerritoryWord, "' after the interval"));
    }
    report.territory = true;
    ++index;
  }
  if (index < args.size()) return SyntaxError("too many arguments");
  return report;
}

// One progress report as a kata-analyze line: every candidate, best first, each starting
// with "info", then with `territory` the word and each cell's territory from Black's view in
// board order. Empty when there is no candidate yet.
std::string InfoLine(const Geometry& geometry, const SearchInfo& info, bool territory) {
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
  if (line.empty() || !territory || info.territory.empty()) return line;
  absl::StrAppend(&line, " ", kTerritoryWord);
  geometry.cells().ForEach(
      [&](Cell c) { absl::StrAppend(&line, " ", TerritoryText(info.territory[c])); });
  return line;
}

ProgressCallback WriteInfo(const Geometry& geometry, AnswerStream& stream, bool territory) {
  return [&geometry, &stream, territory](const SearchInfo& info) {
    const std::string line = InfoLine(geometry, info, territory);
    if (!line.empty()) stream.WriteLine(line);
  };
}

// lifeline-analyze [INTERVAL] [territory]: searches the position until the next input line,
// streaming info lines; a search that ends earlier (a proven root) leaves the answer open
// until then.
Answer Analyze(CommandContext& context, const Arguments& args) {
  Engine& engine = context.engine;
  AnswerStream& stream = context.stream;
  LL_ASSIGN_OR_RETURN(const AnalysisReport report, ReportAt(args, 0));
  stream.Open();
  if (engine.position().IsOver()) return std::string();
  const InputWatcher watcher(stream);
  SearchLimits limits;
  limits.until_stopped = true;
  limits.stop = &watcher.signal();
  limits.report_interval = report.interval;
  engine.Analyze(limits, WriteInfo(engine.position().geometry(), stream, report.territory));
  watcher.WaitForStop();
  return std::string();
}

// lifeline-genmove_analyze COLOR [INTERVAL] [territory]: genmove with info lines while it
// searches and a final "play MOVE" line. It is not cut short by input: the move must come from
// a whole search.
Answer GenMoveAnalyze(CommandContext& context, const Arguments& args) {
  Engine& engine = context.engine;
  AnswerStream& stream = context.stream;
  LL_RETURN_IF_ERROR(args.ExpectCountBetween(1, 3));
  LL_ASSIGN_OR_RETURN(const Color color, PlayerColorAt(context, args, 0));
  LL_ASSIGN_OR_RETURN(const AnalysisReport report, ReportAt(args, 1));
  if (color != engine.position().to_move()) return IllegalMoveError(MoveError::kWrongColor);
  stream.Open();
  const Geometry& geometry = engine.position().geometry();
  const Answer token = GenerateMove(context, color, /*commit=*/true,
                                    WriteInfo(geometry, stream, report.territory), report.interval);
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
  std::shared_ptr<const Network> network;
  if (options.network_visits > 0) {
    // The rate of a search that says it uses the network, measured without it, would mislead.
    LL_ASSIGN_OR_RETURN(network, context.engine.network());
  }
  const EngineEnvironment& environment = context.engine.environment();
  const SpeedResult speed =
      MeasureSearchSpeed(static_cast<int>(base), seconds, options, environment.clock,
                         environment.move_model, std::move(network));
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
  const InputWatcher watcher(stream);
  if (!watcher.signal().IsSet()) engine.Ponder(watcher.signal());
}

void AddSearchCommands(CommandRegistry& registry, CommandContext& context) {
  registry.Add("lifeline-bench", Bind(context, Bench));
  registry.Add("lifeline-speed", Bind(context, Speed));
  registry.Add("lifeline-analyze", Bind(context, Analyze));
  registry.Add("lifeline-genmove_analyze", Bind(context, GenMoveAnalyze));
}

}  // namespace lifeline
