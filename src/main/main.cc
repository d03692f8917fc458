// The lifeline engine: a GTP session on standard input and output, configured by flags.
#include <poll.h>

#include <cstdint>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/flags/usage_config.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "gtp/search_commands.h"
#include "gtp/session.h"
#include "search/bench.h"
#include "search/clock.h"
#include "search/mcts_player.h"
#include "search/playout_bench.h"

ABSL_FLAG(std::optional<int64_t>, base, std::nullopt,
          "board base N (2..13) of the games that clear_board sets up (default 7)");
ABSL_FLAG(std::optional<std::string>, rules, std::nullopt,
          "balancing rules: strong-pie (default), weak-pie or komi-pie");
ABSL_FLAG(std::optional<int64_t>, komi, std::nullopt, "White's komi points under komi-pie");
ABSL_FLAG(bool, gogui, false,
          "GoGui mode: boardsize takes the width 2N-1, genmove answers one stone at a time, "
          "pass stands for the swap");
ABSL_FLAG(bool, boardsize_diameter, false, "boardsize takes the width 2N-1 instead of the base");
ABSL_FLAG(std::optional<int64_t>, seed, std::nullopt,
          "seed of the random generator (default: drawn at start, shown by lifeline-set)");
ABSL_FLAG(std::vector<std::string>, bench_playouts, {},
          "BASE SECONDS: print the random playout rate on that base and exit");
ABSL_FLAG(bool, bench, false,
          "run the search bench (fixed positions, fixed visits, one thread), print its "
          "signature and exit");
ABSL_FLAG(std::optional<std::string>, player, std::nullopt, "mcts (default) or random");
ABSL_FLAG(std::optional<std::string>, visits, std::nullopt, "search simulations per move");
ABSL_FLAG(std::optional<std::string>, time, std::nullopt, "search seconds per move (decimal)");
ABSL_FLAG(std::optional<std::string>, threads, std::nullopt, "search threads");
ABSL_FLAG(std::optional<std::string>, memory, std::nullopt, "search tree memory limit in MiB");
ABSL_FLAG(std::optional<std::string>, resign, std::nullopt,
          "genmove resigns below this win rate, or on a proven loss (default 0: never)");
ABSL_FLAG(bool, rave, lifeline::MctsOptions().rave, "search: RAVE statistics");
ABSL_FLAG(bool, priors, lifeline::MctsOptions().priors, "search: priors from Lifeline knowledge");
ABSL_FLAG(bool, policy, lifeline::MctsOptions().policy, "search: playout policy");
ABSL_FLAG(bool, settled, lifeline::MctsOptions().count_settled,
          "search: playouts end on a settled board and count safe placements");
ABSL_FLAG(bool, solver, lifeline::MctsOptions().solver, "search: MCTS-Solver");
ABSL_FLAG(bool, reuse, lifeline::MctsOptions().reuse_tree, "search: tree reuse between moves");
ABSL_FLAG(std::optional<std::string>, prior_visits, std::nullopt,
          "search: virtual visits that carry a prior");
ABSL_FLAG(std::optional<std::string>, prior_amaf_visits, std::nullopt,
          "search: virtual AMAF visits that carry a prior");
ABSL_FLAG(std::optional<std::string>, exploration, std::nullopt,
          "search: UCB1 exploration constant");
ABSL_FLAG(std::optional<std::string>, rave_equivalence, std::nullopt,
          "search: visits at which own and AMAF win rates weigh alike");
ABSL_FLAG(bool, verbose, false, "after each genmove, one line about its search on standard error");
ABSL_FLAG(bool, ponder, false,
          "search on the opponent's time, after each genmove until the next command");
ABSL_FLAG(bool, plain_uct, false,
          "search: plain UCT with uniform random playouts (every enhancement off)");

