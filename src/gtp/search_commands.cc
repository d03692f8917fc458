#include "gtp/search_commands.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <thread>
#include <variant>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/check.h"
#include "core/move.h"
#include "gtp/arguments.h"
#include "gtp/commands.h"
#include "search/clock.h"
#include "search/mcts_player.h"
#include "search/random_player.h"

namespace lifeline {
namespace {

// Caps that keep a setting from asking for what the machine cannot give.
constexpr int64_t kMaxThreads = 64;
constexpr int64_t kMaxMemoryMib = 64 * 1024;
// Analysis intervals in centiseconds: one second by default, an hour at most.
constexpr int64_t kDefaultIntervalCs = 100;
constexpr int64_t kMaxIntervalCs = 360000;
// How often an analysis looks for the next input line: quick enough to feel immediate.
constexpr std::chrono::milliseconds kInputPoll(5);
// The longest lifeline-speed measurement.
constexpr double kMaxSpeedSeconds = 600;

using Answer = absl::StatusOr<std::string>;

// The search settings the table describes, with one setting taking a value not yet stored
// (option hooks run before the table changes).
MctsOptions MakeOptions(const OptionTable& table, absl::string_view changed,
                        const OptionValue& value) {
  const auto get_int = [&](absl::string_view name) {
    return name == changed ? std::get<int64_t>(value) : table.GetInt(name);
  };
  const auto get_bool = [&](absl::string_view name) {
    return name == changed ? std::get<bool>(value) : table.GetBool(name);
  };
  const auto get_number = [&](absl::string_view name) {
    return name == changed ? std::get<double>(value) : table.GetNumber(name);
  };
  // Plain UCT turns every switch off, whatever its own value.
  const bool plain = get_bool("plain-uct");
  MctsOptions options = plain ? MctsOptions::PlainUct() : MctsOptions();
  if (!plain) {
    options.rave = get_bool("rave");
    options.priors = get_bool("priors");
    options.policy = get_bool("policy");
    options.count_settled = get_bool("settled");
    options.solver = get_bool("solver");
    options.reuse_tree = get_bool("reuse");
  }
  options.prior_visits = get_number("prior-visits");
  options.prior_amaf_visits = get_number("prior-amaf-visits");
  options.exploration = get_number("exploration");
  options.rave_equivalence = get_number("rave-equivalence");
  options.resign_below = get_number("resign");
  options.threads = static_cast<int>(get_int("threads"));
  options.memory_bytes = get_int("memory") << 20;
  return options;
}

std::unique_ptr<Player> MakePlayer(const OptionTable& table, absl::string_view changed,
                                   const OptionValue& value) {
  const std::string& kind =
      changed == "player" ? std::get<std::string>(value) : table.GetChoice("player");
  if (kind == "random") return std::make_unique<RandomPlayer>();
  return std::make_unique<MctsPlayer>(MakeOptions(table, changed, value));
}

OptionSpec RebuildsPlayer(OptionSpec spec, OptionTable& table, Engine& engine) {
  const std::string name = spec.name;
  return std::move(spec).WithHook([&table, &engine, name](const OptionValue& value) {
    engine.SetPlayer(MakePlayer(table, name, value));
    return absl::OkStatus();
  });
}

// Sets `stop` as soon as input is waiting, from its own thread, for the life of one search;
// the search itself only reads the flag.
class InputWatcher {
 public:
  InputWatcher(const AnswerStream& stream, std::atomic<bool>& stop)
      : thread_([this, &stream, &stop] {
          while (!done_.load() && !stop.load()) {
            if (stream.InputReady()) {
              stop.store(true);
              return;
            }
            std::this_thread::sleep_for(kInputPoll);
          }
        }) {}
  ~InputWatcher() {
    done_.store(true);
    thread_.join();
  }

