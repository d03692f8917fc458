#include "gtp/answer_stream.h"

namespace lifeline {

void AnswerStream::Open() {
  if (opened_) return;
  opened_ = true;
  // The space makes the first line read like any answer's, and an answer that streams nothing
  // ends up exactly like an empty one.
  out_ << '=' << id_ << " \n";
  out_.flush();
}

void AnswerStream::WriteLine(absl::string_view line) {
  out_ << line << '\n';
  out_.flush();
}

void AnswerStream::Finish(const absl::StatusOr<std::string>& result) {
  const absl::string_view text =
      result.ok() ? absl::string_view(*result) : result.status().message();
  if (!text.empty()) out_ << text << '\n';
  out_ << '\n';
  out_.flush();
}

}  // namespace lifeline
