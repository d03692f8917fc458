// The lifeline engine: a GTP session on standard input and output. Its flags are the engine's
// options (see --help), plus a few that print something and exit (--version, --bench, ...).
#include <poll.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <system_error>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "engine/bench_report.h"
#include "engine/engine_environment.h"
#include "engine/engine_options.h"
#include "engine/option_flags.h"
#include "engine/version.h"
#include "gtp/session.h"
#include "search/bench.h"
#include "search/clock.h"
#include "search/move_model.h"
#include "search/playout_bench.h"

namespace {

constexpr const char* kUsage =
    "usage: lifeline [--OPTION=VALUE ...]\n"
    "A Lifeline engine speaking GTP on standard input and output (protocol/lifeline-gtp.md).\n"
    "  --help                       this text\n"
    "  --version                    the release and the commit, then exit\n"
    "  --bench                      run the search bench, print its signature and exit\n"
    "  --bench-playouts BASE SECS   print the random playout rate on a base and exit\n"
    "Every option of lifeline-set is a flag (a bare --NAME means true):\n";

// Whether the next input line (or the end of input) is waiting on standard input, so that a
// running analysis stops. Standard input is unbuffered (see main), so nothing can hide in a
// buffer that poll does not see.
bool StdinReady() {
  pollfd fd{0, POLLIN, 0};
  return poll(&fd, 1, 0) != 0;  // readable, hung up, or an error: stop either way
}

int BenchPlayouts(const std::string& base_text, const std::string& seconds_text, uint64_t seed) {
  int base = 0;
  double seconds = 0;
  if (!absl::SimpleAtoi(base_text, &base) || !absl::SimpleAtod(seconds_text, &seconds) ||
      base < lifeline::Geometry::kMinBase || base > lifeline::Geometry::kMaxBase ||
      !(seconds > 0)) {
    std::fprintf(stderr, "--bench-playouts takes a base (2..13) and a positive duration\n");
    return 2;
  }
  const lifeline::PlayoutRate rate = lifeline::MeasurePlayoutRate(base, seconds, seed);
  std::printf("playouts/s %.0f actions/playout %.1f\n", rate.playouts_per_second,
              rate.actions_per_playout);
  return 0;
}

// Where `network auto` looks: lifeline.net beside the program (the build folder, where the
// build copies it) and in the share/lifeline folder of its installation prefix.
std::vector<std::string> DefaultNetworks() {
  std::error_code error;
  const std::filesystem::path program = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return {};
  const std::filesystem::path folder = program.parent_path();
  return {(folder / "lifeline.net").string(),
          (folder.parent_path() / "share" / "lifeline" / "lifeline.net").string()};
}

}  // namespace

int main(int argc, char** argv) {
  std::setvbuf(stdin, nullptr, _IONBF, 0);
  const lifeline::EngineEnvironment environment{lifeline::RealClock::Instance(),
                                                lifeline::MoveModel::Default(), DefaultNetworks()};
  lifeline::Session session(std::cin, std::cout, environment, StdinReady);
  lifeline::OptionTable& options = session.engine().options();
  const std::vector<std::string> args(argv + 1, argv + argc);
  const absl::StatusOr<lifeline::ParsedFlags> flags = lifeline::ParseOptionFlags(
      options, args, {{"help", 0}, {"version", 0}, {"bench", 0}, {"bench-playouts", 2}});
  if (!flags.ok()) {
    std::fprintf(stderr, "%s\n%s", std::string(flags.status().message()).c_str(), kUsage);
    return 2;
  }
  // Without --seed every run differs; the seed drawn is shown by lifeline-set, so a session
  // can still be replayed. It comes first so that a --seed flag overrides it.
  lifeline::Settings settings = {
      {lifeline::option::kSeed.name(), absl::StrCat(std::random_device()() & 0x7fffffff)}};
  settings.insert(settings.end(), flags->settings.begin(), flags->settings.end());
  const absl::Status status = session.Configure(settings);
  if (!status.ok()) {
    std::fprintf(stderr, "%s\n", std::string(status.message()).c_str());
    return 2;
  }
  const std::vector<std::string>& other = flags->other;
  if (!other.empty() && other[0] == "--help") {
    std::printf("%s%s", kUsage, lifeline::OptionFlagsHelp(options).c_str());
    return 0;
  }
  if (!other.empty() && other[0] == "--version") {
    std::printf("lifeline %s\n", lifeline::VersionText().c_str());
    return 0;
  }
  if (!other.empty() && other[0] == "--bench-playouts") {
    return BenchPlayouts(other[1], other[2],
                         static_cast<uint64_t>(options.Get(lifeline::option::kSeed)));
  }
  if (!other.empty() && other[0] == "--bench") {
    const lifeline::BenchResult result =
        lifeline::RunBench(lifeline::kBenchVisits, environment.clock, environment.move_model);
    std::printf("%s\n", lifeline::BenchReport(result).c_str());
    return 0;
  }
  session.Run();
  return 0;
}
