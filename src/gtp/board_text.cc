#include "gtp/board_text.h"

#include <algorithm>
#include <cstdlib>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/notation.h"

namespace lifeline {
namespace {

char CellChar(const Board& board, Cell c, const ColorView& view) {
  for (const Color color : {Color::kBlack, Color::kWhite}) {
    if (board.HasStone(c, color)) return view.Shown(color) == Color::kBlack ? 'X' : 'O';
  }
  return '.';
}

std::string StatusLine(const Position& position, const ColorView& view) {
  const char* mover = view.ShownTitle(position.to_move());
  if (position.IsOver()) {
    return absl::StrCat("game over: ", view.ShownTitle(position.winner()), " wins, ", mover,
                        " has no legal action");
  }
  std::string line = absl::StrCat(mover, " to move, ", position.stones_to_place(),
                                  position.stones_to_place() == 1 ? " stone" : " stones", ", ",
                                  PhaseName(position.phase()));
  if (position.pending_stone() != kNoCell) {
    absl::StrAppend(&line, ", first stone ",
                    CellName(position.geometry(), position.pending_stone()));
  }
  if (position.rules().balancing == Balancing::kKomiPie) {
    absl::StrAppend(&line, ", komi left ", position.komi_left());
  }
  absl::StrAppend(&line, "; removed: black ", position.captured(view.Rules(Color::kBlack)),
                  ", white ", position.captured(view.Rules(Color::kWhite)));
  return line;
}

}  // namespace

std::string GoGuiBoardText(const Board& board, const ColorView& view) {
  const Geometry& geometry = board.geometry();
  const int diameter = geometry.diameter();
  std::string text;
  for (int y = diameter - 1; y >= 0; --y) {
    for (int x = 0; x < diameter; ++x) {
      text += geometry.IsCell(x, y) ? CellChar(board, geometry.CellAt(x, y), view) : '?';
      text += x + 1 < diameter ? ' ' : '\n';
    }
  }
  text.pop_back();
  return text;
}

std::string ShowBoardText(const Position& position, const ColorView& view) {
  const Board& board = position.board();
  const Geometry& geometry = position.geometry();
  const int last = geometry.base() - 1;
  std::string text;
  for (int y = geometry.diameter() - 1; y >= 0; --y) {
    const int x_first = std::max(0, y - last);
    const int x_end = std::min(geometry.diameter(), y + last + 1);
    absl::StrAppend(&text,
                    absl::StrFormat("%4s  ", CellName(geometry, geometry.CellAt(x_first, y))),
                    std::string(std::abs(y - last), ' '));
    for (int x = x_first; x < x_end; ++x) {
      text += CellChar(board, geometry.CellAt(x, y), view);
      text += x + 1 < x_end ? ' ' : '\n';
    }
  }
  if (view.exchanged()) text += "colours as GoGui shows them: exchanged since the swap\n";
  return text + StatusLine(position, view);
}

}  // namespace lifeline
