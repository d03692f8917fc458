#ifndef LIFELINE_CORE_PLAYOUT_H_
#define LIFELINE_CORE_PLAYOUT_H_

#include <cstdint>

#include "core/position.h"
#include "core/random.h"

namespace lifeline {

struct PlayoutResult {
  Color winner = Color::kBlack;
  int actions = 0;  // actions played
  // True when the game was cut at kMaxPlayoutActions (never seen; it guards against a game that
  // does not end): `winner` is then the side that moved last.
  bool truncated = false;
};

// Actions per playout after which a playout stops, per cell of the board.
inline constexpr int kMaxPlayoutActionsPerCell = 50;

// Plays uniformly random legal actions (Position::RandomMove) from `position` to the end of the
// game and returns the winner. The unit of work of Monte Carlo search and of the benchmark.
PlayoutResult RandomPlayout(Position position, Rng& rng);

}  // namespace lifeline

#endif  // LIFELINE_CORE_PLAYOUT_H_
