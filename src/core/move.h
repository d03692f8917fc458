#ifndef LIFELINE_CORE_MOVE_H_
#define LIFELINE_CORE_MOVE_H_

#include <string>

#include "absl/strings/string_view.h"
#include "core/geometry.h"
#include "core/move_error.h"

namespace lifeline {

// One action of the side to move. A double turn is either one kPair or two kPlace moves (the
// first stone, then its partner); swap and komi spending are actions without a stone.
struct Move {
  enum class Kind : uint8_t { kPlace, kPair, kSwap, kSpendKomi };

  Kind kind = Kind::kPlace;
  Cell first = kNoCell;
  Cell second = kNoCell;  // kPair only; first < second

  static Move Place(Cell c) { return Move{Kind::kPlace, c, kNoCell}; }
  static Move Pair(Cell a, Cell b) {
    return a < b ? Move{Kind::kPair, a, b} : Move{Kind::kPair, b, a};
  }
  static Move Swap() { return Move{Kind::kSwap, kNoCell, kNoCell}; }
  static Move SpendKomi() { return Move{Kind::kSpendKomi, kNoCell, kNoCell}; }

  friend bool operator==(const Move&, const Move&) = default;
};

// "D4", "C3,E5", "swap", "pass" (spending komi).
std::string MoveToString(const Geometry& geometry, const Move& move);

// Reads the forms MoveToString writes, case-insensitively: the move, or kMalformed, kOffBoard
// (a well-formed cell outside the board; it wins over a malformed partner only when it comes
// first) or kSameCell.
Reading<Move> ReadMove(const Geometry& geometry, absl::string_view text);

}  // namespace lifeline

#endif  // LIFELINE_CORE_MOVE_H_