 private:
  std::atomic<bool> done_{false};  // declared first: the thread reads it from its start
  std::thread thread_;
};

// One progress report as a kata-analyze line: every candidate, best first, each starting
// with "info". Empty when there is no candidate yet.
std::string InfoLine(const Geometry& geometry, const SearchInfo& info) {
  std::string line;
  int order = 0;
  for (const CandidateInfo& candidate : info.candidates) {
    if (!line.empty()) line += ' ';
    absl::StrAppendFormat(&line, "info move %s visits %d winrate %.4f prior %.4f order %d pv",
                          MoveToString(geometry, candidate.move), candidate.visits,
                          candidate.win_rate, candidate.prior, order++);
    for (const Move& move : candidate.principal_variation) {
      absl::StrAppend(&line, " ", MoveToString(geometry, move));
    }
  }
  return line;
}

// The optional interval argument at `index`, in seconds.
absl::StatusOr<double> IntervalAt(const Arguments& args, size_t index) {
  if (args.size() <= index) return kDefaultIntervalCs / 100.0;
  const absl::StatusOr<int64_t> centiseconds = args.IntAt(index, 1, kMaxIntervalCs);
  if (!centiseconds.ok()) return centiseconds.status();
  return *centiseconds / 100.0;
}

ProgressCallback WriteInfo(const Geometry& geometry, AnswerStream& stream) {
  return [&geometry, &stream](const SearchInfo& info) {
    const std::string line = InfoLine(geometry, info);
    if (!line.empty()) stream.WriteLine(line);
  };
}

// lifeline-analyze [INTERVAL]: searches the position until the next input line, streaming
// info lines; a search that ends earlier (a proven root) leaves the answer open until then.
Answer Analyze(Engine& engine, AnswerStream& stream, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCountBetween(0, 1));
  const absl::StatusOr<double> interval = IntervalAt(args, 0);
  if (!interval.ok()) return interval.status();
  stream.Open();
  if (engine.position().IsOver()) return std::string();
  // Input already waiting stops the search before it starts, so the answer does not depend
  // on how fast the watcher looks.
  std::atomic<bool> stop{stream.InputReady()};
  InputWatcher watcher(stream, stop);
  SearchLimits limits;
  limits.until_stopped = true;
  limits.stop = &stop;
  limits.report_interval = *interval;
  engine.Analyze(limits, WriteInfo(engine.position().geometry(), stream));
  while (!stop.load()) std::this_thread::sleep_for(kInputPoll);
  return std::string();
}

// lifeline-genmove_analyze COLOR [INTERVAL]: genmove with info lines while it searches and a
// final "play MOVE" line. It is not cut short by input: the move must come from a whole search.
Answer GenMoveAnalyze(Engine& engine, AnswerStream& stream, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCountBetween(1, 2));
  const absl::StatusOr<Color> color = args.ColorAt(0);
  if (!color.ok()) return color.status();
  const absl::StatusOr<double> interval = IntervalAt(args, 1);
  if (!interval.ok()) return interval.status();
  if (*color != engine.position().to_move()) return IllegalMove("wrong color");
  stream.Open();
  const Geometry& geometry = engine.position().geometry();
  const Answer token =
      engine.GenMove(*color, /*commit=*/true, WriteInfo(geometry, stream), *interval);
  if (!token.ok()) return token.status();
  return "play " + *token;
}

// lifeline-speed BASE SECONDS: the search's playout and node rates with the current options.
Answer Speed(Engine& engine, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCount(2));
  const absl::StatusOr<int64_t> base = args.IntAt(0, Geometry::kMinBase, Geometry::kMaxBase);
  if (!base.ok()) return base.status();
  const absl::StatusOr<double> seconds = args.NumberAt(1);
  if (!seconds.ok()) return seconds.status();
  if (*seconds <= 0 || *seconds > kMaxSpeedSeconds) {
    return SyntaxError(absl::StrCat("seconds out of range (0..", kMaxSpeedSeconds, "]"));
  }
  const MctsOptions options = MakeOptions(engine.options(), "", OptionValue());
  const SpeedResult speed =
      MeasureSearchSpeed(static_cast<int>(*base), *seconds, options, RealClock::Instance());
  const double elapsed = std::max(speed.seconds, 1e-9);
  return absl::StrFormat(
      "base %d threads %d playouts %d nodes %d seconds %.3f playouts/s %.0f "
      "nodes/s %.0f",
      *base, options.threads, speed.playouts, speed.nodes, speed.seconds, speed.playouts / elapsed,
      speed.nodes / elapsed);
}

absl::StatusOr<std::string> Bench(Engine& /*engine*/, const Arguments& args) {
  LL_RETURN_IF_ERROR(args.ExpectCountBetween(0, 1));
  int64_t visits = kBenchVisits;
  if (args.size() == 1) {
    const absl::StatusOr<int64_t> given = args.IntAt(0, 1, 1000000);
    if (!given.ok()) return given.status();
    visits = *given;
  }
  return BenchReport(RunBench(visits, RealClock::Instance()));
}

}  // namespace

