#ifndef LIFELINE_TESTS_GTP_TST_FILE_H_
#define LIFELINE_TESTS_GTP_TST_FILE_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace lifeline {

// A regression file (.tst) read as scripts/regress.py reads it (gogui-regress's format plus
// its '[(?#error)regex]*' extension for expected error answers), so that the conformance
// transcripts run in process with the same meaning as against the binary. One difference:
// std::regex has no "dot matches newline" mode, so the transcripts spell multi-line answers with
// [\s\S] or \n, which both runners read alike.
struct TstExpectation {
  std::string written;               // as written after "#?"
  std::optional<std::string> regex;  // none: the command only has to succeed
  bool negated = false;
  bool error = false;          // '[(?#error)regex]*': an error answer is expected
  bool expected_fail = false;  // trailing '*'
};

struct TstStep {
  int line_number = 0;
  std::string command;  // the line sent, id included
  bool numbered = false;
  std::optional<TstExpectation> expectation;

  bool is_test() const { return numbered || expectation.has_value(); }
};

absl::StatusOr<std::vector<TstStep>> ParseTst(absl::string_view text);

// The answer text as compared: everything after the answer's first space, trimmed.
std::string AnswerText(absl::string_view raw_answer);

// Whether an answer (ok: it began with '='; raw: its lines without the final empty one)
// meets a step's expectation, as regress.py judges it; a failing expected-failure step counts
// as met. Non-tests only have to succeed.
bool StepPasses(const TstStep& step, bool ok, absl::string_view raw_answer);

}  // namespace lifeline

#endif  // LIFELINE_TESTS_GTP_TST_FILE_H_
