#include "gtp/command_line.h"

#include <algorithm>

#include "absl/strings/ascii.h"
#include "absl/strings/str_split.h"

namespace lifeline {
namespace {

bool IsControl(unsigned char c) { return c < 0x20 || c == 0x7f; }

}  // namespace

std::string Preprocess(absl::string_view raw) {
  std::string line;
  line.reserve(raw.size());
  for (char ch : raw) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c == '#') break;
    if (c == '\t') {
      line.push_back(' ');
    } else if (!IsControl(c)) {
      line.push_back(ch);
    }
  }
  return std::string(absl::StripAsciiWhitespace(line));
}

std::optional<CommandLine> SplitCommandLine(absl::string_view preprocessed) {
  std::vector<std::string> words = absl::StrSplit(preprocessed, ' ', absl::SkipEmpty());
  if (words.empty()) return std::nullopt;
  CommandLine command;
  size_t next = 0;
  const std::string& first = words[0];
  if (std::all_of(first.begin(), first.end(), [](char c) { return absl::ascii_isdigit(c); })) {
    command.id = first;
    next = 1;
  }
  if (next < words.size()) command.name = words[next++];
  command.args.assign(words.begin() + static_cast<std::ptrdiff_t>(next), words.end());
  return command;
}

bool ReadBoundedLine(std::istream& in, std::string& line, bool& too_long) {
  line.clear();
  too_long = false;
  bool read_any = false;
  for (int c = in.get(); c != std::char_traits<char>::eof(); c = in.get()) {
    read_any = true;
    if (c == '\n') return true;
    if (line.size() < kMaxLineLength) {
      line.push_back(static_cast<char>(c));
    } else {
      too_long = true;
    }
  }
  return read_any;
}

}  // namespace lifeline
