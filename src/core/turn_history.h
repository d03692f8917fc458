#ifndef LIFELINE_CORE_TURN_HISTORY_H_
#define LIFELINE_CORE_TURN_HISTORY_H_

#include <cstddef>
#include <optional>
#include <vector>

#include "core/bitset.h"
#include "core/color.h"
#include "core/game.h"
#include "core/move.h"

namespace lifeline {

// What a stretch of a game's moves did: who played, the stones placed (in the order played)
// and the stones removed of each colour. Front ends mark the last turn with it.
struct PlayedSpan {
  Color color = Color::kBlack;
  // The moves as one action: a double turn entered stone by stone is joined into its kPair.
  Move move;
  std::vector<Cell> placed;
  Bitset removed[2];  // indexed by Index(Color)
};

// A game's moves read as turns. A double turn may be entered stone by stone: its first stone
// is then a move of its own that leaves a pending stone, and the turn is complete only with
// the second. It reads the game's positions and never plays anything.
class TurnHistory {
 public:
  // Reads `game`, which must outlive it.
  explicit TurnHistory(const Game& game) : game_(game) {}
  explicit TurnHistory(Game&&) = delete;

  // Turns completed so far (a pending first stone is not one yet).
  int CompletedTurns() const;
  // The last move of the game (one stone of a pair entered stone by stone is a move of its
  // own), or nullopt at the start.
  std::optional<PlayedSpan> LastMove() const;
  // The last completed turn, both stones of a double turn entered stone by stone together;
  // while a first stone is pending, the turn before it. Nullopt when no turn is complete.
  std::optional<PlayedSpan> LastTurn() const;

 private:
  // Whether moves()[i] left a first stone waiting for its partner.
  bool LeftPending(size_t i) const;
  PlayedSpan Span(size_t begin, size_t end) const;

  const Game& game_;
};

}  // namespace lifeline

#endif  // LIFELINE_CORE_TURN_HISTORY_H_
