#ifndef LIFELINE_GTP_SESSION_H_
#define LIFELINE_GTP_SESSION_H_

#include <functional>
#include <istream>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/engine.h"
#include "gtp/answer_stream.h"
#include "gtp/commands.h"
#include "gtp/gogui_dialect.h"
#include "gtp/registry.h"

namespace lifeline {

// Option settings by name, as flags or tests give them: {"base", "5"}, {"gogui", "true"}.
using Settings = std::vector<std::pair<std::string, std::string>>;

// A GTP session over two injected streams: reads command lines, answers each in order with
// "=id result" or "?id message" and an empty line, until quit or the end of the input. The
// commands live in a registry (the protocol's own here, the rest in the command-group files)
// and act on one Engine. A refused command never changes the engine; no input line can make
// the session crash or hang. It prints nothing but answers (and, on the log, what the options
// `verbose` asks for); its only thread is the one that watches for the next input line while a
// search runs. Its commands hold its address, so it can be neither copied nor moved.
class Session {
 public:
  // The engine's players are made with `environment`. `input_ready` tells a streaming command
  // (lifeline-analyze) that the next line is waiting or that the input has ended; by default
  // it asks `in`'s buffer, which suits in-memory streams (a terminal or pipe needs a probe
  // that polls it).
  Session(std::istream& in, std::ostream& out, const EngineEnvironment& environment,
          std::function<bool()> input_ready = nullptr);
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Applies settings in order, as lifeline-set does, then sets up a new game with them;
  // refuses the first invalid one.
  absl::Status Configure(const Settings& settings);
  // Answers commands until quit or the end of the input.
  void Run();
  // Preprocesses and answers one raw input line (blank and comment lines get no answer).
  // Returns false once the session has been asked to quit.
  bool HandleLine(absl::string_view raw);

  CommandRegistry& registry() { return registry_; }
  Engine& engine() { return engine_; }
  // Where diagnostics go (standard error unless set).
  void SetLog(std::ostream* log) { context_.log = log; }

 private:
  void AddProtocolCommands();
  void WriteAnswer(const std::string& id, const absl::StatusOr<std::string>& result);

  std::istream& in_;
  std::ostream& out_;
  Engine engine_;
  AnswerStream stream_;
  GoGuiDialect dialect_;
  CommandContext context_;
  CommandRegistry registry_;
  bool quit_ = false;
};

}  // namespace lifeline

#endif  // LIFELINE_GTP_SESSION_H_
