#include "gtp/move_token.h"

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "engine/quoted_text.h"
#include "gtp/arguments.h"
#include "gtp/command_line.h"

namespace lifeline {

absl::StatusOr<Move> ReadMoveToken(const Position& position, absl::string_view token,
                                   bool pass_means_swap) {
  if (pass_means_swap && absl::EqualsIgnoreCase(token, "pass") && position.CanSwap()) {
    return Move::Swap();
  }
  const Reading<Move> move = ReadMove(position.geometry(), token);
  if (move.ok()) return move.value;
  if (*move.error == MoveError::kMalformed) {
    return SyntaxError(absl::StrCat("malformed move ", QuoteForMessage(token)));
  }
  return IllegalMoveError(*move.error);
}

const char* IllegalMoveReason(MoveError error) { return MoveErrorName(error); }

absl::Status IllegalMoveError(MoveError error) { return IllegalMove(IllegalMoveReason(error)); }

std::string MoveToken(const Geometry& geometry, const Move& move, bool pass_means_swap) {
  if (pass_means_swap && move.kind == Move::Kind::kSwap) return "pass";
  return MoveToString(geometry, move);
}

}  // namespace lifeline
