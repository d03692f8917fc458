#include "gtp/tst_file.h"

#include <regex>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace lifeline {
namespace {

// Java's String.trim(): every byte up to and including the space is blank.
absl::string_view Trim(absl::string_view s) {
  while (!s.empty() && static_cast<unsigned char>(s.front()) <= ' ') s.remove_prefix(1);
  while (!s.empty() && static_cast<unsigned char>(s.back()) <= ' ') s.remove_suffix(1);
  return s;
}

bool IsNumbered(absl::string_view line) {
  size_t k = 0;
  while (k < line.size() && absl::ascii_isdigit(line[k])) ++k;
  return k > 0 && k < line.size() && line[k] == ' ';
}

absl::StatusOr<TstExpectation> ParseExpectation(absl::string_view text) {
  TstExpectation expectation;
  text = Trim(text);
  expectation.written = std::string(text);
  if (text.empty()) return expectation;
  expectation.expected_fail = absl::EndsWith(text, "*");
  if (expectation.expected_fail) text.remove_suffix(1);
  if (!absl::StartsWith(text, "[") || !absl::EndsWith(text, "]")) {
    return absl::InvalidArgumentError(absl::StrCat("pattern must be written [regex]: ", text));
  }
  absl::string_view regex = Trim(text.substr(1, text.size() - 2));
  expectation.error = absl::ConsumePrefix(&regex, "(?#error)");
  if (expectation.error && !expectation.expected_fail) {
    return absl::InvalidArgumentError(absl::StrCat("an expected error needs '*': ", text));
  }
  expectation.negated = absl::ConsumePrefix(&regex, "!");
  expectation.regex = std::string(regex);
  return expectation;
}

}  // namespace

absl::StatusOr<std::vector<TstStep>> ParseTst(absl::string_view text) {
  std::vector<TstStep> steps;
  bool awaiting_pattern = false;
  int number = 0;
  for (absl::string_view raw : absl::StrSplit(text, '\n')) {
    ++number;
    const std::string spaced = absl::StrReplaceAll(raw, {{"\t", " "}});
    const absl::string_view line = Trim(spaced);
    if (absl::StartsWith(line, "#?")) {
      if (!awaiting_pattern) {
        return absl::InvalidArgumentError(absl::StrCat("line ", number, ": '#?' alone"));
      }
      absl::StatusOr<TstExpectation> expectation = ParseExpectation(line.substr(2));
      if (!expectation.ok()) {
        return absl::InvalidArgumentError(
            absl::StrCat("line ", number, ": ", expectation.status().message()));
      }
      steps.back().expectation = *std::move(expectation);
      awaiting_pattern = false;
    } else if (!line.empty() && line[0] != '#') {
      steps.push_back(TstStep{number, std::string(line), IsNumbered(line), std::nullopt});
      awaiting_pattern = true;
    } else {
      awaiting_pattern = false;
    }
  }
  return steps;
}

std::string AnswerText(absl::string_view raw_answer) {
  const size_t space = raw_answer.find(' ');
  if (space == absl::string_view::npos) return "";
  return std::string(Trim(raw_answer.substr(space)));
}

bool StepPasses(const TstStep& step, bool ok, absl::string_view raw_answer) {
  bool good = ok;
  if (step.expectation && step.expectation->regex) {
    const TstExpectation& e = *step.expectation;
    const std::string answer = AnswerText(raw_answer);
    const bool matched = std::regex_match(answer, std::regex(*e.regex));
    good = ok != e.error && matched != e.negated;
  }
  if (!step.is_test()) return ok;
  // An expected error's '*' is for gogui-regress: here the error must be the one expected.
  if (step.expectation && step.expectation->error) return good;
  const bool expected_fail = step.expectation && step.expectation->expected_fail;
  return good != expected_fail;
}

}  // namespace lifeline
