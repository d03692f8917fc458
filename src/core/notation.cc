#include "core/notation.h"

#include <cctype>

#include "absl/strings/str_cat.h"
#include "core/check.h"

namespace lifeline {
namespace {

// Column index of a letter, or -1; 'I' is not a column letter.
int ColumnIndex(char letter) {
  const char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(letter)));
  const absl::string_view letters(kColumnLetters);
  const size_t index = letters.find(upper);
  return index == absl::string_view::npos ? -1 : static_cast<int>(index);
}

}  // namespace

char ColumnLetter(int x) {
  LL_CHECK(x >= 0 && x < static_cast<int>(sizeof(kColumnLetters)) - 1);
  return kColumnLetters[x];
}

std::string CellName(const Geometry& geometry, Cell cell) {
  return absl::StrCat(std::string(1, ColumnLetter(geometry.X(cell))), geometry.Y(cell) + 1);
}

Reading<Cell> ReadCell(const Geometry& geometry, absl::string_view text) {
  const Reading<Cell> malformed{kNoCell, MoveError::kMalformed};
  if (text.size() < 2 || text.size() > 3) return malformed;
  const int x = ColumnIndex(text[0]);
  if (x < 0) return malformed;
  int row = 0;
  for (char digit : text.substr(1)) {
    if (digit < '0' || digit > '9') return malformed;
    row = row * 10 + (digit - '0');
  }
  if (text[1] == '0') return malformed;
  const int y = row - 1;
  if (!geometry.IsCell(x, y)) return {kNoCell, MoveError::kOffBoard};
  return {geometry.CellAt(x, y), std::nullopt};
}

}  // namespace lifeline
