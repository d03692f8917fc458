#include "fuzz/fuzz_bodies.h"

#include <memory>
#include <optional>
#include <sstream>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "core/geometry.h"
#include "core/position.h"
#include "core/random.h"
#include "gtp/game_record.h"
#include "gtp/move_token.h"
#include "gtp/session.h"
#include "search/clock.h"
#include "search/move_model.h"

namespace lifeline {
namespace {

// Checks the framing of a whole session's output.
std::string CheckAnswers(absl::string_view output) {
  size_t at = 0;
  while (at < output.size()) {
    const size_t end = output.find("\n\n", at);
    if (end == absl::string_view::npos) return absl::StrCat("unterminated answer at ", at);
    const absl::string_view answer = output.substr(at, end - at);
    if (answer[0] != '=' && answer[0] != '?') return absl::StrCat("bad answer start at ", at);
    size_t k = 1;
    while (k < answer.size() && absl::ascii_isdigit(answer[k])) ++k;
    if (k >= answer.size() || answer[k] != ' ') return absl::StrCat("no space at ", at);
    at = end + 2;
  }
  return "";
}

// Settings that bound what one command can cost, set through the option system as a user
// would: the random player (so that no genmove or analysis searches), one thread, a small
// tree, short solver budgets, no pondering. An input may not change them (see below).
const Settings kFuzzSettings = {
    {"seed", "1"},       {"player", "random"},   {"threads", "1"},
    {"memory", "16"},    {"visits", "100"},      {"time", "0.05"},
    {"ponder", "false"}, {"solve-time", "0.05"}, {"solver-memory", "16"},
};

}  // namespace

std::string CheckSessionInput(absl::string_view input) {
  std::istringstream in{std::string(input)};
  std::ostringstream out;
  Session session(in, out, EngineEnvironment{RealClock::Instance(), MoveModel::Default()});
  if (!session.Configure(kFuzzSettings).ok()) return "configure failed";
  // Some commands cost what the input asks for by design: perft is exponential in its depth,
  // the bench and the speed test run fixed searches, and the settings above could ask for
  // any number of threads, visits and seconds. Those commands are left out, and setting one
  // of the bounding options is refused, so a fuzz run fails only on a real bug.
  CommandRegistry& registry = session.registry();
  registry.Remove("lifeline-perft");
  registry.Remove("lifeline-bench");
  registry.Remove("lifeline-speed");
  for (const char* setter : {"lifeline-set", "lifeline-gogui_settings"}) {
    const CommandHandler set = *registry.Find(setter);
    registry.Remove(setter);
    registry.Add(setter, [set](const Arguments& args) -> absl::StatusOr<std::string> {
      for (const auto& [bounded, value] : kFuzzSettings) {
        if (args.size() >= 2 && args[0] == bounded) return absl::InvalidArgumentError("fuzzing");
      }
      return set(args);
    });
  }
  for (const char* solve : {"lifeline-solve", "lifeline-solve_all"}) {
    const CommandHandler run = *registry.Find(solve);
    registry.Remove(solve);
    registry.Add(solve, [run](const Arguments& args) -> absl::StatusOr<std::string> {
      if (args.size() > 0) return absl::InvalidArgumentError("fuzzing");
      return run(args);
    });
  }
  session.Run();
  return CheckAnswers(out.str());
}

std::string CheckMoveInput(absl::string_view input) {
  if (input.empty()) return "";
  const unsigned char selector = static_cast<unsigned char>(input[0]);
  const int base = Geometry::kMinBase + selector % (Geometry::kMaxBase - Geometry::kMinBase + 1);
  Rules rules;
  rules.balancing = static_cast<Balancing>((selector >> 4) % 3);
  rules.komi = 2;
  const absl::string_view token = input.substr(1);
  // The top bits play up to three random actions first, so that the swap, the komi and the
  // second stone of a double turn can be legal.
  Position position(Geometry::ForBase(base), rules);
  Rng rng(selector);
  for (int i = 0; i < selector >> 6; ++i) {
    const std::optional<Move> move = position.RandomMove(rng);
    if (!move) break;
    position.Play(*move);
  }
  for (bool gogui : {false, true}) {
    const absl::StatusOr<Move> move = ReadMoveToken(position, token, gogui);
    // Only a legal move must print back to itself: GoGui's "pass" means the swap only where
    // the swap is legal.
    if (!move.ok() || !position.IsLegal(*move)) continue;
    const std::string printed = MoveToken(position.geometry(), *move, gogui);
    const absl::StatusOr<Move> again = ReadMoveToken(position, printed, gogui);
    if (!again.ok() || !(*again == *move)) {
      return absl::StrCat("token does not round-trip: ", printed);
    }
  }
  const absl::StatusOr<GameRecord> record = ParseGameRecord(token, base, rules);
  if (record.ok()) (void)ReplayGameRecord(*record, record->actions.size());
  return "";
}

}  // namespace lifeline
