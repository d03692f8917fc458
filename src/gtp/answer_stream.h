#ifndef LIFELINE_GTP_ANSWER_STREAM_H_
#define LIFELINE_GTP_ANSWER_STREAM_H_

#include <functional>
#include <ostream>
#include <string>
#include <utility>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace lifeline {

// The answer of a streaming command (lifeline-analyze), which writes lines while it runs
// and must end when the next input line arrives. The session starts one per command and,
// when the command opened it, ends it instead of writing a normal answer. It holds the output
// stream and a probe that says whether input is waiting (true at end of input as well), both
// injected so that tests run a whole session in memory.
class AnswerStream {
 public:
  AnswerStream(std::ostream& out, std::function<bool()> input_ready)
      : out_(out), input_ready_(std::move(input_ready)) {}

  void Start(const std::string& id) {
    id_ = id;
    opened_ = false;
  }
  bool opened() const { return opened_; }
  bool InputReady() const { return input_ready_(); }
  // Writes "=id" the first time, as the answer's first line.
  void Open();
  // Writes one line of the open answer and flushes it.
  void WriteLine(absl::string_view line);
  // Writes the command's result (its text, or the error message) and the empty line.
  void Finish(const absl::StatusOr<std::string>& result);

 private:
  std::ostream& out_;
  std::function<bool()> input_ready_;
  std::string id_;
  bool opened_ = false;
};

}  // namespace lifeline

#endif  // LIFELINE_GTP_ANSWER_STREAM_H_
