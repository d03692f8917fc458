#ifndef LIFELINE_GTP_MOVE_TOKEN_H_
#define LIFELINE_GTP_MOVE_TOKEN_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/move.h"
#include "core/move_error.h"
#include "core/position.h"

namespace lifeline {

// Reads a move token of the protocol ("D4", "C3,E5", "swap", "pass", any case) for
// `position`. With `pass_means_swap` (GoGui's dialect, whose only non-placement button is
// pass), "pass" is the swap wherever the swap is legal. Errors carry the GTP phrase:
// "syntax error: malformed move ..." or "illegal move: off board" / "same cell twice".
absl::StatusOr<Move> ReadMoveToken(const Position& position, absl::string_view token,
                                   bool pass_means_swap);

// The reason an answer gives for `error` ("occupied", "wrong color", ...), as section 2 of
// protocol/lifeline-gtp.md lists them; they are the core's names for the reasons.
const char* IllegalMoveReason(MoveError error);
// "illegal move: <reason>".
absl::Status IllegalMoveError(MoveError error);

// The token an answer gives for `move`; in GoGui's dialect the swap reads "pass".
std::string MoveToken(const Geometry& geometry, const Move& move, bool pass_means_swap);

}  // namespace lifeline

#endif  // LIFELINE_GTP_MOVE_TOKEN_H_
