#include "gtp/move_token.h"

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gtp/arguments.h"
#include "gtp/command_line.h"

namespace lifeline {

absl::StatusOr<Move> ParseMoveToken(const Position& position, absl::string_view token,
                                    bool pass_means_swap) {
  if (pass_means_swap && absl::EqualsIgnoreCase(token, "pass") && position.CanSwap()) {
    return Move::Swap();
  }
  absl::StatusOr<Move> move = ParseMove(position.geometry(), token);
  if (move.ok()) return move;
  // The core's wording may quote raw input; the protocol answers in its own stable words.
  const absl::string_view reason = move.status().message();
  if (absl::StartsWith(reason, "off board")) return IllegalMove("off board");
  if (absl::StartsWith(reason, "same cell")) return IllegalMove("same cell twice");
  return SyntaxError(absl::StrCat("malformed move ", QuoteForAnswer(token)));
}

absl::Status CheckPlay(const Position& position, Color color, const Move& move) {
  if (position.IsOver()) return IllegalMove("game over");
  if (color != position.to_move()) return IllegalMove("wrong color");
  const absl::Status status = position.CheckMove(move);
  if (status.ok()) return status;
  return IllegalMove(status.message());
}

std::string MoveToken(const Geometry& geometry, const Move& move, bool pass_means_swap) {
  if (pass_means_swap && move.kind == Move::Kind::kSwap) return "pass";
  return MoveToString(geometry, move);
}

}  // namespace lifeline
