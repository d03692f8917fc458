#include "gtp/arguments.h"

#include <cmath>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "engine/quoted_text.h"
#include "gtp/command_line.h"

namespace lifeline {

namespace {

constexpr absl::string_view kSyntaxError = "syntax error: ";
constexpr absl::string_view kIllegalMove = "illegal move: ";

}  // namespace

absl::Status SyntaxError(absl::string_view detail) {
  return absl::InvalidArgumentError(absl::StrCat(kSyntaxError, detail));
}

absl::Status IllegalMove(absl::string_view reason) {
  return absl::InvalidArgumentError(absl::StrCat(kIllegalMove, reason));
}

std::string ErrorDetail(const absl::Status& status) {
  absl::string_view message = status.message();
  if (!absl::ConsumePrefix(&message, kSyntaxError)) absl::ConsumePrefix(&message, kIllegalMove);
  return std::string(message);
}

absl::StatusOr<Color> ParseColor(absl::string_view text) {
  const std::string lower = absl::AsciiStrToLower(text);
  if (lower == "b" || lower == "black") return Color::kBlack;
  if (lower == "w" || lower == "white") return Color::kWhite;
  return SyntaxError(absl::StrCat("invalid color ", QuoteForMessage(text)));
}

absl::Status Arguments::ExpectCountBetween(size_t min, size_t max) const {
  if (args_.size() >= min && args_.size() <= max) return absl::OkStatus();
  if (min == max) {
    return SyntaxError(absl::StrCat("expected ", min, min == 1 ? " argument" : " arguments"));
  }
  return SyntaxError(absl::StrCat("expected ", min, " to ", max, " arguments"));
}

absl::StatusOr<Color> Arguments::ColorAt(size_t i) const { return ParseColor(args_[i]); }

absl::StatusOr<int64_t> Arguments::IntAt(size_t i, int64_t min, int64_t max) const {
  int64_t value = 0;
  if (!absl::SimpleAtoi(args_[i], &value)) {
    return SyntaxError(absl::StrCat("not an integer: ", QuoteForMessage(args_[i])));
  }
  if (value < min || value > max) {
    return SyntaxError(absl::StrCat("out of range [", min, "..", max, "]: ", value));
  }
  return value;
}

absl::StatusOr<double> Arguments::NumberAt(size_t i) const {
  double value = 0;
  if (!absl::SimpleAtod(args_[i], &value) || !std::isfinite(value)) {
    return SyntaxError(absl::StrCat("not a number: ", QuoteForMessage(args_[i])));
  }
  return value;
}

}  // namespace lifeline
