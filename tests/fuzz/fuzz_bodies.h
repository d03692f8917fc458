#ifndef LIFELINE_TESTS_FUZZ_FUZZ_BODIES_H_
#define LIFELINE_TESTS_FUZZ_FUZZ_BODIES_H_

#include <string>

#include "absl/strings/string_view.h"

namespace lifeline {

// The bodies of the fuzz targets, shared by the libFuzzer entry points and by the unit tests
// that replay the kept inputs. Each returns an empty string when every invariant held, or a
// description of the first one broken.

// Runs a whole session with `input` as its standard input and checks the answers' framing:
// each starts with '=' or '?', an optional id and a space, and ends with one empty line.
std::string CheckSessionInput(absl::string_view input);

// Feeds `input` to the move-token parser (the first byte picks a base and rules, the rest is
// the token) and to the game-record reader, and checks that a parsed move prints back to a
// token that parses to the same move.
std::string CheckMoveInput(absl::string_view input);

}  // namespace lifeline

#endif  // LIFELINE_TESTS_FUZZ_FUZZ_BODIES_H_
