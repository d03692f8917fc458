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

Reading<Move> ReadMove(const Geometry& geometry, absl::string_view text) {
  const std::string lower = absl::AsciiStrToLower(text);
  if (lower == "swap") return {Move::Swap(), std::nullopt};
  if (lower == "pass") return {Move::SpendKomi(), std::nullopt};
  const size_t comma = text.find(',');
  if (comma == absl::string_view::npos) {
    const Reading<Cell> cell = ReadCell(geometry, text);
    if (!cell.ok()) return {Move(), cell.error};
    return {Move::Place(cell.value), std::nullopt};
  }
  const Reading<Cell> a = ReadCell(geometry, text.substr(0, comma));
  if (!a.ok()) return {Move(), a.error};
  const Reading<Cell> b = ReadCell(geometry, text.substr(comma + 1));
  if (!b.ok()) return {Move(), b.error};
  if (a.value == b.value) return {Move(), MoveError::kSameCell};
  return {Move::Pair(a.value, b.value), std::nullopt};
}

}  // namespace lifeline
