#include "core/move_error.h"

namespace lifeline {

const char* MoveErrorName(MoveError error) {
  switch (error) {
    case MoveError::kMalformed:
      return "malformed";
    case MoveError::kOffBoard:
      return "off board";
    case MoveError::kSameCell:
      return "same cell twice";
    case MoveError::kGameOver:
      return "game over";
    case MoveError::kWrongColor:
      return "wrong color";
    case MoveError::kOccupied:
      return "occupied";
    case MoveError::kAdjacent:
      return "adjacent";
    case MoveError::kNoEffect:
      return "no effect";
    case MoveError::kSwapNotAllowed:
      return "swap not allowed";
    case MoveError::kPassNotAllowed:
      return "pass not allowed";
    case MoveError::kNoKomi:
      return "no komi";
    case MoveError::kNotDoubleTurn:
      return "not a double turn";
    case MoveError::kDoubleTurnStarted:
      return "double turn already started";
  }
  return "?";
}

}  // namespace lifeline
