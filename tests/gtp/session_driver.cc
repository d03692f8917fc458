#include "gtp/session_driver.h"

#include <utility>

#include "gtest/gtest.h"
#include "search/clock.h"
#include "search/move_model.h"

namespace lifeline {

EngineEnvironment RealEnvironment() {
  return EngineEnvironment{RealClock::Instance(), MoveModel::Default()};
}

Settings WithRandomPlayer(const Settings& settings) {
  Settings all = {{"player", "random"}};
  all.insert(all.end(), settings.begin(), settings.end());
  return all;
}

SessionDriver::SessionDriver(const Settings& settings, std::function<bool()> input_ready)
    : session_(in_, out_, RealEnvironment(), std::move(input_ready)) {
  const absl::Status status = session_.Configure(WithRandomPlayer(settings));
  EXPECT_TRUE(status.ok()) << status;
}

std::string SessionDriver::Send(absl::string_view line) {
  out_.str("");
  running_ = session_.HandleLine(line);
  std::string answer = out_.str();
  if (absl::string_view(answer).size() >= 2 && answer.substr(answer.size() - 2) == "\n\n") {
    answer.resize(answer.size() - 2);
  }
  return answer;
}

std::string SessionDriver::Ok(absl::string_view line) {
  const std::string answer = Send(line);
  EXPECT_TRUE(answer.rfind("= ", 0) == 0) << line << " -> " << answer;
  return answer.size() >= 2 ? answer.substr(2) : "";
}

std::string RunSession(absl::string_view input, const Settings& settings) {
  std::istringstream in{std::string(input)};
  std::ostringstream out;
  Session session(in, out, RealEnvironment());
  EXPECT_TRUE(session.Configure(WithRandomPlayer(settings)).ok());
  session.Run();
  return out.str();
}

}  // namespace lifeline
