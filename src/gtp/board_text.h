#ifndef LIFELINE_GTP_BOARD_TEXT_H_
#define LIFELINE_GTP_BOARD_TEXT_H_

#include <string>

#include "core/board.h"
#include "core/position.h"
#include "gtp/color_view.h"

namespace lifeline {

// The board as gogui-rules_board wants it: 2N-1 lines, top row first, one token per column
// of the (2N-1)-wide array separated by spaces: 'X' black, 'O' white, '.' empty, '?' no cell,
// in the colours `view` shows.
std::string GoGuiBoardText(const Board& board, const ColorView& view);

// The board for a person at a terminal (showboard): the hexagon with the name of each row's
// first cell on its left, then a line saying whose turn it is and how the game stands, in the
// colours `view` shows (with a line saying so when they are exchanged).
std::string ShowBoardText(const Position& position, const ColorView& view);

}  // namespace lifeline

#endif  // LIFELINE_GTP_BOARD_TEXT_H_
