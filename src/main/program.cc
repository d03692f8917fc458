#include "main/program.h"

#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
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

namespace lifeline {
namespace {

// What --version adds to say which build runs: the WebAssembly package holds two, and its
// hosts pick one (docs/wasm.md).
#if defined(__EMSCRIPTEN_PTHREADS__)
constexpr const char* kBuildKind = ", WebAssembly, threaded build";
#elif defined(__EMSCRIPTEN__)
constexpr const char* kBuildKind = ", WebAssembly, single-threaded build";
#else
constexpr const char* kBuildKind = "";
#endif

constexpr const char* kUsage =
    "usage: lifeline [--OPTION=VALUE ...]\n"
    "A Lifeline engine speaking GTP on standard input and output (protocol/lifeline-gtp.md).\n"
    "  --help                       this text\n"
    "  --version                    the release and the commit, then exit\n"
    "  --bench                      run the search bench, print its signature and exit\n"
    "  --bench-playouts BASE SECS   print the random playout rate on a base and exit\n"
    "Every option of lifeline-set is a flag (a bare --NAME means true):\n";

int BenchPlayouts(const std::string& base_text, const std::string& seconds_text, uint64_t seed) {
  int base = 0;
  double seconds = 0;
  if (!absl::SimpleAtoi(base_text, &base) || !absl::SimpleAtod(seconds_text, &seconds) ||
      base < Geometry::kMinBase || base > Geometry::kMaxBase || !(seconds > 0)) {
    std::fprintf(stderr, "--bench-playouts takes a base (2..13) and a positive duration\n");
    return 2;
  }
  const PlayoutRate rate = MeasurePlayoutRate(base, seconds, seed);
  std::printf("playouts/s %.0f actions/playout %.1f\n", rate.playouts_per_second,
              rate.actions_per_playout);
  return 0;
}

}  // namespace

int RunProgram(const std::vector<std::string>& args, const ProgramHost& host) {
  const EngineEnvironment environment{RealClock::Instance(), MoveModel::Default(),
                                      host.default_networks, host.default_book_folders};
  Session session(host.in, host.out, environment, host.input_ready);
  OptionTable& options = session.engine().options();
  const absl::StatusOr<ParsedFlags> flags = ParseOptionFlags(
      options, args, {{"help", 0}, {"version", 0}, {"bench", 0}, {"bench-playouts", 2}});
  if (!flags.ok()) {
    std::fprintf(stderr, "%s\n%s", std::string(flags.status().message()).c_str(), kUsage);
    return 2;
  }
  // Without --seed every run differs; the seed drawn is shown by lifeline-set, so a session
  // can still be replayed. It comes first so that a --seed flag overrides it.
  Settings settings = {{option::kSeed.name(), absl::StrCat(std::random_device()() & 0x7fffffff)}};
  settings.insert(settings.end(), flags->settings.begin(), flags->settings.end());
  const absl::Status status = session.Configure(settings);
  if (!status.ok()) {
    std::fprintf(stderr, "%s\n", std::string(status.message()).c_str());
    return 2;
  }
  const std::vector<std::string>& other = flags->other;
  if (!other.empty() && other[0] == "--help") {
    std::printf("%s%s", kUsage, OptionFlagsHelp(options).c_str());
    return 0;
  }
  if (!other.empty() && other[0] == "--version") {
    std::printf("lifeline %s%s\n", VersionText().c_str(), kBuildKind);
    return 0;
  }
  if (!other.empty() && other[0] == "--bench-playouts") {
    return BenchPlayouts(other[1], other[2], static_cast<uint64_t>(options.Get(option::kSeed)));
  }
  if (!other.empty() && other[0] == "--bench") {
    const BenchResult result = RunBench(kBenchVisits, environment.clock, environment.move_model);
    std::printf("%s\n", BenchReport(result).c_str());
    return 0;
  }
  session.Run();
  return 0;
}

}  // namespace lifeline
