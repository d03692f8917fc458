#ifndef LIFELINE_TESTS_GTP_SESSION_DRIVER_H_
#define LIFELINE_TESTS_GTP_SESSION_DRIVER_H_

#include <functional>
#include <sstream>
#include <string>

#include "absl/strings/string_view.h"
#include "engine/engine_environment.h"
#include "gtp/session.h"

namespace lifeline {

// The real clock and the built-in move model, as the program has them.
EngineEnvironment RealEnvironment();
// `settings` after {"player", "random"}, which they may override: test sessions play fast.
Settings WithRandomPlayer(const Settings& settings);

// A session in memory for tests (with the random player unless its settings say otherwise): Send()
// hands it one line and returns what it wrote (the answer without its final empty line, or "" when
// the line got no answer). Its input is empty between lines, which a command that waits for the
// next line (GoGui's genmove, analysis) reads as the end of the input and stops at once, unless
// `input_ready` says otherwise (Session's probe).
class SessionDriver {
 public:
  explicit SessionDriver(const Settings& settings = DefaultConfig(),
                         std::function<bool()> input_ready = nullptr);

  std::string Send(absl::string_view line);
  // The answer text of a command that must succeed ("= text" -> "text").
  std::string Ok(absl::string_view line);
  // True when the session is still running (no quit yet).
  bool running() const { return running_; }
  Session& session() { return session_; }

  // A fixed seed, so that every test session is reproducible.
  static Settings DefaultConfig() { return {{"seed", "1"}}; }

 private:
  std::istringstream in_;
  std::ostringstream out_;
  Session session_;
  bool running_ = true;
};

// Runs a whole session on `input` and returns its output.
std::string RunSession(absl::string_view input,
                       const Settings& settings = SessionDriver::DefaultConfig());

}  // namespace lifeline

#endif  // LIFELINE_TESTS_GTP_SESSION_DRIVER_H_
