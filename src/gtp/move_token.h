#ifndef LIFELINE_GTP_MOVE_TOKEN_H_
#define LIFELINE_GTP_MOVE_TOKEN_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "core/color.h"
#include "core/move.h"
#include "core/position.h"

namespace lifeline {

// Reads a move token of the protocol ("D4", "C3,E5", "swap", "pass", any case) for
// `position`. With `pass_means_swap` (GoGui mode, whose only non-placement button is pass),
// "pass" is the swap wherever the swap is legal. Errors carry the GTP phrase:
// "syntax error: malformed move ..." or "illegal move: off board".
absl::StatusOr<Move> ParseMoveToken(const Position& position, absl::string_view token,
                                    bool pass_means_swap);

// OK when `color` may play `move` now; otherwise "illegal move: <reason>", the reason being
// "game over", "wrong color" or the core's reason word.
absl::Status CheckPlay(const Position& position, Color color, const Move& move);

// The token an answer gives for `move`; in GoGui mode the swap reads "pass".
std::string MoveToken(const Geometry& geometry, const Move& move, bool pass_means_swap);

}  // namespace lifeline

#endif  // LIFELINE_GTP_MOVE_TOKEN_H_
