#ifndef LIFELINE_SEARCH_TACTICS_H_
#define LIFELINE_SEARCH_TACTICS_H_

#include "core/board.h"
#include "core/color.h"
#include "core/geometry.h"
#include "core/position.h"

namespace lifeline {

// Small Lifeline tactics shared by the priors and the playout policy: what one stone would
// capture, for either side. A stone can only split a region, and so kill, where the region's
// cells around it form two or more separate runs in its ring of six neighbours, and it can
// only kill its own group where it joins two or more runs of own stones; most cells fail
// both tests, which read six bits. The rest are judged by playing the stone on a copy of the
// board. None of this is a rule: the search only uses it as advice.

// True when Board::PlaceFast is exact for every single placement of `position`: a single
// stone is placed and every group is alive. Only the first turn after the four setup stones
// of weak and komi pie (which are never judged) can start with a dead group.
bool SinglePlacementsAreFast(const Position& position);

// The stones each side would lose if `color` placed on `c`. Requires that `color` could
// legally place there (a path of empty or own cells reaches an own stone; being next to an
// own stone is enough) and that every group is alive.
PlacementEffect TryPlacement(const Board& board, Color color, Cell c);

// Separate runs, around `c`, of cells that are empty or hold `color` (the pieces of
// `color`'s region that a stone of the other colour on `c` could split apart).
int OpenRuns(const Board& board, Cell c, Color color);
// Separate runs of `color` stones around `c` (the groups a stone of `color` on `c` joins).
int StoneRuns(const Board& board, Cell c, Color color);

// `color` on `c` captures enemy stones. Same requirements as TryPlacement.
bool WouldKill(const Board& board, Color color, Cell c);
// `color` on `c` loses own stones and captures nothing: it only kills its own group.
bool WouldKillOnlyOwn(const Board& board, Color color, Cell c);

inline bool Touches(const Board& board, Cell c, Color color) {
  return board.geometry().NeighborSet(c).Intersects(board.stones(color));
}

}  // namespace lifeline

#endif  // LIFELINE_SEARCH_TACTICS_H_
