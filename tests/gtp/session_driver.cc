#include "gtp/session_driver.h"

#include <memory>

#include "gtest/gtest.h"
#include "search/random_player.h"

namespace lifeline {

SessionDriver::SessionDriver(const Settings& settings)
    : session_(in_, out_, std::make_unique<RandomPlayer>()) {
  const absl::Status status = session_.Configure(settings);
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
  Session session(in, out, std::make_unique<RandomPlayer>());
  EXPECT_TRUE(session.Configure(settings).ok());
  session.Run();
  return out.str();
}

}  // namespace lifeline
