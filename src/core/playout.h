#ifndef LIFELINE_CORE_PLAYOUT_H_
#define LIFELINE_CORE_PLAYOUT_H_

#include <cstdint>
#include <optional>

#include "core/move.h"
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
// Keeps the board's index from move to move (BasicBoardIndex: legal cells and groups), so that
// a draw is judged without a flood and a placement floods less.
// Runs on the position sized to its base (board_width.h); the width changes the speed only,
// not a single random draw, so the result is the same as on the full width.
PlayoutResult RandomPlayout(Position position, Rng& rng);

// The same playout at width W, which must hold the geometry's words.
template <int W>
PlayoutResult RandomPlayout(BasicPosition<W> position, Rng& rng) {
  PlayoutResult result;
  const int max_actions = kMaxPlayoutActionsPerCell * position.geometry().num_cells();
  BasicGroupIndex<W> groups;
  BasicBoardIndex<W> index = position.board().MakeIndex(PlayoutGroups(groups));
  while (result.actions < max_actions) {
    const std::optional<Move> move = position.RandomMove(rng, index.legal);
    if (!move) break;
    position.Play(*move, index);
    ++result.actions;
  }
  result.truncated = result.actions >= max_actions;
  result.winner = Opponent(position.to_move());
  return result;
}

}  // namespace lifeline

#endif  // LIFELINE_CORE_PLAYOUT_H_
