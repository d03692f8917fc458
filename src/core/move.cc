#include "core/move.h"

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "core/notation.h"

namespace lifeline {

std::string MoveToString(const Geometry& geometry, const Move& move) {
  switch (move.kind) {
    case Move::Kind::kPlace:
      return CellName(geometry, move.first);
    case Move::Kind::kPair:
      return absl::StrCat(CellName(geometry, move.first), ",", CellName(geometry, move.second));
    case Move::Kind::kSwap:
      return "swap";
    case Move::Kind::kSpendKomi:
      return "pass";
  }
  return "?";
}

absl::StatusOr<Move> ParseMove(const Geometry& geometry, absl::string_view text) {
  const std::string lower = absl::AsciiStrToLower(text);
  if (lower == "swap") return Move::Swap();
  if (lower == "pass") return Move::SpendKomi();
  const size_t comma = text.find(',');
  if (comma == absl::string_view::npos) {
    absl::StatusOr<Cell> cell = ParseCell(geometry, text);
    if (!cell.ok()) return cell.status();
    return Move::Place(*cell);
  }
  absl::StatusOr<Cell> a = ParseCell(geometry, text.substr(0, comma));
  if (!a.ok()) return a.status();
  absl::StatusOr<Cell> b = ParseCell(geometry, text.substr(comma + 1));
  if (!b.ok()) return b.status();
  if (*a == *b) {
    return absl::InvalidArgumentError(absl::StrCat("same cell twice in \"", text, "\""));
  }
  return Move::Pair(*a, *b);
}

}  // namespace lifeline
