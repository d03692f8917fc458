#ifndef LIFELINE_CORE_MOVE_ERROR_H_
#define LIFELINE_CORE_MOVE_ERROR_H_

#include <cstdint>
#include <optional>

namespace lifeline {

// Why a text is no move, or why a move cannot be played now. The core decides the reason and
// front ends choose the words, so no code ever branches on the wording of a message.
enum class MoveError : uint8_t {
  kMalformed,          // the text names no cell, pair, swap or pass
  kOffBoard,           // a well-formed cell name outside this board
  kSameCell,           // a pair naming one cell twice
  kGameOver,           // the side to move has no legal action
  kWrongColor,         // the mover is not the side to move
  kOccupied,           // a stone on a cell that is not empty
  kAdjacent,           // a second setup stone next to the same player's first one
  kNoEffect,           // the placement would leave the board unchanged
  kSwapNotAllowed,     // a swap other than on White's first turn under strong or weak pie
  kPassNotAllowed,     // komi spending where the rules have none
  kNoKomi,             // komi spending with no komi left
  kNotDoubleTurn,      // a pair on a single-stone turn
  kDoubleTurnStarted,  // a pair after the first stone of the double turn
};

// A short name for diagnostics and test output ("no effect"); front ends keep their own words.
const char* MoveErrorName(MoveError error);

// What reading a cell or move name gives: the value, or why the text names none (kMalformed,
// kOffBoard or kSameCell).
template <typename T>
struct Reading {
  T value{};
  std::optional<MoveError> error;

  bool ok() const { return !error.has_value(); }
};

}  // namespace lifeline

#endif  // LIFELINE_CORE_MOVE_ERROR_H_
