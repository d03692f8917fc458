#include "search/tactics.h"

#include "core/board_width.h"
#include "core/ring_runs.h"

namespace lifeline {

template <int W>
PlacementEffect TryPlacement(const BasicBoard<W>& board, Color color, Cell c) {
  BasicBoard<W> copy = board;
  return copy.PlaceFast(color, c);
}

template <int W>
int OpenRuns(const BasicBoard<W>& board, Cell c, Color color) {
  const Geometry& geometry = board.geometry();
  return RingRuns(RingMask(geometry, c, geometry.cells<W>()) &
                  ~RingMask(geometry, c, board.stones(Opponent(color))));
}

template <int W>
int StoneRuns(const BasicBoard<W>& board, Cell c, Color color) {
  return RingRuns(RingMask(board.geometry(), c, board.stones(color)));
}

template <int W>
bool WouldKill(const BasicBoard<W>& board, Color color, Cell c) {
  if (OpenRuns(board, c, Opponent(color)) < 2) return false;
  return TryPlacement(board, color, c).removed[Index(Opponent(color))] > 0;
}

template <int W>
bool WouldKillOnlyOwn(const BasicBoard<W>& board, Color color, Cell c) {
  if (StoneRuns(board, c, color) < 2) return false;
  const PlacementEffect effect = TryPlacement(board, color, c);
  return effect.removed[Index(color)] > 0 && effect.removed[Index(Opponent(color))] == 0;
}

#define LL_INSTANTIATE(w)                                                         \
  template PlacementEffect TryPlacement(const BasicBoard<w>& board, Color, Cell); \
  template int OpenRuns(const BasicBoard<w>& board, Cell, Color);                 \
  template int StoneRuns(const BasicBoard<w>& board, Cell, Color);                \
  template bool WouldKill(const BasicBoard<w>& board, Color, Cell);               \
  template bool WouldKillOnlyOwn(const BasicBoard<w>& board, Color, Cell);
LL_FOR_EACH_BOARD_WIDTH(LL_INSTANTIATE)
#undef LL_INSTANTIATE

}  // namespace lifeline