void DeclareSearchOptions(OptionTable& table, Engine& engine) {
  table.Declare(RebuildsPlayer(
      OptionSpec::Choice("player", "mcts", {"mcts", "random"}, "how genmove chooses moves"), table,
      engine));
  table.Declare(OptionSpec::Int("visits", 0, 0, int64_t{1} << 40,
                                "simulations per move (0: no limit, or 20000 when no time "
                                "limit is set either)"));
  table.Declare(OptionSpec::Number("time", 0, 0, 1e6,
                                   "seconds per move, at most (0: no limit); the time control "
                                   "may allow less"));
  table.Declare(RebuildsPlayer(OptionSpec::Int("threads", 1, 1, kMaxThreads, "search threads"),
                               table, engine));
  table.Declare(RebuildsPlayer(
      OptionSpec::Int("memory", 256, 1, kMaxMemoryMib, "search tree memory limit in MiB"), table,
      engine));
  table.Declare(OptionSpec::Bool("verbose", false,
                                 "after each genmove, one line about its search on standard "
                                 "error: move, playouts, time, root visits, visits kept"));
  table.Declare(OptionSpec::Bool("ponder", false,
                                 "after genmove, search on until the next command (the "
                                 "opponent's time), for the tree that reuse keeps"));
  table.Declare(RebuildsPlayer(
      OptionSpec::Number("resign", MctsOptions().resign_below, 0, 1,
                         "genmove resigns below this win rate (or on a proven loss); 0 never"),
      table, engine));
  // The enhancements, each with its own switch so that a match can measure it.
  const MctsOptions defaults;
  const struct {
    const char* name;
    bool value;
    const char* help;
  } switches[] = {
      {"rave", defaults.rave, "RAVE: all-moves-as-first statistics mixed into the win rates"},
      {"priors", defaults.priors, "priors from Lifeline knowledge for new tree nodes"},
      {"policy", defaults.policy, "playouts that take kills, answer threats, avoid self-kills"},
      {"settled", defaults.count_settled,
       "playouts end on a settled board, won by the side with more safe placements"},
      {"solver", defaults.solver, "MCTS-Solver: proven wins and losses, a proven win is played"},
      {"reuse", defaults.reuse_tree, "keep the subtree of the new position between moves"},
      {"plain-uct", false, "plain UCT with uniform random playouts: every switch above off"},
  };
  for (const auto& entry : switches) {
    table.Declare(
        RebuildsPlayer(OptionSpec::Bool(entry.name, entry.value, entry.help), table, engine));
  }
  table.Declare(RebuildsPlayer(
      OptionSpec::Number("prior-visits", defaults.prior_visits, 0, 1000,
                         "virtual visits that carry a prior (its weight against real visits)"),
      table, engine));
  table.Declare(RebuildsPlayer(
      OptionSpec::Number("prior-amaf-visits", defaults.prior_amaf_visits, 0, 1000,
                         "virtual AMAF visits that carry a prior (its weight under RAVE)"),
      table, engine));
  table.Declare(RebuildsPlayer(
      OptionSpec::Number("exploration", defaults.exploration, 0, 100, "UCB1 exploration constant"),
      table, engine));
  table.Declare(RebuildsPlayer(
      OptionSpec::Number("rave-equivalence", defaults.rave_equivalence, 1, 1e9,
                         "visits at which a child's own win rate and its AMAF one weigh alike"),
      table, engine));
}

void PonderUntilInput(Engine& engine, const AnswerStream& stream) {
  std::atomic<bool> stop{stream.InputReady()};
  if (stop.load()) return;
  InputWatcher watcher(stream, stop);
  engine.Ponder(stop);
}

void AddSearchCommands(CommandRegistry& registry, Engine& engine, AnswerStream& stream) {
  registry.Add("lifeline-bench", Bind(engine, Bench));
  registry.Add("lifeline-speed", Bind(engine, Speed));
  registry.Add("lifeline-analyze",
               [&engine, &stream](const Arguments& args) { return Analyze(engine, stream, args); });
  registry.Add("lifeline-genmove_analyze", [&engine, &stream](const Arguments& args) {
    return GenMoveAnalyze(engine, stream, args);
  });
}

void AnswerStream::Open() {
  if (opened_) return;
  opened_ = true;
  // The space makes the first line read like any answer's, and an answer that streams nothing
  // ends up exactly like an empty one.
  out_ << '=' << id_ << " \n";
  out_.flush();
}

void AnswerStream::WriteLine(absl::string_view line) {
  out_ << line << '\n';
  out_.flush();
}

void AnswerStream::Finish(const absl::StatusOr<std::string>& result) {
  const absl::string_view text =
      result.ok() ? absl::string_view(*result) : result.status().message();
  if (!text.empty()) out_ << text << '\n';
  out_ << '\n';
  out_.flush();
}

std::string BenchReport(const BenchResult& result) {
  return absl::StrFormat(
      "positions %d playouts %d seconds %.3f playouts/s %.0f nodes/s %.0f nodes %d signature %d",
      result.positions, result.playouts, result.seconds, result.playouts_per_second,
      result.nodes_per_second, result.nodes, result.nodes);
}

}  // namespace lifeline