namespace {

// Lets flags be written with dashes (--boardsize-diameter) and --bench-playouts take its two
// values as separate words, as the documentation shows them; absl wants underscores and one
// value per flag.
std::vector<char*> NormalizeArguments(int argc, char** argv, std::vector<std::string>& storage) {
  storage.clear();
  for (int i = 0; i < argc; ++i) {
    std::string arg = argv[i];
    if (i > 0 && arg.rfind("--", 0) == 0) {
      const size_t name_end = std::min(arg.find('='), arg.size());
      for (size_t k = 2; k < name_end; ++k) {
        if (arg[k] == '-') arg[k] = '_';
      }
      if (arg == "--bench_playouts" && i + 2 < argc) {
        arg += std::string("=") + argv[i + 1] + "," + argv[i + 2];
        i += 2;
      }
    }
    storage.push_back(std::move(arg));
  }
  std::vector<char*> pointers;
  for (std::string& s : storage) pointers.push_back(s.data());
  return pointers;
}

// Whether the next input line (or the end of input) is waiting on standard input, so that a
// running analysis stops. Standard input is unbuffered (see main), so nothing can hide in a
// buffer that poll does not see.
bool StdinReady() {
  pollfd fd{0, POLLIN, 0};
  return poll(&fd, 1, 0) != 0;  // readable, hung up, or an error: stop either way
}

int BenchPlayouts(const std::vector<std::string>& values, uint64_t seed) {
  int base = 0;
  double seconds = 0;
  if (values.size() != 2 || !absl::SimpleAtoi(values[0], &base) ||
      !absl::SimpleAtod(values[1], &seconds) || base < lifeline::Geometry::kMinBase ||
      base > lifeline::Geometry::kMaxBase || !(seconds > 0)) {
    std::fprintf(stderr, "--bench-playouts takes a base (2..13) and a positive duration\n");
    return 2;
  }
  std::printf("playouts/s %.0f\n", lifeline::MeasurePlayoutRate(base, seconds, seed));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage("A Lifeline engine speaking GTP on stdin/stdout.");
  // --help lists the flags of this file, which are all the engine has.
  absl::FlagsUsageConfig usage;
  usage.contains_help_flags = [](absl::string_view file) {
    return absl::EndsWith(file, "main/main.cc");
  };
  usage.contains_helpshort_flags = usage.contains_help_flags;
  absl::SetFlagsUsageConfig(usage);
  std::vector<std::string> storage;
  std::vector<char*> normalized = NormalizeArguments(argc, argv, storage);
  const std::vector<char*> rest =
      absl::ParseCommandLine(static_cast<int>(normalized.size()), normalized.data());
  if (rest.size() > 1) {
    std::fprintf(stderr, "unexpected argument %s\n", rest[1]);
    return 2;
  }

  lifeline::SessionConfig config;
  config.base = absl::GetFlag(FLAGS_base);
  config.rules = absl::GetFlag(FLAGS_rules);
  config.komi = absl::GetFlag(FLAGS_komi);
  config.gogui = absl::GetFlag(FLAGS_gogui);
  config.boardsize_diameter = absl::GetFlag(FLAGS_boardsize_diameter);
  const std::optional<int64_t> seed = absl::GetFlag(FLAGS_seed);
  // Without --seed every run differs; the seed drawn is shown by lifeline-set, so a session
  // can still be replayed.
  config.seed = seed.value_or(static_cast<int64_t>(std::random_device()() & 0x7fffffff));

  const std::vector<std::string> bench = absl::GetFlag(FLAGS_bench_playouts);
  if (!bench.empty()) return BenchPlayouts(bench, static_cast<uint64_t>(config.seed));
  if (absl::GetFlag(FLAGS_bench)) {
    const lifeline::BenchResult result =
        lifeline::RunBench(lifeline::kBenchVisits, lifeline::RealClock::Instance());
    std::printf("%s\n", lifeline::BenchReport(result).c_str());
    return 0;
  }

  std::setvbuf(stdin, nullptr, _IONBF, 0);
  lifeline::Session session(std::cin, std::cout,
                            std::make_unique<lifeline::MctsPlayer>(lifeline::MctsOptions{}),
                            StdinReady);
  absl::Status status = session.Configure(config);
  // The search settings go through the option table like lifeline-set.
  const std::pair<const char*, std::optional<std::string>> search_flags[] = {
      {"player", absl::GetFlag(FLAGS_player)},
      {"visits", absl::GetFlag(FLAGS_visits)},
      {"time", absl::GetFlag(FLAGS_time)},
      {"threads", absl::GetFlag(FLAGS_threads)},
      {"memory", absl::GetFlag(FLAGS_memory)},
      {"resign", absl::GetFlag(FLAGS_resign)},
      {"prior-visits", absl::GetFlag(FLAGS_prior_visits)},
      {"prior-amaf-visits", absl::GetFlag(FLAGS_prior_amaf_visits)},
      {"exploration", absl::GetFlag(FLAGS_exploration)},
      {"rave-equivalence", absl::GetFlag(FLAGS_rave_equivalence)},
  };
  for (const auto& [name, value] : search_flags) {
    if (status.ok() && value) status = session.engine().options().Set(name, *value);
  }
  // The on/off settings: the enhancements' switches, then pondering and the search log.
  const std::pair<const char*, bool> bool_flags[] = {
      {"rave", absl::GetFlag(FLAGS_rave)},           {"priors", absl::GetFlag(FLAGS_priors)},
      {"policy", absl::GetFlag(FLAGS_policy)},       {"settled", absl::GetFlag(FLAGS_settled)},
      {"solver", absl::GetFlag(FLAGS_solver)},       {"reuse", absl::GetFlag(FLAGS_reuse)},
      {"plain-uct", absl::GetFlag(FLAGS_plain_uct)}, {"ponder", absl::GetFlag(FLAGS_ponder)},
      {"verbose", absl::GetFlag(FLAGS_verbose)},
  };
  for (const auto& [name, value] : bool_flags) {
    if (status.ok()) status = session.engine().options().Set(name, value ? "true" : "false");
  }
  if (!status.ok()) {
    std::fprintf(stderr, "%s\n", std::string(status.message()).c_str());
    return 2;
  }
  session.Run();
  return 0;
}
