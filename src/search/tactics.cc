#include "search/tactics.h"

#include "core/ring_runs.h"

namespace lifeline {

bool SinglePlacementsAreFast(const Position& position) {
  return !position.IsDoubleTurn() && !position.IsSetupTurn() && position.all_groups_alive();
}

PlacementEffect TryPlacement(const Board& board, Color color, Cell c) {
  Board copy = board;
  return copy.PlaceFast(color, c);
}

int OpenRuns(const Board& board, Cell c, Color color) {
  const Geometry& geometry = board.geometry();
  return RingRuns(RingMask(geometry, c, geometry.cells()) &
                  ~RingMask(geometry, c, board.stones(Opponent(color))));
}

int StoneRuns(const Board& board, Cell c, Color color) {
  return RingRuns(RingMask(board.geometry(), c, board.stones(color)));
}

bool WouldKill(const Board& board, Color color, Cell c) {
  if (OpenRuns(board, c, Opponent(color)) < 2) return false;
  return TryPlacement(board, color, c).removed[Index(Opponent(color))] > 0;
}

bool WouldKillOnlyOwn(const Board& board, Color color, Cell c) {
  if (StoneRuns(board, c, color) < 2) return false;
  const PlacementEffect effect = TryPlacement(board, color, c);
  return effect.removed[Index(color)] > 0 && effect.removed[Index(Opponent(color))] == 0;
}

}  // namespace lifeline
