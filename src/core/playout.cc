#include "core/playout.h"

namespace lifeline {

PlayoutResult RandomPlayout(Position position, Rng& rng) {
  PlayoutResult result;
  const int max_actions = kMaxPlayoutActionsPerCell * position.geometry().num_cells();
  while (result.actions < max_actions) {
    const std::optional<Move> move = position.RandomMove(rng);
    if (!move) break;
    position.Play(*move);
    ++result.actions;
  }
  result.truncated = result.actions >= max_actions;
  result.winner = Opponent(position.to_move());
  return result;
}

}  // namespace lifeline
