#ifndef LIFELINE_GTP_BOARD_TEXT_H_
#define LIFELINE_GTP_BOARD_TEXT_H_

#include <string>

#include "core/board.h"
#include "core/position.h"

namespace lifeline {

// The board as gogui-rules_board wants it: 2N-1 lines, top row first, one token per column
// of the (2N-1)-wide array separated by spaces: 'X' black, 'O' white, '.' empty, '?' no cell.
std::string GoGuiBoardText(const Board& board);

// The board for a person at a terminal (showboard): the hexagon with the name of each row's
// first cell on its left, then a line saying whose turn it is and how the game stands.
std::string ShowBoardText(const Position& position);

}  // namespace lifeline

#endif  // LIFELINE_GTP_BOARD_TEXT_H_
