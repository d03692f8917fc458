#ifndef LIFELINE_ENGINE_QUOTED_TEXT_H_
#define LIFELINE_ENGINE_QUOTED_TEXT_H_

#include <string>

#include "absl/strings/string_view.h"

namespace lifeline {

// Makes user text safe to quote in an error message: printable ASCII is kept, any other byte
// becomes '?', and text over a few dozen characters is shortened with "...". A message can
// then never hold an empty line (which would end a protocol answer early) nor bytes that a
// front end cannot decode.
std::string QuoteForMessage(absl::string_view text);

}  // namespace lifeline

#endif  // LIFELINE_ENGINE_QUOTED_TEXT_H_
