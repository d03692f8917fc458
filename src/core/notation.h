#ifndef LIFELINE_CORE_NOTATION_H_
#define LIFELINE_CORE_NOTATION_H_

#include <string>

#include "absl/strings/string_view.h"
#include "core/geometry.h"
#include "core/move_error.h"

namespace lifeline {

// Cell names as in docs/rules.md: a column letter (A, B, ... skipping I) and a row number from 1,
// e.g. "G7". Parsing is case-insensitive; names are written in upper case.

// The column letters in order: as in Go, I is skipped, so that it is never read as J or 1.
// They name the 25 columns of the widest board (base 13).
inline constexpr char kColumnLetters[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

// The column letter of column index x (0 -> 'A', 8 -> 'J').
char ColumnLetter(int x);

std::string CellName(const Geometry& geometry, Cell cell);

// Reads a cell name: the cell, or kMalformed for text that is no cell name at all and
// kOffBoard for a well-formed name outside this board.
Reading<Cell> ReadCell(const Geometry& geometry, absl::string_view text);

}  // namespace lifeline

#endif  // LIFELINE_CORE_NOTATION_H_
