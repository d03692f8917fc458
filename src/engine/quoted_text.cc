#include "engine/quoted_text.h"

#include <cstddef>

namespace lifeline {

std::string QuoteForMessage(absl::string_view text) {
  constexpr size_t kMaxQuoted = 40;
  std::string quoted;
  for (char ch : text.substr(0, kMaxQuoted)) {
    const unsigned char c = static_cast<unsigned char>(ch);
    quoted.push_back(c >= 0x20 && c < 0x7f ? ch : '?');
  }
  if (text.size() > kMaxQuoted) quoted += "...";
  return quoted;
}

}  // namespace lifeline
