#ifndef LIFELINE_GTP_SESSION_H_
#define LIFELINE_GTP_SESSION_H_

#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "gtp/engine.h"
#include "gtp/registry.h"
#include "gtp/search_commands.h"
#include "search/player.h"

namespace lifeline {

// Start-up settings, filled from the command line; each is applied like lifeline-set.
struct SessionConfig {
  std::optional<int64_t> base;
  std::optional<std::string> rules;
  std::optional<int64_t> komi;
  bool gogui = false;
  bool boardsize_diameter = false;
  int64_t seed = 0;
};

// A GTP session over two injected streams: reads command lines, answers each in order with
// "=id result" or "?id message" and an empty line, until quit or the end of the input. The
// commands live in a registry (the protocol's own here, the rest in the command-group files)
// and act on one Engine. A refused command never changes the engine; no input line can make
// the session crash or hang. It prints nothing but answers; its only thread is the one that
// lifeline-analyze starts to watch for the next input line while the search runs.
class Session {
 public:
  // `input_ready` tells a streaming command (lifeline-analyze) that the next line is waiting
  // or that the input has ended; by default it asks `in`'s buffer, which suits in-memory
  // streams (a terminal or pipe needs a probe that polls it).
  Session(std::istream& in, std::ostream& out, std::unique_ptr<Player> player,
          std::function<bool()> input_ready = nullptr);

  // Applies start-up settings and sets up the first game; refuses invalid values.
  absl::Status Configure(const SessionConfig& config);
  // Answers commands until quit or the end of the input.
  void Run();
  // Preprocesses and answers one raw input line (blank and comment lines get no answer).
  // Returns false once the session has been asked to quit.
  bool HandleLine(absl::string_view raw);

  CommandRegistry& registry() { return registry_; }
  Engine& engine() { return engine_; }

 private:
  void AddProtocolCommands();
  void WriteAnswer(const std::string& id, const absl::StatusOr<std::string>& result);

  std::istream& in_;
  std::ostream& out_;
  Engine engine_;
  AnswerStream stream_;
  CommandRegistry registry_;
  bool quit_ = false;
};

}  // namespace lifeline

#endif  // LIFELINE_GTP_SESSION_H_
