#ifndef LIFELINE_GTP_ARGUMENTS_H_
#define LIFELINE_GTP_ARGUMENTS_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/color.h"

namespace lifeline {

// Protocol errors. The message is the whole text after "? ", starting with the GTP phrase.
absl::Status SyntaxError(absl::string_view detail);
absl::Status IllegalMove(absl::string_view reason);
// The message of a status made by SyntaxError or IllegalMove without its phrase: the detail
// or reason it was made from ("invalid color x", "occupied").
std::string ErrorDetail(const absl::Status& status);

// GTP colours: "b", "black", "w", "white", in any case.
absl::StatusOr<Color> ParseColor(absl::string_view text);

// The arguments of one command with typed, validating accessors. Every accessor answers a
// "syntax error: ..." status for bad text, quoting the offending argument safely, so command
// handlers never look at raw bytes themselves.
class Arguments {
 public:
  explicit Arguments(const std::vector<std::string>& args) : args_(args) {}

  size_t size() const { return args_.size(); }
  absl::string_view operator[](size_t i) const { return args_[i]; }

  absl::Status ExpectCount(size_t n) const { return ExpectCountBetween(n, n); }
  absl::Status ExpectCountBetween(size_t min, size_t max) const;

  absl::StatusOr<Color> ColorAt(size_t i) const;
  // A decimal integer in [min, max].
  absl::StatusOr<int64_t> IntAt(size_t i, int64_t min, int64_t max) const;
  // A finite decimal number.
  absl::StatusOr<double> NumberAt(size_t i) const;

 private:
  const std::vector<std::string>& args_;
};

}  // namespace lifeline

#endif  // LIFELINE_GTP_ARGUMENTS_H_
