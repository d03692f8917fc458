#ifndef LIFELINE_GTP_COMMAND_LINE_H_
#define LIFELINE_GTP_COMMAND_LINE_H_

#include <cstddef>
#include <istream>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace lifeline {

// The longest input line the engine reads whole. Longer lines are answered with an error
// instead of being buffered without bound.
inline constexpr size_t kMaxLineLength = 64 * 1024;

// One input line after GTP preprocessing, split into its parts. The id is kept as the digits
// the controller sent, so that it is echoed exactly.
struct CommandLine {
  std::string id;  // empty when the line had none
  std::string name;
  std::vector<std::string> args;
};

// Applies GTP 2's preprocessing to a raw line: drops control characters other than tab (the
// line's own newline included), turns tabs into spaces, cuts a '#' comment and trims spaces.
std::string Preprocess(absl::string_view raw);

// Splits a preprocessed line. Returns nullopt for a line with nothing left (GTP ignores it
// and sends no answer). A line of digits alone yields an id and an empty name.
std::optional<CommandLine> SplitCommandLine(absl::string_view preprocessed);

// Reads one line (without its newline) into `line`, keeping at most kMaxLineLength bytes and
// discarding the rest. Returns false at end of input with nothing read; sets `too_long` when
// bytes were discarded.
bool ReadBoundedLine(std::istream& in, std::string& line, bool& too_long);

}  // namespace lifeline

#endif  // LIFELINE_GTP_COMMAND_LINE_H_
